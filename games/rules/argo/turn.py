"""The turn: phases, the pending question, the final round and the end (sections 2, 3, 9, 10).

The state always holds one question (`ask`) for the active player, or none when the game is over.
Work still to do in the turn (the rest of a chain, the kill step, the next phase) waits in the
state's `queue`; `run` works through it until the next question.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol, cast

from ..base import Decision, Event, State, clone
from ..rng import SeededRandom
from . import aliens, modules, movement, pods
from .components import ACTIVATABLE, OPPOSITE_BIT, around, load_station
from .scoring import active_colour, astronaut_dies, end_game
from .station import alien_at, distances, free_astronauts, kind_at, placements, waking_cell
from .versions import CURRENT

LAPSABLE = frozenset({"alien_move", "build", "action", "step"})


# --- setup -----------------------------------------------------------------------------------

def new_game(players: int, seed: int, options: dict[str, Any] | None = None, station: str = "station",
             version: int = CURRENT) -> State:
    """The starting position (section 2), with the start player's first question."""
    data = load_station(station)
    opts = {"difficulty": "medium", "mean_teleporters": False, **(options or {})}
    rng = SeededRandom(seed)
    colours = list(data.colours[:players])
    wr = data.waking_room
    board = {"0|0": {"tile": wr, "rot": 0}}
    plain = [t for t in data.modules if data.tiles[t].kind == "corridor" and not data.tiles[t].alien_symbol]
    rng.shuffle(plain)
    for (bit, cell), tile in zip(around("0|0"), plain[:4]):
        spec = data.tiles[tile]
        rotations = [r for r in spec.distinct_rotations() if spec.doors_at(r) & OPPOSITE_BIT[bit]]
        board[cell] = {"tile": tile, "rot": rng.choice(rotations)}
    rest = [t for t in data.modules if t != wr and t not in plain[:4]]
    rng.shuffle(rest)
    s: State = {
        "game": "argo", "rules_version": version, "station": station,
        "players": players, "colours": colours, "options": opts, "seed": seed,
        "board": board,
        "astronauts": {f"{c}-{r}": "0|0" for c in colours for r in data.roles},
        "aliens": {}, "next_alien": 1,
        "display": rest[:3], "stack": rest[3:],
        "pod_stack": [p for p in data.pods if data.tiles[p].min_players <= players],
        "track": [], "scores": dict.fromkeys(colours, 0), "launched": 0,
        "turn": {"seat": rng.below(players), "number": 0, "phase": "setup", "actions": 0,
                 "first": True, "moved": [], "core": []},
        "turns_played": dict.fromkeys(colours, 0), "final": None, "out": [], "modules_out": False,
        "queue": [], "chain": None, "ask": None, "seq": 0, "undo_floor": 0, "over": None,
    }
    ev: list[Event] = []
    begin_turn(s, ev, s["turn"]["seat"])
    run(s, ev)
    return s


# --- the queue -------------------------------------------------------------------------------

def run(s: State, ev: list[Event]) -> None:
    while s["over"] is None:
        ask = s["ask"]
        if ask is not None:
            if ask["q"] in LAPSABLE and not any(True for _ in iter_legal(s)):
                lapse(s, ev)
                continue
            return
        if s["queue"]:
            item = s["queue"].pop(0)
            HANDLERS[item["do"]](s, ev, item)
        elif s["turn"]["phase"] == "actions":
            s["ask"] = {"q": "action"} if s["turn"]["actions"] > 0 else {"q": "end_turn"}
        else:
            raise AssertionError(f"no work and no question in phase {s['turn']['phase']}")


def lapse(s: State, ev: list[Event]) -> None:
    """R1, R2, R3: a mandatory step that cannot be taken is skipped."""
    ask = s["ask"]
    q = ask["q"]
    s["ask"] = None
    if q == "alien_move":
        aliens.skip_move(s, ev)
    elif q == "build":
        ev.append({"e": "lapse", "what": "build"})
        s["modules_out"] = True
        trigger_final(s, ev, "no_placement")
        s["queue"].insert(0, {"do": "phase", "to": "actions"})
    elif q == "action":
        ev.append({"e": "lapse", "what": "action", "left": s["turn"]["actions"]})
        s["turn"]["actions"] = 0
    elif q == "step" and "jump" in ask:
        ev.append({"e": "lapse", "what": "jump", "figure": ask["figure"]})


