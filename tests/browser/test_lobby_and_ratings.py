"""The lobby's invitations and the ratings as a new player meets them, in Chromium: an invitation is
marked and counted, "Join" leads into the game, and a finished game's new ratings read "1234?" with
a note saying that new ratings move a lot."""
from __future__ import annotations

from .test_play import BrowserTestCase, make_player, settle


def finish(game_id: int) -> None:
    """Play the game to its end through the service layer with the rules' random bot."""
    from games import services
    from games.models import Game
    game = Game.objects.get(pk=game_id)
    while game.status == Game.Status.ACTIVE:
        user = game.seats.get(order=game.current_seat).user
        decision = services.rules_of(game).bot("random", game.seq).choose(services.current_state(game))
        services.submit_decision(user, game.pk, game.seq, decision)
        game = Game.objects.get(pk=game_id)


class InvitationInTheLobby(BrowserTestCase):
    def test_an_invitation_is_marked_counted_and_join_leads_into_the_game(self):
        from games import services
        carol, dave = make_player("carol"), make_player("dave")
        game = services.create_game(carol, game="argo", players=3, invite=["dave"])
        page = self.page_for("dave")
        entry = page.locator(f'#open-games li:has(a[href="/games/{game.pk}/"])')
        assert "invited by carol" in entry.inner_text()
        badge = page.locator("#waiting-badge")
        assert badge.is_visible() and badge.inner_text() == "1" and "invitation" in badge.get_attribute("title")
        assert page.title().startswith("(1) ")
        entry.locator("button", has_text="Join").click()
        page.wait_for_url(f"{self.live_server_url}/games/{game.pk}/")
        page.wait_for_selector("#lobby")
        assert game.seats.filter(user=dave).exists()
        assert page.locator("#waiting-badge").is_hidden()
        assert not page.errors, page.errors


class ProvisionalRatingsOnTheGamePage(BrowserTestCase):
    def test_a_finished_games_new_ratings_are_marked_provisional_and_explained(self):
        from games import rules, services
        ann, ben = make_player("ann"), make_player("ben")
        for name in rules.names():
            game = services.create_game(ann, game=name, players=2)
            services.join_game(ben, game.pk)
            finish(game.pk)
            page = self.page_for("ann")
            page.goto(f"{self.live_server_url}/games/{game.pk}/")
            settle(page)
            items = page.locator("#rating-changes li")
            page.wait_for_selector("#rating-changes li")
            lines = items.all_inner_texts()
            assert lines and all("?" in line for line in lines), (name, lines)
            assert all("fewer than 5 rated games" in (items.nth(i).get_attribute("title") or "")
                       for i in range(items.count())), name
            note = page.inner_text("#provisional-note")
            assert "hundreds of points" in note, note
            assert not page.errors, page.errors
            page.context.close()
