"""Who may meet whom: an extension point the services ask before one player reaches another.

The games app knows no friends, follows or blocks; an app that does registers a check here (in its
AppConfig.ready) and the services ask `refusal` before an invitation, a join and a chat message
(and the letters app before a direct message).
A check is `check(action, actor_id, other_ids) -> str | None`: why `actor` may not do `action`
(one of ACTIONS) towards the players `other_ids`, in words that player may read, or None.

An app may also refuse what a player does by themselves, for what they have taken on in it
(`register_own`; a tournament entry keeps an account from becoming a bot): `own_refusal`.

Such an app may also say which players are better kept apart (`register_apart`): an event that
seats players together (a tournament's pairings) asks `apart` and avoids those pairs where it can.

And which players a check refuses an action towards whoever else takes part (`register_barred`):
a list asks `barred` to leave out ahead of time what would be refused (the lobby's open games).

And who is close to a player (`register_close`: their friends): the lobby's "friends only" asks
`close` for the creators it keeps."""
from __future__ import annotations

from collections.abc import Callable, Iterable

INVITE, JOIN, CHAT = "invite", "join", "chat"
SIGN_UP = "sign_up"  # taking a place in an event another player runs (the others: its creator)
MESSAGE = "message"  # a direct message outside any game (the other: its recipient)
ACTIONS = (INVITE, JOIN, CHAT, SIGN_UP, MESSAGE)
BECOME_BOT = "become_bot"  # the account becomes a bot account (asked of `own_refusal`)

Check = Callable[[str, int, list[int]], "str | None"]
_checks: list[Check] = []
Apart = Callable[[list[int]], "set[frozenset[int]]"]
_aparts: list[Apart] = []
OwnCheck = Callable[[str, int], "str | None"]
_own_checks: list[OwnCheck] = []
# `barred(action, actor_id)`: the players towards whom a check refuses `action` to the actor whoever
# else takes part, so that lists can leave out ahead of time what would be refused (an open game).
Barred = Callable[[str, int], Iterable[int]]
_barred: list[Barred] = []
Close = Callable[[int], Iterable[int]]
_close: list[Close] = []


def register(check: Check) -> None:
    """Once per check, however often an app's ready() runs (tests reload apps)."""
    if check not in _checks:
        _checks.append(check)


def register_barred(barred_by: Barred) -> None:
    if barred_by not in _barred:
        _barred.append(barred_by)


def barred(action: str, actor_id: int) -> set[int]:
    """Every player some check bars the actor from `action` towards (none but themselves matter)."""
    return {pk for barred_by in _barred for pk in barred_by(action, actor_id)} - {actor_id}


def refusal(action: str, actor_id: int, other_ids: Iterable[int]) -> str | None:
    """The first check's refusal, or None when every check lets the actor through."""
    others = [pk for pk in other_ids if pk != actor_id]
    if not others:
        return None
    for check in _checks:
        reason = check(action, actor_id, others)
        if reason:
            return reason
    return None


def register_close(close_to: Close) -> None:
    if close_to not in _close:
        _close.append(close_to)


def close(actor_id: int) -> set[int]:
    """The players some app counts as close to the actor (friends); none without such an app."""
    return {pk for close_to in _close for pk in close_to(actor_id)} - {actor_id}


def register_apart(apart_check: Apart) -> None:
    if apart_check not in _aparts:
        _aparts.append(apart_check)


def apart(user_ids: Iterable[int]) -> set[frozenset[int]]:
    """The pairs among `user_ids` that some app would rather not see at one table (a block)."""
    ids = sorted(set(user_ids))
    return {pair for apart_check in _aparts for pair in apart_check(ids)} if len(ids) > 1 else set()


def register_own(check: OwnCheck) -> None:
    if check not in _own_checks:
        _own_checks.append(check)


def own_refusal(action: str, actor_id: int) -> str | None:
    """The first refusal of `action` by the actor alone (in the reader's language), or None."""
    return next((reason for check in _own_checks if (reason := check(action, actor_id))), None)
