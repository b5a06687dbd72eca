"""Ships on the board: where they may go (RULES.md section 4) and what happens when they move.

A ship is named by the node it stands on. Generators return plain tuples; the turn and the cards
build decisions from them.
"""
from __future__ import annotations

from collections.abc import Collection

from ..base import Event, State
from .components import WORMHOLE, load_board

BOARD = load_board()
_PLACE = {node: i for i, node in enumerate(BOARD.nodes)}


def on_board(s: State, marks: str = "board") -> list[str]:
    """The nodes of `s[marks]` (the ships, or the upright marks) in the board's order, A1 … C11: a
    state read back from the database keeps its mappings' keys in an order of its own, and nothing
    the rules list may follow it."""
    return sorted(s[marks], key=lambda node: (_PLACE.get(node, len(_PLACE)), node))


def blocked(s: State) -> set[str]:
    return {b["link"] for b in s["blocked"]}


def is_free(s: State, node: str) -> bool:
    """The wormhole takes any number of ships; a node holds one."""
    return node == WORMHOLE or node not in s["board"]


def ships_of(s: State, colour: str) -> list[str]:
    board = s["board"]
    return [n for n in on_board(s) if board[n] == colour]


def movable(s: State, node: str) -> bool:
    """An upright ship is moved only by its own warp, never by SWAP or a card (seed)."""
    return node not in s["upright"]


def free_outer(s: State) -> list[str]:
    return [n for n in BOARD.outer if n not in s["board"]]


def enters(s: State, colour: str) -> list[str]:
    return free_outer(s) if s["platform"][colour] > 0 else []


def steps(s: State, colour: str, cut: Collection[str] | None = None) -> list[tuple[str, str, bool]]:
    """One link inward to a free node (or into the wormhole): (from, to, dotted)."""
    cut = blocked(s) if cut is None else cut
    board = s["board"]
    out: list[tuple[str, str, bool]] = []
    for node in on_board(s):
        if board[node] != colour or node in s["upright"]:
            continue
        for target, link, dotted in BOARD.inward[node]:
            if link not in cut and (target == WORMHOLE or target not in board):
                out.append((node, target, dotted))
    return out


def warps(s: State, colour: str, cut: Collection[str] | None = None) -> list[tuple[str, str, bool]]:
    """An upright ship raised before this turn moves one or two links inward, ending free (AE7)."""
    cut = blocked(s) if cut is None else cut
    board, number = s["board"], s["turn"]["number"]
    found: dict[tuple[str, str], bool] = {}
    for node in on_board(s, "upright"):
        raised = s["upright"][node]
        if board.get(node) != colour or raised >= number:
            continue
        for middle, link, dotted in BOARD.inward[node]:
            if link in cut:
                continue
            if is_free(s, middle):
                key = (node, middle)
                found[key] = found.get(key, True) and dotted
            if middle == WORMHOLE:
                continue
            for target, link2, dotted2 in BOARD.inward[middle]:
                if link2 not in cut and is_free(s, target):
                    key = (node, target)
                    found[key] = found.get(key, True) and (dotted or dotted2)
    return [(a, b, dotted) for (a, b), dotted in found.items()]


def in_front(s: State, node: str, cut: Collection[str] | None = None) -> list[str]:
    cut = blocked(s) if cut is None else cut
    return [t for t, link, _ in BOARD.inward[node] if link not in cut and t != WORMHOLE]


def behind(s: State, node: str, cut: Collection[str] | None = None) -> list[str]:
    cut = blocked(s) if cut is None else cut
    return [t for t, link, _ in BOARD.outward[node] if link not in cut]


def relocate(s: State, a: str, b: str) -> None:
    s["board"][b] = s["board"].pop(a)
    if a in s["upright"]:
        s["upright"][b] = s["upright"].pop(a)


def trade(s: State, a: str, b: str) -> None:
    board = s["board"]
    board[a], board[b] = board[b], board[a]


def finished(s: State, colour: str) -> bool:
    """Saved all ships: platform empty, Lost Ship on the board once, none left there (section 5)."""
    return (s["platform"][colour] == 0 and s["lost"][colour] == "placed"
            and colour not in s["board"].values())


def into_wormhole(s: State, ev: list[Event], node: str) -> None:
    """The ship is saved; its owner takes an open card unless it was his last ship."""
    owner = s["board"].pop(node)
    s["upright"].pop(node, None)
    s["saved"][owner] += 1
    s["turn"]["into_wormhole"] += 1
    ev.append({"e": "saved", "colour": owner, "from": node})
    if finished(s, owner):
        s["last_ship"].append(owner)
        ev.append({"e": "all_saved", "colour": owner, "place": len(s["last_ship"])})
    else:
        s["queue"].append({"q": "take", "colour": owner})


def move_ship(s: State, ev: list[Event], a: str, b: str, how: str) -> None:
    """Any move of a ship from a to b; into the wormhole saves it."""
    if b == WORMHOLE:
        into_wormhole(s, ev, a)
        return
    ev.append({"e": "ship", "colour": s["board"][a], "from": a, "to": b, "how": how})
    relocate(s, a, b)


def enter(s: State, ev: list[Event], colour: str, node: str, how: str = "enter") -> None:
    s["platform"][colour] -= 1
    s["board"][node] = colour
    ev.append({"e": "enter", "colour": colour, "to": node, "how": how})
    if s["platform"][colour] == 0 and s["first_empty"] is None:
        s["first_empty"] = colour
