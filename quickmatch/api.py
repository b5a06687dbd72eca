"""POST /api/quick-match/: the quick match of the API. A thin view over quickmatch.services."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from foundation.api import MethodFirst
from games import rules
from games.entry.api.schema import DETAIL

from . import services


class QuickMatchRequest(serializers.Serializer):
    game = serializers.ChoiceField(choices=rules.names(), help_text="the game to play (its registry name)")
    hours_per_move = serializers.IntegerField(min_value=1, max_value=720, required=False,
                                              help_text="time_control per_turn (the default): the time a move, in hours; needed then")
    time_control = serializers.ChoiceField(choices=["per_turn", "bank"], required=False, help_text=(
        "per_turn: hours_per_move for every turn; bank: a time bank per seat (bank_hours, increment_hours, "
        "cap_hours, the site's 72, 24 and 168 for those not given); only a game of exactly that clock fits"))
    bank_hours = serializers.IntegerField(min_value=1, max_value=720, required=False, help_text="bank: at the start, at most cap_hours")
    increment_hours = serializers.IntegerField(min_value=0, max_value=720, required=False,
                                               help_text="bank: after each turn, at most cap_hours")
    cap_hours = serializers.IntegerField(min_value=1, max_value=720, required=False, help_text="bank: the most a bank holds")
    window = serializers.IntegerField(min_value=1, max_value=5000, required=False, allow_null=True,
                                      help_text="how far from yours the opponent's rating may be; absent or null: any")


    def validate(self, attrs):
        if attrs.get("time_control", "per_turn") == "per_turn" and "hours_per_move" not in attrs:
            raise serializers.ValidationError({"hours_per_move": "needed for the time_control per_turn"})
        return attrs


class QuickMatchAnswer(serializers.Serializer):
    game = serializers.IntegerField(source="game.pk")
    joined = serializers.BooleanField(help_text="true: a seat in a game someone had opened; false: a game of yours, waiting")
    status = serializers.CharField(source="game.status", help_text="open while it waits for players, active once started")
    url = serializers.SerializerMethodField(help_text="the game's page")

    def get_url(self, match) -> str:
        return f"/games/{match.game.pk}/"


class QuickMatchView(MethodFirst, APIView):
    """Join the fitting open game whose creator's rating is closest to yours (200), or open one that the
    next fitting quick match joins (201; asked again while it waits: the same game)."""

    permission_classes = [permissions.IsAuthenticated]
    http_method_names = ["post", "options"]

    @extend_schema(request=QuickMatchRequest,
                   responses={200: QuickMatchAnswer, 201: QuickMatchAnswer, 400: DETAIL, 401: DETAIL, 429: DETAIL})
    def post(self, request):
        body = QuickMatchRequest(data=request.data)
        body.is_valid(raise_exception=True)
        match = services.quick_match(request.user, **body.validated_data)
        return Response(QuickMatchAnswer(match).data, status=status.HTTP_200_OK if match.joined else status.HTTP_201_CREATED)
