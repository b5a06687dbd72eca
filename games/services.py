"""The work of the site: every change to a game happens here, in one transaction.

Views, consumers, admin actions and tasks are thin and call these functions. A change locks the
game row, checks, applies the decision through the game's rules module, stores the decision and the
new snapshot, and says what happened through games.signals. Who listens (ratings, emails, bots, live
updates) is not this module's business: see docs/architecture.md.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta
from functools import cache
from typing import TYPE_CHECKING

import jsonschema

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from games import rules
from games.rules import IllegalAction, MalformedDecision

from . import clock, limits, signals
from .models import ChatMessage, Decision, Game, Invitation, ModeratorAction, Seat
from .standings import standings


class GameError(Exception):
    """A refused request; `status` is the HTTP status the API answers with."""

    status = 400

    def __init__(self, detail: str):
        super().__init__(detail)
        self.detail = detail


class Invalid(GameError):
    status = 400


class NotAllowed(GameError):
    status = 403


class NotFound(GameError):
    status = 404


class Conflict(GameError):
    status = 409


class TooMany(GameError):
    """More than a person could do in the time (games.limits); `retry_after` in seconds."""

    status = 429

    def __init__(self, detail: str, retry_after: int):
        super().__init__(detail)
        self.retry_after = retry_after


def _spend(user, action: str, what: str, amount: int = 1) -> None:
    wait = limits.spend(user.pk, action, amount)
    if wait is not None:
        allowed, seconds = settings.USER_LIMITS[action]
        raise TooMany(f"at most {allowed} {what} in {seconds // 60} minutes; try again in {wait} seconds", wait)


if TYPE_CHECKING:
    from accounts.models import Vacation



@dataclass
class Applied:
    game: Game
    state: dict
    events: list
    decision: Decision


# --- reading ---------------------------------------------------------------------------------

def rules_of(game: Game):
    return rules.get(game.name)


@cache
def _decision_validator(name: str):
    return jsonschema.Draft202012Validator(rules.get(name).decision_schema())


def _game_whose_decision(decision) -> str | None:
    """The title of a game whose decisions have this shape, if any."""
    for name in rules.names():
        if _decision_validator(name).is_valid(decision):
            return rules.get(name).title["en"]
    return None


def active_decisions(game: Game):
    return game.decisions.filter(undone=False).order_by("number")


def replay(game: Game, upto: int | None = None) -> dict:
    """The state rebuilt from the game's setup and its decisions that are not undone."""
    decisions = active_decisions(game)
    if upto is not None:
        decisions = decisions.filter(number__lte=upto)
    return rules_of(game).replay(game.players, game.seed, game.options, [d.data for d in decisions],
                                 version=game.rules_version)


def current_state(game: Game) -> dict:
    """The stored snapshot when it is up to date, else the replay. A read never writes: the
    snapshot is stored with every decision, where the game row is locked anyway."""
    snapshot = game.snapshot
    if (snapshot is not None and game.snapshot_seq == game.seq
            and snapshot.get("rules_version") == game.rules_version):
        return snapshot
    state = replay(game)
    game.snapshot, game.snapshot_seq = state, game.seq  # for the rest of this request only
    return state


def view_for(game: Game, user) -> dict | None:
    if game.status == Game.Status.OPEN or game.seed is None:
        return None
    seat = game.seat_of(user)
    return rules_of(game).view(current_state(game), seat.order if seat else None)


def decision_log(game: Game, lang: str = "en", seat: int | None = None) -> list[dict]:
    """Every decision with its log lines; a decision shows its secret parts (a mission kept) only
    to the seat that made it."""
    module = rules_of(game)
    return [{
        "number": d.number, "seat": d.seat, "by_bot": d.by_bot,
        "decision": d.data if seat is not None and d.seat == seat else module.public_decision(d.data),
        "created_at": d.created_at, "undone": d.undone,
        "log": [module.render(e, lang) for e in d.events],
    } for d in game.decisions.order_by("number")]


def legal_for(game: Game, user) -> dict:
    """The pending question and every legal decision, for the player who must decide."""
    if game.status != Game.Status.ACTIVE:
        raise Conflict(f"the game is {game.status}: there is nothing to decide")
    seat = game.seat_of(user)
    _check_turn(game, seat)
    module = rules_of(game)
    state = current_state(game)
    from accounts.models import supported_language
    lang = supported_language(getattr(getattr(user, "profile", None), "language", None))
    return {"seq": game.seq, "seat": seat.order, "prompt": module.prompt(state, lang),
            "question": module.question(state), "actions": module.legal_actions(state),
            "undoable": module.undoable(state)}


