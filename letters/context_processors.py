from .counts import unread_count


def unread(request):
    """The menu's count beside "Messages" on every page of a signed-in player (one query; none signed out)."""
    return {"letters_unread": unread_count(getattr(request, "user", None))}
