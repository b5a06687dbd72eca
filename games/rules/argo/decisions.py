"""Checking a decision: its shape first, then its legality, with a reason in plain words."""
from __future__ import annotations

from functools import cache
from typing import Any

from ..base import Decision, State
from .scoring import active_colour
from .station import kind_at, links, owner, role

CELL = "cell"
FIELDS: dict[str, dict[str, str]] = {
    "alien": {"alien": "str", "to": CELL},
    "push": {"figure": "str", "to": CELL},
    "victim": {"figure": "str"},
    "kill_first": {"alien": "str"},
    "place": {"tile": "str", "cell": CELL, "rotation": "rotation"},
    "step": {"figure": "str", "to": CELL},
    "stop": {},
    "teleport": {"to": CELL},
    "pilot": {"choice": "str"},
    "activate": {"figure": "str"},
    "swap": {"astronaut": "str", "alien": "str"},
    "lift": {"cell": CELL},
    "relocate": {"to": CELL, "rotation": "rotation"},
    "shoot": {"alien": "str"},
    "heal": {"astronaut": "str"},
    "launch": {"pod": CELL},
    "end_turn": {},
}
OPTIONAL = {"pilot": {"cell": CELL, "rotation": "rotation"}}
EXPECTED = {
    "alien_move": ("alien",), "alien_push": ("push",), "victim": ("victim",), "kill_order": ("kill_first",),
    "build": ("place",),
    "action": ("step", "activate"), "step": ("step", "stop"), "push": ("push",),
    "teleport": ("teleport",), "pilot": ("pilot",), "relocate": ("relocate",),
    "end_turn": ("end_turn",),
    "target": ("swap", "lift", "shoot", "heal", "launch"),
}
PRONOUN = {"chief": "he", "grunt": "he", "explorer": "she", "pilot": "she", "robot": "it"}


FIELD_SCHEMAS = {
    CELL: {"type": "string", "pattern": r"^(0|-?[1-9][0-9]*)\|(0|-?[1-9][0-9]*)$", "description": 'a cell such as "2|-1"'},
    "rotation": {"type": "integer", "minimum": 0, "maximum": 3, "description": "a rotation 0-3"},
    "str": {"type": "string", "minLength": 1, "maxLength": 64, "description": "a name of 1 to 64 characters"},
}
# The descriptions are also the refusals' words: "field 'to' of a 'step' decision must be a cell such as "2|-1"".


@cache
def decision_schema() -> dict[str, Any]:
    """FIELDS and OPTIONAL as a JSON Schema: the shapes the toolkit's check_shape lets through (one
    object, made once: the API serves it and the rules check it)."""
    def one(kind: str) -> dict[str, Any]:
        fields = {**FIELDS[kind], **OPTIONAL.get(kind, {})}
        return {"type": "object", "title": f"argo: {kind}", "additionalProperties": False,
                "required": ["type", *FIELDS[kind]],
                "properties": {"type": {"type": "string", "enum": [kind]},
                               **{name: FIELD_SCHEMAS[field] for name, field in fields.items()}}}
    return {"oneOf": [one(kind) for kind in FIELDS]}


def explain(s: State, d: Decision, prompt: str) -> str:
    """Why a well-formed decision is not legal now."""
    ask = s["ask"]
    if d["type"] not in EXPECTED[ask["q"]]:
        return f"now: {prompt}; a {d['type']!r} decision does not answer that"
    figure = d.get("figure") or d.get("astronaut")
    if figure is not None and figure not in s["astronauts"] and figure not in s["aliens"]:
        return f"there is no figure {figure!r} on this station"
    if d["type"] in ("step", "activate") and figure is not None and figure in s["astronauts"]:
        reason = _figure_reason(s, figure, d)
        if reason:
            return reason
    if d["type"] == "place":
        reason = _place_reason(s, d)
        if reason:
            return reason
    if d["type"] in ("step", "push", "alien", "teleport", "swap"):
        return (f"{_describe(d)} is refused: it starts or continues a chain that cannot be "
                f"completed, or is not among the choices now (R4); now: {prompt}")
    return f"{_describe(d)} is not a legal choice now; now: {prompt}"


def _describe(d: Decision) -> str:
    parts = [f"{k}={v}" for k, v in d.items() if k != "type"]
    return f"{d['type']}({', '.join(parts)})"


def _figure_reason(s: State, figure: str, d: Decision) -> str | None:
    me = active_colour(s)
    she = PRONOUN[role(figure)]
    verb = "move" if d["type"] == "step" else "activate a module"
    if owner(figure) != me:
        return f"{figure} is not yours: it is {me}'s turn"
    where = s["astronauts"][figure]
    if where == "dead":
        return f"{figure} cannot {verb}: {she} is dead"
    if where == "escaped":
        return f"{figure} cannot {verb}: {she} has escaped"
    if kind_at(s, where) == "pod":
        return f"{figure} cannot {verb}: {she} is seated in pod {s['board'][where]['tile']}"
    ask = s["ask"]
    if d["type"] == "step":
        if ask["q"] == "step" and ask["figure"] != figure:
            return f"only {ask['figure']} may step now"
        if ask["q"] == "action" and figure in s["turn"]["moved"]:
            return f"{figure} has already had a Move action this turn"
        if d["to"] not in links(s, where):
            return f"{figure} cannot step from {where} to {d['to']}: no door connects them"
    else:
        if s["turn"]["first"]:
            return "the first turn has a single action, and it must be a Move"
        kind = kind_at(s, where)
        marks = s["board"][where].get("marks", ())
        if kind not in ("lab", "control_room", "jump_room", "laser", "infirmary", "warehouse",
                        "security_center"):
            return f"{figure} stands on a {kind}, which cannot be activated"
        if role(figure) == "robot" and kind in ("lab", "laser"):
            return f"a robot cannot activate the {kind}"
        if me in marks:
            return f"{me} has already activated the module on {where}"
        if len(marks) >= 2:
            return f"the module on {where} has been activated twice already"
        return f"the module on {where} would have no effect now (R8)"
    return None


def _place_reason(s: State, d: Decision) -> str | None:
    available = list(s["display"]) + s["pod_stack"][:1]
    if d["tile"] not in available:
        return f"{d['tile']} cannot be placed: the choice is {', '.join(available)}"
    if d["cell"] in s["board"]:
        return f"{d['cell']} already holds a tile"
    return (f"{d['tile']} cannot go on {d['cell']} in rotation {d['rotation']}: it must connect by a "
            "door to the station (a module to a tile other than a pod; a pod to a module, at least "
            "4 steps from the Waking Room)")
