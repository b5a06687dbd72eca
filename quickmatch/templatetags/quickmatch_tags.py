"""The lobby's "Play <game> now" form, one per game (quickmatch.services)."""
from __future__ import annotations

from django import template
from django.conf import settings

from games.models import Game
from games.templatetags.site_tags import time_control
from quickmatch.services import HOURS, WINDOWS

register = template.Library()


@register.inclusion_tag("quickmatch/form.html", takes_context=True)
def quick_match_form(context, game: dict) -> dict:
    bank, increment, cap = settings.DEFAULT_BANK
    return {"game": game, "hours": HOURS, "windows": WINDOWS, "default_hours": settings.DEFAULT_HOURS_PER_MOVE,
            "bank": time_control(Game(time_control=Game.TimeControl.BANK, bank_hours=bank, increment_hours=increment,
                                      cap_hours=cap)),
            "csrf_token": context.get("csrf_token")}
