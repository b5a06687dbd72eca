"""The quick match's page side: the form on each game of the lobby posts here. Thin over services."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from games import rules
from games.services import GameError, Invalid

from . import services


@login_required
@require_POST
def play_now(request, game_name: str):
    if game_name not in rules.names():
        raise Http404(gettext("no game is called %(name)s") % {"name": game_name[:40]})
    try:
        raw_window = request.POST.get("window", "")
        window = _whole(raw_window, gettext("the rating window must be a whole number from 1 to 5000, or none")) if raw_window else None
        if request.POST.get("time_control") == "bank":  # the site's default bank
            match = services.quick_match(request.user, game=game_name, time_control="bank", window=window)
        else:
            hours = _whole(request.POST.get("hours_per_move", ""), gettext("hours_per_move must be a whole number of hours from 1 to 720"))
            match = services.quick_match(request.user, game=game_name, hours_per_move=hours, window=window)
    except GameError as exc:
        return render(request, "quickmatch/refused.html", {"refusal": exc.detail}, status=exc.status)
    if match.joined:
        messages.success(request, gettext("Quick match: you took a seat in a game that was waiting for you."))
    else:
        messages.info(request, gettext("Quick match: nobody fitting was waiting, so this game of yours is open. "
                                       "The next quick match that fits will join it; this page shows them arriving."))
    return redirect("game", match.game.pk)


def _whole(raw: str, refusal: str) -> int:
    if not raw.strip().isdigit() or len(raw.strip()) > 6:
        raise Invalid(refusal)
    return int(raw)
