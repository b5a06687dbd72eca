"""What a phone shows of the board at each of the player's turn starts, over whole games against bots.

On a 390×844 touch screen, every game and mode (each game with two players; a game with a team mode also
with its table of four, every player for themselves and in teams): one person plays by taps against the
site's bots, and at every start of their turn the board shows every offered target at 44 px or more (or,
where they cannot all fit at that size, the nearest ones and a count of the others, which pans to them in
one tap) and at least one of the player's own pieces. Each case prints a line of its figures.

Then the view the player chose: Fit and a pan hold through redraws (the player's own steps, the others'
moves) until the player's next turn begins, when the page chooses the view again; a tap right after Fit
is taken.
"""
from __future__ import annotations

import random
import re
from unittest import mock

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .test_against_bots import QuickBotsTestCase
from .test_every_page import mid_game
from .test_play import LIVE_SECONDS, BrowserTestCase, make_player, seq_of, settle, within

MIN_TARGET = 44
TURN_STARTS = 25  # per game and mode: enough to meet the deals' openings, middles and crowded boards

# The board as the player sees it: its box, each offered target's and each of the player's own pieces'
# boxes on screen, and the count of offered targets out of view.
SEEN = """() => {
  const svg = document.querySelector('#board svg'), board = svg.getBoundingClientRect();
  const box = (n) => {
    const r = n.getBoundingClientRect();
    return { x: r.x, y: r.y, w: r.width, h: r.height, token: n.dataset.token || null };
  };
  const more = document.querySelector('#more-targets');
  return {
    board: { x: board.x, y: board.y, w: board.width, h: board.height },
    targets: [...svg.querySelectorAll('[data-token].choice')].map(box),
    mine: [...svg.querySelectorAll('.mine')].map(box),
    buttons: [...document.querySelectorAll('#controls .choice, #game-panel .choice')].filter((n) => n.getClientRects().length).map(box),
    more: more && !more.hidden && more.getClientRects().length ? more.textContent : null,
    chosen: svg.dataset.zoomed || null, viewBox: svg.getAttribute('viewBox'), fit: svg.dataset.fit,
  };
}"""


def inside(r, board) -> bool:
    return (r["x"] >= board["x"] - 1 and r["y"] >= board["y"] - 1
            and r["x"] + r["w"] <= board["x"] + board["w"] + 1 and r["y"] + r["h"] <= board["y"] + board["h"] + 1)


def centre_inside(r, board) -> bool:
    cx, cy = r["x"] + r["w"] / 2, r["y"] + r["h"] / 2
    return board["x"] <= cx <= board["x"] + board["w"] and board["y"] <= cy <= board["y"] + board["h"]


def large_enough(r) -> bool:
    return r["w"] >= MIN_TARGET - 0.5 and r["h"] >= MIN_TARGET - 0.5


def fit_at_44(targets, board) -> bool:
    """Whether all the targets fit on the board at once with the smallest 44 px across (measured at
    the present zoom, whatever it is)."""
    if not targets:
        return True
    scale = MIN_TARGET / min(min(t["w"], t["h"]) for t in targets)
    width = max(t["x"] + t["w"] for t in targets) - min(t["x"] for t in targets)
    height = max(t["y"] + t["h"] for t in targets) - min(t["y"] for t in targets)
    return width * scale <= board["w"] + 1 and height * scale <= board["h"] + 1


def nearest(pieces, targets):
    """The piece nearest the middle of the targets."""
    if not targets:
        return pieces[0]
    mx = sum(t["x"] + t["w"] / 2 for t in targets) / len(targets)
    my = sum(t["y"] + t["h"] / 2 for t in targets) / len(targets)
    return min(pieces, key=lambda p: (p["x"] + p["w"] / 2 - mx) ** 2 + (p["y"] + p["h"] / 2 - my) ** 2)


