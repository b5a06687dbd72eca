"""WebSockets: one group per game, one per user. Messages carry no hidden information."""
from __future__ import annotations

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from . import notify, presence

CLOSE_UNAUTHENTICATED = 4401
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404


class AnnouncingConsumer(AsyncJsonWebsocketConsumer):
    group: str | None = None

    async def announce(self, message):
        await self.send_json(message["payload"])

    async def disconnect(self, code):
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)


class NoSuchSocket(AsyncJsonWebsocketConsumer):
    """A WebSocket path the site does not serve (/ws/games/abc/, /ws/nothing/)."""

    async def connect(self):
        await self.close(code=CLOSE_NOT_FOUND)


class GameConsumer(AnnouncingConsumer):
    """/ws/games/{id}/: decisions, turn changes and the end of one game."""

    async def connect(self):
        # Spectators may watch without an account: the messages carry nothing hidden.
        game_id = self.scope["url_route"]["kwargs"]["game_id"]
        if not await self.may_watch(game_id):
            await self.close(code=CLOSE_FORBIDDEN)
            return
        self.group = notify.game_group(game_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    @database_sync_to_async
    def may_watch(self, game_id: int) -> bool:
        from .models import Game
        return Game.objects.filter(pk=game_id).exclude(status=Game.Status.ABORTED).exists()


class UserConsumer(AnnouncingConsumer):
    """/ws/me/: "your turn", invitations, games ending, for the signed-in user."""

    async def connect(self):
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        self.user_id = user.pk
        self.group = notify.user_group(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await database_sync_to_async(presence.arrive)(user.pk, self.channel_name)

    async def disconnect(self, code):
        await super().disconnect(code)
        if getattr(self, "user_id", None):
            await database_sync_to_async(self.left)()

    def left(self):
        presence.leave(self.user_id, self.channel_name)
        if not presence.is_online(self.user_id):
            from .tasks import enqueue, user_left
            enqueue(user_left, self.user_id)
