"""Answers a player leaves ahead of time: an extension point like games.gates.

The games app plays no decision a player did not send; an app that keeps decisions a player chose in
advance (standing orders) registers here, in its AppConfig.ready, and the games app asks it:

- `answers_now(game, seat)`: whether something registered answers the seat's turn at once (the
  "your turn" notice is then held back: games.reactions.emails.turn_email);
- `before_time_out(game_id)`: the deadlines task asks before a seat whose time ran out goes to
  the stand-in bot, so that what the player left ahead of time plays first;
- `waiting(user, game_ids)`: {game id: how many such answers wait there}, one query for the
  whole of My games.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

AnswersNow = Callable[[Any, Any], bool]
_answers_now: list[AnswersNow] = []
BeforeTimeOut = Callable[[int], Any]
_before_time_out: list[BeforeTimeOut] = []
Waiting = Callable[[Any, list[int]], "dict[int, int]"]
_waiting: list[Waiting] = []


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


def register_waiting(count: Waiting) -> None:
    if count not in _waiting:
        _waiting.append(count)


def waiting(user, game_ids: Iterable[int]) -> dict[int, int]:
    ids = list(game_ids)
    counts: dict[int, int] = {}
    if not ids:
        return counts
    for count in _waiting:
        for game_id, n in count(user, ids).items():
            counts[game_id] = counts.get(game_id, 0) + n
    return counts
