"""GET /api/ratings/{game}/: the leaderboard of one game, paginated."""
from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, permissions
from rest_framework.exceptions import NotFound

from foundation.api import MethodFirst, query_flag
from games import rules
from games.models import Rating
from games.ratings import ACTIVE_DAYS, display

from .serializers import RatingSerializer


def leaderboard(game: str, active_only: bool = False):
    """Players by displayed rating, best first; a game's own participant (no user) is shown apart."""
    qs = Rating.objects.filter(game=game, user__isnull=False, games__gt=0).select_related("user__profile")
    if active_only:
        qs = qs.filter(last_played__gte=timezone.now() - timedelta(days=ACTIVE_DAYS))
    return sorted(qs, key=lambda r: (-display(r.mu, r.sigma), -r.games, r.user.username))


def as_row(rank: int, r: Rating) -> dict:
    return {"rank": rank, "username": r.user.username,
            "display_name": r.user.profile.name, "rating": r.display, "mu": r.mu,
            "sigma": r.sigma, "games": r.games, "provisional": r.provisional, "last_played": r.last_played}


class RatingsView(MethodFirst, generics.ListAPIView):
    """The leaderboard of one game; ?active=1 keeps players who played in the last 90 days."""

    permission_classes = [permissions.AllowAny]
    serializer_class = RatingSerializer

    @extend_schema(parameters=[OpenApiParameter("active", bool, description="only players active in the last 90 days")])
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        game = self.kwargs["game"]
        if game not in rules.names():
            raise NotFound(f"no game named {game!r}")
        active = query_flag(self.request.query_params, "active")
        return [as_row(i + 1, r) for i, r in enumerate(leaderboard(game, active))]
