"""A demo conversation (run after `demo`): alice and bob write each other, and bob's last message
waits unread, so that alice finds the count beside Messages in the menu."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.test import override_settings

from letters import services
from letters.models import Conversation

LINES = [
    ("alice", "Good game yesterday! Your last move in Andromeda Escape took me by surprise."),
    ("bob", "Thanks! I nearly missed it myself.\nShall we try Argo next?"),
    ("alice", "Gladly. I will open one this evening."),
    ("bob", "Great, I will join as soon as I see it."),
]


class Command(BaseCommand):
    help = "Write the demo conversation, once: alice and bob, bob's last message unread."

    def handle(self, *args, **options):
        users = {u.username: u for u in get_user_model().objects.filter(username__in=["alice", "bob"])}
        if len(users) < 2:
            self.stdout.write("No alice and bob (run `manage.py demo` first): no demo conversation.")
            return
        if Conversation.objects.filter(low__in=users.values(), high__in=users.values()).exists():
            self.stdout.write("The demo conversation exists already.")
            return
        # The demo's emails go nowhere, whatever backend the site is set to.
        with override_settings(EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend"):
            for author, text in LINES:
                other = "bob" if author == "alice" else "alice"
                services.send(users[author], other, text)
        self.stdout.write(self.style.SUCCESS("Messages: alice and bob wrote each other; bob's last is unread."))
