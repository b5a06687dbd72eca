"""Small template helpers of the site: nothing here knows any particular game."""
from django import template
from django.utils import translation

from games import rules

register = template.Library()


@register.filter
def get_item(mapping, key):
    return mapping.get(key) if mapping else None


@register.filter
def game_title(game_or_name) -> str:
    """A game's title in the active language, from its rules module."""
    name = getattr(game_or_name, "game", game_or_name)
    try:
        title = rules.get(name).title
    except KeyError:
        return str(name)
    return title.get(translation.get_language() or "en", title["en"])


@register.filter
def winner_names(game) -> str:
    """Who won a finished game: the players' names, or the name the rules give their own participant."""
    outcome = game.outcome or {}
    seats = {s.colour: s for s in game.seats.all()}
    lang = translation.get_language() or "en"
    try:
        participants = rules.get(game.game).participants
    except KeyError:
        participants = {}
    names = []
    for who in outcome.get("winners", []):
        if who in seats:
            profile = getattr(seats[who].user, "profile", None)
            names.append(profile.name if profile else seats[who].user.username)
        else:
            names.append(participants.get(who, {}).get(lang, who))
    return ", ".join(names)
