"""What the pages and the periodic tasks list: the site's selections of games, seats and players,
each one query (or a few, prefetched), so that entry points read only through the services."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Count, Exists, F, OuterRef, Prefetch, Q, QuerySet, Subquery, Value, Window
from django.db.models.functions import Coalesce
from django.http import QueryDict
from django.utils.translation import gettext

from foundation.api import FLAGS  # the API's true and false, so the page and the API read a flag alike
from games import answering, gates, groupings, rules
from games.models import Decision, Game, Invitation, Rating, RatingChange, Seat, rating_shown

from .errors import Invalid, NotFound, no_such_game
from .reads import in_any, log_lines, player_names, rules_of

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


def news_counts(user, games) -> dict[int, int]:
    """{game id: how many decisions the other players made since the user's page last showed them
    the game (Seat.last_seen_seq)}, for the games given whose seats are prefetched; one query. Each
    of the player's seats counts its own game's decisions past what it saw (a range of the decisions'
    (game, number) index each): an OR of one condition per game made PostgreSQL read far more."""
    behind = [g.pk for g in games if (seat := g.seat_of(user)) is not None and g.seq > seat.last_seen_seq]
    if not behind:
        return {}
    news = (Decision.objects.filter(game_id=OuterRef("game_id"), number__gt=OuterRef("last_seen_seq"), undone=False)
            .exclude(seat=OuterRef("order")).order_by().values("game_id").annotate(n=Count("pk")).values("n"))
    counted = (Seat.objects.filter(user=user, game_id__in=behind).annotate(n=Subquery(news))
               .values_list("game_id", "n"))
    return {game_id: n for game_id, n in counted if n}


# My games' sections, most urgent first, as `show` names them (the page's filters, GET /api/me/games/).
MY_GAMES_SECTIONS = ("my_turn", "invitations", "waiting", "finished")
# The games each section of the page shows before its "Show all": a player with two hundred games in
# progress reads the most urgent first, and the page stays quick (benchmarks/scale.py, my_games_busy).
MY_GAMES_SHOWN = 25


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
    new_since: dict[int, int] = field(default_factory=dict)  # of the games in play (news_counts)
    last_moves: dict[int, dict] = field(default_factory=dict)  # of the games in play (last_moves)
    # of the games in play: how many answers the player left ahead of time wait there (games.answering)
    answers_waiting: dict[int, int] = field(default_factory=dict)

    def in_order(self) -> list[tuple[str, Game]]:
        return [(name, g) for name in MY_GAMES_SECTIONS for g in getattr(self, name)]


def my_games(user, game: str | None = None, show: str | None = None, lang: str = "en",
             groups: dict[str, str] | None = None, shown: int | None = None) -> MyGames:
    """My games, kept to one game (`game`, its name), one section (`show`) and one group of each
    grouping other apps register (`groups`: {key: value}, games.groupings: a tournament) when given;
    an unknown name or value of any, or an empty one, is refused (Invalid), not taken for no filter.
    `shown`: only the first games of each section (`totals` counts them all), and only theirs are
    read further (their news and last moves, said in `lang`)."""
    if game is not None and game not in rules.names():
        raise Invalid(gettext("no game is called %(name)s") % {"name": game})
    if show is not None and show not in MY_GAMES_SECTIONS:
        raise Invalid(gettext("show must be one of %(names)s") % {"names": ", ".join(MY_GAMES_SECTIONS)})
    within = _grouped(groups or {})
    places = _placed_in_play(user)
    waiting_for_me = len(places["my_turn"]) + len(places["invitations"])
    for name in MY_GAMES_SECTIONS:
        places[name] = [p for p in places[name] if (not show or show == name) and (not game or p.name == game)
                        and (within is None or p.pk in within)]
    totals = {name: len(places[name]) for name in MY_GAMES_SECTIONS}
    if not show or show == "finished":
        ended, count = _placed_finished(user, game, within, shown)
        places["finished"] = sorted(places["finished"] + ended, key=lambda p: p.key, reverse=True)
        totals["finished"] += count
    if shown is not None:
        places = {name: kept[:shown] for name, kept in places.items()}
    found = _read_placed(places, waiting_for_me)
    found.totals = totals
    in_play = [g for g in found.my_turn + found.waiting if g.status == Game.Status.ACTIVE]
    found.new_since = news_counts(user, in_play)
    found.last_moves = last_moves(in_play, lang)
    found.answers_waiting = answering.waiting(user, [g.pk for g in in_play])
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


def last_moves(games: list[Game], lang: str) -> dict[int, dict]:
    """{game id: the last decision that stands, as its row says it: {"seat", "name", "line", "at"}},
    its first line of the log everyone may read (reads.log_lines), in `lang`; one query for the
    whole list. The games' seats are prefetched with their players."""
    if not games:
        return {}
    standing = Decision.objects.filter(undone=False)
    # each game's last decision found from the game (one backward step of its (game, number) index),
    # not each decision of the games tested against its game's last
    latest = standing.filter(game_id=OuterRef("pk")).order_by("-number").values("pk")[:1]
    by_game = {g.pk: g for g in games}
    last = Game.objects.filter(pk__in=list(by_game)).annotate(last=Subquery(latest)).values("last")
    found = {}
    for d in standing.filter(pk__in=last).only("game_id", "number", "seat", "data", "events", "created_at"):
        game = by_game[d.game_id]
        names = player_names(game, lang)
        lines = log_lines(rules_of(game), d.events, d.data, lang, names)
        line = lines[0] if lines else ""
        found[d.game_id] = {"seat": d.seat, "name": names[d.seat] if d.seat < len(names) else "",
                            "line": line if len(line) <= LAST_MOVE_LENGTH else line[:LAST_MOVE_LENGTH - 1] + "…",
                            "at": d.created_at}
    return found


