"""The player's reliability rows, for their data export (foundation.export): theirs alone."""
from __future__ import annotations

from . import queries
from .models import BUCKET_COLUMNS, BUCKETS, Played


def reliability(user) -> dict:
    """The figures the pages show, and a row per finished game with a clock: its turns, those timed
    out, whether the player left it, and their own turns by length (each bucket's start in seconds)."""
    rows = Played.objects.filter(user=user).order_by("-finished_at", "-game_id")
    return {"figures": queries.of([user.pk])[user.pk].as_api(),
            "games": [{"game": r.game_id, "finished": r.finished_at, "turns": r.turns, "timed_out": r.timed_out,
                       "left": r.left_game,
                       "turn_lengths": {str(start): getattr(r, column) for start, column in zip(BUCKETS, BUCKET_COLUMNS, strict=True)
                                        if getattr(r, column)}}
                      for r in rows]}
