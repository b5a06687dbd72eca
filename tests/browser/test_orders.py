"""Standing orders from the analysis board (static/js/analysis.js, static/js/orders.js), one game of each
kind on the same two pages: a player plays two branches of the opponent's next turn on the analysis
board, each up to an answer of their own, and saves each as a standing order (and the second once more,
which they withdraw with the keys); the opponent plays into the first on their page, and the answer is
there at once on both pages, its log line marked "(standing order)" for its player alone, the first
order "fired" and the other "missed" in the player's panel.

The branches are built from the opponent's true legal decisions that play the same in the world the
analysis board guesses (deal 0) and show the player the same there as in truth, so that the guess and
the game agree; the two differ in what the player sees after the opponent's first decision."""
from __future__ import annotations

import json
from functools import partial

from .test_analysis import ready
from .test_every_page import AXE
from .test_play import LIVE_SECONDS, BrowserTestCase, make_player, settle

# Each decision's tokens as the page's board module makes them, and whether one is a tile turned with ⟳
# (chosen by Confirm, not by a click on its token).
PATHS = """async ([url, decisions]) => {
  const module = await import(url);
  const turned = (token) => Boolean(module.cyclePrefix) && token.startsWith(module.cyclePrefix);
  return decisions.map((d) => { const path = module.pathOf(d).map(String); return { path, cycled: path.some(turned) }; });
}"""


def clicked_alone(page, board: str, decisions: list[dict]) -> list[dict]:
    """The decisions the page chooses by clicks on their tokens alone (no tile turned with ⟳)."""
    paths = page.evaluate(PATHS, [board, decisions])
    return [d for d, p in zip(decisions, paths, strict=True) if not p["cycled"]]


def seen_as(module, state, seat) -> str:
    return json.dumps(module.view(state, seat), sort_keys=True)


def branches(module, state: dict, guess: dict, me: int, plain) -> list[list[dict]] | None:
    """Two lines from the present position, the rival to decide: the rival's decisions up to the player's
    turn, then one decision of the player's. Each decision is legal in truth, plays in the guessed world
    and shows the player the same in both (`plain(decisions)` keeps those the page chooses without
    turning a tile); the two lines' first decisions show the player different things. None when the
    position has no such pair."""
    def steps(true, guessed):
        out = []
        for decision in plain(module.legal_actions(true)):
            try:
                t, g = module.apply(true, decision)[0], module.apply(guessed, decision)[0]
            except Exception:  # illegal in the guessed world: not a step of a branch
                continue
            if module.current_seat(t) == module.current_seat(g) and seen_as(module, t, me) == seen_as(module, g, me):
                out.append((decision, t, g))
        return out

    def on_to_mine(decision, true, guessed):
        """The line from the rival's `decision` on to the player's turn, and the player's first decision there."""
        line = [decision]
        while module.current_seat(true) != me:
            options = steps(true, guessed) if module.current_seat(true) is not None and len(line) < 12 else []
            if not options:
                return None
            decision, true, guessed = options[0]
            line.append(decision)
        mine = steps(true, guessed)
        return [*line, mine[0][0]] if mine else None

    found, views = [], set()
    for decision, true, guessed in steps(state, guess):
        view = seen_as(module, true, me)
        line = None if view in views else on_to_mine(decision, true, guessed)
        if line:
            found.append(line)
            views.add(view)
        if len(found) == 2:
            return found
    return None


def statuses(page) -> list[str]:
    """The orders' statuses in the panel, newest first."""
    return page.eval_on_selector_all("#orders-list li", "(items) => items.map((i) => i.dataset.status)")


def click_decision(page, path: list[str]) -> None:
    """Clicks the tokens of one decision on the page, each once it is offered."""
    for token in path:
        target = page.locator(f'#game-root .choice[data-token="{token}"]').first
        target.wait_for(state="attached")
        target.dispatch_event("click")


