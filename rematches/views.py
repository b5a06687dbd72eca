"""The game page's Rematch button: a thin view over rematches.services."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from games.services import GameError

from . import services


@login_required
@require_POST
def rematch(request, game_id: int):
    try:
        proposed, _ = services.propose(request.user, game_id)
    except GameError as exc:
        messages.error(request, exc.detail)
        return redirect("game", game_id)
    return redirect("game", proposed.game_id)
