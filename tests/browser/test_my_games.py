"""\"My games\" in Chromium: the heading's badge shows the count the menu's shows (a turn and an
invitation: 2 in both), and each game's finished draw reads "draw", not "won by" everyone. Every game."""
from __future__ import annotations

from .test_play import BrowserTestCase, make_player


def drawn(name: str, players) -> int:
    """A finished game of `name` between `players`, every seat sharing first place."""
    from games import services
    from games.models import Game
    game = services.create_game(players[0], game=name, players=len(players))
    for user in players[1:]:
        services.join_game(user, game.pk)
    game = Game.objects.get(pk=game.pk)
    colours = [s.colour for s in game.seats.order_by("order")]
    game.outcome = {"scores": dict.fromkeys(colours, 5), "winners": colours,
                    "ranking": [{"who": c, "rank": 1, "score": 5} for c in colours]}
    game.status = Game.Status.FINISHED
    game.save()
    return game.pk


class MyGames(BrowserTestCase):
    def setUp(self):
        from games import rules, services
        from games.models import Game
        self.alice, self.bob = make_player("alice"), make_player("bob")
        self.draws = {name: drawn(name, [self.alice, self.bob]) for name in rules.names()}
        name = rules.names()[0]
        game = services.create_game(self.bob, game=name, players=2)
        services.join_game(self.alice, game.pk)
        for _ in range(50):  # Bob decides until it is Alice's turn
            game = Game.objects.get(pk=game.pk)
            mover = game.seats.get(order=game.current_seat).user
            if mover == self.alice:
                break
            decision = services.rules_of(game).bot("greedy", game.seq).choose(services.current_state(game))
            services.submit_decision(mover, game.pk, game.seq, decision)
        services.create_game(self.bob, game=name, players=2, invite=["alice"])

    def test_one_count_and_draws_that_read_draw(self):
        page = self.page_for("alice")
        page.goto(f"{self.live_server_url}/games/mine/")
        assert page.inner_text("#waiting-badge") == "2" and page.inner_text("#my-games-badge") == "2"
        wrong = {}
        for name, game_id in self.draws.items():
            line = page.inner_text(f"#finished li:has(a[href='/games/{game_id}/'])")
            if "draw" not in line or "won by" in line:
                wrong[name] = line
        assert wrong == {}, wrong  # every game checked before failing
        assert page.errors == []
