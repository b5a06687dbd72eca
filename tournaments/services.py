"""The one place that changes tournaments, each change in one transaction with the tournament's row
locked: creating, signing up, withdrawing, starting, moving from round to round, and the moderators'
changes. Games are created and ended through the games app's services; the pairings and standings
come from the pure modules pairing.py and tiebreaks.py (docs/tournaments.md)."""
from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction
from django.db.models import Count, F, Q
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from accounts.models import Profile, display_name
from foundation.rows import database
from games import gates, rules, services as games
from games.models import Game, Rating
from games.rules import IllegalAction
from games.services import Conflict, Invalid, NotAllowed, NotFound
from games.services.errors import spend

from . import pairing, signals, tiebreaks
from .models import Entry, ModeratorNote, Round, Table, Tournament

NEW_RATING = 1000  # the displayed rating of a player who has not played the game rated yet
MOST_PLAYERS = 128
MOST_ROUNDS = 20
LONGEST_SIGNUP = timedelta(days=90)


def tournament(tournament_id) -> Tournament:
    """The tournament with `playing_count`, the players still in, or a 404."""
    return _one(with_counts(Tournament.objects.select_related("created_by")), tournament_id)


def _locked(tournament_id) -> Tournament:
    """The tournament's row, locked until the transaction ends: every change starts here."""
    return _one(Tournament.objects.select_for_update(), tournament_id)


def _one(found, tournament_id) -> Tournament:
    try:
        tournament_id = int(tournament_id)
    except (TypeError, ValueError):
        raise NotFound("no such tournament") from None
    found = found.filter(pk=tournament_id).first() if 0 < tournament_id < 2 ** 63 else None
    if found is None:
        raise NotFound("no such tournament")
    return found


def with_counts(tournaments):
    return tournaments.annotate(playing_count=Count("entries", filter=Q(entries__status=Entry.Status.PLAYING)))


def rating_of(user, game: str) -> int:
    rating = Rating.objects.filter(game=game, user=user).first()
    return rating.display if rating else NEW_RATING


# --- creating -----------------------------------------------------------------------------------

def create_tournament(user, *, title: str, game: str, format: str, seats: int, signup_closes, options=None,
                      rounds=None, hours_per_move=None, rated: bool = True, min_players=None,
                      max_players: int = 64, rating_min=None, rating_max=None, time_control=None,
                      bank_hours=None, increment_hours=None, cap_hours=None, strict=False) -> Tournament:
    module = _module(game)
    fmt = _format(format)
    _whole(seats, "seats", module.min_players, module.max_players)
    checked = _options_for_every_table(module, seats, options)
    low = seats if min_players is None else _whole(min_players, "min_players", 2, MOST_PLAYERS)
    high = _whole(max_players, "max_players", max(low, seats), MOST_PLAYERS)
    if low < seats:
        raise Invalid(f"min_players must be at least {seats}, one full table")
    if fmt == Tournament.Format.SWISS:
        rounds = _whole(rounds, "rounds", 1, MOST_ROUNDS)
    elif rounds is not None:
        raise Invalid("rounds are set for a Swiss tournament only: the format decides them")
    timing = games.clock_fields(time_control, hours_per_move, bank_hours, increment_hours, cap_hours)
    if not isinstance(strict, bool):
        raise Invalid("strict is true or false")
    _rating_range(rating_min, rating_max)
    _signup_window(signup_closes)
    title = " ".join(str(title or "").split())
    if not 3 <= len(title) <= 80 or not title.isprintable():
        raise Invalid("title must be 3 to 80 printable characters")
    if not isinstance(rated, bool):
        raise Invalid("rated must be true or false")
    with transaction.atomic():
        _within_limits(user)
        made = Tournament.objects.create(
            title=title, game=game, options=checked, format=fmt, seats=seats, rounds=rounds,
            **timing, strict=strict, rated=rated, min_players=low, max_players=high,
            rating_min=rating_min, rating_max=rating_max, signup_closes=signup_closes, created_by=user)
        signals.tournament_changed.send(Tournament, tournament=made)
    return made


