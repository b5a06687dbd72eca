from django.urls import path, re_path

from games.entry.consumers import GameConsumer, NoSuchSocket, UserConsumer

websocket_urlpatterns = [
    path("ws/games/<int:game_id>/", GameConsumer.as_asgi()),
    path("ws/me/", UserConsumer.as_asgi()),
    re_path(r"", NoSuchSocket.as_asgi()),  # any other path: refused with a close code, not a traceback
]
