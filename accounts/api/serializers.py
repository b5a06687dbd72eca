from django.contrib.auth import get_user_model
from rest_framework import serializers

from accounts.models import Profile


class ProfileSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username", read_only=True)
    email = serializers.EmailField(source="user.email", read_only=True)

    class Meta:
        model = Profile
        fields = ["username", "email", "display_name", "language", "time_zone", "notify_turn"]


class PublicUserSerializer(serializers.ModelSerializer):
    display_name = serializers.CharField(source="profile.name", read_only=True)
    games_finished = serializers.SerializerMethodField()

    class Meta:
        model = get_user_model()
        fields = ["username", "display_name", "date_joined", "games_finished"]

    def get_games_finished(self, user) -> int:
        return user.seats.filter(game__status="finished").count()
