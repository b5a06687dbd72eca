from django import template

from invites import services

register = template.Library()


@register.inclusion_tag("invites/box.html", takes_context=True)
def invite_link_box(context, game):
    """In an open game's lobby, for its creator only: the invitation link (with Copy, New link and Revoke),
    or the button that makes one."""
    request = context["request"]
    if game.status != "open" or not request.user.is_authenticated or game.created_by_id != request.user.pk:
        return {"shown": False}
    link = services.link_of(request.user, game.pk)
    url = request.build_absolute_uri(f"/invite/{link.token}/") if link else None
    return {"shown": True, "game": game, "url": url, "csrf_token": context.get("csrf_token")}
