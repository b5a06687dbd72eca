"""Comparing a game's standing orders with its newest decision, and playing the one that matched."""
from __future__ import annotations

from celery import shared_task

from . import services


@shared_task(ignore_result=True, autoretry_for=(Exception,), retry_backoff=30, max_retries=3, name="orders.fire")
def fire(game_id: int) -> int:
    """Idempotent: each run compares the game's waiting orders afresh, under the game's row lock."""
    return services.fire(game_id)
