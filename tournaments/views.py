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


# The standings' column headings for the tie-breaks of tiebreaks.ORDER (the API keeps the keys). The
# rating is the one the entry keeps (at sign-up, then at the start): not the leaderboard's of today.
TIEBREAK_HEADINGS = {"head_to_head": _("Head-to-head"), "sonneborn_berger": _("Sonneborn-Berger"),
                     "buchholz": _("Buchholz"), "rating": _("Rating at the start"), "round_reached": _("Round reached"),
                     "points": _("Points")}
# What each tie-break means, in a note under the standings (docs/tournaments.md, "Standings").
TIEBREAK_NOTES = {
    "head_to_head": _("the points scored in the games among the players level on points only, once they have all met."),
    "sonneborn_berger": _("the points of every opponent beaten, plus half the points of every opponent tied with: "
                          "good results against the strongest count most."),
    "buchholz": _("the sum of the points of every opponent met: who met stronger opponents ranks higher."),
    "rating": _("the player's rating in this game when the tournament began (until then, at sign-up), "
                "not the leaderboard's rating of today."),
    "round_reached": _("the round a player is in, or went out in."),
}


def standings_shown(t: Tournament) -> dict:
    """The standings as the page shows them: no places before any game is decided (everyone would be
    first), and the players who share first place once the tournament is over."""
    rows = services.standings(t)
    begun = any(row["games"] for row in rows)
    for row in rows:
        row["shown_place"] = row["place"] if begun else None
    first = [row["entry"] for row in rows if row["place"] == 1]
    shared = first if t.status == Tournament.Status.FINISHED and begun and len(first) > 1 else []
    names = [e.user.profile.name for e in shared]
    together = gettext("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]} if names else ""
    return {"standings": rows, "shared_first": together,
            "tiebreak_notes": [(TIEBREAK_HEADINGS[n], TIEBREAK_NOTES[n]) for n in (rows[0]["tiebreaks"] if rows else ())
                               if n in TIEBREAK_NOTES]}


def tournament_page(request, tournament_id: int):
    try:
        t = services.tournament(tournament_id)
    except GameError:
        raise Http404("No such tournament.") from None
    lang = language_of(request.user, request)
    mine = t.entries.filter(user=request.user).first() if request.user.is_authenticated else None
    return render(request, "tournaments/tournament.html", {
        "t": t, "game_title": rules.title(t.game, lang), **standings_shown(t),
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
