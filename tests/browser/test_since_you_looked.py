""""Since you last looked", as the player sees it, one game of each kind: the rival played while the
player was away; the game page says what they did, once; seen, it is gone on the next visit, and My
games counted it before."""
from __future__ import annotations

from .test_left_and_refused import each_game
from .test_play import PUSHED_FROM_THE_TEST, BrowserTestCase, make_player, settle


class SinceYouLastLooked(BrowserTestCase):
    @PUSHED_FROM_THE_TEST
    def test_the_rivals_turn_is_told_on_the_next_visit_and_then_no_more(self):
        from games import rules, services
        from games.models import Game, Seat

        from .test_next_game import end_my_turn
        me = make_player("me")
        page = self.page_for("me")
        for index, name in enumerate(rules.names()):
            with self.subTest(game=name):
                rival = make_player(f"rival{index}")
                rival.profile.display_name = f"Rival {name}"
                rival.profile.save()
                game = services.create_game(rival, game=name, players=2)
                services.join_game(me, game.pk)
                end_my_turn(game.pk, me)  # where I begin, my first turn is behind me, and seen
                services.seen(me, game.pk, Game.objects.get(pk=game.pk).seq)
                url = f"{self.live_server_url}/games/{game.pk}/"
                page.goto(url)
                settle(page)
                assert not page.is_visible("#news")
                page.goto(f"{self.live_server_url}/")  # elsewhere: an open game page would see it live
                end_my_turn(game.pk, rival)
                page.goto(f"{self.live_server_url}/games/mine/")
                assert "new since you looked" in page.inner_text(f"li:has(a[href='/games/{game.pk}/'])")
                with page.expect_response(lambda answer, seen=f"/api/games/{game.pk}/seen/":
                                          answer.url.endswith(seen) and answer.request.method == "POST") as told:
                    page.goto(url)  # seen.js tells the server what the page showed, once drawn
                    settle(page)
                assert f"Rival {name}" in page.inner_text("#news") and "Since you last looked" in page.inner_text("#news")
                assert told.value.ok, "the page did not say what it showed"
                page.goto(url)
                settle(page)
                assert not page.is_visible("#news"), "told once"
                assert Seat.objects.get(game=game, user=me).last_seen_seq == Game.objects.get(pk=game.pk).seq
        assert not page.errors, page.errors


def a_rivals_turn_while_away(me, rival, name: str) -> tuple[int, int, list[int]]:
    """A game where I saw the board, then the rival played a turn: (game id, the decisions I had seen
    counted as the replay counts them, the numbers of the rival's decisions since)."""
    from games import services
    from games.models import Decision, Game

    from .test_next_game import end_my_turn
    game = services.create_game(rival, game=name, players=2)
    services.join_game(me, game.pk)
    end_my_turn(game.pk, me)
    since = Game.objects.get(pk=game.pk).seq
    services.seen(me, game.pk, since)
    end_my_turn(game.pk, rival)
    active = Decision.objects.filter(game_id=game.pk, undone=False)
    return (game.pk, active.filter(number__lte=since).count(),
            list(active.filter(number__gt=since).order_by("number").values_list("number", flat=True)))


@each_game
class ReplayWhatIsNew(BrowserTestCase):
    def per_game_steps_through_the_rivals_decisions_and_back_to_now(self, name):
        me, rival = make_player("me"), make_player("rival")
        rival.profile.display_name = "Rival"
        rival.profile.save()
        game_id, seen, numbers = a_rivals_turn_while_away(me, rival, name)
        assert numbers, "the rival played"
        page = self.page_for("me")
        page.goto(f"{self.live_server_url}/games/{game_id}/")
        settle(page)
        present = page.inner_text("#prompt")
        assert "Rival" in page.inner_text("#news") and not page.is_visible("#news-steps")

        page.click("#news-replay")  # the board as I last saw it
        steps = [(0, seen)] + [(k, seen + k) for k in range(1, len(numbers) + 1)]
        for step, position in steps:
            if step:
                page.click("#news-next")
            page.wait_for_function(
                "([pos, text]) => document.querySelector('#news-pos').textContent === pos"
                " && document.querySelector('#prompt').textContent.startsWith(text)",
                arg=[f"{step} / {len(numbers)}", f"decision {position} of "])
            settle(page)
            assert page.is_visible("#news-next") == (step < len(numbers)), step
            assert page.locator("#game-root .choice").count() == 0, "a past board offers nothing to choose"
        assert "Rival" in page.inner_text("#prompt"), "the last step says whose decision it shows"

        page.click("#news-done")
        page.wait_for_selector("#news-steps", state="hidden")
        settle(page)
        assert page.inner_text("#prompt") == present
        assert page.errors == []
