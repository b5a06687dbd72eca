"""The summary of each player's part in the finished games with a clock (reliability.models.Played),
written by the database in one statement, for one game as it finishes (reliability.reactions) or for
every finished game (`fill`: the migration that made the table, and `manage.py reliability_rebuild`).

The statement reads the game's decisions that stand, in order, and cuts them into turns: a turn is a
run of decisions of one seat, begun when the decision before it was stored (the game's start for the
first) and ended by its last decision. A turn is the player's own when no bot made any of its
decisions (a stand-in, or the bot finishing an abandoned seat); each of those falls into a bucket of
its length (models.BUCKETS). The turn whose deadline passed is the timed-out seat's one (the deadlines'
task hands the seat to the bot for good: Seat.status "timed_out"). Window functions (LAG, a running
SUM) and CASE only, the same SQL on PostgreSQL and SQLite but for the seconds between two instants.
The models come from an app registry (`apps`), so the migration runs this with the models as they
were when it was written.
"""
from __future__ import annotations

from functools import cache

from django.apps import apps as site_apps
from django.db import connection, transaction

from .models import BUCKETS

# games.models' values, named here as the migration saw them
FINISHED, TIMED_OUT, RESIGNED = "finished", "timed_out", "resigned"
PER_TURN, BANK = "per_turn", "bank"


def _seconds(ended: str, began: str) -> str:
    if connection.vendor == "postgresql":
        return f"EXTRACT(EPOCH FROM ({ended} - {began}))"
    return f"((julianday({ended}) - julianday({began})) * 86400.0)"


def statement(apps, one_game: bool) -> str:
    """INSERT ... SELECT of the summary rows of one finished game (its id the one parameter), or
    of every finished game."""
    q = connection.ops.quote_name
    played = q(apps.get_model("reliability", "Played")._meta.db_table)
    game_t = q(apps.get_model("games", "Game")._meta.db_table)
    seat_t = q(apps.get_model("games", "Seat")._meta.db_table)
    decision_t = q(apps.get_model("games", "Decision")._meta.db_table)
    chosen = "g.id = %s" if one_game else f"g.status = '{FINISHED}'"
    clocked = (f"((g.time_control = '{PER_TURN}' AND g.hours_per_move > 0) "
               f"OR (g.time_control = '{BANK}' AND g.bank_hours > 0))")
    window = "OVER (PARTITION BY d.game_id ORDER BY d.number)"
    bucket = "CASE " + " ".join(f"WHEN secs < {edge} THEN {i - 1}" for i, edge in enumerate(BUCKETS) if i) + \
             f" ELSE {len(BUCKETS) - 1} END"
    columns = [f"b{i}" for i in range(len(BUCKETS))]
    counted = ", ".join(f"SUM(CASE WHEN bucket = {i} THEN 1 ELSE 0 END) AS {c}" for i, c in enumerate(columns))
    timed_out = f"CASE WHEN s.status = '{TIMED_OUT}' THEN 1 ELSE 0 END"
    return (
        f"INSERT INTO {played} (user_id, game_id, finished_at, turns, timed_out, left_game, {', '.join(columns)}) "
        f"SELECT s.user_id, s.game_id, g.finished_at, COALESCE(t.turns, 0) + {timed_out}, {timed_out}, "
        f"(s.status IN ('{TIMED_OUT}', '{RESIGNED}') OR s.stand_in <> ''), "
        + ", ".join(f"COALESCE(t.{c}, 0)" for c in columns) +
        f" FROM {seat_t} s JOIN {game_t} g ON g.id = s.game_id LEFT JOIN ("
        # the player's own turns of each seat, counted per bucket of their length
        f"  SELECT game_id, seat, COUNT(*) AS turns, {counted} FROM ("
        f"    SELECT game_id, seat, {bucket} AS bucket FROM ("
        f"      SELECT game_id, seat, {_seconds('MAX(created_at)', 'MIN(began)')} AS secs, MAX(bot) AS bot FROM ("
        # each decision numbered with its turn: a running count of the turns begun
        f"        SELECT game_id, seat, created_at, bot, began, SUM(starts) OVER (PARTITION BY game_id ORDER BY number "
        f"               ROWS UNBOUNDED PRECEDING) AS turn_no FROM ("
        f"          SELECT d.game_id, d.seat, d.number, d.created_at, CASE WHEN d.by_bot THEN 1 ELSE 0 END AS bot, "
        f"                 CASE WHEN LAG(d.seat) {window} = d.seat THEN 0 ELSE 1 END AS starts, "
        f"                 COALESCE(LAG(d.created_at) {window}, g.started_at, d.created_at) AS began "
        f"          FROM {decision_t} d JOIN {game_t} g ON g.id = d.game_id WHERE NOT d.undone AND {chosen}"
        f"        ) decisions"
        f"      ) numbered GROUP BY game_id, seat, turn_no"
        f"    ) turns WHERE bot = 0"
        f"  ) own GROUP BY game_id, seat"
        f") t ON t.game_id = s.game_id AND t.seat = s.{q('order')} "
        f"WHERE NOT s.bot_account AND g.status = '{FINISHED}' AND {clocked} AND {chosen} "
        f"ON CONFLICT (user_id, game_id) DO NOTHING")


@cache
def _one_game(vendor: str) -> str:
    return statement(site_apps, one_game=True)


def game_finished(game) -> None:
    """Add the rows of a game that has just finished (in its transaction; a game without a clock adds none)."""
    sql = _one_game(connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(sql, [game.pk, game.pk])


def result_reverted(game) -> None:
    """A moderator took the game's result back (it is aborted now): its rows go."""
    site_apps.get_model("reliability", "Played").objects.filter(game_id=game.pk).delete()


def fill(apps=site_apps) -> None:
    """Empty the summary and write it again from every finished game, in one transaction (on
    PostgreSQL with the table locked first: a game finishing meanwhile adds its rows after)."""
    table = connection.ops.quote_name(apps.get_model("reliability", "Played")._meta.db_table)
    with transaction.atomic(), connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(f"LOCK TABLE {table} IN EXCLUSIVE MODE")
        cursor.execute(f"DELETE FROM {table}")
        cursor.execute(statement(apps, one_game=False))
