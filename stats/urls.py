from django.urls import path

from stats import views

urlpatterns = [
    path("stats/", views.site_stats, name="site_stats"),
    path("stats/<str:game_name>/", views.game_stats, name="game_stats"),
    path("players/<str:username>/stats/", views.player_stats, name="player_stats"),
]
