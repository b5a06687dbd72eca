"""Announcements after a commit: WebSocket groups per game and per user.

Nothing here carries hidden information: a message names the game, its new seq and what happened;
clients fetch the fresh view through the API. A channel layer that is down never fails a move.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import os
import threading
from dataclasses import dataclass

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib.auth.signals import user_logged_out
from django.db import transaction
from django.db.models.signals import post_delete
from django.dispatch import receiver

from accounts import credentials
from accounts.models import Profile, supported_language
from accounts.signals import account_suspended, password_changed, signed_out_everywhere
from games import rules, signals
from games.ratings import rating_moves
from games.services import NotFound, game_in_full, game_with_seats, invitations_of

log = logging.getLogger(__name__)
SEND_TIMEOUT = 3.0


def game_group(game_id: int) -> str:
    return f"game-{game_id}"


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def account_group(user_id: int) -> str:
    """Every socket a signed-in user holds (their /ws/me/ and the games they watch)."""
    return f"account-{user_id}"


_loop: asyncio.AbstractEventLoop | None = None
_loop_pid: int | None = None
_loop_lock = threading.Lock()


def _redis_loop() -> asyncio.AbstractEventLoop:
    """One long-lived event loop per process for the Redis layer, so its connections are reused
    (async_to_sync from a WSGI thread would open a new loop, and new connections, every time).
    A forked process (a server worker) inherits the loop but not its thread: it starts its own."""
    global _loop, _loop_pid
    with _loop_lock:
        if _loop is None or _loop.is_closed() or _loop_pid != os.getpid():
            _loop = asyncio.new_event_loop()
            _loop_pid = os.getpid()
            _pending.clear()  # a parent's sends, which no thread of this process will finish
            threading.Thread(target=_loop.run_forever, name="notify-loop", daemon=True).start()
        return _loop


def send_all(messages: list[tuple[str, dict]], wait: bool = True) -> bool:
    """Send each (group, payload) to the clients; False, and a log line, if the layer is unreachable.
    wait=False hands them to the Redis layer's loop and returns at once (True: handed over)."""
    return _group_send([(group, {"type": "announce", "payload": payload}) for group, payload in messages], wait)


def _group_send(messages: list[tuple[str, dict]], wait: bool = True) -> bool:
    layer = get_channel_layer()
    if layer is None or not messages:
        return False

    async def deliver():  # in order: a client hears a decision's messages as they were written
        # asyncio.timeout: wait_for would make a second task of each hand-over (30-50 µs of CPU more)
        async with asyncio.timeout(SEND_TIMEOUT):
            for group, message in messages:
                await layer.group_send(group, message)
    try:
        if not type(layer).__module__.startswith("channels_redis"):
            async_to_sync(deliver)()
            return True
        sending = asyncio.run_coroutine_threadsafe(deliver(), _redis_loop())
        if wait:
            sending.result(timeout=SEND_TIMEOUT + 1)
        else:
            _handed_over(sending, len(messages))
        return True
    except Exception as exc:  # a broken channel layer must never break a move
        _not_sent(len(messages), exc)
        return False


# What was handed to the loop and is not sent yet: flush_published waits for it.
_pending: set[concurrent.futures.Future] = set()


def _handed_over(sending: concurrent.futures.Future, count: int) -> None:
    _pending.add(sending)  # before the callback, which runs at once if it is done already

    def done(finished):
        _pending.discard(finished)
        _report(finished, count)
    sending.add_done_callback(done)


def flush_published(timeout: float = SEND_TIMEOUT + 1) -> None:
    """Wait until every message handed over so far in this process is sent, or given up (tests)."""
    concurrent.futures.wait(list(_pending), timeout=timeout)


def _report(sending, count: int) -> None:
    failed = sending.cancelled() or sending.exception()
    if failed:
        _not_sent(count, failed)


def _not_sent(count: int, exc) -> None:
    log.warning("channel layer unavailable, %d messages not sent: %r", count, exc)


def send(group: str, payload: dict) -> bool:
    return send_all([(group, payload)])