# --- creating and joining --------------------------------------------------------------------

def create_game(user, *, game: str, players, options=None, hours_per_move=None, invite=(), bots=()) -> Game:
    try:
        module = rules.get(game)
    except KeyError as exc:
        raise Invalid(str(exc.args[0])) from None
    if not isinstance(players, int) or isinstance(players, bool) or not module.min_players <= players <= module.max_players:
        raise Invalid(f"{module.title['en']} is played by {module.min_players} to {module.max_players} players")
    try:
        checked = module.check_options(players, options)
    except IllegalAction as exc:
        raise Invalid(str(exc)) from None
    hours = settings.DEFAULT_HOURS_PER_MOVE if hours_per_move is None else hours_per_move
    if not isinstance(hours, int) or isinstance(hours, bool) or not 1 <= hours <= 24 * 30:
        raise Invalid("hours_per_move must be a whole number of hours from 1 to 720")
    invitees = _users_named(invite, exclude=user)
    bot_users = [bot_account(kind) for kind in _bot_kinds(module, bots)]
    if len(invitees) + len(bot_users) > players - 1:
        raise Invalid(f"a {players}-player game has room for {players - 1} invited players and bots")
    if invitees:
        _spend(user, "invite", "invitations", len(invitees))
    try:
        _spend(user, "create_game", "new games")
    except TooMany:
        limits.refund(user.pk, "invite", len(invitees))
        raise
    with transaction.atomic():
        g = Game.objects.create(name=game, rules_version=module.version, options=checked,
                                players=players, created_by=user, hours_per_move=hours)
        Seat.objects.create(game=g, user=user, order=0)
        for order, bot_user in enumerate(bot_users, 1):
            Seat.objects.create(game=g, user=bot_user, order=order, bot_account=True)
        for invitee in invitees:
            Invitation.objects.create(game=g, user=invitee)
        for invitee in invitees:
            signals.player_invited.send(Game, game_id=g.pk, user_id=invitee.pk)
        if 1 + len(bot_users) == players:
            g = _locked(g.pk)
            _start(g)  # a player and bots only: nobody to wait for
    return g


def _bot_kinds(module, kinds) -> list[str]:
    if kinds in (None, ""):
        return []
    if not isinstance(kinds, (list, tuple)) or not all(isinstance(k, str) for k in kinds):
        raise Invalid("bots must be a list of bot kinds")
    unknown = [k for k in kinds if k not in module.bot_kinds]
    if unknown:
        raise Invalid(f"no bot called {', '.join(unknown)}; {module.title['en']} has {', '.join(module.bot_kinds)}")
    return list(kinds)


def bot_account(kind: str):
    """The site's own account for one kind of bot, created the first time a game asks for it. Its
    username is the kind's name with "Bot" (a person who took that name keeps it: a digit is added)."""
    from accounts.models import Profile, default_bot_name
    profile = Profile.objects.select_related("user").filter(bot=kind).first()
    if profile is not None:
        return profile.user
    User = get_user_model()
    base = f"{kind.capitalize()}Bot"
    name = next(n for n in [base] + [f"{base}{i}" for i in range(2, 100)]
                if not User.objects.filter(username__iexact=n).exists())
    with transaction.atomic():
        user = User.objects.create_user(username=name, password=None)  # no password: nobody signs in as it
        Profile.objects.update_or_create(user=user, defaults={"bot": kind, "display_name": default_bot_name(kind)})
    return User.objects.select_related("profile").get(pk=user.pk)


def _users_named(names, exclude) -> list:
    if names in (None, ""):
        return []
    if not isinstance(names, (list, tuple)) or not all(isinstance(n, str) for n in names):
        raise Invalid("invite must be a list of usernames")
    User = get_user_model()
    found = {u.username.lower(): u for u in User.objects.filter(username__in=names, is_active=True)}
    missing = [n for n in names if n.lower() not in found]
    if missing:
        raise NotFound(f"no active player named {', '.join(missing)}")
    return [u for u in found.values() if u.pk != exclude.pk]


def _locked(game_id) -> Game:
    """The game row, locked until the transaction ends, with its seats, their users and profiles,
    in one query (Seat.of_game). Whether a player has a vacation that could move a deadline comes
    along too, so a turn that begins asks for vacations only of a player who has one
    (docs/performance.md)."""
    return game_with_seats(game_id, lock=True)


