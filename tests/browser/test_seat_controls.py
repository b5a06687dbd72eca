"""The controls of a player's own seat show only where they can act: while the game is in progress and
the seat is still the player's. A seat removed by a moderator loses them at once on the open page, and
an aborted game's page never shows them."""
from __future__ import annotations

from .test_every_page import mid_game
from .test_play import PUSHED_FROM_THE_TEST, BrowserTestCase, make_player, settle

CONTROLS = ("#stand-in-form", "#mute-form", "#allow-notifications")


class SeatControls(BrowserTestCase):
    def setUp(self):
        from games import rules
        self.alice, self.bob = make_player("alice"), make_player("bob")
        self.game_id = mid_game(rules.names()[0], [self.alice, self.bob], decisions=4)

    def shown(self, page) -> list[str]:
        return [c for c in CONTROLS if page.is_visible(c)]

    @PUSHED_FROM_THE_TEST
    def test_a_removed_player_loses_the_controls_of_the_seat_at_once(self):
        from django.contrib.auth import get_user_model

        from games import services
        from games.models import Seat
        page = self.page_for("alice")
        page.goto(f"{self.live_server_url}/games/{self.game_id}/")
        page.wait_for_selector("#connection[data-state=open]")
        settle(page)
        may_ask = page.evaluate("() => 'Notification' in window && Notification.permission === 'default'")
        assert self.shown(page) == [c for c in CONTROLS if may_ask or c != "#allow-notifications"]
        moderator = get_user_model().objects.create_user("moderator", is_staff=True)
        services.remove_player(moderator, Seat.objects.get(game_id=self.game_id, user=self.alice).pk, "cheating")
        page.wait_for_function("() => document.querySelector('#stand-in-form').hidden", timeout=10_000)
        settle(page)
        assert self.shown(page) == []
        page.reload()
        settle(page)
        assert self.shown(page) == []
        assert page.errors == []

    def test_an_aborted_games_page_offers_nothing_to_its_players(self):
        from django.contrib.auth import get_user_model

        from games import services
        services.abort_game(get_user_model().objects.create_user("moderator", is_staff=True), self.game_id, "test")
        page = self.page_for("bob")
        page.goto(f"{self.live_server_url}/games/{self.game_id}/")
        settle(page)
        assert self.shown(page) == []
        assert page.errors == []
