from django.urls import path

from stats.api import GameStatsView, PlayerStatsView

urlpatterns = [
    path("users/<str:username>/stats/", PlayerStatsView.as_view(), name="api-user-stats"),
    path("stats/<str:game>/", GameStatsView.as_view(), name="api-game-stats"),
]
