"""The 21 action cards (RULES.md section 7): for each, the complete plays it allows now and its effect.

A play is one decision with every field given, so only plays that can be carried out are offered
(AE1). No card moves, swaps or raises an upright ship (seed). A move into the wormhole by a card
saves the ship like any other move.
"""
from __future__ import annotations

from collections.abc import Callable, Collection

from ..base import Decision, Event, State
from ..rng import shuffle_in_state
from .components import DataError
from .ships import (
    BOARD,
    behind,
    blocked,
    enter,
    finished,
    free_outer,
    in_front,
    is_free,
    movable,
    move_ship,
    on_board,
    ships_of,
    trade,
)

DECKS = ("warning", "alert")

Plays = list[dict[str, str]]  # the fields of a card's plays, besides "type" and "card"
Effect = Callable[[State, list[Event], str, Decision], None]  # (state, events, colour, decision)


def others(s: State, colour: str) -> list[str]:
    return [c for c in s["colours"] if c != colour and not finished(s, c)]


def _own(s: State, colour: str) -> list[str]:
    return [n for n in ships_of(s, colour) if movable(s, n)]


def _theirs(s: State, colour: str) -> list[str]:
    return [n for n in on_board(s) if s["board"][n] != colour and movable(s, n)]


# --- the plays each card allows now (extra fields of {"type": "play", "card": id}) ------------

def _w1(s: State, c: str, cut: Collection[str]) -> Plays:
    return [{"ship": n} for n in _own(s, c)]


def _w2(s: State, c: str, cut: Collection[str]) -> Plays:
    plays: Plays = []
    for n in _own(s, c):
        for m in behind(s, n, cut):
            if m in s["board"]:
                plays += [{"ship": n, "to": k} for k in behind(s, m, cut) if k not in s["board"]]
    return _unique(plays)


def _w3(s: State, c: str, cut: Collection[str]) -> Plays:
    return [{"player": p} for p in others(s, c) if shifts(s, p)]


def _w4(s: State, c: str, cut: Collection[str]) -> Plays:
    outer = free_outer(s)
    return [{"ship": n, "to": k} for n in on_board(s) if movable(s, n) for k in outer]


def _w5(s: State, c: str, cut: Collection[str]) -> Plays:
    return [{"player": p} for p in others(s, c) if s["platform"][p] > 0] if free_outer(s) else []


def _w6(s: State, c: str, cut: Collection[str]) -> Plays:
    return [{"ship": n, "with": m} for n in _own(s, c) for m in behind(s, n, cut)
            if s["board"].get(m, c) != c and movable(s, m)]


def _w7(s: State, c: str, cut: Collection[str]) -> Plays:
    return [{"ship": n, "to": t} for n in _theirs(s, c) for t, link, _ in BOARD.inward[n]
            if link not in cut and is_free(s, t)]


def _w8(s: State, c: str, cut: Collection[str]) -> Plays:
    return [{"ship": n, "to": k} for n in _own(s, c) for k in behind(s, n, cut) if k not in s["board"]]


def _w9(s: State, c: str, cut: Collection[str]) -> Plays:
    return [{"ship": n} for n in _theirs(s, c)]


def _a1(s: State, c: str, cut: Collection[str]) -> Plays:
    free = [k for k in BOARD.inner if k not in s["board"]]
    return [{"ship": n, "to": k} for n in _own(s, c) if n in BOARD.inner for k in free]


def _a2(s: State, c: str, cut: Collection[str]) -> Plays:
    return [{}] if s["decks"]["mission"] else []


def _a3(s: State, c: str, cut: Collection[str]) -> Plays:
    return [{"ship": n, "with": m} for n in _own(s, c) for m in in_front(s, n, cut)
            if s["board"].get(m, c) != c and movable(s, m)]


def _a4(s: State, c: str, cut: Collection[str]) -> Plays:
    plays: Plays = []
    for n in _own(s, c):
        for m in in_front(s, n, cut):
            if m in s["board"]:
                plays += [{"ship": n, "to": k} for k, link, _ in BOARD.inward[m] if link not in cut and is_free(s, k)]
    return _unique(plays)


def _a5(s: State, c: str, cut: Collection[str]) -> Plays:
    return [{"to": k} for k in free_outer(s)] if s["platform"][c] > 0 else []


