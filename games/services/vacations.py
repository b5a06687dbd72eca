"""A player's vacations: whole days within a yearly allowance, which move running deadlines."""
from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from accounts.models import Vacation
from games import clock

from .deadlines import recompute_deadlines
from .errors import Invalid


def add_vacation(user, start, end) -> Vacation:
    """A vacation of whole days, within the yearly allowance; running deadlines move at once."""
    today = timezone.localdate(timezone=clock.user_zone(user))
    if start > end:
        raise Invalid(gettext("a vacation ends on or after its first day"))
    if start < today:
        raise Invalid(gettext("a vacation cannot start in the past"))
    if Vacation.objects.filter(user=user, start__lte=end, end__gte=start).exists():
        raise Invalid(gettext("this vacation overlaps one you have already"))
    for year in range(start.year, end.year + 1):
        first, last = max(start, start.replace(year=year, month=1, day=1)), min(end, end.replace(year=year, month=12, day=31))
        if (last - first).days + 1 > clock.vacation_days_left(user, year):
            days = clock.vacation_days_left(user, year)
            raise Invalid(ngettext("you have %(days)s vacation day left in %(year)s",
                                   "you have %(days)s vacation days left in %(year)s", days) % {"days": days, "year": year})
    with transaction.atomic():
        vacation = Vacation.objects.create(user=user, start=start, end=end)
        recompute_deadlines(user)
    return vacation


def cancel_vacation(user, vacation_id) -> bool:
    """Take back the days from today on: a vacation starting today or later goes; a running one ends
    yesterday (the player is back). Running deadlines lose those days again."""
    today = timezone.localdate(timezone=clock.user_zone(user))
    with transaction.atomic():
        vacation = Vacation.objects.select_for_update().filter(user=user, pk=vacation_id, end__gte=today).first()
        if vacation is None:
            return False
        if vacation.start >= today:
            vacation.delete()
        else:
            vacation.end = today - timedelta(days=1)
            vacation.save(update_fields=["end"])
        recompute_deadlines(user)
    return True
