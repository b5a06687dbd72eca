"""The tournaments' pages: thin views over tournaments.services."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy as _
from django.views.decorators.http import require_POST

from accounts.models import language_of
from games import rules
from games.services import GameError

from . import services
from .forms import TournamentForm
from .models import Entry, Tournament


def _games(lang: str) -> list[dict]:
    return [{"name": name, "title": rules.title(name, lang)} for name in rules.names()]


def tournament_list(request):
    lang = language_of(request.user, request)
    game = request.GET.get("game") or None
    if game is not None and game not in rules.names():
        raise Http404("No such game.")
    sections = [(status, label, services.listing(status, game)[:50])
                for status, label in Tournament.Status.choices if status != Tournament.Status.CANCELLED]
    games = _games(lang)
    return render(request, "tournaments/list.html", {
        "sections": sections, "games": games, "game": game, "titles": {g["name"]: g["title"] for g in games}})


def new_tournament(request, game_name: str):
    if game_name not in rules.names():
        raise Http404("No such game.")
    if not request.user.is_authenticated:
        return redirect(f"{reverse('account_login')}?next={request.path}")
    lang = language_of(request.user, request)
    form = TournamentForm(rules.get(game_name), lang, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            made = services.create_tournament(request.user, game=game_name, **form.settings())
        except GameError as exc:
            form.add_error(None, exc.detail)
        else:
            return redirect("tournament", made.pk)
    return render(request, "tournaments/new.html", {"form": form, "title": rules.title(game_name, lang)})


# The standings' column headings for the tie-breaks of tiebreaks.ORDER (the API keeps the keys).
TIEBREAK_HEADINGS = {"head_to_head": _("Head-to-head"), "sonneborn_berger": _("Sonneborn-Berger"),
                     "buchholz": _("Buchholz"), "rating": _("Rating"), "round_reached": _("Round reached"),
                     "points": _("Points")}


def tournament_page(request, tournament_id: int):
    try:
        t = services.tournament(tournament_id)
    except GameError:
        raise Http404("No such tournament.") from None
    lang = language_of(request.user, request)
    mine = t.entries.filter(user=request.user).first() if request.user.is_authenticated else None
    return render(request, "tournaments/tournament.html", {
        "t": t, "game_title": rules.title(t.game, lang), "standings": services.standings(t),
        "rounds": list(reversed(services.rounds(t))), "mine": mine, "playing": Entry.Status.PLAYING,
        "tiebreak_headings": TIEBREAK_HEADINGS})


def _change(request, tournament_id: int, change, done: str):
    try:
        change(request.user, tournament_id)
    except GameError as exc:
        messages.error(request, exc.detail)
    else:
        messages.success(request, done)
    return redirect("tournament", tournament_id)


@login_required
@require_POST
def sign_up(request, tournament_id: int):
    return _change(request, tournament_id, services.sign_up, gettext("You are signed up."))


@login_required
@require_POST
def withdraw(request, tournament_id: int):
    return _change(request, tournament_id, services.withdraw, gettext("You have withdrawn."))
