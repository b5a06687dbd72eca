"""Argo (Faidutti & Laget) as played on Argo Station: the pure rules module.

`RULES` fulfils games.rules.base.GameRules. States are plain JSON (docs/rules/argo-state.md);
decisions are small JSON objects (docs/rules/argo-decisions.md).
"""
from __future__ import annotations

import json

from ..base import NAMED_COLOURS, BotMaker, JsonPositions, IllegalAction, ImpossiblePosition
from . import bots, log, view as _view
from .components import DIFFICULTIES, load_station
from .decisions import check_shape, decision_schema, explain
from .scoring import outcome as _outcome
from .state import PHASES, check_position, check_question, validate_state
from .station import specs
from .turn import clone, iter_legal, new_game as _new_game, play, run as _run
from .versions import CURRENT, PUBLISHED, check as check_version, holds


def canonical(state, decision: dict) -> dict:
    """R21: a tile may be given in any rotation; rotations with the same doors are one placement,
    checked and stored as the smallest of them."""
    rotation = decision.get("rotation")
    if rotation not in (0, 1, 2, 3) or isinstance(rotation, bool) or not holds(state, "R21"):
        return decision
    ask = state["ask"] or {}
    if decision["type"] == "place":
        tile = decision.get("tile")
    elif decision["type"] in ("relocate", "pilot") and ask.get("cell") in state["board"]:
        tile = state["board"][ask["cell"]]["tile"]
    else:
        return decision
    spec = specs(state).get(tile) if isinstance(tile, str) else None
    if spec is None:
        return decision
    doors = spec.doors_at(rotation)
    return {**decision, "rotation": min(r for r in range(4) if spec.doors_at(r) == doors)}


