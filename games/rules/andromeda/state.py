"""Loading a state written by hand or read back from storage: its shape is checked before it is trusted."""
from __future__ import annotations

from collections.abc import Callable
from typing import NoReturn

from ..base import Decision, ImpossiblePosition, State
from .components import WORMHOLE
from .ships import BOARD


class StateError(ImpossiblePosition):
    """Not a well-formed Andromeda Escape state; the message names the bad part."""


KEYS: dict[str, type | tuple[type, ...]] = {
    "game": str, "rules_version": int, "players": int, "colours": list, "options": dict, "seed": int, "rng": int,
    "board": dict, "upright": dict, "platform": dict, "lost": dict, "saved": dict, "vp": dict, "end_vp": dict,
    "skip": dict, "last_ship": list, "first_empty": (str, type(None)), "alone": list, "hands": dict,
    "missions": dict, "revealed": dict, "returned": list, "decks": dict, "open": dict, "discard": dict,
    "blocked": list, "turn": dict, "queue": list, "ask": (dict, type(None)), "seq": int, "undo_floor": int,
    "over": (dict, type(None)),
}
PER_COLOUR = ("platform", "lost", "saved", "vp", "end_vp", "skip", "hands", "missions", "revealed")


def _need(ok: bool, message: str) -> None:
    if not ok:
        raise StateError(message)


