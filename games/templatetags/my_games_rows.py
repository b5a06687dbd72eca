"""My games' rows, written here rather than in my_games.html: with 75 rows the template engine took
most of the page's time (docs/performance.md, "The correspondence player"). Each row says what the
template said, in the same words of the catalogue."""
from datetime import date
from functools import lru_cache

from django import template
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.timesince import timesince, timeuntil
from django.utils.translation import get_language, gettext, gettext_noop, ngettext

from .site_tags import game_title, result_for, time_control

register = template.Library()


@lru_cache(maxsize=256)
def _said(lang: str | None, message: str) -> str:
    """A phrase of the rows in `lang` (the active language, which the caller names): the same few
    phrases come back in every row of a hundred, each asked of the catalogue once per language
    (marked for the catalogue with gettext_noop where they are written)."""
    return gettext(message)


def said(message: str) -> str:
    return _said(get_language(), message)

# As the template's date filter wrote them: ISO 8601 for machines, a short day and hour for people.
ISO, SHORT = "c", "D j M, H:i"


@lru_cache(maxsize=1024)
def _day(lang: str | None, day: date, style: str) -> str:
    """A day in `lang`'s words (date_format): the rows' deadlines and moves fall on a few days, and
    the formatter, with its translated day and month names, took a tenth of the page's CPU when each
    of its 75 dates was formatted whole (benchmarks/scale.py my_games_busy, 2026-11-30)."""
    return date_format(day, style)


def _at(when, style: str) -> str:
    local = timezone.localtime(when)
    # the "c" format is isoformat() itself (django.utils.dateformat), without the translated formatter;
    # "H:i" is the hour and minute in digits, the same in every language
    return local.isoformat() if style == ISO else f"{_day(get_language(), local.date(), 'D j M')}, {local:%H:%M}"


def _link(game) -> SafeString:
    return format_html('<a href="{}">{} #{}</a>', reverse("game", args=[game.pk]), game_title(game), game.pk)


def _who(game) -> SafeString:
    names = ", ".join(s.user.profile.name or s.user.username for s in game.seats.all())
    return format_html('<span class="who">{}</span>', names)


def _news(new_since: dict, game) -> SafeString:
    n = (new_since or {}).get(game.pk)
    if not n:
        return mark_safe("")
    words = ngettext("%(counter)s new since you looked", "%(counter)s new since you looked", n) % {"counter": n}
    return format_html(' · <span class="news-count">{}</span>', words)


def _orders(answers_waiting: dict | None, game) -> SafeString:
    """How many standing orders the player keeps waiting in the game (games.answering)."""
    n = (answers_waiting or {}).get(game.pk)
    if not n:
        return mark_safe("")
    words = ngettext("%(counter)s standing order", "%(counter)s standing orders", n) % {"counter": n}
    return format_html(' · <span class="orders-count">{}</span>', words)


def _clock(game) -> SafeString:
    return format_html('<span class="clock">{}</span>', time_control(game))


def _last_move(last_moves: dict, game) -> SafeString:
    m = (last_moves or {}).get(game.pk)
    if not m:
        return mark_safe("")
    ago = said(gettext_noop("%(ago)s ago")) % {"ago": timesince(m["at"])}
    return format_html('<br><span class="last-move">{}: {} · <time datetime="{}" title="{}">{}</time></span>',
                       m["name"], m["line"], _at(m["at"], ISO), _at(m["at"], SHORT), ago)


def _note(note_lines: dict, game) -> SafeString:
    line = (note_lines or {}).get(game.pk)
    if not line:
        return mark_safe("")
    return format_html('<br><span class="note-line muted">{}: {}</span>', said(gettext_noop("My notes")), line)


def _picture(game, standing: bool) -> SafeString:
    """The row's small board (static/js/my_games.js draws it) and, for a game in play, its standing."""
    if not game.started_at:
        return mark_safe("")
    label = said(gettext_noop("The board of %(title)s #%(id)s")) % {"title": game_title(game), "id": game.pk}
    mark = mark_safe(' <span class="row-standing" data-row-standing></span>') if standing else ""
    return format_html('{}<svg class="row-picture" data-row-picture="{}" data-name="{}" role="img" aria-label="{}"></svg>',
                       mark, game.pk, game.name, label)


def _deadline(game, until: bool) -> SafeString:
    """Time left as a live countdown, with the deadline in the reader's zone (beside it, or on hover)."""
    left = format_html('<time data-countdown datetime="{}"{}>{}</time>', _at(game.deadline, ISO),
                       "" if until else format_html(' title="{}"', _at(game.deadline, SHORT)), timeuntil(game.deadline))
    if until:
        left = format_html('{} ({} <time datetime="{}">{}</time>)', left, said(gettext_noop("until")), _at(game.deadline, ISO),
                           _at(game.deadline, SHORT))
    return format_html(" · {}: {}", said(gettext_noop("time left")), left)


@register.simple_tag
def my_turn_row(game, new_since: dict, last_moves: dict, note_lines: dict, answers_waiting: dict | None = None) -> SafeString:
    """A game where the player decides: its players, news, standing orders, clock, time left, last
    move and note."""
    deadline = _deadline(game, until=True) if game.deadline else ""
    return format_html('<li class="urgent">{} · {}{}{} · {}\n      {}{}{}{}</li>', _link(game), _who(game),
                       _news(new_since, game), _orders(answers_waiting, game), _clock(game), deadline, _last_move(last_moves, game),
                       _note(note_lines, game), _picture(game, standing=True))


@register.simple_tag
def waiting_row(game, new_since: dict, last_moves: dict, note_lines: dict, answers_waiting: dict | None = None) -> SafeString:
    """A game waiting for others: its state, clock, players, news, standing orders, who decides and by
    when (an open game: its seats taken), last move and note."""
    turn: str
    if game.status == "open":
        turn = format_html(" · {}/{}", len(game.seats.all()), game.players)
    elif (deciding := game.deciding_seat) is not None:
        user = deciding.user
        turn = format_html(' · <span class="to-decide">{}</span>{}',
                           said(gettext_noop("%(name)s to decide")) % {"name": user.profile.name or user.username},
                           _deadline(game, until=False) if game.deadline else "")
    else:
        turn = ""
    return format_html("<li>{} · {} · {} · {}{}{}{}{}{}{}</li>", _link(game), game.get_status_display(), _clock(game),
                       _who(game), _news(new_since, game), _orders(answers_waiting, game), turn, _last_move(last_moves, game),
                       _note(note_lines, game), _picture(game, standing=True))


@register.simple_tag
def finished_row(game, user) -> SafeString:
    """A finished game (or one a moderator removed the player from): how it ended, when, the result."""
    if game.status == "active":
        state = format_html('<span class="removed-mark">{}</span>', gettext("a moderator removed you"))
    else:
        state = game.get_status_display()
    when = format_html(" · {}", _day(get_language(), timezone.localtime(game.finished_at).date(), "j M Y")) if game.finished_at else ""
    result = result_for(game, user)
    outcome = format_html(' · <span class="result">{}</span>', result) if result else ""
    return format_html("<li>{} · {}{}{}{}</li>", _link(game), state, when, outcome, _picture(game, standing=False))
