"""The game page on a phone (390×844, touch): the board edge to edge and opened on the offered targets,
each at least 44 px; the view's buttons in a bar of their own; the panels under the board; the site's
navigation folded into a menu button; panning with a finger and zooming with two; and a game played
with taps only. Every game's page, since the site names no game.
"""
from __future__ import annotations

import contextlib
import json
import random

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .test_every_page import mid_game
from .test_play import LIVE_SECONDS, PASSWORD, PUSHED_FROM_THE_TEST, BrowserTestCase, make_player, seq_of, settle

MIN_TARGET = 44

# Boxes on screen of the offered targets: those on the board (and how much of each the board shows),
# and the buttons of the controls and panel.
TARGETS = """() => {
  const board = document.querySelector('#board svg').getBoundingClientRect();
  const box = (n) => { const r = n.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height, token: n.dataset.token }; };
  const inside = (r) => r.x >= board.x - 1 && r.y >= board.y - 1 && r.x + r.w <= board.right + 1 && r.y + r.h <= board.bottom + 1;
  const onBoard = [...document.querySelectorAll('#board [data-token].choice')].map(box);
  return {
    board: { x: board.x, y: board.y, w: board.width, h: board.height },
    shown: onBoard.filter(inside), all: onBoard,
    buttons: [...document.querySelectorAll('#controls .choice, #game-panel .choice, #controls button:not([hidden])')]
      .filter((n) => n.offsetParent !== null).map(box),
  };
}"""


def overlaps(a, b) -> bool:
    return a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"] and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]


def view_box(page) -> list[float]:
    return [float(v) for v in page.get_attribute("#board svg", "viewBox").split()]


def touch(cdp, kind: str, points) -> None:
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
        {"x": x, "y": y, "id": i, "radiusX": 4, "radiusY": 4, "force": 1} for i, (x, y) in enumerate(points)]})


def after_the_touches(page, cdp, x: float, y: float) -> None:
    """Until the page has handled whatever the touches sent so far set off: a touch sent after them
    reaches the page after all they made (a click the browser made of them included), and settle()
    waits out a decision on its way. That last touch is cancelled, so it chooses nothing itself."""
    seen = page.evaluate_handle(
        "() => ({ touch: new Promise((seen) => addEventListener('touchstart', seen, { once: true, capture: true })) })")
    touch(cdp, "touchStart", [(x, y)])
    touch(cdp, "touchCancel", [])
    seen.evaluate("(s) => s.touch.then(() => true)")
    settle(page)


class HeldRequests:
    """A route handler that holds the requests it is given (of `method` only, when named) until the
    test lets them go; after that it lets each one through at once."""

    def __init__(self, method: str | None = None):
        self.method, self.held, self.open = method, [], False

    def __call__(self, route) -> None:
        if self.open or self.method not in (None, route.request.method):
            route.continue_()
        else:
            self.held.append(route)

    def release(self) -> None:
        self.open = True
        while self.held:
            self.held.pop(0).continue_()


