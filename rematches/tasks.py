"""Closing the rematches nobody answered, and telling their proposers."""
from __future__ import annotations

from celery import shared_task

from games.entry.tasks import enqueue

from . import notices, services


@shared_task(ignore_result=True, name="rematches.close_unanswered")
def close_unanswered() -> int:
    closed = [pk for pk in services.unanswered() if services.close_unanswered(pk)]
    for pk in closed:
        enqueue(rematch_off, pk, None)
    return len(closed)


@shared_task(ignore_result=True, autoretry_for=(Exception,), retry_backoff=30, max_retries=3,
             name="rematches.rematch_off")
def rematch_off(rematch_id: int, declined_by: int | None) -> bool:
    return notices.rematch_off(rematch_id, declined_by)
