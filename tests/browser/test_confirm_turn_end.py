"""The preference "confirm before the decision that ends my turn": on the game page that decision
waits, sends nothing, and says so; Undo lets the player choose again, Confirm (the key Enter, its
button having the focus) sends it and the turn passes. One game of each kind."""
from __future__ import annotations

from .test_next_game import end_my_turn
from .test_play import BrowserTestCase, make_player, seq_of, settle


class ConfirmTurnEnd(BrowserTestCase):
    def test_the_decision_that_ends_my_turn_waits_for_confirm_and_undo_lets_me_choose_again(self):
        import random

        from games import rules, services
        from games.models import Game

        from .test_play import choose_one, within
        me = make_player("me")
        me.profile.confirm_turn_end = True
        me.profile.save()
        page = self.page_for("me")
        rng = random.Random(11)
        for index, name in enumerate(rules.names()):
            game = services.create_game(make_player(f"rival{index}"), game=name, players=2)
            services.join_game(me, game.pk)
            end_my_turn(game.pk, Game.objects.get(pk=game.pk).seats.get(order=0).user)  # the rival's first turn
            my_seat = Game.objects.get(pk=game.pk).seats.get(user=me).order
            page.goto(f"{self.live_server_url}/games/{game.pk}/")
            settle(page)
            for confirm in (False, True):
                still = within(5)
                while not page.is_visible("#turn-end"):
                    still(f"{name}: the decision that ends my turn was not held")
                    assert page.get_attribute("#game-root", "data-my-turn") == "yes", name
                    choose_one(page, rng)
                    settle(page)
                held_at = seq_of(page)
                stored = Game.objects.get(pk=game.pk)
                assert stored.seq == held_at and stored.current_seat == my_seat, f"{name}: nothing was sent"
                assert "This decision ends your turn." in page.inner_text("#turn-end")
                assert page.evaluate("() => document.activeElement.id") == "turn-end-confirm"
                if not confirm:
                    page.click("#turn-end-undo")
                    page.wait_for_selector("#turn-end", state="hidden")
                    settle(page)
                    assert page.locator("#board .choice, #controls .choice, #game-panel .choice").count() > 0, name
                    assert Game.objects.get(pk=game.pk).seq == held_at, f"{name}: Undo sent nothing"
                    continue
                page.keyboard.press("Enter")
                page.wait_for_function("() => document.querySelector('#game-root').dataset.myTurn !== 'yes'")
                stored = Game.objects.get(pk=game.pk)
                assert stored.seq == held_at + 1 and stored.current_seat != my_seat, f"{name}: the turn passed"
        assert not page.errors, page.errors
