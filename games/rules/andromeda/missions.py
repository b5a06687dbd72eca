"""Missions (RULES.md section 6): met ones are revealed at once and score; five are judged at the end."""
from __future__ import annotations

from collections.abc import Callable, Iterable

from ..base import Event, State
from .ships import BOARD


def _holds(s: State, colour: str, nodes: Iterable[str]) -> bool:
    board = s["board"]
    return all(board.get(n) == colour for n in nodes)


# Lines by their inner-ring end: a player holding no inner-ring field holds no line.
LINES_TO = {n: tuple(line for line in BOARD.lines if line.nodes[-1] == n) for n in BOARD.inner}


def _line(s: State, c: str, dotted: bool) -> bool:
    board = s["board"]
    return any(line.dotted == dotted and _holds(s, c, line.nodes)
               for n in BOARD.inner if board.get(n) == c for line in LINES_TO[n])


def _zone_fleet(s: State, c: str) -> bool:
    counts: dict[str, int] = {}
    for n in BOARD.outer:
        if s["board"].get(n) == c:
            zone = BOARD.zone[n]
            counts[zone] = counts.get(zone, 0) + 1
    return max(counts.values(), default=0) >= 4


def _hand_count(s: State, c: str, deck: str) -> int:
    return sum(1 for card in s["hands"][c] if BOARD.cards[card].deck == deck)


CHECKS: dict[int, Callable[[State, str], bool]] = {
    1: _zone_fleet,
    2: lambda s, c: any(_holds(s, c, ends) for ends in BOARD.crossings),
    3: lambda s, c: _holds(s, c, BOARD.inner),
    4: lambda s, c: _line(s, c, True),
    5: lambda s, c: _line(s, c, False),
    6: lambda s, c: s["last_ship"][1:2] == [c],           # AE9: by the place taken, however reached
    7: lambda s, c: s["last_ship"][2:3] == [c],
    8: lambda s, c: c in s["alone"],                       # AE6: the Lost Ship had to enter on its own
    9: lambda s, c: s["skip"][c] == 1,
    10: lambda s, c: s["skip"][c] == 3,
    11: lambda s, c: s["colours"][s["turn"]["seat"]] == c and s["turn"]["into_wormhole"] >= 2,
    12: lambda s, c: _hand_count(s, c, "warning") >= 3,
    13: lambda s, c: _hand_count(s, c, "alert") >= 3,
    14: lambda s, c: _hand_count(s, c, "warning") >= 1 and _hand_count(s, c, "alert") >= 2,
    15: lambda s, c: s["first_empty"] == c,
}

if set(CHECKS) != set(BOARD.missions):
    raise ValueError("every mission of the data file needs its check here")


def reveal_met(s: State, ev: list[Event], at_end: bool = False) -> None:
    """Reveal and score every kept mission that is met now (the end ones only at the end)."""
    for colour in s["colours"]:
        kept = s["missions"][colour]
        if not kept:
            continue
        for number in list(kept):
            mission = BOARD.missions[number]
            if (mission.when == "end" and not at_end) or not CHECKS[number](s, colour):
                continue
            kept.remove(number)
            s["revealed"][colour].append(number)
            if at_end and mission.when == "end":
                s["end_vp"][colour] += mission.vp
            else:
                s["vp"][colour] += mission.vp
            ev.append({"e": "mission", "colour": colour, "mission": number, "vp": mission.vp})
