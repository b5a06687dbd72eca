"""The turn inbox: which section of My games each game is in for each of its people, kept here in
the transaction of every change that moves it (docs/async-play.md, "The turn inbox").

A row per person and game (games.models.Inbox): every seated player and every invitee whose
invitation stands. Its section follows the same rule everywhere (`section_of`); the other
columns are what the row shows of that person alone: the others' decisions since their page last
showed the game (`news`), and what other apps keep there through this module (the note's first
line, the standing orders waiting). What changes with the game itself (its deadline, its last
move) is read from the game, never copied.

The services call `keep` after any change of a game's status, seats or invitations, `decided`
after a decision or an undo, and `recount` when a page showed a player the game (seats.seen)."""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from functools import cache

from django.db import connection
from django.db.models import Case, PositiveSmallIntegerField, Value, When

from ..models import Decision, Game, Inbox, Invitation, Seat

Section = Inbox.Section
ENDED = (Game.Status.FINISHED, Game.Status.ABORTED)
IN_PLAY = (Section.MY_TURN, Section.WAITING)
# What a rebuild reads and writes at a time (a fill, a migration)
CHUNK = 2000


def section_of(status: str, current_seat: int | None, seats: list[tuple], invited: bool) -> str:
    """Where a game goes for one person: `seats` are theirs (order, status, stand_in, bot_account),
    usually one (a bot's account may hold several). Removed by a moderator, or the game ended:
    finished. Theirs to decide (an active seat of their own at the turn, no bot playing it): their
    turn. An open game they are invited to and have not joined: an invitation. Anything else waits
    for others."""
    if any(s[1] == Seat.Status.REMOVED for s in seats) or status in ENDED:
        return Section.FINISHED
    if status == Game.Status.ACTIVE and any(
            order == current_seat and seat_status == Seat.Status.ACTIVE and not stand_in and not bot
            for order, seat_status, stand_in, bot in seats):
        return Section.MY_TURN
    if status == Game.Status.OPEN and invited and not seats:
        return Section.INVITATIONS
    return Section.WAITING


def _rows(game: Game, seats: Iterable[tuple], invited: Iterable[int]) -> list[Inbox]:
    """The game's rows as its seats (user_id, order, status, stand_in, bot_account) and standing
    invitations (user ids) place it now."""
    theirs: dict[int, list[tuple]] = defaultdict(list)
    for user_id, *seat in seats:
        theirs[user_id].append(tuple(seat))
    people = set(theirs) | set(invited)
    invited = set(invited)
    return [Inbox(user_id=u, game_id=game.pk, seat=min((s[0] for s in theirs[u]), default=None),
                  section=section_of(game.status, game.current_seat, theirs[u], u in invited)) for u in sorted(people)]


SEAT_COLUMNS = ("user_id", "order", "status", "stand_in", "bot_account")


def keep(game: Game, gone: bool = False) -> None:
    """Place the game in the inbox of each of its people as it stands now (`game` as the caller
    saved it; its seats and invitations read again, in one query, as a join just changed them).
    A game that ended is finished for everyone it has, in one statement. `gone`: someone may have
    left it (a leave, a decline, an invitation withdrawn), whose row goes."""
    if game.status in ENDED:
        Inbox.objects.filter(game_id=game.pk).exclude(section=Section.FINISHED).update(section=Section.FINISHED)
        return
    seats, invited = _people(game.pk)
    rows = _rows(game, seats, invited)
    _write(rows)
    if gone:
        Inbox.objects.filter(game_id=game.pk).exclude(user_id__in=[r.user_id for r in rows]).delete()


def _people(game_id: int) -> tuple[list[tuple], list[int]]:
    """The game's seats (SEAT_COLUMNS) and the people whose invitations stand, in one query: each
    invitation a row with no seat."""
    # no order in either part (a seat's default one): SQLite refuses an ORDER BY inside a UNION
    seats = Seat.objects.filter(game_id=game_id).order_by().values_list(*SEAT_COLUMNS, Value(False))
    invitations = Invitation.objects.filter(game_id=game_id, declined_at=None).order_by().values_list(
        "user_id", Value(None, output_field=PositiveSmallIntegerField()), Value(""), Value(""), Value(False), Value(True))
    found: tuple[list[tuple], list[int]] = ([], [])
    for *row, invited in seats.union(invitations, all=True):
        if invited:
            found[1].append(row[0])
        else:
            found[0].append(tuple(row))
    return found


def _write(rows: list[Inbox]) -> None:
    # news, note and orders are the person's own: a placement never touches them
    Inbox.objects.bulk_create(rows, update_conflicts=True, unique_fields=["user", "game"],
                              update_fields=["seat", "section"])


def decided(game: Game, seat: int | None, turn_changed: bool) -> int | None:
    """After `seat`'s decision (None: an undo) in a game still in play, in one statement: the
    others have one more decision to look at, and the person whose turn it is finds the game in
    their turn, the others among those waiting. The section is set whether or not the turn passed:
    one statement of one shape, which the connection keeps prepared (docs/performance.md).
    Returns the standing orders waiting in the game, as its rows count them (keep_orders), read by
    the same statement; None where it was not counted (an undo, a game that ended)."""
    if game.status != Game.Status.ACTIVE:
        keep(game)
        return None
    if seat is None:  # an undo: a decision that was news is not any more
        if turn_changed:
            _pass_turn(game)
        recount(game)
        return None
    with connection.cursor() as cursor:
        cursor.execute(_decided_sql(), [seat, deciding_user(game), game.pk])
        return sum(orders for (orders,) in cursor.fetchall())


