"""A player's standing order in a game: "if what I see happen from now on is exactly this, answer
with these decisions of mine" (docs/orders.md). Private to the player who keeps it."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

MAX_LINE = 40     # decisions in a line
MAX_WAITING = 10  # waiting orders of one player in one game


class Order(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", _("waiting")
        FIRED = "fired", _("fired")
        STOPPED = "stopped", _("stopped")
        MISSED = "missed", _("missed")
        WITHDRAWN = "withdrawn", _("withdrawn")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField()
    base = models.PositiveIntegerField(help_text="the game's seq when the line was given: it starts there")
    deal = models.BigIntegerField(help_text="the guessed world the line was played in")
    line = models.JSONField(help_text="the decisions as the player gave them")
    # For each expected decision: [the deciding seat, sha256 of the player's view after it] (services.digest).
    expected = models.JSONField()
    answer = models.JSONField(help_text="the player's decisions played when every expected one happened")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    reason = models.TextField(blank=True, help_text="why it ended, in the player's language")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        # After every decision the site asks whether a game has waiting orders: a probe of this index.
        indexes = [models.Index(fields=["game", "user"], condition=models.Q(status="waiting"), name="order_waiting")]

    def __str__(self) -> str:  # never the line: logs and errors show this
        return f"standing order #{self.pk}"