def _within_limits(user) -> None:
    """A player may have settings.TOURNAMENTS_OPEN_AT_ONCE tournaments open for sign-up at once (400)
    and create USER_LIMITS["create_tournament"] in a day (429); a moderator runs what the site needs.
    The player's row is held so that two creations at once count each other."""
    if user.is_staff:
        return
    get_user_model().objects.select_for_update(no_key=True).filter(pk=user.pk).first()
    most = settings.TOURNAMENTS_OPEN_AT_ONCE
    if Tournament.objects.filter(created_by=user, status=Tournament.Status.SIGNUP).count() >= most:
        raise Invalid(gettext("you already have %(most)s tournaments open for sign-up, the most a player may "
                              "have at once: create another once one of them has started") % {"most": most})
    spend(user, "create_tournament", gettext_lazy("new tournaments"))


def _module(game):
    try:
        return rules.get(game)
    except (KeyError, TypeError):
        raise Invalid(f"no game called {game!r}; the site has {', '.join(rules.names())}") from None


def _format(value) -> str:
    if value not in Tournament.Format.values:
        raise Invalid(f"format must be one of {', '.join(Tournament.Format.values)}")
    return value


def _whole(value, name: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise Invalid(f"{name} must be a whole number from {low} to {high}")
    return value


def _options_for_every_table(module, seats: int, options) -> dict:
    """A remainder table may be smaller than the others, so the options must suit every size from
    the game's smallest table up (team play, which needs full tables, is not offered)."""
    try:
        checked = module.check_options(seats, options)
        for size in range(module.min_players, seats):
            module.check_options(size, checked)
    except IllegalAction as exc:
        raise Invalid(f"{exc} (a tournament's options must suit every table size from "
                      f"{module.min_players} to {seats})") from None
    if module.teams(seats, checked):
        raise Invalid("tournaments rank players one by one: team play is not offered")
    return checked


def _rating_range(low, high) -> None:
    for name, value in (("rating_min", low), ("rating_max", high)):
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 5000):
            raise Invalid(f"{name} must be a whole number from 0 to 5000, or null")
    if low is not None and high is not None and low > high:
        raise Invalid("rating_min must not be above rating_max")


def _signup_window(closes) -> None:
    now = timezone.now()
    if closes is None or not hasattr(closes, "tzinfo") or closes.tzinfo is None:
        raise Invalid("signup_closes must be a date and time with its time zone")
    if not now < closes <= now + LONGEST_SIGNUP:
        raise Invalid("signup_closes must lie in the next 90 days")


# --- signing up and withdrawing -----------------------------------------------------------------

def sign_up(user, tournament_id) -> Entry:
    try:
        with transaction.atomic():
            return _sign_up(user, tournament_id)
    except IntegrityError:  # the same player's two requests at once: one entry
        raise Conflict("you have already signed up for this tournament") from None


def _sign_up(user, tournament_id) -> Entry:
    t = _locked(tournament_id)
    if t.status != Tournament.Status.SIGNUP:
        raise Conflict(f"the tournament is {t.get_status_display()}: sign-up is closed")
    if t.signup_closes <= timezone.now():  # the start is due: the worker's next tick begins it
        raise Conflict(gettext("sign-up for this tournament has closed: it starts in a moment"))
    # held until the entry is stored: an account turning into a bot at this moment waits, then sees it
    if Profile.objects.select_for_update().get(user=user).bot:
        raise NotAllowed("bots do not sign up for tournaments")
    refused = gates.refusal(gates.SIGN_UP, user.pk, [t.created_by_id])  # the creator's block, say
    if refused:
        raise NotAllowed(refused)
    entry = t.entries.filter(user=user).first()
    if entry is not None and entry.status == Entry.Status.PLAYING:
        raise Conflict("you have already signed up for this tournament")
    if t.entries.filter(status=Entry.Status.PLAYING).count() >= t.max_players:
        raise Conflict(f"the tournament is full ({t.max_players} players)")
    rating = rating_of(user, t.game)
    if (t.rating_min is not None and rating < t.rating_min) or (t.rating_max is not None and rating > t.rating_max):
        raise NotAllowed(f"the tournament is for ratings from {t.rating_min or 0} to {t.rating_max or '∞'}; "
                         f"yours is {rating}")
    if entry is None:
        entry = Entry.objects.create(tournament=t, user=user, rating=rating)
    else:  # signed up again after withdrawing before the start
        entry.status, entry.rating = Entry.Status.PLAYING, rating
        entry.save(update_fields=["status", "rating"])
    signals.tournament_changed.send(Tournament, tournament=t)
    return entry


