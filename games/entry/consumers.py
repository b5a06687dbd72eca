"""WebSockets: one group per game, one per user. Messages carry no hidden information.

The server speaks; a client says only `{"type": "ping"}` (answered `{"event": "pong"}`), which also
tells presence the tab is still there, and with `"away": true` that it is hidden or idle. Anything else
gets `{"event": "error", "detail": …}` and the socket stays open: a bad frame is a client's bug, not a
reason to drop its updates."""
from __future__ import annotations

import json
import logging
import time

from channels.db import database_sync_to_async
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from redis.exceptions import ConnectionError as RedisConnectionLost, TimeoutError as RedisTimeout

from accounts import credentials
from games import presence
from games.entry.tasks import enqueue, user_left
from games.models import Game
from games.reactions import notify

CLOSE_UNAUTHENTICATED = 4401
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404
CLOSE_TRY_AGAIN = 1013  # RFC 6455 "Try Again Later": the channel layer is out of reach for now
LARGEST_FRAME = 1024  # a ping is 16 bytes; nothing a client sends needs more
HEARD_EVERY = 30  # seconds: how often a ping refreshes presence in the database, at most
# What a send to a client that is gone raises: uvicorn's ClientDisconnected (an OSError), or, with
# the sans-I/O protocol on uvloop, a RuntimeError from the closed transport.
CLIENT_GONE = (OSError, RuntimeError)
# What the Redis channel layer raises when its server is out of reach or dropped the connection (a
# restart of Redis): the first command on a dropped connection fails, the next one connects anew.
LAYER_LOST = (RedisConnectionLost, RedisTimeout, OSError)

log = logging.getLogger(__name__)