def _a6(s: State, c: str, cut: Collection[str]) -> Plays:
    return [{"ship": n, "to": t} for n in _own(s, c) for t, link, _ in BOARD.inward[n]
            if link not in cut and is_free(s, t)]


def _a7(s: State, c: str, cut: Collection[str]) -> Plays:
    return [{"ship": n, "to": k} for n in _theirs(s, c) for k in behind(s, n, cut) if k not in s["board"]]


def _a8(s: State, c: str, cut: Collection[str]) -> Plays:
    """Two linked ships of two different other players: one colour's ships trading places changes nothing."""
    board = s["board"]
    return [{"ship": n, "with": m} for n in _theirs(s, c) for m in in_front(s, n, cut)
            if m in board and board[m] not in (c, board[n]) and movable(s, m)]


def _a9(s: State, c: str, cut: Collection[str]) -> Plays:
    return [{"link": link} for link in BOARD.dotted_links if link not in cut]


def _a10(s: State, c: str, cut: Collection[str]) -> Plays:
    return [{"discard": card} for card in sorted(set(s["hands"][c])) if BOARD.cards[card].deck == "warning"]


def _a11(s: State, c: str, cut: Collection[str]) -> Plays:
    return [{"take": card} for card in open_cards(s)]


def _a12(s: State, c: str, cut: Collection[str]) -> Plays:
    return [{"ship": n} for n in _own(s, c)]


def _unique(plays: Plays) -> Plays:
    seen: set[tuple[tuple[str, str], ...]] = set()
    out: Plays = []
    for p in plays:
        key = tuple(sorted(p.items()))
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


# --- effects ---------------------------------------------------------------------------------

def _back_to_platform(s: State, ev: list[Event], c: str, d: Decision) -> None:
    s["board"].pop(d["ship"])
    s["platform"][c] += 1
    ev.append({"e": "to_platform", "colour": c, "from": d["ship"]})


def _move(how: str) -> Effect:
    return lambda s, ev, c, d: move_ship(s, ev, d["ship"], d["to"], how)


def _trade(s: State, ev: list[Event], c: str, d: Decision) -> None:
    a, b = d["ship"], d["with"]
    ev.append({"e": "trade", "colour": s["board"][a], "ship": a, "other": s["board"][b], "with": b})
    trade(s, a, b)


def _raise(s: State, ev: list[Event], c: str, d: Decision) -> None:
    s["upright"][d["ship"]] = s["turn"]["number"]
    ev.append({"e": "raise", "colour": s["board"][d["ship"]], "ship": d["ship"]})


def _ask_player(question: str) -> Effect:
    def effect(s: State, ev: list[Event], c: str, d: Decision) -> None:
        s["queue"].insert(0, {"q": question, "colour": d["player"], "by": c})
    return effect


def _draw_missions(s: State, ev: list[Event], c: str, d: Decision) -> None:
    deck = s["decks"]["mission"]
    shuffle_in_state(s, deck)
    drawn = [deck.pop() for _ in range(min(3, len(deck)))]
    ev.append({"e": "missions_drawn", "colour": c, "count": len(drawn)})
    s["queue"].insert(0, {"q": "keep_mission", "colour": c, "options": sorted(drawn)})


def _enter(s: State, ev: list[Event], c: str, d: Decision) -> None:
    enter(s, ev, c, d["to"], how="card")


def _block(s: State, ev: list[Event], c: str, d: Decision) -> None:
    s["blocked"].append({"link": d["link"], "by": c})
    ev.append({"e": "block", "colour": c, "link": d["link"]})


def _discard_warning(s: State, ev: list[Event], c: str, d: Decision) -> None:
    s["hands"][c].remove(d["discard"])
    s["discard"]["warning"].append(d["discard"])
    ev.append({"e": "discard", "colour": c, "card": d["discard"]})


def _take(s: State, ev: list[Event], c: str, d: Decision) -> None:
    take_open(s, ev, c, d["take"])


