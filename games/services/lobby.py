"""Before a game starts: creating it, inviting, joining, leaving, declining, and the start."""
from __future__ import annotations

import secrets
from collections.abc import Sequence

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Q, prefetch_related_objects
from django.utils import timezone
from django.utils.translation import get_language, gettext, gettext_lazy

from foundation.rows import update_each
from games import gates, limits, rules, signals
from games.models import Game, Invitation, Seat
from games.rules import IllegalAction
from games.standings import team_letter, teams_of

from . import inbox
from .bots import bot_account
from .deadlines import turn_begins
from .errors import Conflict, Invalid, NotAllowed, NotFound, TooMany, spend
from .reads import (
    join_refusal,
    kept_seats,
    locked,
    locked_lobby,
    may_start,
    rules_of,
    seats_read_again,
    starter_id,
)

MOST_HOURS = 24 * 30  # the longest time per move, bank and cap: 30 days


def clock_fields(time_control=None, hours_per_move=None, bank_hours=None, increment_hours=None, cap_hours=None) -> dict:
    """A game's clock as its creator chose it, checked (Invalid naming the field): hours per move
    (the default), or a time bank of `bank_hours` at the start, `increment_hours` after each turn and
    at most `cap_hours`. The Game fields to store; a bank game's hours_per_move is its increment."""
    def whole(name, value, low, high):
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise Invalid(gettext("%(name)s must be a whole number of hours from %(low)s to %(high)s")
                          % {"name": name, "low": low, "high": high})
        return value

    kind = Game.TimeControl.PER_TURN if time_control is None else time_control
    if kind not in Game.TimeControl.values:
        raise Invalid(gettext("time_control must be one of %(kinds)s") % {"kinds": ", ".join(Game.TimeControl.values)})
    if kind == Game.TimeControl.PER_TURN:
        if any(v is not None for v in (bank_hours, increment_hours, cap_hours)):
            raise Invalid(gettext("bank_hours, increment_hours and cap_hours belong to time_control \"bank\""))
        hours = settings.DEFAULT_HOURS_PER_MOVE if hours_per_move is None else hours_per_move
        if not isinstance(hours, int) or isinstance(hours, bool) or not 1 <= hours <= MOST_HOURS:
            raise Invalid(gettext("hours_per_move must be a whole number of hours from 1 to 720"))
        return {"time_control": kind, "hours_per_move": hours}
    if hours_per_move is not None:
        raise Invalid(gettext("hours_per_move belongs to time_control \"per_turn\": a bank's pace is its increment"))
    cap = whole("cap_hours", settings.DEFAULT_BANK[2] if cap_hours is None else cap_hours, 1, MOST_HOURS)
    bank = whole("bank_hours", settings.DEFAULT_BANK[0] if bank_hours is None else bank_hours, 1, cap)
    increment = whole("increment_hours", settings.DEFAULT_BANK[1] if increment_hours is None else increment_hours, 0, cap)
    return {"time_control": kind, "bank_hours": bank, "increment_hours": increment, "cap_hours": cap,
            "hours_per_move": increment}


def clock_of(game: Game) -> dict:
    """The clock fields of an existing game, to make another game with the same clock."""
    return {name: getattr(game, name) for name in ("time_control", "hours_per_move", "bank_hours", "increment_hours", "cap_hours")}


def create_game(user, *, game: str, players, options=None, hours_per_move=None, invite=(), bots=(),
                time_control=None, bank_hours=None, increment_hours=None, cap_hours=None, strict=False) -> Game:
    """The creator takes seat 0; `bots` gives seats 1, 2, ... in turn to the site's bots of the kinds
    named, a None in it leaving that seat to a person (who joins, or is invited). The clock: hours
    per move, or a time bank (clock_fields); `strict`: it ignores the players' quiet hours, days off
    and vacations."""
    try:
        module = rules.get(game)
    except KeyError:
        raise Invalid(gettext("no game named %(name)r; games: %(games)s") % {
            "name": game, "games": ", ".join(rules.names())}) from None
    if not isinstance(players, int) or isinstance(players, bool) or not module.min_players <= players <= module.max_players:
        raise Invalid(gettext("%(game)s is played by %(least)s to %(most)s players") % {
            "game": rules.title(game, get_language() or "en"), "least": module.min_players, "most": module.max_players})
    try:
        checked = module.check_options(players, options)
    except IllegalAction as exc:
        raise Invalid(str(exc)) from None
    timing = clock_fields(time_control, hours_per_move, bank_hours, increment_hours, cap_hours)
    if not isinstance(strict, bool):
        raise Invalid(gettext("strict is true or false"))
    invitees = _users_named(invite, exclude=user)
    _check_gates(gates.INVITE, user, invitees)
    kinds = _bot_kinds(module, bots)
    bot_users = {order: bot_account(kind) for order, kind in enumerate(kinds, 1) if kind is not None}
    if len(invitees) + len(bot_users) > players - 1 or len(kinds) > players - 1:
        raise Invalid(gettext("a %(players)s-player game has room for %(others)s invited players and bots")
                      % {"players": players, "others": players - 1})
    _spend_for_new_game(user, len(invitees))
    with transaction.atomic():
        g = Game.objects.create(name=game, rules_version=module.version, options=checked,
                                players=players, created_by=user, strict=strict, **timing)
        Seat.objects.create(game=g, user=user, order=0)
        for order, bot_user in bot_users.items():
            Seat.objects.create(game=g, user=bot_user, order=order, bot_account=True)
        for invitee in invitees:
            Invitation.objects.create(game=g, user=invitee)
        inbox.keep(g)
        for invitee in invitees:
            signals.player_invited.send(Game, game_id=g.pk, user_id=invitee.pk)
        if 1 + len(bot_users) == players:
            g = locked(g.pk)
            _start(g)  # a player and bots only: nobody to wait for
    return g