def game_with_seats(game_id, lock: bool = False) -> Game:
    """The game with its seats, their users and profiles, in one query (a 404 if there is none);
    with `lock`, its row locked until the transaction ends."""
    try:
        game_id = int(game_id)
    except (ValueError, TypeError):
        raise NotFound("no such game") from None
    if not 0 < game_id < 2 ** 63:
        raise NotFound("no such game")
    seats = Seat.of_game(game_id, timezone.now().date() - timedelta(days=2), lock)
    if not seats:  # a game without seats (none has one for long): the plain way
        games = Game.objects.select_for_update(of=("self",)) if lock else Game.objects
        try:
            return games.prefetch_related("seats").get(pk=game_id)
        except Game.DoesNotExist:
            raise NotFound("no such game") from None
    game = seats[0].game
    for seat in seats:
        if not seat.may_be_away:
            seat.user._prefetched_objects_cache = {"vacations": []}  # known: none that matters
    cached = game.seats.all()
    cached._result_cache, cached._prefetch_done = seats, True
    game._prefetched_objects_cache = {"seats": cached}
    return game


def _locked_lobby(game_id) -> Game:
    """The game locked, with its seats read once the lock is ours. A join adds a seat row and a
    leave deletes one, which no row lock holds back: read in the locking statement, they would be
    the seats from before the wait (Seat.of_game), so two joins would take the same place."""
    _locked(game_id)
    return game_with_seats(game_id)


def join_game(user, game_id) -> Game:
    try:
        return _join(user, game_id)
    except IntegrityError:  # the last guard of (game, order) and (game, user): never a 500
        raise Conflict("another player took that seat at the same moment; reload and try again") from None


def _join(user, game_id) -> Game:
    with transaction.atomic():
        game = _locked_lobby(game_id)
        if game.status != Game.Status.OPEN:
            raise Conflict(f"the game is {game.status}: it cannot be joined")
        seats = list(game.seats.all())
        if any(s.user_id == user.pk for s in seats):
            raise Conflict("you already have a seat in this game")
        if len(seats) >= game.players:
            raise Conflict("the game is full")
        Seat.objects.create(game=game, user=user, order=max(s.order for s in seats) + 1 if seats else 0)
        if len(seats) + 1 == game.players:
            _start(game)
        else:
            signals.lobby_changed.send(Game, game=game)
    return game


def leave_game(user, game_id) -> Game:
    with transaction.atomic():
        game = _locked_lobby(game_id)
        if game.status != Game.Status.OPEN:
            raise Conflict("only a game that has not started can be left; resign instead")
        seat = game.seat_of(user)
        if seat is None:
            raise Conflict("you have no seat in this game")
        seat.delete()
        if not Seat.objects.filter(game=game).exists():
            game.status = Game.Status.ABORTED
            game.finished_at = timezone.now()
            game.save(update_fields=["status", "finished_at"])
            signals.game_aborted.send(Game, game=game)
        else:
            signals.lobby_changed.send(Game, game=game)
    return game


def decline_invitation(user, game_id) -> Game:
    """An invited player says no: the invitation stays on record, marked declined, and leaves his list."""
    with transaction.atomic():
        game = _locked_lobby(game_id)
        invitation = game.invitations.filter(user=user, declined_at__isnull=True).first()
        if invitation is None:
            raise Conflict("you have no open invitation to this game")
        if game.status != Game.Status.OPEN:
            raise Conflict(f"the game is {game.status}: its invitations are closed")
        if game.seat_of(user) is not None:
            raise Conflict("you have already joined this game; leave it instead")
        invitation.declined_at = timezone.now()
        invitation.save(update_fields=["declined_at"])
        signals.lobby_changed.send(Game, game=game)
    return game


def invitations_of(game: Game) -> dict[str, list]:
    """Who is still invited (no seat, no answer) and who declined: the lobby shows both."""
    seated = {s.user_id for s in game.seats.all()}
    pending = [i.user for i in game.invitations.all() if i.declined_at is None and i.user_id not in seated]
    declined = [i.user for i in game.invitations.all() if i.declined_at is not None and i.user_id not in seated]
    return {"pending": pending, "declined": declined}


def start_game(user, game_id) -> Game:
    with transaction.atomic():
        game = _locked_lobby(game_id)
        if game.status != Game.Status.OPEN:
            raise Conflict(f"the game is {game.status}: it cannot be started")
        if user.pk != starter_id(game):
            raise NotAllowed("only the game's creator can start it")
        if not may_start(game, user):
            raise Conflict(f"at least {rules_of(game).min_players} players are needed to start")
        _start(game)
    return game


def may_start(game: Game, user) -> bool:
    """The creator (or whoever took the first seat after him) may start once the game has enough players."""
    return (game.status == Game.Status.OPEN and user.is_authenticated and user.pk == starter_id(game)
            and len(game.seats.all()) >= rules_of(game).min_players)


