"""The periodic sweep (Celery beat): decides any challenge whose game is over while it is still open.
The listener decides them in the game's transaction, so the sweep normally finds nothing; safe to
run any number of times."""
from __future__ import annotations

from celery import shared_task

from . import services


@shared_task(ignore_result=True, name="ladders.sweep")
def sweep() -> int:
    return services.sweep()
