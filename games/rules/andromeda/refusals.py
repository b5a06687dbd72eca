"""Why a well-formed decision is refused: each refusal names the rule it applies, in plain words.

Only the player who must decide reads these, so naming his own hand or drawn missions is no leak;
nothing here names a deck order, another hand or another player's missions.
"""
from __future__ import annotations

from collections.abc import Callable

from ..base import Decision, State
from . import log
from .components import WORMHOLE
from .ships import BOARD, finished, free_outer
from .turn import legal
from .versions import holds


def explain(s: State, decision: Decision) -> str:
    ask = s["ask"]
    me = s["colours"][ask["seat"]]
    kind = decision["type"]
    if ask["q"] == "turn" and kind in TURN:
        return TURN[kind](s, me, decision)
    if ask["q"] == "end_turn" and kind in AFTER_ACTION:
        return "you have saved all your ships: only the end of the turn is left" if finished(s, me) else AFTER_ACTION[kind]
    answers = {d["type"] for d in legal(s)}
    if kind in answers and ask["q"] in ANSWERS:
        return ANSWERS[ask["q"]](s, me, decision)
    if kind == "decline" and ask["q"] in ("swap", "raise") and holds(s, "AE14"):
        field = "SWAP" if ask["q"] == "swap" else "WARP"
        return f"the {field} field acts whenever it can (AE14): it cannot be declined"
    if kind == "end_turn" and ask["q"] == "turn":
        return "you have not taken your action yet: bring in or move a ship (or skip) before the turn ends"
    return (f"a {kind!r} decision does not answer the question now ({log.prompt(s)} "
            f"Answer with: {', '.join(sorted(answers))})")


AFTER_ACTION = {
    "play": "cards are played only at the start of the turn, before the action (AE1)",
    **dict.fromkeys(("enter", "move", "warp", "skip"),
                    "you have taken this turn's one action (rules section 4): only the end of the turn is left"),
}


# --- the turn's action -------------------------------------------------------------------------

def _play(s: State, me: str, d: Decision) -> str:
    card = d["card"]
    spec = BOARD.cards[card]
    if card not in s["hands"][me]:
        return f"you do not hold {card}"
    if s["vp"][me] + spec.played < 0:
        return f"{card} costs {-spec.played} VP and you have {s['vp'][me]}: VP never fall below 0 (AE8)"
    reason = _card_ship(s, d.get("ship")) or _card_player(s, me, card, d.get("player"))
    reason = reason or _a8(s, me, d) or _blocked_link(s, d.get("ship"), d.get("to"))
    return reason or f"{card} cannot be carried out that way now; the card says: {spec.text}"


def _card_ship(s: State, ship: str | None) -> str | None:
    if ship is None:
        return None
    if ship not in s["board"]:
        return f"{ship} holds no ship"
    if ship in s["upright"]:
        return f"the ship on {ship} stands upright: no card moves, trades or raises an upright ship (rules section 4)"
    return None


def _card_player(s: State, me: str, card: str, player: str | None) -> str | None:
    if player is None:
        return None
    if player == me or player not in s["colours"]:
        return f"{card} names another player in the game"
    if card == "W5" and s["platform"][player] == 0:
        return f"{log.colour(player, 'en')}'s platform is empty: no ship of that player can enter"
    if card == "W3":
        return f"{log.colour(player, 'en')} has no inner-ring ship that can move to a free inner-ring field (AE10)"
    return None


def _a8(s: State, me: str, d: Decision) -> str | None:
    """AE12: A8 trades the ships of two different other players."""
    if d["card"] != "A8":
        return None
    if sum(1 for c in s["colours"] if c != me and not finished(s, c)) < 2:
        return "A8 trades ships of two different other players (AE12): with one opponent it can never be played"
    owners = {s["board"].get(d["ship"]), s["board"].get(d["with"])}
    if me in owners or len(owners - {None}) < 2:
        return "A8 trades two linked ships of two different other players (AE12)"
    return None


def _enter(s: State, me: str, d: Decision) -> str:
    if s["platform"][me] == 0:
        return "your platform is empty: no ship can enter"
    return _onto_outer_ring(s, d["to"], "a ship enters")


def _move(s: State, me: str, d: Decision) -> str:
    a, b = d["from"], d["to"]
    reason = _own_ship(s, me, a)
    if reason:
        return reason
    if a in s["upright"]:
        return _upright(s, a) or f"the ship on {a} stands upright: it moves only by a warp (rules section 4)"
    return _step(s, a, b) or _onto_free(s, b) or f"that move is not possible: {log.prompt(s)}"


def _warp(s: State, me: str, d: Decision) -> str:
    a, b = d["from"], d["to"]
    reason = _own_ship(s, me, a)
    if reason:
        return reason
    if a not in s["upright"]:
        return f"the ship on {a} does not stand upright: only an upright ship warps (rules section 4)"
    reason = _upright(s, a)
    if reason:
        return reason
    if b in BOARD.inward and a in _reach(b, 2):
        return "ships never move outward (rules section 4)"
    if b not in _reach(a, 2):
        return f"{b} is not one or two links inward from {a}: a warp goes one or two links inward (rules section 4)"
    return _blocked_link(s, a, b) or _onto_free(s, b) or f"that warp is not possible ({log.prompt(s)})"


