"""Celery tasks: thin wrappers around services and emails. Each is idempotent."""
from __future__ import annotations

from celery import shared_task
from django.contrib.auth import get_user_model
from django.utils import timezone

from . import emails, services
from .models import Game, Seat


@shared_task(ignore_result=True)
def play_bot_turns(game_id: int) -> int:
    """The greedy bot plays the seats it has taken over until a human must decide."""
    return services.play_bot_turns(game_id)


@shared_task(ignore_result=True)
def turn_email(game_id: int) -> bool:
    game = Game.objects.filter(pk=game_id).prefetch_related("seats__user__profile").first()
    return bool(game) and emails.turn_email(game)


@shared_task(ignore_result=True)
def user_left(user_id: int) -> int:
    """A player closed the site: the "your turn" emails the open site held back go out now."""
    games = Game.objects.filter(status=Game.Status.ACTIVE, seats__user_id=user_id).prefetch_related("seats__user__profile")
    return sum(emails.turn_email(g) for g in games)


@shared_task(ignore_result=True)
def pending_turn_emails() -> int:
    """Catch-up: turns whose email was held back or lost in an outage."""
    games = Game.objects.filter(status=Game.Status.ACTIVE).prefetch_related("seats__user__profile")
    return sum(emails.turn_email(g) for g in games)


@shared_task(ignore_result=True)
def enforce_deadlines() -> int:
    """Seats whose time ran out go to the bot; and the bot plays any turn of its seats still
    waiting (its task lost while the broker was down)."""
    now = timezone.now()
    overdue = Game.objects.filter(status=Game.Status.ACTIVE, deadline__lt=now).values_list("pk", flat=True)
    timed_out = sum(services.enforce_deadline(game_id, now) for game_id in overdue)
    waiting = [g.pk for g in Game.objects.filter(status=Game.Status.ACTIVE, deadline__isnull=True).prefetch_related("seats")
               if services.bot_to_play(g)]
    for game_id in waiting:
        services.play_bot_turns(game_id)
    return timed_out


@shared_task(ignore_result=True)
def timed_out_email(game_id: int, seat_id: int) -> int:
    game = Game.objects.get(pk=game_id)
    return emails.timed_out_emails(game, Seat.objects.select_related("user").get(pk=seat_id))


@shared_task(ignore_result=True)
def send_reminders() -> int:
    now = timezone.now()
    games = Game.objects.filter(status=Game.Status.ACTIVE, deadline__isnull=False).prefetch_related("seats__user__profile")
    return sum(len(emails.reminder_emails(g, now)) for g in games)


@shared_task(ignore_result=True)
def send_digests() -> int:
    now = timezone.now()
    users = get_user_model().objects.filter(is_active=True, profile__notify_turn="daily").select_related("profile")
    return sum(emails.digest_email(u, now) for u in users)

