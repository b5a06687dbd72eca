"""Every page with a chart (a game's statistics, a player's statistics, the player page's rating
history), read in every language of settings.LANGUAGES: the browser takes every coordinate (no
console error, as Chromium logs one per attribute it cannot read), and every bar and point is drawn
where it belongs.

A decimal comma in an SVG attribute (German and French format `26.2` as `26,2`) is the fault this holds: the
bars lost their size and the page logged an error for each. One test per game of the registry, so
that one game's charts failing does not hide another's.
"""
from __future__ import annotations

import time
from datetime import timedelta
from io import StringIO

from django.conf import settings

from .test_every_page import count_requests, until_quiet
from .test_play import BrowserTestCase, make_player

# Each chart's marks with what the browser made of their coordinates: a length it could not read is 0.
MARKS = """() => [...document.querySelectorAll('svg.stats-chart, svg.rating-chart')].map((svg) => ({
  label: svg.getAttribute('aria-label'),
  bars: [...svg.querySelectorAll('rect.bar')].map((r) => [r.x.baseVal.value, r.width.baseVal.value]),
  points: [...svg.querySelectorAll('circle')].map((c) => c.cy.baseVal.value),
}))"""


def finished_games(name: str, players, now) -> None:
    """Four finished games of `name` between `players` over two months, each rated, so that every chart
    of its pages has something to draw."""
    from games.models import Decision, Game, Rating, RatingChange, Seat
    ratings = {user: Rating.objects.create(game=name, user=user, mu=25, sigma=7, games=4) for user in players}
    for i in range(4):
        end = now - timedelta(days=40 * (i % 2) + i, hours=i)
        winner = players[i % 2]
        game = Game.objects.create(name=name, rules_version=1, players=2, created_by=players[0], rated=True,
                                   status=Game.Status.FINISHED, started_at=end - timedelta(hours=5 + i),
                                   finished_at=end, seq=6)
        Seat.objects.bulk_create([Seat(game=game, user=user, order=order, rank=1 if user is winner else 2,
                                       score=10 if user is winner else 5) for order, user in enumerate(players)])
        Decision.objects.bulk_create([Decision(game=game, number=n, seat=n % 2, data={}) for n in range(1, 7)])
        for user, rating in ratings.items():
            RatingChange.objects.create(match=game, rating=rating, rank=1 if user is winner else 2, mu_before=25 + i / 3,
                                        sigma_before=7.3, mu_after=25.7 + i / 3 if user is winner else 24.6,
                                        sigma_after=7.1)


class ChartsInEveryLanguage(BrowserTestCase):
    def setUp(self):
        from django.core.management import call_command
        from django.utils import timezone

        from games import rules
        # alice and bob play the games; a reader per language of the site reads their charts
        players = [make_player("alice"), make_player("bob", language="de")]
        self.readers = {code: next((p for p in players if p.profile.language == code), None)
                        or make_player(f"reader-{code}", language=code) for code, _ in settings.LANGUAGES}
        now = timezone.now()
        for name in rules.names():
            finished_games(name, players, now)
        call_command("stats_rebuild", stdout=StringIO())  # made with the ORM, the games never said they finished

    def charts(self, path: str) -> dict[str, list[dict]]:
        """The charts of the page at `path` as each reader's browser drew them, its errors checked."""
        drawn = {}
        for lang, user in self.readers.items():
            page = self.page_for(user.username)
            count_requests(page)
            page.visiting = time.time()
            page.goto(f"{self.live_server_url}{path}")
            until_quiet(page)
            assert page.evaluate("() => document.documentElement.lang") == lang
            drawn[lang] = page.evaluate(MARKS)
            self.shot(page, f"charts-{path.strip('/').replace('/', '-')}-{lang}")
            assert not page.errors, f"{path} in {lang}: {len(page.errors)} console errors, first {page.errors[:3]}"
            page.context.close()
        return drawn

    def assert_drawn(self, drawn: dict[str, list[dict]], charts: int) -> None:
        for lang, found in drawn.items():
            assert len(found) >= charts, f"{lang}: {len(found)} charts of {charts}"
            for chart in found:
                assert all(x > 0 and width > 0 for x, width in chart["bars"]), (lang, chart)
                assert all(y > 0 for y in chart["points"]), (lang, chart)
                assert chart["bars"] or chart["points"], (lang, chart)
        for lang in drawn:
            assert [len(c["bars"]) for c in drawn[lang]] == [len(c["bars"]) for c in drawn["en"]], lang

    def check_game(self, name: str) -> None:
        self.assert_drawn(self.charts(f"/stats/{name}/"), charts=2)  # games a month, win rate by seat

    def test_a_players_statistics_and_rating_history(self):
        from games import rules
        games = len(rules.names())
        self.assert_drawn(self.charts("/players/alice/stats/"), charts=2 * games)  # win rate, rating history
        self.assert_drawn(self.charts("/players/bob/"), charts=games)
        self.charts("/stats/")


def _per_game(cls):
    """A test per game of the registry (a unittest class takes no pytest.mark.parametrize)."""
    from games import rules
    for name in rules.names():
        def test(self, name=name):
            self.check_game(name)
        test.__name__ = f"test_the_statistics_of_{name}"
        setattr(cls, test.__name__, test)
    return cls


ChartsInEveryLanguage = _per_game(ChartsInEveryLanguage)
