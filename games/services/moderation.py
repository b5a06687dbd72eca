"""The moderators' desk: every action with its reason, recorded, and said to whoever listens."""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from accounts.signals import account_suspended
from games import signals
from games.models import ChatMessage, Game, ModeratorAction, Seat

from . import inbox
from .deadlines import set_turn_clock
from .errors import Conflict, Invalid
from .reads import active_decisions, locked
from .seats import hand_seat_to_bot


def _log(moderator, kind, reason: str, game=None, target_user=None, **details) -> ModeratorAction:
    if not reason or not reason.strip():
        raise Invalid(gettext("a moderator action needs a reason"))
    if game is not None:  # where it stands in the game's log: after its last decision then
        details["after"] = active_decisions(game).values_list("number", flat=True).last() or 0
    action = ModeratorAction.objects.create(moderator=moderator, kind=kind, game=game,
                                            target_user=target_user, reason=reason.strip(), details=details)
    if game is not None:
        signals.game_moderated.send(Game, game=game, action=action)
    return action


def abort_game(moderator, game_id, reason: str) -> Game:
    with transaction.atomic():
        game = locked(game_id)
        if game.status in (Game.Status.FINISHED, Game.Status.ABORTED):
            raise Conflict(gettext("the game is already %(status)s") % {"status": game.get_status_display()})
        game.status = Game.Status.ABORTED
        game.finished_at = timezone.now()
        game.set_clock(None)
        game.save(update_fields=["status", "finished_at", *Game.CLOCK_FIELDS])
        _log(moderator, ModeratorAction.Kind.ABORT, reason, game=game)
        inbox.keep(game)
        signals.game_aborted.send(Game, game=game)
    return game


def revert_result(moderator, game_id, reason: str) -> Game:
    """Abort a finished game (for cheating); the ratings take its effect out (they listen)."""
    with transaction.atomic():
        game = locked(game_id)
        if game.status != Game.Status.FINISHED:
            raise Conflict(gettext("only a finished game can have its rating effect reverted"))
        _log(moderator, ModeratorAction.Kind.REVERT_RATING, reason, game=game)
        game.status = Game.Status.ABORTED
        game.save(update_fields=["status"])
        inbox.keep(game)
        signals.result_reverted.send(Game, game=game)
    return game


def remove_player(moderator, seat_id, reason: str) -> Seat:
    with transaction.atomic():
        seat = Seat.objects.select_related("game").get(pk=seat_id)
        game = locked(seat.game_id)
        if game.status != Game.Status.ACTIVE:
            raise Conflict(gettext("players can be removed only from a game in progress"))
        if seat.abandoned:
            raise Conflict(gettext("the seat is already %(status)s") % {"status": seat.get_status_display()})
        _log(moderator, ModeratorAction.Kind.REMOVE_PLAYER, reason, game=game, target_user=seat.user,
             seat=seat.order, colour=seat.colour)
        hand_seat_to_bot(game, seat, Seat.Status.REMOVED)
    return seat


def extend_deadline(moderator, game_id, hours: int, reason: str) -> Game:
    with transaction.atomic():
        game = locked(game_id)
        if game.status != Game.Status.ACTIVE or game.deadline is None:
            raise Conflict(gettext("only a game in progress has a deadline"))
        seat = game.deciding_seat
        assert seat is not None  # a game in progress has a seat deciding
        game.extra_hours += hours
        set_turn_clock(game, seat)
        game.save(update_fields=["extra_hours", *Game.CLOCK_FIELDS])
        _log(moderator, ModeratorAction.Kind.EXTEND_DEADLINE, reason, game=game, hours=hours)
    return game


def set_suspended(moderator, user, suspended: bool, reason: str) -> None:
    with transaction.atomic():
        user.is_active = not suspended
        user.save(update_fields=["is_active"])
        kind = ModeratorAction.Kind.SUSPEND if suspended else ModeratorAction.Kind.UNSUSPEND
        _log(moderator, kind, reason, target_user=user)
        if suspended:
            account_suspended.send(Game, user_id=user.pk)


def record_access_change(moderator, user, changes: dict, reason: str) -> None:
    """A staff member changed who an account is (active, staff, superuser, groups, permissions) in
    the user form: recorded like every other action, and an account made inactive is signed out
    everywhere, as a suspension is. `changes`: {field: [before, after]}."""
    with transaction.atomic():
        _log(moderator, ModeratorAction.Kind.CHANGE_ACCESS, reason, target_user=user, changes=changes)
        if changes.get("is_active") == [True, False]:
            account_suspended.send(Game, user_id=user.pk)


def set_chat_hidden(moderator, message: ChatMessage, hidden: bool, reason: str) -> None:
    with transaction.atomic():
        message.hidden = hidden
        message.save(update_fields=["hidden"])
        kind = ModeratorAction.Kind.HIDE_CHAT if hidden else ModeratorAction.Kind.SHOW_CHAT
        _log(moderator, kind, reason, game=message.game, target_user=message.user, message=message.pk)
