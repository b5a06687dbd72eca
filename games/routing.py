from django.urls import path

from .consumers import GameConsumer, UserConsumer

websocket_urlpatterns = [
    path("ws/games/<int:game_id>/", GameConsumer.as_asgi()),
    path("ws/me/", UserConsumer.as_asgi()),
]
