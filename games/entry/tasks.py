"""Celery tasks: thin wrappers around services and notices (games.reactions.emails). Each is idempotent.

They are queued after the commit of a change they listen to (a turn began, a seat went to the
bot); with the broker down the change still stands and the periodic tasks catch up.
"""
from __future__ import annotations

import logging
import threading

from celery import shared_task
from django import db
from django.conf import settings
from django.db import transaction
from django.dispatch import receiver
from django.utils import timezone

from accounts.models import Vacation
from foundation.threads import ProcessThread
from games import services, signals
from games.models import Game, Seat
from games.reactions import emails
from games.services import lists

log = logging.getLogger(__name__)
# A notice task that fails before its notice is claimed (the database away, say) is tried again:
# the claim (games.reactions.emails) makes a second run send nothing twice.
NOTICE_TASK = {"ignore_result": True, "autoretry_for": (Exception,), "retry_backoff": 30, "max_retries": 3}


def enqueue(task, *args) -> None:
    """Hand work to Celery without making the player wait for the broker: the send happens on a
    thread of its own (eagerly, as in tests and the embedded defaults, it runs here and now).
    With the broker down the change still stands; the periodic catch-up tasks do the work later,
    because what is owed (a turn email, a bot's turn) is read from the stored games, not from a queue."""
    if task.app.conf.task_always_eager:
        _send(task, *args)
    else:
        _sender.submit(_send, task, *args)


def _send(task, *args) -> bool:
    try:
        task.delay(*args)
        return True
    except Exception as exc:  # kombu's OperationalError and friends: never fail the player's request
        if task.app.conf.task_always_eager:  # the task itself ran here and failed
            log.error("%s%s failed: %r", task.name, args, exc, exc_info=True)
        else:
            log.warning("could not queue %s%s: %s", task.name, args, exc)
        return False


_sender = ProcessThread("task-sender")


def sent_all(timeout: float = 10) -> None:
    """Wait until every handed-off send is done (tests, and a clean shutdown)."""
    _sender.flush(timeout)


def after_commit(task, *args) -> None:
    """`enqueue` once the transaction commits. Not Celery's delay_on_commit: that sends in the
    committing thread (the player waits for the broker, about 600 ms of retries when it is down,
    docs/performance.md) and lets the send's error, or an eager task's, out of the commit's
    callbacks, which fails a request whose change is stored and skips the callbacks after it."""
    transaction.on_commit(lambda: enqueue(task, *args))


# Every task keeps the name it was first published under: a task queued before a deploy that
# moved its code must still be found by the workers after it.
@shared_task(ignore_result=True, name="games.tasks.play_bot_turns")
def play_bot_turns(game_id: int) -> int:
    """One decision of the bot whose turn it is; the next bot decision follows after the delay."""
    played = services.play_bot_turn(game_id)
    if played:
        bots_move(game_id)
    return int(played)


def bots_move(game_id: int) -> None:
    """Let a bot decide after BOT_MOVE_DELAY seconds, so that people can read each of its moves.

    With a worker, a task waits out the delay (countdown). Eagerly (the embedded defaults) a timer
    thread of this process waits instead; with no delay (tests) the bots play on here and now."""
    if not services.bot_waiting(game_id):
        return
    delay = settings.BOT_MOVE_DELAY
    if not play_bot_turns.app.conf.task_always_eager:
        _sender.submit(_send_later, play_bot_turns, delay, game_id)
    elif delay <= 0:
        services.play_bot_turns(game_id)
    else:
        timer = threading.Timer(delay, _in_thread, (play_bot_turns, game_id))
        timer.daemon = True
        timer.start()


def _send_later(task, delay: float, *args) -> None:
    try:
        task.apply_async(args, countdown=delay)
    except Exception as exc:  # the broker is down: enforce_deadlines finds the waiting bot later
        log.warning("could not queue %s%s: %s", task.name, args, exc)


def _in_thread(task, *args) -> None:
    try:
        task(*args)
    finally:
        db.connection.close()  # the thread's own connection


@shared_task(**NOTICE_TASK, name="games.tasks.turn_email")
def turn_email(game_id: int) -> bool:
    game = lists.game_for_notices(game_id)
    return game is not None and emails.turn_email(game)


@shared_task(ignore_result=True, name="games.tasks.user_left")
def user_left(user_id: int) -> int:
    """A player closed the site or left it (hidden or idle): the turn notices the open site held back go out now."""
    return sum(emails.turn_email(g) for g in lists.games_in_play_of(user_id))


