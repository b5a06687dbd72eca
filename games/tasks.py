"""Celery tasks: thin wrappers around services."""
from celery import shared_task

from . import services


@shared_task(ignore_result=True)
def play_bot_turns(game_id: int) -> int:
    """The greedy bot plays the seats it has taken over until a human must decide."""
    return services.play_bot_turns(game_id)