def _skip(s: State, me: str, d: Decision) -> str:
    return ("you must take an action: skipping is allowed only when none is possible or every one uses a "
            "dotted link (AE2)")


# why a decision of a kind is refused: (state, the deciding colour, the decision)
Refusal = Callable[[State, str, Decision], str]

TURN: dict[str, Refusal] = {"play": _play, "enter": _enter, "move": _move, "warp": _warp, "skip": _skip}


# --- answers to the other questions ---------------------------------------------------------------

def _swap(s: State, me: str, d: Decision) -> str:
    a, b = d["ship"], d["with"]
    reason = _own_ship(s, me, a) or _not_upright(s, a) or _not_upright(s, b)
    if reason:
        return reason
    if b not in [t for t, _, _ in BOARD.inward.get(a, ())]:
        return f"{b} is not directly in front of {a}: SWAP trades with a ship one link further inward"
    if s["board"].get(b) in (None, me):
        return f"{b} holds no ship of another player: SWAP trades places with another player's ship"
    return _blocked_link(s, a, b) or f"that swap is not possible ({log.prompt(s)})"


def _raise(s: State, me: str, d: Decision) -> str:
    ship = d["ship"]
    return (_own_ship(s, me, ship) or _not_upright(s, ship)
            or f"the ship on {ship} cannot stand upright now ({log.prompt(s)})")


def _take(s: State, me: str, d: Decision) -> str:
    offered = sorted(c for c in s["open"].values() if c)
    return f"{d['card']} is not an open card: you take one of {', '.join(offered)}"


def _place(s: State, me: str, d: Decision) -> str:
    return _onto_outer_ring(s, d["to"], "the Lost Ship is placed")


def _enter_for(s: State, me: str, d: Decision) -> str:
    return _onto_outer_ring(s, d["to"], "a ship enters")


def _shift(s: State, me: str, d: Decision) -> str:
    a, b = d["from"], d["to"]
    if a not in BOARD.inner or b not in BOARD.inner:
        return "the ship moves sideways within the inner ring, from one of its fields to another (AE10)"
    return _own_ship(s, me, a) or _not_upright(s, a) or _onto_free(s, b) or "that shift is not possible"


def _mission(s: State, me: str, d: Decision) -> str:
    if s["ask"]["q"] == "keep_mission":
        return f"mission {d['mission']} is not one of the missions you drew: keep one of those"
    return f"mission {d['mission']} is not one of the three dealt to you: return one of those"


ANSWERS: dict[str, Refusal] = {"swap": _swap, "raise": _raise, "take": _take, "place_lost": _place, "shift": _shift,
           "enter_for": _enter_for, "keep_mission": _mission, "return_mission": _mission}


# --- the reasons themselves ------------------------------------------------------------------------

def _own_ship(s: State, me: str, node: str) -> str | None:
    return None if s["board"].get(node) == me else f"{node} holds no ship of yours"


def _not_upright(s: State, node: str) -> str | None:
    if node in s["upright"]:
        return f"the ship on {node} stands upright: only its own warp moves it (rules section 4)"
    return None


def _upright(s: State, node: str) -> str | None:
    if s["upright"][node] >= s["turn"]["number"]:
        return "the ship you stood up this turn cannot move again this turn: it warps in a later turn"
    return None


def _step(s: State, a: str, b: str) -> str | None:
    if b in [t for t, _, _ in BOARD.outward.get(a, ())]:
        return "ships never move outward (rules section 4)"
    if b not in [t for t, _, _ in BOARD.inward[a]]:
        return f"{b} is not one link inward from {a}: a move goes one link inward (rules section 4)"
    return _blocked_link(s, a, b)


def _reach(a: str, links: int) -> set[str]:
    """The nodes one up to `links` links inward from `a`."""
    found: set[str] = set()
    edge = {a}
    for _ in range(links):
        edge = {t for n in edge for t, _, _ in BOARD.inward.get(n, ())}
        found |= edge
    return found


def _blocked_link(s: State, a: str | None, b: str | None) -> str | None:
    """A blocked dotted link on the way between a and b (one link, or two for a warp or a jump)."""
    if a is None or b is None:
        return None
    way = {a, b} | (_reach(a, 1) & _reach_back(b)) | (_reach_back(a) & _reach(b, 1))
    for block in s["blocked"]:
        if set(block["link"].split(">")) <= way:
            return (f"the dotted link {block['link']} is blocked by {log.colour(block['by'], 'en')}'s card "
                    "until that player's next turn (A9)")
    return None


def _reach_back(b: str) -> set[str]:
    return {t for t, _, _ in BOARD.outward.get(b, ())}


def _onto_outer_ring(s: State, node: str, what: str) -> str:
    if node not in BOARD.outer:
        return f"{node} is not on the outer ring: {what} on an empty outer-ring node (rules section 4)"
    if node in s["board"]:
        return f"{node} is taken: a node holds one ship"
    return f"{what} on an empty outer-ring node; free now: {', '.join(free_outer(s))}"


def _onto_free(s: State, node: str) -> str | None:
    if node != WORMHOLE and node in s["board"]:
        return f"{node} is taken: a node holds one ship"
    return None
