"""The clock of a turn: when it runs out (the player's calendar excepted: quiet hours, days off,
vacations; games.clock) and what happens when it has."""
from __future__ import annotations

from dataclasses import replace
from datetime import datetime, time, timedelta

from django.db import transaction
from django.utils import timezone

from accounts.models import Profile, Vacation
from games import answering, clock, signals
from games.models import Game, Seat

from .reads import locked
from .seats import hand_seat_to_bot


def turn_begins(game: Game, seats: list[Seat], now) -> None:
    """The current seat starts to decide: its clock runs from now (vacations excepted)."""
    seat = next((s for s in seats if s.order == game.current_seat), None)
    game.turn_started_at = now
    game.extra_hours = 0
    if seat is None or seat.played_by_bot:
        game.set_clock(None)
    else:
        set_turn_clock(game, seat)
    game.turn_notice_due = game.deadline is not None  # a person's turn: the notice tasks settle it


def turn_notice_settled(game: Game) -> None:
    """The turn's "your turn" notice went out, or is not to go: the catch-up (lists.turns_owed_notice)
    stops looking at the turn. That turn's only: one begun since keeps its own."""
    Game.objects.filter(pk=game.pk, turn_notice_due=True, current_seat=game.current_seat,
                        turn_started_at=game.turn_started_at).update(turn_notice_due=False)


def reminders_considered(game: Game, next_at) -> None:
    """The turn's notices due by now went out, are not to go, or wait for the end of the player's
    quiet hours: the turn is looked at again at `next_at` (lists.games_owed_reminders; None: not
    again). Unless the clock changed meanwhile, which set its own."""
    Game.objects.filter(pk=game.pk, reminder_due_at=game.reminder_due_at, turn_started_at=game.turn_started_at,
                        deadline=game.deadline).update(reminder_due_at=next_at)


def turn_clock(game: Game, seat: Seat) -> clock.Calendar:
    """The calendar the seat's clock runs on in this game: the player's (quiet hours, days off,
    vacations), or none in a strict game."""
    if game.strict:
        return clock.STRICT
    return clock.calendar_of(seat.user, game.turn_started_at or game.last_move_at or timezone.now())


def deadline_of(game: Game, seat: Seat, calendar: clock.Calendar | None = None):
    """The end of the turn's time: hours per move, or the seat's bank, with the moderators'
    extension; the player's quiet hours, days off and vacations excepted, unless the game is strict."""
    started = game.turn_started_at or game.last_move_at or timezone.now()
    if calendar is None:
        return clock.deadline_for(seat.user, started, turn_span(game, seat), strict=game.strict)
    return clock.clock_instant(calendar, started, turn_span(game, seat))


def set_turn_clock(game: Game, seat: Seat) -> None:
    """The seat's turn gets its deadline and its first notice instant, both on the seat's clock."""
    calendar = turn_clock(game, seat)
    game.set_clock(deadline_of(game, seat, calendar), calendar)


def turn_span(game: Game, seat: Seat) -> timedelta:
    """The time on the clock a turn of `seat` has: hours per move or its bank, and the extension."""
    if game.banked:
        return game.bank_of(seat) + timedelta(hours=game.extra_hours)
    return timedelta(hours=game.hours_per_move + game.extra_hours)


def turn_ends(game: Game, seat: Seat | None, now) -> None:
    """A seat's turn on a time bank ended (the next seat begins, or the game is over): its bank loses
    the time the turn used (vacations excepted) and gains the increment, up to the cap. A turn without
    a clock (a bot's, a stand-in's) leaves the bank as it was; so does the hours-per-move clock."""
    if not game.banked or seat is None or game.deadline is None or game.turn_started_at is None:
        return
    used = clock.time_used(seat.user, game.turn_started_at, now, strict=game.strict)
    bank = clock.bank_after_turn(game.bank_of(seat), used, timedelta(hours=game.increment_hours),
                                 timedelta(hours=game.cap_hours))
    seat.bank_seconds = int(bank.total_seconds())
    Seat.objects.filter(pk=seat.pk).update(bank_seconds=seat.bank_seconds)


