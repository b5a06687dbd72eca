"""The games API: thin views over games.services."""
from __future__ import annotations

from django.conf import settings
from django.db.models import Prefetch
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotAuthenticated, ValidationError
from rest_framework.pagination import CursorPagination
from rest_framework.response import Response

from accounts.models import language_of
from foundation.api import MethodFirst, query_flag, query_int
from games import rules, services
from games.models import ChatMessage, Game, Invitation, Seat
from games.services import lists

from .schema import DETAIL, create_game_request
from .serializers import (
    ActionsSerializer,
    BoardInWordsSerializer,
    ChatPageSerializer,
    ChatSerializer,
    CreateGameSerializer,
    DecisionSerializer,
    ExploreRequestSerializer,
    ExploreSerializer,
    GameDetailSerializer,
    GameListSerializer,
    GameSerializer,
    JoinSerializer,
    MoveResultSerializer,
    MoveSerializer,
    MuteSerializer,
    RecordSerializer,
    ReplaySerializer,
    SeenSerializer,
    StandInSerializer,
    UndoSerializer,
    move_of,
)

ERRORS = {400: OpenApiTypes.OBJECT, 401: OpenApiTypes.OBJECT, 403: OpenApiTypes.OBJECT,
          404: OpenApiTypes.OBJECT, 409: OpenApiTypes.OBJECT}


def _errors(*codes):
    return dict.fromkeys(codes, DETAIL)


LANGUAGES = [code for code, _ in settings.LANGUAGES]


def _chosen_language(request) -> str:
    raw = request.query_params.get("lang")
    if raw is None:
        return language_of(request.user, request)
    if raw not in LANGUAGES:
        raise ValidationError({"lang": f"must be one of {', '.join(LANGUAGES)}"})
    return raw


class ChatPages(CursorPagination):
    """Newest first, 50 to a page; `next` leads to older messages. A cursor stays right while
    new messages arrive, where page numbers would shift under a reader."""

    page_size = 50
    ordering = "-id"


# The lobby filters' bounds, as lists.lobby_choice holds them.
HOURS = {"type": "integer", "minimum": 1, "maximum": 720}
RATING = {"type": "integer", "minimum": -9999, "maximum": 9999}


