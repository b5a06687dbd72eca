"""Demo data for a fresh site: four players, a moderator, a game of every kind in progress (the first
on a time bank; and one against the site's bots) and an open game. Carol keeps quiet hours (23:00-07:00)
and the weekend off."""
from __future__ import annotations

from datetime import time

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.test import override_settings

from games import rules, services
from games.models import Game

PASSWORD = "station-demo"
PLAYERS = [("alice", "Alice", "en", "Europe/London"), ("bob", "Bob", "de", "Europe/Berlin"),
           ("carol", "Carol", "en", "America/New_York"), ("dave", "Dave", "de", "Europe/Vienna")]


class Command(BaseCommand):
    help = "Create the demo users (password 'station-demo') and demo games, once."

    def handle(self, *args, **options):
        User = get_user_model()
        users = {}
        for username, name, language, tz in [*PLAYERS, ("admin", "Moderator", "en", "UTC")]:
            user, created = User.objects.get_or_create(username=username, defaults={"email": f"{username}@example.org"})
            if created:
                user.set_password(PASSWORD)
                user.is_staff = user.is_superuser = username == "admin"
                user.save()
                profile = user.profile
                profile.display_name, profile.language, profile.time_zone = name, language, tz
                if username == "carol":  # her clock stands still at night and at weekends (docs/async-play.md)
                    profile.quiet_from, profile.quiet_until, profile.days_off = time(23), time(7), "56"
                profile.save()
                EmailAddress.objects.get_or_create(user=user, email=user.email,
                                                   defaults={"verified": True, "primary": True})
            users[username] = user
        if Game.objects.exists():
            self.stdout.write("Demo games exist already.")
            return
        names = [name for name, *_ in PLAYERS]
        started = []
        for index, name in enumerate(rules.names()):
            module = rules.get(name)
            seated = [users[names[(index + i) % len(names)]] for i in range(module.min_players)]
            # The first on a time bank (docs/async-play.md, "Clocks"), the others per turn
            clock = {"time_control": "bank", "bank_hours": 72, "increment_hours": 24, "cap_hours": 168} if index == 0 else {}
            game = services.create_game(seated[0], game=name, players=len(seated), **clock)
            for user in seated[1:]:
                services.join_game(user, game.pk)
            play(game.pk, decisions=12)
            if users["alice"] in seated:  # her turn ends: a game of hers waits for the others in My games
                play(game.pk, decisions=40, mover=users["alice"])
            started.append(f"{rules.title(name, 'en')} #{game.pk} ({', '.join(u.username for u in seated)})")
        with override_settings(BOT_MOVE_DELAY=0):  # the bots answer before this command ends
            for name in rules.names():
                module = rules.get(name)
                kinds = [k for k in ("expert", "greedy") if k in module.bot_kinds][: module.max_players - 1]
                game = services.create_game(users["alice"], game=name, players=1 + len(kinds), bots=kinds)
                started.append(f"{rules.title(name, 'en')} #{game.pk} (alice against {' and '.join(kinds)} bots)")
        last = rules.get(rules.names()[-1])
        services.create_game(users["carol"], game=last.name, players=min(3, last.max_players), invite=["dave"])
        self.stdout.write(self.style.SUCCESS(
            f"Demo users {', '.join(names)} (password '{PASSWORD}'), moderator admin (same password); "
            f"in progress: {'; '.join(started)}; an open game of {rules.title(last.name, 'en')} by carol."))


def play(game_id: int, decisions: int, finish: bool = False, mover=None) -> None:
    """Decisions chosen by the greedy bot, made as the players themselves: at most `decisions`, and
    never the one that ends the game unless `finish`, so that even a short game can stay in progress;
    with `mover`, only while that player decides."""
    for _ in range(decisions):
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.ACTIVE:
            return
        assert game.current_seat is not None  # a game in play has a seat deciding
        seat = game.seats.get(order=game.current_seat)
        if mover is not None and seat.user_id != mover.pk:
            return
        state = services.current_state(game)
        module = services.rules_of(game)
        decision = module.bot("greedy", seed=game.seq).choose(state)
        if not finish and module.current_seat(module.apply(state, decision)[0]) is None:
            return
        services.submit_decision(seat.user, game_id, game.seq, decision)