def enforce_deadline(game_id: int, now=None) -> bool:
    """Time out the current seat of a game whose deadline has passed; True if it did.

    Idempotent: the game row is locked and the deadline checked again, and a vacation taken since
    the deadline was set pushes it back instead; so does a day of vacation the site takes for a
    player who asked for it (take_vacation_day, auto-vacation).
    """
    now = now or timezone.now()
    answering.before_time_out(game_id)  # what the player left ahead of time plays before the bot (a standing order)
    with transaction.atomic():
        game = locked(game_id)
        if game.status != Game.Status.ACTIVE or game.deadline is None or game.deadline > now:
            return False
        seat = game.deciding_seat
        if seat is None or seat.played_by_bot:
            return False
        calendar = turn_clock(game, seat)
        recomputed = deadline_of(game, seat, calendar)
        if recomputed > now:
            game.set_clock(recomputed, calendar)
            game.save(update_fields=Game.CLOCK_FIELDS)
            return False
        if take_vacation_day(game, seat, now):
            return False
        if game.banked:  # the whole bank is spent
            seat.bank_seconds = 0
            Seat.objects.filter(pk=seat.pk).update(bank_seconds=0)
        hand_seat_to_bot(game, seat, Seat.Status.TIMED_OUT)
    return True


def take_vacation_day(game: Game, seat: Seat, now) -> bool:
    """Auto-vacation: the deciding player's deadline has passed, and they asked the site to take a
    day of their vacation rather than time them out. It does when the game is not strict, they have
    a day left in the year of the day the deadline fell on, and that day moves the deadline past
    `now` (reckoned on their calendar with the day added before anything is stored); the vacation
    stops their clock in every game, as one of their own would, and they hear of it at once
    (signals.vacation_taken). The caller holds the game's row locked. True when it took the day."""
    user = seat.user
    if game.strict or not getattr(user.profile, "auto_vacation", False) or game.deadline is None:
        return False
    zone = clock.user_zone(user)
    day = (game.deadline - timedelta(microseconds=1)).astimezone(zone).date()  # the day the clock ran out in
    if clock.vacation_days_left(user, day.year) < 1 or Vacation.objects.filter(
            user=user, start__lte=day, end__gte=day).exists():
        return False
    started = game.turn_started_at or game.last_move_at or now
    calendar = clock.calendar_of(user, started, kept=False)
    off = (datetime.combine(day, time.min, zone), datetime.combine(day + timedelta(days=1), time.min, zone))
    with_day = replace(calendar, vacations=tuple(sorted((*calendar.vacations, off))))
    deadline = clock.clock_instant(with_day, started, turn_span(game, seat))
    if deadline <= now:
        return False  # a day would not save the turn (the task was away for longer): the player times out
    vacation = Vacation.objects.create(user=user, start=day, end=day, for_game=game.pk)
    game.set_clock(deadline, with_day)
    game.save(update_fields=Game.CLOCK_FIELDS)
    recompute_deadlines(user)
    signals.vacation_taken.send(Game, game=game, seat=seat, vacation=vacation)
    return True


def recompute_deadlines(user) -> None:
    """The player's calendar changed (a vacation, quiet hours, days off): the deadlines of the turns
    they decide now move at once, each game's row locked."""
    for seat in Seat.objects.filter(user=user, status=Seat.Status.ACTIVE, game__status=Game.Status.ACTIVE):
        game = locked(seat.game_id)
        if game.current_seat == seat.order and game.turn_started_at and game.deadline is not None:
            before = (game.deadline, game.reminder_due_at)
            set_turn_clock(game, seat)  # the notices' instants too: they are on the player's clock
            if (game.deadline, game.reminder_due_at) != before:
                game.save(update_fields=Game.CLOCK_FIELDS)


def calendar_changed(user) -> None:
    """The player saved other quiet hours or days off: their running deadlines move at once."""
    with transaction.atomic():
        recompute_deadlines(user)


def notices_changed(user, now=None) -> None:
    """The player saved how they take "your turn" (at once, in batches at their hours), their time
    zone, quiet hours or days off: a reader of batches is due next at their next slot
    (Profile.batch_due_at, read by the batch task); the others keep what quiet hours held for them."""
    profile = user.profile
    if profile.notify_turn == Profile.Notify.DAILY:
        due = clock.next_batch(clock.notice_calendar(user), clock.batch_hours_of(profile.batch_hours),
                               now or timezone.now())
    elif profile.notify_turn == Profile.Notify.NEVER:
        due = None
    else:
        return
    profile.batch_due_at = due
    Profile.objects.filter(pk=profile.pk).update(batch_due_at=due)
