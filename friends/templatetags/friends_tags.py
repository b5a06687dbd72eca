from django import template

from friends import services

register = template.Library()


@register.inclusion_tag("friends/_relation.html", takes_context=True)
def relation_buttons(context, player):
    """The follow, befriend and block buttons for the signed-in visitor of another player's page."""
    user = context["request"].user
    if not user.is_authenticated or user.pk == player.pk or getattr(player.profile, "bot", ""):
        return {"show": False}
    return {"show": True, "player": player, "rel": services.relation(user, player), "request": context["request"],
            "csrf_token": context.get("csrf_token")}


@register.simple_tag
def invitation_note(game, user):
    """The note a friend sent with the user's invitation to `game`, or None: the invitation email and
    the invitee's list of games show it."""
    return services.invitation_note(game, user)
