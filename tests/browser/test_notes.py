"""A private note beside the board: typed, saved by itself, there again after a reload, and shown to
its player alone. Notes are the same for every game (the page's side column), so one game is enough."""
from __future__ import annotations

from .test_play import BrowserTestCase, make_player, settle


class PrivateNote(BrowserTestCase):
    def test_a_note_is_saved_as_it_is_typed_and_only_its_player_sees_it(self):
        from games import services
        alice, bob = make_player("alice"), make_player("bob", language="de")
        game = services.create_game(alice, game="argo", players=2)
        services.join_game(bob, game.pk)
        url = f"{self.live_server_url}/games/{game.pk}/"

        page = self.page_for("alice")
        page.goto(url)
        settle(page)
        box = page.locator("#note-text")
        box.wait_for(state="visible")
        page.wait_for_function("() => !document.querySelector('#note-text').disabled")
        box.fill("Bob keeps the blue card.\nWatch sector 3.")
        page.wait_for_function("() => document.querySelector('#note-status').textContent === 'Saved'")
        page.reload()
        settle(page)
        assert page.input_value("#note-text") == "Bob keeps the blue card.\nWatch sector 3."
        assert not page.errors, page.errors

        other = self.page_for("bob")
        other.goto(url)
        settle(other)
        assert other.input_value("#note-text") == ""
        assert "Bob keeps" not in other.content()
        assert other.inner_text("#note-box h2") == "Meine Notizen"
        assert not other.errors, other.errors
