from django.urls import path

from games.entry import pwa, views

urlpatterns = [
    path("", views.home, name="home"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("offline/", pwa.offline, name="offline"),
    path("games/new/<str:game_name>/", views.new_game, name="new_game"),
    path("games/mine/", views.my_games, name="my_games"),
    path("games/next/", views.next_game, name="next_game"),
    path("games/<int:game_id>/", views.game_page, name="game"),
    path("games/<int:game_id>/join/", views.join, name="game_join"),
    path("games/<int:game_id>/leave/", views.leave, name="game_leave"),
    path("games/<int:game_id>/start/", views.start, name="game_start"),
    path("games/<int:game_id>/mute/", views.mute, name="game_mute"),
    path("games/<int:game_id>/stand-in/", views.stand_in, name="game_stand_in"),
    path("games/<int:game_id>/decline/", views.decline, name="game_decline"),
    path("rules/", views.rules_index, name="rules_index"),
    path("rules/<str:game_name>/", views.rules_page, name="rules"),
    path("ratings/", views.ratings_index, name="ratings_index"),
    path("ratings/<str:game_name>/", views.leaderboard_page, name="leaderboard"),
    path("settings/", views.settings_page, name="settings"),
    path("players/<str:username>/", views.player_page, name="player"),
    path("email/preferences/<str:token>/", views.email_preferences, name="email_preferences"),
]
