"""Run by benchmarks/redraw.py (its name keeps it out of the test run). How long the game page is busy after
each decision on a phone (390×844, touch), in Chromium.

A player of Argo taps through decisions on the page while the other moves through the service
layer; the page marks each drawing ("render") and each busy span ("busy": from a posted decision or
a reload until the page takes taps again) with performance.measure, read here. Prints one JSON line:
median and p90 in ms of each, over at least --redraws drawings after a decision.

    DATABASE_URL=postgres://argo:argo@127.0.0.1:5432/argo_bench REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python -m pytest benchmarks/redraw.py
"""
from __future__ import annotations

import json
import os
import random
import statistics

from .test_phone import TARGETS
from .test_play import BrowserTestCase, make_player, seq_of, settle

REDRAWS = int(os.environ.get("REDRAWS", "30"))
MEASURES = "(name) => performance.getEntriesByName(name).map((m) => m.duration)"


def p90(values: list[float]) -> float:
    return sorted(values)[max(0, int(len(values) * 0.9 + 0.5) - 1)]


class Redraw(BrowserTestCase):
    def test_redraw_after_a_decision(self):
        from games import services
        from games.models import Game
        alice, bob = make_player("alice"), make_player("bob")
        game = services.create_game(alice, game="argo", players=2)
        services.join_game(bob, game.pk)
        page = self.page_for("alice", mobile=True)
        page.goto(f"{self.live_server_url}/games/{game.pk}/")
        page.wait_for_selector("#connection[data-state=open]")
        settle(page)
        rng = random.Random(5)
        page.evaluate("() => performance.clearMeasures()")
        decisions = 0
        while len(page.evaluate(MEASURES, "busy")) < REDRAWS and decisions < 4 * REDRAWS:
            stored = Game.objects.get(pk=game.pk)
            if stored.status != "active":
                break
            if stored.seats.get(order=stored.current_seat).user == bob:
                services.submit_decision(bob, game.pk, stored.seq, rng.choice(services.legal_for(stored, bob)["actions"]))
                page.wait_for_function(f"() => Number(document.querySelector('#game-root').dataset.seq) >= {stored.seq + 1}")
                settle(page)
                continue
            page.wait_for_function("() => document.querySelector('#game-root').dataset.myTurn === 'yes'")
            before = seq_of(page)
            for _ in range(8):
                self.tap(page, rng)
                settle(page)
                if seq_of(page) > before:
                    break
            decisions += 1
        busy, render = page.evaluate(MEASURES, "busy"), page.evaluate(MEASURES, "render")
        assert len(busy) >= REDRAWS, len(busy)
        print(json.dumps({"benchmark": "redraw", "viewport": "390x844", "busy_spans": len(busy), "renders": len(render),
                          "busy_median_ms": round(statistics.median(busy), 1), "busy_p90_ms": round(p90(busy), 1),
                          "render_median_ms": round(statistics.median(render), 1), "render_p90_ms": round(p90(render), 1)}))

    @staticmethod
    def tap(page, rng):
        if page.is_visible("#confirm"):
            page.tap("#confirm")
            return
        page.locator("#board").scroll_into_view_if_needed()
        targets = page.evaluate(TARGETS)
        buttons = [t for t in targets["buttons"] if t["token"]]
        if targets["shown"]:
            t = rng.choice(targets["shown"])
            page.touchscreen.tap(t["x"] + t["w"] / 2, t["y"] + t["h"] / 2)
        elif buttons:
            page.tap(f'[data-token="{rng.choice(buttons)["token"]}"]')
