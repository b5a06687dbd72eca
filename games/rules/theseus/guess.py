"""A guessed world read from one seat's view (spec 16): a whole position that looks to the seat exactly like
the view, its unseen parts dealt anew.

Theseus hides the same from every seat, its owner included: each deck's order below its top card, the cards
set aside in team play, the bonus cards' order before team play's setup lays them out, and the seed. There
are no hands: drawn and held cards lie face up. The unseen cards of a faction are those of its deck that the
view places nowhere; they are sorted (one view, one pool), shuffled by `rng` and dealt below the deck's top
and aside. A decision is carried out by playing the turn again from the position it began from (play.py), so
the guess is built the same way: the view's `turn_start` (that position as seen, with the cards taken from
each deck's top since) gets the same unseen cards as the guess, and the turn's decisions, all public, are
played on from it. That also rebuilds what the view leaves out (`bonus_supply`, `undo_floor`, `mark`,
`answers`).
"""

from __future__ import annotations

from typing import Any

from ..base import ImpossiblePosition, clone
from ..rng import SeededRandom
from .components import DATA
from .turn import run_segment
from .view import SHOWN

State = dict[str, Any]


def guessed_world(view: State, seat: int | None, rng: SeededRandom) -> State:
    """`seat` is not read: every seat and a spectator see the same (spec 16)."""
    seed = rng.below(2**31)
    decks, aside = deal_decks(view, rng)
    start = view["turn_start"]
    if start is None:  # the game is over: no turn to play on
        return position(view, decks, aside, seed, bonus_supply(view, [], rng))
    mark = position(
        start,
        [shown + deck for shown, deck in zip(start["revealed"], decks)],
        aside,
        seed,
        bonus_supply(start, start["bonus_revealed"], rng),
    )
    answers = [dict(d) for d in view["turn_decisions"]]  # each {"type", "pick"}: flat
    seq0 = view["seq"] - len(answers)
    guess, _ = run_segment(mark, answers, seq0, seq0)
    return guess


def placed(view: State) -> set[str]:
    """Every card the view shows somewhere: on a deck's top, a slot or a position, in a pile, held or drawn."""
    cards = {d["top"] for d in view["decks"] if d["top"] is not None}
    for key in ("discards", "held", "drawn"):
        cards.update(c for pile in view[key] for c in pile)
    for slot in view["slots"].values():
        cards.update(c for c in (slot["card"], slot["bonus"]) if c)
    cards.update(c for c in view["pending"].values() if c)
    cards.update(view["spent"])
    return cards


def deal_decks(view: State, rng: SeededRandom) -> tuple[list[list[str]], list[list[str]]]:
    """Each seat's deck (its top kept, the cards below dealt anew) and its set-aside cards."""
    shown = placed(view)
    decks, aside = [], []
    for colour, deck, away in zip(view["colours"], view["decks"], view["aside"]):
        below = max(deck["size"] - 1, 0)
        pool = sorted(c for c in DATA.decks[colour] if c not in shown)
        if len(pool) != below + away:
            raise ImpossiblePosition(f"{colour}: {len(pool)} unseen cards for {below} below the top and {away} aside")
        rng.shuffle(pool)
        decks.append([deck["top"], *pool[:below]] if deck["size"] else [])
        aside.append(pool[below:])
    return decks, aside


def bonus_supply(view: State, revealed: list[str], rng: SeededRandom) -> list[str]:
    """The bonus cards not yet dealt out: those shown dealt since, in order, then the rest in a new order."""
    shown = placed(view) | set(revealed)
    rest = sorted(c for c in DATA.bonus_deck if c not in shown)
    rng.shuffle(rest)
    return [*revealed, *rest]


def position(view: State, decks: list[list[str]], aside: list[list[str]], seed: int, bonus: list[str]) -> State:
    """A state of the view's shown keys and the given unseen parts, with no turn to play on from."""
    s = clone({k: view[k] for k in SHOWN})
    s.update(decks=decks, aside=aside, seed=seed, bonus_supply=bonus, undo_floor=s["seq"], mark=None, answers=[])
    return s
