"""The board to a screen reader and a keyboard, for every game: the board's SVG is a labelled group
whose offered targets stay in the accessibility tree, each a button named for what choosing it does
("Move the red Grunt to 2|0"), and a game is played with Tab, Enter and Space only, axe-core finding
no violation on the page at any step.
"""
from __future__ import annotations

import random
import re

import pytest

from .test_every_page import AXE, describe, mid_game
from .test_play import LIVE_SECONDS, PUSHED_FROM_THE_TEST, BrowserTestCase, make_player, seq_of, settle

DECISIONS = 4  # the keyboard player's own decisions per game

# How an offered target's name starts in English, per game: it says what choosing it does. The games
# played are the registry's; one not listed here is held to the rest (a non-empty name, no bare token,
# no two targets named alike).
VERBS = {
    "argo": r"(Move|Push|Activate|Choose|Swap|Shoot|Teleport|Lift|Launch|Place|Fly|Bring back|Kill)\b",
    "andromeda": r"(Enter|Place|Move|Warp|Shift|Swap|Raise|Play|Take|Keep|Give back|Choose)\b",
}
BARE = re.compile(r"^\s*[a-z]+:\S+\s*$|\b(cell|fig|node|link|hand|open|mission|player|tile|dead|rot|btn):")

# The offered targets on the board: token, tag, whether it is focusable.
OFFERED = """() => [...document.querySelectorAll('#board [data-token].choice')].map((n) => ({
  token: n.dataset.token, focusable: n.tabIndex >= 0 }))"""


def name_in_tree(page, token: str) -> tuple[str | None, str]:
    """The role and name the accessibility tree gives the offered target of `token`, from its ARIA snapshot."""
    snapshot = page.locator(f'#board [data-token="{token}"].choice').first.aria_snapshot()
    first = snapshot.strip().splitlines()[0] if snapshot.strip() else ""
    match = re.match(r"""-\s+'?(\w+)(?:\s+"((?:[^"\\]|\\.)*)")?""", first)
    return (match.group(1), match.group(2) or "") if match else (None, snapshot)


@pytest.mark.skipif(not AXE.exists(), reason="needs node_modules/axe-core (npm install; bin/test does it)")
class BoardToScreenReaderAndKeyboard(BrowserTestCase):
    def setUp(self):
        from games import rules
        seated = {name: max(2, rules.get(name).min_players) for name in rules.names()}
        self.alice = make_player("alice")
        people = [self.alice] + [make_player(f"player{n}") for n in range(2, max(seated.values()) + 1)]
        self.games = {name: mid_game(name, people[:count], decisions=6) for name, count in seated.items()}

    def axe(self, page) -> list[dict]:
        if not page.evaluate("() => typeof axe !== 'undefined'"):
            page.add_script_tag(path=str(AXE))
        return page.evaluate("async () => (await axe.run(document, { resultTypes: ['violations'] })).violations")

    def check_targets(self, page, name: str) -> list[str]:
        """Every offered board target is a focusable button in the tree with a meaningful name, all names
        different; returns the problems."""
        problems, names = [], {}
        board = page.locator("#board svg")
        assert board.get_attribute("role") != "img", name  # an img's children are presentational
        assert board.get_attribute("aria-label"), name
        for target in page.evaluate(OFFERED):
            token = target["token"]
            role, label = name_in_tree(page, token)
            for _ in range(3):  # a redraw (the page's news arrives at any time) may replace the node as it is read
                if role == "button" or not page.locator(f'#board [data-token="{token}"].choice').count():
                    break
                settle(page)
                role, label = name_in_tree(page, token)
            if role is None and not page.locator(f'#board [data-token="{token}"].choice').count():
                continue  # no longer offered: the redraw took it away
            if not target["focusable"]:
                problems.append(f"{name}: {token} is not focusable")
            if role != "button":
                problems.append(f"{name}: {token} is not a button in the accessibility tree ({role!r}, {label!r})")
                continue
            if not label.strip() or BARE.search(label):
                problems.append(f"{name}: {token} is named {label!r}, not what choosing it does")
            elif name in VERBS and not re.match(VERBS[name], label):
                problems.append(f"{name}: {token} is named {label!r}, which does not say what choosing it does")
            if label in names:
                problems.append(f"{name}: {token} and {names[label]} are both named {label!r}")
            names[label] = token
        # The page's own buttons and the panel's chips are named too.
        for button in page.locator("#game-root .choice:not(#board .choice)").all():
            if button.is_visible() and not (button.get_attribute("aria-label") or button.inner_text()).strip():
                problems.append(f"{name}: a button without a name: {button.evaluate('(n) => n.outerHTML')[:120]}")
        return problems

    def press_on(self, page, is_wanted: str, arg, key: str) -> None:
        """Tab (from the top of the page) until the focus is on what `is_wanted` picks, then press `key`."""
        page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
        page.focus("body")
        for _ in range(600):
            page.keyboard.press("Tab")
            if page.evaluate(is_wanted, arg):
                page.keyboard.press(key)
                return
        raise AssertionError(f"Tab never reached {arg} (offered: {page.get_attribute('#game-root', 'data-choices')})")

    def keyboard_step(self, page, rng: random.Random, name: str) -> str:
        """One keypress that chooses: a rotation confirmed, or an offered target reached with Tab."""
        if page.is_visible("#confirm"):
            self.press_on(page, "(id) => document.activeElement && document.activeElement.id === id", "confirm", "Space")
            return "confirm"
        tokens = (page.get_attribute("#game-root", "data-choices") or "").split()
        assert tokens, f"{name}: my turn and nothing offered"
        token = rng.choice(tokens)
        self.press_on(page, "(t) => document.activeElement && document.activeElement.dataset"
                            " && document.activeElement.dataset.token === t", token, rng.choice(["Enter", "Space"]))
        return token

    @PUSHED_FROM_THE_TEST
    def test_every_game_is_played_by_keyboard_and_every_target_is_announced(self):
        from games import services
        from games.models import Game
        problems = []
        for name, game_id in self.games.items():
            context = self.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
            page = self.watched(context.new_page())
            self.sign_in(page, "alice")
            page.goto(f"{self.live_server_url}/games/{game_id}/")
            page.wait_for_selector("#connection[data-state=open]")
            settle(page)
            rng = random.Random(3)
            mine = 0
            while mine < DECISIONS:
                stored = Game.objects.get(pk=game_id)
                if stored.status != "active":
                    break
                mover = stored.seats.get(order=stored.current_seat).user
                if mover != self.alice:
                    legal = services.legal_for(stored, mover)["actions"]
                    services.submit_decision(mover, game_id, stored.seq, rng.choice(legal))
                    page.wait_for_function(f"() => Number(document.querySelector('#game-root').dataset.seq) >= {stored.seq + 1}",
                                           timeout=LIVE_SECONDS * 1000)
                    settle(page)
                    continue
                page.wait_for_function("() => document.querySelector('#game-root').dataset.myTurn === 'yes'")
                settle(page)
                before = seq_of(page)
                for _ in range(6):  # the keypresses of one decision
                    problems += self.check_targets(page, name)
                    found = self.axe(page)
                    if found:
                        problems.append(f"{name} mid-game:\n{describe(found)}")
                    self.keyboard_step(page, rng, name)
                    settle(page)
                    if seq_of(page) > before:
                        break
                assert seq_of(page) == before + 1, f"{name}: six keypresses made no decision"
                mine += 1
            assert mine == DECISIONS, name
            assert not page.errors, (name, page.errors)
            context.close()
        assert not problems, "\n".join(dict.fromkeys(problems))
