"""Demo tournaments over the demo users (run after the games app's `demo`): a finished round robin,
a Swiss in its second round, and one open for sign-up. Their games are played by the greedy bot in
the players' names, through the same services as any game, so the standings are real."""
from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.test import override_settings
from django.utils import timezone

from games import rules
from games.management.commands.demo import play
from games.models import Game
from games.rules.base import LONGEST_GAME

from ... import services
from ...models import Table, Tournament

PLAYERS = ("alice", "bob", "carol", "dave")
MOVES_INTO_THE_RUNNING_ROUND = 6


class Command(BaseCommand):
    help = "Create the demo tournaments, once: a finished round robin, a running Swiss, an open one."

    def handle(self, *args, **options):
        users = {u.username: u for u in get_user_model().objects.filter(username__in=PLAYERS)}
        if len(users) < len(PLAYERS):
            raise CommandError("the demo users are missing: run `manage.py demo` first")
        if Tournament.objects.exists():
            self.stdout.write("Demo tournaments exist already.")
            return
        shortest = self._shortest_game()
        # The demo's many turn and round emails would bury the console's useful lines.
        with override_settings(EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend"):
            finished = self._round_robin(users, shortest)
            running = self._swiss(users, shortest)
        open_one = services.create_tournament(
            users["dave"], title="Winter Swiss", game=rules.names()[-1], format="swiss", seats=2, rounds=4,
            signup_closes=timezone.now() + timedelta(days=7))
        services.sign_up(users["dave"], open_one.pk)
        self.stdout.write(self.style.SUCCESS(
            f"Tournaments: {finished.title} #{finished.pk} (round robin, finished), {running.title} "
            f"#{running.pk} (Swiss, round 2 running), {open_one.title} #{open_one.pk} (open for sign-up)."))

    @staticmethod
    def _shortest_game() -> str:
        """The demo plays whole games as it starts, so it picks the game whose bot games are
        shortest (rather than naming one: every game may be the site's)."""
        def length(name):
            module = rules.get(name)
            state, decisions = module.new_game(2, seed=1), 0
            while module.current_seat(state) is not None and decisions < LONGEST_GAME:
                state = module.apply(state, module.bot("greedy", seed=decisions).choose(state))[0]
                decisions += 1
            return decisions
        return min((name for name in rules.names() if rules.get(name).min_players <= 2), key=length)

    def _round_robin(self, users, game: str) -> Tournament:
        made = self._started(users["alice"], list(PLAYERS), users, title="Autumn Round Robin",
                             game=game, format="round_robin", seats=2)
        for _ in range(len(PLAYERS)):  # three rounds; the bound keeps a surprise from looping forever
            if Tournament.objects.get(pk=made.pk).status != Tournament.Status.RUNNING:
                break
            self._play_round(made, finish=True)
        return Tournament.objects.get(pk=made.pk)

    def _swiss(self, users, game: str) -> Tournament:
        made = self._started(users["bob"], list(PLAYERS), users, title="Spring Swiss", game=game,
                             format="swiss", seats=2, rounds=3)
        self._play_round(made, finish=True)
        self._play_round(made, finish=False)
        return made

    @staticmethod
    def _started(creator, entrants, users, **settings) -> Tournament:
        made = services.create_tournament(creator, signup_closes=timezone.now() + timedelta(hours=1), **settings)
        for name in entrants:
            services.sign_up(users[name], made.pk)
        # The sign-up closed a moment ago, as if the worker's tick had started it then.
        Tournament.objects.filter(pk=made.pk).update(signup_closes=timezone.now())
        services.start(made.pk)
        return made

    @staticmethod
    def _play_round(t: Tournament, finish: bool) -> None:
        """Every game of the current round to its end, then the next round started, or a few
        decisions into each game."""
        tables = Table.objects.filter(round__tournament=t, game__status=Game.Status.ACTIVE)
        for game_id in list(tables.values_list("game_id", flat=True)):
            play(game_id, LONGEST_GAME if finish else MOVES_INTO_THE_RUNNING_ROUND, finish=finish)
        # The worker's task does this after the last game's commit; called here as well, since
        # inside an outer transaction (a test) nothing runs on commit. Twice is harmless.
        if finish:
            services.advance(t.pk)