def pan_taken(page, view_box: str) -> bool:
    """Until the view moved from `view_box`: a tap's click may reach the page a moment after the touch
    ends (seen under CI's load). Whether it moved: a tap that moved nothing lets the wait run out."""
    try:
        page.wait_for_function("(before) => document.querySelector('#board svg').getAttribute('viewBox') !== before",
                               arg=view_box, timeout=LIVE_SECONDS * 1000)
    except PlaywrightTimeout:
        return False
    return True


def tap_count(page, view_box: str) -> bool:
    """A tap on the count of targets out of view, until the view moved. A loaded machine has lost the
    click of such a tap, once in many hundreds (the view never moved, the page was idle): one tap
    more, as a player whose tap did nothing taps again; a count that never pans fails the caller."""
    for _ in range(2):
        page.tap("#more-targets")
        if pan_taken(page, view_box):
            return True
        settle(page)
    return False


def count_of(words: str | None) -> int | None:
    found = re.search(r"\d+", words or "")
    return int(found.group()) if found else None


def modes() -> list[tuple[str, int, dict]]:
    """Each game with two players; a game with a team mode, its four-player table too, every player
    for themselves and in teams (the board and its offers differ with the table)."""
    from games import rules
    from games.rules.base import option_sets
    out = []
    for name in rules.names():
        module = rules.get(name)
        out.append((name, module.min_players, {}))
        teamed = [o for o in option_sets(module, module.max_players) if module.teams(module.max_players, o)]
        if teamed:
            out += [(name, module.max_players, {}), (name, module.max_players, teamed[0])]
    return out


def mode_id(mode) -> str:
    name, players, options = mode
    return f"{name}-{players}p{'-teams' if options.get('teams') else ''}"


MODES = modes()


class BotsAtOnceTestCase(QuickBotsTestCase):
    """A live server whose bots decide at once, inside the request that gives them the turn."""

    bot_delay = 0