def entry_refusal(action: str, user_id: int) -> str | None:
    """games.gates' question before an account becomes a bot: not while it is signed up for a
    tournament that has not finished, whose games a program would then play in a person's place."""
    if action != gates.BECOME_BOT:
        return None
    unfinished = (Tournament.Status.SIGNUP, Tournament.Status.RUNNING)
    if Entry.objects.filter(user_id=user_id, status=Entry.Status.PLAYING, tournament__status__in=unfinished).exists():
        return gettext("you are signed up for a tournament that has not finished: withdraw from it first, "
                       "or make a new account for the bot")
    return None


def withdraw(user, tournament_id) -> Entry:
    """Before the start the entry is simply withdrawn; later the player forfeits the rest: their
    game in progress is resigned (a bot finishes it, a loss) and they are paired no more."""
    with transaction.atomic():
        t = _locked(tournament_id)
        entry = t.entries.filter(user=user, status=Entry.Status.PLAYING).first()
        if entry is None:
            raise Conflict("you are not playing in this tournament")
        if t.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED):
            raise Conflict(f"the tournament is {t.get_status_display()}")
        entry.status = Entry.Status.WITHDRAWN
        entry.save(update_fields=["status"])
        for game_id in _games_in_play(t, entry):
            games.resign(user, game_id)
        signals.tournament_changed.send(Tournament, tournament=t)
    return entry


def _games_in_play(t: Tournament, entry: Entry) -> list[int]:
    tables = Table.objects.filter(round__tournament=t, places__isnull=True, replaced=False,
                                  game__status=Game.Status.ACTIVE)
    return [table.game_id for table in tables if entry.pk in table.entries]


# --- starting and moving on ---------------------------------------------------------------------

def start_due(now=None) -> list[int]:
    """Start every tournament whose sign-up has closed; the ids started (or cancelled for want of
    players). Each in its own transaction: one that fails leaves the others started."""
    now = now or timezone.now()
    due = list(Tournament.objects.filter(status=Tournament.Status.SIGNUP, signup_closes__lte=now)
               .values_list("pk", flat=True))
    return [tid for tid in due if start(tid)]


def start(tournament_id) -> bool:
    with transaction.atomic():
        t = _locked(tournament_id)
        if t.status != Tournament.Status.SIGNUP:
            return False  # started already (a second worker, a retried task)
        entries = list(t.entries.filter(status=Entry.Status.PLAYING).select_related("user"))
        if len(entries) < t.min_players:
            _end(t, Tournament.Status.CANCELLED, f"too few players: {len(entries)} of at least {t.min_players}")
            return True
        for entry in entries:
            entry.rating = rating_of(entry.user, t.game)
            entry.save(update_fields=["rating"])
        t.status, t.started_at = Tournament.Status.RUNNING, timezone.now()
        if t.format == Tournament.Format.ROUND_ROBIN:
            t.schedule = [[list(table) for table in tables] for tables in
                          pairing.round_robin([e.pk for e in entries], t.seats, seed=t.pk)]
        t.save(update_fields=["status", "started_at", "schedule"])
        _next_round(t, 1)
    return True


def advance(tournament_id) -> bool:
    """When the current round's last table is decided: end the round and start the next, or end
    the tournament. Safe to call any number of times, from any worker: True when it moved."""
    with transaction.atomic():
        t = _locked(tournament_id)
        if t.status != Tournament.Status.RUNNING:
            return False
        current = t.round_set.order_by("-number").first()
        if current is None:
            _next_round(t, 1)
            return True
        if current.tables.filter(places__isnull=True, replaced=False).exists():
            return False
        current.finished_at = current.finished_at or timezone.now()
        current.save(update_fields=["finished_at"])
        _next_round(t, current.number + 1)
    return True


