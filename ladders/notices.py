"""Telling a ladder's players that its places or games changed, after the commit: each open page of
theirs on the ladder (static/js/ladders.js) reads its standings, games and history again. The news
names the ladder only; what changed is read from the page as its reader may see it."""
from __future__ import annotations

from django.db import transaction

from games.reactions import notify

from .models import Challenge, Rung


def ladder_changed(ladder_id: int) -> None:
    """After the commit, to the players on the ladder and those of its open challenges."""
    transaction.on_commit(lambda: _tell(ladder_id))


def _tell(ladder_id: int) -> None:
    on_ladder = set(Rung.objects.filter(ladder_id=ladder_id).values_list("user_id", flat=True))
    playing = Challenge.objects.filter(ladder_id=ladder_id, decided_at=None).values_list("challenger_id", "defender_id")
    users = on_ladder | {pk for pair in playing for pk in pair}
    notify.send_all([(notify.user_group(pk), {"event": "ladder", "ladder": ladder_id}) for pk in sorted(users)], wait=False)