def goto_phase(s: State, ev: list[Event], item: dict[str, Any]) -> None:
    phase = item["to"]
    s["turn"]["phase"] = phase
    if phase == "alien":
        if s["aliens"]:
            s["ask"] = {"q": "alien_move"}
        else:
            s["queue"].insert(0, {"do": "phase", "to": "build"})
    elif phase == "build":
        if s["modules_out"]:
            s["queue"].insert(0, {"do": "phase", "to": "actions"})
        else:
            s["ask"] = {"q": "build"}


def more_steps(s: State, ev: list[Event], item: dict[str, Any]) -> None:
    """The Explorer may take her second step of this move, or stop."""
    if item["fig"] in free_astronauts(s, active_colour(s)):
        s["ask"] = {"q": "step", "figure": item["fig"], "optional": True}


def jump_move(s: State, ev: list[Event], item: dict[str, Any]) -> None:
    """R11: each of the two Jump Room moves lapses only if it is impossible."""
    figure = item["fig"]
    if figure in free_astronauts(s, active_colour(s)):
        s["ask"] = {"q": "step", "figure": figure, "optional": False, "jump": item["n"]}
    else:
        ev.append({"e": "lapse", "what": "jump", "figure": figure})


HANDLERS: dict[str, Callable[[State, list[Event], dict[str, Any]], None]] = {
    "enter": movement.enter, "alien_enter": aliens.alien_enter, "kill_step": aliens.kill_step,
    "end_chain": movement.end_chain, "phase": goto_phase, "more": more_steps, "jump": jump_move,
    "crowd": modules.crowd_item,
}


# --- turns and the end (section 10) ----------------------------------------------------------

def begin_turn(s: State, ev: list[Event], seat: int) -> None:
    colour = s["colours"][seat]
    if s["final"] is not None:
        s["final"].remove(colour)
    first = s["turns_played"][colour] == 0
    core = [[a, s["board"][s["astronauts"][a]]["tile"]] for a in free_astronauts(s, colour)
            if kind_at(s, s["astronauts"][a]) == "core_room"]
    s["turn"] = {"seat": seat, "number": s["turn"]["number"] + 1, "phase": "alien",
                 "actions": 1 if first else 2, "first": first, "moved": [], "core": core}
    s["undo_floor"] = s["seq"]
    ev.append({"e": "turn", "colour": colour, "number": s["turn"]["number"],
               "last": s["final"] is not None})
    s["queue"] = [{"do": "phase", "to": "alien"}]


def trigger_final(s: State, ev: list[Event], reason: str) -> None:
    """The current player finishes his turn, then every other player plays one more."""
    if s["final"] is None:
        me = active_colour(s)
        s["final"] = [c for c in s["colours"] if c != me and c not in s["out"]]
        ev.append({"e": "final_round", "reason": reason})


def end_turn(s: State, ev: list[Event]) -> None:
    colour = active_colour(s)
    for figure, tile in s["turn"]["core"]:
        where = s["astronauts"][figure]
        if where in s["board"] and s["board"][where]["tile"] == tile:
            astronaut_dies(s, ev, figure, "core", where)
            if s["over"] is not None:
                return
    s["turns_played"][colour] += 1
    ev.append({"e": "turn_end", "colour": colour})
    advance(s, ev)


def advance(s: State, ev: list[Event]) -> None:
    """Hand the turn on; a player with no astronaut left on the board plays no more turns."""
    n = s["players"]
    seat = s["turn"]["seat"]
    for _ in range(n):
        seat = (seat + 1) % n
        colour = s["colours"][seat]
        if colour in s["out"] or (s["final"] is not None and colour not in s["final"]):
            continue
        if not free_astronauts(s, colour):
            s["out"].append(colour)
            ev.append({"e": "no_astronauts", "colour": colour})
            if s["final"] is None:
                s["final"] = [c for c in s["colours"] if c != colour and c not in s["out"]]
                ev.append({"e": "final_round", "reason": "no_astronauts"})
            elif colour in s["final"]:
                s["final"].remove(colour)
            continue
        begin_turn(s, ev, seat)
        return
    end_game(s, ev, "last_turns")


# --- building (section 6) --------------------------------------------------------------------

def build_options(s: State, ask: dict[str, Any], narrow: Decision | None = None) -> Iterator[Decision]:
    available = list(s["display"]) + s["pod_stack"][:1]
    cells = None
    if narrow is not None:
        available = [t for t in available if t == narrow.get("tile")]
        # a place decision (its shape checked) names a cell; any other kind leaves no tile to place
        cells = cast("list[str]", [narrow.get("cell")])
    dist = distances(s, waking_cell(s))
    for tile in available:
        for c, r in placements(s, tile, dist=dist, cells=cells):
            yield {"type": "place", "tile": tile, "cell": c, "rotation": r}


