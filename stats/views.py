"""The statistics pages. Thin: the figures come from stats.figures, the charts' coordinates from
foundation.charts, and the templates draw them."""
from __future__ import annotations

from datetime import date, timedelta

from django.http import Http404
from django.shortcuts import render
from django.utils.formats import date_format
from django.utils.timesince import TIME_STRINGS
from django.utils.translation import gettext as _

from accounts.models import language_of
from foundation.charts import bar_chart, rating_chart
from games import rules, services
from games.services import lists
from stats import figures


def percent(rate: float | None) -> str:
    return "–" if rate is None else f"{round(rate * 100)} %"


PERCENT_TICKS = [(share / 4, percent(share / 4)) for share in range(5)]


def win_rate_chart(rows: list[dict]) -> dict:
    """Bars of the win rate by seat, on a scale from 0 to 100 %, each bar saying its games."""
    return bar_chart([(str(r["seat"]), r["win_rate"] or 0, percent(r["win_rate"]),
                       _("seat %(seat)s: %(rate)s of %(games)s games") % {"seat": r["seat"], "rate": percent(r["win_rate"]),
                                                                          "games": r["games"]}) for r in rows],
                     top=1, ticks=PERCENT_TICKS) | {"x_title": _("Seat (seat 1 plays first)"), "y_title": _("Games won (%)")}


def month_chart(months: list[dict]) -> dict:
    """Bars of the games finished each month: every sixth month named (the current one among them),
    in the reader's language, the counts on the y axis and in each bar's tooltip."""
    last = len(months) - 1
    return bar_chart([(date_format(m["date"], "M Y") if (last - i) % 6 == 0 else "", m["games"], "",
                       f"{date_format(m['date'], 'F Y')}: {m['games']}") for i, m in enumerate(months)]) | {
        "x_title": _("Month"), "y_title": _("Games finished")}


def time_taken(duration: timedelta | None) -> str:
    """A game's length in the unit it calls for, in whole ones: minutes under an hour, hours under two
    days, else days ("45 minutes", "36 hours", "10 days"; Django's own words, so in every language)."""
    if duration is None:
        return "–"
    minutes = round(duration.total_seconds() / 60)
    hours = round(minutes / 60)
    unit, count = ("minute", minutes) if minutes < 60 else ("hour", hours) if hours < 48 else ("day", round(hours / 24))
    return TIME_STRINGS[unit] % {"num": count}


def player_stats(request, username):
    try:
        user = lists.active_player(username)
    except services.NotFound:
        raise Http404(_("No such player.")) from None
    games = figures.player(user, language_of(request.user, request))
    for g in games:
        g["seat_chart"] = win_rate_chart(g["by_seat"])
        g["rating_chart"] = rating_chart(g["history"]) if g["history"] else None
    return render(request, "stats/player.html", {"player": user, "games": games})


def site_stats(request):
    return render(request, "stats/index.html", {"games": figures.catalogue(language_of(request.user, request))})


def game_stats(request, game_name: str):
    if game_name not in rules.names():
        raise Http404(_("No such game."))
    stats = figures.game(game_name, language_of(request.user, request))
    months = [{**m, "date": date.fromisoformat(f"{m['month']}-01")} for m in stats["months"]]
    for row in stats["length"]:
        row["time"] = time_taken(row["average_time"])
    return render(request, "stats/game.html", {
        "stats": stats, "months": months, "seat_chart": win_rate_chart(stats["by_seat"]), "month_chart": month_chart(months),
        "first_month": months[0]["date"], "last_month": months[-1]["date"],
    })
