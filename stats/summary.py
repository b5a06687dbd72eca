"""The site-wide figures of each game kept as games finish: stats.reactions adds a game's figures to
the summary (stats.models) when it finishes and takes them off when a moderator reverts its result;
`fill` computes the whole summary from the games stored (the migration that created it, and
`manage.py stats_rebuild`).

Both ways run the same statement per summary table: the figures of the games chosen (one game, or
every finished game), grouped by the table's key, added to the rows already there by
INSERT ... SELECT ... ON CONFLICT DO UPDATE (PostgreSQL and SQLite alike). Adding is one atomic
statement, so two games finishing at once both count; the rows are touched in the order of their
key, and the month's row before the seats', so two transactions never wait on each other in a
circle. The models come from an app registry (`apps`), so the migration runs this with the models
as they were when it was written.
"""
from __future__ import annotations

from functools import lru_cache

from django.apps import apps as site_apps
from django.db import connection, transaction
from django.db.models import (
    BigIntegerField,
    Case,
    Count,
    DateField,
    F,
    Func,
    IntegerField,
    OuterRef,
    Subquery,
    Value,
    When,
)
from django.db.models.functions import Coalesce, TruncMonth
from django.utils import timezone

FINISHED = "finished"  # games.models.Game.Status.FINISHED, named here as the migration saw it


class Seconds(Func):
    """The whole seconds of a duration (the difference of two datetimes): an interval in
    PostgreSQL, microseconds in SQLite."""

    output_field = BigIntegerField()

    def as_sql(self, compiler, connection, **extra):
        return super().as_sql(compiler, connection, template="(%(expressions)s) / 1000000", **extra)

    def as_postgresql(self, compiler, connection, **extra):
        return super().as_sql(compiler, connection, template="FLOOR(EXTRACT(EPOCH FROM %(expressions)s))::bigint",
                              **extra)


def month_rows(apps, **games):
    """One row per game chosen by `games` (lookups on Game): its name, month, table size, standing
    decisions and seconds from start to finish."""
    Game, Decision = apps.get_model("games", "Game"), apps.get_model("games", "Decision")
    standing = (Decision.objects.filter(game=OuterRef("pk"), undone=False).order_by()
                .values("game").annotate(n=Count("*")).values("n"))
    month = TruncMonth("finished_at", output_field=DateField(), tzinfo=timezone.get_default_timezone())
    return Game.objects.filter(**games).order_by().values(
        "name", "players", month=month, standing=Coalesce(Subquery(standing), 0),
        seconds=Seconds(F("finished_at") - F("started_at")))


def seat_rows(apps, **games):
    """One row per seat of the games chosen: the game's name and table size, the seat's order, and
    1 for a win (a first place) or 0."""
    Seat = apps.get_model("games", "Seat")
    won = Case(When(rank=1, then=Value(1)), default=Value(0), output_field=IntegerField())
    return (Seat.objects.filter(**{f"game__{lookup}": value for lookup, value in games.items()}).order_by()
            .values(name=F("game__name"), players=F("game__players"), seat=F("order"), won=won))


# (model, rows, key, {column: aggregate of the rows}); the first column says whether a row is empty
SUMMARIES = (
    ("GameMonth", month_rows, ("name", "month", "players"),
     {"games": "COUNT(*)", "decisions": "SUM(standing)", "seconds": "COALESCE(SUM(seconds), 0)"}),
    ("SeatResult", seat_rows, ("name", "players", "seat"),
     {"seats": "COUNT(*)", "wins": "SUM(won)"}),
)


def statements(apps, sign: int, **games) -> list[tuple[str, list]]:
    """(SQL, parameters) per summary table: add (sign 1) or take off (sign -1) the figures of the
    games chosen by `games`."""
    out = []
    for model_name, rows, key, sums in SUMMARIES:
        model = apps.get_model("stats", model_name)
        table, q = model._meta.db_table, connection.ops.quote_name
        inner, params = rows(apps, **games).query.sql_with_params()
        keys = ", ".join(q(k) for k in key)
        columns = ", ".join(q(c) for c in sums)
        figures = ", ".join(f"{int(sign)} * {aggregate}" for aggregate in sums.values())
        added = ", ".join(f"{q(c)} = {q(table)}.{q(c)} + excluded.{q(c)}" for c in sums)
        # WHERE true: SQLite would read ON CONFLICT as a join's ON without it
        out.append((f"INSERT INTO {q(table)} ({keys}, {columns}) SELECT {keys}, {figures} "
                    f"FROM ({inner}) rows WHERE true GROUP BY {keys} ORDER BY {keys} "
                    f"ON CONFLICT ({keys}) DO UPDATE SET {added}", list(params)))
    return out


def add(apps, sign: int, **games) -> None:
    """Add (sign 1) or take off (sign -1) the figures of the games chosen by `games` to every
    summary table."""
    _run(statements(apps, sign, **games))


def _run(compiled, one_game: int | None = None) -> None:
    with connection.cursor() as cursor:
        for sql, params in compiled:
            cursor.execute(sql, params if one_game is None else [one_game if p == ANY_GAME else p for p in params])


ANY_GAME = -918_273_645  # the stand-in id of the statements compiled once for one game


def _for_one_game(sign: int) -> list[tuple[str, list]]:
    """The statements for one game, compiled once (per month's time zone) with a stand-in id: on the
    decision that ends a game, compiling them through the ORM cost more CPU than PostgreSQL spent
    running them."""
    return _compiled_for_one_game(sign, timezone.get_default_timezone_name())


@lru_cache(maxsize=4)
def _compiled_for_one_game(sign: int, zone: str) -> list[tuple[str, list]]:
    return statements(site_apps, sign, pk=ANY_GAME)


def game_finished(game) -> None:
    _run(_for_one_game(1), one_game=game.pk)


def result_reverted(game) -> None:
    """Take the game's figures off; the rows left with no game go, as a fill would not make them."""
    _run(_for_one_game(-1), one_game=game.pk)
    for model_name, _, _, sums in SUMMARIES:
        site_apps.get_model("stats", model_name).objects.filter(name=game.name, **{next(iter(sums)): 0}).delete()


def fill(apps=site_apps) -> None:
    """Empty the summary and compute it again from every finished game, in one transaction. On
    PostgreSQL the summary's tables are locked first: a game finishing meanwhile adds its figures
    after the fill, which does not see it finished."""
    with transaction.atomic(), connection.cursor() as cursor:
        tables = [apps.get_model("stats", model_name)._meta.db_table for model_name, *_ in SUMMARIES]
        if connection.vendor == "postgresql":
            cursor.execute(f"LOCK TABLE {', '.join(map(connection.ops.quote_name, tables))} IN EXCLUSIVE MODE")
        for table in tables:
            cursor.execute(f"DELETE FROM {connection.ops.quote_name(table)}")
        add(apps, 1, status=FINISHED)
