from .views import my_turn_games


def waiting_games(request):
    """How many games wait for the signed-in user: shown as a badge and in the page title."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"games_waiting": 0}
    return {"games_waiting": len(my_turn_games(user))}