EFFECTS: dict[str, tuple[Callable[[State, str, Collection[str]], Plays], Effect]] = {
    "W1": (_w1, _back_to_platform), "W2": (_w2, _move("jump")), "W3": (_w3, _ask_player("shift")),
    "W4": (_w4, _move("drift")), "W5": (_w5, _ask_player("enter_for")), "W6": (_w6, _trade),
    "W7": (_w7, _move("push")), "W8": (_w8, _move("back")), "W9": (_w9, _raise),
    "A1": (_a1, _move("shift")), "A2": (_a2, _draw_missions), "A3": (_a3, _trade), "A4": (_a4, _move("jump")),
    "A5": (_a5, _enter), "A6": (_a6, _move("boost")), "A7": (_a7, _move("back")), "A8": (_a8, _trade),
    "A9": (_a9, _block), "A10": (_a10, _discard_warning), "A11": (_a11, _take), "A12": (_a12, _raise),
}


# The fields of each card's play, besides "type" and "card".
FIELDS = {
    "W1": {"ship"}, "W2": {"ship", "to"}, "W3": {"player"}, "W4": {"ship", "to"}, "W5": {"player"},
    "W6": {"ship", "with"}, "W7": {"ship", "to"}, "W8": {"ship", "to"}, "W9": {"ship"}, "A1": {"ship", "to"},
    "A2": set(), "A3": {"ship", "with"}, "A4": {"ship", "to"}, "A5": {"to"}, "A6": {"ship", "to"},
    "A7": {"ship", "to"}, "A8": {"ship", "with"}, "A9": {"link"}, "A10": {"discard"}, "A11": {"take"},
    "A12": {"ship"},
}


def affordable(s: State, colour: str, card: str) -> bool:
    """VP never fall below 0 during play (AE8): a card whose cost cannot be paid cannot be played."""
    vp: int = s["vp"][colour]
    return vp + BOARD.cards[card].played >= 0


def plays(s: State, colour: str, card: str | None = None, cut: Collection[str] | None = None) -> list[Decision]:
    """Every complete play of the cards in hand (or of one card)."""
    cut = blocked(s) if cut is None else cut
    out: list[Decision] = []
    for held in sorted(set(s["hands"][colour])):
        if (card is None or held == card) and affordable(s, colour, held):
            out += [{"type": "play", "card": held, **fields} for fields in EFFECTS[held][0](s, colour, cut)]
    return out


def play(s: State, ev: list[Event], colour: str, decision: Decision) -> None:
    card = decision["card"]
    spec = BOARD.cards[card]
    s["hands"][colour].remove(card)
    s["discard"][spec.deck].append(card)
    s["vp"][colour] += spec.played
    ev.append({"e": "card", "colour": colour, "card": card, "vp": spec.played,
               **{k: v for k, v in decision.items() if k not in ("type", "card")}})
    EFFECTS[card][1](s, ev, colour, decision)


# --- W3's answer, the open cards --------------------------------------------------------------

def shifts(s: State, colour: str) -> list[Decision]:
    """W3 / A1: an inner-ring ship moves sideways to another free inner-ring field (AE10)."""
    free = [k for k in BOARD.inner if k not in s["board"]]
    return [{"type": "shift", "from": n, "to": k} for n in BOARD.inner
            if s["board"].get(n) == colour and movable(s, n) for k in free]


def open_cards(s: State) -> list[str]:
    return sorted({c for c in s["open"].values() if c is not None})


def take_open(s: State, ev: list[Event], colour: str, card: str) -> None:
    slot = BOARD.cards[card].deck
    s["open"][slot] = None
    s["hands"][colour].append(card)
    ev.append({"e": "take", "colour": colour, "card": card})
    if all(v is None for v in s["open"].values()):
        refill(s, ev)


def refill(s: State, ev: list[Event]) -> None:
    """Both open cards taken: one new from each deck; an empty deck first reshuffles its discards (AE3)."""
    for kind in DECKS:
        deck = s["decks"][kind]
        if not deck and s["discard"][kind]:
            deck.extend(s["discard"][kind])
            s["discard"][kind] = []
            shuffle_in_state(s, deck)
            ev.append({"e": "reshuffle", "deck": kind})
        if deck:
            s["open"][kind] = deck.pop()
    ev.append({"e": "refill", "warning": s["open"]["warning"], "alert": s["open"]["alert"]})


if set(EFFECTS) != set(BOARD.cards):  # every card in the data needs its rule here, and no more
    raise DataError(f"cards: the data and the rules disagree: {sorted(set(EFFECTS) ^ set(BOARD.cards))}")
