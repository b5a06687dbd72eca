"""Setup, the turn and its questions, the end (RULES.md sections 3, 4, 5, 8).

The state always holds one question (`ask`) for the player who must decide, or none once the game
is over. Questions still to come in this turn (an open card to take, the Lost Ship to place, a
mid-turn answer by another player) wait in `queue`; `run` works through it until the next question.
"""
from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any, cast

from ..base import Decision, Event, State, clone as clone  # the package and the expert bot take clone from this module
from ..rng import SeededRandom, shuffle_in_state
from . import cards, missions
from .cards import Effect
from .components import WORMHOLE
from .ships import BOARD, blocked, enter, enters, finished, free_outer, into_wormhole, move_ship, relocate, steps, warps
from .versions import CURRENT, holds

# Events that show something nobody knew before: taking back the decision would let its player
# choose again knowing it, so undo stops there.
REVEALING = frozenset({"refill", "mission", "missions_drawn"})


def active_colour(s: State) -> str:
    return cast(str, s["colours"][s["turn"]["seat"]])


def deciding_colour(s: State) -> str | None:
    return None if s["ask"] is None else s["colours"][s["ask"]["seat"]]


# --- setup -----------------------------------------------------------------------------------

def new_game(players: int, seed: int, options: dict[str, Any], version: int = CURRENT) -> State:
    rng = SeededRandom(seed)
    colours = list(BOARD.colours[:players])
    start = rng.below(players)
    order = [colours[(start + i) % players] for i in range(players)]
    mission_deck = [m for m in sorted(BOARD.missions) if not (players == 2 and m in BOARD.removed_in_two)]
    rng.shuffle(mission_deck)
    decks: dict[str, list[str]] = {"warning": [], "alert": []}
    for card in BOARD.cards.values():
        decks[card.deck].append(card.id)
    rng.shuffle(decks["warning"])
    rng.shuffle(decks["alert"])
    dealt = {c: sorted(mission_deck.pop() for _ in range(3)) for c in order}
    open_cards = {"warning": decks["warning"].pop(), "alert": decks["alert"].pop()}
    hands: dict[str, list[str]] = {c: [] for c in colours}
    for c in order:
        hands[c].append(decks["alert"].pop())
    s: State = {
        "game": "andromeda", "rules_version": version, "players": players, "colours": colours,
        "options": dict(options), "seed": seed, "rng": rng.state,
        "board": {}, "upright": {},
        "platform": dict.fromkeys(colours, BOARD.ships[players]), "lost": dict.fromkeys(colours, "aside"),
        "saved": dict.fromkeys(colours, 0), "vp": dict.fromkeys(colours, BOARD.start_vp),
        "end_vp": dict.fromkeys(colours, 0),
        "skip": {c: BOARD.skip_start[i] for i, c in enumerate(order)},
        "last_ship": [], "first_empty": None, "alone": [],
        "hands": hands, "missions": {c: dealt.get(c, []) for c in colours}, "revealed": {c: [] for c in colours},
        "returned": [], "decks": {"mission": mission_deck, **decks}, "open": open_cards,
        "discard": {"warning": [], "alert": []}, "blocked": [],
        "turn": {"seat": start, "number": 0, "phase": "setup", "into_wormhole": 0},
        "queue": [{"q": "return_mission", "colour": c} for c in order],
        "ask": None, "seq": 0, "undo_floor": 0, "over": None,
    }
    run(s, [])
    return s


def _finish_setup(s: State, ev: list[Event]) -> None:
    """The returned missions go back into the deck, which is shuffled (section 3)."""
    s["decks"]["mission"].extend(s["returned"])
    s["returned"] = []
    shuffle_in_state(s, s["decks"]["mission"])
    begin_turn(s, ev, s["turn"]["seat"])


# --- turns -----------------------------------------------------------------------------------

