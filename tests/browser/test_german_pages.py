"""Every page in German, as a German-speaking player reads it: no English sentence of the site's own
catalogue left on any of them (the visible text, titles and labels), a move just made reads "gerade
eben", a bot is named in German, and Argo's long German tile names stay between the door stripes."""
from __future__ import annotations

import gettext
import re
from pathlib import Path

from . import test_every_page as every
from .test_charts import finished_games
from .test_play import BrowserTestCase, make_player, settle

CATALOGUE = Path(__file__).resolve().parents[2] / "locale" / "de" / "LC_MESSAGES" / "django.mo"
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w*\}")


def english_of_the_catalogue() -> list[str]:
    """The catalogue's English texts whose German differs: for a text with placeholders, its literal
    parts of three words or more (a name or number stands between them on the page)."""
    with CATALOGUE.open("rb") as handle:
        catalogue = gettext.GNUTranslations(handle)._catalog
    texts = set()
    for msgid, msgstr in catalogue.items():
        if not isinstance(msgid, str) or not msgid or "\x04" in msgid or msgid == msgstr:
            continue
        parts = [p.strip(" .,:;·()") for p in PLACEHOLDER.split(msgid)]
        texts.update(p for p in parts if p and (len(parts) == 1 or len(p.split()) >= 3))
    return sorted(texts)


def found_in(words: str, english: list[str]) -> list[str]:
    return [e for e in english if re.search(rf"(?<![\w-]){re.escape(e)}(?![\w-])", words)]


READ_TEXT = """() => [document.body.innerText, ...[...document.querySelectorAll('[title], [aria-label], [placeholder]')]
  .flatMap((el) => [el.getAttribute('title'), el.getAttribute('aria-label'), el.getAttribute('placeholder')])
  .filter(Boolean), ...[...document.querySelectorAll('svg title')].map((t) => t.textContent)].join('\\n')"""

NAMES_ON_DOORS = """() => [...document.querySelectorAll('svg g.tile')].flatMap((tile) => {
  const name = tile.querySelector(':scope > text[font-weight=bold]'), bg = tile.querySelector('.tile-bg');
  if (!name || !bg) return [];
  const n = name.getBBox(), t = bg.getBBox();
  const meets = (b) => n.x < b.x + b.width && b.x < n.x + n.width && n.y < b.y + b.height && b.y < n.y + n.height;
  const out = n.x < t.x + 9 || n.x + n.width > t.x + t.width - 9 || [...tile.querySelectorAll('rect.door')].some((d) => meets(d.getBBox()));
  return out ? [name.textContent] : [];
})"""


class GermanPages(BrowserTestCase):
    def setUp(self):
        from django.utils import timezone

        from games import rules, services
        self.alice, self.bob = make_player("alice", language="de"), make_player("bob", language="de")
        self.game_ids = {name: every.mid_game(name, [self.alice, self.bob]) for name in rules.names()}
        self.bot_game = services.create_game(self.alice, game="argo", players=2, bots=["expert"]).pk
        for name in rules.names():  # the statistics' charts and tables have figures to show
            finished_games(name, [self.alice, self.bob], timezone.now())
        game = services.game_with_seats(self.bot_game)
        if not services.bot_to_play(game):  # alice moves first: one decision of hers, so that the log has a line
            decision = services.rules_of(game).bot("greedy", 1).choose(services.current_state(game))
            services.submit_decision(self.alice, game.pk, game.seq, decision)

    def pages(self) -> dict[str, str]:
        """The pages read in German besides the bot game (each also checked for console errors, which
        test_console.py counts on): every page of test_every_page.py, the friends and the statistics."""
        pages = every.EveryPage.pages(self) | {"friends": "/friends/", "stats": "/stats/",
                                               "player-stats": "/players/alice/stats/"}
        return pages | {f"stats-{name}": f"/stats/{name}/" for name in self.game_ids}

    def visit(self, page, path: str) -> str:
        every.EveryPage.visit(self, page, path)
        if page.locator("#game-root").count():
            settle(page)
            page.wait_for_selector("#players th")
        return page.evaluate(READ_TEXT)

    def test_no_page_shows_english_of_the_catalogue_to_a_german_player(self):
        english = english_of_the_catalogue()
        assert len(english) > 200 and "Your settings are saved" in english and "Open games" in english
        assert "Open games" in found_in("Offene Spiele · Open games · Laser", english)  # the search finds
        pages = self.pages() | {"bot-game": f"/games/{self.bot_game}/"}
        page = self.page_for("alice")
        lobby = self.visit(page, "/")  # first: the moves of setUp are still "just now"
        assert "letzter Zug gerade eben" in lobby and "0 Minuten" not in lobby
        problems = {}
        for name, path in pages.items():
            words = self.visit(page, path)
            assert "Station" in words, f"{name}: no page read"
            if found := found_in(words, english):
                problems[name] = found
        assert not problems, problems
        game = self.visit(page, f"/games/{self.bot_game}/")
        assert "Experte (Bot)" in game and "Expert (bot)" not in game
        assert not page.errors, page.errors

    def test_long_german_tile_names_stay_between_the_doors(self):
        for mobile in (False, True):
            page = self.page_for("alice", mobile=mobile)
            self.visit(page, "/rules/argo/")
            page.wait_for_selector(".tile-card svg .tile")
            names = page.evaluate("() => [...document.querySelectorAll('svg g.tile > text[font-weight=bold]')]"
                                  ".map((t) => t.textContent)")
            assert "Sicherheitszentrale" in names and "Reaktorkammer" in names, names
            assert page.evaluate(NAMES_ON_DOORS) == []
            self.visit(page, f"/games/{self.game_ids['argo']}/")
            assert page.evaluate(NAMES_ON_DOORS) == []
            assert not page.errors, page.errors
            page.context.close()
