"""Argo (Faidutti & Laget) as played on Argo Station: the pure rules module.

`RULES` fulfils games.rules.base.GameRules. States are plain JSON (games/rules/argo/docs/state.md);
decisions are small JSON objects (games/rules/argo/docs/decisions.md).
"""
from __future__ import annotations

from ..base import N_, NAMED_COLOURS, IllegalAction, ImpossiblePosition, Rules
from ..rng import SeededRandom
from . import bots, guess, log, prompts, recap as _recap, view as _view
from .board_words import board_words
from .components import DIFFICULTIES, load_station
from .decisions import decision_schema, explain
from .describe import describe as _describe
from .scoring import outcome as _outcome
from .state import PHASES, check_position, check_question, validate_state
from .station import specs
from .turn import iter_legal, new_game as _new_game, play, run as _run
from .versions import VERSIONS, holds


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


class ArgoRules(Rules):
    """Argo on the toolkit: the station, the aliens and the pods are the game's own modules."""
    name = "argo"
    min_players, max_players = 2, 4
    languages = ("en", "de", "fr")
    catalogue = log.CATALOGUE
    title = catalogue.texts(N_("Argo"))
    summary = catalogue.texts(N_("Wake up in a strange space station, dodge the aliens and get your crew into the "
                                 "escape pods."))
    participants = {"aliens": catalogue.texts(N_("Aliens"))}

    # What the toolkit (games.rules.base.Rules) builds on. The phases of at_phase: "alien", "build",
    # "actions" with `turn.actions` left, or "end" (the End-turn question); undo goes back to the
    # start of the turn or the last reveal, whichever is later (section 9).
    VERSIONS, BOTS = VERSIONS, bots.BOTS
    command_line = log.ArgoCommandLine
    setup = staticmethod(_new_game)
    phases = (*PHASES, "end")
    validate = staticmethod(validate_state)
    check_pieces = staticmethod(check_position)  # games/rules/argo/docs/state.md, "A valid position"
    run = staticmethod(_run)

    def advance(self, state, decision, events: list) -> dict:
        new = play(state, canonical(state, dict(decision)), events)
        if new is None:
            raise IllegalAction(explain(state, decision, log.prompt(state)))
        return new

    def check_question(self, state) -> None:
        check_question(state, iter_legal)

    def restart(self, state, phase: str) -> None:
        """Any pending question, queue and chain dropped."""
        state.update(ask=None, queue=[], chain=None)
        state["turn"] = dict(state["turn"], phase="actions" if phase == "end" else phase)
        if phase == "end":
            state["turn"]["actions"] = 0
        state["queue"] = [{"do": "phase", "to": state["turn"]["phase"]}]

    # --- the rest of GameRules -----------------------------------------------------------------

    def options_schema(self) -> dict:
        return {
            "difficulty": {"choices": list(DIFFICULTIES), "default": "medium",
                           "label": self.catalogue.texts(N_("Difficulty")),
                           "choice_labels": self.catalogue.each([N_("easy"), N_("medium"), N_("hard")])},
            "mean_teleporters": {"choices": [False, True], "default": False,
                                 "label": self.catalogue.texts(N_("Mean teleporters")),
                                 "choice_labels": self.catalogue.each([N_("no"), N_("yes")])},
        }

    def public_decision(self, decision: dict) -> dict:
        return dict(decision)  # Argo has no hidden decision: the face-down modules are drawn, not chosen

    def client_data(self, lang: str = "en") -> dict:
        """The tile set with its kind names, for previews of tiles not yet on the board, and every
        word board.js says (`words`), in `lang`."""
        tiles = {t.id: {"tile": t.id, "kind": t.kind, "capacity": t.capacity, "doors": t.doors,
                        "alien_symbol": t.alien_symbol, "seats": list(t.seats), "min_players": t.min_players}
                 for t in load_station("station").tiles.values()}
        station = load_station("station")
        words = board_words(lang)
        return {"tiles": tiles, "kinds": words["kinds"], "words": words,
                "tracks": {str(n): list(v) for n, v in station.tracks.items()},
                "seat_colours": {c: NAMED_COLOURS[c] for c in station.colours}}

    def current_seat(self, state) -> int | None:
        return None if state["over"] is not None else state["turn"]["seat"]

    def prompt(self, state, lang: str = "en") -> str:
        return log.prompt(state, lang)

    def prompt_for_others(self, state, lang: str = "en") -> str:
        return prompts.for_others(state, lang)

    def legal_actions(self, state) -> list[dict]:
        return list(iter_legal(state))

    def decision_schema(self) -> dict:
        return decision_schema()

    def view(self, state, seat: int | None) -> dict:
        return _view.view(state, seat)

    def twin(self, state, seat: int | None) -> dict:
        return _view.twin(state, seat)

    def guessed_world(self, view: dict, seat: int | None, rng: SeededRandom) -> dict:
        """The face-down order and the seed dealt anew from `rng`; the rest copied from `view`."""
        return guess.guessed_world(view, seat, rng)

    def outcome(self, state) -> dict | None:
        return _outcome(state)

    def render(self, event: dict, lang: str = "en", names: list[str] | None = None) -> str:
        return log.render(event, lang, names)

    def recap(self, events: list, viewer: int | None, lang: str = "en", names: list[str] | None = None) -> list[str]:
        return _recap.recap(events, viewer, lang, names)

    def describe(self, view: dict, lang: str = "en", names: list[str] | None = None) -> dict:
        return _describe(view, lang, names)

    def ending(self, outcome: dict, lang: str = "en") -> str:
        return log.ending(outcome, lang)

    def station(self):
        return load_station("station")


RULES = ArgoRules()

__all__ = ["RULES", "ArgoRules", "IllegalAction", "ImpossiblePosition"]
