"""A ladder in Debian's Chromium (ladders/, docs/ladders.md): Bob, second, challenges Alice, first; the
game is played out (Alice resigns, a bot keeps Bob's seat to the end) and both players' open ladder
pages show the places swapped, live, without a reload."""
from __future__ import annotations

from games import rules

from .test_phone_view import BotsAtOnceTestCase
from .test_play import LIVE_SECONDS, make_player

FIRST_ROW = "#standings tr:nth-child(2) td:nth-child(2)"


class LadderLive(BotsAtOnceTestCase):
    def test_a_challenge_won_moves_both_places_on_both_pages(self):
        from games import services as games
        from ladders import services
        from ladders.models import Ladder
        alice, bob = make_player("alice"), make_player("bob")
        ladder = Ladder.objects.create(game=rules.names()[0], title="The ladder", hours_per_move=24)
        for player in (alice, bob):
            services.join(player, ladder.pk)
        pages = {who: self.page_for(who) for who in ("alice", "bob")}
        for page in pages.values():
            page.goto(f"{self.live_server_url}/ladders/{ladder.pk}/")
            page.wait_for_selector("html[data-user-socket=open]", state="attached")
            assert page.inner_text(FIRST_ROW) == "alice"
        chal = services.challenge(bob, ladder.pk, "alice")
        for page in pages.values():  # the open challenge shows on both pages, live
            page.wait_for_selector(f'#standings a[href="/games/{chal.game_id}/"]', timeout=LIVE_SECONDS * 1000)
        games.resign(alice, chal.game_id)
        games.stand_in(bob, chal.game_id, rules.get(ladder.game).bot_kinds[0])  # the bots play it out
        for page in pages.values():
            page.wait_for_function(f"() => document.querySelector('{FIRST_ROW}').textContent.trim() === 'bob'",
                                   timeout=LIVE_SECONDS * 1000)
            assert "beat alice" in page.inner_text("#history")