def begin_turn(s: State, ev: list[Event], seat: int) -> None:
    t = s["turn"]
    t.update(seat=seat, number=t["number"] + 1, phase="cards", into_wormhole=0)
    ev.append({"e": "turn", "colour": s["colours"][seat], "number": t["number"]})


def next_turn(s: State, ev: list[Event]) -> None:
    """Clockwise to the next player still in the game; a block ends when the turn reaches (or
    passes over) the seat of the player who set it."""
    n = s["players"]
    seat = s["turn"]["seat"]
    for step in range(1, n + 1):
        seat = (s["turn"]["seat"] + step) % n
        colour = s["colours"][seat]
        for block in [b for b in s["blocked"] if b["by"] == colour]:
            s["blocked"].remove(block)
            ev.append({"e": "unblock", "link": block["link"]})
        if not finished(s, colour):
            break
    begin_turn(s, ev, seat)


def actions(s: State, colour: str, cut: Collection[str] | None = None) -> list[tuple[Decision, bool]]:
    """The turn's one action: (decision, uses a dotted link)."""
    cut = blocked(s) if cut is None else cut
    out = [({"type": "enter", "to": k}, False) for k in enters(s, colour)]
    out += [({"type": "move", "from": a, "to": b}, d) for a, b, d in steps(s, colour, cut)]
    out += [({"type": "warp", "from": a, "to": b}, d) for a, b, d in warps(s, colour, cut)]
    return out


def may_skip(options: list[tuple[Decision, bool]]) -> bool:
    """Skip when no action is possible, or when every possible one uses a dotted link (AE2)."""
    return all(dotted for _, dotted in options)


# --- questions -------------------------------------------------------------------------------

def legal(s: State) -> list[Decision]:
    ask = s["ask"]
    if ask is None:
        return []
    return QUESTIONS[ask["q"]](s, s["colours"][ask["seat"]], ask)


def _turn(s: State, c: str, ask: dict[str, Any]) -> list[Decision]:
    options = actions(s, c)
    out = cards.plays(s, c) if s["turn"]["phase"] == "cards" else []
    out += [d for d, _ in options]
    if may_skip(options):
        out.append({"type": "skip"})
    return out


def _decline(s: State, options: list[Decision]) -> list[Decision]:
    """Version 1 let a SWAP or WARP pass; AE14 (version 2): the field acts whenever it can."""
    return options if holds(s, "AE14") else [*options, {"type": "decline"}]


# the legal answers to each question: (state, the deciding colour, the question)
QUESTIONS: dict[str, Callable[[State, str, dict[str, Any]], list[Decision]]] = {
    "return_mission": lambda s, c, a: [{"type": "return", "mission": m} for m in s["missions"][c]],
    "turn": _turn,
    "swap": lambda s, c, a: _decline(s, [{"type": "swap", **p} for p in cards.EFFECTS["A3"][0](s, c, blocked(s))]),
    "raise": lambda s, c, a: _decline(s, [{"type": "raise", **p} for p in cards.EFFECTS["A12"][0](s, c, blocked(s))]),
    "take": lambda s, c, a: [{"type": "take", "card": x} for x in cards.open_cards(s)],
    "place_lost": lambda s, c, a: [{"type": "place_lost", "to": k} for k in free_outer(s)],
    "shift": lambda s, c, a: cards.shifts(s, c),
    "enter_for": lambda s, c, a: [{"type": "enter", "to": k} for k in free_outer(s)],
    "keep_mission": lambda s, c, a: [{"type": "keep", "mission": m} for m in a["options"]],
    "end_turn": lambda s, c, a: [{"type": "end_turn"}],
}


def candidates(s: State, decision: Decision) -> list[Decision]:
    """The legal decisions of the same kind as `decision` only: checking one decision must not
    cost listing them all (replays check every stored decision again)."""
    ask = s["ask"]
    c = s["colours"][ask["seat"]]
    if ask["q"] != "turn":
        return QUESTIONS[ask["q"]](s, c, ask)
    kind = decision.get("type")
    if kind == "play":
        return cards.plays(s, c, decision.get("card")) if s["turn"]["phase"] == "cards" else []
    options = actions(s, c)
    if kind == "skip":
        return [{"type": "skip"}] if may_skip(options) else []
    return [d for d, _ in options if d["type"] == kind]


