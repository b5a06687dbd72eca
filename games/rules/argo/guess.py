"""A guessed world: a whole Argo position rebuilt from what one seat sees (`guessed_world`).

Argo hides the same two things from every seat and from a spectator (view.py): the order of the
face-down modules and the setup seed. Everything else is copied from the view, the parts the board
does not draw from its "bookkeeping". The face-down modules themselves are public (the view lists
them sorted; in play they are the station's modules on neither the board nor the display, since a
module never leaves the board): that sorted list is shuffled anew with `rng`, then a new seed is
drawn. The bots plan in these worlds (bots.py, expert.py), so a guess must keep every legal decision
of the true position: it does, since nothing else is hidden.
"""

from __future__ import annotations

from typing import Any

from ..base import State, clone
from ..rng import SeededRandom


def guessed_world(view: dict[str, Any], seat: int | None, rng: SeededRandom) -> State:
    """A position showing `seat` exactly `view`, its face-down order and seed dealt from `rng`.
    `seat` changes nothing: Argo hides the same from every seat."""
    v = clone(view)
    books = v["bookkeeping"]
    stack = face_down_pool(v)
    rng.shuffle(stack)
    result = v["outcome"]
    return {
        "game": "argo",
        "rules_version": v["rules_version"],
        "station": books["station"],
        "players": v["players"],
        "colours": v["colours"],
        "options": v["options"],
        "seed": rng.next64() >> 1,
        "board": {cell: board_entry(tile) for cell, tile in v["board"].items()},
        "astronauts": v["astronauts"] | books["left_from"],
        "aliens": v["aliens"],
        "next_alien": books["next_alien"],
        "display": v["display"],
        "stack": stack,
        "pod_stack": v["pods_waiting"],
        "track": v["alien_track"]["dead"],
        "scores": v["scores"],
        "launched": v["pods_launched"],
        "turn": books["turn"],
        "turns_played": books["turns_played"],
        "final": v["final_round"],
        "out": v["out"],
        "modules_out": v["building_over"],
        "queue": books["queue"],
        "chain": books["chain"],
        "ask": v["question"],
        "seq": v["seq"],
        "undo_floor": books["undo_floor"],
        "over": None if result is None else {"reason": result["reason"]},
    }


def face_down_pool(view: dict[str, Any]) -> list[str]:
    """The face-down modules, sorted. Argo shows which they are (the view's sorted list), so the pool
    is that list: in play it is exactly the station's modules on neither the board nor the display,
    and a position written by hand that leaves some modules out of the game keeps them out."""
    return sorted(view["face_down"])


def board_entry(tile: dict[str, Any]) -> dict[str, Any]:
    """A board cell of the state from the view's tile: id and rotation, activation marks where the
    tile carries them, and a pod's two seats (figure or None, lowest value first)."""
    entry: dict[str, Any] = {"tile": tile["tile"], "rot": tile["rotation"]}
    if "marks" in tile:
        entry["marks"] = tile["marks"]
    if "seats" in tile:
        entry["seats"] = [seat["figure"] for seat in tile["seats"]]
    return entry