def waiting_to_move() -> list[int]:
    """Running tournaments whose current round is complete: what a lost task left undone."""
    running = Tournament.objects.filter(status=Tournament.Status.RUNNING)
    open_tables = Table.objects.filter(round__tournament_id__in=running, places__isnull=True, replaced=False)
    busy = set(open_tables.values_list("round__tournament_id", flat=True))
    return [tid for tid in running.values_list("pk", flat=True) if tid not in busy]


def _next_round(t: Tournament, number: int) -> None:
    entries = {e.pk: e for e in t.entries.select_related("user", "user__profile")}
    playing = [pk for pk, e in entries.items() if e.status == Entry.Status.PLAYING]
    paired = _pairings(t, number, entries, playing)
    if paired is None:
        _end(t, Tournament.Status.FINISHED, "")
        return
    tables, byes = paired
    try:
        with transaction.atomic():
            current = Round.objects.create(tournament=t, number=number, byes=sorted(byes))
    except IntegrityError:  # started already: the tournament's lock makes this the last guard only
        return
    if t.format != Tournament.Format.ROUND_ROBIN and byes:  # a bye scores (Swiss) or passes a round (knock-out)
        Entry.objects.filter(pk__in=byes).update(byes=F("byes") + 1)
    for index, seated in enumerate(tables, 1):
        _seat_table(t, current, index, list(seated), entries)
    signals.round_started.send(Tournament, tournament=t, round=current)
    signals.tournament_changed.send(Tournament, tournament=t)


def _pairings(t: Tournament, number: int, entries: dict, playing: list[int]):
    """(tables, byes) of round `number`, or None when the tournament is over."""
    ratings = {pk: e.rating for pk, e in entries.items()}
    if t.format == Tournament.Format.ROUND_ROBIN:
        if number > len(t.schedule or []):
            return None
        tables = [tuple(table) for table in t.schedule[number - 1]]
        seated = {pk for table in tables for pk in table}
        return tables, [pk for pk in playing if pk not in seated]
    if t.format == Tournament.Format.SWISS:
        if number > t.rounds or len(playing) < 2:
            return None
        byes = {pk: e.byes for pk, e in entries.items()}
        return pairing.swiss_round(playing, ratings, results_of(t), byes, t.seats, number,
                                   apart=_apart(entries, playing))
    survivors = _knockout_survivors(t, number, ratings, playing)
    if len(survivors) < 2:
        return None
    return pairing.knockout_round(survivors, ratings, t.seats, min_table=rules.get(t.game).min_players,
                                  apart=_apart(entries, survivors))


def _apart(entries: dict, playing: list[int]) -> set[frozenset[int]]:
    """The pairs of entries whose players are best kept apart (one blocked the other: games.gates)."""
    entry_of = {entries[pk].user_id: pk for pk in playing}
    return {frozenset(entry_of[user] for user in pair) for pair in gates.apart(entry_of)}


def _knockout_survivors(t: Tournament, number: int, ratings: dict, playing: list[int]) -> list[int]:
    if number == 1:
        return playing
    last = t.round_set.get(number=number - 1)
    through = set(last.byes)
    for table in last.tables.filter(replaced=False):
        result = pairing.Result(round=last.number, table=tuple(table.entries), places=_places(table))
        through.add(pairing.knockout_winners(result, ratings))
    out = [pk for pk in playing if pk not in through]
    Entry.objects.filter(pk__in=out).update(status=Entry.Status.OUT)
    return [pk for pk in playing if pk in through]


def _seat_table(t: Tournament, current: Round, number: int, seated: list[int], entries: dict) -> Table:
    """Start the table's game among those still playing; a player who withdrew forfeits, and a
    table left with one player is won by forfeit, without a game."""
    present = [pk for pk in seated if entries[pk].status == Entry.Status.PLAYING]
    table = Table.objects.create(round=current, number=number, entries=seated)
    if len(present) < max(2, rules.get(t.game).min_players):
        table.places = {str(pk): 1 if pk in present else 2 for pk in seated}
        table.save(update_fields=["places"])
        return table
    table.entries = present
    table.game = games.start_arranged_game(
        t.created_by, game=t.game, users=[entries[pk].user for pk in present], options=t.options,
        hours_per_move=t.hours_per_move, rated=t.rated, clock=games.clock_of(t), strict=t.strict)
    table.save(update_fields=["entries", "game"])
    return table