def start_arranged_game(organiser, *, game: str, users: list, options=None, hours_per_move: int,
                        rated: bool = True, clock: dict | None = None, strict: bool = False) -> Game:
    """A game whose seats were arranged elsewhere (a tournament's pairing, say): the users take the
    seats in the order given and the game starts at once. No invitations and no creation limits:
    the organiser's own checks were made when the arrangement was. `clock`: the Game's clock fields
    (clock_fields), hours_per_move alone without it; `strict`: it ignores the players' calendars."""
    module = rules.get(game)
    checked = module.check_options(len(users), options)
    g = Game.objects.create(name=game, rules_version=module.version, options=checked, players=len(users),
                            created_by=organiser, **(clock or {"hours_per_move": hours_per_move}), strict=strict,
                            rated=None if rated else False)  # False now: rate_game then leaves it alone
    for order, user in enumerate(users):
        Seat.objects.create(game=g, user=user, order=order, bot_account=user.profile.bot in module.bot_kinds)
    g = locked(g.pk)
    _start(g)
    return g


def arrange_game(creator, *, like: Game, seating: list) -> Game:
    """An open game of the same game as `like` (options, clock, strict, rated or not), arranged seat
    by seat: `seating[i]` is seat i's user. The creator and the site's bots sit at once; every other
    player is invited to the seat kept for them, which nobody else may take. It starts when the last
    of them takes it, and closes when one declines (decline_invitation) or the creator leaves."""
    module = rules_of(like)
    try:
        checked = module.check_options(len(seating), like.options)  # as the rules read them today
    except IllegalAction as exc:
        raise Invalid(str(exc)) from None
    invitees = [u for u in seating if u.pk != creator.pk and not u.profile.bot]
    _check_gates(gates.INVITE, creator, invitees)
    _spend_for_new_game(creator, len(invitees))
    g = Game.objects.create(name=like.name, rules_version=module.version, options=checked,
                            players=len(seating), created_by=creator, **clock_of(like), strict=like.strict,
                            rated=False if like.rated is False else None)
    for order, user in enumerate(seating):
        if user.pk == creator.pk or user.profile.bot:
            Seat.objects.create(game=g, user=user, order=order, bot_account=bool(user.profile.bot))
        else:
            Invitation.objects.create(game=g, user=user, seat=order)
    inbox.keep(g)
    for invitee in invitees:
        signals.player_invited.send(Game, game_id=g.pk, user_id=invitee.pk)
    if not invitees:
        g = locked(g.pk)
        _start(g)
    return g


def close_open_game(game_id) -> Game:
    """An open game that will not start (its arrangement failed): aborted, and every list hears it."""
    game = locked_lobby(game_id)
    if game.status == Game.Status.OPEN:
        game.status = Game.Status.ABORTED
        game.finished_at = timezone.now()
        game.save(update_fields=["status", "finished_at"])
        inbox.keep(game)
        signals.game_aborted.send(Game, game=game)
    return game


def _spend_for_new_game(user, invitations: int) -> None:
    """The creation and invitation limits (429 past them): both spent, or neither."""
    if invitations:
        spend(user, "invite", gettext_lazy("invitations"), invitations)
    try:
        spend(user, "create_game", gettext_lazy("new games"))
    except TooMany:
        limits.refund(user.pk, "invite", invitations)
        raise