class PhoneGamePage(BrowserTestCase):
    def setUp(self):
        from games import rules
        self.alice, self.bob = make_player("alice"), make_player("bob")
        self.games = {name: mid_game(name, [self.alice, self.bob], decisions=9) for name in rules.names()}

    def mover(self, game_id):
        from games.models import Game
        game = Game.objects.get(pk=game_id)
        return game.seats.get(order=game.current_seat).user

    def test_every_game_page_is_made_for_a_phone(self):
        for name, game_id in self.games.items():
            page = self.page_for(self.mover(game_id).username, mobile=True)
            page.goto(f"{self.live_server_url}/games/{game_id}/")
            page.wait_for_selector("#connection[data-state=open]")
            settle(page)
            assert page.get_attribute("#game-root", "data-my-turn") == "yes", name
            self.shot(page, f"20-phone-{name}")

            # The board spans the screen and nothing is wider than it.
            board = page.locator("#board svg").bounding_box()
            assert board["x"] <= 1 and board["width"] >= 388, (name, board)
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 390, name

            # It opens on the offered targets, each large enough for a finger.
            targets = page.evaluate(TARGETS)
            assert targets["shown"] or not targets["all"], (name, "no offered target is in view", targets)
            assert targets["shown"] or [t for t in targets["buttons"] if t["token"]], (name, "nothing offered", targets)
            small = [t for t in targets["shown"] + targets["buttons"] if t["w"] < MIN_TARGET - 0.5 or t["h"] < MIN_TARGET - 0.5]
            assert not small, (name, small)
            if len(targets["shown"]) < len(targets["all"]):
                assert view_box(page) != [float(v) for v in page.get_attribute("#board svg", "data-fit").split()], name

            # The view's buttons are under the board, not on it; the panels follow below.
            for button in page.locator(".zoom button:not([hidden])").all():
                assert not overlaps(button.bounding_box(), board), name
                assert button.bounding_box()["height"] >= MIN_TARGET, name
            bottom = board["y"] + board["height"]
            for panel in (".side", ".log-area", ".chat-area"):
                assert page.locator(panel).bounding_box()["y"] >= bottom, (name, panel)

            # A finger drags the board along; two fingers spread apart zoom in; neither chooses anything.
            page.locator("#board").scroll_into_view_if_needed()
            board = page.locator("#board svg").bounding_box()
            cdp = page.context.new_cdp_session(page)
            before, seq = view_box(page), seq_of(page)
            cx, cy = board["x"] + board["width"] / 2, board["y"] + board["height"] / 2
            touch(cdp, "touchStart", [(cx, cy)])
            for step in range(1, 6):
                touch(cdp, "touchMove", [(cx + 16 * step, cy + 10 * step)])
            touch(cdp, "touchEnd", [])
            moved = view_box(page)
            assert moved[0] < before[0] and moved[1] < before[1] and moved[2] == before[2], (name, before, moved)
            touch(cdp, "touchStart", [(cx - 20, cy), (cx + 20, cy)])
            for step in range(1, 6):
                touch(cdp, "touchMove", [(cx - 20 - 14 * step, cy), (cx + 20 + 14 * step, cy)])
            touch(cdp, "touchEnd", [])
            pinched = view_box(page)
            assert pinched[2] < moved[2] * 0.7, (name, moved, pinched)
            after_the_touches(page, cdp, cx, cy)
            assert seq_of(page) == seq and not page.locator("#board .selected").count(), name
            assert not page.errors, (name, page.errors)
            page.context.close()

    def test_the_navigation_folds_into_a_menu_button(self):
        page = self.page_for("alice", mobile=True)
        page.goto(f"{self.live_server_url}/games/{self.games['argo']}/")
        settle(page)
        menu = page.locator("#menu-button")
        assert menu.is_visible() and menu.get_attribute("aria-expanded") == "false"
        assert not page.is_visible("#site-nav") and not page.is_visible("#my-games-link")
        assert menu.bounding_box()["height"] >= MIN_TARGET
        menu.tap()
        assert menu.get_attribute("aria-expanded") == "true" and page.is_visible("#my-games-link")
        links = page.locator("#site-nav > a").all()
        assert all(link.bounding_box()["height"] >= MIN_TARGET for link in links)
        page.keyboard.press("Escape")
        assert menu.get_attribute("aria-expanded") == "false" and not page.is_visible("#site-nav")
        menu.focus()  # the keyboard opens it too, and the links are the next tab stops
        page.keyboard.press("Enter")
        assert menu.get_attribute("aria-expanded") == "true"
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.closest('#site-nav') !== null")
        page.tap("h1")  # a tap elsewhere closes it
        assert menu.get_attribute("aria-expanded") == "false"
        page.set_viewport_size({"width": 1280, "height": 900})  # a wide screen shows the links themselves
        assert not menu.is_visible() and page.is_visible("#my-games-link")
        assert not page.errors, page.errors


