"""A guessed world (`RULES.guessed_world(view, seat, rng)`): a whole state read from one seat's view alone.

Everything the view shows is copied. What it hides from the seat is dealt anew from `rng`, out of the
components the view does not place: the other hands (from the action cards in no hand of the seat's,
no open slot and no discard), the order and contents of the three decks, the others' kept missions,
the missions the others returned during the setup (the seat's own is in its view), the missions another
player drew with card A2, the seed and the generator. Every pool is sorted before it is shuffled, so
the same view and the same `rng` give the same world (games/rules/andromeda/docs/state.md, "A guessed
world").
"""

from __future__ import annotations

import copy
from typing import Any

from ..rng import SeededRandom
from .ships import BOARD

State = dict[str, Any]
DECKS = ("warning", "alert")
TRIES_AT_THE_END = 2000  # deals of the hands tried for a finished game, whose outcome gives each hand's VP


def guessed_world(view: State, seat: int | None, rng: SeededRandom) -> State:
    v = copy.deepcopy(view)
    mine = None if seat is None else v["colours"][seat]
    others = [c for c in v["colours"] if c != mine]
    s = _public(v)
    for _ in range(TRIES_AT_THE_END if v["over"] else 1):
        _deal_cards(s, v, mine, others, rng)
        if not v["over"] or _hands_score(s, v["outcome"]):
            break
    _deal_missions(s, v, mine, others, rng)
    s["seed"] = rng.next64() >> 1
    s["rng"] = rng.next64()
    return s


def _public(v: State) -> State:
    """What the view shows, as the state holds it; the hidden parts still empty."""
    colours: list[str] = v["colours"]
    outcome = v["outcome"]
    return {
        "game": "andromeda",
        "rules_version": v["rules_version"],
        "players": v["players"],
        "colours": colours,
        "options": {},
        "seed": 0,
        "rng": 0,
        "board": v["board"],
        "upright": v["upright"],
        "platform": v["platform"],
        "lost": v["lost"],
        "saved": v["saved"],
        "vp": v["vp"],
        "end_vp": {c: outcome["breakdown"][c]["end_missions_vp"] if outcome else 0 for c in colours},
        "skip": v["skip"],
        "last_ship": v["last_ship"],
        "first_empty": v["first_empty"],
        "alone": v["alone"],
        "hands": {c: [] for c in colours},
        "missions": {c: [] for c in colours},
        "revealed": v["revealed"],
        "returned": [],
        "decks": {"mission": [], "warning": [], "alert": []},
        "open": v["open"],
        "discard": v["discard"],
        "blocked": v["blocked"],
        "turn": _turn(v),
        "queue": v["queue"],
        "ask": v["question"],
        "seq": v["seq"],
        "undo_floor": v["undo_floor"],
        "over": outcome,
    }


def _turn(v: State) -> dict[str, int | str]:
    """The view's turn; during the setup (no turn shown) the seat that returns first, found from the
    return questions still to come, as the setup asks every seat in turn order from it."""
    t = v["turn"]
    if t is not None:
        return {"seat": t["seat"], "number": t["number"], "phase": t["phase"], "into_wormhole": t["into_wormhole"]}
    if not v["over"]:
        first = (v["question"]["seat"] + 1 + len(v["queue"])) % v["players"]
        return {"seat": first, "number": 0, "phase": "setup", "into_wormhole": 0}
    return {"seat": 0, "number": max(v["upright"].values(), default=0), "phase": "after", "into_wormhole": 0}


def _deal(pool: list[Any], counts: list[int]) -> list[list[Any]]:
    """Cut a shuffled pool into consecutive parts of the given sizes."""
    parts, start = [], 0
    for n in counts:
        parts.append(pool[start : start + n])
        start += n
    return parts


def _deal_cards(s: State, v: State, mine: str | None, others: list[str], rng: SeededRandom) -> None:
    """Each deck its size from the unseen cards of its kind; the rest, of either kind, to the others' hands."""
    seen = [
        *(v["hands"][mine] if mine else []),
        *(c for c in v["open"].values() if c is not None),
        *v["discard"]["warning"],
        *v["discard"]["alert"],
    ]
    if mine:
        s["hands"][mine] = sorted(v["hands"][mine])
    hand_pool: list[str] = []
    for kind in DECKS:
        unseen = sorted(card for card, spec in BOARD.cards.items() if spec.deck == kind and card not in seen)
        rng.shuffle(unseen)
        size = v["decks"][kind]
        s["decks"][kind], rest = unseen[:size], unseen[size:]
        hand_pool += rest
    hand_pool.sort()
    rng.shuffle(hand_pool)
    for c, hand in zip(others, _deal(hand_pool, [v["hands"][c] for c in others])):
        s["hands"][c] = hand


def _hands_score(s: State, outcome: State) -> bool:
    """Each hand is worth what the outcome says it was worth at the end."""
    return all(
        sum(BOARD.cards[card].in_hand for card in s["hands"][c]) == outcome["breakdown"][c]["hand"]
        for c in s["colours"]
    )


def _hidden_options(s: State) -> list[dict[str, Any]]:
    """Questions to keep one of the missions drawn by card A2 whose options the view left out."""
    asks = [s["ask"], *s["queue"]] if s["ask"] else s["queue"]
    return [q for q in asks if q["q"] == "keep_mission" and "options" not in q]


def _deal_missions(s: State, v: State, mine: str | None, others: list[str], rng: SeededRandom) -> None:
    """The missions in no place the view shows: the others' kept ones, the deck, and what is left over,
    which during the setup is the returned missions and later the missions another player drew (A2)."""
    out_of_game = set(BOARD.removed_in_two) if v["players"] == 2 else set()
    shown = [m for c in v["colours"] for m in v["revealed"][c]]
    if mine:
        s["missions"][mine] = sorted(v["missions"][mine])
        shown += v["missions"][mine] + v["returned"]
    shown += [m for q in ([s["ask"]] if s["ask"] else []) + s["queue"] for m in q.get("options", ())]
    pool = sorted(m for m in BOARD.missions if m not in out_of_game and m not in shown)
    rng.shuffle(pool)
    counts = [v["missions"][c] for c in others] + [v["decks"]["mission"]]
    parts = _deal(pool, [*counts, len(pool) - sum(counts)])
    for c, kept in zip(others, parts):
        s["missions"][c] = sorted(kept)
    s["decks"]["mission"], left = parts[len(others)], parts[-1]
    hidden = _hidden_options(s)
    if hidden:
        hidden[0]["options"] = sorted(left)
    elif s["turn"]["phase"] == "setup":
        s["returned"] = _returned(s, v, left)


def _returned(s: State, v: State, others: list[int]) -> list[int]:
    """The missions returned so far in the order returned (turn order from the start seat): the seat's
    own, which its view shows, in its place among the others' guessed ones."""
    if not v["returned"]:
        return others
    place = (v["you"] - s["turn"]["seat"]) % v["players"]
    return [*others[:place], *v["returned"], *others[place:]]
