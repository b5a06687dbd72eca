"""The settings page's webhooks section (templates/webhooks/section.html): add and remove, then back to it."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import services as game_services

from . import services
from .models import Webhook

BACK = "/settings/#webhooks"


@login_required
@require_POST
def add(request):
    chosen = request.POST.get("format", Webhook.Format.TEXT)
    if chosen not in Webhook.Format.values:
        chosen = Webhook.Format.TEXT
    try:
        services.add(request.user, request.POST.get("url", "")[:1000], chosen)
    except game_services.GameError as exc:
        messages.error(request, exc.detail)
    else:
        messages.success(request, _("The webhook took the test message: your turn notices go there too."))
    return redirect(BACK)


@login_required
@require_POST
def remove(request, hook_id: int):
    try:
        services.remove(request.user, hook_id)
    except game_services.GameError as exc:
        messages.error(request, exc.detail)
    else:
        messages.success(request, _("That webhook gets no more turn notices."))
    return redirect(BACK)
