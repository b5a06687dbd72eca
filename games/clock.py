"""The clocks of a turn (hours per move, or a time bank per seat): deadlines, and a player's calendar
(quiet hours, days off, vacations) that stops their clock. The arithmetic (`Calendar`, `off_clock`,
`clock_instant`, `clock_time`, `paused`, `deadline_after`, `on_clock`, `bank_after_turn`) is pure: a
function of the times, the bank and the calendar passed in as data, no database."""
from __future__ import annotations

import heapq
import zoneinfo
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo
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


def reminder_instants(calendar: Calendar, started: datetime, deadline: datetime) -> list[datetime | None]:
    """When each of the turn's escalating notices falls due (settings.NOTICE_STEPS: so much of the
    player's clock left), in the steps' order; None for a step the turn never reaches (it began with
    no more than that left). "Left" is on the player's clock: `calendar` (STRICT in a strict game)."""
    total = clock_time(calendar, started, deadline)
    return [clock_instant(calendar, started, total - left) if total > left else None
            for _kind, left in settings.NOTICE_STEPS]


def next_reminder(started: datetime | None, deadline: datetime | None, after: datetime | None = None,
                  calendar: Calendar | None = None) -> datetime | None:
    """The first of the turn's notice instants later than `after` (the first of all without it) and
    before the deadline; None when none is left or the turn has no clock."""
    if started is None or deadline is None:
        return None
    later = [t for t in reminder_instants(calendar or STRICT, started, deadline)
             if t is not None and (after is None or t > after) and t < deadline]
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

# Why a player's clock stands still (paused): the strongest reason first when several hold at once.
VACATION, DAY_OFF, QUIET = "vacation", "day_off", "quiet_hours"
REASONS = (VACATION, DAY_OFF, QUIET)
# How far ahead a calendar is unrolled: its quiet hours and days off leave at least four days of 12
# hours a week on the clock (accounts.models.calendar_refusal), so no turn of 720 hours reaches it.
CALENDAR_HORIZON = timedelta(days=800)


@dataclass(frozen=True)
class Calendar:
    """A player's time off the clock, as data: quiet hours every day from `quiet_from` to
    `quiet_until` (across midnight when it is the earlier), whole `days_off` (weekdays, Monday 0),
    both on the wall clock of `zone` (so daylight saving moves them with the player), and
    `vacations`, [from, until) instants in order. The empty calendar (STRICT) stops nothing."""

    zone: tzinfo = UTC
    quiet_from: time | None = None
    quiet_until: time | None = None
    days_off: frozenset[int] = frozenset()
    vacations: tuple[tuple[datetime, datetime], ...] = ()

    @property
    def quiet(self) -> bool:
        return self.quiet_from is not None and self.quiet_until is not None and self.quiet_from != self.quiet_until

    @property
    def weekly(self) -> bool:
        """Whether anything comes back every week (quiet hours or days off), besides the vacations."""
        return self.quiet or bool(self.days_off)


STRICT = Calendar()  # a strict game's clock: it runs through quiet hours, days off and vacations


def _wall(zone: tzinfo, day: date, at: time) -> datetime:
    """The instant of `at` on `day` in `zone`, in UTC (so that differences across a daylight-saving
    change are real hours: Python compares and subtracts two times of one zone on the wall clock)."""
    return datetime.combine(day, at, zone).astimezone(UTC)


def _spans(calendar: Calendar, since: datetime) -> Iterator[tuple[datetime, datetime, str]]:
    """Every span off the clock (from, until, why), in the order they begin: the quiet hours and days
    off unrolled day by day in the player's zone from the local day before `since` on (a night begun
    the evening before may still run), for CALENDAR_HORIZON at most, merged with the vacations."""
    vacations = ((a.astimezone(UTC), b.astimezone(UTC), VACATION) for a, b in calendar.vacations)
    if not calendar.weekly:
        yield from vacations
        return
    zone, quiet = calendar.zone, calendar.quiet
    first = since.astimezone(zone).date() - timedelta(days=1)
    overnight = quiet and calendar.quiet_until < calendar.quiet_from  # type: ignore[operator]

    def weekly() -> Iterator[tuple[datetime, datetime, str]]:
        day = first
        for _ in range(CALENDAR_HORIZON.days):
            if day.weekday() in calendar.days_off:
                yield _wall(zone, day, time.min), _wall(zone, day + timedelta(days=1), time.min), DAY_OFF
            if quiet:
                yield (_wall(zone, day, calendar.quiet_from),  # type: ignore[arg-type]
                       _wall(zone, day + timedelta(days=1) if overnight else day, calendar.quiet_until),  # type: ignore[arg-type]
                       QUIET)
            day += timedelta(days=1)

    yield from heapq.merge(weekly(), vacations, key=lambda span: span[0])


def off_clock(calendar: Calendar, since: datetime) -> Iterator[tuple[datetime, datetime]]:
    """The spans in which the player's clock stands still, [from, until) in UTC, overlapping and
    touching ones joined, in order, the first one ending after `since`."""
    current: tuple[datetime, datetime] | None = None
    for start, end, _why in _spans(calendar, since):
        if end <= since:
            continue
        if current is not None and start <= current[1]:
            if end > current[1]:
                current = (current[0], end)
            continue
        if current is not None:
            yield current
        current = (start, end)
    if current is not None:
        yield current