@shared_task(ignore_result=True, name="games.tasks.pending_turn_emails")
def pending_turn_emails() -> int:
    """Catch-up: turns whose email was held back or lost in an outage."""
    return sum(emails.turn_email(g) for g in lists.turns_owed_notice())


@shared_task(ignore_result=True, name="games.tasks.enforce_deadlines")
def enforce_deadlines() -> int:
    """Seats whose time ran out go to the bot; and the bot plays any turn of its seats still
    waiting (its task lost while the broker was down)."""
    now = timezone.now()
    overdue, clockless = lists.deadline_work(now)
    timed_out = sum(services.enforce_deadline(game_id, now) for game_id in overdue)
    # read after the timeouts: a seat timed out just now is the bot's, to play at once
    ids = clockless + overdue
    waiting = [g.pk for g in lists.games_with_seats(ids) if services.bot_to_play(g)] if ids else []
    for game_id in waiting:
        services.play_bot_turns(game_id)
    return timed_out


@shared_task(**NOTICE_TASK, name="games.tasks.timed_out_email")
def timed_out_email(game_id: int, seat_id: int) -> int:
    return emails.timed_out_emails(*lists.game_and_seat(game_id, seat_id))


@shared_task(**NOTICE_TASK, name="games.tasks.removed_notice")
def removed_notice(game_id: int, seat_id: int) -> bool:
    game, seat = lists.game_and_seat(game_id, seat_id)
    return emails.removed_notice(game, seat, services.removal_reason(game, seat))


@shared_task(**NOTICE_TASK, name="games.tasks.game_over_notices")
def game_over_notices(game_id: int) -> int:
    game = lists.game_or_none(game_id)
    return emails.game_over_notices(game) if game else 0


@shared_task(**NOTICE_TASK, name="games.tasks.invitation_notice")
def invitation_notice(game_id: int, user_id: int) -> bool:
    game, user = lists.invitation_of(game_id, user_id)
    return bool(game and user) and emails.invitation_notice(game, user)


@shared_task(ignore_result=True, name="games.tasks.send_reminders")
def send_reminders() -> int:
    now = timezone.now()
    return sum(len(emails.reminder_emails(g, now)) for g in lists.games_owed_reminders(now))


@shared_task(ignore_result=True, name="games.tasks.send_digests")
def send_digests() -> int:
    """The batches of "your turn" due (the daily digest is the batch of one), and what quiet hours held."""
    now = timezone.now()
    return emails.batches(now)



# --- listening to the service layer ----------------------------------------------------------

@receiver(signals.turn_began)
def _turn_began(sender, game, **kwargs):
    after_commit(turn_email, game.pk)


@receiver(signals.decision_stored)
def _decision_stored(sender, game, by_bot, **kwargs):
    # The bot's own loop plays on by itself; a player's decision may hand the turn to a bot seat.
    if not by_bot and game.status == Game.Status.ACTIVE and services.bot_to_play(game):
        transaction.on_commit(lambda: bots_move(game.pk))


@receiver(signals.stand_in_changed)
def _stand_in_changed(sender, game, seat, **kwargs):
    if seat.stand_in and game.current_seat == seat.order:
        transaction.on_commit(lambda: bots_move(game.pk))


@receiver(signals.game_started)
def _game_started(sender, game, **kwargs):
    if services.bot_to_play(game):  # a bot may hold the first seat
        transaction.on_commit(lambda: bots_move(game.pk))


@receiver(signals.game_finished)
def _game_finished(sender, game, **kwargs):
    after_commit(game_over_notices, game.pk)


@receiver(signals.player_invited)
def _player_invited(sender, game_id, user_id, **kwargs):
    after_commit(invitation_notice, game_id, user_id)


@shared_task(**NOTICE_TASK, name="games.tasks.vacation_notice")
def vacation_notice(game_id: int, seat_id: int, vacation_id: int) -> bool:
    game, seat = lists.game_and_seat(game_id, seat_id)
    vacation = Vacation.objects.filter(pk=vacation_id).first()
    return vacation is not None and emails.vacation_notice(game, seat, vacation)


@receiver(signals.vacation_taken)
def _vacation_taken(sender, game, seat, vacation, **kwargs):
    after_commit(vacation_notice, game.pk, seat.pk, vacation.pk)


@receiver(signals.seat_handed_to_bot)
def _seat_handed_to_bot(sender, game, seat, **kwargs):
    if game.current_seat == seat.order:
        transaction.on_commit(lambda: bots_move(game.pk))
    if seat.status == Seat.Status.TIMED_OUT:
        after_commit(timed_out_email, game.pk, seat.pk)
    elif seat.status == Seat.Status.REMOVED:
        after_commit(removed_notice, game.pk, seat.pk)
