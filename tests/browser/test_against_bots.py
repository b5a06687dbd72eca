"""Against the site's bots in Debian's Chromium, quickly: the test case whose bots wait BOT_DELAY before
each decision on a timer thread of the server (eager Celery, as on the embedded defaults), as on the
site; the page shows each of their moves as it comes. A whole game of every game against a bot is
played by keyboard in test_keyboard_game.py.
"""
from __future__ import annotations

import os

from django.conf import settings

from .test_play import BrowserTestCase

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