def deciding_user(game: Game) -> int | None:
    """Whose turn it is, from the game's seats in hand: the user of the seat at the turn, unless a
    bot plays it (Seat.played_by_bot; section_of's rule, which reads the same columns as values)."""
    return next((s.user_id for s in game.seats.all() if s.order == game.current_seat and not s.played_by_bot), None)


@cache
def _decided_sql() -> str:
    """decided's statement, written once: the same UPDATE through QuerySet.update(), with its
    CASE expressions built and compiled for every decision, cost a decision about 1.5 ms of CPU
    more than the site without the inbox, this one a few hundredths (benchmarks/decision_cpu.py,
    2026-11-30, docs/performance.md). Parameters: the deciding seat, whose turn it is now, the game.
    It returns each in-play row's standing orders waiting (decided's count)."""
    quote = connection.ops.quote_name
    table = quote(Inbox._meta.db_table)
    seat, section, news = quote("seat"), quote("section"), quote("news")
    return (f"UPDATE {table} SET {news} = {news} + CASE WHEN {seat} IS NOT NULL AND {seat} <> %s THEN 1 ELSE 0 END, "
            f"{section} = CASE WHEN {quote('user_id')} = %s THEN '{Section.MY_TURN}' ELSE '{Section.WAITING}' END "
            f"WHERE {quote('game_id')} = %s AND {section} IN ('{Section.MY_TURN}', '{Section.WAITING}') "
            f"RETURNING {quote('orders')}")


def _pass_turn(game: Game) -> None:
    """Every in-play row's section from whose turn it is now (an undo that gave the turn back)."""
    section = Case(When(user_id=deciding_user(game), then=Value(Section.MY_TURN)), default=Value(Section.WAITING))
    Inbox.objects.filter(game_id=game.pk, section__in=IN_PLAY).update(section=section)


def _news_of(game_id: int, seats: list[tuple[int, int, int]]) -> dict[int, int]:
    """{user id: the others' standing decisions past what the user has seen} for seats given as
    (user_id, order, last_seen_seq): one query of the decisions past the earliest of them."""
    if not seats:
        return {}
    since = min(seen for _, _, seen in seats)
    made = list(Decision.objects.filter(game_id=game_id, number__gt=since, undone=False).values_list("number", "seat"))
    return {user_id: sum(1 for number, by in made if number > seen and by != order) for user_id, order, seen in seats}


def recount(game: Game, user_id: int | None = None) -> None:
    """Count again the news of the game's rows (of one person's row, with `user_id`) from what
    each seat has seen: after an undo, or when a page showed a player the game."""
    seats = Seat.objects.filter(game_id=game.pk, bot_account=False)
    if user_id is not None:
        seats = seats.filter(user_id=user_id)
    counts = _news_of(game.pk, list(seats.values_list("user_id", "order", "last_seen_seq")))
    for uid, n in counts.items():
        Inbox.objects.filter(game_id=game.pk, user_id=uid).exclude(news=n).update(news=n)


def keep_note(user_id: int, game_id: int, text: str) -> None:
    """The first line of the person's note on the game, as My games shows it (the notes app)."""
    lines = text.strip().splitlines()
    Inbox.objects.filter(user_id=user_id, game_id=game_id).update(note=lines[0][:120] if lines else "")


def keep_orders(user_id: int, game_id: int, waiting: int) -> None:
    """How many of the person's standing orders wait in the game (the orders app)."""
    Inbox.objects.filter(user_id=user_id, game_id=game_id).exclude(orders=waiting).update(orders=waiting)


def rebuild(game_ids: Iterable[int] | None = None) -> int:
    """Place every game given by id (every game stored, without) anew, news included, a chunk at a
    time: for games written without the services (the benchmarks' fills, tests that set a game's
    state by hand). How many rows it wrote."""
    ids = list(game_ids) if game_ids is not None else list(Game.objects.order_by("pk").values_list("pk", flat=True))
    written = 0
    for start in range(0, len(ids), CHUNK):
        chunk = {g.pk: g for g in Game.objects.filter(pk__in=ids[start:start + CHUNK])
                 .only("pk", "status", "current_seat")}
        seats: dict[int, list[tuple]] = defaultdict(list)
        seen: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
        for game_id, *row, last_seen in Seat.objects.filter(game_id__in=list(chunk)).values_list(
                "game_id", *SEAT_COLUMNS, "last_seen_seq"):
            seats[game_id].append(tuple(row))
            if not row[4]:
                seen[game_id].append((row[0], row[1], last_seen))
        invited: dict[int, list[int]] = defaultdict(list)
        for game_id, user_id in Invitation.objects.filter(game_id__in=list(chunk), declined_at=None).values_list(
                "game_id", "user_id"):
            invited[game_id].append(user_id)
        rows = []
        for game in chunk.values():
            placed = _rows(game, seats[game.pk], invited[game.pk])
            news = _news_of(game.pk, seen[game.pk]) if game.status == Game.Status.ACTIVE else {}
            for row in placed:
                row.news = news.get(row.user_id, 0)
            rows += placed
        Inbox.objects.bulk_create(rows, update_conflicts=True, unique_fields=["user", "game"],
                                  update_fields=["seat", "section", "news"])
        placed_now = {(r.game_id, r.user_id) for r in rows}
        stale = [pk for pk, game_id, user_id in Inbox.objects.filter(game_id__in=list(chunk)).values_list(
            "pk", "game_id", "user_id") if (game_id, user_id) not in placed_now]
        Inbox.objects.filter(pk__in=stale).delete()
        written += len(rows)
    return written
