"""The end of a game as its page shows it, for every game and each of its modes (one test each, made
from the registry, so one game's failure hides no other's): why the game ended in the game's words
(the rules' `ending`), in a team game the result from the viewer's side ("Your team lost.") and each
player's own score beside the team's, and a rating line for every seat, as a player and as a
spectator reading German sees it.
"""
from __future__ import annotations

import random

from .test_play import BrowserTestCase, make_player, settle


def modes() -> list[tuple[str, int, dict]]:
    """(game, players, options): each game at its smallest table, and in teams where it has them."""
    from games import rules
    from games.rules.base import option_sets
    found = []
    for name in rules.names():
        module = rules.get(name)
        found.append((name, module.min_players, {}))
        for players in range(module.min_players, module.max_players + 1):
            teams = [o for o in option_sets(module, players) if module.teams(players, o) is not None]
            if teams:
                found.append((name, players, teams[0]))
                break
    return found


def finished(name: str, players: int, options: dict, people: list) -> int:
    """A game the first of `people` created and played to its end, the bots (one account for all
    seats of a kind) in every seat but the people's; in teams the second person is the first's partner."""
    from games import rules, services
    from games.models import Game
    teams = rules.get(name).teams(players, options)
    partner = teams[0][1] if teams else None
    bots = [None if seat == partner else "random" for seat in range(1, players)]
    game = services.create_game(people[0], game=name, players=players, options=options, bots=bots)
    if partner is not None:
        services.join_game(people[1], game.pk, team=0)
    rng = random.Random(7)
    for _ in range(5000):
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.ACTIVE:
            break
        seat = game.seats.get(order=game.current_seat)
        if seat.played_by_bot:
            services.play_bot_turn(game.pk)
            continue
        services.submit_decision(seat.user, game.pk, game.seq, rng.choice(services.legal_for(game, seat.user)["actions"]))
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    return game.pk


class GameEnd(BrowserTestCase):
    def setUp(self):
        self.ann, self.ben = make_player("ann"), make_player("ben")
        self.cid = make_player("cid", language="de")  # a spectator

    def check_end(self, name: str, players: int, options: dict) -> None:
        from games import rules
        from games.models import Game
        game = Game.objects.get(pk=finished(name, players, options, [self.ann, self.ben]))
        module, shown, outcome = rules.get(name), rules.presentation(name), game.outcome
        seats = list(game.seats.order_by("order"))
        teams = module.teams(players, options)
        for user, lang in ((self.ann, "en"), (self.cid, "de")):
            page = self.page_for(user.username)
            page.goto(f"{self.live_server_url}/games/{game.pk}/")
            page.wait_for_selector("#outcome:not([hidden]) #ending")
            settle(page)
            why = shown.ending(outcome, lang)
            assert why and page.inner_text("#ending") == why, (lang, page.inner_text("#outcome"))
            lines = page.locator("#rating-changes li").all_inner_texts()
            assert len(lines) >= len(seats), lines  # one a seat, even two seats of one bot account
            for person in (self.ann, self.ben) if teams else (self.ann,):
                assert any(line.startswith(f"{person.username}:") for line in lines), lines
            ranking = page.locator(".ranking li").all_inner_texts()
            if teams and user == self.ann:
                ours = seats[0].colour in outcome["winners"]
                assert page.inner_text("#team-result") == ("Your team won." if ours else "Your team lost.")
                assert page.inner_text("#winner").startswith("Winner: Team A (" if ours else "Winner: Team B (")
                assert all("(Team A: " in line or "(Team B: " in line for line in ranking if "alien" not in line), ranking
            else:
                assert page.locator("#team-result").count() == 0  # a spectator, or no teams
            assert not page.errors, page.errors
            page.context.close()


def _test_for(name: str, players: int, options: dict):
    def test(self):
        self.check_end(name, players, options)
    return test


for _name, _players, _options in modes():  # one test a game and mode, from the registry
    _mode = "-teams" if _options and any(v is True for v in _options.values()) else ""
    setattr(GameEnd, f"test_the_end_of_{_name}_{_players}p{_mode.replace('-', '_')}_says_why_and_rates_every_seat",
            _test_for(_name, _players, _options))
