"""The answers this app gives to games.gates: blocks, and the players' "friends only" choices.

The words never say who blocked whom beyond what the asking player knows: a player learns that
someone does not accept them, not that they are blocked (a block of their own they are told of)."""
from __future__ import annotations

from functools import cache

from django.db import connection
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from foundation.rows import database
from games import gates

from .models import Block, Friendship, Preferences

# Translated as they are said: the page of a German player reads them in German, the API in its client's language.
BLOCKED = {
    gates.INVITE: _("this player does not accept invitations from you"),
    gates.JOIN: _("this game is not open to you"),
    gates.CHAT: _("a player of this game does not accept messages from you"),
    gates.SIGN_UP: _("this tournament is not open to you"),
    gates.MESSAGE: _("this player does not accept messages from you"),
}
OWN_BLOCK = {
    gates.INVITE: _("you have blocked this player: unblock them first"),
    gates.JOIN: _("you have blocked a player of this game"),
    # a conversation goes both ways: the blocker does not write to whom they blocked either
    gates.MESSAGE: _("you have blocked this player: unblock them first"),
}
FRIENDS_ONLY = {
    gates.INVITE: ("invites_from_friends_only", _("this player accepts invitations from friends only")),
    gates.CHAT: ("chat_from_friends_only", _("a player of this game accepts messages from friends only")),
    gates.MESSAGE: ("messages_from_friends_only", _("this player accepts messages from friends only")),
}


def check(action: str, actor_id: int, other_ids: list[int]) -> str | None:
    """The refusal in the language of the request being answered (the reader's)."""
    reason = _blocked(action, actor_id, other_ids) or _friends_only(action, actor_id, other_ids)
    return str(reason) if reason else None


def barred(action: str, actor_id: int) -> set[int]:
    """A block bars a join either way, an invitation and a direct message; chat lines are refused where
    the others sit."""
    if action not in OWN_BLOCK:
        return set()
    pairs = Block.objects.filter(Q(blocker_id=actor_id) | Q(blocked_id=actor_id)).values_list("blocker_id", "blocked_id")
    return {pk for pair in pairs for pk in pair} - {actor_id}


def friends_of(actor_id: int) -> set[int]:
    """The actor's friends (accepted requests only): the lobby's "friends only" keeps their games."""
    pairs = (Friendship.objects.filter(Q(low_id=actor_id) | Q(high_id=actor_id), accepted_at__isnull=False)
             .values_list("low_id", "high_id"))
    return {pk for pair in pairs for pk in pair} - {actor_id}


def _blocked(action: str, actor_id: int, other_ids: list[int]) -> str | None:
    others = sorted(set(other_ids))
    if not others:
        return None
    with database().cursor() as cursor:
        cursor.execute(_blockers_query(len(others)), [*others, actor_id, actor_id, *others])
        blockers = {blocker for blocker, in cursor.fetchall()}
    if blockers - {actor_id}:
        return BLOCKED[action]
    # blocking someone does not stop the blocker's own messages in a game they share
    return OWN_BLOCK.get(action) if actor_id in blockers else None


# Every join asks it (with the creator and whoever sits already): written once per number of
# players, where the ORM compiled it for most of a millisecond (docs/performance.md).
@cache
def _blockers_query(others: int) -> str:
    quote = connection.ops.quote_name
    blocker, blocked = (quote(Block._meta.get_field(name).column) for name in ("blocker", "blocked"))
    among = ", ".join(["%s"] * others)
    return (f"SELECT {blocker} FROM {quote(Block._meta.db_table)} "
            f"WHERE ({blocker} IN ({among}) AND {blocked} = %s) OR ({blocker} = %s AND {blocked} IN ({among}))")


def _friends_only(action: str, actor_id: int, other_ids: list[int]) -> str | None:
    if action not in FRIENDS_ONLY:
        return None
    flag, reason = FRIENDS_ONLY[action]
    strict = set(Preferences.objects.filter(user_id__in=other_ids, **{flag: True}).values_list("user_id", flat=True))
    if not strict:
        return None
    friends = {f.other(actor_id) for f in Friendship.objects.filter(
        Q(low_id=actor_id, high_id__in=strict) | Q(high_id=actor_id, low_id__in=strict), accepted_at__isnull=False)}
    return reason if strict - friends else None


def apart(user_ids: list[int]) -> set[frozenset[int]]:
    """Every pair among the players in which one has blocked the other: never seated together where
    a pairing can avoid it."""
    rows = Block.objects.filter(blocker_id__in=user_ids, blocked_id__in=user_ids).values_list("blocker_id", "blocked_id")
    return {frozenset(pair) for pair in rows}
