"""The messages' pages: /letters/ (the conversations) and /letters/<username>/ (one, with the form to
write and the Report buttons). Thin views over letters.services; a refusal is a page of its own in the
reader's language, with its status."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from accounts.models import display_name
from games.services import GameError

from . import services
from .models import LONGEST


@login_required
def index(request):
    return render(request, "letters/index.html", {"conversations": services.conversations(request.user)})


@login_required
def conversation(request, username: str):
    try:
        other = services.player(username)
        if request.method == "POST":
            services.send(request.user, username, request.POST.get("text", ""))
            return redirect("letters_conversation", other.username)
    except GameError as exc:
        return _refused(request, exc)
    return render(request, "letters/conversation.html", {
        "other": other, "other_name": display_name(other), "longest": LONGEST,
        "letters": services.whole_conversation(request.user, other),
        "refusal": services.refusal(request.user, other),
    })


@login_required
@require_POST
def report(request, message_id: int):
    try:
        reported = services.report(request.user, message_id)
    except GameError as exc:
        return _refused(request, exc)
    messages.success(request, gettext("Thank you: the moderators will read the message you reported."))
    return redirect("letters_conversation", reported.message.author.username)


def _refused(request, exc: GameError):
    return render(request, "letters/refused.html", {"refusal": exc.detail}, status=exc.status)
