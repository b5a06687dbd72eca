"""The tournaments API: thin views over tournaments.services."""
from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

from foundation.api import MethodFirst, Pages, StrictBooleanField, StrictCharField, StrictIntegerField
from games import rules
from games.entry.api.clock import ClockRequest
from games.entry.api.schema import DETAIL

from . import services
from .models import Tournament


def _errors(*codes):
    return dict.fromkeys(codes, DETAIL)


class TournamentSerializer(serializers.ModelSerializer):
    created_by = serializers.CharField(source="created_by.username", read_only=True)
    players = serializers.IntegerField(source="playing_count", read_only=True, help_text="players signed up and still in")

    class Meta:
        model = Tournament
        fields = ["id", "title", "game", "options", "format", "seats", "rounds", "hours_per_move", "time_control", "bank_hours",
                  "increment_hours", "cap_hours", "strict", "rated",
                  "min_players", "max_players", "rating_min", "rating_max", "signup_closes", "status",
                  "created_by", "created_at", "started_at", "finished_at", "end_reason", "players"]


class CreateTournamentSerializer(ClockRequest):  # with the clock of its games
    title = StrictCharField(max_length=80)
    game = serializers.ChoiceField(choices=rules.names(), help_text="a game's name in the registry")
    format = serializers.ChoiceField(choices=Tournament.Format.values)
    seats = StrictIntegerField(help_text="players at each table")
    signup_closes = serializers.DateTimeField(help_text="ISO 8601 with a time zone; the tournament starts then")
    options = serializers.DictField(required=False, default=dict)
    rounds = StrictIntegerField(required=False, allow_null=True, default=None, help_text="Swiss only")
    rated = StrictBooleanField(required=False, default=True)
    strict = StrictBooleanField(required=False, default=False, help_text=(
        "its games' clocks run through the players' quiet hours, days off and vacations"))
    min_players = StrictIntegerField(required=False, allow_null=True, default=None)
    max_players = StrictIntegerField(required=False, default=64)
    rating_min = StrictIntegerField(required=False, allow_null=True, default=None)
    rating_max = StrictIntegerField(required=False, allow_null=True, default=None)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = rules.names()  # the registry as it is now, not at import


class StandingSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    player = serializers.CharField(source="entry.user.username")
    status = serializers.CharField(source="entry.status")
    rating = serializers.IntegerField(source="entry.rating", help_text="at the start of the tournament")
    points = serializers.FloatField()
    games = serializers.IntegerField()
    tiebreaks = serializers.DictField(child=serializers.FloatField(), help_text="in the order they apply")


class TableSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    players = serializers.SerializerMethodField()
    game = serializers.IntegerField(source="game_id", allow_null=True, help_text="null: decided by forfeit")
    game_status = serializers.CharField(source="game.status", allow_null=True, default=None)
    places = serializers.SerializerMethodField(help_text="username -> place, once decided")
    points = serializers.SerializerMethodField(
        help_text="username -> the tournament points this table gave, once decided (0 to 1: opponents placed behind, "
                  "half those level, over the opponents); empty for a replaced table")
    replaced = serializers.BooleanField()

    def get_players(self, table) -> list[str]:
        return [e.user.username for e in table.players]

    def get_places(self, table) -> dict[str, int] | None:
        if table.places is None:
            return None
        return {e.user.username: table.place_of[e.pk] for e in table.players if e.pk in table.place_of}

    def get_points(self, table) -> dict[str, float] | None:
        if table.places is None:
            return None
        return {e.user.username: table.points_of[e.pk] for e in table.players if e.pk in table.points_of}


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    started_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    byes = serializers.SerializerMethodField()
    tables = TableSerializer(many=True, source="tables.all")

    def get_byes(self, r) -> list[str]:
        return [e.user.username for e in r.bye_entries]


class TournamentViewSet(MethodFirst, viewsets.GenericViewSet):
    """Tournaments: list, create, read; sign up, withdraw; standings and rounds."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    serializer_class = TournamentSerializer
    pagination_class = Pages
    queryset = Tournament.objects.select_related("created_by")
    lookup_value_regex = "[0-9]+"

    @extend_schema(parameters=[
        OpenApiParameter("status", str, enum=Tournament.Status.values, description="only tournaments in this state"),
        OpenApiParameter("game", str, enum=rules.names(), description="only tournaments of this game (its registry name)"),
        OpenApiParameter("page", int, description="page number, from 1"),
    ], responses={200: TournamentSerializer(many=True), 400: DETAIL, 404: DETAIL})
    def list(self, request):
        wanted, game = request.query_params.get("status"), request.query_params.get("game")
        if wanted is not None and wanted not in Tournament.Status.values:
            raise ValidationError({"status": f"must be one of {', '.join(Tournament.Status.values)}"})
        if game is not None and game not in rules.names():
            raise ValidationError({"game": f"must be one of {', '.join(rules.names())}"})
        found = services.listing(wanted, game)
        page = self.paginate_queryset(found)
        return self.get_paginated_response(TournamentSerializer(page, many=True).data)

    @extend_schema(request=CreateTournamentSerializer,
                   responses={201: TournamentSerializer, **_errors(400, 401, 403, 429)},
                   description="Create a tournament open for sign-up: a player may have a few open at once "
                               "(400 past that) and create a few a day (429 with Retry-After); moderators any number.")
    def create(self, request):
        body = CreateTournamentSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        made = services.create_tournament(request.user, **body.validated_data)
        return Response(TournamentSerializer(services.tournament(made.pk)).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: TournamentSerializer, 404: DETAIL})
    def retrieve(self, request, pk=None):
        return Response(TournamentSerializer(services.tournament(pk)).data)

    @extend_schema(request=None, responses={200: TournamentSerializer, **_errors(401, 403, 404, 409)},
                   description="Sign up while the tournament is open for sign-up (409 when full, closed, or signed up).")
    @action(detail=True, methods=["post"])
    def signup(self, request, pk=None):
        services.sign_up(request.user, pk)
        return Response(TournamentSerializer(services.tournament(pk)).data)

    @extend_schema(request=None, responses={200: TournamentSerializer, **_errors(401, 403, 404, 409)},
                   description="Withdraw: before the start, simply; later the rest is forfeited (a game in "
                               "progress is resigned and counts as a loss).")
    @action(detail=True, methods=["post"])
    def withdraw(self, request, pk=None):
        services.withdraw(request.user, pk)
        return Response(TournamentSerializer(services.tournament(pk)).data)

    @extend_schema(responses={200: StandingSerializer(many=True), 404: DETAIL})
    @action(detail=True, methods=["get"])
    def standings(self, request, pk=None):
        return Response(StandingSerializer(services.standings(services.tournament(pk)), many=True).data)

    @extend_schema(responses={200: RoundSerializer(many=True), 404: DETAIL})
    @action(detail=True, methods=["get"])
    def rounds(self, request, pk=None):
        return Response(RoundSerializer(services.rounds(services.tournament(pk)), many=True).data)
