"""How a turn runs: as plain Python that asks its questions through `Play.ask`.

A game's state keeps `mark`, the position where the current turn (or setup) began, and `answers`, the
decisions given since. Carrying out a decision runs the turn again from the mark with the answers so
far plus the new one; the run stops at the next question (`Need`), and the position reached there is
the new state. The turn's code can therefore be written as one reads the rules, nesting a card's move
inside a card's resolution inside a phase, with no hand-made resumption points. Nothing random
happens during play (the decks are shuffled at setup), so the run is the same each time.
"""
from __future__ import annotations

import marshal
from collections.abc import Iterable
from typing import Any

from ..base import Decision, Event, IllegalAction, State


class Need(Exception):
    """The run reached a question with no answer yet."""


class TurnOver(Exception):
    """The turn ends at once (placement from space, a gripped mover, no unit for the extra turn)."""


class GameOver(Exception):
    """The game ended (an instant end or the end tile reached END with no tie)."""


# questions whose only answer would be one of these are not asked (spec section 15)
DECLINES = ("continue", "end_phase", "pass", "done", "no")


class Play:
    def __init__(self, state: State, answers: list[Decision], events: list[Event] | None = None) -> None:
        self.s = state
        self.answers = answers
        self.i = 0
        self.events = [] if events is None else events
        self.new_events_from: int | None = 0 if not answers else None  # set when the newest answer is taken
        self.floor_at = 0  # answers taken when undo last had to stop (a new turn, another seat, a reveal)
        self.last_seat: int | None = None
        self.mark: bytes | State | None = None  # the position the current turn began from, marshalled while running
        self.turn_from = 0  # answers taken before the current turn began

    # --- questions -----------------------------------------------------------------------------

    def ask(self, kind: str, options: Iterable[str], about: dict[str, Any] | None = None,
            seat: int | None = None) -> str | None:
        """The active player's (or the setup step's seat's) answer among `options`; None when there is
        none to give (a step that cannot be taken lapses); a sole option is taken without asking."""
        options = list(dict.fromkeys(options))
        if not options or (len(options) == 1 and options[0] in DECLINES):
            return options[0] if options else None
        if len(options) == 1:
            return options[0]
        seat = self.s["turn"]["seat"] if seat is None else seat
        if self.last_seat is not None and seat != self.last_seat:
            self.floor_at = self.i
        self.last_seat = seat
        if self.i < len(self.answers):
            answer = self.answers[self.i]
            if answer.get("type") != kind:
                raise IllegalAction(f"the question is {kind!r}, not {answer.get('type')!r}")
            if answer.get("pick") not in options:
                raise IllegalAction(f"{answer.get('pick')!r} is not a choice now; choices: {', '.join(options)}")
            self.i += 1
            if self.i == len(self.answers):
                self.new_events_from = len(self.events)
            pick: str = answer["pick"]
            return pick
        self.s["ask"] = {"seat": seat, "type": kind, "options": options, "about": about or {}}
        raise Need()

    def say(self, kind: str, **fields: Any) -> None:
        self.events.append({"kind": kind, **fields})

    def reveal(self) -> None:
        """A deck's new top card showed: the decisions so far can no longer be undone."""
        self.floor_at = self.i

    def new_turn(self) -> None:
        """A turn begins: its position is the mark the next decisions are carried out from."""
        self.s["ask"] = None
        self.s["mark"], self.s["answers"] = None, []
        self.mark = marshal.dumps(self.s)  # read back only if the run stops in this turn
        self.turn_from = self.floor_at = self.i
        self.last_seat = None

    @property
    def new_events(self) -> list[Event]:
        return self.events[self.new_events_from or 0:] if self.new_events_from is not None else []
