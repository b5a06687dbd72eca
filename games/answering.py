"""Answers a player leaves ahead of time: an extension point like games.gates.

The games app plays no decision a player did not send; an app that keeps decisions a player chose in
advance (standing orders) registers here, in its AppConfig.ready, and the games app asks it:

- `answers_now(game, seat)`: whether something registered answers the seat's turn at once (the
  "your turn" notice is then held back: games.reactions.emails.turn_email);
- `before_time_out(game_id)`: the deadlines task asks before a seat whose time ran out goes to
  the stand-in bot, so that what the player left ahead of time plays first;

How many such answers wait in a game is kept in the player's turn inbox by the app itself
(games.services.inbox.keep_orders).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

AnswersNow = Callable[[Any, Any], bool]
_answers_now: list[AnswersNow] = []
BeforeTimeOut = Callable[[int], Any]
_before_time_out: list[BeforeTimeOut] = []


def register_answers_now(check: AnswersNow) -> None:
    """Once per check, however often an app's ready() runs (tests reload apps)."""
    if check not in _answers_now:
        _answers_now.append(check)


def answers_now(game, seat) -> bool:
    return any(check(game, seat) for check in _answers_now)


def register_before_time_out(play: BeforeTimeOut) -> None:
    if play not in _before_time_out:
        _before_time_out.append(play)


def before_time_out(game_id: int) -> None:
    for play in _before_time_out:
        play(game_id)

