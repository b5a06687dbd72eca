"""Hand-written Andromeda Escape positions for tests: a started game with the parts a test names replaced.

    s = position(3, seat=0, board={"A11": "red", "A9": "yellow"}, hands={"red": ["W7"]})

Platforms are filled up so that every fleet still adds up (platform + board + saved + Lost Ship).
"""
from __future__ import annotations

from games.rules.andromeda import RULES
from games.rules.andromeda.ships import BOARD
from games.rules.andromeda.turn import clone


def started(players: int = 3, seed: int = 1) -> dict:
    """Past the setup: every player returns the first mission offered."""
    s = RULES.new_game(players, seed)
    while s["ask"]["q"] == "return_mission":
        s, _ = RULES.apply(s, RULES.legal_actions(s)[0])
    return s


def position(players: int = 3, seed: int = 1, *, seat: int = 0, phase: str = "cards", board=None, upright=None,
             hands=None, missions=None, platform=None, saved=None, lost=None, vp=None, skip=None, open=None,
             blocked=None, number: int = 5, **extra) -> dict:
    s = clone(started(players, seed))
    colours = s["colours"]
    s["turn"].update(seat=seat, number=number, phase=phase, into_wormhole=0)
    s["queue"] = []
    s["ask"] = {"q": "turn" if phase == "cards" else "end_turn", "seat": seat}
    if board is not None:
        s["board"] = dict(board)
    s["upright"] = dict(upright or {})
    for key, value in (("hands", hands), ("missions", missions), ("saved", saved), ("lost", lost), ("vp", vp),
                       ("skip", skip)):
        if value is not None:
            s[key].update({c: (list(v) if isinstance(v, list) else v) for c, v in value.items()})
    if open is not None:
        s["open"] = dict(open)
    if blocked is not None:
        s["blocked"] = [dict(b) for b in blocked]
    for c in colours:
        on_board = sum(1 for v in s["board"].values() if v == c)
        fleet = BOARD.ships[players] + 1 - (s["lost"][c] != "placed")
        s["platform"][c] = (platform or {}).get(c, fleet - on_board - s["saved"][c])
    s.update(extra)
    s["undo_floor"] = s["seq"]
    return s


def do(s, **decision):
    """Apply one decision and return (state, events)."""
    return RULES.apply(s, decision)


def kinds(events) -> list[str]:
    return [e["e"] for e in events]
