"""What the pages and the periodic tasks list: the site's selections of games, seats and players,
each one query (or a few, prefetched), so that entry points read only through the services."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import UTC
from functools import cache
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import (
    Count,
    Exists,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Value,
    prefetch_related_objects,
)
from django.db.models.functions import Coalesce
from django.http import QueryDict
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext

from foundation.api import FLAGS  # the API's true and false, so the page and the API read a flag alike
from games import gates, groupings, rules
from games.models import Decision, Game, Inbox, Invitation, Rating, RatingChange, Seat, rating_shown

from . import inbox
from .errors import Invalid, NotFound, no_such_game
from .reads import in_any, log_lines, player_names, presentation_of, rules_of, waiting_count

LOBBY_LENGTH = 50  # games per list of the lobby


def seats_with_players() -> Prefetch:
    """A game's seats with their players and profiles: one query joined, not a prefetch each."""
    return Prefetch("seats", queryset=Seat.objects.select_related("user__profile"))


def with_people(games: QuerySet) -> QuerySet:
    """Games with what every list shows of them: creator, seats, players, invitations."""
    return games.select_related("created_by__profile").prefetch_related(
        seats_with_players(), Prefetch("invitations", queryset=Invitation.objects.select_related("user__profile")))


# What the lobby shows of a person: the name (accounts.Profile.name)
NAMED = ("username", "profile__display_name", "profile__bot")


def for_lobby(games: QuerySet) -> QuerySet:
    """Games as the lobby lists them: title, table, time per move, last move, creator, players. Only
    the columns it shows: its hundred games made a thousand instances, and the other columns (the
    snapshot, dates, preferences) were most of its reading."""
    seats = Seat.objects.select_related("user__profile").only("game", "order", "user",
                                                               *(f"user__{c}" for c in NAMED))
    return (games.select_related("created_by__profile")
            .only("name", "status", "players", "options", "hours_per_move", "time_control", "bank_hours",
                  "increment_hours", "cap_hours", "strict", "last_move_at", "created_by",
                  *(f"created_by__{c}" for c in NAMED))
            .prefetch_related(Prefetch("seats", queryset=seats)))


# --- the pages -------------------------------------------------------------------------------

@dataclass(frozen=True)
class LobbyChoice:
    """What a player asks of the lobby's open games (the page's form and GET /api/games/ take the
    same parameters, `lobby_choice`): one game, the hours a turn, the creator's rating at that game
    (a new player's counts as 1000), the creator among their friends, the creator's language."""

    game: str | None = None
    min_hours: int | None = None
    max_hours: int | None = None
    rating_min: int | None = None
    rating_max: int | None = None
    friends: bool = False
    lang: str | None = None
    time_control: str | None = None  # per_turn or bank (a bank game's hours are its increment)


NEW_RATING = 1000  # what a player without a rating at a game shows (games.models.rating_display)


def lobby_choice(params) -> LobbyChoice:
    """The lobby's choice from query parameters (a QueryDict; the page leaves out the fields left
    empty, `given`): an empty value, an unknown game or language, a number out of range or a
    parameter repeated is refused (Invalid) in words that name the parameter. A range upside down
    is no error: no game is in it."""
    def one(name: str) -> str | None:
        raw = params.getlist(name)
        if len(raw) > 1:
            raise Invalid(gettext("%(name)s may be given once") % {"name": name})
        if raw and not raw[0].strip():
            raise Invalid(gettext("%(name)s may not be empty") % {"name": name})
        return raw[0].strip() if raw else None

    def number(name: str, low: int, high: int) -> int | None:
        raw = one(name)
        if raw is None:
            return None
        if not re.fullmatch(r"-?[0-9]{1,6}", raw) or not low <= int(raw) <= high:
            raise Invalid(gettext("%(name)s must be a whole number from %(low)s to %(high)s")
                          % {"name": name, "low": low, "high": high})
        return int(raw)

    game, lang, friends, kind = one("game"), one("lang"), one("friends"), one("time_control")
    if kind is not None and kind not in Game.TimeControl.values:
        raise Invalid(gettext("time_control must be one of %(kinds)s") % {"kinds": ", ".join(Game.TimeControl.values)})
    if game is not None and game not in rules.names():
        raise Invalid(gettext("no game is called %(name)s") % {"name": game[:40]})
    if lang is not None and lang not in dict(settings.LANGUAGES):
        raise Invalid(gettext("lang must be one of %(names)s") % {"names": ", ".join(dict(settings.LANGUAGES))})
    if friends is not None and friends.lower() not in FLAGS:
        raise Invalid(gettext("friends must be true or false (1 or 0)"))
    chosen = LobbyChoice(game=game, lang=lang, friends=bool(friends and FLAGS[friends.lower()]), time_control=kind,
                         min_hours=number("min_hours", 1, 720), max_hours=number("max_hours", 1, 720),
                         rating_min=number("rating_min", -9999, 9999), rating_max=number("rating_max", -9999, 9999))
    return chosen