def starter_id(game: Game) -> int:
    """Who may start an open game: its creator, or the first seated player once the creator left."""
    seats = sorted(game.seats.all(), key=lambda s: s.order)
    return game.created_by_id if any(s.user_id == game.created_by_id for s in seats) else seats[0].user_id


def waiting_count(user) -> int:
    """How many games wait for `user`: those where it is his decision (what waiting_games lists) and
    the open games he is invited to and has not answered, counted in one query (every page shows it)."""
    from django.db.models import F, Q
    my_turn = Seat.objects.filter(user=user, status=Seat.Status.ACTIVE, stand_in="", bot_account=False, game__status=Game.Status.ACTIVE,
                                  order=F("game__current_seat")).values("game_id")
    invited = (Invitation.objects.filter(user=user, declined_at=None, game__status=Game.Status.OPEN)
               .exclude(game__seats__user=user).values("game_id"))
    return Game.objects.filter(Q(pk__in=my_turn) | Q(pk__in=invited)).count()


def waiting_games(user) -> list[Game]:
    """Active games where `user` must decide now, most urgent first."""
    games = (Game.objects.filter(status=Game.Status.ACTIVE, seats__user=user).order_by("deadline")
             .select_related("created_by").prefetch_related("seats__user__profile"))
    return [g for g in games if (s := g.seat_of(user)) and not s.played_by_bot and g.current_seat == s.order]


def _start(game: Game) -> None:
    """Seat order is join order; the rules module draws everything else from the seed."""
    module = rules_of(game)
    seats = list(game.seats.order_by("order", "joined_at"))
    game.players = len(seats)
    game.seed = secrets.randbits(62)
    game.rules_version = module.version  # an open game starts under the rules published at its start
    state = module.new_game(game.players, game.seed, game.options, version=game.rules_version)
    for index, seat in enumerate(seats):
        seat.order = index + 100  # two passes keep (game, order) unique while renumbering
        seat.save(update_fields=["order"])
    names = module.seat_names(state)
    for index, seat in enumerate(seats):
        seat.order = index
        seat.colour = names[index]
        seat.save(update_fields=["order", "colour"])
    now = timezone.now()
    game.status = Game.Status.ACTIVE
    game.started_at = game.last_move_at = now
    game.current_seat = module.current_seat(state)
    game.snapshot, game.snapshot_seq = state, game.seq
    _turn_begins(game, seats, now)
    game.save()
    signals.game_started.send(Game, game=game)
    signals.turn_began.send(Game, game=game)


# --- deciding --------------------------------------------------------------------------------

def _check_turn(game: Game, seat: Seat | None, seq: int | None = None) -> None:
    """Seat, then version, then turn: a player who lost a race for a turn-ending decision is
    told the game moved on (409), not that it is no longer his turn."""
    if seat is None:
        raise NotAllowed("you have no seat in this game")
    if seat.abandoned:
        raise NotAllowed(f"your seat is {seat.get_status_display()}: the bot plays it now")
    if seat.played_by_bot:
        raise NotAllowed("a bot is standing in for you in this game: take your seat back first")
    if seq is not None and seq != game.seq:
        raise Conflict(f"stale seq {seq}: the game is at seq {game.seq}; reload and decide again")
    if game.current_seat != seat.order:
        raise NotAllowed("it is not your decision: another player must decide now")


def submit_decision(user, game_id, seq, decision) -> Applied:
    """Apply one decision for `user`, who expects the game to be at version `seq`."""
    if not isinstance(seq, int) or isinstance(seq, bool):
        raise Invalid("seq must be the game's current seq, a whole number")
    if not isinstance(decision, dict):
        raise Invalid("action must be a JSON object with a 'type'")
    try:
        with transaction.atomic():
            game = _locked(game_id)
            if game.status != Game.Status.ACTIVE:
                raise Conflict(f"the game is {game.status}: no decision can be made")
            _check_turn(game, game.seat_of(user), seq)
            return _apply(game, decision, by_bot=False)
    except IntegrityError:
        raise Conflict("another decision was stored first; reload and decide again") from None


