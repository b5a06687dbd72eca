"""The demo ladder (run after the games app's `demo`): the first game of the registry, with alice,
bob, carol and dave in that order, one challenge played out and one open. The games are played by
the greedy bot in the players' names, through the same services as any game."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.test import override_settings

from games import rules
from games.management.commands.demo import play
from games.rules.base import LONGEST_GAME

from ... import services
from ...models import Challenge, Ladder

PLAYERS = ("alice", "bob", "carol", "dave")
MOVES_INTO_THE_OPEN_GAME = 6


class Command(BaseCommand):
    help = "Create the demo ladder, once: four players, a challenge played out, one in progress."

    def handle(self, *args, **options):
        users = {u.username: u for u in get_user_model().objects.filter(username__in=PLAYERS)}
        if len(users) < len(PLAYERS):
            raise CommandError("the demo users are missing: run `manage.py demo` first")
        if Ladder.objects.exists():
            self.stdout.write("The demo ladder exists already.")
            return
        game = rules.names()[0]
        ladder = Ladder.objects.create(game=game, title=f"{rules.title(game, 'en')} ladder", hours_per_move=72)
        for name in PLAYERS:
            services.join(users[name], ladder.pk)
        # The demo's turn emails would bury the console's useful lines.
        with override_settings(EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend"):
            played = services.challenge(users["dave"], ladder.pk, "bob")
            play(played.game_id, LONGEST_GAME, finish=True)
            services.sweep()  # its task decided it after the commit; inside an outer transaction this does
            running = services.challenge(users["carol"], ladder.pk, "alice")
            play(running.game_id, MOVES_INTO_THE_OPEN_GAME)
        result = Challenge.objects.get(pk=played.pk).get_result_display()
        order = ", ".join(r.user.username for r in ladder.rungs.select_related("user"))
        self.stdout.write(self.style.SUCCESS(
            f"Ladder: {ladder.title} #{ladder.pk}: dave challenged bob ({result}); carol's challenge of alice "
            f"is in progress. Places: {order}."))