def given(params) -> QueryDict:
    """The parameters with a value: a form's fields left empty mean "any" on the page."""
    kept = QueryDict(mutable=True)
    for name, values in params.lists():
        if [v for v in values if v.strip()]:
            kept.setlist(name, [v for v in values if v.strip()])
    return kept


def chosen_games(games: QuerySet, user, chosen: LobbyChoice) -> QuerySet:
    """`games` kept to the lobby's choice; "friends only" needs a signed-in player (Invalid)."""
    if chosen.game:
        games = games.filter(name=chosen.game)
    if chosen.time_control:
        games = games.filter(time_control=chosen.time_control)
    if chosen.min_hours is not None:  # a bank game's hours_per_move is its increment, its pace
        games = games.filter(hours_per_move__gte=chosen.min_hours)
    if chosen.max_hours is not None:
        games = games.filter(hours_per_move__lte=chosen.max_hours)
    if chosen.lang:
        games = games.filter(created_by__profile__language=chosen.lang)
    if chosen.friends:
        if not user.is_authenticated:
            raise Invalid(gettext("sign in to see your friends' games"))
        games = games.filter(created_by__in=gates.close(user.pk))
    if chosen.rating_min is not None or chosen.rating_max is not None:
        shown = (Rating.objects.filter(user=OuterRef("created_by"), game=OuterRef("name"))
                 .annotate(shown=rating_shown()).values("shown")[:1])
        games = games.annotate(creator_rating=Coalesce(Subquery(shown), Value(float(NEW_RATING))))
        if chosen.rating_min is not None:
            games = games.filter(creator_rating__gte=chosen.rating_min)
        if chosen.rating_max is not None:
            games = games.filter(creator_rating__lte=chosen.rating_max)
    return games


def open_games(user, chosen: LobbyChoice = LobbyChoice()) -> QuerySet:
    """The open games anyone may join, kept to the lobby's choice: not those arranged seat by seat (a
    rematch), whose seats are kept for the players invited to them (each finds theirs in My games)."""
    arranged = Invitation.objects.filter(game=OuterRef("pk"), seat__isnull=False)
    games = Game.objects.filter(status=Game.Status.OPEN).exclude(closed_to(user)).exclude(Exists(arranged))
    return for_lobby(chosen_games(games, user, chosen))[:LOBBY_LENGTH]


def games_with_pending_invitations(game_ids) -> set[int]:
    """Those of the games with an invitation not yet answered (a seat kept for someone)."""
    return set(Invitation.objects.filter(game_id__in=game_ids, declined_at=None).values_list("game_id", flat=True))


@dataclass(frozen=True)
class CreatorStanding:
    """What the lobby says of an open game's creator: their rating at the game (`provisional` under
    PROVISIONAL_GAMES rated games; a new player's is NEW_RATING) and how reliable they have been: of
    their finished games, how many they lost on time."""

    rating: int
    provisional: bool
    finished: int
    timed_out: int


def creators_standing(games) -> dict[int, CreatorStanding]:
    """{game id: its creator's standing}, for the lobby's open games: two queries for them all."""
    games = list(games)
    creators = {g.created_by_id for g in games}
    if not creators:
        return {}
    ratings = {(r.user_id, r.game): r for r in Rating.objects.filter(user__in=creators, game__in={g.name for g in games})}
    ended = (Seat.objects.filter(user__in=creators, game__status=Game.Status.FINISHED).values("user")
             .annotate(finished=Count("pk"), timed_out=Count("pk", filter=Q(status=Seat.Status.TIMED_OUT))))
    record = {row["user"]: (row["finished"], row["timed_out"]) for row in ended}
    out = {}
    for g in games:
        rating = ratings.get((g.created_by_id, g.name))
        finished, timed_out = record.get(g.created_by_id, (0, 0))
        out[g.pk] = CreatorStanding(rating=rating.display if rating else NEW_RATING,
                                    provisional=rating is None or rating.provisional,
                                    finished=finished, timed_out=timed_out)
    return out


