"""Game records (docs/game-record.md): a finished game as one JSON document that the rules alone replay.

The site writes records (games/services/records.py); this module reads them, for the command line's
`replay` (games/rules/cli.py) and for anyone else: the format's name and version, which the site
imports from here so that the writer and the reader share them, the checks a record must pass, and
the replay itself. Pure like every rules module: no Django, clock or I/O (the caller reads the file).
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from .base import Event, GameRules, IllegalAction, State

FORMAT = "argo-station-record"  # the value of a record's "format"
VERSION = 2                     # the value of its "version": raised whenever a field changes meaning
READS = (1, 2)                  # the versions a reader replays: 2 added the game's clock, which a replay needs not


class RecordError(ValueError):
    """Why a record cannot be replayed (or did not replay to what it says), in plain words."""


def loads(text: str) -> dict[str, Any]:
    """The record in `text`, checked only to be a JSON object (`check` does the rest)."""
    try:
        record = json.loads(text)
    except ValueError as exc:
        raise RecordError(f"not a game record: not JSON ({exc})") from None
    if not isinstance(record, dict):
        raise RecordError("not a game record: a record is a JSON object")
    return record


def check(rules: GameRules, record: dict[str, Any]) -> None:
    """RecordError unless `record` is a record of `rules`'s game, of this format version, of a game
    that was over when it was written (only then does it carry the seed), with fields of the right
    types and a rules version this module has published."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        found = record.get("format") if isinstance(record, dict) else None
        raise RecordError(f"not a game record: its format is {found!r}, not {FORMAT!r}")
    version = record.get("version")
    if version not in READS or not isinstance(version, int) or isinstance(version, bool):
        newer = " (written by a newer site: update this program)" if isinstance(version, int) and version > VERSION else ""
        raise RecordError(f"unknown record format version {version!r}: this program reads versions "
                          f"{', '.join(map(str, READS))}{newer}")
    game = record.get("game")
    if game != rules.name:
        raise RecordError(f"the record is a game of {game!r}, not of {rules.name!r}: "
                          f"replay it with python -m games.rules.{game} replay")
    if "seed" not in record:
        raise RecordError("the record has no seed: the game was not over when it was written (in progress, or "
                          "aborted before its end), so what it drew is still hidden and it cannot be replayed")
    _check_types(record)
    if record["rules_version"] not in rules.versions:
        raise RecordError(f"the record was played under rules version {record['rules_version']} of {rules.name}, "
                          f"which this program does not have (it has {', '.join(map(str, rules.versions))})")


def _check_types(record: dict[str, Any]) -> None:
    def whole(value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    wrong = []
    if not whole(record.get("seed")):
        wrong.append("seed (a whole number)")
    if not whole(record.get("rules_version")):
        wrong.append("rules_version (a whole number)")
    if not isinstance(record.get("options"), dict):
        wrong.append("options (an object)")
    players = record.get("players")
    if not isinstance(players, list) or not players or not all(isinstance(p, dict) for p in players):
        wrong.append("players (a list of objects, one per seat)")
    decisions = record.get("decisions")
    if not isinstance(decisions, list) or not all(
            isinstance(d, dict) and whole(d.get("seat")) and isinstance(d.get("decision"), dict) for d in decisions):
        wrong.append("decisions (a list of objects, each with a whole-number seat and a decision object)")
    if "outcome" not in record or not isinstance(record["outcome"], (dict, type(None))):
        wrong.append("outcome (an object, or null)")
    if wrong:
        raise RecordError(f"a malformed record: it needs {'; '.join(wrong)}")


def _which(index: int, entry: dict[str, Any]) -> str:
    number = entry.get("number")
    return f"decision {index}" + (f" (number {number})" if number is not None and number != index else "")


def steps(rules: GameRules, record: dict[str, Any]) -> Iterator[tuple[dict[str, Any] | None, State, list[Event]]]:
    """The game replayed from its record (`check` passed): first (None, the starting position, []),
    then for each decision (its entry, the position after it, its events). RecordError when the
    setup is not the record's (the seats' names), a decision is made by another seat than the one
    that must decide, comes after the end, or is not legal."""
    players = record["players"]
    try:
        state = rules.new_game(len(players), record["seed"], record["options"], version=record["rules_version"])
    except IllegalAction as exc:
        raise RecordError(f"the record's game cannot be set up: {exc}") from None
    names, recorded = rules.seat_names(state), [p.get("colour") for p in players]
    if names != recorded:
        raise RecordError(f"the seats replay as {', '.join(names)} but the record names them "
                          f"{', '.join(map(str, recorded))}: a changed seed or options")
    yield None, state, []
    for index, entry in enumerate(record["decisions"], 1):
        seat = rules.current_seat(state)
        if seat is None:
            raise RecordError(f"{_which(index, entry)} comes after the game's end")
        if entry["seat"] != seat:
            raise RecordError(f"{_which(index, entry)} is recorded for seat {entry['seat']}, "
                              f"but seat {seat} ({names[seat]}) must decide there")
        try:
            state, events = rules.apply(state, entry["decision"])
        except IllegalAction as exc:
            raise RecordError(f"{_which(index, entry)} by seat {seat} ({names[seat]}) is illegal: {exc}") from None
        yield entry, state, events


def check_outcome(rules: GameRules, record: dict[str, Any], state: State) -> dict[str, Any]:
    """The outcome of the replayed game, which must be the record's; RecordError otherwise."""
    replayed = rules.outcome(state)
    if replayed is None:
        raise RecordError(f"the record's {len(record['decisions'])} decisions end before the game does")
    if _plain(replayed) != _plain(record["outcome"]):
        raise RecordError(f"the replayed outcome differs from the record's: replayed "
                          f"{json.dumps(replayed, sort_keys=True)}, recorded {json.dumps(record['outcome'], sort_keys=True)}")
    return replayed


def replay(rules: GameRules, record: dict[str, Any]) -> State:
    """The final position of the game in `record`, every check passed (RecordError otherwise)."""
    check(rules, record)
    state = None
    for _, state, _ in steps(rules, record):  # noqa: B007 - the last step's state is the final position
        pass
    assert state is not None  # steps() yields the starting position first
    check_outcome(rules, record, state)
    return state


def _plain(value: object) -> Any:
    """JSON as JSON reads it back (tuples as lists, keys as strings): what a stored outcome is."""
    return json.loads(json.dumps(value, sort_keys=True))
