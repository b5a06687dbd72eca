"""The clock of a turn: when it runs out (vacations excepted) and what happens when it has."""
from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from games import clock
from games.models import Game, Seat

from .reads import locked
from .seats import hand_seat_to_bot


def turn_begins(game: Game, seats: list[Seat], now) -> None:
    """The current seat starts to decide: its clock runs from now (vacations excepted)."""
    seat = next((s for s in seats if s.order == game.current_seat), None)
    game.turn_started_at = now
    game.extra_hours = 0
    game.set_clock(None if seat is None or seat.played_by_bot else deadline_of(game, seat))
    game.turn_notice_due = game.deadline is not None  # a person's turn: the notice tasks settle it


def turn_notice_settled(game: Game) -> None:
    """The turn's "your turn" notice went out, or is not to go: the catch-up (lists.turns_owed_notice)
    stops looking at the turn. That turn's only: one begun since keeps its own."""
    Game.objects.filter(pk=game.pk, turn_notice_due=True, current_seat=game.current_seat,
                        turn_started_at=game.turn_started_at).update(turn_notice_due=False)


def reminders_considered(game: Game, now) -> None:
    """The turn's reminders due by `now` went out, or are not to go: the next one, if any, is due
    next (lists.games_owed_reminders). Unless the clock changed meanwhile, which set its own."""
    Game.objects.filter(pk=game.pk, reminder_due_at=game.reminder_due_at, turn_started_at=game.turn_started_at,
                        deadline=game.deadline).update(
        reminder_due_at=clock.next_reminder(game.turn_started_at, game.deadline, after=now))


def deadline_of(game: Game, seat: Seat):
    """The end of the turn's time: hours per move, or the seat's bank, with the moderators'
    extension; vacations excepted."""
    started = game.turn_started_at or game.last_move_at or timezone.now()
    if game.banked:
        return clock.deadline_for(seat.user, started, game.bank_of(seat) + timedelta(hours=game.extra_hours))
    return clock.deadline_for(seat.user, started, game.hours_per_move + game.extra_hours)


def turn_ends(game: Game, seat: Seat | None, now) -> None:
    """A seat's turn on a time bank ended (the next seat begins, or the game is over): its bank loses
    the time the turn used (vacations excepted) and gains the increment, up to the cap. A turn without
    a clock (a bot's, a stand-in's) leaves the bank as it was; so does the hours-per-move clock."""
    if not game.banked or seat is None or game.deadline is None or game.turn_started_at is None:
        return
    used = clock.time_used(seat.user, game.turn_started_at, now)
    bank = clock.bank_after_turn(game.bank_of(seat), used, timedelta(hours=game.increment_hours),
                                 timedelta(hours=game.cap_hours))
    seat.bank_seconds = int(bank.total_seconds())
    Seat.objects.filter(pk=seat.pk).update(bank_seconds=seat.bank_seconds)


def enforce_deadline(game_id: int, now=None) -> bool:
    """Time out the current seat of a game whose deadline has passed; True if it did.

    Idempotent: the game row is locked and the deadline checked again, and a vacation taken since
    the deadline was set pushes it back instead.
    """
    now = now or timezone.now()
    with transaction.atomic():
        game = locked(game_id)
        if game.status != Game.Status.ACTIVE or game.deadline is None or game.deadline > now:
            return False
        seat = game.deciding_seat
        if seat is None or seat.played_by_bot:
            return False
        recomputed = deadline_of(game, seat)
        if recomputed > now:
            game.set_clock(recomputed)
            game.save(update_fields=Game.CLOCK_FIELDS)
            return False
        if game.banked:  # the whole bank is spent
            seat.bank_seconds = 0
            Seat.objects.filter(pk=seat.pk).update(bank_seconds=0)
        hand_seat_to_bot(game, seat, Seat.Status.TIMED_OUT)
    return True
