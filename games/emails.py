"""Emails to players: text and HTML, in their language, times in their time zone.

Every function here is idempotent through a TurnNotice or Digest row created in the same
transaction as the sending: running a task twice, or after an outage, sends nothing twice.
"""
from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.utils import timezone, translation

from . import clock, presence
from .services import waiting_games
from .models import Digest, Game, Seat, TurnNotice

PREFERENCES_SALT = "station.email-preferences"


def preferences_link(user) -> str:
    token = signing.dumps({"u": user.pk}, salt=PREFERENCES_SALT)
    return f"{settings.SITE_URL}/email/preferences/{token}/"


def user_for_token(token: str, max_age_days: int = 365):
    from django.contrib.auth import get_user_model
    try:
        data = signing.loads(token, salt=PREFERENCES_SALT, max_age=timedelta(days=max_age_days))
    except signing.BadSignature:
        return None
    return get_user_model().objects.filter(pk=data.get("u"), is_active=True).first()


def _send(user, template: str, context: dict) -> None:
    profile = user.profile
    zone = clock.user_zone(user)
    with translation.override(profile.language), timezone.override(zone):
        context = {"user": user, "name": profile.name, "site": settings.SITE_URL,
                   "preferences": preferences_link(user), **context}
        subject = render_to_string(f"emails/{template}_subject.txt", context).strip()
        text = render_to_string(f"emails/{template}.txt", context)
        html = render_to_string(f"emails/{template}.html", context)
    message = EmailMultiAlternatives(subject, text, settings.DEFAULT_FROM_EMAIL, [user.email])
    message.attach_alternative(html, "text/html")
    message.send()


def turn_key(game: Game) -> str:
    return f"{game.current_seat}@{game.turn_started_at.isoformat() if game.turn_started_at else game.seq}"


def deciding_seat(game: Game) -> Seat | None:
    seat = game.deciding_seat
    if seat is None or seat.played_by_bot or not seat.user.is_active or not seat.user.email:
        return None
    return seat


def _notice_once(game: Game, user, kind: str, template: str, context: dict) -> bool:
    try:
        with transaction.atomic():
            TurnNotice.objects.create(game=game, user=user, turn_key=turn_key(game), kind=kind)
            _send(user, template, {"game": game, **context})
    except IntegrityError:
        return False
    return True


def turn_email(game: Game) -> bool:
    """"Your turn", for players who want it at once and do not have the site open."""
    if game.status != Game.Status.ACTIVE:
        return False
    seat = deciding_seat(game)
    if seat is None or seat.user.profile.notify_turn != "immediate" or presence.is_online(seat.user_id):
        return False
    return _notice_once(game, seat.user, TurnNotice.Kind.TURN, "turn", {"deadline": game.deadline})


def reminder_emails(game: Game, now) -> list[str]:
    """Half the time gone: a reminder; the deadline close: a last call. Each once per turn."""
    seat = deciding_seat(game)
    if seat is None or game.deadline is None or game.turn_started_at is None:
        return []
    if seat.user.profile.notify_turn == "never":
        return []
    total = game.deadline - game.turn_started_at
    left = game.deadline - now
    sent = []
    if now - game.turn_started_at >= total * settings.REMINDER_SHARE and left > timedelta(0):
        if _notice_once(game, seat.user, TurnNotice.Kind.REMINDER, "reminder", {"deadline": game.deadline, "last_call": False}):
            sent.append("reminder")
    if timedelta(0) < left <= min(total * settings.LAST_CALL_SHARE, settings.LAST_CALL_MAX):
        if _notice_once(game, seat.user, TurnNotice.Kind.LAST_CALL, "reminder", {"deadline": game.deadline, "last_call": True}):
            sent.append("last_call")
    return sent


def timed_out_emails(game: Game, seat: Seat) -> int:
    """Every human player of the game hears that a seat timed out and the bot plays it now."""
    sent = 0
    for other in game.seats.select_related("user__profile"):
        if other.status == Seat.Status.ACTIVE or other.pk == seat.pk:
            if other.user.email and other.user.profile.notify_turn != "never":
                try:
                    with transaction.atomic():
                        TurnNotice.objects.create(game=game, user=other.user, turn_key=f"timeout-{seat.order}",
                                                  kind=TurnNotice.Kind.TIMED_OUT)
                        _send(other.user, "timed_out", {"game": game, "seat": seat, "you": other.pk == seat.pk})
                        sent += 1
                except IntegrityError:
                    pass
    return sent


def digest_email(user, now) -> bool:
    """The day's digest of every game waiting for the user, once per day of theirs, from 8 o'clock."""
    local = now.astimezone(clock.user_zone(user))
    if local.hour < settings.DIGEST_HOUR:
        return False
    waiting = waiting_games(user)
    if not waiting:
        return False
    try:
        with transaction.atomic():
            Digest.objects.create(user=user, day=local.date(), games=[g.pk for g in waiting])
            _send(user, "digest", {"games": waiting})
    except IntegrityError:
        return False
    return True