def clock_instant(calendar: Calendar, start: datetime, span: timedelta) -> datetime:
    """The instant when `span` on the player's clock has passed since `start`: their quiet hours,
    days off and vacations do not count (a turn's deadline)."""
    start = start.astimezone(UTC)
    return deadline_after(start, span, off_clock(calendar, start))


def clock_time(calendar: Calendar, start: datetime, end: datetime) -> timedelta:
    """The time on the player's clock from `start` to `end` (what a turn takes from a bank)."""
    start, end = start.astimezone(UTC), end.astimezone(UTC)
    return on_clock(start, end, off_clock(calendar, start))


def paused(calendar: Calendar, now: datetime) -> tuple[str, datetime] | None:
    """Why the player's clock stands still at `now` (VACATION, DAY_OFF or QUIET, the first of those
    that holds) and until when it does (the end of all the time off that follows without a break);
    None while it runs."""
    whys = set()
    for start, end, why in _spans(calendar, now):
        if start > now:
            break
        if now < end:
            whys.add(why)
    if not whys:
        return None
    until = next(off_clock(calendar, now))[1]
    return next(why for why in REASONS if why in whys), until


def deadline_after(start: datetime, span: timedelta, periods: Iterable[tuple[datetime, datetime]]) -> datetime:
    """`span` of a player's own time from `start`: time inside `periods` ([from, until), in order,
    not overlapping) does not count."""
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


def on_clock(start: datetime, end: datetime, periods: Iterable[tuple[datetime, datetime]]) -> timedelta:
    """The time from `start` to `end` that counts against a player: `periods` ([from, until), in
    order, not overlapping) left out."""
    used = max(end - start, timedelta(0))
    for away_from, away_until in periods:
        if away_from >= end:
            break
        overlap = min(end, away_until) - max(start, away_from)
        if overlap > timedelta(0):
            used -= overlap
    return max(used, timedelta(0))


def bank_after_turn(bank: timedelta, used: timedelta, increment: timedelta, cap: timedelta) -> timedelta:
    """A seat's time bank once its turn has ended: what was left, less the time the turn used, plus
    the increment, never above the cap (and never below nothing: a moderator's extension may let a
    turn use more than the bank)."""
    return min(cap, max(bank - used, timedelta(0)) + increment)


def days_off_of(stored: str) -> frozenset[int]:
    """The weekdays (Monday 0) of a profile's `days_off`, kept as their digits ("56": the weekend)."""
    return frozenset(int(c) for c in stored or "" if c.isdigit() and int(c) < 7)


def calendar_of(user, since: datetime, kept: bool = True) -> Calendar:
    """The player's calendar as the clock reads it: their profile's quiet hours and days off in their
    zone, and their vacations from `since` on (`kept`: as away_periods)."""
    profile = getattr(user, "profile", None)
    return Calendar(zone=user_zone(user), quiet_from=getattr(profile, "quiet_from", None),
                    quiet_until=getattr(profile, "quiet_until", None),
                    days_off=days_off_of(getattr(profile, "days_off", "")),
                    vacations=tuple(away_periods(user, since, kept)))


def deadline_for(user, start: datetime, hours: int | timedelta, strict: bool = False) -> datetime:
    """`hours` (or a span) of the player's own time from `start`: their quiet hours, days off and
    vacations do not count, unless the game is `strict`."""
    span = hours if isinstance(hours, timedelta) else timedelta(hours=hours)
    return clock_instant(STRICT if strict else calendar_of(user, start), start, span)


def time_used(user, start: datetime, end: datetime, strict: bool = False) -> timedelta:
    """The player's own time from `start` to `end` (their calendar excepted, unless the game is
    `strict`). The vacations are read afresh: a turn may have begun before the days whose vacations
    a read of the seats brought."""
    return clock_time(STRICT if strict else calendar_of(user, start, kept=False), start, end)


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


def notice_calendar(user) -> Calendar:
    """The player's quiet hours and days off, in which no notice reaches them (docs/async-play.md,
    "The notice policy"); their vacations are no quiet: a notice still tells them what waits."""
    profile = getattr(user, "profile", None)
    return Calendar(zone=user_zone(user), quiet_from=getattr(profile, "quiet_from", None),
                    quiet_until=getattr(profile, "quiet_until", None),
                    days_off=days_off_of(getattr(profile, "days_off", "")))


def quiet_until(calendar: Calendar, now: datetime) -> datetime | None:
    """The end of the quiet time (quiet hours, days off) the player is in at `now`; None outside it."""
    held = paused(calendar, now)
    return held[1] if held else None


def batch_hours_of(stored: str) -> list[int]:
    """The local hours of a profile's batches (Profile.batch_hours, "8,19"), in order."""
    return sorted({int(h) for h in (stored or "").split(",") if h.strip().isdigit() and int(h) < 24})


def next_batch(calendar: Calendar, hours: list[int], after: datetime) -> datetime | None:
    """The player's first batch slot later than `after`: one of their `hours` on the wall clock of
    their zone, outside their quiet hours and days off (a slot in them is passed over: what waited
    goes at the next one). None without hours."""
    if not hours:
        return None
    day = after.astimezone(calendar.zone).date()
    first = None
    for _ in range(9):  # a week and a day: at most 3 days off, and every slot quiet is refused
        for hour in hours:
            slot = _wall(calendar.zone, day, time(hour))
            if slot <= after:
                continue
            first = first or slot
            if paused(calendar, slot) is None:
                return slot
        day += timedelta(days=1)
    return first  # every slot quiet (a calendar saved before the check): the first one all the same
