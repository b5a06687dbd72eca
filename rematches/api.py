"""POST /api/games/<id>/rematch/: a thin view over rematches.services."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from foundation.api import MethodFirst
from games.entry.api.schema import DETAIL

from . import services


class RematchSerializer(serializers.Serializer):
    game = serializers.IntegerField(source="game_id", help_text="the new game: open until every player invited has joined")
    status = serializers.CharField(source="game.status", help_text="open, active once all have joined, aborted if declined or unanswered")
    url = serializers.SerializerMethodField(help_text="the new game's page")
    proposed_by = serializers.CharField(source="proposed_by.username")

    def get_url(self, rematch) -> str:
        return f"/games/{rematch.game_id}/"


class RematchView(MethodFirst, APIView):
    """A finished game played again by the same players (bots as bots), with the same options, time
    per move and rated flag, seats rotated by one. The others are invited; it starts when all have
    joined, and closes when one declines or after 7 days without an answer. Proposing one already
    proposed answers it (200), so two players pressing at once get one game."""

    permission_classes = [permissions.IsAuthenticated]
    http_method_names = ["post", "options"]

    @extend_schema(request=None, responses={201: RematchSerializer, 200: RematchSerializer, 401: DETAIL, 403: DETAIL,
                                            404: DETAIL, 409: DETAIL, 429: DETAIL})
    def post(self, request, game_id: int):
        rematch, proposed = services.propose(request.user, game_id)
        return Response(RematchSerializer(rematch).data, status=status.HTTP_201_CREATED if proposed else status.HTTP_200_OK)
