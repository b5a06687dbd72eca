"""What the moderators' desk does reaches the players' open pages: a hidden chat line loses its text on
every page but its author's, where it is marked; a removal and an abort stand in the game's log, with
the reason for the player it concerned."""
from __future__ import annotations

from .test_every_page import mid_game
from .test_play import LIVE_SECONDS, PUSHED_FROM_THE_TEST, BrowserTestCase, make_player, settle


class DeskOnThePage(BrowserTestCase):
    def setUp(self):
        from django.contrib.auth import get_user_model

        from games import rules
        self.alice, self.bob = make_player("alice"), make_player("bob")
        self.game_id = mid_game(rules.names()[0], [self.alice, self.bob], decisions=4)
        self.moderator = get_user_model().objects.create_user("moderator", is_staff=True)

    def open(self, user):
        page = self.page_for(user.username)
        page.goto(f"{self.live_server_url}/games/{self.game_id}/")
        page.wait_for_selector("#connection[data-state=open]")
        settle(page)
        return page

    @PUSHED_FROM_THE_TEST
    def test_a_hidden_chat_line_and_a_removal_reach_open_pages(self):
        from games import services
        from games.models import Seat
        rude = services.post_chat(self.bob, self.game_id, "something rude")
        alice, bob = self.open(self.alice), self.open(self.bob)
        assert "something rude" in alice.inner_text("#chat")
        services.set_chat_hidden(self.moderator, rude, True, "insult")
        alice.wait_for_selector("#chat .chat-hidden", timeout=LIVE_SECONDS * 1000)
        assert "something rude" not in alice.inner_text("#chat")
        assert "a message hidden by a moderator" in alice.inner_text("#chat")
        bob.wait_for_selector("#chat .chat-hidden", timeout=LIVE_SECONDS * 1000)
        assert "something rude" in bob.inner_text("#chat") and "only you see it" in bob.inner_text("#chat")

        seat = Seat.objects.get(game_id=self.game_id, user=self.alice)
        services.remove_player(self.moderator, seat.pk, "playing two accounts")
        for page in (alice, bob):
            page.wait_for_selector("#log .desk-entry", timeout=LIVE_SECONDS * 1000)
        removed = alice.inner_text("#log .desk-entry")
        assert "was removed from the game" in removed and "playing two accounts" in removed, removed
        told = bob.inner_text("#log .desk-entry")
        assert "was removed from the game" in told and "playing two accounts" not in told, told
        assert alice.errors == [] and bob.errors == []
