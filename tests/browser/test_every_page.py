"""Every page at a phone's, a tablet's and a desktop's size, in the light and the dark colour scheme:
axe-core finds no accessibility violation (contrast included), nothing is wider than the screen,
and a screenshot of each goes to tests/artifacts/ (every-<page>-<width>-<scheme>.png).

axe-core comes from node_modules (package.json pins it; bin/test installs it when it is missing).
"""
from __future__ import annotations

import collections
import random
import time
from pathlib import Path

import pytest

from .test_play import ARTIFACTS, BrowserTestCase, make_player

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
AXE_SOURCE = AXE.read_text() if AXE.exists() else ""
SIZES = {"phone": (390, 844), "tablet": (768, 1024), "desktop": (1920, 1080)}
AXE_SIZES = ("phone", "desktop")
SCHEMES = ("light", "dark")


def play_some(game_id: int, decisions: int, seed: int = 5) -> None:
    """Move a game on through the service layer: any legal decision, by whoever is to move, but never
    the one that ends the game, so that even a short game stays in progress."""
    from games import services
    from games.models import Game
    rng = random.Random(seed)
    for _ in range(decisions):
        game = Game.objects.get(pk=game_id)
        user = game.seats.get(order=game.current_seat).user
        decision = rng.choice(services.legal_for(game, user)["actions"])
        module = services.rules_of(game)
        if module.current_seat(module.apply(services.current_state(game), decision)[0]) is None:
            return
        services.submit_decision(user, game_id, game.seq, decision)


def mid_game(name: str, players, decisions: int = 12) -> int:
    """A game of `name` in progress between `players`, the first of whom created it."""
    from games import services
    game = services.create_game(players[0], game=name, players=len(players))
    for user in players[1:]:
        services.join_game(user, game.pk)
    play_some(game.pk, decisions)
    return game.pk


TWO_FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def count_requests(page) -> None:
    """Keep, on the page, the addresses it has asked for since `page.visiting` (a time.time()) and not
    had answered yet (`in_flight`), and how many requests it has started (`started`). By address:
    Chromium may tell a module two pages import twice and answer it once."""
    if hasattr(page, "in_flight"):
        return
    page.in_flight, page.started, page.visiting = collections.Counter(), 0, 0.0

    def started(request):
        if request.timing["startTime"] >= page.visiting * 1000:  # not the last page's, told late
            page.in_flight[request.url] += 1
            page.started += 1

    def done(request):
        page.in_flight.pop(request.url, None)
    page.on("request", started)
    page.on("requestfinished", done)
    page.on("requestfailed", done)
    page.on("response", lambda response: done(response.request))  # from the memory cache: never "finished"


def until_quiet(page, seconds: float = 20) -> None:
    """Until the page, loaded, has no request on its way (a fetch, a module imported, a picture) and
    starts none over two frames: what Playwright's networkidle waits for, without its 500 ms of silence
    after the last response. The page counts its requests (count_requests) from before its load."""
    ends = time.monotonic() + seconds
    while True:
        before = page.started
        page.evaluate(TWO_FRAMES)  # the responses that came meanwhile are told to the page's handlers
        if not page.in_flight and page.started == before:
            return
        assert time.monotonic() < ends, f"{page.url}: still asked for: {list(page.in_flight)}"


def describe(violations: list[dict]) -> str:
    """axe's findings, one block per rule, with the elements and what is wrong with each."""
    out = []
    for v in violations:
        out.append(f"  [{v['impact']}] {v['id']}: {v['help']} ({v['helpUrl']})")
        for node in v["nodes"][:8]:
            out.append(f"      {' '.join(node['target'])}: {node['failureSummary'].replace(chr(10), ' ')}")
        if len(v["nodes"]) > 8:
            out.append(f"      … and {len(v['nodes']) - 8} more")
    return "\n".join(out)


@pytest.mark.skipif(not AXE.exists(), reason="needs node_modules/axe-core (npm install; bin/test does it)")
class EveryPage(BrowserTestCase):
    def setUp(self):
        from games import rules
        self.alice, self.bob = make_player("alice"), make_player("bob")
        self.game_ids = {name: mid_game(name, [self.alice, self.bob]) for name in rules.names()}

    def pages(self) -> dict[str, str]:
        from games import rules
        pages = {"lobby": "/", "my-games": "/games/mine/", "ratings": "/ratings/", "player": "/players/alice/",
                 "settings": "/settings/"}
        for name, game_id in self.game_ids.items():
            pages[f"game-{name}"] = f"/games/{game_id}/"
            pages[f"rules-{name}"] = f"/rules/{name}/"
            pages[f"leaderboard-{name}"] = f"/ratings/{name}/"
        assert set(self.game_ids) == set(rules.names())
        return pages

    def context(self, size: str, signed_in: bool):
        width, height = SIZES[size]
        touch = size != "desktop"
        context = self.new_context(viewport={"width": width, "height": height}, is_mobile=touch, has_touch=touch,
                                   storage_state=self.signed_in_state if signed_in else None)
        return context, self.watched(context.new_page())

    def visit(self, page, path: str):
        count_requests(page)
        page.in_flight.clear()  # the last page's, ended by leaving it
        page.visiting = time.time()
        page.goto(f"{self.live_server_url}{path}")
        until_quiet(page)
        if page.locator("#game-root").count():
            page.wait_for_selector("#board svg [data-token]", state="attached")  # any game's board, drawn
            page.wait_for_selector("#busy", state="hidden")
            page.wait_for_selector("#log li")

    def axe(self, page) -> list[dict]:
        if not page.evaluate("() => typeof axe !== 'undefined'"):  # once a visit, whatever the schemes
            # Evaluated from outside the page, not a <script> of it: the page keeps its content security
            # policy, whose breaches log console errors like any other.
            page.evaluate(AXE_SOURCE)
        return page.evaluate("async () => (await axe.run(document, { resultTypes: ['violations'] })).violations")

    def test_every_page_passes_axe_fits_the_screen_and_is_photographed(self):
        page = self.page_for("alice")
        self.signed_in_state = page.context.storage_state()
        page.context.close()
        visits = [(name, path, True) for name, path in self.pages().items()] + [("login", "/accounts/login/", False)]
        problems, errors = [], []
        for size in SIZES:
            for signed_in in (True, False):
                context, page = self.context(size, signed_in)
                for name, path, needs_user in visits:
                    if needs_user != signed_in:
                        continue
                    # One visit for both schemes: the colours are the style sheet's alone (no script reads
                    # the scheme), so a change of scheme redraws the page as a load in it would.
                    page.emulate_media(color_scheme=SCHEMES[0])
                    self.visit(page, path)
                    for scheme in SCHEMES:
                        page.emulate_media(color_scheme=scheme)
                        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
                        width = page.evaluate("() => document.documentElement.scrollWidth")
                        if width > SIZES[size][0]:
                            problems.append(f"{name} at {size} ({scheme}): the page is {width} px wide, wider than the screen")
                        page.screenshot(path=str(ARTIFACTS / f"every-{name}-{SIZES[size][0]}-{scheme}.png"), full_page=True)
                        if size in AXE_SIZES:
                            found = self.axe(page)
                            if found:
                                problems.append(f"{name} at {size} ({scheme}), {path}:\n{describe(found)}")
                errors += [f"{size}: {e}" for e in page.errors]
                context.close()
        assert not problems, "\n".join(problems)
        assert not errors, errors
