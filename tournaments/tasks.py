"""Celery tasks: thin wrappers around the services, each safe to run twice. The worker moves a
tournament on when its round's last game ends; the periodic `tick` starts tournaments whose
sign-up closed and catches up whatever a lost task or a restarted worker left undone."""
from __future__ import annotations

from celery import shared_task

from . import notices, services


@shared_task(ignore_result=True, name="tournaments.advance")
def advance(tournament_id: int) -> bool:
    return services.advance(tournament_id)


@shared_task(ignore_result=True, name="tournaments.tick")
def tick() -> int:
    started = services.start_due()
    moved = [tid for tid in services.waiting_to_move() if services.advance(tid)]
    return len(started) + len(moved)


@shared_task(ignore_result=True, autoretry_for=(Exception,), retry_backoff=30, max_retries=3,
             name="tournaments.round_notices")
def round_notices(round_id: int) -> int:
    return notices.round_notices(round_id)