@dataclass(frozen=True)
class Change:
    """What to announce about a stored decision, taken inside the transaction."""

    game_id: int
    seq: int
    finished: bool
    turn_changed: bool
    seat: int | None
    members: tuple[int, ...]
    to_decide: int | None  # the user who must decide now, unless a bot plays that seat
    rating_changes: tuple[tuple[int, int, int], ...] = ()  # (user id, before, after) once a rated game is over
    titles: tuple = ()  # (user id, the game's title in that user's language): for the player's notification

    def title_for(self, user_id: int) -> str:
        return dict(self.titles).get(user_id, "")

    @classmethod
    def of(cls, game, turn_changed: bool) -> Change:
        seats = list(game.seats.all())
        deciding = next((s for s in seats if s.order == game.current_seat and not s.played_by_bot), None)
        finished = game.status == "finished"
        changes: tuple[tuple[int, int, int], ...] = ()
        if finished:
            changes = tuple(rating_moves(game))
        members = tuple(s.user_id for s in seats)
        told = members if finished else (deciding.user_id,) if turn_changed and deciding else ()
        return cls(game.pk, game.seq, finished, turn_changed, game.current_seat, members,
                   deciding.user_id if deciding else None, changes, _titles(game.name, told, seats))


def _titles(game_name: str, user_ids, seats=()) -> tuple:
    """The game's title in each user's language (from the seats' profiles when the locked read
    brought them, else one query; only when someone is told)."""
    if not user_ids:
        return ()
    languages = {}
    for seat in seats:
        user = seat._state.fields_cache.get("user")
        if user is not None and "profile" in user._state.fields_cache:
            profile = user._state.fields_cache["profile"]
            languages[seat.user_id] = profile.language if profile else None
    if not all(u in languages for u in user_ids):
        languages = dict(Profile.objects.filter(user_id__in=user_ids).values_list("user_id", "language"))
    return tuple((u, rules.title(game_name, supported_language(languages.get(u)))) for u in user_ids)


def decision_made(change: Change) -> None:
    gid, seq = change.game_id, change.seq
    if change.finished:
        payload = {"event": "game_over", "game": gid, "seq": seq}
        rated = {user: {"before": before, "after": after} for user, before, after in change.rating_changes}
        send_all([(game_group(gid), payload)]
                 + [(user_group(u), {**payload, "title": change.title_for(u), "rating": rated.get(u)})
                    for u in change.members], wait=False)
        return
    messages = [(game_group(gid), {"event": "turn_changed" if change.turn_changed else "decision",
                                   "game": gid, "seq": seq, "seat": change.seat})]
    if change.turn_changed and change.to_decide is not None:
        messages.append((user_group(change.to_decide), {"event": "your_turn", "game": gid, "seq": seq,
                                                         "title": change.title_for(change.to_decide)}))
    if change.turn_changed:  # the others' badges: the game no longer waits for whoever just decided
        messages += [(user_group(u), {"event": "turn_changed", "game": gid, "seq": seq})
                     for u in set(change.members) - {change.to_decide}]
    # The 201 need not wait for Redis. Two decisions' messages may cross: each names its seq, and
    # a client reads the game itself from the API.
    send_all(messages, wait=False)


# What changes whether a game waits for its players: each of them hears it on /ws/me/ too, so that
# every page's badge and title follow it (static/js/notifier.js).
SEAT_NEWS = {"aborted", "seat_resigned", "seat_timed_out", "seat_removed", "stand_in", "stand_in_back"}


def game_event(game_id: int, what: str) -> None:
    try:
        # The game, its seats, players and their languages in one query, as a decision reads them;
        # and its invitations when they close.
        game = game_in_full(game_id) if what in INVITATIONS_CLOSE else game_with_seats(game_id)
    except NotFound:
        return
    payload = {"event": what, "game": game_id, "seq": game.seq}
    send_all([(game_group(game_id), payload)]
             + [(user_group(s.user_id), payload) for s in (game.seats.all() if what in SEAT_NEWS else ())])
    if what == "started":
        for seat in game.seats.all():
            send(user_group(seat.user_id), {"event": "game_started", "game": game_id, "seq": game.seq})
        decision_made(Change.of(game, turn_changed=True))
    if what in INVITATIONS_CLOSE:
        invitations_closed(game)


INVITATIONS_CLOSE = {"started", "aborted"}


