"""The statistics pages. Thin: the figures come from stats.figures, the charts' coordinates from
foundation.charts, and the templates draw them."""
from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _

from accounts.models import language_of
from foundation.charts import bar_chart, rating_chart
from games import rules, services
from games.services import lists
from stats import figures


def percent(rate: float | None) -> str:
    return "–" if rate is None else f"{round(rate * 100)} %"


def win_rate_chart(rows: list[dict]) -> dict:
    """Bars of the win rate by seat, on a scale from 0 to 100 %, each bar saying its games."""
    return bar_chart([(str(r["seat"]), r["win_rate"] or 0, percent(r["win_rate"]),
                       _("seat %(seat)s: %(rate)s of %(games)s games") % {"seat": r["seat"], "rate": percent(r["win_rate"]),
                                                                          "games": r["games"]}) for r in rows], top=1)


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
    months = stats["months"]
    return render(request, "stats/game.html", {
        "stats": stats, "seat_chart": win_rate_chart(stats["by_seat"]),
        # 24 bars: a label every third month, the counts in the table (and each bar's tooltip)
        "month_chart": bar_chart([(m["month"][5:] if i % 3 == 0 else "", m["games"], "", f"{m['month']}: {m['games']}")
                                  for i, m in enumerate(months)]),
        "first_month": months[0]["month"], "last_month": months[-1]["month"],
    })