def _places(table: Table) -> dict[int, int]:
    return {int(pk): place for pk, place in (table.places or {}).items()}


def results_of(t: Tournament) -> list[pairing.Result]:
    tables = (Table.objects.filter(round__tournament=t, places__isnull=False, replaced=False)
              .select_related("round").order_by("round__number", "number"))
    return [pairing.Result(round=table.round.number, table=tuple(table.entries), places=_places(table))
            for table in tables]


def _end(t: Tournament, status: str, reason: str) -> None:
    t.status, t.finished_at, t.end_reason = status, timezone.now(), reason
    t.save(update_fields=["status", "finished_at", "end_reason"])
    signals.tournament_changed.send(Tournament, tournament=t)


def table_decided(game: Game) -> Tournament | None:
    """A tournament game ended (the games app's signal, in its transaction): the table takes the
    seats' places; an aborted game is void, a draw for everyone at it. The tournament whose table
    it was, or None."""
    if not _at_a_table(game.pk):
        return None
    table = Table.objects.select_for_update().select_related("round__tournament").filter(game=game).first()
    if table is None or table.places is not None or table.replaced:
        return None
    entry_of = dict(Entry.objects.filter(tournament=table.round.tournament_id).values_list("user_id", "pk"))
    if game.status == Game.Status.FINISHED:
        table.places = {str(entry_of[s.user_id]): s.rank for s in game.seats.all()}
    else:
        table.places = {str(pk): 1 for pk in table.entries}
    table.save(update_fields=["places"])
    signals.tournament_changed.send(Tournament, tournament=table.round.tournament)
    return table.round.tournament


def _at_a_table(game_id: int) -> bool:
    """Whether a tournament's table plays the game. Every game's end asks, and most games are no
    tournament's: one kept statement, where the ORM's locking read cost a millisecond of CPU to
    compile (docs/performance.md)."""
    with database().cursor() as cursor:
        cursor.execute(f"SELECT 1 FROM {connection.ops.quote_name(Table._meta.db_table)} WHERE game_id = %s",
                       [game_id])
        return cursor.fetchone() is not None


# --- reading ------------------------------------------------------------------------------------

def standings(t: Tournament) -> list[dict]:
    """The table of places with each tie-break, best first."""
    entries = {e.pk: e for e in t.entries.select_related("user", "user__profile")}
    if not entries:
        return []
    withdrawn = {pk for pk, e in entries.items() if e.status in (Entry.Status.WITHDRAWN, Entry.Status.REMOVED)}
    rows = tiebreaks.standings(t.format, list(entries), {pk: e.rating for pk, e in entries.items()},
                               results_of(t), {pk: e.byes for pk, e in entries.items()}, withdrawn)
    return [{"entry": entries[row.player], "place": row.place, "points": row.points, "games": row.games,
             "tiebreaks": row.tiebreaks} for row in rows]


def rounds(t: Tournament) -> list[Round]:
    """The rounds with their tables and games, the players of each table in seat order."""
    entries = {e.pk: e for e in t.entries.select_related("user", "user__profile")}
    found = list(t.round_set.prefetch_related("tables__game"))
    for r in found:
        r.bye_entries = [entries[pk] for pk in r.byes]
        for table in r.tables.all():
            table.players = [entries[pk] for pk in table.entries]
            table.place_of = _places(table)
            table.points_of = (pairing.game_points(pairing.Result(r.number, tuple(table.entries), table.place_of))
                               if table.places and not table.replaced else {})
    return found


def listing(status: str | None = None, game: str | None = None):
    found = with_counts(Tournament.objects.select_related("created_by")).order_by("-id")  # a GROUP BY drops Meta.ordering
    if status:
        found = found.filter(status=status)
    if game:
        found = found.filter(game=game)
    return found


# --- the moderators' changes --------------------------------------------------------------------

def _reason(reason) -> str:
    reason = " ".join(str(reason or "").split())
    if not reason:
        raise Invalid("a moderator's change needs a reason")
    return reason


