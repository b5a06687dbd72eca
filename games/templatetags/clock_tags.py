"""What a game's page and API say of its clocks and its players' calendars: whose clock stands
still now and until when (games.clock.paused), and the vacation days the site took for a player
rather than time them out (auto-vacation, docs/async-play.md)."""
from __future__ import annotations

from django import template
from django.utils import formats, timezone
from django.utils.translation import gettext

from accounts.models import Vacation
from games import clock

register = template.Library()


def paused_words() -> dict[str, str]:
    return {clock.QUIET: gettext("quiet hours"), clock.DAY_OFF: gettext("day off"), clock.VACATION: gettext("vacation")}


def clock_paused(game, reader=None, now=None) -> dict | None:
    """The deciding player's clock standing still now (their quiet hours, day off or vacation):
    {"seat", "reason", "until", "text"}, the text in the active language with the time in the active
    zone (the reader's); None while it runs, in a strict game, and when no person's turn runs."""
    seat = game.deciding_seat if game.status == "active" and game.deadline is not None and not game.strict else None
    if seat is None or seat.played_by_bot:
        return None
    now = now or timezone.now()
    found = clock.paused(clock.calendar_of(seat.user, now), now)
    if found is None:
        return None
    reason, until = found
    # the reader's zone: a program's token is read after the middleware that activates it for a page
    zone = clock.user_zone(reader) if getattr(reader, "is_authenticated", False) else timezone.get_current_timezone()
    local = timezone.localtime(until, zone)
    when = formats.date_format(local, "H:i" if local.date() == timezone.localtime(now, zone).date() else "D j M, H:i")
    words = {"until": when, "why": paused_words()[reason]}
    if reader is not None and seat.user_id == getattr(reader, "pk", None):
        text = gettext("Your clock is paused until %(until)s (%(why)s).") % words
    else:
        text = gettext("%(name)s's clock is paused until %(until)s (%(why)s).") % {"name": seat.user.profile.name, **words}
    return {"seat": seat.order, "reason": reason, "until": until, "text": text}


@register.simple_tag(takes_context=True)
def paused_line(context, game) -> str:
    """The game page's line under the deadline, as the API's clock_paused says it (static/js/game.js redraws it)."""
    request = context.get("request")
    paused = clock_paused(game, getattr(request, "user", None))
    return paused["text"] if paused else ""


@register.simple_tag
def vacations_taken(game) -> list[str]:
    """The game page's lines for the vacation days the site took for its players when their time ran
    out (their auto-vacation): a visible act, never a silent one."""
    names = {s.user_id: s.user.profile.name for s in game.seats.all()}
    taken = Vacation.objects.filter(for_game=game.pk, user_id__in=names).order_by("start")
    return [gettext("%(name)s's time ran out: the site took a day of vacation for them (%(day)s), as they asked "
                    "in their settings (auto-vacation).") % {"name": names[v.user_id],
                                                             "day": formats.date_format(v.start, "DATE_FORMAT")}
            for v in taken]