def _ask_next(s: State, ev: list[Event], item: dict[str, Any]) -> None:
    """Turn a queued question into the state's question, or settle it at once when there is no choice."""
    c = item["colour"]
    q = item["q"]
    if q == "take":
        offered = cards.open_cards(s)
        if len(offered) == 1:
            cards.take_open(s, ev, c, offered[0])
        if len(offered) != 2:
            return
    if q == "place_lost" and not free_outer(s):
        ev.append({"e": "lost_due", "colour": c})
        return
    s["ask"] = {**{k: v for k, v in item.items() if k != "colour"}, "seat": s["colours"].index(c)}


def run(s: State, ev: list[Event]) -> None:
    while s["over"] is None and s["ask"] is None:
        if s["queue"]:
            _ask_next(s, ev, s["queue"].pop(0))
            continue
        t = s["turn"]
        c = active_colour(s)
        if t["phase"] == "setup":
            _finish_setup(s, ev)
        elif t["phase"] == "cards" and finished(s, c):
            # He saved his last ship by a card of this turn: he is out, so nothing is left to do
            # but to hand the turn on (no further cards, no Skip to move his disc for missions 9/10).
            t["phase"] = "after"
        elif t["phase"] == "cards":
            s["ask"] = {"q": "turn", "seat": t["seat"]}
        elif s["lost"][c] == "due" and free_outer(s):
            s["ask"] = {"q": "place_lost", "seat": t["seat"]}  # AE4: at the end of his turn
        else:
            s["ask"] = {"q": "end_turn", "seat": t["seat"]}


# --- carrying out a decision -------------------------------------------------------------------

def _warp(s: State, ev: list[Event], c: str, d: Decision) -> None:
    ev.append({"e": "warp", "colour": c, "from": d["from"], "to": d["to"]})
    if d["to"] == WORMHOLE:
        into_wormhole(s, ev, d["from"])
    else:
        relocate(s, d["from"], d["to"])
        del s["upright"][d["to"]]


def _skip(s: State, ev: list[Event], c: str, d: Decision) -> None:
    field = s["skip"][c] % 3 + 1
    s["skip"][c] = field
    ev.append({"e": "skip", "colour": c, "field": field})
    effect = BOARD.skip_fields[field]
    if effect == "swap" and cards.EFFECTS["A3"][0](s, c, blocked(s)):
        s["queue"].insert(0, {"q": "swap", "colour": c})
    elif effect == "warp" and cards.EFFECTS["A12"][0](s, c, blocked(s)):
        s["queue"].insert(0, {"q": "raise", "colour": c})


def _action(effect: Effect) -> Effect:
    def carry_out(s: State, ev: list[Event], c: str, d: Decision) -> None:
        s["turn"]["phase"] = "after"
        effect(s, ev, c, d)
    return carry_out


def _return(s: State, ev: list[Event], c: str, d: Decision) -> None:
    s["missions"][c].remove(d["mission"])
    s["returned"].append(d["mission"])
    ev.append({"e": "mission_returned", "colour": c})


def _keep(s: State, ev: list[Event], c: str, d: Decision) -> None:
    s["missions"][c].append(d["mission"])
    s["missions"][c].sort()
    s["decks"]["mission"].extend(m for m in s["ask"]["options"] if m != d["mission"])
    shuffle_in_state(s, s["decks"]["mission"])
    ev.append({"e": "mission_kept", "colour": c})


def _swap(s: State, ev: list[Event], c: str, d: Decision) -> None:
    cards.EFFECTS["A3"][1](s, ev, c, d)


def _raise(s: State, ev: list[Event], c: str, d: Decision) -> None:
    cards.EFFECTS["A12"][1](s, ev, c, d)


