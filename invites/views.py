"""The invitation link's pages: /invite/<secret>/ (who opens it signed out signs in or up and comes back),
and the creator's buttons on the lobby. Thin views over invites.services."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from games import rules
from games.services import GameError

from . import services


@login_required
def invitation(request, token: str):
    """GET: what the link invites to, with a Join button; POST: join. A link that does not work, or a
    game the reader may not join, shows a page that names no game."""
    try:
        game = services.game_behind(token)
    except GameError as exc:
        return render(request, "invites/invitation.html", {"refusal": exc.detail}, status=exc.status)
    if game.seats.filter(user=request.user).exists():
        return redirect("game", game.pk)
    refusal = services.refusal(game, request.user)
    if refusal:
        return render(request, "invites/invitation.html", {"refusal": refusal}, status=403)
    if request.method == "POST":
        try:
            services.join_by_link(request.user, token)
        except GameError as exc:
            return render(request, "invites/invitation.html", {"refusal": exc.detail}, status=exc.status)
        return redirect("game", game.pk)
    return render(request, "invites/invitation.html", {
        "game": game, "title": rules.title(game.name, request.LANGUAGE_CODE),
        "seated": game.seats.count(), "token": token,
    })


@login_required
@require_POST
def make(request, game_id: int):
    return _creator_action(request, game_id, services.make_link)


@login_required
@require_POST
def revoke(request, game_id: int):
    return _creator_action(request, game_id, services.revoke)


def _creator_action(request, game_id: int, action):
    try:
        action(request.user, game_id)
    except GameError as exc:
        messages.error(request, exc.detail)
    return redirect("game", game_id)