class GameViewSet(MethodFirst, mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Games: list, create, read; join, leave, start; decide, undo, resign; chat."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    serializer_class = GameSerializer

    def get_queryset(self):
        if self.action in ("actions", "moves", "chat", "replay", "mute"):
            return Game.objects.prefetch_related("seats")  # these answers need no more than the seats
        seats = Seat.objects.select_related("user__profile").prefetch_related(
            Prefetch("user__vacations", to_attr="recent_vacations"))  # what games.clock reads
        qs = (Game.objects.select_related("created_by")
              .prefetch_related(Prefetch("seats", queryset=seats),
                                Prefetch("invitations", queryset=Invitation.objects.select_related("user"))))
        if self.action != "list":
            return qs
        params = self.request.query_params
        wanted = params.get("status")
        if wanted is not None:
            if wanted not in Game.Status.values:
                raise ValidationError({"status": f"must be one of {', '.join(Game.Status.values)}"})
            qs = qs.filter(status=wanted)
        qs = qs.exclude(lists.closed_to(self.request.user))
        # The lobby's filters, as the lobby page's URL carries them (lists.lobby_choice).
        chosen = lists.lobby_choice(params)
        if chosen.friends and not self.request.user.is_authenticated:
            raise NotAuthenticated("sign in to list your friends' games")
        qs = lists.chosen_games(qs, self.request.user, chosen)
        if query_flag(params, "mine"):
            user = self.request.user
            if not user.is_authenticated:
                raise NotAuthenticated("sign in to list your games")
            qs = qs.filter(lists.mine(user))
        if query_flag(params, "waiting"):
            if not self.request.user.is_authenticated:
                raise NotAuthenticated("sign in to list the games waiting for you")
            qs = qs.filter(pk__in=[g.pk for g in services.waiting_games(self.request.user)])
        return qs

    def get_serializer_class(self):
        if self.action == "list":
            return GameListSerializer
        return GameDetailSerializer if self.action == "retrieve" else GameSerializer

    @extend_schema(parameters=[
        OpenApiParameter("status", str, enum=Game.Status.values, description="only games with this status"),
        OpenApiParameter("mine", bool, description="true (or 1): only games where you have a seat or an invitation you have not declined"),
        OpenApiParameter("waiting", bool, description="true (or 1): only games where you must decide now (what a bot program polls)"),
        OpenApiParameter("game", str, enum=rules.names(), description="only games of this game"),
        OpenApiParameter("min_hours", HOURS, description="only games of at least this many hours a move"),
        OpenApiParameter("max_hours", HOURS, description="only games of at most this many hours a move"),
        OpenApiParameter("rating_min", RATING, description="only games whose creator's rating at the game is at "
                         "least this (a new player's: 1000)"),
        OpenApiParameter("rating_max", RATING, description="only games whose creator's rating at the game is at most this"),
        OpenApiParameter("friends", bool, description="true (or 1): only games created by your friends"),
        OpenApiParameter("lang", str, enum=[code for code, _ in settings.LANGUAGES],
                         description="only games whose creator speaks this language"),
    ], responses={200: GameListSerializer(many=True), 400: DETAIL, 401: DETAIL})
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    @extend_schema(responses={200: GameDetailSerializer, 404: DETAIL})
    def retrieve(self, request, *args, **kwargs):
        return super().retrieve(request, *args, **kwargs)

    @extend_schema(request={"application/json": create_game_request()}, responses={201: GameDetailSerializer, **_errors(400, 401, 403)})
    def create(self, request):
        body = CreateGameSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        game = services.create_game(request.user, **body.validated_data)
        return self._detail(game.pk, status.HTTP_201_CREATED)

    def _detail(self, game_id, code=status.HTTP_200_OK):
        game = services.game_in_full(game_id)
        return Response(GameDetailSerializer(game, context={"request": self.request}).data, status=code)

    @extend_schema(request=JoinSerializer, responses={200: GameDetailSerializer, **_errors(400, 401, 403, 404, 409)},
                   description="Take a seat in an open game: the first free one, or in a game played in teams the "
                               "first free seat of the `team` asked for (409 when that team is full).")
    @action(detail=True, methods=["post"])
    def join(self, request, pk=None):
        body = JoinSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.join_game(request.user, pk, body.validated_data.get("team"))
        return self._detail(pk)

    @extend_schema(request=None, responses={200: GameDetailSerializer, **_errors(401, 403, 404, 409)})
    @action(detail=True, methods=["post"])
    def leave(self, request, pk=None):
        services.leave_game(request.user, pk)
        return self._detail(pk)

    @extend_schema(request=None, responses={200: GameDetailSerializer, **_errors(401, 403, 404, 409)})
    @action(detail=True, methods=["post"])
    def start(self, request, pk=None):
        services.start_game(request.user, pk)
        return self._detail(pk)

    @extend_schema(request=None, responses={200: GameDetailSerializer, **_errors(401, 403, 404, 409)},
                   description="Decline your invitation to an open game; the creator sees that you said no.")
    @action(detail=True, methods=["post"])
    def decline(self, request, pk=None):
        services.decline_invitation(request.user, pk)
        return self._detail(pk)

    @extend_schema(responses={200: ActionsSerializer, **_errors(401, 403, 404, 409)})
    @action(detail=True, methods=["get"], permission_classes=[permissions.IsAuthenticated])
    def actions(self, request, pk=None):
        # What a client asks when its turn begins: the game and its seats in one query, as a decision does.
        return Response(services.legal_for(services.game_with_seats(pk), request.user))

    @extend_schema(methods=["GET"], responses={200: DecisionSerializer(many=True), 404: DETAIL},
                   parameters=[OpenApiParameter("lang", str, enum=LANGUAGES, description="language of the log lines")])
    @extend_schema(methods=["POST"], request=MoveSerializer,
                   responses={201: MoveResultSerializer, **_errors(400, 401, 403, 404, 409)})
    @action(detail=True, methods=["get", "post"], pagination_class=None)  # the whole log, in one answer
    def moves(self, request, pk=None):
        if request.method == "GET":
            game = self.get_object()
            lang = _chosen_language(request)
            seat = game.seat_of(request.user)
            return Response(services.decision_log(game, lang, seat.order if seat else None))
        seq, action = move_of(request.data)
        applied = services.submit_decision(request.user, pk, seq, action, language_of(request.user, request))
        return Response(applied.answer, status=status.HTTP_201_CREATED)

    @extend_schema(request=UndoSerializer, responses={200: MoveResultSerializer, **_errors(400, 401, 403, 404, 409)})
    @action(detail=True, methods=["post"])
    def undo(self, request, pk=None):
        body = UndoSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        applied = services.undo(request.user, pk, body.validated_data.get("seq"), language_of(request.user, request))
        return Response(applied.answer)

    @extend_schema(request=None, responses={200: GameDetailSerializer, **_errors(401, 403, 404, 409)})
    @action(detail=True, methods=["post"])
    def resign(self, request, pk=None):
        services.resign(request.user, pk)
        return self._detail(pk)

    @extend_schema(request=SeenSerializer, responses={200: SeenSerializer, **_errors(400, 401, 403, 404)})
    @action(detail=True, methods=["post"])
    def seen(self, request, pk=None):
        """You have seen the game up to `seq` (the game page says so when it shows you the present):
        My games counts the decisions since, and the game page tells you what the others did."""
        given = SeenSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        return Response({"seq": given.validated_data["seq"],
                         "last_seen_seq": services.seen(request.user, pk, given.validated_data["seq"])})

    @extend_schema(request=MuteSerializer, responses={200: MuteSerializer, **_errors(400, 401, 403, 404)})
    @action(detail=True, methods=["post"])
    def mute(self, request, pk=None):
        """Silence the emails and pushes of one of your games (or hear them again)."""
        game = self.get_object()
        given = MuteSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        return Response({"muted": services.mute(request.user, game.pk, given.validated_data["muted"])})

    @extend_schema(request=StandInSerializer, responses={200: GameDetailSerializer, **_errors(400, 401, 403, 404, 409)})
    @action(detail=True, methods=["post"], url_path="stand-in")
    def stand_in(self, request, pk=None):
        """Let a bot keep your seat for a while (a vacation), or take it back with null."""
        given = StandInSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        services.stand_in(request.user, pk, given.validated_data["bot"])
        return self._detail(pk)

    @extend_schema(parameters=[OpenApiParameter("upto", int, description="the view after this decision number (default: the "
                                                                         "last; below 0 or past the last counts as 0 or the last)")],
                   responses={200: ReplaySerializer, **_errors(400, 404, 409)})
    @action(detail=True, methods=["get"])
    def replay(self, request, pk=None):
        """The spectator's view of the game as it stood after a given decision (undone ones skipped)."""
        game = self.get_object()
        if game.seed is None:
            raise services.Conflict("the game has not started: there is nothing to replay")
        numbers = list(services.active_decisions(game).values_list("number", flat=True))
        last = numbers[-1] if numbers else 0
        upto = query_int(request.query_params, "upto", 0, last)
        upto = last if upto is None else upto
        state = services.replay(game, upto)
        return Response({"upto": upto, "position": sum(1 for n in numbers if n <= upto),
                         "numbers": numbers, "view": services.rules_of(game).view(state, None)})

    @extend_schema(parameters=[OpenApiParameter("lang", str, enum=LANGUAGES, description="the language of the words "
                                                                               "(default: the reader's)")],
                   responses={200: BoardInWordsSerializer, **_errors(400, 404, 409)},
                   description="The board in words, for a player who cannot see it (the game page's text view): "
                               "what the reader may see of it, and each player's last turn.")
    @action(detail=True, methods=["get"])
    def text(self, request, pk=None):
        game = self.get_object()
        return Response(services.board_in_words(game, request.user, _chosen_language(request)))

    @extend_schema(request=ExploreRequestSerializer, responses={200: ExploreSerializer, **_errors(400, 401, 404, 409, 429)},
                   description="The analysis board: a line of decisions for any seat, played from the present "
                               "position as you see it, in a world guessed from your view alone (`deal` picks the "
                               "guess). Nothing is stored and nobody else is told; what it shows of hidden things "
                               "is a guess, never the truth (docs/api.md).")
    @action(detail=True, methods=["post"])
    def explore(self, request, pk=None):
        game = self.get_object()
        body = ExploreRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        return Response(services.explore(game, request.user, body.validated_data["decisions"],
                                         body.validated_data["deal"], _chosen_language(request)))

    @extend_schema(responses={200: OpenApiResponse(RecordSerializer, description=(
                       "the record, as a file to save: `Content-Disposition: attachment; filename=\"<game>-<id>.json\"`")),
                   404: DETAIL, 409: DETAIL},
                   description="The game as one JSON document to download and replay offline with "
                               "`python -m games.rules.<game> replay` (docs/game-record.md); readable by anyone "
                               "who may read the game. Until the game is over it has no `seed` and each decision "
                               "is only its public part. 409 for a game that never started.")
    @action(detail=True, methods=["get"])
    def record(self, request, pk=None):
        game = services.game_with_seats(pk)
        response = Response(services.record_of(game))
        response["Content-Disposition"] = f'attachment; filename="{services.record_filename(game)}"'
        return response

    @extend_schema(methods=["GET"], parameters=[OpenApiParameter("cursor", str, description="from `next` or `previous` of a page")],
                   responses={200: ChatPageSerializer, 404: DETAIL})
    @extend_schema(methods=["POST"], request=ChatSerializer, responses={201: ChatSerializer, **_errors(400, 401, 403, 404)})
    @action(detail=True, methods=["get", "post"])
    def chat(self, request, pk=None):
        if request.method == "GET":
            game = self.get_object()
            # A hidden message keeps its place, emptied, so that open pages lose its text at their next load.
            messages = ChatMessage.objects.filter(game=game).select_related("user__profile")
            pages = ChatPages()
            page = pages.paginate_queryset(messages, request, view=self)
            return pages.get_paginated_response(ChatSerializer(page, many=True, context={"request": request}).data)
        body = ChatSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        message = services.post_chat(request.user, pk, body.validated_data["text"])
        return Response(ChatSerializer(message).data, status=status.HTTP_201_CREATED)
