"""A game's record (docs/game-record.md): the whole game as one JSON document that anyone may
download and replay with the rules alone (`python -m games.rules.<game> replay`).

The site builds records here; the rules layer reads them (games.rules.record, whose format name
and version this module takes, so that writer and reader agree). A record hides what its game still
hides: until the game is over it has no seed, and each decision is only what `public_decision` lets
every player see. Undone decisions are left out: a record holds the decisions the game is made of.
"""
from __future__ import annotations

from datetime import UTC, datetime

from django.utils.translation import gettext

from games.models import Game
from games.rules.record import FORMAT, VERSION
from games.standings import team_of, teams_of

from .errors import Conflict
from .reads import active_decisions, rules_of


def record_filename(game: Game) -> str:
    """What a downloaded record is called: "<game>-<id>.json"."""
    return f"{game.name}-{game.pk}.json"


def has_record(game: Game) -> bool:
    """A game has a record once it has started (an open game, or one its players left before it
    started, has none)."""
    return game.seed is not None


def record_of(game: Game) -> dict:
    """The record of `game` (its seats prefetched with their users and profiles)."""
    if not has_record(game):
        raise Conflict(gettext("the game is %(status)s and never started: it has no record") % {"status": game.get_status_display()})
    over = game.outcome is not None  # the rules ended it (a result reverted later is over too)
    module = rules_of(game)
    teams = teams_of(game)
    record = {
        "format": FORMAT, "version": VERSION,
        "game": game.name, "id": game.pk, "status": game.status,
        "rules_version": game.rules_version, "options": game.options, "clock": clock_of(game),
        "started_at": utc(game.started_at), "finished_at": utc(game.finished_at),
        "players": [_player(seat, teams) for seat in sorted(game.seats.all(), key=lambda s: s.order)],
    }
    if over:
        record["seed"] = game.seed
    record["decisions"] = [{
        "number": d.number, "seat": d.seat, "by_bot": d.by_bot,
        "decision": d.data if over else module.public_decision(d.data), "at": utc(d.created_at),
    } for d in active_decisions(game).only("number", "seat", "by_bot", "data", "created_at")]
    record["outcome"] = game.outcome
    return record


def clock_of(game: Game) -> dict:
    """The game's clock as the record says it (version 2 on): hours per move, or the time bank's."""
    if game.banked:
        return {"kind": game.time_control, "bank_hours": game.bank_hours, "increment_hours": game.increment_hours,
                "cap_hours": game.cap_hours}
    return {"kind": game.time_control, "hours_per_move": game.hours_per_move}


def _player(seat, teams) -> dict:
    profile = getattr(seat.user, "profile", None)
    return {"seat": seat.order, "username": seat.user.username, "colour": seat.colour,
            "bot": (profile.bot if profile is not None else "") or None, "team": team_of(teams, seat.order),
            "status": seat.status, "place": seat.rank, "score": seat.score}


def utc(moment: datetime | None) -> str | None:
    """ISO 8601 in UTC, to the millisecond, ending in Z: "2025-03-01T09:30:00.000Z"."""
    if moment is None:
        return None
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
