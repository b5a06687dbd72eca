"""GET /api/me/games/: My games, as the page lists them (games.services.lists.my_games)."""
from __future__ import annotations

from django.utils import translation
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import display_name
from foundation.api import MethodFirst
from games import groupings, rules
from games.models import Game
from games.services import lists
from games.templatetags.site_tags import result_for

from .schema import DETAIL


class PlayerSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text="the seat's number, from 0 in the game's order")
    name = serializers.CharField(help_text="the player's display name")
    you = serializers.BooleanField()


class LastMoveSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField(help_text="who made it")
    line = serializers.CharField(help_text="its first line of the game's log, in your language (at most 120 characters)")
    at = serializers.DateTimeField()


class MyGameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField(help_text="the game's name in the registry")
    title = serializers.CharField(help_text="the game's title in your language")
    status = serializers.ChoiceField(choices=Game.Status.choices)
    section = serializers.ChoiceField(choices=lists.MY_GAMES_SECTIONS, help_text="where My games lists it")
    url = serializers.CharField(help_text="the game's page")
    players = PlayerSerializer(many=True)
    to_decide = PlayerSerializer(allow_null=True, help_text="who decides now (none in an open or finished game)")
    deadline = serializers.DateTimeField(allow_null=True, help_text="when the current turn's time runs out")
    last_move_at = serializers.DateTimeField(allow_null=True)
    last_move = LastMoveSerializer(allow_null=True, help_text="the last decision that stands (a game in play only)")
    new_since = serializers.IntegerField(help_text="decisions of the others since your page last showed you the game")
    standing_orders = serializers.IntegerField(min_value=0, help_text="your standing orders that wait in the game (a game in play only)")
    result = serializers.CharField(help_text="a finished game's result as you read it (\"you won\"); else empty")


class MyGamesSerializer(serializers.Serializer):
    waiting_for_you = serializers.IntegerField(help_text="games where you decide, and invitations to answer (the badge)")
    games = MyGameSerializer(many=True)


def row(user, section: str, game: Game, mine: lists.MyGames) -> dict:
    players = [{"seat": s.order, "name": display_name(s.user), "you": s.user_id == user.pk}
               for s in sorted(game.seats.all(), key=lambda s: s.order)]
    deciding = game.deciding_seat if game.status == Game.Status.ACTIVE else None
    return {"id": game.pk, "game": game.name, "title": rules.title(game.name, translation.get_language() or "en"),
            "status": game.status, "section": section, "url": f"/games/{game.pk}/", "players": players,
            "to_decide": next((p for p in players if deciding and p["seat"] == deciding.order), None),
            "deadline": game.deadline if deciding else None, "last_move_at": game.last_move_at,
            "last_move": mine.last_moves.get(game.pk), "new_since": mine.new_since.get(game.pk, 0),
            "standing_orders": mine.answers_waiting.get(game.pk, 0),
            "result": result_for(game, user) if section == "finished" else ""}


class MyGamesView(MethodFirst, APIView):
    """Your games, most urgent first: where you decide (the soonest deadline first), invitations,
    games waiting for others (the latest move first), finished ones (the latest first)."""

    permission_classes = [permissions.IsAuthenticated]
    http_method_names = ["get", "head", "options"]

    # The filters of the other apps (games.groupings) are registered when the apps are ready, before
    # the URLs import this module.
    @extend_schema(parameters=[
        OpenApiParameter("game", str, enum=rules.names(), description="only this game (its name in the registry)"),
        OpenApiParameter("show", str, enum=list(lists.MY_GAMES_SECTIONS), description="only this section"),
        *(OpenApiParameter(g.key, str, description=g.description, pattern=g.pattern) for g in groupings.registered())],
        responses={200: MyGamesSerializer, 400: DETAIL, 401: DETAIL, 404: DETAIL})
    def get(self, request):
        params = request.query_params
        mine = lists.my_games(request.user, game=params.get("game"), show=params.get("show"),
                              lang=translation.get_language() or "en",
                              groups={g.key: params[g.key] for g in groupings.registered() if g.key in params})
        games = [row(request.user, section, g, mine) for section, g in mine.in_order()]
        return Response(MyGamesSerializer({"waiting_for_you": mine.waiting_for_me, "games": games}).data)