def closed_to(user) -> Q:
    """The open games `user` has no seat in and may not join (games.gates: a player there closed
    them to him): the lists leave them out rather than offer a Join that would be refused."""
    barred = gates.barred(gates.JOIN, user.pk) if user.is_authenticated else set()
    if not barred:
        return Q(pk__in=[])
    closed = (Game.objects.filter(Q(created_by__in=barred) | Q(seats__user__in=barred), status=Game.Status.OPEN)
              .exclude(seats__user=user))
    return Q(pk__in=closed.values("pk"))


def games_in_play() -> QuerySet:
    return for_lobby(Game.objects.filter(status=Game.Status.ACTIVE).order_by("-last_move_at"))[:LOBBY_LENGTH]


def open_games_seated(user) -> set[int]:
    """The open games where the user already has a seat: the lobby offers him no "Join" there."""
    if not user.is_authenticated:
        return set()
    return set(Game.objects.filter(status=Game.Status.OPEN, seats__user=user).values_list("pk", flat=True))


def open_games_invited(user) -> set[int]:
    """The open games the user is invited to and has not answered: the lobby marks them."""
    if not user.is_authenticated:
        return set()
    return set(Invitation.objects.filter(user=user, declined_at=None, game__status=Game.Status.OPEN)
               .values_list("game_id", flat=True))


def mine(user) -> Q:
    """The games the user has a seat in or an open invitation to. Subqueries, not a join made
    DISTINCT: each game once without comparing whole rows; their UNION (reads.in_any), not an OR."""
    return in_any(Seat.objects.filter(user=user).values("game_id"),
                  Invitation.objects.filter(user=user, declined_at=None).values("game_id"))


# My games' sections, most urgent first, as `show` names them (the page's filters, GET /api/me/games/).
MY_GAMES_SECTIONS = tuple(Inbox.Section.values)
# The games each section of the overview shows before its "Show all N": what waits for the player
# most (their turn, invitations) the longest lists, what waits for others and the finished games (they
# have their own tab) the latest few; a player with two hundred games in progress reads the most
# urgent first, and the page stays quick (benchmarks/scale.py, my_games_busy).
MY_GAMES_SHOWN = {"my_turn": 25, "invitations": 25, "waiting": 10, "finished": 5}


@dataclass
class MyGames:
    """The player's games by section, each in its order: where the player decides, the soonest
    deadline first (none last); open games they are invited to; games waiting for others, the most
    recent move first; finished ones (and those a moderator removed them from), the latest first.
    `waiting_for_me` (the badge) counts the first two before any filter."""

    my_turn: list[Game]
    invitations: list[Game]
    waiting: list[Game]
    finished: list[Game]
    waiting_for_me: int
    totals: dict[str, int] = field(default_factory=dict)  # each section's games, before `shown` kept the first
    new_since: dict[int, int] = field(default_factory=dict)  # of the games in play: the others' decisions since I looked
    last_moves: dict[int, dict] = field(default_factory=dict)  # of the games in play (last_move)
    answers_waiting: dict[int, int] = field(default_factory=dict)  # of the games in play: my standing orders waiting
    note_lines: dict[int, str] = field(default_factory=dict)  # the first line of my note, where I keep one

    def in_order(self) -> list[tuple[str, Game]]:
        return [(name, g) for name in MY_GAMES_SECTIONS for g in getattr(self, name)]


def _columns(model, prefix: str = "", leave: frozenset | set = frozenset()) -> list[str]:
    return [prefix + f.name for f in model._meta.concrete_fields if f.name not in leave]


def _named_seats() -> QuerySet:
    """The seats with their players by name only: a row reads no more of a person, and each
    person's whole profile made most of the page's model instances' time."""
    return Seat.objects.select_related("user__profile").only(*_columns(Seat), *(f"user__{c}" for c in NAMED))