def _apply(game: Game, decision: dict, by_bot: bool, bot_turn: bool = False) -> Applied:
    module = rules_of(game)
    state = current_state(game)
    seat = game.current_seat
    try:
        new_state, events = module.apply(state, decision)
    except MalformedDecision as exc:
        other = _game_whose_decision(decision)
        if other is not None:  # the API's schema allows every game's decisions; this game is the wrong one
            raise Conflict(f"{exc}: that is a decision of {other}, and this game is {module.title['en']}") from None
        raise Invalid(str(exc)) from None  # legal in no position of any game: the request is wrong
    except IllegalAction as exc:
        raise Conflict(str(exc)) from None  # well formed, but the position does not allow it now
    # The row lock makes a clash impossible; the unique (game, number) constraint stays as the
    # last guard, and its IntegrityError aborts the whole transaction (see submit_decision).
    stored = Decision(game=game, number=game.seq + 1, seat=seat, by_bot=by_bot, data=decision, events=events)
    _record(game, module, new_state, bot_turn, stored)
    return Applied(game, new_state, events, stored)


def _record(game: Game, module, state: dict, bot_turn: bool = False, stored: Decision | None = None) -> None:
    """Store the new version of the game (snapshot, whose turn, deadline, outcome) and `stored`,
    the decision that made it, if any."""
    now = timezone.now()
    previous_seat = game.current_seat
    game.seq += 1
    game.snapshot, game.snapshot_seq = state, game.seq
    game.last_move_at = now
    game.current_seat = module.current_seat(state)
    turn_changed = game.current_seat != previous_seat
    if game.current_seat is None:
        _finish(game, module, state, now)
    elif turn_changed:
        _turn_begins(game, list(game.seats.all()), now)
    if stored is not None:
        stored.insert_saving(game)
    else:
        game.save()
    if game.current_seat is None:
        signals.game_finished.send(Game, game=game)
    elif turn_changed:
        signals.turn_began.send(Game, game=game)
    signals.decision_stored.send(Game, game=game, turn_changed=turn_changed, by_bot=bot_turn)


def _turn_begins(game: Game, seats: list[Seat], now) -> None:
    """The current seat starts to decide: its clock runs from now (vacations excepted)."""
    seat = next((s for s in seats if s.order == game.current_seat), None)
    game.turn_started_at = now
    game.extra_hours = 0
    game.deadline = None if seat is None or seat.played_by_bot else _deadline(game, seat)


def _deadline(game: Game, seat: Seat):
    started = game.turn_started_at or game.last_move_at or timezone.now()
    return clock.deadline_for(seat.user, started, game.hours_per_move + game.extra_hours)


def _finish(game: Game, module, state: dict, now) -> None:
    """Scores and places on the seats (games.standings); the caller saves the game and says
    game_finished, to which the ratings listen."""
    outcome = module.outcome(state)
    game.status = Game.Status.FINISHED
    game.finished_at = now
    game.deadline = None
    game.outcome = outcome
    seats = list(game.seats.all())
    for _, seat, rank in standings(outcome, seats):
        if seat is not None:
            seat.score = outcome["scores"].get(seat.colour)
            seat.rank = rank
            seat.save(update_fields=["score", "rank"])


def bot_to_play(game: Game) -> bool:
    seat = game.deciding_seat
    return seat is not None and seat.played_by_bot


def bot_waiting(game_id: int) -> bool:
    game = Game.objects.prefetch_related("seats").filter(pk=game_id, status=Game.Status.ACTIVE).first()
    return game is not None and bot_to_play(game)


def become_api_bot(user) -> None:
    """The account becomes a bot account, played by a program through the API; for good, and only
    before it has taken a seat, so that no person's games and rating pass to a program."""
    from accounts.models import Profile
    with transaction.atomic():
        profile, _ = Profile.objects.select_for_update().get_or_create(user=user)
        if profile.bot == Profile.API_BOT:
            return
        if profile.bot:
            raise Conflict("this is one of the site's own bots")
        if Seat.objects.filter(user=user).exists():
            raise Conflict("an account that has taken a seat in a game cannot become a bot account; make a new account")
        profile.bot = Profile.API_BOT
        profile.save(update_fields=["bot"])


def play_bot_turn(game_id: int) -> bool:
    """One decision by the bot that plays the deciding seat; True if it made one.

    The bot thinks outside the transaction (an expert takes up to a second or so), then the row is
    locked and the decision stored only if the game is still where the bot saw it."""
    game = Game.objects.prefetch_related("seats").filter(pk=game_id).first()
    if game is None or game.status != Game.Status.ACTIVE or not bot_to_play(game):
        return False
    seq, kind = game.seq, game.deciding_seat.bot_kind
    decision = rules_of(game).bot(kind, seed=(game.seed or 0) + seq).choose(current_state(game))
    with transaction.atomic():
        game = _locked(game_id)
        if game.seq != seq or game.status != Game.Status.ACTIVE or not bot_to_play(game):
            return False
        seat = game.deciding_seat
        _apply(game, decision, by_bot=not seat.bot_account, bot_turn=True)
    return True


