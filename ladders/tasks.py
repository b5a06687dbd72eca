"""Celery tasks: thin wrappers around the services, each safe to run twice. `decide` follows a game's
end; the periodic `sweep` (Celery beat) decides what a lost task or a restarted worker left open."""
from __future__ import annotations

from celery import shared_task

from . import services


@shared_task(ignore_result=True, name="ladders.decide")
def decide(game_id: int) -> bool:
    return services.decide(game_id) is not None


@shared_task(ignore_result=True, name="ladders.sweep")
def sweep() -> int:
    return services.sweep()
