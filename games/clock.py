"""The clocks of a turn (hours per move, or a time bank per seat): deadlines, and vacations that stop
a player's clock. The arithmetic (`off_clock`, `deadline_after`, `bank_after_turn`) is pure: a
function of the times, the bank and the vacations, no database."""
from __future__ import annotations

import zoneinfo
from datetime import date, datetime, time, timedelta
from functools import cache

from django.conf import settings
from django.utils import timezone

from accounts.models import Vacation


def user_zone(user) -> zoneinfo.ZoneInfo:
    profile = getattr(user, "profile", None)
    return zone(profile.time_zone if profile else "UTC")


@cache
def zone(name: str) -> zoneinfo.ZoneInfo:
    """The time zone of that name; UTC for a name that is none (stored before names were checked).
    Kept once made: ZoneInfo's own cache holds eight, and the digest task asks for six hundred
    every run (reading their files again took 25 ms)."""
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo("UTC")


def reminder_instants(started: datetime, deadline: datetime) -> tuple[datetime, datetime]:
    """When a turn's reminder falls due (REMINDER_SHARE of its time gone) and its last call (the
    final LAST_CALL_SHARE of it, but never earlier than LAST_CALL_MAX before the deadline)."""
    total = deadline - started
    return started + total * settings.REMINDER_SHARE, deadline - min(total * settings.LAST_CALL_SHARE, settings.LAST_CALL_MAX)


def next_reminder(started: datetime | None, deadline: datetime | None, after: datetime | None = None) -> datetime | None:
    """The first of the turn's reminder instants later than `after` (the first of all without it) and
    before the deadline; None when none is left or the turn has no clock."""
    if started is None or deadline is None:
        return None
    later = [t for t in reminder_instants(started, deadline) if (after is None or t > after) and t < deadline]
    return min(later, default=None)


def away_periods(user, since: datetime, kept: bool = True) -> list[tuple[datetime, datetime]]:
    """The user's vacations as [start, end) instants, from local midnight to the midnight after.
    `kept`: the vacations a read of the user brought may serve (they cover the last days only)."""
    zone = user_zone(user)
    periods = []
    first_day = (since - timedelta(days=1)).date()
    # A list the reader of the user already brought (a prefetch `to_attr`, games.services.reads)
    cached = getattr(user, "recent_vacations", None) if kept else None
    vacations = (sorted((v for v in cached if v.end >= first_day), key=lambda v: v.start) if cached is not None
                 else Vacation.objects.filter(user=user, end__gte=first_day).order_by("start"))
    for v in vacations:
        start = datetime.combine(v.start, time.min, zone)
        end = datetime.combine(v.end + timedelta(days=1), time.min, zone)
        if end > since:
            periods.append((start, end))
    return periods


Periods = list[tuple[datetime, datetime]]


def deadline_after(start: datetime, span: timedelta, periods: Periods) -> datetime:
    """`span` of a player's own time from `start`: time inside `periods` (vacations, [from, until),
    in order) does not count."""
    remaining = span
    t = start
    for away_from, away_until in periods:
        if away_until <= t:
            continue
        if away_from > t:
            if t + remaining <= away_from:
                return t + remaining
            remaining -= away_from - t
        t = max(t, away_until)
    return t + remaining


def on_clock(start: datetime, end: datetime, periods: Periods) -> timedelta:
    """The time from `start` to `end` that counts against a player: `periods` (vacations) left out."""
    used = max(end - start, timedelta(0))
    for away_from, away_until in periods:
        overlap = min(end, away_until) - max(start, away_from)
        if overlap > timedelta(0):
            used -= overlap
    return max(used, timedelta(0))


def bank_after_turn(bank: timedelta, used: timedelta, increment: timedelta, cap: timedelta) -> timedelta:
    """A seat's time bank once its turn has ended: what was left, less the time the turn used, plus
    the increment, never above the cap (and never below nothing: a moderator's extension may let a
    turn use more than the bank)."""
    return min(cap, max(bank - used, timedelta(0)) + increment)


def deadline_for(user, start: datetime, hours: int | timedelta) -> datetime:
    """`hours` (or a span) of the player's own time from `start`: time on vacation does not count."""
    span = hours if isinstance(hours, timedelta) else timedelta(hours=hours)
    return deadline_after(start, span, away_periods(user, start))


def time_used(user, start: datetime, end: datetime) -> timedelta:
    """The player's own time from `start` to `end` (their vacations excepted). The vacations are read
    afresh: a turn may have begun before the days whose vacations a read of the seats brought."""
    return on_clock(start, end, away_periods(user, start, kept=False))


def away_until(user, now: datetime | None = None) -> date | None:
    """The last day of the vacation the user is on now, if any."""
    now = now or timezone.now()
    for start, end in away_periods(user, now):
        if start <= now < end:
            return (end - timedelta(days=1)).astimezone(user_zone(user)).date()
    return None


def vacation_days_left(user, year: int) -> int:
    used = 0
    for v in Vacation.objects.filter(user=user, start__year__lte=year, end__year__gte=year):
        first = max(v.start, date(year, 1, 1))
        last = min(v.end, date(year, 12, 31))
        used += (last - first).days + 1
    return settings.VACATION_DAYS_PER_YEAR - used
