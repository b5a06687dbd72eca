""""Next game" on the game page: the count of the other games waiting, and the key N walking them,
one game of each kind, until none waits."""
from __future__ import annotations

from datetime import timedelta

from .test_play import PUSHED_FROM_THE_TEST, BrowserTestCase, make_player, settle


def end_my_turn(game_id: int, user) -> None:
    """Decide in `user`'s place until the turn is the other player's (a turn may take several decisions)."""
    from games import services
    from games.models import Game
    while True:
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.ACTIVE or game.seats.get(order=game.current_seat).user_id != user.pk:
            return
        services.submit_decision(user, game_id, game.seq, services.legal_for(game, user)["actions"][0])


class NextGame(BrowserTestCase):
    @PUSHED_FROM_THE_TEST
    def test_key_n_walks_the_waiting_games_most_urgent_first_then_says_none_waits(self):
        from django.utils import timezone

        from games import rules, services
        from games.models import Game
        me = make_player("me")
        games = []
        for hours, name in enumerate(rules.names(), start=1):  # the sooner deadline, the more urgent
            game = services.create_game(make_player(f"rival{hours}"), game=name, players=2)
            services.join_game(me, game.pk)
            stored = Game.objects.get(pk=game.pk)
            Game.objects.filter(pk=game.pk).update(current_seat=stored.seats.get(user=me).order,
                                                   deadline=timezone.now() + timedelta(hours=hours))
            services.inbox.rebuild([game.pk])  # the turn given to me here, without the services
            games.append(game.pk)

        page = self.page_for("me")
        page.goto(f"{self.live_server_url}/games/{games[0]}/")
        settle(page)
        page.wait_for_function("() => document.querySelector('#next-game-count').textContent === '(2 waiting)'")
        for index, game_id in enumerate(games):
            assert page.url.endswith(f"/games/{game_id}/"), (index, page.url)
            end_my_turn(game_id, me)
            left = len(games) - index - 1
            words = {0: "(none waiting)", 1: "(1 waiting)"}.get(left, f"({left} waiting)")
            page.wait_for_function(f"() => document.querySelector('#next-game-count').textContent === '{words}'")
            page.keyboard.press("n")
            page.wait_for_url(lambda url, left_game=game_id: not url.endswith(f"/games/{left_game}/"))
            if index < len(games) - 1:
                settle(page)
        assert page.url.endswith("/games/mine/")
        assert "No other game waits for you." in page.inner_text("main")
        assert not page.errors, page.errors


class NextGameByItself(BrowserTestCase):
    @PUSHED_FROM_THE_TEST
    def test_with_the_preference_the_decision_that_ends_my_turn_opens_the_next_game(self):
        import random

        from games import rules, services
        from games.models import Game

        from .test_play import choose_one, within
        me = make_player("me")
        me.profile.next_game_after_turn = True
        me.profile.save()
        games = []
        for index, name in enumerate(rules.names()):
            game = services.create_game(make_player(f"rival{index}"), game=name, players=2)
            services.join_game(me, game.pk)
            end_my_turn(game.pk, Game.objects.get(pk=game.pk).seats.get(order=0).user)  # the rival's first turn
            games.append(game.pk)

        def my_turn(game_id: int) -> bool:  # the stored game's word, not the page's redraw of the moment
            game = Game.objects.get(pk=game_id)
            return game.status == Game.Status.ACTIVE and game.current_seat == game.seats.get(user=me).order

        page = self.page_for("me")
        rng = random.Random(3)
        for index, game_id in enumerate(games):
            page.goto(f"{self.live_server_url}/games/{game_id}/")
            settle(page)
            still = within(5)
            while my_turn(game_id):
                still(f"my turn in game {game_id} did not end")
                assert page.url.endswith(f"/games/{game_id}/"), f"the page left game {game_id} during my turn"
                choose_one(page, rng)
                settle(page)
            if index < len(games) - 1:  # another game waits: the page went on to it by itself
                page.wait_for_url(lambda url, left=game_id: not url.endswith(f"/games/{left}/"))
                assert "/games/" in page.url
            else:  # none waits: the page stays, and says so
                page.wait_for_function("() => document.querySelector('#next-game-count').textContent === '(none waiting)'")
                assert page.url.endswith(f"/games/{game_id}/")
        assert not page.errors, page.errors
