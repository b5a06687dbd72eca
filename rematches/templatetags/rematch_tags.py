from django import template

from rematches import services

register = template.Library()


@register.inclusion_tag("rematches/box.html", takes_context=True)
def rematch_box(context, game):
    """On a finished game: its rematch if one was proposed (with how it stands), else, for its players,
    the button that proposes one."""
    if game.status != "finished":
        return {"shown": False}
    user = context["request"].user
    player = user.is_authenticated and not user.profile.bot and game.seat_of(user) is not None
    rematch = services.rematch_of(game.pk)
    return {"shown": bool(rematch or player), "game": game, "rematch": rematch, "player": player}
