"""Direct messages between two players: writing, reading, the unread count, reports and the moderators'
hiding. Every change runs in one transaction; the recipient is told after its commit (tasks.py).

A hidden message is left out of every answer here but the moderators' desk (admin.py)."""
from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Case, Count, F, IntegerField, OuterRef, Q, Subquery, When
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from games import gates
from games.entry.tasks import after_commit
from games.models import ModeratorAction
from games.services import Conflict, Invalid, NotAllowed, NotFound
from games.services.errors import spend

from . import tasks
from .models import LONGEST, Conversation, Message, Report

PAGE = 50  # messages per page of the API, newest first


def player(username: str):
    """An active account by its username, or NotFound."""
    found = (get_user_model().objects.filter(username=username, is_active=True).select_related("profile").first()
             if isinstance(username, str) else None)
    if found is None:
        raise NotFound(gettext("no such player"))
    return found


def refusal(user, other) -> str | None:
    """Why `user` may not write to `other` (in the reader's language), or None. The page offers the
    form only where this is None."""
    if other.pk == user.pk:
        return gettext("you cannot write to yourself")
    if other.profile.bot:
        return gettext("a bot does not read messages")
    return gates.refusal(gates.MESSAGE, user.pk, [other.pk])


def _checked_text(text) -> str:
    if not isinstance(text, str) or not text.strip():
        raise Invalid(gettext("a message needs some text"))
    text = text.strip()
    if len(text) > LONGEST:
        raise Invalid(gettext("a message has at most %(n)s characters") % {"n": LONGEST})
    return text


def send(user, to_username: str, text) -> Message:
    text = _checked_text(text)
    other = player(to_username)
    reason = refusal(user, other)
    if reason:
        raise NotAllowed(reason)
    spend(user, "message", gettext_lazy("messages"))
    low, high = sorted((user.pk, other.pk))
    with transaction.atomic():
        conversation = _locked_conversation(low, high)
        message = Message.objects.create(conversation=conversation, author=user, text=text)
        # the author has read what they answer, and their own message
        mark = {"low_read" if user.pk == low else "high_read": message.pk}
        Conversation.objects.filter(pk=conversation.pk).update(last_at=message.created_at, **mark)
        after_commit(tasks.tell_recipient, message.pk)
    return message


def _locked_conversation(low: int, high: int) -> Conversation:
    """The pair's row, made the first time; two first messages at once meet on one row."""
    conversation, _ = Conversation.objects.get_or_create(low_id=low, high_id=high)
    return Conversation.objects.select_for_update().get(pk=conversation.pk)


def conversation_with(user, other) -> Conversation | None:
    low, high = sorted((user.pk, other.pk))
    return Conversation.objects.filter(low_id=low, high_id=high).first()


def visible(conversation: Conversation | None):
    if conversation is None:
        return Message.objects.none()
    return conversation.messages.filter(hidden_at__isnull=True).select_related("author__profile")


def messages_between(user, other, before: int | None = None, limit: int = PAGE) -> tuple[list[Message], bool]:
    """A page of the conversation, newest first, before the message id `before` (the cursor); and
    whether older messages follow. Reading the newest page marks the conversation read."""
    conversation = conversation_with(user, other)
    rows = visible(conversation).order_by("-id")
    if before is not None:
        rows = rows.filter(id__lt=before)
    page = list(rows[:limit + 1])
    if before is None:
        mark_read(user, conversation)
    return page[:limit], len(page) > limit


def whole_conversation(user, other) -> list[Message]:
    """Every visible message, oldest first, for the page; opening it marks it read."""
    conversation = conversation_with(user, other)
    mark_read(user, conversation)
    return list(visible(conversation).order_by("id"))


def mark_read(user, conversation: Conversation | None) -> None:
    if conversation is None:
        return
    newest = conversation.messages.order_by("-id").values_list("id", flat=True).first() or 0
    field = "low_read" if conversation.low_id == user.pk else "high_read"
    with transaction.atomic():  # never back: a later message read elsewhere stays read
        Conversation.objects.filter(pk=conversation.pk, **{f"{field}__lt": newest}).update(**{field: newest})


@dataclass
class Summary:
    other: object
    last_line: str  # the last message's first line
    last_at: object
    unread: int


def conversations(user) -> list[Summary]:
    """The user's conversations, newest first: the other player, the last visible message and how
    many of the other's messages they have not read."""
    read_mark = Case(When(low=user, then=F("low_read")), default=F("high_read"), output_field=IntegerField())
    last = Message.objects.filter(conversation=OuterRef("pk"), hidden_at__isnull=True).order_by("-id")
    rows = (Conversation.objects.filter(Q(low=user) | Q(high=user))
            .annotate(unread=Count("messages", filter=Q(messages__hidden_at__isnull=True, messages__id__gt=read_mark)
                                   & ~Q(messages__author=user)),
                      last_text=Subquery(last.values("text")[:1]), last_time=Subquery(last.values("created_at")[:1]))
            .filter(last_time__isnull=False).select_related("low__profile", "high__profile")
            .order_by("-last_at", "-pk"))
    return [Summary(other=row.high if row.low_id == user.pk else row.low, last_line=row.last_text.splitlines()[0],
                    last_at=row.last_time, unread=row.unread) for row in rows]


def report(user, message_id) -> Report:
    """A participant reports a visible message of the other's, once."""
    message = _visible_to(user, message_id)
    if message.author_id == user.pk:
        raise NotAllowed(gettext("you cannot report your own message"))
    try:
        with transaction.atomic():
            return Report.objects.create(message=message, reporter=user)
    except IntegrityError:
        raise Conflict(gettext("you have reported this message already")) from None


def _visible_to(user, message_id) -> Message:
    """The message if the user takes part in its conversation and it is not hidden; others learn
    nothing, not even that it exists."""
    message = (Message.objects.filter(pk=message_id, hidden_at__isnull=True)
               .filter(Q(conversation__low=user) | Q(conversation__high=user)).first()
               if isinstance(message_id, int) else None)
    if message is None:
        raise NotFound(gettext("no such message"))
    return message


def hide(moderator, message_id: int, reason: str) -> Message:
    """The moderators' desk hides a message from both players, with its reason; its reports are
    resolved, and the action is recorded in the desk's trail (games.models.ModeratorAction)."""
    if not reason or not reason.strip():
        raise Invalid(gettext("a moderator action needs a reason"))
    with transaction.atomic():
        message = Message.objects.select_for_update().select_related("conversation").get(pk=message_id)
        if message.hidden_at is not None:
            raise Conflict(gettext("the message is hidden already"))
        message.hidden_at, message.hidden_reason, message.hidden_by = timezone.now(), reason.strip(), moderator
        message.save(update_fields=["hidden_at", "hidden_reason", "hidden_by"])
        message.reports.update(resolved=True)
        # The trail has no kind of its own for a direct message: it is recorded as a hidden chat
        # message, the letter named in its details.
        ModeratorAction.objects.create(moderator=moderator, kind=ModeratorAction.Kind.HIDE_LETTER,
                                       target_user_id=message.author_id, reason=reason.strip(),
                                       details={"letter": message.pk})
        conversation = message.conversation
        after_commit(tasks.tell_hidden, conversation.low_id, conversation.high_id)
    return message