def apply_place(s: State, ev: list[Event], ask: dict[str, Any], d: Decision) -> None:
    tile, cell = d["tile"], d["cell"]
    spec = load_station(s["station"]).tiles[tile]
    ev.append({"e": "placed", "tile": tile, "cell": cell, "rotation": d["rotation"]})
    if spec.is_pod:
        s["pod_stack"].pop(0)
        s["board"][cell] = {"tile": tile, "rot": d["rotation"], "seats": [None, None]}
    else:
        s["display"].remove(tile)
        s["board"][cell] = {"tile": tile, "rot": d["rotation"]}
        if spec.kind in ACTIVATABLE:
            s["board"][cell]["marks"] = []
        if s["stack"]:
            revealed = s["stack"].pop(0)
            s["display"].append(revealed)
            s["undo_floor"] = s["seq"]  # a reveal cannot be taken back (section 9)
            ev.append({"e": "revealed", "tile": revealed})
        if spec.alien_symbol and len(s["aliens"]) < load_station(s["station"]).max_aliens:
            alien = f"alien-{s['next_alien']}"
            s["next_alien"] += 1
            s["aliens"][alien] = cell
            ev.append({"e": "alien_arrives", "alien": alien, "cell": cell})
        if not s["display"] and not s["stack"]:
            s["modules_out"] = True
            trigger_final(s, ev, "last_module")
    s["queue"].insert(0, {"do": "phase", "to": "actions"})


# --- actions (section 3.3) -------------------------------------------------------------------

def step_options(s: State, figure: str, narrow: Decision | None = None) -> list[Decision]:
    targets = movement.step_targets(s, figure)
    if narrow is not None:
        targets = [c for c in targets if c == narrow.get("to")]
    return [{"type": "step", "figure": figure, "to": c} for c in targets]


def action_options(s: State, ask: dict[str, Any], narrow: Decision | None = None) -> list[Decision]:
    colour = active_colour(s)
    figures = [f for f in free_astronauts(s, colour) if f not in s["turn"]["moved"]]
    if narrow is not None:
        figures = [f for f in figures if f == narrow.get("figure")]
    out = []
    if narrow is None or narrow.get("type") == "step":
        for figure in figures:
            out.extend(step_options(s, figure, narrow))
    if not s["turn"]["first"] and (narrow is None or narrow.get("type") == "activate"):
        out.extend(d for d in modules.activation_options(s, colour)
                   if narrow is None or d["figure"] == narrow.get("figure"))
    return out


def step_question_options(s: State, ask: dict[str, Any], narrow: Decision | None = None) -> list[Decision]:
    out = step_options(s, ask["figure"], narrow)
    if ask["optional"]:
        out.append({"type": "stop"})
    return out


def apply_action(s: State, ev: list[Event], ask: dict[str, Any], d: Decision) -> None:
    s["turn"]["actions"] -= 1
    figure = d["figure"]
    if d["type"] == "step":
        s["turn"]["moved"].append(figure)
        movement.start_step(s, ev, figure, d["to"], then_more=figure.endswith("-explorer"))
    else:
        modules.activate(s, ev, figure)


def apply_step(s: State, ev: list[Event], ask: dict[str, Any], d: Decision) -> None:
    if d["type"] == "stop":
        ev.append({"e": "stops", "figure": ask["figure"]})
        return
    then_more = "jump" in ask and ask["figure"].endswith("-explorer")
    movement.start_step(s, ev, ask["figure"], d["to"], then_more=then_more)


def apply_end_turn(s: State, ev: list[Event], ask: dict[str, Any], d: Decision) -> None:
    end_turn(s, ev)


# --- questions: options and effects ----------------------------------------------------------

class Options(Protocol):
    """The choices a question offers, narrowed to one decision's kind if given."""

    def __call__(self, s: State, ask: dict[str, Any], narrow: Decision | None = None, /) -> Iterable[Decision]: ...


def _unnarrowed(fn: Callable[[State, dict[str, Any]], Iterable[Decision]]) -> Options:
    return lambda s, ask, narrow=None: fn(s, ask)