class TouchOnlyGame(BrowserTestCase):
    @PUSHED_FROM_THE_TEST
    def test_ten_decisions_with_taps_only(self):
        from games import services
        from games.models import Game
        alice, bob = make_player("alice"), make_player("bob")
        game = services.create_game(alice, game="argo", players=2)
        services.join_game(bob, game.pk)
        context = self.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        page = context.new_page()
        page.set_default_timeout(20_000)
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        page.on("console", lambda message: page.errors.append(message.text) if message.type == "error" else None)
        page.goto(f"{self.live_server_url}/accounts/login/?next=/games/{game.pk}/")
        page.fill("input[name=login]", "alice")
        page.fill("input[name=password]", PASSWORD)
        page.tap("form button[type=submit]")
        page.wait_for_url(f"{self.live_server_url}/games/{game.pk}/")
        page.wait_for_selector("#connection[data-state=open]")
        settle(page)
        rng = random.Random(11)
        start, mine, theirs = seq_of(page), 0, 0
        while mine < 10:
            stored = Game.objects.get(pk=game.pk)
            if stored.seats.get(order=stored.current_seat).user == bob:  # the other player moves meanwhile
                legal = services.legal_for(stored, bob)["actions"]
                services.submit_decision(bob, game.pk, stored.seq, rng.choice(legal))
                theirs += 1
                page.wait_for_function(f"() => Number(document.querySelector('#game-root').dataset.seq) >= {stored.seq + 1}",
                                       timeout=LIVE_SECONDS * 1000)
                settle(page)
                continue
            page.wait_for_function("() => document.querySelector('#game-root').dataset.myTurn === 'yes'")
            before = seq_of(page)
            for _ in range(6):  # the taps of one decision: a piece or a tile, where it goes, its turn
                self.tap_one(page, rng)
                settle(page)
                if seq_of(page) > before:
                    break
            assert seq_of(page) == before + 1, f"six taps made no decision ({page.get_attribute('#game-root', 'data-choices')})"
            mine += 1
        assert seq_of(page) == start + 10 + theirs and Game.objects.get(pk=game.pk).seq == seq_of(page)
        self.shot(page, "21-phone-after-ten-taps")
        assert not page.errors, page.errors

    def tap_one(self, page, rng):
        if page.is_visible("#confirm"):
            if page.is_visible("#cycle") and rng.random() < 0.5:
                page.tap("#cycle")
            page.tap("#confirm")
            return
        page.locator("#board").scroll_into_view_if_needed()
        targets = page.evaluate(TARGETS)
        if targets["shown"]:
            t = rng.choice(targets["shown"])
            assert t["w"] >= MIN_TARGET - 0.5 and t["h"] >= MIN_TARGET - 0.5, t
            page.touchscreen.tap(t["x"] + t["w"] / 2, t["y"] + t["h"] / 2)
            return
        buttons = [t for t in targets["buttons"] if t["token"]]
        marks = page.evaluate("() => [...document.querySelectorAll('.selected, .mine, .last-move, .queued')]"
                              ".map((n) => n.dataset.token + ':' + n.getAttribute('class'))")
        assert buttons, (f"nothing to tap: {page.get_attribute('#game-root', 'data-choices')} "
                         f"{page.get_attribute('#board svg', 'viewBox')} {marks}")
        page.tap(f'[data-token="{rng.choice(buttons)["token"]}"]')


# What the page shows of the player's decision so far: a tap that acted changes one of these.
DECISION_STATE = """() => [document.querySelector('#game-root').dataset.seq, document.querySelector('#game-root').dataset.choices,
  document.querySelectorAll('#game-root .selected').length, !document.querySelector('#confirm').hidden,
  document.body.classList.contains('busy')].join('/')"""


class TapsRightAfterARedraw(BrowserTestCase):
    """A tap that comes while the page still loads the log (or posts a decision) acts, or lands on a control
    that shows it cannot act: none is swallowed."""

    def setUp(self):
        from games import rules
        self.alice, self.bob = make_player("alice"), make_player("bob")
        self.games = {name: mid_game(name, [self.alice, self.bob], decisions=9) for name in rules.names()}

    def tap_offered(self, page):
        page.locator("#board").scroll_into_view_if_needed()
        targets = page.evaluate(TARGETS)
        if targets["shown"]:  # by its place: a piece may stand on an offered tile
            t = targets["shown"][0]
            page.touchscreen.tap(t["x"] + t["w"] / 2, t["y"] + t["h"] / 2)
            return
        offered = [t for t in targets["buttons"] if t["token"]]
        assert offered, "nothing offered"
        page.tap(f'#game-root [data-token="{offered[0]["token"]}"]')

    def test_a_tap_while_the_log_loads_is_taken(self):
        for name, game_id in self.games.items():
            mover = PhoneGamePage.mover(self, game_id)
            page = self.page_for(mover.username, mobile=True)
            # The log answers slowly, as on a phone's network: it is held until the tap has been seen.
            log = HeldRequests()
            page.route("**/moves/?lang=*", log)
            page.goto(f"{self.live_server_url}/games/{game_id}/")
            page.wait_for_function("() => document.querySelector('#game-root').dataset.myTurn === 'yes'")
            before = page.evaluate(DECISION_STATE)
            self.tap_offered(page)
            with contextlib.suppress(PlaywrightTimeoutError):  # the assertion below says it; the log is still held
                page.wait_for_function(f"() => ({DECISION_STATE})() !== {json.dumps(before)}", timeout=LIVE_SECONDS * 1000)
            assert page.evaluate(DECISION_STATE) != before, (name, "the tap did nothing", before)
            log.release()
            settle(page)
            assert not page.errors, (name, page.errors)
            page.unroute_all(behavior="ignoreErrors")
            page.context.close()

    def test_a_second_tap_while_a_decision_is_posted_shows_it_cannot_act(self):
        from games.models import Game
        checked = 0
        for name, game_id in self.games.items():
            mover = PhoneGamePage.mover(self, game_id)
            page = self.page_for(mover.username, mobile=True)
            page.goto(f"{self.live_server_url}/games/{game_id}/")
            page.wait_for_selector("#connection[data-state=open]")
            settle(page)
            # The decision's answer is held until the test has seen how the page shows it on its way.
            posted = HeldRequests("POST")
            page.route("**/moves/", posted)
            seq = Game.objects.get(pk=game_id).seq
            for _ in range(6):  # tap until a decision is on its way
                if page.is_visible("#confirm"):
                    page.tap("#confirm")
                else:
                    self.tap_offered(page)
                if page.evaluate("() => document.body.classList.contains('busy')"):
                    break
            assert page.evaluate("() => document.body.classList.contains('busy')"), name
            # Every offered control looks disabled now: dimmed, or a disabled button.
            shown = page.evaluate("""() => [...document.querySelectorAll('#game-root .choice')].filter((n) => n.getClientRects().length)
              .map((n) => ({token: n.dataset.token, dim: Number(getComputedStyle(n).opacity) < 0.7, disabled: Boolean(n.disabled)}))""")
            # A decision that ends the turn may leave nothing offered on screen: nothing to tap then.
            assert all(c["dim"] or c["disabled"] for c in shown), (name, shown)
            checked += bool(shown)
            posted.release()
            settle(page)
            assert Game.objects.get(pk=game_id).seq == seq + 1, name
            assert not page.errors, (name, page.errors)
            page.unroute_all(behavior="ignoreErrors")
            page.context.close()
        assert checked, "no game showed an offered control while its decision was posted"


