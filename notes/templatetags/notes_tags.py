from django import template

from games.services import GameError
from notes import services
from notes.models import MAX_LENGTH

register = template.Library()


@register.inclusion_tag("notes/box.html", takes_context=True)
def note_box(context, game):
    """The player's own note beside the board; nothing for anyone who does not play the game."""
    user = context["request"].user
    if not user.is_authenticated:
        return {"shown": False}
    try:
        note = services.note_of(user, game.pk)
    except GameError:
        return {"shown": False}
    return {"shown": True, "game": game, "note_text": note.text if note else "", "note_max": MAX_LENGTH}

