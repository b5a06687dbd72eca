from django.conf import settings

from games import services


def site(request):
    """What every page shows: how many games wait for the signed-in user (badge and title), and the
    site's languages."""
    user = getattr(request, "user", None)
    waiting = getattr(request, "games_waiting", None)
    if waiting is None:
        waiting = services.waiting_count(user) if user is not None and user.is_authenticated else 0
    return {"games_waiting": waiting, "site_languages": settings.LANGUAGES}