def play_bot_turns(game_id: int, limit: int = 500) -> int:
    """Bot decisions one after the other until a person must decide (or the game ends)."""
    played = 0
    while played < limit and play_bot_turn(game_id):
        played += 1
    return played


def stand_in(user, game_id, kind: str | None) -> Seat:
    """A player asks a bot to keep their seat for a while (kind), or takes it back (None)."""
    with transaction.atomic():
        game = _locked(game_id)
        seat = _seat_in_play(game, user, "only a game in progress has seats to keep")
        if kind is not None and kind not in rules_of(game).bot_kinds:
            raise Invalid(f"no bot called {kind}; this game has {', '.join(rules_of(game).bot_kinds)}")
        seat.stand_in = kind or ""
        seat.save(update_fields=["stand_in"])
        if game.current_seat == seat.order:
            game.turn_started_at = timezone.now()
            game.deadline = None if kind else _deadline(game, seat)
            game.save(update_fields=["turn_started_at", "deadline"])
        signals.stand_in_changed.send(Game, game=game, seat=seat)
    return seat


def undo(user, game_id, seq=None) -> Applied | None:
    """Take back the caller's latest decision, while the rules allow it (RULES.md section 9)."""
    with transaction.atomic():
        game = _locked(game_id)
        if game.status != Game.Status.ACTIVE:
            raise Conflict(f"the game is {game.status}: nothing can be undone")
        _check_turn(game, game.seat_of(user), seq)
        module = rules_of(game)
        if module.undoable(current_state(game)) < 1:
            raise Conflict("nothing to undo: your turn has just begun, or a revealed module cannot be taken back")
        last = active_decisions(game).last()
        last.undone, last.undone_at = True, timezone.now()
        last.save(update_fields=["undone", "undone_at"])
        state = replay(game)
        _record(game, module, state)
    return Applied(game, state, [], last)


def resign(user, game_id) -> Game:
    with transaction.atomic():
        game = _locked(game_id)
        seat = _seat_in_play(game, user, "only a game in progress can be resigned")
        hand_seat_to_bot(game, seat, Seat.Status.RESIGNED)
    return game


def _seat_in_play(game: Game, user, refusal: str) -> Seat:
    """The user's seat in a game in progress, still theirs (not resigned, timed out or removed)."""
    seat = game.seat_of(user)
    if seat is None:
        raise NotAllowed("you have no seat in this game")
    if game.status != Game.Status.ACTIVE:
        raise Conflict(f"the game is {game.status}: {refusal}")
    if seat.abandoned:
        raise Conflict(f"your seat is already {seat.get_status_display()}")
    return seat


def mute(user, game_id, muted: bool) -> bool:
    """A player silences (or not) the emails and pushes of one of their games, e.g. one played
    at a table. Nothing about the game changes, so its seq stays."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise NotFound("no such game")
    if not Seat.objects.filter(game=game, user=user).update(muted=muted):
        raise NotAllowed("you have no seat in this game")
    return muted


def hand_seat_to_bot(game: Game, seat: Seat, status: str) -> None:
    """From now on the rules module's greedy bot plays this seat; the player will rank last."""
    seat.status = status
    seat.save(update_fields=["status"])
    if game.current_seat == seat.order:
        game.deadline = None
        game.save(update_fields=["deadline"])
    signals.seat_handed_to_bot.send(Game, game=game, seat=seat)


# --- time limits -----------------------------------------------------------------------------

def enforce_deadline(game_id: int, now=None) -> bool:
    """Time out the current seat of a game whose deadline has passed; True if it did.

    Idempotent: the game row is locked and the deadline checked again, and a vacation taken since
    the deadline was set pushes it back instead.
    """
    now = now or timezone.now()
    with transaction.atomic():
        game = _locked(game_id)
        if game.status != Game.Status.ACTIVE or game.deadline is None or game.deadline > now:
            return False
        seat = game.deciding_seat
        if seat is None or seat.played_by_bot:
            return False
        recomputed = _deadline(game, seat)
        if recomputed > now:
            game.deadline = recomputed
            game.save(update_fields=["deadline"])
            return False
        hand_seat_to_bot(game, seat, Seat.Status.TIMED_OUT)
    return True


