"""The navigation's badge and the tab's title count the games waiting for the player, on every page,
and follow each game the player sits in live: a turn that ends (on another tab, another device) or a
game that is aborted takes its game out of the count without a reload."""
from __future__ import annotations

from .test_every_page import mid_game
from .test_play import LIVE_SECONDS, PUSHED_FROM_THE_TEST, BrowserTestCase, make_player


class WaitingBadge(BrowserTestCase):
    def setUp(self):
        from games import rules
        self.alice, self.bob = make_player("alice"), make_player("bob")
        self.games = [mid_game(rules.names()[0], [self.alice, self.bob], decisions=n) for n in (3, 5)]

    def waiting_for(self, user) -> list[int]:
        from games import services
        return [g.pk for g in services.waiting_games(user)]

    def badge(self, page) -> tuple[str, bool, str]:
        return page.inner_text("#waiting-badge"), page.is_visible("#waiting-badge"), page.title()

    @PUSHED_FROM_THE_TEST
    def test_the_badge_follows_turns_ended_elsewhere_and_aborts(self):
        from django.contrib.auth import get_user_model

        from games import services
        from games.models import Game
        player = self.alice if self.waiting_for(self.alice) else self.bob
        waiting = self.waiting_for(player)
        page = self.page_for(player.username)
        page.goto(f"{self.live_server_url}/")
        page.wait_for_selector("html[data-user-socket=open]")
        assert self.badge(page)[:2] == (str(len(waiting)), True) and page.title().startswith(f"({len(waiting)}) ")
        # The player ends a turn elsewhere (another tab, the API).
        game = Game.objects.get(pk=waiting[0])
        module = services.rules_of(game)
        while game.status == Game.Status.ACTIVE and game.deciding_seat.user_id == player.pk:
            decision = module.bot("greedy", 1).choose(services.current_state(game))
            services.submit_decision(player, game.pk, game.seq, decision)
            game = services.game_with_seats(game.pk)
        left = len(waiting) - 1
        page.wait_for_function(f"() => !document.title.startsWith('({len(waiting)}) ')", timeout=LIVE_SECONDS * 1000)
        assert self.badge(page)[:2] == ((str(left), True) if left else ("0", False)), self.badge(page)
        # A moderator aborts a game waiting for the player.
        still = self.waiting_for(player)
        if still:
            moderator = get_user_model().objects.create_user("moderator", is_staff=True)
            services.abort_game(moderator, still[0], "a broken setup")
            page.wait_for_function(f"() => !document.title.startsWith('({len(still)}) ')", timeout=LIVE_SECONDS * 1000)
            assert self.badge(page)[1] == (len(still) > 1)
        assert page.errors == []