class TurnStartsOnAPhone(BotsAtOnceTestCase):
    """One test per game and mode (made below from the registry), so that one's failure hides no other's."""

    def play(self, mode) -> None:
        from games.models import Game
        name, players, options = mode
        player = make_player("pia")
        page = self.page_for("pia", mobile=True)
        rng, still = random.Random(7), within(12)
        tally = {"starts": 0, "targets": 0, "all": 0, "counted": 0, "own": 0, "own_any": 0, "no_room": 0, "faults": []}
        for seed in range(1, 6):  # another game where one ends before enough turn starts
            game_id = self.new_game(player, mode, seed)
            page.goto(f"{self.live_server_url}/games/{game_id}/")
            page.wait_for_selector("#connection[data-state=open]")
            seat = Game.objects.get(pk=game_id).seat_of(player).order
            while tally["starts"] < TURN_STARTS and Game.objects.get(pk=game_id).status == Game.Status.ACTIVE:
                still(f"{mode_id(mode)}: {TURN_STARTS} turn starts were not reached ({tally['starts']})")
                if self.turn_starts(game_id, seat):
                    self.my_turn(page, game_id)
                    self.check(page, tally)
                    self.decide_by_taps(page, rng)
                else:  # the rest of the turn, quicker without the page: it shows what follows live
                    self.decide_elsewhere(player, game_id, rng)
            if tally["starts"] >= TURN_STARTS:
                break
        self.report(mode, tally)
        assert not page.errors, page.errors

    @staticmethod
    def new_game(player, mode, seed: int) -> int:
        from games import rules, services
        from games.services import lobby
        name, players, options = mode
        kind = rules.get(name).bot_kinds[0]
        with mock.patch.object(lobby.secrets, "randbits", return_value=seed):  # the same deals every run
            return services.create_game(player, game=name, players=players, options=options, bots=[kind] * (players - 1)).pk

    @staticmethod
    def my_turn(page, game_id) -> None:
        """Until the page shows the player's turn as stored (the bots moved at once, in the request)."""
        from games.models import Game
        game = Game.objects.get(pk=game_id)
        page.wait_for_function(f"""() => document.querySelector('#game-root').dataset.seq === '{game.seq}'
          && document.querySelector('#game-root').dataset.myTurn === 'yes'""", timeout=LIVE_SECONDS * 1000)
        settle(page)

    @staticmethod
    def turn_starts(game_id, seat) -> bool:
        """No decision yet, or the last one another seat's: the player's turn begins (not a step of it)."""
        from games.models import Decision
        last = Decision.objects.filter(game_id=game_id, undone=False).order_by("-number").first()
        return last is None or last.seat != seat

    def check(self, page, tally) -> None:
        page.locator("#board").scroll_into_view_if_needed()
        seen = page.evaluate(SEEN)
        board, targets = seen["board"], seen["targets"]
        shown = [t for t in targets if inside(t, board)]
        tally["starts"] += 1
        tally["targets"] += bool(targets)
        where = (f"turn start {tally['starts']}, seq {seq_of(page)}, viewBox {seen['viewBox']} of {seen['fit']} "
                 f"({seen['chosen'] or 'automatic'})")
        small = [t for t in shown if not large_enough(t)]
        if small:
            tally["faults"].append(f"{where}: targets under {MIN_TARGET} px: {small}")
        if len(shown) == len(targets):
            tally["all"] += 1
            if seen["more"]:
                tally["faults"].append(f"{where}: a count ({seen['more']}) with every target in view")
        elif self.counted(page, seen, shown, where, tally):
            tally["counted"] += 1
        if seen["mine"]:
            tally["own_any"] += 1
            if any(centre_inside(m, board) for m in seen["mine"]):
                tally["own"] += 1
            elif shown and not fit_at_44([*targets, nearest(seen["mine"], targets)], board):
                tally["no_room"] += 1  # the targets come first: no own piece fits beside them all at 44 px
            else:
                tally["faults"].append(f"{where}: none of {len(seen['mine'])} own pieces in view")

    @staticmethod
    def counted(page, seen, shown, where, tally) -> bool:
        """Targets out of view: only where they cannot all fit at 44 px, the nearest in view, a count of
        the others that one tap pans to."""
        board, targets = seen["board"], seen["targets"]
        out = len(targets) - len(shown)
        faults = []
        if fit_at_44(targets, board):
            faults.append(f"{out} of {len(targets)} targets out of view, though all fit at {MIN_TARGET} px")
        if not shown:
            faults.append(f"none of {len(targets)} targets in view")
        if count_of(seen["more"]) != out:
            faults.append(f"the count says {seen['more']!r} for {out} targets out of view")
        else:
            before = {t["token"] for t in shown}
            panned = tap_count(page, seen["viewBox"])
            after = page.evaluate(SEEN)
            if not panned:
                faults.append("two taps on the count never moved the view")
            # a target longer than the view (a lane between far places) is in view once its middle is
            elif not {t["token"] for t in after["targets"] if centre_inside(t, after["board"])} - before:
                faults.append(f"a tap on the count showed no other target (the view {after['viewBox']}, "
                              f"{after['chosen'] or 'automatic'}, {len(after['targets'])} targets)")
        tally["faults"] += [f"{where}: {f}" for f in faults]
        return not faults

    def decide_by_taps(self, page, rng) -> None:
        """Taps until one decision is made: a piece or a tile, where it goes, its turn."""
        before = seq_of(page)
        for _ in range(6):
            self.tap_one(page, rng)
            settle(page)
            if seq_of(page) != before or page.get_attribute("#game-root", "data-my-turn") != "yes":
                return
        raise AssertionError(f"six taps made no decision ({page.get_attribute('#game-root', 'data-choices')})")

    @staticmethod
    def decide_elsewhere(player, game_id, rng) -> None:
        from games import services
        from games.models import Game
        game = Game.objects.get(pk=game_id)
        services.submit_decision(player, game_id, game.seq, rng.choice(services.legal_for(game, player)["actions"]))

    def tap_one(self, page, rng) -> None:
        """One tap: on a target in view or an offered button, at random; a tile turned is confirmed."""
        if page.is_visible("#confirm"):
            page.tap("#confirm")
            return
        page.locator("#board").scroll_into_view_if_needed()
        seen = page.evaluate(SEEN)
        offered = [t for t in seen["targets"] if inside(t, seen["board"])] + [b for b in seen["buttons"] if b["token"]]
        if not offered and seen["more"]:
            page.tap("#more-targets")
            return
        assert offered, f"nothing to tap: {page.get_attribute('#game-root', 'data-choices')} {seen['viewBox']}"
        t = rng.choice(offered)
        if t in seen["buttons"]:
            page.locator(f'#game-root [data-token="{t["token"]}"]').first.tap()
        else:
            page.touchscreen.tap(t["x"] + t["w"] / 2, t["y"] + t["h"] / 2)

    @staticmethod
    def report(mode, tally) -> None:
        from .test_play import ARTIFACTS
        starts = tally["starts"]
        share = lambda n, of: f"{100 * n / of:5.1f} %" if of else "    - "  # noqa: E731
        line = (f"{mode_id(mode):16} turn starts {starts:3} (with board targets {tally['targets']:3})  "
                f"every target in view {share(tally['all'] + tally['counted'], starts)} "
                f"(all {tally['all']}, nearest + count {tally['counted']})  "
                f"own piece in view {share(tally['own'], tally['own_any'])} of {tally['own_any']} "
                f"(no room beside the targets {tally['no_room']})")
        print(line)
        with open(ARTIFACTS / "phone-view.txt", "a", encoding="utf-8") as out:
            out.write(line + "\n")
        assert starts >= TURN_STARTS, line
        assert not tally["faults"], "\n".join([line, *tally["faults"][:12]])


