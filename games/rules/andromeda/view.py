"""What a seat or a spectator may see (RULES.md section 10), picked field by field.

Never picked: the seed, the generator's state, the order of any deck, the missions the others returned,
other players' hands and kept missions, and another player's secret options in a question (asked or queued).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import State
from .log import CATALOGUE, prompt
from .scoring import final
from .ships import BOARD
from .turn import clone

PUBLIC_QUESTION_KEYS = ("q", "seat", "by")
PUBLIC_QUEUED_KEYS = ("q", "colour", "by")


def _own_or_count(values: dict[str, list[Any]], colours: list[str], mine: str | None) -> dict[str, list[Any] | int]:
    return {c: (sorted(values[c]) if c == mine else len(values[c])) for c in colours}


def _question(s: State, seat: int | None) -> dict[str, Any] | None:
    ask = s["ask"]
    if ask is None:
        return None
    if ask["seat"] == seat:
        return dict(ask)
    return {k: ask[k] for k in PUBLIC_QUESTION_KEYS if k in ask}


def _queued(item: dict[str, Any], mine: str | None) -> dict[str, Any]:
    """A question still to come this turn: whole for its own player, without secret options for the others."""
    if item["colour"] == mine:
        return {k: (list(v) if isinstance(v, list) else v) for k, v in item.items()}
    return {k: item[k] for k in PUBLIC_QUEUED_KEYS if k in item}


def returned_by(s: State, seat: int | None) -> int | None:
    """Where the mission `seat` returned stands among the returned ones, if it returned one yet: the
    setup asks the seats in turn order from the start seat, and each return is added at the end."""
    if seat is None or s["turn"]["phase"] != "setup":
        return None
    place = (seat - s["turn"]["seat"]) % s["players"]
    return place if place < len(s["returned"]) else None


def view(s: State, seat: int | None) -> dict[str, Any]:
    colours = s["colours"]
    mine = colours[seat] if seat is not None else None
    turn = s["turn"]
    over = s["over"] is not None
    own = returned_by(s, seat)
    return {
        "game": "andromeda",
        "rules_version": s["rules_version"],
        "players": s["players"],
        "colours": list(colours),
        "you": seat,
        "seq": s["seq"],
        "undo_floor": s["undo_floor"],  # how far back the deciding player may undo (public, as seq is)
        # board and upright, all public (the legal decisions list them in the board's order, A1 … C11)
        "board": dict(s["board"]),
        "upright": dict(s["upright"]),  # with the turn each was stood up: it warps from the next
        "platform": dict(s["platform"]),
        "lost": dict(s["lost"]),
        "saved": dict(s["saved"]),
        "vp": dict(s["vp"]),
        "skip": dict(s["skip"]),
        "last_ship": list(s["last_ship"]),
        "first_empty": s["first_empty"],
        "alone": list(s["alone"]),
        "blocked": [dict(b) for b in s["blocked"]],
        "hands": _own_or_count(s["hands"], colours, mine),
        "missions": _own_or_count(s["missions"], colours, mine),
        # the mission the seat itself returned during the setup: it knows which, though not where the
        # shuffle puts it (after the setup the state no longer tells it from the rest of the deck)
        "returned": [] if own is None else [s["returned"][own]],
        "revealed": {c: list(s["revealed"][c]) for c in colours},
        "open": dict(s["open"]),
        "discard": {k: list(v) for k, v in s["discard"].items()},
        "decks": {k: len(v) for k, v in s["decks"].items()},
        "turn": None if over or turn["phase"] == "setup" else {
            "seat": turn["seat"], "colour": colours[turn["seat"]], "number": turn["number"],
            "phase": turn["phase"], "into_wormhole": turn["into_wormhole"]},
        "question": _question(s, seat),
        "queue": [_queued(item, mine) for item in s["queue"]],
        "prompt": {lang: prompt(s, lang) for lang in CATALOGUE.languages},
        "over": over,
        "outcome": final(s) if over else None,
    }


def twin(s: State, seat: int | None) -> State:
    """The same position with everything hidden from `seat` changed: the seed and the generator,
    the order of every deck, the other seats' hands, kept and returned missions (each traded for the
    top of its deck), and the missions another seat is choosing from."""
    t = clone(s)
    t["seed"] += 1
    t["rng"] ^= 0x5DEECE66D
    for deck in t["decks"].values():
        deck.reverse()
    mine = None if seat is None else t["colours"][seat]
    for colour in t["colours"]:
        if colour != mine:
            _trade(t["hands"][colour], lambda card: t["decks"][BOARD.cards[card].deck])
            _trade(t["missions"][colour], lambda _: t["decks"]["mission"])
    own = returned_by(t, seat)
    _trade(t["returned"], lambda _: t["decks"]["mission"], keep=own)
    if t["ask"] and t["ask"]["seat"] != seat and "options" in t["ask"]:
        _trade(t["ask"]["options"], lambda _: t["decks"]["mission"])
        t["ask"]["options"].sort()
    return t


def _trade(held: list[Any], deck_of: Callable[[Any], list[Any]], keep: int | None = None) -> None:
    """Each held card (but the one at `keep`) for the top card of its deck, which goes under the deck."""
    for i, card in enumerate(held):
        deck = deck_of(card)
        if deck and i != keep:
            held[i], deck[0] = deck[0], card
            deck.append(deck.pop(0))