@cache
def _rows_sql(by_game: bool, by_section: bool, within: int | None, cut: int) -> str:
    """My games' rows as one SELECT of the player's inbox joined to the games (Game.objects.raw maps
    the game's columns to a Game; the inbox's come as `inbox_*` attributes), each row placed in its
    section (`inbox_place`, MyGames's order) and counted (`inbox_total`); with `cut` sections
    limited, only a section's first rows; and the last decision that stands (`last_*`) of each game
    in play among them, read for the rows kept alone.

    Parameters, in order: the user; the game's name (`by_game`); the section (`by_section`); the
    `within` game ids; then `cut` pairs of a section and its number of rows. Written once per shape:
    the same read through the ORM (a Window filtered by its place, with a Case reading the place for
    the last decision) took 4.5 ms of CPU to build and compile on every request, a sixth of the
    page's, where this one takes none (benchmarks/scale.py my_games_busy, 2026-11-30,
    docs/performance.md "The correspondence player")."""
    q = connection.ops.quote_name
    S, active = Inbox.Section, Game.Status.ACTIVE
    games = ", ".join(f"g.{q(f.column)}" for f in Game._meta.concrete_fields if f.name != "snapshot")
    where = ["i.user_id = %s"] + (["g.name = %s"] if by_game else []) + (["i.section = %s"] if by_section else [])
    if within is not None:
        where.append(f"i.game_id IN ({', '.join(['%s'] * within)})")
    # each section's order (MyGames): a term that does not concern a row's section is NULL for all
    # of its rows, and the game's id settles a tie, the latest first among finished games
    urgency = (f"CASE WHEN i.section = '{S.MY_TURN}' THEN g.deadline END ASC NULLS LAST, "
               f"CASE WHEN i.section = '{S.WAITING}' THEN CASE WHEN g.status = '{active}' THEN 0 ELSE 1 END END ASC, "
               f"CASE WHEN i.section = '{S.INVITATIONS}' THEN g.created_at "
               f"WHEN i.section = '{S.WAITING}' THEN COALESCE(g.last_move_at, g.created_at) "
               f"WHEN i.section = '{S.FINISHED}' THEN COALESCE(g.finished_at, g.created_at) END DESC, "
               f"CASE WHEN i.section = '{S.FINISHED}' THEN -i.game_id ELSE i.game_id END ASC")
    kept = (f"WHERE r.inbox_place <= CASE r.inbox_section {' '.join(['WHEN %s THEN %s'] * cut)} ELSE 0 END"
            if cut else "")
    decisions = q(Decision._meta.db_table)
    return (
        "SELECT r.*, d.seat AS last_seat, d.data AS last_data, d.events AS last_events, d.created_at AS last_at "
        f"FROM (SELECT {games}, i.section AS inbox_section, i.news AS inbox_news, i.note AS inbox_note, "
        "i.orders AS inbox_orders, "
        f"ROW_NUMBER() OVER (PARTITION BY i.section ORDER BY {urgency}) AS inbox_place, "
        "COUNT(*) OVER (PARTITION BY i.section) AS inbox_total "
        f"FROM {q(Inbox._meta.db_table)} i JOIN {q(Game._meta.db_table)} g ON g.id = i.game_id "
        f"WHERE {' AND '.join(where)}) r "
        # the last decision of a game in play, for the rows kept alone (the join is made after `kept`)
        f"LEFT JOIN {decisions} d ON d.game_id = r.id AND r.status = '{active}' "
        f"AND r.inbox_section IN ('{S.MY_TURN}', '{S.WAITING}') "
        f"AND d.number = (SELECT x.number FROM {decisions} x WHERE x.game_id = r.id AND NOT x.undone "
        "ORDER BY x.number DESC LIMIT 1) "
        f"{kept}")