class StandingOrdersFromTheAnalysisBoard(BrowserTestCase):
    def test_two_branches_saved_one_fires_at_once_on_both_pages_and_the_other_is_missed(self):
        from django.templatetags.static import static

        from games import rules, services
        from games.rules.rng import SeededRandom
        me, rival = make_player("me"), make_player("rival")
        page, other = self.page_for("me"), self.page_for("rival")
        for name in rules.names():
            module = rules.get(name)
            game = services.create_game(me, game=name, players=2)
            services.join_game(rival, game.pk)
            url, board = f"{self.live_server_url}/games/{game.pk}/", static(f"{name}/board.js")

            plain = partial(clicked_alone, page, board)
            # The game goes on (true legal decisions, through the services) to a turn of the rival's with two branches.
            game = services.game_with_seats(game.pk)
            seat, lines = game.seat_of(me).order, None
            for _ in range(60):
                state = services.current_state(game)
                if game.current_seat != seat and game.seq >= 2:
                    guess = module.guessed_world(module.view(state, seat), seat, SeededRandom(0))
                    if lines := branches(module, state, guess, seat, plain):
                        break
                player = me if game.current_seat == seat else rival
                services.submit_decision(player, game.pk, game.seq, module.legal_actions(state)[0])
                game = services.game_with_seats(game.pk)
            assert lines, f"{name}: no position with two branches"
            base = game.seq
            for p in (page, other):
                p.goto(url)
                p.wait_for_selector("#connection[data-state=open]")
                settle(p)

            page.keyboard.press("a")
            ready(page, 0)
            for number, line in enumerate(lines):
                for at, path in enumerate(p["path"] for p in page.evaluate(PATHS, [board, line])):
                    click_decision(page, path)
                    ready(page, at + 1)
                    assert page.is_disabled("#analysis-save") == (at + 1 < len(line)), \
                        f"{name}: a line is saved only once it ends with my answer ({at + 1} of {len(line)})"
                page.click("#analysis-save")
                page.wait_for_selector("#analysis-saved:not([hidden])")
                assert page.text_content("#analysis-saved").startswith("Saved: when "), page.text_content("#analysis-saved")
                page.wait_for_selector(f"#orders-list li:nth-child({number + 1})")
                for _ in line:
                    page.keyboard.press("ArrowLeft")
                ready(page, 0)
            # The second branch once more, stepped through without reading a position again, and withdrawn by keys.
            for _ in lines[1]:
                page.keyboard.press("ArrowRight")
            ready(page, len(lines[1]))
            page.click("#analysis-save")
            page.wait_for_selector("#orders-list li:nth-child(3)")
            page.keyboard.press("Escape")
            page.wait_for_selector("#analysis", state="hidden")
            page.focus("#orders-list li:first-child .order-withdraw")
            page.keyboard.press("Enter")
            page.wait_for_selector("#orders-list li:first-child[data-status=withdrawn]")
            assert page.evaluate("() => Boolean(document.activeElement.closest('#orders'))"), "the keyboard stays in the panel"
            assert statuses(page) == ["withdrawn", "waiting", "waiting"]

            # The rival plays into the first branch on their page; the answer follows at once, on both pages.
            played, answer = lines[0][:-1], base + len(lines[0])
            for at, path in enumerate(p["path"] for p in page.evaluate(PATHS, [board, played])):
                other.wait_for_function(f"() => document.getElementById('game-root').dataset.myTurn === 'yes' "
                                        f"&& Number(document.getElementById('game-root').dataset.seq) === {base + at}")
                click_decision(other, path)
                if other.is_visible("#turn-end-confirm"):
                    other.click("#turn-end-confirm")
            for p in (page, other):
                p.wait_for_function(f"() => Number(document.getElementById('game-root').dataset.seq) >= {answer}",
                                    timeout=LIVE_SECONDS * 1000)
            page.wait_for_selector(f'#log li.by-order[data-number="{answer}"]', timeout=LIVE_SECONDS * 1000)
            assert "(standing order)" in page.text_content(f'#log li[data-number="{answer}"]')
            other.wait_for_selector(f'#log li[data-number="{answer}"]', timeout=LIVE_SECONDS * 1000)
            assert "(standing order)" not in other.text_content("#log"), f"{name}: the mark is its player's alone"
            page.wait_for_function("""() => !document.querySelector('#orders-list li[data-status=waiting]')""",
                                   timeout=LIVE_SECONDS * 1000)
            assert statuses(page) == ["withdrawn", "missed", "fired"], f"{name}: the first branch fired, the second missed"
            assert not page.locator("#orders .order-withdraw").count(), "nothing left to withdraw"
        assert not page.errors and not other.errors, page.errors + other.errors
        # The last game's panel and analysis bar on a phone: nothing wider than the screen, buttons a finger
        # hits, nothing axe-core finds in them.
        phone = self.watched(self.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                              bypass_csp=True).new_page())  # lets axe's script in
        self.sign_in(phone, "me")
        phone.goto(url)
        phone.wait_for_selector("#orders-list li[data-status=fired]")
        assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
        phone.click("#analysis-open")
        ready(phone, 0)
        box = phone.locator("#analysis-save").bounding_box()
        assert box["height"] >= 44 and box["x"] + box["width"] <= 390, box
        self.shot(phone, "orders-phone")
        if AXE.exists():
            phone.add_script_tag(path=str(AXE))
            found = phone.evaluate("""async () => (await axe.run({ include: [["#orders"], ["#analysis"]] },
                { resultTypes: ["violations"] })).violations""")
            assert found == [], found