def add_vacation(user, start, end) -> "Vacation":
    """A vacation of whole days, within the yearly allowance; running deadlines move at once."""
    from accounts.models import Vacation
    today = timezone.localdate(timezone=clock.user_zone(user))
    if start > end:
        raise Invalid("a vacation ends on or after its first day")
    if start < today:
        raise Invalid("a vacation cannot start in the past")
    if Vacation.objects.filter(user=user, start__lte=end, end__gte=start).exists():
        raise Invalid("this vacation overlaps one you have already")
    for year in range(start.year, end.year + 1):
        first, last = max(start, start.replace(year=year, month=1, day=1)), min(end, end.replace(year=year, month=12, day=31))
        if (last - first).days + 1 > clock.vacation_days_left(user, year):
            raise Invalid(f"you have {clock.vacation_days_left(user, year)} vacation days left in {year}")
    with transaction.atomic():
        vacation = Vacation.objects.create(user=user, start=start, end=end)
        _recompute_deadlines(user)
    return vacation


def cancel_vacation(user, vacation_id) -> bool:
    """Take back the days from today on: a vacation starting today or later goes; a running one ends
    yesterday (the player is back). Running deadlines lose those days again."""
    from accounts.models import Vacation
    today = timezone.localdate(timezone=clock.user_zone(user))
    with transaction.atomic():
        vacation = Vacation.objects.select_for_update().filter(user=user, pk=vacation_id, end__gte=today).first()
        if vacation is None:
            return False
        if vacation.start >= today:
            vacation.delete()
        else:
            vacation.end = today - timedelta(days=1)
            vacation.save(update_fields=["end"])
        _recompute_deadlines(user)
    return True


def _recompute_deadlines(user) -> None:
    for seat in Seat.objects.filter(user=user, status=Seat.Status.ACTIVE, game__status=Game.Status.ACTIVE):
        game = _locked(seat.game_id)
        if game.current_seat == seat.order and game.turn_started_at:
            game.deadline = _deadline(game, seat)
            game.save(update_fields=["deadline"])


# --- chat ------------------------------------------------------------------------------------

def chat_refusal(game: Game, user) -> str | None:
    """Why the user may not post in the game's chat, or None. The players still in the game talk;
    a resigned, timed-out or removed player has left it, and an aborted game is closed."""
    seat = game.seat_of(user)
    if seat is None:
        return "only the game's players can chat in it"
    if game.status == Game.Status.ABORTED:
        return "the game was aborted: its chat is closed"
    if seat.status != Seat.Status.ACTIVE:
        return "you have left this game: its chat is for the players still in it"
    return None


def post_chat(user, game_id, text) -> ChatMessage:
    if not isinstance(text, str) or not text.strip():
        raise Invalid("a chat message needs some text")
    if len(text) > 1000:
        raise Invalid("a chat message has at most 1000 characters")
    try:
        game = Game.objects.get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise NotFound("no such game") from None
    refusal = chat_refusal(game, user)
    if refusal:
        raise NotAllowed(refusal)
    _spend(user, "chat", "chat messages")
    with transaction.atomic():
        message = ChatMessage.objects.create(game=game, user=user, text=text.strip())
        signals.chat_posted.send(Game, game_id=game.pk, message=message)
    return message


# --- moderation ------------------------------------------------------------------------------

def _log(moderator, kind, reason: str, game=None, target_user=None, **details) -> ModeratorAction:
    if not reason or not reason.strip():
        raise Invalid("a moderator action needs a reason")
    if game is not None:  # where it stands in the game's log: after its last decision then
        details["after"] = active_decisions(game).values_list("number", flat=True).last() or 0
    action = ModeratorAction.objects.create(moderator=moderator, kind=kind, game=game,
                                            target_user=target_user, reason=reason.strip(), details=details)
    if game is not None:
        signals.game_moderated.send(Game, game=game, action=action)
    return action


def abort_game(moderator, game_id, reason: str) -> Game:
    with transaction.atomic():
        game = _locked(game_id)
        if game.status in (Game.Status.FINISHED, Game.Status.ABORTED):
            raise Conflict(f"the game is already {game.status}")
        game.status = Game.Status.ABORTED
        game.finished_at = timezone.now()
        game.deadline = None
        game.save(update_fields=["status", "finished_at", "deadline"])
        _log(moderator, ModeratorAction.Kind.ABORT, reason, game=game)
        signals.game_aborted.send(Game, game=game)
    return game


# What the players of a game see of the desk's actions in its log: who was removed, a deadline
# extended, the game stopped. Hiding a chat line shows in the chat itself.
LOGGED_ACTIONS = (ModeratorAction.Kind.REMOVE_PLAYER, ModeratorAction.Kind.EXTEND_DEADLINE,
                  ModeratorAction.Kind.ABORT, ModeratorAction.Kind.REVERT_RATING)


