from .services import waiting_games


def waiting_games(request):
    """How many games wait for the signed-in user: shown as a badge and in the page title."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"games_waiting": 0}
    return {"games_waiting": len(waiting_games(user))}
