"""A newcomer plays a whole game alone against two of the site's bots, in Debian's Chromium.

The bots wait BOT_MOVE_DELAY before each decision on a timer thread of the server (eager Celery, as on
the embedded defaults); the page shows each of their moves as it comes.
"""
from __future__ import annotations

import os
import random

from django.conf import settings

from .test_play import BrowserTestCase, choose_one, make_player, seq_of, settle, within

BOT_DELAY = 0.05  # the embedded default is 2 s; short here, but through the same timer


class QuickBotsTestCase(BrowserTestCase):
    """A live server whose bots answer after BOT_DELAY (`bot_delay`), through the same timer as on the site."""

    bot_delay = BOT_DELAY

    @classmethod
    def setUpClass(cls):
        # The server process is started by the base class: give it the delay before it starts.
        cls._delay_before = settings.BOT_MOVE_DELAY
        settings.BOT_MOVE_DELAY = cls.bot_delay
        os.environ["BOT_MOVE_DELAY"] = str(cls.bot_delay)
        super().setUpClass()

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        settings.BOT_MOVE_DELAY = cls._delay_before
        os.environ.pop("BOT_MOVE_DELAY", None)


class AgainstTwoBots(QuickBotsTestCase):
    def test_a_player_finishes_a_game_against_two_bots(self):
        make_player("nina")
        page = self.page_for("nina")
        page.click("#new-argo")
        page.select_option("#id_players", "3")
        page.select_option("#id_option_difficulty", label="hard")  # the aliens fill their track sooner
        page.select_option("#id_seat_2", "greedy")
        page.select_option("#id_seat_3", "expert")
        page.click("#create-game button[type=submit]")
        page.wait_for_selector("#players tr")  # no lobby: the game started at once, its seats are drawn
        settle(page)
        assert page.locator("#players").inner_text().count("(bot)") == 2
        rng, decisions, still = random.Random(11), 0, within(15)
        while not page.is_visible("#outcome"):
            still("the game against the bots did not end")
            if page.get_attribute("#game-root", "data-my-turn") != "yes":
                page.wait_for_timeout(150)  # the bots' moves arrive by themselves
                continue
            before = seq_of(page)
            choose_one(page, rng)
            settle(page)
            decisions += seq_of(page) != before
            assert decisions < 1500, "the game does not end"
        self.shot(page, "06-against-bots-finished")
        from games.models import Game
        game = Game.objects.get()
        assert game.status == "finished" and game.rated
        assert game.seats.filter(bot_account=True).count() == 2
        assert not page.errors, page.errors