class WhatTheQuestionAsksIsUnderThePrompt(BrowserTestCase):
    def test_the_panel_of_the_question_is_within_one_screen_and_headers_keep_their_words(self):
        import random as _random
        from unittest import mock

        from games import rules, services
        from games.models import Game
        from games.services import lobby
        alice, bob = make_player("alice"), make_player("bob")
        rng = _random.Random(3)
        for name in rules.names():
            # A dealt game, the same every run: a random deal may ask nothing in the panel for 25 turns.
            with mock.patch.object(lobby.secrets, "randbits", return_value=8):
                game_id = mid_game(name, [alice, bob], decisions=2)
            pages = {u.username: self.page_for(u.username, mobile=True) for u in (alice, bob)}
            seen = False
            for _ in range(25):  # until a decision is asked in the module's panel (a card, a module of the supply)
                game = Game.objects.get(pk=game_id)
                user = game.seats.get(order=game.current_seat).user
                page = pages[user.username]
                page.goto(f"{self.live_server_url}/games/{game_id}/")
                page.wait_for_function("() => document.querySelector('#game-root').dataset.myTurn === 'yes'")
                settle(page)
                self.headers_keep_their_words(page, name)
                boxes = page.evaluate("""() => ({prompt: document.querySelector('#prompt').getBoundingClientRect().top + scrollY,
                  asked: [...document.querySelectorAll('#game-panel .choice')].filter((n) => n.getClientRects().length)
                    .map((n) => n.getBoundingClientRect().bottom + scrollY)})""")
                if boxes["asked"]:
                    seen = True
                    assert max(boxes["asked"]) - boxes["prompt"] <= 844, (name, boxes)
                    self.shot(page, f"22-phone-panel-{name}")
                    break
                legal = services.legal_for(game, user)["actions"]
                services.submit_decision(user, game_id, game.seq, rng.choice(legal))
            assert seen, f"{name}: no decision in the panel within 25 turns"
            for page in pages.values():
                assert not page.errors, (name, page.errors)
                page.context.close()

    @staticmethod
    def headers_keep_their_words(page, name):
        """Each word of each players-table header fits the header's width: none is broken inside."""
        broken = page.evaluate("""() => [...document.querySelectorAll('#players th')].flatMap((th) => {
          const style = getComputedStyle(th);
          const room = th.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return th.textContent.split(/\\s+/).filter(Boolean).filter((word) => {
            const probe = document.createElement('span');
            probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap';
            probe.textContent = word;
            th.appendChild(probe);
            const wide = probe.getBoundingClientRect().width;
            probe.remove();
            return wide > room + 0.5;
          }).map((word) => `${th.textContent}: ${word}`);
        })""")
        assert not broken, (name, broken)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390, name


