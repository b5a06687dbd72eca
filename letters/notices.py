"""The recipient of a message hears of it: live on their open pages (the menu's count, the open
conversation), and by email and push once, when their notices allow it. In their quiet hours or on a
day off the email and push wait for the end of these (games.reactions.held: `release` sends them
then, unless the message was read or hidden meanwhile); the live update goes at once.

The live update carries no text: the page asks the API for what it may show. No log line names a
message's text (only its number)."""
from __future__ import annotations

import logging
from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.translation import gettext, override

from games.reactions import emails, held, notify, push

from .counts import unread_of
from .models import Message

log = logging.getLogger(__name__)
PUSH_BODY = 240  # characters: a phone shows two or three lines
HELD = "letters"  # the kind of the notices quiet time holds (games.reactions.held)


def new_message(message_id: int) -> bool:
    message = _visible(message_id)
    if message is None:
        return False
    recipient = (get_user_model().objects.select_related("profile")
                 .get(pk=message.conversation.other_id(message.author_id)))
    _live(recipient.pk, {"event": "letter", "from": message.author.username, "message": message.pk})
    return _tell(recipient, message)


def release(user, ref: str) -> bool:
    """The email and push of a message that the recipient's quiet time held (registered with
    games.reactions.held): they go now, unless the message was hidden or read meanwhile."""
    message = _visible(int(ref)) if ref.isdigit() else None
    if message is None or message.conversation.other_id(message.author_id) != user.pk:
        return False
    conversation = message.conversation
    if (conversation.low_read if conversation.low_id == user.pk else conversation.high_read) >= message.pk:
        return False  # read on the site since
    return _tell(user, message)


def _visible(message_id: int) -> Message | None:
    return (Message.objects.filter(pk=message_id, hidden_at__isnull=True)
            .select_related("conversation", "author__profile").first())


def _tell(recipient, message: Message) -> bool:
    if (message.notified_at is not None or not wants(recipient)
            or held.hold_if_quiet(recipient, HELD, message.pk) or not _claimed(message)):
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
