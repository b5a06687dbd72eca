"""The figures of the statistics, each computed by the database: aggregates, annotations and window
functions over the games' own tables, a handful of queries a page whatever the number of games.

Only finished games count (`Game.status == finished`): a game whose result a moderator reverted is
aborted by the revert (games.services.moderation.revert_result), so it drops out with every other
unfinished game; its rating changes stay, marked `reverted`, and the rating history leaves them out.
Bots' seats are seats like any other: they are opponents, and a bot account has statistics too.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from django.db import connection
from django.db.models import Case, Count, F, IntegerField, Q, Sum, Value, When, Window
from django.db.models.functions import RowNumber
from django.utils import timezone

from games.models import Game, Rating, RatingChange, Seat
from stats.models import GameMonth, SeatResult

MONTHS = 24
TOP_OPPONENTS = 10
FINISHED = Game.Status.FINISHED
WON = Q(rank=1)  # a shared first place (partners of a team, a tie) is a win for each


def rate(wins: int, games: int) -> float | None:
    return round(wins / games, 3) if games else None


# --- a player's statistics -----------------------------------------------------------------------

def finished_seats(user):
    return Seat.objects.filter(user=user, game__status=FINISHED)


def seat_figures(user) -> list[dict]:
    """One row per (game, seat order, player count) of the player's finished seats: seats, wins,
    the sum and number of scores, the sum and number of places. Summed up per game by the caller."""
    return list(finished_seats(user)
                .values(game_name=F("game__name"), seat=F("order"), players=F("game__players"))
                .annotate(games=Count("id"), wins=Count("id", filter=WON),
                          score_sum=Sum("score"), scored=Count("score"), place_sum=Sum("rank"), placed=Count("rank"))
                .order_by("game_name", "seat", "players"))


def opponents(user) -> list[dict]:
    """The players met most in each game (TOP_OPPONENTS a game), with the record against each:
    wins where the player placed higher, losses where the opponent did, draws on a shared place.
    One query: the player's seats joined to the other seats of the same games, grouped by game and
    opponent, and a window numbering each game's opponents by games shared."""
    theirs = (Seat.objects.filter(game__status=FINISHED, game__seats__user=user).exclude(user=user)
              .values(game_name=F("game__name"), opponent=F("user__username"), opponent_bot=F("bot_account")))
    mine = F("game__seats__rank")
    met = theirs.annotate(
        games=Count("game_id", distinct=True),
        wins=Count("id", filter=Q(rank__gt=mine)), losses=Count("id", filter=Q(rank__lt=mine)),
        draws=Count("id", filter=Q(rank=mine)),
    ).order_by()
    # A window over the grouped rows: Django would put a window next to aggregates into GROUP BY.
    columns = "game_name, opponent, opponent_bot, games, wins, losses, draws"
    rows = around(met, f"SELECT {columns} FROM (SELECT {columns}, ROW_NUMBER() OVER (PARTITION BY game_name "
                       f"ORDER BY games DESC, opponent) AS place FROM ({{inner}}) met) ranked "
                       f"WHERE place <= {TOP_OPPONENTS} ORDER BY game_name, place")
    return [dict(zip(columns.split(", "), row)) for row in rows]


def around(queryset, sql: str) -> list[tuple]:
    """The rows of `sql`, which selects from the queryset's own SQL (`{inner}`): what the ORM cannot
    say itself, an aggregate over windows or a window over aggregates, around what it can."""
    inner, params = queryset.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(sql.format(inner=inner), params)
        return cursor.fetchall()