def my_games(user, game: str | None = None, show: str | None = None, lang: str = "en",
             groups: dict[str, str] | None = None, shown: dict[str, int] | None = None) -> MyGames:
    """My games, kept to one game (`game`, its name), one section (`show`) and one group of each
    grouping other apps register (`groups`: {key: value}, games.groupings: a tournament) when given;
    an unknown name or value of any, or an empty one, is refused (Invalid), not taken for no filter.
    `shown`: only the first games of each section, as many as it says of each ({section: how
    many}; `totals` counts them all). Read from the player's turn inbox (games.services.inbox) in
    one query (_rows_sql), each section placed and counted by the database, and the seats of the
    games shown in a second."""
    if game is not None and game not in rules.names():
        raise Invalid(gettext("no game is called %(name)s") % {"name": game})
    if show is not None and show not in MY_GAMES_SECTIONS:
        raise Invalid(gettext("show must be one of %(names)s") % {"names": ", ".join(MY_GAMES_SECTIONS)})
    within = _grouped(groups or {})
    cut = list((shown or {}).items())
    params: list = [user.pk, *([game] if game else []), *([show] if show else []), *sorted(within or ()),
                    *(x for pair in cut for x in pair)]
    sql = _rows_sql(bool(game), bool(show), None if within is None else len(within), len(cut))
    # games with attributes of their own beside their columns (`inbox_*`, `last_*`: _rows_sql)
    placed: list[Any] = [] if within is not None and not within else sorted(
        Game.objects.raw(sql, params), key=lambda g: (MY_GAMES_SECTIONS.index(g.inbox_section), g.inbox_place))
    prefetch_related_objects(placed, Prefetch("seats", queryset=_named_seats()))
    # an invitation says who sent it: their creators by name, only where there are invitations
    prefetch_related_objects([g for g in placed if g.inbox_section == Inbox.Section.INVITATIONS],
                             Prefetch("created_by", queryset=get_user_model().objects.select_related("profile").only(*NAMED)))
    by_section = {name: [g for g in placed if g.inbox_section == name] for name in MY_GAMES_SECTIONS}
    found = MyGames(by_section[Inbox.Section.MY_TURN], by_section[Inbox.Section.INVITATIONS],
                    by_section[Inbox.Section.WAITING], by_section[Inbox.Section.FINISHED], 0)
    found.totals = dict.fromkeys(MY_GAMES_SECTIONS, 0) | {g.inbox_section: g.inbox_total for g in placed}
    filtered = game or show or within is not None
    found.waiting_for_me = (waiting_count(user) if filtered
                            else found.totals[Inbox.Section.MY_TURN] + found.totals[Inbox.Section.INVITATIONS])
    for g in placed:
        if g.last_seat is not None:
            last = {"seat": g.last_seat, "data": g.last_data, "events": g.last_events, "at": g.last_at}
            found.last_moves[g.pk] = last_move(g, last, lang)
        if g.inbox_news:
            found.new_since[g.pk] = g.inbox_news
        if g.inbox_orders and g.inbox_section in inbox.IN_PLAY:
            found.answers_waiting[g.pk] = g.inbox_orders
        if g.inbox_note:
            found.note_lines[g.pk] = g.inbox_note
    return found


def _grouped(groups: dict[str, str]) -> set[int] | None:
    """The games in every group chosen (None: no group chosen)."""
    within: set[int] | None = None
    for key, value in groups.items():
        grouping = groupings.get(key)
        if grouping is None or not re.fullmatch(grouping.pattern, value):
            raise Invalid(gettext("%(key)s cannot be %(value)s") % {"key": key, "value": repr(value[:40])})
        ids = grouping.games(value)
        if ids is None:
            raise NotFound(gettext("there is no %(key)s %(value)s") % {"key": key, "value": value})
        within = ids if within is None else within & ids
    return within


# A phrase of My games' row: the last move's first log line, cut to this many characters.
LAST_MOVE_LENGTH = 120


def last_move(game: Game, last: dict, lang: str) -> dict:
    """The last decision that stands ({"seat", "data", "events", "at"}, as _rows_sql reads it) as
    its row says it: {"seat", "name", "line", "at"}, its first line of the log everyone may read
    (reads.log_lines), in `lang`. The game's seats are prefetched with their players."""
    def value(v):  # a JSON column read by raw SQL is its text (Django's JSONField parses it)
        return json.loads(v) if isinstance(v, str) else v
    at = parse_datetime(last["at"]) if isinstance(last["at"], str) else last["at"]  # SQLite: text
    if at is not None and timezone.is_naive(at):
        at = timezone.make_aware(at, UTC)
    names = player_names(game, lang)
    lines = log_lines(rules_of(game), presentation_of(game), value(last["events"]), value(last["data"]), lang, names)
    line = str(lines[0]) if lines else ""  # once: a lazy text would be translated again at each reading
    seat = last["seat"]
    return {"seat": seat, "name": names[seat] if seat < len(names) else "",
            "line": line if len(line) <= LAST_MOVE_LENGTH else line[:LAST_MOVE_LENGTH - 1] + "…", "at": at}


def game_for_page(game_id) -> Game:
    try:
        return with_people(Game.objects.all()).get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise no_such_game() from None


def active_player(username: str):
    """An active account by its username, with its profile (NotFound for none or a suspended one)."""
    user = get_user_model().objects.select_related("profile").filter(username=username, is_active=True).first()
    if user is None:
        raise NotFound(gettext("no such player"))
    return user


