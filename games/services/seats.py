"""A seat in a game in progress changing hands: resigning, handing it to the bot, muting it."""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from games import clock, signals
from games.models import Game, Seat

from . import inbox
from .errors import Conflict, Invalid, NotAllowed, no_such_game
from .reads import game_with_seats, locked


def seen(user, game_id, seq) -> int:
    """The player's page showed them the game at `seq`: what they have seen moves on to it (never
    back, never past the game's present). What they have seen now."""
    if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
        raise Invalid(gettext("seq must be a whole number, 0 or more"))
    game = game_with_seats(game_id)
    seat = game.seat_of(user)
    if seat is None:
        raise NotAllowed(gettext("you have no seat in this game"))
    if min(seq, game.seq) <= seat.last_seen_seq:
        return seat.last_seen_seq  # nothing new: most calls, no lock
    with transaction.atomic():
        # The game locked: a decision arriving meanwhile waits, so that the news counted here and
        # the one it adds to the player's turn inbox (inbox.decided) are never counted over each other.
        game = locked(game_id)
        seat = game.seat_of(user)
        if seat is None:  # left an open game meanwhile
            raise NotAllowed(gettext("you have no seat in this game"))
        upto = min(seq, game.seq)
        if Seat.objects.filter(pk=seat.pk, last_seen_seq__lt=upto).update(last_seen_seq=upto):
            inbox.recount(game, user.pk)
    return max(seat.last_seen_seq, upto)


def seat_in_play(game: Game, user, refusal: str) -> Seat:
    """The user's seat in a game in progress, still theirs (not resigned, timed out or removed)."""
    seat = game.seat_of(user)
    if seat is None:
        raise NotAllowed(gettext("you have no seat in this game"))
    if game.status != Game.Status.ACTIVE:
        raise Conflict(gettext("the game is %(status)s: %(refusal)s") % {"status": game.get_status_display(), "refusal": refusal})
    if seat.abandoned:
        raise Conflict(gettext("your seat is already %(status)s") % {"status": seat.get_status_display()})
    return seat


def resign(user, game_id) -> Game:
    with transaction.atomic():
        game = locked(game_id)
        seat = seat_in_play(game, user, gettext("only a game in progress can be resigned"))
        hand_seat_to_bot(game, seat, Seat.Status.RESIGNED)
    return game


def mute(user, game_id, muted: bool) -> bool:
    """A player silences (or not) the emails and pushes of one of their games, e.g. one played
    at a table. Nothing about the game changes, so its seq stays."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise no_such_game()
    if not Seat.objects.filter(game=game, user=user).update(muted=muted):
        raise NotAllowed(gettext("you have no seat in this game"))
    if (not muted and game.deadline is not None and game.current_seat is not None
            and Seat.objects.filter(game=game, user=user, order=game.current_seat).exists()):
        # The turn's notices that the silence let pass are owed again (their claims keep any sent from going twice).
        assert game.turn_started_at is not None  # a turn with a deadline has begun
        calendar = clock.STRICT if game.strict else clock.calendar_of(user, game.turn_started_at, kept=False)
        Game.objects.filter(pk=game.pk, turn_started_at=game.turn_started_at, deadline=game.deadline).update(
            turn_notice_due=True, reminder_due_at=clock.next_reminder(game.turn_started_at, game.deadline,
                                                                      calendar=calendar))
    return muted


def hand_seat_to_bot(game: Game, seat: Seat, status: str) -> None:
    """From now on the rules module's greedy bot plays this seat; the player will rank last."""
    seat.status = status
    seat.save(update_fields=["status"])
    if game.current_seat == seat.order:
        game.set_clock(None)
        game.save(update_fields=Game.CLOCK_FIELDS)
    inbox.keep(game)
    signals.seat_handed_to_bot.send(Game, game=game, seat=seat)