def _case(mode):
    def test(self):
        self.play(mode)
    test.__name__ = f"test_{mode_id(mode).replace('-', '_')}"
    test.__doc__ = f"Every turn start of {mode_id(mode)} on a phone shows the offered targets and an own piece."
    return test


for _mode in MODES:
    setattr(TurnStartsOnAPhone, _case(_mode).__name__, _case(_mode))


OFFERED = "#board [data-token].choice, #controls .choice, #game-panel .choice"
# What the page shows of the player's decision so far: a tap that acted changes one of these.
DECISION_STATE = """() => [document.querySelector('#game-root').dataset.seq, document.querySelector('#game-root').dataset.choices,
  document.querySelectorAll('#game-root .selected').length, !document.querySelector('#confirm').hidden].join('/')"""


def touch(cdp, kind: str, points) -> None:
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
        {"x": x, "y": y, "id": i, "radiusX": 4, "radiusY": 4, "force": 1} for i, (x, y) in enumerate(points)]})


class TheViewThePlayerChose(BrowserTestCase):
    """Fit or a pan holds through the player's own steps and the others' moves, until the player's next
    turn begins; a tap right after Fit is taken. One test per game (made below from the registry)."""

    def chosen_view_holds(self, name: str) -> None:
        from games.models import Game
        users = [make_player(n) for n in ("alice", "bob", "carol")]
        game_id = mid_game(name, users, decisions=9)
        game = Game.objects.get(pk=game_id)
        mover = game.seats.get(order=game.current_seat).user
        page = self.page_for(mover.username, mobile=True)
        page.goto(f"{self.live_server_url}/games/{game_id}/")
        page.wait_for_selector("#connection[data-state=open]")
        TurnStartsOnAPhone.my_turn(page, game_id)
        page.locator("#board").scroll_into_view_if_needed()

        page.tap("[data-zoom=fit]")
        seen = page.evaluate(SEEN)
        assert seen["chosen"] == "fit", (name, seen)
        assert [float(v) for v in seen["viewBox"].split()] == [float(v) for v in seen["fit"].split()], (name, seen)
        self.tap_right_after_fit(page, name)
        fitted = lambda: page.evaluate(SEEN)["fit"]  # noqa: E731 (the frame may grow with the board)
        self.holds_until_the_next_turn(page, mover, game_id, fitted, name)

        before = self.pan(page)
        assert page.evaluate(SEEN)["chosen"] == "yes" and before != page.evaluate(SEEN)["fit"], name
        self.holds_until_the_next_turn(page, mover, game_id, lambda: before, name)
        assert not page.errors, (name, page.errors)

    @staticmethod
    def tap_right_after_fit(page, name) -> None:
        seen = page.evaluate(SEEN)
        before = page.evaluate(DECISION_STATE)
        shown = [t for t in seen["targets"] if inside(t, seen["board"])]
        if shown:
            t = shown[0]
            page.touchscreen.tap(t["x"] + t["w"] / 2, t["y"] + t["h"] / 2)
        else:
            page.locator(f'#game-root [data-token="{seen["buttons"][0]["token"]}"]').first.tap()
        page.wait_for_function(f"() => ({DECISION_STATE})() !== {before!r}", timeout=5000)
        settle(page)

    def holds_until_the_next_turn(self, page, mover, game_id, expected, name) -> None:
        """The player's own steps to the end of their turn, then the others' moves one by one: the view
        stays as chosen; once the player's turn begins, the page chooses it again."""
        from games import services
        from games.models import Game

        def same(why):
            seen = page.evaluate(SEEN)
            assert [round(float(v), 1) for v in seen["viewBox"].split()] == [round(float(v), 1) for v in expected().split()], \
                (name, why, seen["viewBox"], expected())
        rng = random.Random(4)

        def mover_decides() -> bool:
            game = Game.objects.get(pk=game_id)
            return game.status == Game.Status.ACTIVE and game.seats.get(order=game.current_seat).user == mover

        # The player's own steps, while the stored game says it is their turn: the page's data-my-turn
        # reads "no" for a moment when a reload meets a decision of its own on the way (the question is
        # asked again right after), so each step first waits for the page to show the turn as stored.
        while mover_decides():
            TurnStartsOnAPhone.my_turn(page, game_id)
            same("a step of the player's own")
            if page.is_visible("#confirm"):
                page.click("#confirm")
            else:
                offered = page.locator(OFFERED)
                offered.nth(rng.randrange(offered.count())).dispatch_event("click")
            settle(page)
        while True:  # the others' moves
            game = Game.objects.get(pk=game_id)
            user = game.seats.get(order=game.current_seat).user
            if user == mover:
                break
            same("the others' move")
            services.submit_decision(user, game_id, game.seq, rng.choice(services.legal_for(game, user)["actions"]))
            page.wait_for_function(f"() => Number(document.querySelector('#game-root').dataset.seq) >= {game.seq + 1}",
                                   timeout=LIVE_SECONDS * 1000)
            settle(page)
        TurnStartsOnAPhone.my_turn(page, game_id)
        seen = page.evaluate(SEEN)
        assert seen["chosen"] is None, (name, "the player's view outlived their turn", seen)
        shown = [t for t in seen["targets"] if inside(t, seen["board"])]
        assert shown or not seen["targets"], (name, "the new turn opens on no target", seen)

    @staticmethod
    def pan(page) -> str:
        """A finger drags the board a third of its width; the viewBox it leaves."""
        page.locator("#board").scroll_into_view_if_needed()
        board = page.locator("#board svg").bounding_box()
        cdp = page.context.new_cdp_session(page)
        x, y = board["x"] + board["width"] / 2, board["y"] + board["height"] / 2
        touch(cdp, "touchStart", [(x, y)])
        for step in range(1, 6):
            touch(cdp, "touchMove", [(x - step * board["width"] / 15, y)])
        touch(cdp, "touchEnd", [])
        return page.get_attribute("#board svg", "viewBox")


def _view_case(name):
    def test(self):
        self.chosen_view_holds(name)
    test.__name__ = f"test_fit_and_a_pan_hold_until_the_next_turn_{name}"
    return test


for _name in sorted({m[0] for m in MODES}):
    setattr(TheViewThePlayerChose, _view_case(_name).__name__, _view_case(_name))