class ArgoRules(BotMaker, JsonPositions):
    BOTS = bots.BOTS
    name = "argo"
    version = CURRENT
    versions = PUBLISHED
    min_players = 2
    max_players = 4
    title = {"en": "Argo", "de": "Argo"}
    summary = {"en": "Wake up in a strange space station, dodge the aliens and get your crew into the escape pods.",
               "de": "Erwache in einer fremden Raumstation, entkomme den Aliens und bring deine Crew in die "
                     "Rettungskapseln."}
    participants = {"aliens": {"en": "Aliens", "de": "Aliens"}}

    def options_schema(self) -> dict:
        return {
            "difficulty": {"choices": list(DIFFICULTIES), "default": "medium",
                           "label": {"en": "Difficulty", "de": "Schwierigkeit"},
                           "choice_labels": {"en": ["easy", "medium", "hard"], "de": ["leicht", "mittel", "schwer"]}},
            "mean_teleporters": {"choices": [False, True], "default": False,
                                 "label": {"en": "Mean teleporters", "de": "Gemeine Teleporter"},
                                 "choice_labels": {"en": ["no", "yes"], "de": ["nein", "ja"]}},
        }

    def check_options(self, players, options: dict | None) -> dict:
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
            raise IllegalAction("Argo is played by 2, 3 or 4 players")
        options = dict(options or {})
        schema = self.options_schema()
        for key, value in options.items():
            if key not in schema:
                raise IllegalAction(f"unknown option {key!r}; options: {', '.join(schema)}")
            if value not in schema[key]["choices"] or type(value) is not type(schema[key]["default"]):
                choices = ", ".join(json.dumps(c) for c in schema[key]["choices"])
                raise IllegalAction(f"option {key!r} must be one of {choices}")
        return {k: options.get(k, v["default"]) for k, v in schema.items()}

    def seat_names(self, state) -> list[str]:
        return list(state["colours"])

    def question(self, state) -> dict | None:
        return None if state["ask"] is None else dict(state["ask"])

    def public_decision(self, decision: dict) -> dict:
        return dict(decision)  # Argo has no hidden decision: the face-down modules are drawn, not chosen

    def client_data(self, lang: str = "en") -> dict:
        """The tile set with its kind names, for previews of tiles not yet on the board."""
        lang = lang if lang in log.KINDS else "en"
        tiles = {t.id: {"tile": t.id, "kind": t.kind, "capacity": t.capacity, "doors": t.doors,
                        "alien_symbol": t.alien_symbol, "seats": list(t.seats), "min_players": t.min_players}
                 for t in load_station("station").tiles.values()}
        station = load_station("station")
        return {"tiles": tiles, "kinds": dict(log.KINDS[lang]),
                "tracks": {str(n): list(v) for n, v in station.tracks.items()},
                "seat_colours": {c: NAMED_COLOURS[c] for c in station.colours}}

    def new_game(self, players: int, seed: int, options: dict | None = None, version: int | None = None) -> dict:
        return _new_game(players, seed, self.check_options(players, options), version=check_version(version))

    def current_seat(self, state) -> int | None:
        return None if state["over"] is not None else state["turn"]["seat"]

    def prompt(self, state, lang: str = "en") -> str:
        return log.prompt(state, lang)

    def legal_actions(self, state) -> list[dict]:
        return list(iter_legal(state))

    def decision_schema(self) -> dict:
        return decision_schema()

    def apply(self, state, decision) -> tuple[dict, list[dict]]:
        events: list[dict] = []
        return self._advance(clone(state), decision, events), events

    def _advance(self, state, decision, events: list) -> dict:
        """Check `decision` and carry it out; `state` is the caller's own and may be reused."""
        check_shape(decision)
        if state["over"] is not None:
            raise IllegalAction("the game is over")
        new = play(state, canonical(state, dict(decision)), events)
        if new is None:
            raise IllegalAction(explain(state, decision, log.prompt(state)))
        return new

    def replay(self, players: int, seed: int, options: dict | None, decisions, version: int | None = None) -> dict:
        """Rebuild a game from its setup and decisions, checking each again as it goes, under the
        rules version it was played with."""
        state = self.new_game(players, seed, options, version)
        for decision in decisions:
            state = self._advance(state, decision, [])
        return state

    def view(self, state, seat: int | None) -> dict:
        return _view.view(state, seat)

    def twin(self, state, seat: int | None) -> dict:
        return _view.twin(state, seat)

    def undoable(self, state) -> int:
        """Section 9: back to the start of the turn or the last reveal, whichever is later."""
        if state["over"] is not None:
            return 0
        return state["seq"] - state["undo_floor"]

    def outcome(self, state) -> dict | None:
        return _outcome(state)

    def render(self, event: dict, lang: str = "en") -> str:
        return log.render(event, lang)

    def check(self, state) -> None:
        """Raise ImpossiblePosition naming the first reason `state` is no position of real play:
        its shape, the pieces (docs/rules/argo-state.md, "A valid position"), then the pending
        question, which must have a legal answer."""
        validate_state(state)
        check_position(state)
        check_question(state, iter_legal)

    def at_phase(self, state, phase: str, check: bool = True) -> dict:
        """A new state: the current turn of `state` restarted at `phase` ("alien", "build",
        "actions" with `turn.actions` left, or "end": the End-turn question), any pending question,
        queue and chain dropped, run on to the first question (a step that cannot be taken
        lapses, as in play) and checked. How a hand-written position is started. `check=False`
        skips every check (a test of one rule on a board play could not reach)."""
        if phase not in (*PHASES, "end"):
            raise ImpossiblePosition(f"unknown phase {phase!r}; phases: {', '.join(PHASES)}, end")
        s = clone(state)
        if check:
            validate_state(s)
        if s["over"] is not None:
            raise ImpossiblePosition("the game is over: no phase can start")
        s.update(ask=None, queue=[], chain=None)
        s["turn"] = dict(s["turn"], phase="actions" if phase == "end" else phase)
        if phase == "end":
            s["turn"]["actions"] = 0
        if check:
            check_position(s)
        s["queue"] = [{"do": "phase", "to": s["turn"]["phase"]}]
        _run(s, [])
        if check:
            self.check(s)
        return s


    def station(self):
        return load_station("station")


RULES = ArgoRules()

__all__ = ["RULES", "ArgoRules", "IllegalAction", "ImpossiblePosition"]