def cancel(moderator, tournament_id, reason: str) -> Tournament:
    """Stop a tournament: its games in progress are aborted (unrated), its standings stay readable."""
    reason = _reason(reason)
    with transaction.atomic():
        t = _locked(tournament_id)
        if t.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED):
            raise Conflict(f"the tournament is already {t.get_status_display()}")
        _end(t, Tournament.Status.CANCELLED, reason)
        ModeratorNote.objects.create(moderator=moderator, tournament=t, kind=ModeratorNote.Kind.CANCEL, reason=reason)
        for table in Table.objects.filter(round__tournament=t, game__status=Game.Status.ACTIVE):
            games.abort_game(moderator, table.game_id, f"tournament cancelled: {reason}")
    return t


def remove_player(moderator, entry_id, reason: str) -> Entry:
    """The player is paired no more; a game of theirs in progress goes on with a bot in their seat."""
    reason = _reason(reason)
    with transaction.atomic():
        entry = Entry.objects.filter(pk=entry_id).select_related("user__profile").first()
        if entry is None:
            raise NotFound("no such entry")
        t = _locked(entry.tournament_id)
        if entry.status != Entry.Status.PLAYING:
            raise Conflict(gettext("%(player)s is not playing in this tournament") % {"player": display_name(entry.user)})
        entry.status = Entry.Status.REMOVED
        entry.save(update_fields=["status"])
        for game_id in _games_in_play(t, entry):
            seat = Game.objects.get(pk=game_id).seats.get(user=entry.user)
            games.remove_player(moderator, seat.pk, f"removed from the tournament: {reason}")
        ModeratorNote.objects.create(moderator=moderator, tournament=t, kind=ModeratorNote.Kind.REMOVE,
                                     target_user=entry.user, reason=reason)
        signals.tournament_changed.send(Tournament, tournament=t)
    return entry


def replace_pairing(moderator, table_id, entry_ids: list[int], reason: str) -> Table:
    """A pairing of the current round made again: its game (if still going) is aborted and the
    table counts for nothing; the players named, each either at that table or sitting out the
    round, start a new game."""
    reason = _reason(reason)
    with transaction.atomic():
        old = Table.objects.filter(pk=table_id).select_related("round").first()
        if old is None:
            raise NotFound("no such table")
        t = _locked(old.round.tournament_id)
        current = t.round_set.order_by("-number").first()
        if t.status != Tournament.Status.RUNNING or old.round_id != current.pk or old.replaced:
            raise Conflict("only a pairing of the running round can be replaced")
        _check_replacement(t, old, current, entry_ids)
        old.replaced = True
        old.save(update_fields=["replaced"])
        if old.game_id and old.game.status == Game.Status.ACTIVE:
            games.abort_game(moderator, old.game_id, f"pairing replaced: {reason}")
        current.byes = sorted((set(current.byes) | set(old.entries)) - set(entry_ids))
        current.save(update_fields=["byes"])
        entries = {e.pk: e for e in t.entries.select_related("user", "user__profile")}
        number = current.tables.count() + 1
        table = _seat_table(t, current, number, list(entry_ids), entries)
        ModeratorNote.objects.create(moderator=moderator, tournament=t, kind=ModeratorNote.Kind.REPLACE, reason=reason,
                                     details={"table": old.pk, "was": old.entries, "now": list(entry_ids)})
        signals.tournament_changed.send(Tournament, tournament=t)
    return table


def _check_replacement(t: Tournament, old: Table, current: Round, entry_ids) -> None:
    if not isinstance(entry_ids, list) or not all(isinstance(pk, int) for pk in entry_ids):
        raise Invalid("players must be a list of entry ids")
    if len(set(entry_ids)) != len(entry_ids) or not 2 <= len(entry_ids) <= t.seats:
        raise Invalid(f"a table seats 2 to {t.seats} different players")
    free = set(old.entries) | set(current.byes)
    playing = set(t.entries.filter(status=Entry.Status.PLAYING).values_list("pk", flat=True))
    if not set(entry_ids) <= free & playing:
        raise Conflict("each player of the new pairing must be playing and either at this table or sitting out the round")