def _check_gates(action: str, user, others) -> None:
    """Each player asked whether `user` may reach them (games.gates: an app such as friends answers)."""
    for other in others:
        reason = gates.refusal(action, user.pk, [other.pk])
        if reason:
            raise NotAllowed(f"{other.profile.name}: {reason}")  # named as every page names them


def _bot_kinds(module, kinds) -> list[str | None]:
    if kinds in (None, ""):
        return []
    if not isinstance(kinds, (list, tuple)) or not all(k is None or isinstance(k, str) for k in kinds):
        raise Invalid(gettext("bots must be a list of bot kinds (null: a person's seat)"))
    unknown = [k for k in kinds if k is not None and k not in module.bot_kinds]
    if unknown:
        raise Invalid(gettext("no bot called %(kind)s; %(game)s has %(kinds)s") % {
            "kind": ", ".join(unknown), "game": rules.title(module.name, get_language() or "en"),
            "kinds": ", ".join(module.bot_kinds)})
    return list(kinds)


def _users_named(names, exclude) -> list:
    if names in (None, "", []):
        return []
    if not isinstance(names, (list, tuple)) or not all(isinstance(n, str) for n in names):
        raise Invalid(gettext("invite must be a list of usernames"))
    User = get_user_model()
    found = {u.username.lower(): u for u in User.objects.filter(username__in=names, is_active=True)}
    missing = [n for n in names if n.lower() not in found]
    if missing:
        raise NotFound(gettext("no active player named %(names)s") % {"names": ", ".join(missing)})
    return [u for u in found.values() if u.pk != exclude.pk]


def join_game(user, game_id, team=None) -> Game:
    """The user takes the first free seat, or with `team` (an index into the game's teams) the
    first free seat of that team."""
    try:
        return _join(user, game_id, team)
    except IntegrityError:  # the last guard of (game, order) and (game, user): never a 500
        raise Conflict(gettext("another player took that seat at the same moment; reload and try again")) from None


def _join(user, game_id, team) -> Game:
    with transaction.atomic():
        game = locked_lobby(game_id)
        if game.status != Game.Status.OPEN:
            raise Conflict(gettext("the game is %(status)s: it cannot be joined") % {"status": game.get_status_display()})
        seats = list(game.seats.all())
        prefetch_related_objects([game], "invitations")  # once, for the seats kept for invited players
        if any(s.user_id == user.pk for s in seats):
            raise Conflict(gettext("you already have a seat in this game"))
        if len(seats) >= game.players:
            raise Conflict(gettext("the game is full"))
        # the creator, and whoever sits already, may have closed their games to this player
        reason = join_refusal(game, user)
        if reason:
            raise NotAllowed(reason)
        Seat.objects.create(game=game, user=user, order=_free_seat(game, seats, team, user))
        if len(seats) + 1 == game.players:
            _start(game)
        else:
            inbox.keep(game)
            signals.lobby_changed.send(Game, game=game)
    return game


def _free_seat(game: Game, seats: list[Seat], team, user) -> int:
    """The seat kept for the user, if any; else the first seat nobody holds nor is kept for another
    (of the team asked for, if any); past the planned seats only when seats were renumbered beyond
    them."""
    kept = kept_seats(game)
    own = next((order for order, user_id in kept.items() if user_id == user.pk), None)
    if own is not None:
        return own
    taken = {s.order for s in seats} | set(kept)  # join_refusal turned others away when none is left
    teams = teams_of(game)
    candidates: Sequence[int]
    if team is None:
        candidates = range(game.players)
    elif not isinstance(team, int) or isinstance(team, bool) or team < 0:
        raise Invalid(gettext("team must be a number from 0 to %(last)s") % {"last": len(teams or [0, 0]) - 1})
    # A team the game does not have is a well-formed request this game cannot take (409, as a full
    # team): whether it has teams, and how many, is the game's own, which no schema of the request says.
    elif teams is None:
        raise Conflict(gettext("this game is not played in teams: join without a team"))
    elif team >= len(teams):
        raise Conflict(gettext("team must be a number from 0 to %(last)s") % {"last": len(teams) - 1})
    else:
        candidates = sorted(teams[team])
    free = [order for order in candidates if order not in taken]
    if free:
        return free[0]
    if team is not None:
        raise Conflict(gettext("team %(team)s is full: join another team") % {"team": team_letter(team)})
    return max(taken) + 1