def streaks(user) -> dict[str, dict]:
    """{game: {"win": longest run of wins, "loss": longest run of games not won}} in the order the
    games finished. Gaps and islands: within a game, a seat's number among all the player's seats
    minus its number among the seats of the same result (won or not) is the same along each run;
    the database counts each run and keeps the longest."""
    won = Case(When(WON, then=Value(1)), default=Value(0), output_field=IntegerField())
    order = [F("game__finished_at").asc(), F("game_id").asc(), F("order").asc()]
    runs = (finished_seats(user)
            .annotate(game_name=F("game__name"), won=won,
                      all_seats=Window(RowNumber(), partition_by=[F("game__name")], order_by=order),
                      same_result=Window(RowNumber(), partition_by=[F("game__name"), won], order_by=order))
            .values("game_name", "won", "all_seats", "same_result"))
    sql = ("SELECT game_name, won, MAX(length) FROM ("
           "SELECT game_name, won, COUNT(*) AS length FROM ({inner}) seats "
           "GROUP BY game_name, won, all_seats - same_result) runs GROUP BY game_name, won")
    out: dict[str, dict] = {}
    for name, won_it, length in around(runs, sql):
        out.setdefault(name, {"win": 0, "loss": 0})["win" if won_it else "loss"] = length
    return out


def rating_histories(user) -> dict[str, list[RatingChange]]:
    """The player's rating changes that stand (not reverted; a revert aborts the game too), per game,
    oldest first."""
    changes = (RatingChange.objects.filter(rating__user=user, reverted=False, match__status=FINISHED)
               .select_related("rating").only("match_id", "rank", "mu_before", "sigma_before", "mu_after",
                                              "sigma_after", "rating__game")
               .order_by("match__finished_at", "match_id"))
    out: dict[str, list] = {}
    for change in changes:
        out.setdefault(change.rating.game, []).append(change)
    return out


def ratings_of(user) -> dict[str, Rating]:
    return {r.game: r for r in Rating.objects.filter(user=user)}


# --- a game's statistics, site-wide --------------------------------------------------------------
# Read from the summary kept as games finish (stats.summary): a few rows a game, month and table
# size, whatever the number of games.

def months(name: str, now: datetime | None = None) -> list[dict]:
    """Games finished per calendar month of the site's time zone over the last MONTHS months (the
    current one included), months without a game included as 0, oldest first."""
    now = timezone.localtime(now or timezone.now(), timezone.get_default_timezone())
    first = month_start(now, MONTHS - 1).date()
    counted = (GameMonth.objects.filter(name=name, month__gte=first)
               .values("month").annotate(games=Sum("games")).order_by())
    found = {(row["month"].year, row["month"].month): row["games"] for row in counted}
    out = []
    for back in range(MONTHS - 1, -1, -1):
        start = month_start(now, back)
        out.append({"month": start.date().replace(day=1), "games": found.get((start.year, start.month), 0)})
    return out


def month_start(now: datetime, back: int) -> datetime:
    """The first instant of the month `back` months before `now`'s, in `now`'s time zone."""
    index = now.year * 12 + now.month - 1 - back
    return now.replace(year=index // 12, month=index % 12 + 1, day=1, hour=0, minute=0, second=0, microsecond=0)


def seat_results(name: str) -> list[dict]:
    """Seats and wins per (player count, seat order) of the game's finished games."""
    return list(SeatResult.objects.filter(name=name).values("players", "seat", "wins", games=F("seats"))
                .order_by("players", "seat"))


def lengths(name: str) -> list[dict]:
    """Per player count: the finished games, their average number of decisions that stand (an undo
    marks its decision `undone`, which then does not count) and their average time from start to end."""
    rows = (GameMonth.objects.filter(name=name).values("players")
            .annotate(n=Sum("games"), decisions=Sum("decisions"), seconds=Sum("seconds")).order_by("players"))
    return [{"players": row["players"], "games": row["n"], "average_decisions": row["decisions"] / row["n"],
             "average_time": timedelta(seconds=row["seconds"] / row["n"])} for row in rows if row["n"]]


def games_played(names: list[str]) -> dict[str, int]:
    """The number of finished games of each game: one query for the list of games."""
    rows = GameMonth.objects.filter(name__in=names).values("name").annotate(n=Sum("games")).order_by()
    return {row["name"]: row["n"] for row in rows}


def days(duration: timedelta | None) -> float | None:
    return round(duration.total_seconds() / 86400, 1) if duration is not None else None