def _place_lost(s: State, ev: list[Event], c: str, d: Decision) -> None:
    s["board"][d["to"]] = c
    s["lost"][c] = "placed"
    ev.append({"e": "lost_placed", "colour": c, "to": d["to"]})


def _shift(s: State, ev: list[Event], c: str, d: Decision) -> None:
    move_ship(s, ev, d["from"], d["to"], "shift")


def _enter(s: State, ev: list[Event], c: str, d: Decision) -> None:
    if s["ask"]["q"] == "turn":
        s["turn"]["phase"] = "after"
        enter(s, ev, c, d["to"])
    else:  # the answer to another player's W5
        enter(s, ev, c, d["to"], how="called")


def _end_turn(s: State, ev: list[Event], c: str, d: Decision) -> None:
    ev.append({"e": "end_turn", "colour": c})
    next_turn(s, ev)


HANDLERS: dict[str, Effect] = {
    "return": _return, "keep": _keep, "play": lambda s, ev, c, d: cards.play(s, ev, c, d),
    "enter": _enter,
    "move": _action(lambda s, ev, c, d: move_ship(s, ev, d["from"], d["to"], "move")),
    "warp": _action(_warp), "skip": _action(_skip),
    "swap": _swap, "raise": _raise, "decline": lambda s, ev, c, d: ev.append({"e": "decline", "colour": c}),
    "take": lambda s, ev, c, d: cards.take_open(s, ev, c, d["card"]),
    "place_lost": _place_lost, "shift": _shift, "end_turn": _end_turn,
}


def settle(s: State, ev: list[Event], decider: str) -> None:
    """After every decision: the Lost Ship (AE4, AE6), missions, and the end (section 5)."""
    if s["lost"][decider] == "aside" and len({BOARD.zone[n] for n, c in s["board"].items() if c == decider}) == 3:
        s["lost"][decider] = "due"
        ev.append({"e": "lost_found", "colour": decider})
        s["queue"].append({"q": "place_lost", "colour": decider})
    for c in s["colours"]:
        if s["lost"][c] == "aside" and s["platform"][c] == 0 and c not in s["board"].values():
            s["lost"][c] = "due"
            s["alone"].append(c)
            ev.append({"e": "lost_alone", "colour": c})
            s["queue"].append({"q": "place_lost", "colour": c})
    missions.reveal_met(s, ev)
    remaining = [c for c in s["colours"] if not finished(s, c)]
    if len(remaining) <= 1:
        end_game(s, ev, remaining)


def end_game(s: State, ev: list[Event], remaining: list[str]) -> None:
    """The second-to-last player saved his last ship: the one left takes the next place unless it
    would be the 4th; missions 6/7 follow the place (AE9), then the end missions."""
    if remaining and len(s["last_ship"]) < len(BOARD.last_ship_vp):
        s["last_ship"].append(remaining[0])
        ev.append({"e": "last_place", "colour": remaining[0], "place": len(s["last_ship"])})
    s["queue"], s["ask"] = [], None
    missions.reveal_met(s, ev)
    missions.reveal_met(s, ev, at_end=True)
    from .scoring import final
    s["over"] = final(s)
    ev.append({"e": "game_over", "winners": list(s["over"]["winners"])})


def play(s: State, decision: Decision, ev: list[Event]) -> State:
    """Carry out a decision already known to be legal, on `s` itself."""
    decider_seat = s["ask"]["seat"]
    decider = s["colours"][decider_seat]
    start = len(ev)
    HANDLERS[decision["type"]](s, ev, decider, decision)
    s["ask"] = None
    settle(s, ev, decider)
    run(s, ev)
    s["seq"] += 1
    moved_on = s["ask"] is None or s["ask"]["seat"] != decider_seat or decision["type"] == "end_turn"
    if moved_on or any(e["e"] in REVEALING for e in ev[start:]):
        s["undo_floor"] = s["seq"]
    return s