OPTIONS: dict[str, Options] = {
    "alien_move": _unnarrowed(aliens.move_options),
    "alien_push": _unnarrowed(aliens.push_options),
    "victim": _unnarrowed(aliens.victim_options),
    "kill_order": _unnarrowed(aliens.kill_order_options),
    "build": build_options,
    "action": action_options,
    "step": step_question_options,
    "push": _unnarrowed(movement.push_options),
    "teleport": _unnarrowed(movement.teleport_options),
    "pilot": _unnarrowed(pods.pilot_options),
    "target": _unnarrowed(modules.target_options),
    "relocate": _unnarrowed(modules.relocate_options),
    "end_turn": lambda s, ask, narrow=None: [{"type": "end_turn"}],
}
EFFECTS: dict[str, Callable[[State, list[Event], dict[str, Any], Decision], None]] = {
    "alien_move": aliens.apply_move, "alien_push": aliens.apply_push,
    "victim": aliens.apply_victim, "kill_order": aliens.apply_kill_order, "build": apply_place, "action": apply_action,
    "step": apply_step, "push": movement.apply_push, "teleport": movement.apply_teleport,
    "pilot": pods.apply_pilot, "target": modules.apply_target,
    "relocate": modules.apply_relocate, "end_turn": apply_end_turn,
}


def dispatch(s: State, ev: list[Event], d: Decision) -> None:
    """Carry out a decision known to be legal, then run on to the next question."""
    ask = s["ask"]
    s["ask"] = None
    EFFECTS[ask["q"]](s, ev, ask, d)
    run(s, ev)


def _after(s: State, d: Decision, ev: list[Event] | None = None) -> State:
    t = clone(s)
    dispatch(t, [] if ev is None else ev, d)
    return t


def completes(t: State) -> bool:
    """R4: can the chain under way in `t` be finished by some sequence of choices?"""
    if t["over"] is not None or t["chain"] is None:
        return True
    ask = t["ask"]
    options = list(OPTIONS[ask["q"]](t, ask))
    if any(_simple(t, ask, d) for d in options):
        return True
    return any(completes(_after(t, d)) for d in options)


def _tail_clear(s: State) -> bool:
    """Nothing else of the chain waits after the current question."""
    return s["chain"] is None or not s["queue"] or s["queue"][0]["do"] == "end_chain"


def _simple(s: State, ask: dict[str, Any], d: Decision) -> bool:
    """Decisions that surely need no look-ahead for R4 and R8."""
    kind: str = d["type"]
    if kind in ("push", "teleport", "victim", "pilot") and not _tail_clear(s):
        return False
    if kind == "step":
        return movement.entry_is_simple(s, d["figure"], d["to"])
    if kind == "push":
        if ask["q"] == "alien_push":
            return alien_at(s, d["to"]) is None
        return movement.entry_is_simple(s, d["figure"], d["to"])
    if kind == "teleport":
        return movement.entry_is_simple(s, ask["figure"], d["to"], teleports=False)
    if kind == "alien":
        return alien_at(s, d["to"]) is None
    if kind == "activate":
        return kind_at(s, s["astronauts"][d["figure"]]) == "warehouse"
    return kind != "swap"


def _sound(s: State, d: Decision, t: State) -> bool:
    """`t` is `s` after decision `d`: R4 for chains, R8 for activations."""
    if d["type"] != "activate":
        return completes(t)
    ask = t["ask"]
    if kind_at(s, s["astronauts"][d["figure"]]) == "jump_room":
        return ask is not None and ask["q"] == "step" and ask.get("jump") == 1
    return t["over"] is not None or ask is None or any(True for _ in iter_legal(t))


def iter_legal(s: State, narrow: Decision | None = None) -> Iterator[Decision]:
    """Every legal decision for the current question (narrowed to one decision's kind, if given)."""
    ask = s["ask"]
    if ask is None:
        return
    for d in OPTIONS[ask["q"]](s, ask, narrow):
        if _simple(s, ask, d) or _sound(s, d, _after(s, d)):
            yield d


def play(s: State, d: Decision, ev: list[Event]) -> State | None:
    """Carry out `d` if it is legal; returns the new state (maybe `s` itself), or None if not."""
    ask = s["ask"]
    if ask is None or d not in list(OPTIONS[ask["q"]](s, ask, d)):
        return None
    if _simple(s, ask, d):
        s["seq"] += 1
        dispatch(s, ev, d)
        return s
    trial: list[Event] = []
    t = clone(s)
    t["seq"] += 1
    dispatch(t, trial, d)
    if not _sound(s, d, t):
        return None
    ev.extend(trial)
    return t
