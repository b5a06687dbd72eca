"""The ladders' pages: thin views over ladders.services. A refused action is a page of its own with
the refusal in the reader's language and the status the API gives it."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from accounts.models import language_of
from games import rules
from games.services import GameError

from . import services


def ladder_list(request):
    lang = language_of(request.user, request)
    found = services.ladders()
    return render(request, "ladders/list.html", {
        "ladders": [(ladder, rules.title(ladder.game, lang)) for ladder in found]})


def ladder_page(request, ladder_id: int):
    try:
        ladder = services.ladder_of(ladder_id)
    except GameError:
        raise Http404("No such ladder.") from None
    lang = language_of(request.user, request)
    me = request.user if request.user.is_authenticated else None
    rows = services.standings(ladder)
    player = request.GET.get("player") or None
    return render(request, "ladders/ladder.html", {
        "ladder": ladder, "game_title": rules.title(ladder.game, lang), "standings": rows,
        "on_ladder": me is not None and any(row["user"].pk == me.pk for row in rows),
        "challengeable": services.challengeable(ladder, me) if me else set(),
        "history": services.history(ladder, 50), "player": player,
        "challenges": services.games_of(ladder, player, 50)})


def _refused(request, exc: GameError):
    return render(request, "ladders/refused.html", {"refusal": exc.detail}, status=exc.status)


def _own_place(request, ladder_id: int, change, done):
    try:
        done_now = done(change(request.user, ladder_id))
    except GameError as exc:
        return _refused(request, exc)
    messages.success(request, done_now)
    return redirect("ladder", ladder_id)


@login_required
@require_POST
def join(request, ladder_id: int):
    return _own_place(request, ladder_id, services.join,
                      lambda rung: gettext("You are on the ladder, in place %(place)s.") % {"place": rung.place})


@login_required
@require_POST
def leave(request, ladder_id: int):
    return _own_place(request, ladder_id, services.leave, lambda _: gettext("You have left the ladder."))


@login_required
@require_POST
def challenge(request, ladder_id: int):
    try:
        made = services.challenge(request.user, ladder_id, request.POST.get("username", ""))
    except GameError as exc:
        return _refused(request, exc)
    messages.success(request, gettext("Your challenge has begun: your game against %(name)s.")
                     % {"name": made.defender.username})
    return redirect("game", made.game_id)
