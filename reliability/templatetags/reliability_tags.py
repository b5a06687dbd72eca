"""A player's reliability in words, beside their name: the player page, the lobby's open games (their
creators, one query for the whole list), an open game's page and the invitation page."""
from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from reliability import queries
from reliability.models import DAY, HOUR

register = template.Library()


def _length(seconds: int) -> tuple[int, str]:
    """A bucket's edge as a whole number of its unit: minutes under an hour, hours under a day, days."""
    if seconds < HOUR:
        return seconds // 60, "min"
    if seconds < DAY:
        return seconds // HOUR, "h"
    return seconds // DAY, "d"


def _said(n: int, unit: str) -> str:
    if unit == "min":
        return gettext("%(minutes)s min") % {"minutes": n}
    if unit == "h":
        return gettext("%(hours)s h") % {"hours": n}
    return gettext("%(days)s d") % {"days": n}


def median_words(low: int, high: int | None) -> str:
    """"3–4 h", "18 h–1 d", "under 10 min", "21 d or more": the median turn's bucket."""
    if high is None:
        return gettext("%(length)s or more") % {"length": _said(*_length(low))}
    if low == 0:
        return gettext("under %(length)s") % {"length": _said(*_length(high))}
    (a, unit_a), (b, unit_b) = _length(low), _length(high)
    if unit_a != unit_b:
        return f"{_said(a, unit_a)}–{_said(b, unit_b)}"
    if unit_a == "min":
        return gettext("%(low)s–%(high)s min") % {"low": a, "high": b}
    if unit_a == "h":
        return gettext("%(low)s–%(high)s h") % {"low": a, "high": b}
    return gettext("%(low)s–%(high)s d") % {"low": a, "high": b}


def percent_words(figures: queries.Reliability) -> str:
    """Whole percent of the turns timed out, "<1 %" for a share that rounds to nothing but is some."""
    percent = figures.timed_out_percent or 0.0
    shown = int(percent + 0.5)
    return "<1 %" if figures.timed_out and shown == 0 else f"{shown} %"


def words(figures: queries.Reliability) -> SafeString:
    """"Reliability: 2 % of turns timed out · 1 of 40 games left · a turn takes 3–4 h (median)", or
    "not enough games yet" under queries.ENOUGH_GAMES; the figures in data attributes, never localised."""
    if not figures.enough:
        return format_html('<span class="reliability" data-games="{}">{}</span>', figures.games,
                           gettext("Reliability: not enough games yet"))
    median = figures.median_range
    numbers = {"percent": percent_words(figures), "left": figures.left, "games": figures.games}
    if median is None:  # no turn of their own in those games (left before each)
        text = gettext("Reliability: %(percent)s of turns timed out · %(left)s of %(games)s games left") % numbers
    else:
        text = gettext("Reliability: %(percent)s of turns timed out · %(left)s of %(games)s games left · "
                       "a turn takes %(median)s (median)") % {**numbers, "median": median_words(*median)}
    return format_html('<span class="reliability" data-games="{}" data-turns="{}" data-timed-out="{}" data-left="{}" '
                       'data-median-min="{}" data-median-max="{}">{}</span>',
                       figures.games, figures.turns, figures.timed_out, figures.left,
                       median[0] if median else "", median[1] if median and median[1] is not None else "", text)


@register.simple_tag
def reliability_of(user) -> SafeString:
    """One player's reliability in words (one query)."""
    return words(queries.of([user.pk])[user.pk])


@register.simple_tag
def hosts_reliability(games) -> dict[int, SafeString]:
    """{creator's id: their reliability in words} for the games listed: one query for them all."""
    found = queries.of({g.created_by_id for g in games})
    return {pk: words(figures) for pk, figures in found.items()}
