"""Finding an opponent in Debian's Chromium. An invitation link: the creator makes it in the lobby and
copies it; a player who opens it signed out signs in, comes back to the invitation, joins, and both
pages show the game started. A quick match: two players choose the same game in the lobby's filters
and the same time bank in its form (which shows the bank's fields once chosen, not the hours a move)
and press "Play … now" one after the other; the first waits in an open game, the second takes the
seat, and both pages show the game started."""
from __future__ import annotations

from games import rules

from .test_play import PASSWORD, BrowserTestCase, make_player, settle


class FindingAnOpponent(BrowserTestCase):
    def test_a_link_opened_signed_out_leads_through_sign_in_into_the_game(self):
        from games import services
        alice, _ = make_player("alice"), make_player("bob")
        game = services.create_game(alice, game=rules.names()[0], players=2)
        creator = self.page_for("alice")
        creator.goto(f"{self.live_server_url}/games/{game.pk}/")
        creator.click("#invite-make")
        link = creator.input_value("#invite-url")
        assert f"{self.live_server_url}/invite/" in link

        visitor = self.new_context(viewport={"width": 390, "height": 844}).new_page()
        visitor.goto(link)
        assert "/accounts/login/" in visitor.url  # signed out: sign in first, the link kept as `next`
        visitor.fill("input[name=login]", "bob")
        visitor.fill("input[name=password]", PASSWORD)
        visitor.click("form button[type=submit]")
        visitor.wait_for_selector("#invitation-join")
        assert "alice" in visitor.inner_text("#invitation")
        visitor.click("#invitation-join")
        visitor.wait_for_url(f"{self.live_server_url}/games/{game.pk}/")
        visitor.wait_for_selector("#board svg")  # the last seat taken: the game started, its board drawn
        settle(visitor)
        creator.wait_for_selector("#board svg")  # the lobby turns into the game on the creator's page too
        visitor.goto(link)  # the game is full: the link works no more, and names no game
        assert "alice" not in visitor.inner_text("main") and visitor.is_visible("#invitation-refused")

    def test_two_players_with_fitting_quick_matches_meet_in_one_game(self):
        name = rules.names()[-1]
        for who in ("carol", "dave"):
            make_player(who)
        pages = {who: self.page_for(who) for who in ("carol", "dave")}
        said = {"carol": "nobody fitting was waiting", "dave": "took a seat"}  # the first waits, the second joins
        for who, page in pages.items():
            page.goto(f"{self.live_server_url}/")
            page.select_option("#lobby-filters select[name=game]", name)  # the lobby kept to the game
            with page.expect_navigation():
                page.click("#lobby-filters button[type=submit]")
            assert f"game={name}" in page.url  # the choice is the URL's, to share
            form = page.locator(f'form[data-quick-match="{name}"]')
            assert form.locator("input[name=hours_per_move]").is_visible()
            assert not form.locator("input[name=bank_hours]").is_visible()
            form.locator("input[name=time_control][value=bank]").check()  # the bank's fields shown, the hours hidden
            form.locator("input[name=bank_hours]").fill("48")
            assert not form.locator("input[name=hours_per_move]").is_visible()
            with page.expect_navigation():
                form.locator("button[type=submit]").click()
            assert said[who] in page.inner_text(".messages")
        assert pages["carol"].url == pages["dave"].url
        pages["dave"].wait_for_selector("#board svg")
        pages["carol"].wait_for_selector("#board svg")  # carol's open game turned into the game, live
