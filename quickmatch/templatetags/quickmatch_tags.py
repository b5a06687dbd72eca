"""The lobby's "Play <game> now" form, one per game (quickmatch.services)."""
from __future__ import annotations

from django import template
from django.conf import settings

from quickmatch.services import HOURS, WINDOWS

register = template.Library()


@register.inclusion_tag("quickmatch/form.html", takes_context=True)
def quick_match_form(context, game: dict) -> dict:
    return {"game": game, "hours": HOURS, "windows": WINDOWS, "default_hours": settings.DEFAULT_HOURS_PER_MOVE,
            "csrf_token": context.get("csrf_token")}