def leave_game(user, game_id) -> Game:
    with transaction.atomic():
        game = locked_lobby(game_id)
        if game.status != Game.Status.OPEN:
            raise Conflict(gettext("only a game that has not started can be left; resign instead"))
        seat = game.seat_of(user)
        if seat is None:
            raise Conflict(gettext("you have no seat in this game"))
        seat.delete()
        inbox.keep(game, gone=True)
        arranged = any(i.seat is not None for i in game.invitations.all())
        if arranged or not Seat.objects.filter(game=game).exists():  # an arrangement without one of its players is off
            game.status = Game.Status.ABORTED
            game.finished_at = timezone.now()
            game.save(update_fields=["status", "finished_at"])
            inbox.keep(game)
            signals.game_aborted.send(Game, game=game)
        else:
            signals.lobby_changed.send(Game, game=game)
    return game


def decline_invitation(user, game_id) -> Game:
    """An invited player says no: the invitation stays on record, marked declined, and leaves his list."""
    with transaction.atomic():
        game = locked_lobby(game_id)
        invitation = game.invitations.filter(user=user, declined_at__isnull=True).first()
        if invitation is None:
            raise Conflict(gettext("you have no open invitation to this game"))
        if game.status != Game.Status.OPEN:
            raise Conflict(gettext("the game is %(status)s: its invitations are closed") % {"status": game.get_status_display()})
        if game.seat_of(user) is not None:
            raise Conflict(gettext("you have already joined this game; leave it instead"))
        invitation.declined_at = timezone.now()
        invitation.save(update_fields=["declined_at"])
        inbox.keep(game, gone=True)
        signals.invitation_declined.send(Game, game=game, user_id=user.pk)
        if invitation.seat is not None:  # nobody else may take a kept seat: the arrangement is off
            game = close_open_game(game.pk)
        else:
            signals.lobby_changed.send(Game, game=game)
    return game


def withdraw_invitations(one, other) -> int:
    """The pending invitations of each of the two to the other (to an open game one of them created)
    withdrawn at once, as a block asks: the invitation is gone, not declined (the invitee said nothing),
    and the invitee's lists and badge and the game's lobby hear it. How many were withdrawn."""
    with transaction.atomic():
        pending = (Invitation.objects.filter(declined_at=None, game__status=Game.Status.OPEN)
                   .filter(Q(game__created_by=one, user=other) | Q(game__created_by=other, user=one))
                   .order_by("game_id").values_list("game_id", "user_id"))
        withdrawn = 0
        for game_id, user_id in pending:
            game = locked_lobby(game_id)
            if game.status != Game.Status.OPEN or any(s.user_id == user_id for s in game.seats.all()):
                continue  # started meanwhile, or taken: the invitation ended with the seat
            withdrawn += game.invitations.filter(user_id=user_id, declined_at=None).delete()[0]
            inbox.keep(game, gone=True)
            signals.invitation_withdrawn.send(Game, game=game, user_id=user_id)
    return withdrawn


def start_game(user, game_id) -> Game:
    with transaction.atomic():
        game = locked_lobby(game_id)
        if game.status != Game.Status.OPEN:
            raise Conflict(gettext("the game is %(status)s: it cannot be started") % {"status": game.get_status_display()})
        if user.pk != starter_id(game):
            raise NotAllowed(gettext("only the game's creator can start it"))
        if teams_of(game) is not None and len(game.seats.all()) < game.players:
            raise Conflict(gettext("a game played in teams starts when every seat is taken"))
        if not may_start(game, user):
            raise Conflict(gettext("at least %(least)s players are needed to start") % {"least": rules_of(game).min_players})
        _start(game)
    return game


def _start(game: Game) -> None:
    """Seat order is the order of the seats taken (a join takes the first free one, a bot the one it
    was given), closed up where seats are left free; the rules module draws everything else from
    the seed."""
    module = rules_of(game)
    # with the players and profiles that the first turn's deadline reads (time zone, vacations)
    seats = seats_read_again(game)
    game.players = len(seats)
    game.seed = secrets.randbits(62)
    game.rules_version = module.version  # an open game starts under the rules published at its start
    state = module.new_game(game.players, game.seed, game.options, version=game.rules_version)
    if any(seat.order != index for index, seat in enumerate(seats)):
        for index, seat in enumerate(seats):
            seat.order = index + 100  # two passes keep (game, order) unique while renumbering
        update_each(seats, ["order"])
    names = module.seat_names(state)
    for index, seat in enumerate(seats):
        seat.order, seat.colour = index, names[index]
    update_each(seats, ["order", "colour"])  # one statement for every seat
    now = timezone.now()
    game.status = Game.Status.ACTIVE
    game.started_at = game.last_move_at = now
    game.current_seat = module.current_seat(state)
    game.snapshot, game.snapshot_seq = state, game.seq
    turn_begins(game, seats, now)
    game.save()
    inbox.keep(game)
    signals.game_started.send(Game, game=game)
    signals.turn_began.send(Game, game=game)