def moderation_log(game: Game, user) -> list[dict]:
    """The desk's actions on `game` for its log, oldest first: where each stands (after which
    decision), what it was, whose seat; the reason only for the player it concerned, and for a
    stopped game, whose reason every page shows anyway."""
    entries = []
    for action in game.moderator_actions.filter(kind__in=LOGGED_ACTIONS).order_by("pk"):
        concerns = action.target_user_id is not None and action.target_user_id == getattr(user, "pk", None)
        public = action.kind in (ModeratorAction.Kind.ABORT, ModeratorAction.Kind.REVERT_RATING)
        entries.append({"after": action.details.get("after"), "kind": action.kind, "at": action.created_at,
                        "seat": action.details.get("seat"), "hours": action.details.get("hours"),
                        "reason": action.reason if concerns or public else None})
    return entries


def removal_reason(game: Game, seat: Seat) -> str:
    """The moderator's reason for removing the player of `seat`."""
    action = (game.moderator_actions.filter(kind=ModeratorAction.Kind.REMOVE_PLAYER, target_user_id=seat.user_id)
              .order_by("-pk").first())
    return action.reason if action else ""


def abort_reason(game: Game) -> str | None:
    """Why an aborted game stopped: the moderator's reason, or that its players left."""
    if game.status != Game.Status.ABORTED:
        return None
    action = (game.moderator_actions.filter(kind__in=[ModeratorAction.Kind.ABORT, ModeratorAction.Kind.REVERT_RATING])
              .order_by("-pk").first())
    return action.reason if action else gettext("every player left the game")


def revert_result(moderator, game_id, reason: str) -> Game:
    """Abort a finished game (for cheating); the ratings take its effect out (they listen)."""
    with transaction.atomic():
        game = _locked(game_id)
        if game.status != Game.Status.FINISHED:
            raise Conflict("only a finished game can have its rating effect reverted")
        _log(moderator, ModeratorAction.Kind.REVERT_RATING, reason, game=game)
        game.status = Game.Status.ABORTED
        game.save(update_fields=["status"])
        signals.result_reverted.send(Game, game=game)
    return game


def remove_player(moderator, seat_id, reason: str) -> Seat:
    with transaction.atomic():
        seat = Seat.objects.select_related("game").get(pk=seat_id)
        game = _locked(seat.game_id)
        if game.status != Game.Status.ACTIVE:
            raise Conflict("players can be removed only from a game in progress")
        if seat.abandoned:
            raise Conflict(f"the seat is already {seat.get_status_display()}")
        _log(moderator, ModeratorAction.Kind.REMOVE_PLAYER, reason, game=game, target_user=seat.user,
             seat=seat.order, colour=seat.colour)
        hand_seat_to_bot(game, seat, Seat.Status.REMOVED)
    return seat


def extend_deadline(moderator, game_id, hours: int, reason: str) -> Game:
    with transaction.atomic():
        game = _locked(game_id)
        if game.status != Game.Status.ACTIVE or game.deadline is None:
            raise Conflict("only a game in progress has a deadline")
        seat = game.deciding_seat
        game.extra_hours += hours
        game.deadline = _deadline(game, seat)
        game.save(update_fields=["extra_hours", "deadline"])
        _log(moderator, ModeratorAction.Kind.EXTEND_DEADLINE, reason, game=game, hours=hours)
    return game


def set_suspended(moderator, user, suspended: bool, reason: str) -> None:
    with transaction.atomic():
        user.is_active = not suspended
        user.save(update_fields=["is_active"])
        kind = ModeratorAction.Kind.SUSPEND if suspended else ModeratorAction.Kind.UNSUSPEND
        _log(moderator, kind, reason, target_user=user)
        if suspended:
            signals.account_suspended.send(Game, user_id=user.pk)


def record_access_change(moderator, user, changes: dict, reason: str) -> None:
    """A staff member changed who an account is (active, staff, superuser, groups, permissions) in
    the user form: recorded like every other action, and an account made inactive is signed out
    everywhere, as a suspension is. `changes`: {field: [before, after]}."""
    with transaction.atomic():
        _log(moderator, ModeratorAction.Kind.CHANGE_ACCESS, reason, target_user=user, changes=changes)
        if changes.get("is_active") == [True, False]:
            signals.account_suspended.send(Game, user_id=user.pk)


def set_chat_hidden(moderator, message: ChatMessage, hidden: bool, reason: str) -> None:
    with transaction.atomic():
        message.hidden = hidden
        message.save(update_fields=["hidden"])
        kind = ModeratorAction.Kind.HIDE_CHAT if hidden else ModeratorAction.Kind.SHOW_CHAT
        _log(moderator, kind, reason, game=message.game, target_user=message.user, message=message.pk)
