"""The ladders in the API: GET /api/ladders/ (and a moderator's POST, a new ladder), GET
/api/ladders/<id>/ (standings, open challenges, history), POST …/join/, …/leave/ and …/challenge/
{"username"}. Thin views over ladders.services."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from foundation.api import MethodFirst, StrictCharField, StrictIntegerField
from games.entry.api.clock import ClockRequest
from games.entry.api.schema import DETAIL

from . import services


class LadderSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField(help_text="the game (its registry name)")
    title = serializers.CharField()
    time_control = serializers.ChoiceField(choices=["per_turn", "bank"], help_text=(
        "the clock of the ladder's games (docs/async-play.md, \"Clocks\"): per_turn (hours_per_move for every "
        "turn) or bank (bank_hours at the start, increment_hours after each turn, at most cap_hours)"))
    hours_per_move = serializers.IntegerField(help_text="per_turn: the hours of every turn; bank: its increment, its pace")
    bank_hours = serializers.IntegerField(help_text="bank: each seat's bank at the start; 0 for per_turn")
    increment_hours = serializers.IntegerField(help_text="bank: added after each of a seat's turns; 0 for per_turn")
    cap_hours = serializers.IntegerField(help_text="bank: what a seat's bank never exceeds; 0 for per_turn")
    reach = serializers.IntegerField(help_text="how many places above their own a player may challenge")
    open_limit = serializers.IntegerField(help_text="a player with this many open games on the ladder cannot be challenged")
    players = serializers.IntegerField(help_text="how many players stand on it")
    created_at = serializers.DateTimeField()


class ChallengeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    challenger = serializers.CharField(source="challenger.username")
    defender = serializers.CharField(source="defender.username")
    game = serializers.IntegerField(source="game_id")
    url = serializers.SerializerMethodField(help_text="the game's page")
    created_at = serializers.DateTimeField()
    decided_at = serializers.DateTimeField(allow_null=True)
    result = serializers.CharField(help_text="challenger, defender (kept the place), void, or empty while open")

    def get_url(self, chal) -> str:
        return f"/games/{chal.game_id}/"


class RungSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    username = serializers.CharField(source="user.username")
    rating = serializers.IntegerField(allow_null=True, help_text="the player's rating at the game; null: none yet")
    open_challenges = serializers.SerializerMethodField(help_text="the ids of the player's open challenges")

    def get_open_challenges(self, row) -> list[int]:
        return [c.pk for c in row["challenges"]]


class MoveSerializer(serializers.Serializer):
    username = serializers.CharField(source="user.username")
    from_place = serializers.IntegerField(allow_null=True, help_text="null: joined")
    to_place = serializers.IntegerField(allow_null=True, help_text="null: left")
    why = serializers.CharField(help_text="joined, left, won, pushed (a challenger took a place above), closed_up (a player above left)")
    other = serializers.CharField(source="other.username", allow_null=True, default=None,
                                  help_text="whose win or departure moved the player")
    challenge = serializers.IntegerField(source="challenge_id", allow_null=True)
    at = serializers.DateTimeField()


class LadderDetailSerializer(serializers.Serializer):
    ladder = LadderSerializer()
    standings = RungSerializer(many=True)
    open_challenges = ChallengeSerializer(many=True)
    history = MoveSerializer(many=True, help_text="the latest 100 moves of places, latest first")


class CreateLadderRequest(ClockRequest):
    game = StrictCharField(max_length=32, help_text="a game two can play (its registry name)")
    title = StrictCharField(max_length=100)
    reach = StrictIntegerField(required=False, default=5, min_value=1, max_value=100,
                               help_text="how many places above their own a player may challenge")
    open_limit = StrictIntegerField(required=False, default=3, min_value=1, max_value=100,
                                    help_text="a player with this many open games on the ladder cannot be challenged")


class ChallengeRequest(serializers.Serializer):
    username = serializers.CharField(max_length=150, help_text="the player to challenge: at most `reach` places above you")


def detail_of(ladder_id) -> dict:
    ladder = services.ladder_of(ladder_id)
    ladder.players = ladder.rungs.count()
    return LadderDetailSerializer({"ladder": ladder, "standings": services.standings(ladder),
                                   "open_challenges": services.open_challenges(ladder),
                                   "history": services.history(ladder)}).data


class LadderListView(MethodFirst, APIView):
    """Every ladder; a moderator makes one."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    http_method_names = ["get", "post", "options"]

    @extend_schema(responses={200: LadderSerializer(many=True)})
    def get(self, request):
        return Response(LadderSerializer(services.ladders(), many=True).data)

    @extend_schema(request=CreateLadderRequest, responses={201: LadderDetailSerializer, 400: DETAIL, 401: DETAIL, 403: DETAIL},
                   description="Make a ladder (moderators only: 403 for anyone else), with the clock of its games.")
    def post(self, request):
        services.moderators_only(request.user)  # before the body: a player learns nothing more
        body = CreateLadderRequest(data=request.data)
        body.is_valid(raise_exception=True)
        made = services.create_ladder(request.user, **body.validated_data)
        return Response(detail_of(made.pk), status=status.HTTP_201_CREATED)


class LadderDetailView(MethodFirst, APIView):
    """A ladder: its standings (top first), open challenges and the history of its places."""

    permission_classes = [permissions.AllowAny]
    http_method_names = ["get", "options"]

    @extend_schema(responses={200: LadderDetailSerializer, 404: DETAIL})
    def get(self, request, ladder_id: int):
        return Response(detail_of(ladder_id))


class _PlaceChange(MethodFirst, APIView):
    """A change of the reader's own place: answered with the ladder as it is after it."""

    permission_classes = [permissions.IsAuthenticated]
    http_method_names = ["post", "options"]
    change = staticmethod(services.join)

    @extend_schema(request=None, responses={200: LadderDetailSerializer, 401: DETAIL, 404: DETAIL, 409: DETAIL})
    def post(self, request, ladder_id: int):
        self.change(request.user, ladder_id)
        return Response(detail_of(ladder_id))


class JoinView(_PlaceChange):
    """Join the ladder at the bottom (409 when on it already)."""

    change = staticmethod(services.join)


class LeaveView(_PlaceChange):
    """Leave the ladder: the players below move up one; your open challenges count no more (their
    games play on as ordinary games). 409 when not on it."""

    change = staticmethod(services.leave)


class ChallengeView(MethodFirst, APIView):
    """Challenge a player up to `reach` places above you: their game starts at once (201)."""

    permission_classes = [permissions.IsAuthenticated]
    http_method_names = ["post", "options"]

    @extend_schema(request=ChallengeRequest,
                   responses={201: ChallengeSerializer, 400: DETAIL, 401: DETAIL, 403: DETAIL, 404: DETAIL, 409: DETAIL})
    def post(self, request, ladder_id: int):
        body = ChallengeRequest(data=request.data)
        body.is_valid(raise_exception=True)
        made = services.challenge(request.user, ladder_id, body.validated_data["username"])
        return Response(ChallengeSerializer(made).data, status=status.HTTP_201_CREATED)