def invitations_closed(game) -> None:
    """Those still invited when the game started or ended without them: their badge counted it."""
    for user in invitations_of(game)["pending"]:
        send(user_group(user.pk), {"event": "invitation_closed", "game": game.pk})


def invited(user_id: int, game_id: int) -> None:
    send(user_group(user_id), {"event": "invited", "game": game_id})


# --- listening to the service layer: every message leaves after the commit ---------------------

@receiver(signals.decision_stored)
def _decision_stored(sender, game, turn_changed, **kwargs):
    news = Change.of(game, turn_changed=turn_changed)  # read inside the transaction
    transaction.on_commit(lambda: decision_made(news))


@receiver(signals.game_started)
def _game_started(sender, game, **kwargs):
    gid = game.pk
    transaction.on_commit(lambda: game_event(gid, "started"))


@receiver(signals.game_aborted)
@receiver(signals.result_reverted)
def _game_aborted(sender, game, **kwargs):
    gid = game.pk
    transaction.on_commit(lambda: game_event(gid, "aborted"))


@receiver(signals.lobby_changed)
def _lobby_changed(sender, game, **kwargs):
    gid = game.pk
    transaction.on_commit(lambda: game_event(gid, "lobby"))


@receiver(signals.invitation_withdrawn)
def _invitation_withdrawn(sender, game, user_id, **kwargs):
    gid = game.pk

    def tell():
        game_event(gid, "lobby")  # the lobby no longer lists the invitee
        send(user_group(user_id), {"event": "invitation_closed", "game": gid})  # their badge counted it
    transaction.on_commit(tell)


@receiver(signals.game_moderated)
def _game_moderated(sender, game, action, **kwargs):
    gid = game.pk
    transaction.on_commit(lambda: game_event(gid, "moderated"))


@receiver(signals.chat_posted)
def _chat_posted(sender, game_id, **kwargs):
    transaction.on_commit(lambda: game_event(game_id, "chat"))


@receiver(signals.seat_handed_to_bot)
def _seat_handed_to_bot(sender, game, seat, **kwargs):
    gid, what = game.pk, "seat_" + seat.status
    transaction.on_commit(lambda: game_event(gid, what))


@receiver(signals.stand_in_changed)
def _stand_in_changed(sender, game, seat, **kwargs):
    gid, what = game.pk, "stand_in" if seat.stand_in else "stand_in_back"
    transaction.on_commit(lambda: game_event(gid, what))


@receiver(account_suspended)
def _account_suspended(sender, user_id, **kwargs):
    _sign_out(user_id)


def _sign_out(user_id: int, **which) -> None:
    """After the commit, the account's sockets end (AnnouncingConsumer.sign_out): all of them, or
    those opened with one credential (`credential=`) or one kind of credential (`kind=`)."""
    message = {"type": "sign_out", **which}
    transaction.on_commit(lambda: _group_send([(account_group(user_id), message)]))


@receiver(post_delete, sender="accounts.ApiToken")
def _token_ended(sender, instance, **kwargs):
    """Revoked, replaced by a new sign-in, expired, or ended by a new password or a suspension."""
    _sign_out(instance.user_id, credential=credentials.token_name(instance))


@receiver(post_delete, sender="usersessions.UserSession")
def _listed_session_ended(sender, instance, **kwargs):
    """Signed out from another browser (accounts.sign_ins), or found ended already."""
    _sign_out(instance.user_id, credential=credentials.name(credentials.SESSION, instance.session_key))


@receiver(signed_out_everywhere)
def _signed_out_everywhere(sender, user_id, **kwargs):
    _sign_out(user_id)


@receiver(user_logged_out)
def _session_ended(sender, request, user, **kwargs):
    if user is not None and request is not None and request.session.session_key:
        _sign_out(user.pk, credential=credentials.name(credentials.SESSION, request.session.session_key))


@receiver(password_changed)
def _password_changed(sender, user_id, **kwargs):
    # The session that changed it lives on under a new key (update_session_auth_hash): its tabs'
    # sockets close too and come back signed in at once (static/js/live.js reconnects).
    _sign_out(user_id, kind=credentials.SESSION)


@receiver(signals.player_invited)
def _player_invited(sender, game_id, user_id, **kwargs):
    transaction.on_commit(lambda: invited(user_id, game_id))
