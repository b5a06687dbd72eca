"""The quick match's page side: the form on each game of the lobby posts here. Thin over services."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from games import rules
from games.entry.forms import ClockFields
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
        match = services.quick_match(request.user, game=game_name, window=window, **_clock(request.POST))
    except GameError as exc:
        return render(request, "quickmatch/refused.html", {"refusal": exc.detail}, status=exc.status)
    if match.joined:
        messages.success(request, gettext("Quick match: you took a seat in a game that was waiting for you."))
    else:
        messages.info(request, gettext("Quick match: nobody fitting was waiting, so this game of yours is open. "
                                       "The next quick match that fits will join it; this page shows them arriving."))
    return redirect("game", match.game.pk)


def _clock(data) -> dict:
    """The clock chosen, read by the new-game form's fields (their bounds, their errors in the reader's
    language); the other clock's fields, shown without scripts, are left out. The service checks the
    clock as the API's is checked (games.services.clock_fields: a bank above its cap, say)."""
    form = ClockFields(data)
    kind = data.get("time_control") or "per_turn"
    read = {"time_control", *(name for name, field in form.fields.items() if field.widget.attrs.get("data-clock") == kind)}
    if not form.is_valid() and read & form.errors.keys():
        raise Invalid("; ".join(f"{form.fields[name].label}: {error}" for name, errors in form.errors.items()
                                if name in read for error in errors))
    return form.clock()


def _whole(raw: str, refusal: str) -> int:
    if not raw.strip().isdigit() or len(raw.strip()) > 6:
        raise Invalid(refusal)
    return int(raw)
