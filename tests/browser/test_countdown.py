"""The time left to decide, live on the game page and in My games, marked under 12 hours: one game
of each kind, the soon one urgent and the late one not; the player is on vacation, so the page says
their clock is paused (games.templatetags.clock_tags, drawn again by static/js/game.js)."""
from __future__ import annotations

import re
from datetime import timedelta

from .test_play import BrowserTestCase, make_player, settle


class TimeLeft(BrowserTestCase):
    def test_each_game_shows_its_time_left_and_marks_the_last_twelve_hours(self):
        from django.utils import timezone

        from accounts.models import Vacation
        from games import rules, services
        from games.models import Game
        me = make_player("me")
        today = timezone.localdate()  # on vacation: the page says the clock is paused, live as the API says it
        Vacation.objects.create(user=me, start=today, end=today)
        deadlines = {}
        for index, name in enumerate(rules.names()):
            game = services.create_game(make_player(f"rival{index}"), game=name, players=2)
            services.join_game(me, game.pk)
            stored = Game.objects.get(pk=game.pk)
            hours = 5 if index % 2 == 0 else 71  # urgent, and not
            Game.objects.filter(pk=game.pk).update(current_seat=stored.seats.get(user=me).order,
                                                   deadline=timezone.now() + timedelta(hours=hours, minutes=30))
            services.inbox.rebuild([game.pk])  # the turn given to me here, without the services
            deadlines[game.pk] = (name, hours)

        page = self.page_for("me")
        for game_id, (name, hours) in deadlines.items():
            page.goto(f"{self.live_server_url}/games/{game_id}/")
            settle(page)
            line = page.inner_text("#deadline")
            expected = rf"time left: {hours}h 2\dm" if hours < 24 else r"time left: 2d 23h"
            assert re.search(expected, line), (name, line)
            urgent = page.get_attribute("#deadline time", "class") or ""
            assert ("urgent-time" in urgent) is (hours < 12), (name, urgent)
            assert page.inner_text("#paused").startswith("Your clock is paused until "), (name, page.inner_text("#paused"))

        page.goto(f"{self.live_server_url}/games/mine/")
        for game_id, (name, hours) in deadlines.items():
            row = page.locator(f"#my-turn li:has(a[href='/games/{game_id}/'])")
            countdown = row.locator("time[data-countdown]")
            assert re.fullmatch(r"(\d+d \d+h|\d+h \d+m)", countdown.inner_text()), (name, countdown.inner_text())
            assert ("urgent-time" in (countdown.get_attribute("class") or "")) is (hours < 12), name
        red = page.locator("#my-turn .urgent-time").first.evaluate("e => getComputedStyle(e).color")
        assert red != page.locator("#my-turn li").first.evaluate("e => getComputedStyle(e).color")
        assert not page.errors, page.errors
