"""Telling players of their messages after the commit: the recipient of a new one, and both sides of
a message a moderator hid (their pages drop it)."""
from __future__ import annotations

from celery import shared_task

from . import notices


@shared_task(ignore_result=True, autoretry_for=(Exception,), retry_backoff=30, max_retries=3,
             name="letters.tell_recipient")
def tell_recipient(message_id: int) -> bool:
    return notices.new_message(message_id)


@shared_task(ignore_result=True, name="letters.tell_hidden")
def tell_hidden(*user_ids: int) -> int:
    return notices.hidden(user_ids)
