"""Who may meet whom: an extension point the services ask before one player reaches another.

The games app knows no friends, follows or blocks; an app that does registers a check here (in its
AppConfig.ready) and the services ask `refusal` before an invitation, a join and a chat message.
A check is `check(action, actor_id, other_ids) -> str | None`: why `actor` may not do `action`
(one of ACTIONS) towards the players `other_ids`, in words that player may read, or None."""
from __future__ import annotations

from collections.abc import Callable, Iterable

INVITE, JOIN, CHAT = "invite", "join", "chat"
ACTIONS = (INVITE, JOIN, CHAT)

Check = Callable[[str, int, list[int]], "str | None"]
_checks: list[Check] = []
# `barred(action, actor_id)`: the players towards whom a check refuses `action` to the actor whoever
# else takes part, so that lists can leave out ahead of time what would be refused (an open game).
Barred = Callable[[str, int], Iterable[int]]
_barred: list[Barred] = []


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
