"""The alien phase: one alien moves, aliens push aliens, then every alien kills (3.1, R1, R6, R7)."""
from __future__ import annotations

from typing import Any

from ..base import Decision, Event, State
from .components import NO_ALIEN_KINDS
from .movement import start_chain
from .pods import launch_next_to
from .scoring import alien_dies, astronaut_dies, covered_by_token, track_slots
from .station import alien_at, astronauts_at, kind_at, links, role
from .versions import holds

SOFT_TARGETS = ("chief", "explorer", "pilot")


def alien_order(s: State) -> list[str]:
    return sorted(s["aliens"], key=lambda a: int(a.rsplit("-", 1)[1]))


def alien_targets(s: State, cell: str, frm: str | None = None) -> list[str]:
    return [c for c in links(s, cell) if c != frm and kind_at(s, c) not in NO_ALIEN_KINDS]


def move_options(s: State, ask: dict[str, Any]) -> list[Decision]:
    return [{"type": "alien", "alien": a, "to": c}
            for a in alien_order(s) for c in alien_targets(s, s["aliens"][a])]


def apply_move(s: State, ev: list[Event], ask: dict[str, Any], d: Decision) -> None:
    alien, to = d["alien"], d["to"]
    frm = s["aliens"][alien]
    start_chain(s, alien)
    ev.append({"e": "alien_moves", "alien": alien, "from": frm, "to": to})
    s["queue"][:0] = [
        {"do": "alien_enter", "fig": alien, "cell": to, "from": frm},
        {"do": "end_chain"},
        {"do": "kill_step", "aliens": alien_order(s)},
        {"do": "phase", "to": "build"},
    ]


def skip_move(s: State, ev: list[Event]) -> None:
    """R1: aliens on board but none can move: only the move is skipped; they still kill."""
    ev.append({"e": "lapse", "what": "alien_move"})
    s["queue"][:0] = [{"do": "kill_step", "aliens": alien_order(s)}, {"do": "phase", "to": "build"}]


def alien_enter(s: State, ev: list[Event], item: dict[str, Any]) -> None:
    alien, cell = item["fig"], item["cell"]
    other = alien_at(s, cell)
    s["aliens"][alien] = cell
    launch_next_to(s, ev, cell)
    if other is not None and other != alien and s["over"] is None:
        s["ask"] = {"q": "alien_push", "alien": other, "cell": cell, "from": item["from"]}


def push_options(s: State, ask: dict[str, Any]) -> list[Decision]:
    alien = ask["alien"]
    if alien in s["chain"]["moved"]:
        return []
    return [{"type": "push", "figure": alien, "to": c} for c in alien_targets(s, ask["cell"], ask["from"])]


def apply_push(s: State, ev: list[Event], ask: dict[str, Any], d: Decision) -> None:
    alien, cell = ask["alien"], ask["cell"]
    s["chain"]["moved"].append(alien)
    ev.append({"e": "alien_pushed", "alien": alien, "from": cell, "to": d["to"]})
    s["queue"].insert(0, {"do": "alien_enter", "fig": alien, "cell": d["to"], "from": cell})


def kill_step(s: State, ev: list[Event], item: dict[str, Any]) -> None:
    waiting = list(item["aliens"])
    chosen = item.get("chosen", False)  # the first alien was picked by the player: it kills now
    while waiting and s["over"] is None:
        killing = killers(s, waiting)
        if not chosen and len(killing) > 1 and len(killing) > free_slots(s) and holds(s, "R20"):
            # R20: not every victim fits on the track; the active player says who dies first.
            s["ask"] = {"q": "kill_order", "aliens": killing}
            break
        alien = waiting.pop(0)
        chosen = False
        if alien in s["aliens"]:
            alien_kills(s, ev, alien)
            if s["ask"] is not None:
                break
    if waiting and s["over"] is None:
        s["queue"].insert(0, {"do": "kill_step", "aliens": waiting})


def killers(s: State, aliens: list[str]) -> list[str]:
    """The aliens that will kill an astronaut (not die to two Grunts) at this kill step."""
    out = []
    for alien in aliens:
        if alien not in s["aliens"]:
            continue
        present = [a for a in astronauts_at(s, s["aliens"][alien]) if role(a) != "robot"]
        if any(role(a) in SOFT_TARGETS for a in present) or len(present) == 1:
            out.append(alien)
    return out


def free_slots(s: State) -> int:
    return len(track_slots(s)) - covered_by_token(s) - len(s["track"])


def kill_order_options(s: State, ask: dict[str, Any]) -> list[Decision]:
    return [{"type": "kill_first", "alien": a} for a in ask["aliens"]]


def apply_kill_order(s: State, ev: list[Event], ask: dict[str, Any], d: Decision) -> None:
    """R20: the chosen alien kills next; the rest keep their order and may be asked about again."""
    waiting = s["queue"][0]["aliens"] if s["queue"] and s["queue"][0]["do"] == "kill_step" else []
    ev.append({"e": "kills_first", "alien": d["alien"]})
    s["queue"][0:1] = [{"do": "kill_step", "aliens": [d["alien"]] + [a for a in waiting if a != d["alien"]],
                        "chosen": True}]


def alien_kills(s: State, ev: list[Event], alien: str) -> None:
    """Section 5: a Chief, Explorer or Pilot dies first; a lone Grunt next; two Grunts kill the alien."""
    cell = s["aliens"][alien]
    present = [a for a in astronauts_at(s, cell) if role(a) != "robot"]
    soft = [a for a in present if role(a) in SOFT_TARGETS]
    if len(soft) > 1:
        s["ask"] = {"q": "victim", "alien": alien, "cell": cell}
    elif soft:
        astronaut_dies(s, ev, soft[0], "alien", cell)
    elif len(present) == 1:
        astronaut_dies(s, ev, present[0], "alien", cell)
    elif len(present) > 1:
        alien_dies(s, ev, alien, "grunts", scored=True)


def victim_options(s: State, ask: dict[str, Any]) -> list[Decision]:
    return [{"type": "victim", "figure": a} for a in astronauts_at(s, ask["cell"])
            if role(a) in SOFT_TARGETS]


def apply_victim(s: State, ev: list[Event], ask: dict[str, Any], d: Decision) -> None:
    astronaut_dies(s, ev, d["figure"], "alien", ask["cell"])
