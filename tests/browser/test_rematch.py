"""Rematch, as the two players see it, one game of each kind: Alice presses Rematch on their finished
game while Bob is signed out; Bob signs in, finds the invitation in My games, joins, and the game
starts on both their pages with the seats rotated."""
from __future__ import annotations

from .test_play import PUSHED_FROM_THE_TEST, BrowserTestCase, make_player, until_started


class Rematch(BrowserTestCase):
    @PUSHED_FROM_THE_TEST
    def test_a_rematch_proposed_while_the_other_is_away_starts_when_they_join(self):
        from django.utils import timezone

        from games import rules, services
        from games.models import Game
        alice, bob = make_player("alice"), make_player("bob")
        for name in rules.names():
            with self.subTest(game=name):
                old = services.create_game(alice, game=name, players=2)
                services.join_game(bob, old.pk)
                Game.objects.filter(pk=old.pk).update(status=Game.Status.FINISHED, finished_at=timezone.now())
                services.inbox.rebuild([old.pk])  # ended here without the services

                page = self.page_for("alice")
                page.goto(f"{self.live_server_url}/games/{old.pk}/")
                page.click("#rematch-button")
                page.wait_for_url(lambda url, old_id=old.pk: f"/games/{old_id}/" not in url)
                new_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
                assert "bob" in page.inner_text("#lobby-invited")

                other = self.page_for("bob")
                other.goto(f"{self.live_server_url}/games/mine/")
                other.click(f"#invitations a[href='/games/{new_id}/']")
                other.click("#join")
                game_url = f"{self.live_server_url}/games/{new_id}/"
                until_started(other, game_url)
                until_started(page, page.url)  # the lobby reloads itself into the game that started
                page.wait_for_function("() => document.querySelector('#players').innerText.includes('bob')")
                names = page.inner_text("#players")
                assert names.index("bob") < names.index("alice"), f"seats rotated: who sat second begins: {names}"
                assert Game.objects.get(pk=new_id).status == Game.Status.ACTIVE
                assert not page.errors and not other.errors, (page.errors, other.errors)
