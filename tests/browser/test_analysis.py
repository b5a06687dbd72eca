"""The analysis board on the game page (static/js/analysis.js), one game of each kind on the same two
pages: a player opens it, plays two decisions in the line, steps back one and sees that position again,
deals again and leaves; the stored game is as it was and the opponent's open page saw nothing."""
from __future__ import annotations

import random

from .test_play import BrowserTestCase, make_player, settle

READY = """(at) => {
  const bar = document.getElementById("analysis");
  return !bar.hidden && bar.getAttribute("aria-busy") === "false" && (at === null || bar.dataset.at === String(at));
}"""


def ready(page, at: int | None) -> None:
    """The analysis board shows place `at` of its line (any place: None), no position on its way."""
    page.wait_for_function(READY, arg=at)


def seen(page) -> dict:
    """What the analysis board shows: its place in the line, the prompt, the offered targets, the last decision."""
    return page.evaluate("""() => ({ at: document.getElementById("analysis").dataset.at,
        prompt: document.getElementById("prompt").textContent, choices: document.getElementById("game-root").dataset.choices,
        last: document.getElementById("analysis-last").textContent })""")


def play_in_line(page, rng: random.Random, at: int) -> None:
    """Clicks offered targets (a tile turned, then confirmed) until a whole decision goes on in the line."""
    for _ in range(12):
        ready(page, None)  # a click that completed a decision made the page read its position at once
        if page.evaluate("() => document.getElementById('analysis').dataset.at") != str(at):
            break
        if page.is_visible("#confirm"):
            page.click("#confirm")
        else:
            choices = page.locator("#board .choice, #controls .choice, #game-panel .choice")
            assert choices.count(), f"nothing offered in the line at {at}: {seen(page)}"
            choices.nth(rng.randrange(choices.count())).dispatch_event("click")
    ready(page, at + 1)


class AnalysisBoard(BrowserTestCase):
    def test_a_line_played_stepped_and_dealt_again_leaves_the_game_untouched(self):
        from games import rules, services
        from games.models import Game
        me, rival = make_player("me"), make_player("rival")
        page, other = self.page_for("me"), self.page_for("rival")
        posted, analysing = [], [False]  # what the page posts while the analysis board is open
        page.on("request", lambda r: posted.append(r.url) if r.method == "POST" and analysing[0] else None)
        cuts = []  # a deal where the line no longer plays answers 400 (Chromium logs each), and the line is cut
        page.on("response", lambda r: cuts.append(r.url) if r.status == 400 and r.url.endswith("/explore/") else None)
        rng = random.Random(5)
        for name in rules.names():
            game = services.create_game(me, game=name, players=2)
            services.join_game(rival, game.pk)
            stored = Game.objects.get(pk=game.pk)
            before = (stored.seq, stored.decisions.count())
            url = f"{self.live_server_url}/games/{game.pk}/"
            for p in (page, other):
                p.goto(url)
                p.wait_for_selector("#connection[data-state=open]")
                settle(p)
            lines = other.locator("#log li").count()
            live_prompt = page.text_content("#prompt")

            analysing[0] = True
            page.keyboard.press("a")
            ready(page, 0)
            assert page.is_visible("#analysis-note") and page.is_hidden("#resign")
            assert page.text_content("#prompt").startswith("Analysis, ")
            play_in_line(page, rng, 0)
            first = seen(page)
            assert first["last"].startswith("Last decision: "), first
            play_in_line(page, rng, 1)
            assert page.get_attribute("#analysis", "data-length") == "2"
            page.keyboard.press("ArrowLeft")
            ready(page, 1)
            assert seen(page) == first, "a step back shows the earlier position again"

            page.click("#analysis-deal")
            page.wait_for_function("() => document.getElementById('analysis').dataset.deal === '1'")
            settled = page.evaluate("() => document.getElementById('analysis').dataset.at")
            assert settled == "1" or page.is_visible("#analysis-message"), "a line cut by the new deal says so"
            page.keyboard.press("Escape")
            page.wait_for_selector("#analysis", state="hidden")
            analysing[0] = False
            assert page.text_content("#prompt") == live_prompt, "back to the game as it was"

            stored = Game.objects.get(pk=game.pk)
            assert (stored.seq, stored.decisions.count()) == before, f"{name}: nothing of the line was played"
            assert other.locator("#log li").count() == lines and not other.locator("#announce p").count(), name
        assert posted and all(u.split("?")[0].endswith("/explore/") for u in posted), posted
        refused = [e for e in page.errors if "status of 400" in e]
        assert len(refused) == len(cuts), (page.errors, cuts)
        assert not [e for e in page.errors if e not in refused] and not other.errors, page.errors + other.errors