def finished_seats_of(user) -> QuerySet:
    return (user.seats.filter(game__status=Game.Status.FINISHED).select_related("game")
            .prefetch_related("game__seats__user__profile").order_by("-game__finished_at"))


def rating_history(user) -> list[RatingChange]:
    """The user's rating changes that stand, oldest game first."""
    return list(RatingChange.objects.filter(rating__user=user, reverted=False)
                .select_related("match", "rating").order_by("match__finished_at", "match_id"))


def participant_rating(game_name: str) -> Rating | None:
    """The rating of the game's own participant (its aliens, say), if it has one."""
    return Rating.objects.filter(game=game_name, user__isnull=True).first()


# --- the tasks -------------------------------------------------------------------------------

def game_for_notices(game_id: int) -> Game | None:
    return Game.objects.filter(pk=game_id).prefetch_related("seats__user__profile").first()


def games_in_play_of(user_id: int | None = None) -> QuerySet:
    """Games in progress (of one player, if named) with their seats' players."""
    games = Game.objects.filter(status=Game.Status.ACTIVE)
    if user_id is not None:
        games = games.filter(seats__user_id=user_id)
    return games.prefetch_related("seats__user__profile")


def turns_owed_notice() -> QuerySet:
    """Turns whose "your turn" notice is not settled yet (Game.turn_notice_due, set when the turn
    begins, cleared by emails.turn_email once sent or not wanted): what the catch-up owes, read by
    a partial index of those few, so its work follows the turns begun, not the games in play."""
    return Game.objects.filter(turn_notice_due=True).prefetch_related("seats__user__profile")


def games_owed_reminders(now) -> QuerySet:
    """Turns whose next reminder or last call is due (Game.reminder_due_at, set with the deadline
    and moved on by emails.reminder_emails): read by a partial index, so the reminders' work follows
    the instants reached, not the games against the clock. emails.reminder_emails decides."""
    return Game.objects.filter(reminder_due_at__lte=now).prefetch_related("seats__user__profile")


def deadline_work(now) -> tuple[list[int], list[int]]:
    """What the deadlines task has to look at, in one query (a UNION, each part along its own index):
    the games in progress past their deadline, and those whose deciding seat has no clock (a bot's, or
    a stand-in's), which a bot may still owe a turn."""
    active = Game.objects.filter(status=Game.Status.ACTIVE).order_by()
    overdue = active.filter(deadline__lt=now).annotate(clockless=Value(False)).values_list("pk", "clockless")
    clockless = active.filter(deadline__isnull=True).annotate(clockless=Value(True)).values_list("pk", "clockless")
    rows = list(overdue.union(clockless, all=True))
    return [pk for pk, no_clock in rows if not no_clock], [pk for pk, no_clock in rows if no_clock]


def games_with_seats(ids: list[int]) -> QuerySet:
    return Game.objects.filter(pk__in=ids).prefetch_related("seats")


def game_and_seat(game_id: int, seat_id: int) -> tuple[Game, Seat]:
    return Game.objects.get(pk=game_id), Seat.objects.select_related("user__profile").get(pk=seat_id)


def game_or_none(game_id: int) -> Game | None:
    return Game.objects.filter(pk=game_id).first()


def invitation_of(game_id: int, user_id: int):
    """The game with its creator, and the invited user, for the invitation's email (None for either gone)."""
    game = Game.objects.filter(pk=game_id).select_related("created_by__profile").first()
    user = get_user_model().objects.filter(pk=user_id).select_related("profile").first()
    return game, user


def batch_readers_due(now) -> QuerySet:
    """The players whose batch task is due by `now` (accounts.Profile.batch_due_at: a batch slot
    reached, or the end of quiet hours that held a "your turn"), suspended accounts too (they are
    passed by), read along the partial index of the instants set: a run reads the players whose
    slot has come since the last one, not every reader or game (one query when none has)."""
    return get_user_model().objects.filter(profile__batch_due_at__lte=now).select_related("profile")


def deciding_among(user_ids) -> set[int]:
    """Those of `user_ids` who decide now in a game in progress (a seat of theirs, not the bot's):
    their turn inbox's rows read by index, so the work follows the readers asked about."""
    return set(Inbox.objects.filter(user_id__in=list(user_ids), section=Inbox.Section.MY_TURN).values_list("user_id", flat=True))
