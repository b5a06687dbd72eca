"""GET /api/ratings/{game}/: the leaderboard of one game, paginated."""
from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, permissions
from rest_framework.exceptions import NotFound

from foundation.api import MethodFirst, query_flag
from games import rules
from games.models import Rating, rating_shown
from games.ratings import ACTIVE_DAYS

from .serializers import RatingSerializer


def leaderboard(game: str, active_only: bool = False) -> QuerySet:
    """Players by displayed rating, best first, then by games played and name; a game's own
    participant (no user) is shown apart. Ordered by the database, along the `rating_leaderboard`
    index: a page reads its own rows, not every rating of the game."""
    qs = Rating.objects.filter(game=game, user__isnull=False, games__gt=0).select_related("user__profile")
    if active_only:
        qs = qs.filter(last_played__gte=timezone.now() - timedelta(days=ACTIVE_DAYS))
    return qs.order_by(rating_shown().desc(), "-games", "user__username")


def as_row(rank: int, r: Rating) -> dict[str, Any]:
    user = r.user
    assert user is not None  # the leaderboard's rows are players' (leaderboard)
    return {"rank": rank, "username": user.username,
            "display_name": user.profile.name, "rating": r.display, "mu": r.mu,
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
        return leaderboard(game, query_flag(self.request.query_params, "active"))

    def list(self, request, *args, **kwargs):
        page = self.paginate_queryset(self.get_queryset())
        first = self.paginator.page.start_index()
        rows = [as_row(first + i, r) for i, r in enumerate(page)]
        return self.get_paginated_response(self.get_serializer(rows, many=True).data)