def _count(value: object) -> bool:
    """A whole number, 0 or more (a bool is not one, though Python counts it as an int)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def validate_state(s: State) -> None:
    _need(isinstance(s, dict), "a state is a JSON object")
    for key, kind in KEYS.items():
        _need(key in s, f"state field {key!r} is missing")
        _need(isinstance(s[key], kind), f"state field {key!r} has the wrong type")
    _need(s["game"] == "andromeda", "not an Andromeda Escape state")
    _need(2 <= s["players"] <= 4 and s["colours"] == list(BOARD.colours[:s["players"]]), "players and colours disagree")
    for key in PER_COLOUR:
        _need(set(s[key]) == set(s["colours"]), f"{key} must name every colour")
    for key in ("hands", "missions", "revealed"):
        for c in s["colours"]:
            _need(isinstance(s[key][c], list), f"{key} of {c} must be a list")
    for node, colour in s["board"].items():
        _need(node in BOARD.depth and node != WORMHOLE, f"board: {node!r} is not a node")
        _need(colour in s["colours"], f"board {node}: {colour!r} is not a colour of this game")
    for node in s["upright"]:
        _need(node in s["board"], f"upright {node}: no ship stands there")
    for c in s["colours"]:
        _need(s["lost"][c] in ("aside", "due", "placed"), f"lost {c}: aside, due or placed")
        _need(s["skip"][c] in (1, 2, 3), f"skip {c}: field 1, 2 or 3")
        for card in s["hands"][c]:
            _need(isinstance(card, str) and card in BOARD.cards, f"hand of {c}: unknown card {card!r}")
        for key in ("platform", "saved"):  # counted below, so their type first
            _need(_count(s[key][c]), f"{key} of {c} must be a whole number, 0 or more")
        ships = s["platform"][c] + s["saved"][c] + sum(1 for v in s["board"].values() if v == c)
        _need(ships + (s["lost"][c] != "placed") == BOARD.ships[s["players"]] + 1,
              f"{c}: platform, board, saved and the Lost Ship must add up to the fleet")
    _need(_count(s["turn"].get("seat")) and s["turn"]["seat"] < s["players"], "turn.seat is not a seat")
    _need(_count(s["turn"].get("number")), "turn.number must be a whole number")
    if s["ask"] is not None:
        _need(_count(s["ask"].get("seat")) and s["ask"]["seat"] < s["players"], "ask.seat is not a seat")
    for item in s["queue"]:  # run() turns each into the question of that colour
        _need(isinstance(item, dict) and isinstance(item.get("q"), str) and item.get("colour") in s["colours"],
              f"queue: {item!r} is not a question {{q, colour}} for a colour of this game")


# --- a possible position (games/rules/andromeda/docs/state.md, "A valid position") ----------------

PHASES = ("cards", "after")


def _fail(message: str) -> NoReturn:
    raise StateError(message)


def check_position(s: State) -> None:
    """Everything about the pieces: raises ImpossiblePosition naming the first impossibility."""
    from .ships import finished

    colours = s["colours"]
    # Action cards: each exactly once in a hand, a deck, the open cards or a discard pile.
    where: dict[str, str] = {}
    places = [(f"the hand of {c}", card) for c in colours for card in s["hands"][c]]
    for kind in ("warning", "alert"):
        _need(isinstance(s["decks"].get(kind), list) and isinstance(s["discard"].get(kind), list)
              and kind in s["open"], f"decks, open and discard must each have a {kind} part")
        places += [(f"the {kind} deck", card) for card in s["decks"][kind]]
        places += [(f"the {kind} discard", card) for card in s["discard"][kind]]
        if s["open"][kind] is not None:
            places.append((f"the open {kind} card", s["open"][kind]))
    for place, card in places:
        spec = BOARD.cards.get(card) if isinstance(card, str) else None
        if spec is None:
            _fail(f"{place}: unknown card {card!r}")
        if card in where:
            _fail(f"card {card} is in two places: {where[card]} and {place}; there is one of each")
        where[card] = place
        if not place.startswith("the hand") and spec.deck not in place:
            _fail(f"{place} holds {card}, a {spec.deck} card")
    missing = sorted(set(BOARD.cards) - set(where))
    if missing:
        _fail(f"card {', '.join(missing)} is missing: every card is in a hand, a deck, the open cards or a discard")

    # Missions: each of the game's missions exactly once (kept, met, returned, in the deck or drawn).
    seen: dict[int, str] = {}
    spots = [(f"the missions of {c}", m) for c in colours for m in s["missions"][c]]
    spots += [(f"the missions {c} met", m) for c in colours for m in s["revealed"][c]]
    spots += [("the returned missions", m) for m in s["returned"]]
    _need(isinstance(s["decks"].get("mission"), list), "decks must have a mission part")
    spots += [("the mission deck", m) for m in s["decks"]["mission"]]
    for q in [s["ask"] or {}] + s["queue"]:
        if isinstance(q, dict) and q.get("q") == "keep_mission":
            spots += [("the missions drawn by A2", m) for m in q.get("options", ())]
    out_of_game = set(BOARD.removed_in_two) if s["players"] == 2 else set()
    for place, m in spots:
        if not isinstance(m, int) or m not in BOARD.missions or m in out_of_game:
            _fail(f"{place}: mission {m!r} is not in this game")
        if m in seen:
            _fail(f"mission {m} is in two places: {seen[m]} and {place}")
        seen[m] = place
    lost = sorted(set(BOARD.missions) - out_of_game - set(seen))
    if lost:
        _fail(f"mission {', '.join(map(str, lost))} is missing from hands, deck and revealed missions")

    # Ships.
    for c in colours:  # platform and saved are whole numbers already (validate_state)
        _need(isinstance(s["vp"][c], int) and not isinstance(s["vp"][c], bool), f"vp of {c} must be a whole number")
        _need(s["vp"][c] >= 0 or s["over"] is not None,
              f"vp of {c} is below 0; VP never fall below 0 during play (AE8)")
    for node, raised in s["upright"].items():
        _need(_count(raised) and raised <= s["turn"]["number"],
              f"upright {node}: raised on turn {raised!r}, not a turn played so far")
    links: set[str] = set()
    for block in s["blocked"]:
        _need(isinstance(block, dict) and block.get("link") in BOARD.dotted_links and block.get("by") in colours,
              f"blocked {block!r}: a dotted link and the colour that blocked it")
        _need(block["link"] not in links, f"link {block['link']} is blocked twice")
        links.add(block["link"])
    _need(all(c in colours for c in s["last_ship"])
          and len(set(s["last_ship"])) == len(s["last_ship"]) <= len(BOARD.last_ship_vp),
          "last_ship must list colours of this game, once each")
    if s["over"] is None:
        done = [c for c in colours if finished(s, c)]
        _need(sorted(done) == sorted(s["last_ship"]),
              f"the Last Ship track ({', '.join(s['last_ship']) or 'empty'}) must list exactly the colours "
              f"that saved every ship ({', '.join(done) or 'none'})")
        _need(len(done) < len(colours) - 1, "all but one player saved every ship: the game must be over")
    _need(s["first_empty"] is None or s["first_empty"] in colours, "first_empty must be null or a colour")
    if s["first_empty"] is None:
        for c in colours:
            _need(s["platform"][c] > 0, f"{c}'s platform is empty but first_empty is null")
    for c in s["alone"]:
        _need(c in colours and s["lost"][c] != "aside", f"alone: {c!r} has no Lost Ship that entered alone")

    # The turn.
    t = s["turn"]
    _need(t.get("phase") in ("setup", *PHASES), f"turn.phase {t.get('phase')!r} is not one of setup, cards, after")
    _need(_count(t.get("into_wormhole")), "turn.into_wormhole must be a count")
    if s["over"] is None and t["phase"] == "cards":
        me = colours[t["seat"]]
        _need(not finished(s, me), f"{me} saved every ship and plays no more turns")
    _need(0 <= s["undo_floor"] <= s["seq"], "undo_floor must lie between 0 and seq")


def check_question(s: State, legal: Callable[[State], list[Decision]]) -> None:
    ask = s["ask"]
    if s["over"] is not None:
        _need(ask is None and not s["queue"], "the game is over, so no question may be pending")
        return
    _need(ask is not None, "the game is not over but no question is pending; start the position "
                           "with RULES.at_phase(state, phase)")
    if s["turn"]["phase"] == "setup":
        _need(ask.get("q") == "return_mission", "during the setup the only question is which mission to return")
    else:
        _need(ask.get("q") != "return_mission", "missions are returned only during the setup")
    # The turn's own questions: its action (before it, cards allowed) and End turn (after it).
    for q, phase in (("turn", "cards"), ("end_turn", "after")):
        if ask.get("q") == q:
            _need(s["turn"]["phase"] == phase, f"the question {q!r} is asked only in the {phase} phase")
            _need(ask["seat"] == s["turn"]["seat"], f"the question {q!r} goes only to the player whose turn it is")
    try:
        answers = legal(s)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise ImpossiblePosition(f"the pending question {ask} is malformed ({type(exc).__name__}: {exc})") from None
    _need(bool(answers), f"the pending question {ask} has no legal answer; a position starts at its phase "
                         "with RULES.at_phase(state, phase)")