@dataclass(frozen=True)
class Place:
    """Where one of the player's games goes in My games: its section's order is by `key`."""

    pk: int
    name: str
    key: tuple


ENDED = (Game.Status.FINISHED, Game.Status.ABORTED)


def _placed_in_play(user) -> dict[str, list[Place]]:
    """The player's games in progress or open, placed in their sections in order, from a few columns
    of each and four index lookups (no game read whole): where the player decides, the soonest
    deadline first (none last); open games they are invited to and have no seat in, the newest first;
    the others, the most recent move first (open ones after); and those a moderator removed them from,
    which wait for nothing of theirs (`finished`, with the time they were made)."""
    seat = Seat.objects.filter(game=OuterRef("pk"), user=user)
    rows = (Game.objects.filter(mine(user)).exclude(status__in=ENDED)
            .annotate(deciding=Exists(seat.filter(order=OuterRef("current_seat"), status=Seat.Status.ACTIVE,
                                                  stand_in="", bot_account=False)),
                      seated=Exists(seat), removed=Exists(seat.filter(status=Seat.Status.REMOVED)),
                      invited=Exists(Invitation.objects.filter(game=OuterRef("pk"), user=user, declined_at=None)))
            .values_list("pk", "name", "status", "deadline", "last_move_at", "created_at", "finished_at",
                         "deciding", "seated", "removed", "invited"))
    places: dict[str, list] = {name: [] for name in MY_GAMES_SECTIONS}
    for pk, name, status, deadline, moved, created, finished, deciding, seated, removed, invited in rows:
        active = status == Game.Status.ACTIVE
        if removed:
            places["finished"].append(Place(pk, name, (finished or created, pk)))
        elif active and deciding:
            places["my_turn"].append(Place(pk, name, (deadline is None, deadline.timestamp() if deadline else 0, pk)))
        elif not active and invited and not seated:
            places["invitations"].append(Place(pk, name, (-created.timestamp(), pk)))
        else:
            places["waiting"].append(Place(pk, name, (not active, -(moved or created).timestamp(), pk)))
    for name in ("my_turn", "invitations", "waiting"):
        places[name].sort(key=lambda p: p.key)
    return places


def _placed_finished(user, game: str | None, within: set[int] | None, shown: int | None) -> tuple[list[Place], int]:
    """The player's finished and aborted games of the choice, the latest first, the first `shown` of
    them (all without it), and how many there are: one query, the count a window over the same rows."""
    games = Game.objects.filter(mine(user), status__in=ENDED)
    if game:
        games = games.filter(name=game)
    if within is not None:
        games = games.filter(pk__in=within)
    rows = (games.annotate(when=Coalesce("finished_at", "created_at"), total=Window(Count("pk")))
            .order_by("-when", "-pk").values_list("pk", "name", "when", "total"))
    rows = list(rows if shown is None else rows[:shown])
    return [Place(pk, name, (when, pk)) for pk, name, when, _ in rows], rows[0][3] if rows else 0


def _read_placed(places: dict[str, list[Place]], waiting_for_me: int) -> MyGames:
    """The games placed, read whole with their people (one read for them all), in their places."""
    ids = [p.pk for name in MY_GAMES_SECTIONS for p in places[name]]
    games = {g.pk: g for g in with_people(Game.objects.filter(pk__in=ids).defer("snapshot"))} if ids else {}
    return MyGames(*([games[p.pk] for p in places[name] if p.pk in games] for name in MY_GAMES_SECTIONS),
                   waiting_for_me)


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
    their seats read by index, so the work follows the readers asked about."""
    return set(Seat.objects.filter(user_id__in=list(user_ids), status=Seat.Status.ACTIVE, stand_in="",
                                   bot_account=False, game__status=Game.Status.ACTIVE,
                                   game__current_seat=F("order")).values_list("user_id", flat=True))
