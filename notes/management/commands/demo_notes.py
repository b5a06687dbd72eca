"""A demo note (run after `demo`): alice keeps one on the first game she plays in progress, so that
its first line shows in My games and the note beside the board."""
from __future__ import annotations

from django.core.management.base import BaseCommand

from games.models import Game
from notes import services
from notes.models import Note

TEXT = "Keep the red pieces back until the others show their plan.\nAsk bob about the rule on ties."


class Command(BaseCommand):
    help = "Keep the demo note, once: alice's note on her first game in progress."

    def handle(self, *args, **options):
        if Note.objects.exists():
            self.stdout.write("The demo note exists already.")
            return
        game = (Game.objects.filter(status=Game.Status.ACTIVE, seats__user__username="alice", seats__bot_account=False)
                .order_by("pk").first())
        if game is None:
            self.stdout.write("alice plays no game: no demo note.")
            return
        alice = game.seats.get(user__username="alice").user
        services.keep_note(alice, game.pk, TEXT)
        self.stdout.write(self.style.SUCCESS(f"Note: alice keeps one on game #{game.pk}."))
