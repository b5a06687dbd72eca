"""Posting a turn notice to a webhook, once; a failure is counted or logged, never retried."""
from __future__ import annotations

from celery import shared_task

from . import services


@shared_task(ignore_result=True, name="webhooks.post")
def post(hook_id: int, payload: dict) -> bool:
    return services.deliver(hook_id, payload)
