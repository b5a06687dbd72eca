"""Loading a state written by hand or read back from storage: checked before it is trusted."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NoReturn

from ..base import Decision, ImpossiblePosition, State
from .components import ACTIVATABLE, NO_ALIEN_KINDS, is_cell, load_station


class StateError(ImpossiblePosition):
    """A state that is not a well-formed Argo state; the message names the bad part."""


KEYS: dict[str, type | tuple[type, ...]] = {
    "game": str, "rules_version": int, "station": str, "players": int, "colours": list,
    "options": dict, "seed": int, "board": dict, "astronauts": dict, "aliens": dict,
    "next_alien": int, "display": list, "stack": list, "pod_stack": list, "track": list,
    "scores": dict, "launched": int, "turn": dict, "turns_played": dict, "final": (list, type(None)),
    "out": list, "modules_out": bool, "queue": list, "chain": (dict, type(None)),
    "ask": (dict, type(None)), "seq": int, "undo_floor": int, "over": (dict, type(None)),
}


def _need(ok: bool, message: str) -> None:
    if not ok:
        raise StateError(message)


def _fail(message: str) -> NoReturn:
    raise StateError(message)


def validate_state(s: State) -> None:
    _need(isinstance(s, dict), "a state is a JSON object")
    for key, kind in KEYS.items():
        if key not in s:
            _fail(f"state field {key!r} is missing")
        if not isinstance(s[key], kind):
            _fail(f"state field {key!r} has the wrong type")
    _need(s["game"] == "argo", "not an Argo state")
    try:
        station = load_station(s["station"])
    except FileNotFoundError:
        raise StateError(f"unknown station set {s['station']!r}") from None
    _need(2 <= s["players"] <= 4 and len(s["colours"]) == s["players"], "players and colours disagree")
    for cell, entry in s["board"].items():
        if not is_cell(cell):
            _fail(f"board cell {cell!r} is not of the form x|y")
        if not isinstance(entry, dict) or entry.get("tile") not in station.tiles:
            _fail(f"board {cell}: unknown tile {entry.get('tile') if isinstance(entry, dict) else entry!r}")
        if entry.get("rot") not in (0, 1, 2, 3):
            _fail(f"board {cell}: rot must be 0-3")
        if station.tiles[entry["tile"]].is_pod and not (isinstance(entry.get("seats"), list) and len(entry["seats"]) == 2):
            _fail(f"board {cell}: a pod needs two seats")
    roles = station.roles
    expected = {f"{c}-{r}" for c in s["colours"] for r in roles}
    _need(set(s["astronauts"]) == expected, "astronauts must be the five figures of each colour")
    for figure, where in s["astronauts"].items():
        if not (where in ("dead", "escaped") or where in s["board"]):
            _fail(f"{figure} stands on {where!r}, which is not a tile on the board")
    for alien, where in s["aliens"].items():
        if where not in s["board"]:
            _fail(f"{alien} stands on {where!r}, which is not a tile on the board")
    for tile in s["display"] + s["stack"] + s["pod_stack"]:
        if tile not in station.tiles:
            _fail(f"unknown tile {tile!r} in the supply")
    _need(set(s["scores"]) == set(s["colours"]), "scores must name every colour")
    seat = s["turn"].get("seat")
    _need(isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < s["players"], "turn.seat is not a seat")
    _need(s["ask"] is None or isinstance(s["ask"].get("q"), str), "ask must be null or a question {\"q\": ...}")


# --- a possible position (games/rules/argo/docs/state.md, "A valid position") ---------------------

PHASES = ("alien", "build", "actions")
# The questions each phase can ask (a Lab swap in the actions phase runs a kill step of its own).
QUESTIONS = {
    "alien": {"alien_move", "alien_push", "victim", "kill_order"},
    "build": {"build"},
    "actions": {"action", "step", "push", "teleport", "pilot", "target", "relocate", "end_turn",
                "victim", "kill_order", "alien_push"},
}
CHAIN_QUESTIONS = {"push", "teleport", "alien_push"}


def check_position(s: State) -> None:
    """Everything about the pieces: raises ImpossiblePosition naming the first impossibility."""
    from .scoring import covered_by_token, track_slots
    from .station import links, reachable, waking_cell

    station = load_station(s["station"])
    tiles = station.tiles
    board = s["board"]
    colours = s["colours"]
    _need(len(set(colours)) == len(colours) and list(colours) == list(station.colours[:s["players"]]),
          f"colours must be {', '.join(station.colours[:s['players']])} in seat order")
    _need(s["options"].get("difficulty") in ("easy", "medium", "hard")
          and isinstance(s["options"].get("mean_teleporters"), bool),
          "options must give difficulty (easy, medium, hard) and mean_teleporters (true or false)")

    # Components: each tile once, pods only those of this player count.
    where: dict[str, str] = {}
    places = [(f"board {c}", e["tile"]) for c, e in board.items()]
    places += [("the display", t) for t in s["display"]] + [("the stack", t) for t in s["stack"]]
    places += [("the pod stack", t) for t in s["pod_stack"]]
    pods_seen = 0
    for place, tile in places:
        if tile in where:
            _fail(f"tile {tile} is in two places: {where[tile]} and {place}; the set has one")
        where[tile] = place
        spec = tiles[tile]
        if spec.is_pod:
            pods_seen += 1
            if spec.min_players > s["players"]:
                _fail(f"pod {tile} is for {spec.min_players}+ players only")
        if place in ("the display", "the stack", "the pod stack") and (place == "the pod stack") != spec.is_pod:
            _fail(f"{place} holds {tile}, a {spec.kind}")
    wr = station.waking_room
    _need(where.get(wr) == "board 0|0", "the Waking Room must lie on 0|0")
    in_game = sum(1 for p in station.pods if tiles[p].min_players <= s["players"])
    if s["launched"] < 0 or pods_seen + s["launched"] > in_game:
        _fail(f"{pods_seen} pods on the board or in the stack and {s['launched']} launched: "
              f"this game has {in_game} pods")
    _need(len(s["display"]) <= 3, f"the display holds {len(s['display'])} modules; it holds at most 3")
    _need(s["modules_out"] or s["display"] or s["stack"], "no module is left to place but modules_out is false")

    # The station: pods docked to a module, every tile reachable through doors.
    for cell, entry in board.items():
        spec = tiles[entry["tile"]]
        if spec.is_pod:
            docked = links(s, cell)
            if not docked or tiles[board[docked[0]]["tile"]].is_pod:
                _fail(f"pod {spec.id} on {cell} is docked to nothing: its door must face a module's door")
        elif "marks" in entry or spec.kind in ACTIVATABLE:
            marks = entry.get("marks")
            if spec.kind not in ACTIVATABLE:
                _fail(f"board {cell}: a {spec.kind} carries no activation marks")
            if not (isinstance(marks, list) and len(marks) <= 2 and len(set(marks)) == len(marks)
                    and all(m in colours for m in marks)):
                _fail(f"board {cell}: marks must list at most two different colours of this game")
    seen = reachable(s, waking_cell(s))
    if len(seen) != len(board):
        _fail("the station is disconnected: " + ", ".join(sorted(set(board) - seen))
              + " cannot be reached from the Waking Room through doors")

    # Astronauts: seats and figures agree, capacity, the track.
    seated: dict[str, str] = {}
    for cell, entry in board.items():
        if "seats" not in entry:
            continue
        seats = entry["seats"]
        if seats[0] is None and seats[1] is not None:
            _fail(f"pod on {cell}: the seat of lowest value fills first")
        if None not in seats:
            _fail(f"pod on {cell} is full; a full pod launches at once")
        for figure in seats:
            if figure is None:
                continue
            if figure not in s["astronauts"]:
                _fail(f"pod on {cell}: {figure!r} is not an astronaut of this game")
            if s["astronauts"][figure] != cell:
                _fail(f"{figure} sits in the pod on {cell} but stands on {s['astronauts'][figure]!r}")
            seated[figure] = cell
    crowd: dict[str, int] = {}
    dead = []
    for figure, at in s["astronauts"].items():
        if at == "dead":
            dead.append(figure)
        elif at != "escaped":
            if tiles[board[at]["tile"]].is_pod:
                if seated.get(figure) != at:
                    _fail(f"{figure} stands on the pod on {at} without a seat in it")
            else:
                crowd[at] = crowd.get(at, 0) + 1
    crowded = []
    for cell, count in crowd.items():
        spec = tiles[board[cell]["tile"]]
        if spec.capacity is not None and count > spec.capacity:
            crowded.append(cell)
            if s["chain"] is None or count > spec.capacity + 1:
                _fail(f"{spec.id} on {cell} holds {count} astronauts, over its capacity of {spec.capacity}"
                      + ("" if s["chain"] is None else " and one more may wait only to be pushed on"))
    _need(len(crowded) <= 1, f"{' and '.join(sorted(crowded))} are both over capacity")
    if len(set(s["track"])) != len(s["track"]) or sorted(s["track"]) != sorted(dead):
        _fail(f"the alien track must hold exactly the dead astronauts ({', '.join(sorted(dead)) or 'none'}), once each")
    free = len(track_slots(s)) - covered_by_token(s)
    _need(len(s["track"]) <= free, f"{len(s['track'])} astronauts on the alien track, which has room for {free}")

    # Aliens.
    _need(len(s["aliens"]) <= station.max_aliens,
          f"{len(s['aliens'])} aliens on the station; there are {station.max_aliens}")
    cells = []
    for alien, cell in s["aliens"].items():
        number = alien[6:] if alien.startswith("alien-") else ""
        _need(number.isdigit() and str(int(number)) == number and 0 < int(number) < s["next_alien"],
              f"{alien!r} is not an alien id below next_alien ({s['next_alien']})")
        kind = tiles[board[cell]["tile"]].kind
        _need(kind not in NO_ALIEN_KINDS, f"{alien} stands on a {kind} ({cell}); aliens never enter one")
        cells.append(cell)
    ask = s["ask"] or {}
    for cell in set(cells):
        if cells.count(cell) > 1:
            # The push a shared tile calls for lapses when that very move ended the game.
            pushing = ask.get("q") == "alien_push" and ask.get("cell") == cell
            _need(cells.count(cell) == 2 and (pushing or s["over"] is not None),
                  f"{cells.count(cell)} aliens share {cell}, and no alien push is pending there")

    # Scores and the turn.
    for key in ("scores", "turns_played"):
        _need(set(s[key]) == set(colours) and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0
                                                  for v in s[key].values()),
              f"{key} must give every colour a whole number, 0 or more")
    t = s["turn"]
    _need(set(t) == {"seat", "number", "phase", "actions", "first", "moved", "core"},
          "turn must have seat, number, phase, actions, first, moved and core")
    _need(t["phase"] in PHASES, f"turn.phase {t['phase']!r} is not one of {', '.join(PHASES)}")
    me = colours[t["seat"]]
    _need(isinstance(t["first"], bool) and t["first"] == (s["turns_played"][me] == 0),
          f"turn.first must be true exactly when {me} has not finished a turn yet")
    _need(t["actions"] in ((0, 1) if t["first"] else (0, 1, 2)),
          f"turn.actions {t['actions']!r}: a turn has {1 if t['first'] else 2} actions")
    _need(isinstance(t["moved"], list) and all(f in s["astronauts"] and f.startswith(me + "-") for f in t["moved"]),
          f"turn.moved may list only {me}'s astronauts")
    _need(s["out"] == [c for c in s["out"] if c in colours] and len(set(s["out"])) == len(s["out"]),
          "out must list colours of this game, once each")
    if s["final"] is not None:
        _need(all(c in colours for c in s["final"]) and len(set(s["final"])) == len(s["final"])
              and not set(s["final"]) & set(s["out"]),
              "final must list colours of this game that are not out, once each")
    if s["over"] is None:
        _need(me not in s["out"], f"it is {me}'s turn, but {me} is out")
        _need(s["final"] is None or me not in s["final"], f"{me} is playing a turn and still waits for a last one")
    _need(0 <= s["undo_floor"] <= s["seq"], "undo_floor must lie between 0 and seq")


def check_question(s: State, legal: Callable[[State], Iterable[Decision]]) -> None:
    """The pending question: present exactly while the game goes on, and answerable."""
    ask, over = s["ask"], s["over"]
    if over is not None:
        _need(over.get("reason") in ("track_full", "all_pods", "last_turns"),
              "over.reason must be track_full, all_pods or last_turns")
        _need(ask is None and not s["queue"] and s["chain"] is None,
              "the game is over, so no question, queue or chain may be pending")
        return
    _need(ask is not None, "the game is not over but no question is pending; start the position "
                           "with RULES.at_phase(state, phase)")
    q = ask.get("q")
    phase = s["turn"]["phase"]
    _need(q in QUESTIONS[phase], f"the question {q!r} is never asked in the {phase} phase")
    _need(q not in CHAIN_QUESTIONS or s["chain"] is not None, f"a {q!r} question is asked only inside a chain")
    try:
        answerable = any(True for _ in legal(s))
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise ImpossiblePosition(f"the pending question {ask} is malformed ({type(exc).__name__}: {exc})") from None
    _need(answerable, f"the pending question {ask} has no legal answer; a position starts at its phase "
                      "with RULES.at_phase(state, phase), where a step that cannot be taken lapses")
    from .scoring import track_full
    _need(not track_full(s), "the alien track is full, so the game must be over")