# What the player sees: each node's box on the screen against the board's. (A node's getBBox() is in
# its own units, which a translated group shifts away from the viewBox's: Theseus's sectors.)
IN_VIEW = """() => {
  const svg = document.querySelector('#board svg');
  const r = svg.getBoundingClientRect();
  const inside = (n) => {
    const b = n.getBoundingClientRect();
    return b.width > 0 && b.left >= r.left - 1 && b.top >= r.top - 1 && b.right <= r.right + 1 && b.bottom <= r.bottom + 1;
  };
  const count = (sel) => { const all = [...svg.querySelectorAll(sel)]; return { all: all.length, shown: all.filter(inside).length }; };
  return { mine: count('.mine'), offered: count('[data-token].choice') };
}"""


class TheTurnOpensOnTargetsAndOwnPieces(BrowserTestCase):
    def test_the_view_holds_the_offered_targets_and_the_players_own_pieces(self):
        from unittest import mock

        from games import rules
        from games.services import lobby
        alice, bob = make_player("alice"), make_player("bob")
        for name in rules.names():
            whole = 0  # positions where every own piece is in view: where they fit beside the targets at 44 px
            for decisions in (6, 9, 14):
                # The same deal every run: whether own pieces fit beside the targets depends on the deal.
                with mock.patch.object(lobby.secrets, "randbits", return_value=8):
                    game_id = mid_game(name, [alice, bob], decisions=decisions)
                page = self.page_for(PhoneGamePage.mover(self, game_id).username, mobile=True)
                page.goto(f"{self.live_server_url}/games/{game_id}/")
                page.wait_for_function("() => document.querySelector('#game-root').dataset.myTurn === 'yes'")
                settle(page)
                seen = page.evaluate(IN_VIEW)
                assert seen["mine"]["all"], (name, decisions, "the board marks none of the player's pieces as theirs")
                assert seen["mine"]["shown"] >= 1 and (seen["offered"]["shown"] or not seen["offered"]["all"]), (name, decisions, seen)
                whole += seen["mine"]["shown"] == seen["mine"]["all"]
                assert not page.errors, (name, page.errors)
                page.context.close()
            assert whole >= 1, (name, whole)


RING = """() => [...document.querySelectorAll('#board [data-token].choice')].filter((n) => n.querySelector('.piece')).map((n) => {
  const ring = n.querySelector('.ring'), piece = n.querySelector('.piece');
  const style = getComputedStyle(ring), choice = getComputedStyle(document.documentElement).getPropertyValue('--choice').trim();
  const probe = document.createElement('i'); probe.style.color = choice; document.body.appendChild(probe);
  const wanted = getComputedStyle(probe).color; probe.remove();
  const outer = ring.getBoundingClientRect().width + parseFloat(style.strokeWidth);
  return { token: n.dataset.token, colour: style.stroke === wanted, band: (outer - piece.getBoundingClientRect().width) / 2 };
})"""


class ThePromptFollowsEachStep(BrowserTestCase):
    def test_the_prompt_changes_with_each_click_and_offered_pieces_wear_the_choice_colour(self):
        import random as _random

        from games import rules, services
        from games.models import Game
        alice, bob = make_player("alice"), make_player("bob")
        rng = _random.Random(8)
        rings = 0
        for name in rules.names():
            game_id = mid_game(name, [alice, bob], decisions=2)
            pages = {u.username: self.page_for(u.username) for u in (alice, bob)}
            steps = 0
            for _ in range(40):
                game = Game.objects.get(pk=game_id)
                user = game.seats.get(order=game.current_seat).user
                page = pages[user.username]
                page.goto(f"{self.live_server_url}/games/{game_id}/")
                page.wait_for_function("() => document.querySelector('#game-root').dataset.myTurn === 'yes'")
                settle(page)
                for ring in page.evaluate(RING):  # a piece offered: a clear ring in the choice colour around it
                    assert ring["colour"] and ring["band"] >= 3, (name, ring)
                    rings += 1
                before = page.text_content("#prompt")
                offered = page.locator("#board [data-token].choice, #game-panel [data-token].choice")
                if offered.count():
                    offered.nth(0).dispatch_event("click")
                    if seq_of(page) == game.seq and (page.locator("#game-root .selected").count() or page.is_visible("#confirm")):
                        after = page.text_content("#prompt")
                        assert after != before, (name, "the prompt stayed", before)
                        steps += 1
                if steps >= 3:
                    break
                settle(page)
                game = Game.objects.get(pk=game_id)
                user = game.seats.get(order=game.current_seat).user
                services.submit_decision(user, game_id, game.seq, rng.choice(services.legal_for(game, user)["actions"]))
            assert steps >= 3, (name, steps)
            for page in pages.values():
                assert not page.errors, (name, page.errors)
                page.context.close()
        assert rings, "no offered piece was seen"
