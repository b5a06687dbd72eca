"""The contract every game's rules module fulfils, and the one error it raises.

A rules module is pure: it takes a state (plain JSON) and a decision (a small JSON object) and
returns a new state and the events the decision caused. It never touches a database, the clock,
the network or global randomness, and it never imports Django.
"""
from __future__ import annotations

from typing import Any, Protocol

State = dict[str, Any]
Decision = dict[str, Any]
Event = dict[str, Any]


class IllegalAction(ValueError):
    """A decision that is malformed or not legal now; the message says why in plain words."""


class GameRules(Protocol):
    name: str
    version: int
    min_players: int
    max_players: int

    def new_game(self, players: int, seed: int, options: dict | None = None) -> State:
        """The starting position; all randomness comes from `seed`."""

    def options_schema(self) -> dict:
        """The game's options with their allowed values and defaults."""

    def current_seat(self, state: State) -> int | None:
        """Seat (0-based) that must decide next, or None when the game is over."""

    def prompt(self, state: State, lang: str = "en") -> str:
        """The pending decision in one line."""

    def legal_actions(self, state: State) -> list[Decision]:
        """Every legal decision for the player who must decide."""

    def apply(self, state: State, decision: Decision) -> tuple[State, list[Event]]:
        """A new state and the events; raises IllegalAction; never mutates `state`."""

    def view(self, state: State, seat: int | None) -> dict:
        """What that seat (or a spectator, None) may see: never the seed or hidden order."""

    def undoable(self, state: State) -> int:
        """How many of the latest decisions the current player may still take back."""

    def outcome(self, state: State) -> dict | None:
        """Scores, winners and ranking once the game is over; None before."""

    def render(self, event: Event, lang: str = "en") -> str:
        """One event as a short sentence."""

    def dump(self, state: State) -> str: ...

    def load(self, text: str) -> State: ...

    def bot(self, kind: str, seed: int):
        """A player for tests and absent users: an object with choose(state) -> decision."""
