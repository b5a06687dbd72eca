"""A player's reliability over their last games with a clock, computed by the database from the
summary (reliability.models.Played): one query for any number of players, the window of each
player's last LAST_GAMES rows and their sums (docs/reliability.md)."""
from __future__ import annotations

from dataclasses import dataclass

from django.db import connection

from .models import BUCKET_COLUMNS, BUCKETS, Played

LAST_GAMES = 100  # the player's last finished games with a clock that count
ENOUGH_GAMES = 5  # fewer, and the pages say "not enough games yet"


@dataclass(frozen=True)
class Reliability:
    games: int  # finished games with a clock counted (at most LAST_GAMES)
    turns: int  # the player's turns on the clock in them
    timed_out: int  # of them, the turns whose deadline passed
    left: int  # games left before the end (timed out, resigned, a stand-in kept the seat to the end)
    buckets: tuple[int, ...]  # the player's own turns per bucket of length (models.BUCKETS)

    @property
    def enough(self) -> bool:
        return self.games >= ENOUGH_GAMES

    @property
    def timed_out_percent(self) -> float | None:
        return 100.0 * self.timed_out / self.turns if self.turns else None

    @property
    def median_bucket(self) -> int | None:
        """The bucket of the middle turn in length (the lower middle one of an even count)."""
        played = sum(self.buckets)
        if not played:
            return None
        middle, seen = (played + 1) // 2, 0
        for index, n in enumerate(self.buckets):
            seen += n
            if seen >= middle:
                return index
        return None  # unreachable: the buckets sum to `played`

    @property
    def median_range(self) -> tuple[int, int | None] | None:
        """(at least, under) seconds: the median turn's bucket; None as its end for the last one."""
        index = self.median_bucket
        if index is None:
            return None
        return BUCKETS[index], (BUCKETS[index + 1] if index + 1 < len(BUCKETS) else None)

    def as_api(self) -> dict:
        median = self.median_range
        percent = self.timed_out_percent
        return {"games": self.games, "enough": self.enough, "turns": self.turns, "timed_out_turns": self.timed_out,
                "timed_out_percent": None if percent is None else round(percent, 1), "games_left": self.left,
                "median_turn_seconds_min": median[0] if median else None,
                "median_turn_seconds_max": median[1] if median else None}


NONE_YET = Reliability(games=0, turns=0, timed_out=0, left=0, buckets=(0,) * len(BUCKETS))


def of(user_ids) -> dict[int, Reliability]:
    """{user id: their reliability over their last LAST_GAMES finished games with a clock}, every id
    given (NONE_YET for a player without such a game): one query."""
    ids = sorted({int(pk) for pk in user_ids})
    if not ids:
        return {}
    q = connection.ops.quote_name
    sums = ", ".join(f"SUM({c})" for c in BUCKET_COLUMNS)
    sql = (f"SELECT user_id, COUNT(*), SUM(turns), SUM(timed_out), SUM(CASE WHEN left_game THEN 1 ELSE 0 END), {sums} "
           f"FROM (SELECT p.*, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY finished_at DESC, game_id DESC) AS n "
           f"      FROM {q(Played._meta.db_table)} p WHERE user_id IN ({', '.join(['%s'] * len(ids))})) latest "
           f"WHERE n <= %s GROUP BY user_id")
    with connection.cursor() as cursor:
        cursor.execute(sql, [*ids, LAST_GAMES])
        rows = cursor.fetchall()
    found = dict.fromkeys(ids, NONE_YET)
    for user_id, games, turns, timed_out, left, *buckets in rows:
        found[user_id] = Reliability(games=games, turns=int(turns or 0), timed_out=int(timed_out or 0),
                                     left=int(left or 0), buckets=tuple(int(b or 0) for b in buckets))
    return found


def for_api(user_ids: list[int]) -> dict[int, dict]:
    """games.reputation's reader: the API's figures of each player."""
    return {pk: figures.as_api() for pk, figures in of(user_ids).items()}
