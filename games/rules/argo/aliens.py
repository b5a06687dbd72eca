"""The alien phase: one alien moves, aliens push aliens, then every alien kills (3.1, R1, R6, R7)."""
from __future__ import annotations

from .components import NO_ALIEN_KINDS
from .movement import start_chain
from .pods import launch_next_to
from .scoring import alien_dies, astronaut_dies
from .station import alien_at, astronauts_at, kind_at, links, role

SOFT_TARGETS = ("chief", "explorer", "pilot")


def alien_order(s) -> list[str]:
    return sorted(s["aliens"], key=lambda a: int(a.rsplit("-", 1)[1]))


def alien_targets(s, cell: str, frm: str | None = None) -> list[str]:
    return [c for c in links(s, cell) if c != frm and kind_at(s, c) not in NO_ALIEN_KINDS]


def move_options(s, ask) -> list[dict]:
    return [{"type": "alien", "alien": a, "to": c}
            for a in alien_order(s) for c in alien_targets(s, s["aliens"][a])]


def apply_move(s, ev: list, ask, d) -> None:
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


def skip_move(s, ev: list) -> None:
    """R1: aliens on board but none can move: only the move is skipped; they still kill."""
    ev.append({"e": "lapse", "what": "alien_move"})
    s["queue"][:0] = [{"do": "kill_step", "aliens": alien_order(s)}, {"do": "phase", "to": "build"}]


def alien_enter(s, ev: list, item) -> None:
    alien, cell = item["fig"], item["cell"]
    other = alien_at(s, cell)
    s["aliens"][alien] = cell
    launch_next_to(s, ev, cell)
    if other is not None and other != alien and s["over"] is None:
        s["ask"] = {"q": "alien_push", "alien": other, "cell": cell, "from": item["from"]}


def push_options(s, ask) -> list[dict]:
    alien = ask["alien"]
    if alien in s["chain"]["moved"]:
        return []
    return [{"type": "push", "figure": alien, "to": c} for c in alien_targets(s, ask["cell"], ask["from"])]


def apply_push(s, ev: list, ask, d) -> None:
    alien, cell = ask["alien"], ask["cell"]
    s["chain"]["moved"].append(alien)
    ev.append({"e": "alien_pushed", "alien": alien, "from": cell, "to": d["to"]})
    s["queue"].insert(0, {"do": "alien_enter", "fig": alien, "cell": d["to"], "from": cell})


def kill_step(s, ev: list, item) -> None:
    waiting = list(item["aliens"])
    while waiting and s["over"] is None:
        alien = waiting.pop(0)
        if alien in s["aliens"]:
            alien_kills(s, ev, alien)
            if s["ask"] is not None:
                break
    if waiting and s["over"] is None:
        s["queue"].insert(0, {"do": "kill_step", "aliens": waiting})


def alien_kills(s, ev: list, alien: str) -> None:
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


def victim_options(s, ask) -> list[dict]:
    return [{"type": "victim", "figure": a} for a in astronauts_at(s, ask["cell"])
            if role(a) in SOFT_TARGETS]


def apply_victim(s, ev: list, ask, d) -> None:
    astronaut_dies(s, ev, d["figure"], "alien", ask["cell"])
