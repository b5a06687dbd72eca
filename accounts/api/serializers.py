import zoneinfo

from django.contrib.auth import get_user_model
from rest_framework import serializers

from accounts.models import Profile
from games.api.contract import StrictCharField


class UserRatingSerializer(serializers.Serializer):
    game = serializers.CharField()
    rating = serializers.IntegerField()
    games = serializers.IntegerField()
    provisional = serializers.BooleanField()


def ratings_of(user) -> list[dict]:
    return [{"game": r.game, "rating": r.display, "games": r.games, "provisional": r.provisional}
            for r in user.ratings.all()]


class ProfileSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username", read_only=True)
    email = serializers.EmailField(source="user.email", read_only=True)
    ratings = serializers.SerializerMethodField()
    games_waiting = serializers.SerializerMethodField(help_text="games in which it is your decision now")
    # An enum in the schema, so a client knows the zones before it sends one.
    display_name = StrictCharField(max_length=40, allow_blank=True, required=False,
                                   help_text="the name other players see; empty: your username")
    time_zone = serializers.ChoiceField(choices=sorted(zoneinfo.available_timezones()), required=False,
                                        help_text="an IANA time zone, e.g. Europe/Berlin")

    class Meta:
        model = Profile
        fields = ["username", "email", "display_name", "language", "time_zone", "notify_turn", "ratings",
                  "games_waiting"]

    def get_games_waiting(self, profile) -> int:
        from games.services import waiting_games
        return len(waiting_games(profile.user))

    def get_ratings(self, profile) -> UserRatingSerializer(many=True):
        return ratings_of(profile.user)


class PublicUserSerializer(serializers.ModelSerializer):
    display_name = serializers.CharField(source="profile.name", read_only=True)
    games_finished = serializers.SerializerMethodField()

    ratings = serializers.SerializerMethodField()

    class Meta:
        model = get_user_model()
        fields = ["username", "display_name", "date_joined", "games_finished", "ratings"]

    def get_ratings(self, user) -> UserRatingSerializer(many=True):
        return ratings_of(user)

    def get_games_finished(self, user) -> int:
        return user.seats.filter(game__status="finished").count()
