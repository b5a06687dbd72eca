"""The recipient of a message hears of it: live on their open pages (the menu's count, the open
conversation), and by email and push once, when their notices allow it.

The live update carries no text: the page asks the API for what it may show. No log line names a
message's text (only its number)."""
from __future__ import annotations

import logging
from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.translation import gettext, override

from games.reactions import emails, notify, push

from .counts import unread_of
from .models import Message

log = logging.getLogger(__name__)
PUSH_BODY = 240  # characters: a phone shows two or three lines


def new_message(message_id: int) -> bool:
    message = (Message.objects.filter(pk=message_id, hidden_at__isnull=True)
               .select_related("conversation", "author__profile").first())
    if message is None:
        return False
    recipient = (get_user_model().objects.select_related("profile")
                 .get(pk=message.conversation.other_id(message.author_id)))
    _live(recipient.pk, {"event": "letter", "from": message.author.username, "message": message.pk})
    if not wants(recipient) or not _claimed(message):
        return False
    _email_and_push(recipient, message)
    return True


def wants(user) -> bool:
    """As games.reactions.emails.wants decides for a notice of no kind of its own: an active player
    whose turn emails are not off; and, like a turn notice, held back while they have the site open
    (the open page hears it live)."""
    return user.is_active and user.profile.notify_turn != "never" and not emails.held_back(user)


def _claimed(message: Message) -> bool:
    """Told once, however often the task runs: the claim is committed before anything is sent."""
    return Message.objects.filter(pk=message.pk, notified_at__isnull=True).update(notified_at=timezone.now()) == 1


def _email_and_push(user, message: Message) -> None:
    author = message.author
    context = {"author": author.profile.name or author.username, "text": message.text,
               "url": f"/letters/{author.username}/"}
    try:
        subject = emails.email_user(user, "letter", context)
    except Exception as exc:  # the mail server's trouble: logged by number, never the text
        log.error("the notice of message %s to user %s could not be sent: %r", message.pk, user.pk, type(exc))
        return
    body = "\n".join([subject, message.text])[:PUSH_BODY]
    with override(user.profile.language):
        push.send(user, push.message(gettext("Argo Station"), body, context["url"], f"letters-{author.pk}"))


def hidden(user_ids: Iterable[int]) -> int:
    told = tuple(user_ids)
    for pk in told:
        _live(pk, {"event": "letter_hidden"})
    return len(told)


def _live(user_id: int, payload: dict) -> None:
    notify.send(notify.user_group(user_id), {**payload, "unread": unread_of(user_id)})
