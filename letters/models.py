"""Conversations between two players outside any game, their messages, and the players' reports."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q

USER = settings.AUTH_USER_MODEL
LONGEST = 2000  # characters of one message


class Conversation(models.Model):
    """One row per pair, the lower user id first (as friends.Friendship), so that two players writing
    each other at the same moment meet on the same row. Each side keeps the id of the last message it
    has read: its unread messages are the other's after it."""

    low = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    high = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    low_read = models.BigIntegerField(default=0)
    high_read = models.BigIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    last_at = models.DateTimeField(auto_now_add=True, help_text="when its last message was written")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["low", "high"], name="letters_conversation_pair_unique"),
                       models.CheckConstraint(condition=Q(low__lt=F("high")), name="letters_conversation_ordered_pair")]
        indexes = [models.Index(fields=["high", "-last_at"], name="letters_conversation_high")]

    def __str__(self) -> str:
        return f"conversation {self.pk}"

    def other_id(self, user_id: int) -> int:
        return self.high_id if self.low_id == user_id else self.low_id


class Message(models.Model):
    """A hidden message (a moderator's decision, with its reason) shows to nobody but moderators."""

    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="messages")
    author = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    text = models.TextField(max_length=LONGEST)
    created_at = models.DateTimeField(auto_now_add=True)
    notified_at = models.DateTimeField(null=True, blank=True, help_text="when the recipient was told (once)")
    hidden_at = models.DateTimeField(null=True, blank=True)
    hidden_reason = models.TextField(blank=True)
    hidden_by = models.ForeignKey(USER, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        # never the text: the admin's lists and any log name a message by its number
        return f"message {self.pk}"


class Report(models.Model):
    """A participant's word to the moderators that a message of the other's is unacceptable."""

    message = models.ForeignKey(Message, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    resolved = models.BooleanField(default=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["message", "reporter"], name="letters_report_once")]

    def __str__(self) -> str:
        return f"report {self.pk} of message {self.message_id}"