class AnnouncingConsumer(AsyncJsonWebsocketConsumer):
    group: str | None = None
    account: str | None = None
    credential: str | None = None  # accounts.credentials.name of what let the socket in
    credential_expires: float | None = None
    heard_at = 0.0
    away = False
    ended = False

    async def __call__(self, scope, receive, send):
        # A send to a socket the client has already closed raises (uvicorn's ClientDisconnected), and
        # then websocket.disconnect is never handled: the groups and presence are cleaned up here too.
        try:
            await self.serve(scope, receive, send)
        finally:
            await self.end()

    async def serve(self, scope, receive, send) -> None:
        """The socket's own channel is subscribed before the handshake is read: where the layer's
        connection was lost (the first command after a restart of Redis fails, the next connects
        anew) the subscription is tried once more, as in enter_groups; while Redis stays out of
        reach the handshake is refused with CLOSE_TRY_AGAIN, never an error."""
        for attempt in (1, 2):
            try:
                await super().__call__(scope, receive, send)
                return
            except LAYER_LOST as exc:
                if getattr(self, "channel_name", None) is not None:
                    raise  # lost after the socket had its channel: not a handshake's to answer
                log.warning("channel layer out of reach opening a socket (attempt %d): %r", attempt, exc)
        await receive()  # the handshake, answered with a refusal
        await send({"type": "websocket.close", "code": CLOSE_TRY_AGAIN})

    async def join(self, group: str) -> bool:
        """Accept the socket into its group, and into its user's account group when signed in;
        False, and the socket refused, when the channel layer is out of reach (CLOSE_TRY_AGAIN) or
        its ticket's credential ended meanwhile."""
        self.group = group
        user = self.scope.get("user")
        signed_in = user is not None and user.is_authenticated
        if signed_in:
            self.account = notify.account_group(user.pk)
            self.credential = self.scope.get("credential")
            self.credential_expires = self.scope.get("credential_expires")
        if not await self.enter_groups():
            await self.close(code=CLOSE_TRY_AGAIN)
            await self.end()
            return False
        if signed_in and not await self.ticket_still_holds(user):
            await self.end_signed_out()
            return False
        await self.accept()
        return True

    async def enter_groups(self) -> bool:
        """Add the socket to its groups, trying once more where the channel layer's connection was
        lost (the first command after a restart of Redis fails, the second connects anew); False
        when it is still out of reach: the client is told to try again later, never an error."""
        for group in (self.group, self.account):
            if group is None:
                continue
            for attempt in (1, 2):
                try:
                    await self.channel_layer.group_add(group, self.channel_name)
                    break
                except LAYER_LOST as exc:
                    log.warning("channel layer out of reach joining a socket (attempt %d): %r", attempt, exc)
            else:
                return False
        return True

    async def ticket_still_holds(self, user) -> bool:
        """A ticket's credential checked again now that the socket hears the account's sign-outs:
        one that ended after the ticket was redeemed sent its sign-out before the socket was there."""
        ticket = self.scope.get("ticket")
        if ticket is None:
            return True
        return await database_sync_to_async(credentials.still_holds)(user, ticket.credential, ticket.session_key)

    async def send_json(self, content, close=False):
        if self.ended:
            return  # closed by us: nothing more goes out (uvicorn refuses a send after a close)
        try:
            await super().send_json(content, close)
        except CLIENT_GONE:
            raise StopConsumer from None  # end quietly: the cleanup runs in __call__

    async def close(self, code=None, reason=None):
        try:
            await super().close(code, reason)
        except CLIENT_GONE:
            raise StopConsumer from None

    async def announce(self, message):
        if await self.still_signed_in():
            await self.send_json(message["payload"])

    async def sign_out(self, message):
        """The account was suspended (no `credential`), or what let this socket in ended: a token
        revoked or replaced, a session signed out, every session after a new password (`kind`).
        The socket ends now, not when the tab closes."""
        credential, kind = message.get("credential"), message.get("kind")
        everything = credential is None and kind is None
        mine = self.credential is not None and (
            credential == self.credential or (kind is not None and self.credential.startswith(kind + ":")))
        if everything or mine:
            await self.end_signed_out()

    async def still_signed_in(self) -> bool:
        """False, and the socket closes, once the token it came in with has outlived its lifetime."""
        if self.credential_expires is not None and time.time() >= self.credential_expires:
            await self.end_signed_out()
            return False
        return not self.ended

    async def end_signed_out(self) -> None:
        if not self.ended:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            await self.end()

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        if not await self.still_signed_in():
            return
        ping = self.ping_of(text_data)
        if ping is not None:
            await self.heard(ping.get("away") is True)
            await self.send_json({"event": "pong"})
        else:
            await self.send_json({"event": "error", "detail": 'this socket only understands {"type": "ping"}'})

    @staticmethod
    def ping_of(text_data) -> dict | None:
        if text_data is None or len(text_data) > LARGEST_FRAME:
            return None
        try:
            message = json.loads(text_data)
        except (ValueError, RecursionError):
            return None
        return message if isinstance(message, dict) and message.get("type") == "ping" else None

    async def heard(self, away: bool) -> None:
        """A ping: nothing to note for a game socket (see UserConsumer)."""

    async def disconnect(self, code):
        await self.end()

    async def end(self) -> None:
        """Leave the groups (and, for /ws/me/, presence) once, however the socket ends."""
        if self.ended:
            return
        self.ended = True
        for group in (self.group, self.account):
            if group:
                try:
                    await self.channel_layer.group_discard(group, self.channel_name)
                except LAYER_LOST as exc:  # a layer that lost its server forgets the socket anyway
                    log.warning("channel layer out of reach leaving a group: %r", exc)


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
        await self.join(notify.game_group(game_id))

    @database_sync_to_async
    def may_watch(self, game_id: int) -> bool:
        return Game.objects.filter(pk=game_id).exclude(status=Game.Status.ABORTED).exists()


class UserConsumer(AnnouncingConsumer):
    """/ws/me/: "your turn", invitations, games ending, for the signed-in user. While it is open
    and pinging, the user is on the site (games.presence) and gets no turn email."""

    async def connect(self):
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        if not await self.join(notify.user_group(user.pk)):
            return
        self.user_id = user.pk
        await database_sync_to_async(presence.arrive)(user.pk, self.channel_name)

    async def heard(self, away: bool) -> None:
        # A change between here and away is noted at once; a plain ping at most every HEARD_EVERY.
        if away != self.away or time.monotonic() - self.heard_at >= HEARD_EVERY:
            self.heard_at = time.monotonic()
            went_away, self.away = away and not self.away, away
            await database_sync_to_async(self.noted)(went_away)

    def noted(self, went_away: bool) -> None:
        presence.heard(self.channel_name, self.away)
        if went_away:
            self.held_back_notices_go_out()

    async def end(self) -> None:
        if self.ended:
            return
        try:
            await super().end()
        finally:  # presence is cleaned up however the socket ends, even if the layer is gone
            if getattr(self, "user_id", None):
                await database_sync_to_async(self.left)()

    def left(self):
        presence.leave(self.user_id, self.channel_name)
        self.held_back_notices_go_out()

    def held_back_notices_go_out(self):
        if not presence.is_online(self.user_id):
            enqueue(user_left, self.user_id)
