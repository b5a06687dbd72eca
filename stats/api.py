"""GET /api/users/{username}/stats/ and GET /api/stats/{game}/: the statistics pages' figures as JSON."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import language_of
from foundation.api import MethodFirst
from games import rules, services
from games.entry.api.schema import DETAIL
from games.services import lists
from stats import figures

RATE = {"allow_null": True, "help_text": "wins / games, from 0 to 1; null without a game"}


class SeatRateSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text="the seat's place in the turn order: 1 plays first")
    games = serializers.IntegerField(help_text="finished games behind the figure")
    wins = serializers.IntegerField(help_text="games placed first (a shared first place included)")
    win_rate = serializers.FloatField(**RATE)


class PlayersRateSerializer(serializers.Serializer):
    players = serializers.IntegerField(help_text="the number of seats of the games")
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    win_rate = serializers.FloatField(**RATE)


class OpponentSerializer(serializers.Serializer):
    username = serializers.CharField(source="opponent")
    is_bot = serializers.BooleanField(source="opponent_bot", help_text="a bot account's seat")
    games = serializers.IntegerField(help_text="finished games played together")
    wins = serializers.IntegerField(help_text="games the player placed higher")
    losses = serializers.IntegerField(help_text="games the opponent placed higher")
    draws = serializers.IntegerField(help_text="games they shared a place (partners in a team game too)")


class RatingPointSerializer(serializers.Serializer):
    game_id = serializers.IntegerField(help_text="the finished game that moved the rating")
    rating = serializers.IntegerField(help_text="the displayed rating after it")


class PlayerGameStatsSerializer(serializers.Serializer):
    game = serializers.CharField(help_text="which game: its name in the registry")
    title = serializers.CharField(help_text="the game's title in your language")
    games = serializers.IntegerField(help_text="finished games (a seat each; a reverted game does not count)")
    wins = serializers.IntegerField(help_text="games placed first; a team's win counts for both partners")
    win_rate = serializers.FloatField(**RATE)
    average_score = serializers.FloatField(allow_null=True)
    average_place = serializers.FloatField(allow_null=True, help_text="1 is first")
    by_seat = SeatRateSerializer(many=True)
    by_players = PlayersRateSerializer(many=True)
    rating = serializers.IntegerField(allow_null=True, help_text="the displayed rating now; null: not rated yet")
    rating_history = RatingPointSerializer(many=True, help_text="the rated games in the order they finished")
    opponents = OpponentSerializer(many=True, help_text="the 10 players met most, most games first")
    longest_win_streak = serializers.IntegerField(help_text="games won in a row, in the order they finished")
    longest_losing_streak = serializers.IntegerField(help_text="games not won in a row")


class PlayerStatsSerializer(serializers.Serializer):
    username = serializers.CharField()
    games = PlayerGameStatsSerializer(many=True, help_text="one entry per game the player finished one of")


class MonthSerializer(serializers.Serializer):
    month = serializers.CharField(help_text="YYYY-MM, in the site's time zone")
    games = serializers.IntegerField(help_text="games finished in that month")


class TableSizeSerializer(serializers.Serializer):
    players = serializers.IntegerField()
    games = serializers.IntegerField()
    by_seat = SeatRateSerializer(many=True)


class LengthSerializer(serializers.Serializer):
    players = serializers.IntegerField()
    games = serializers.IntegerField()
    average_decisions = serializers.FloatField(allow_null=True, help_text="decisions that stand (an undone one does not)")
    average_days = serializers.FloatField(allow_null=True, help_text="days from the start to the end")


class GameStatsSerializer(serializers.Serializer):
    game = serializers.CharField()
    title = serializers.CharField()
    games = serializers.IntegerField(help_text="finished games (a reverted game does not count)")
    months = MonthSerializer(many=True, help_text="the last 24 months, oldest first")
    by_seat = SeatRateSerializer(many=True, help_text="every table size together")
    by_players = TableSizeSerializer(many=True)
    length = LengthSerializer(many=True, help_text="per table size")


class PlayerStatsView(MethodFirst, APIView):
    """A player's statistics in every game they have finished one of."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: PlayerStatsSerializer, 404: DETAIL})
    def get(self, request, username: str):
        try:
            user = lists.active_player(username)
        except services.NotFound:
            raise NotFound(f"no player named {username!r}") from None
        games = figures.player(user, language_of(request.user, request))
        return Response(PlayerStatsSerializer({"username": user.username, "games": games}).data)


class GameStatsView(MethodFirst, APIView):
    """One game's statistics over the whole site."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: GameStatsSerializer, 404: DETAIL})
    def get(self, request, game: str):
        if game not in rules.names():
            raise NotFound(f"no game named {game!r}")
        return Response(GameStatsSerializer(figures.game(game, language_of(request.user, request))).data)
