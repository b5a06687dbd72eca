"""A player's webhooks: addresses of chat services that get their turn notices as a JSON post."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

MAX_URL = 500
MAX_HOOKS = 3  # per player


class Webhook(models.Model):
    class Format(models.TextChoices):
        TEXT = "text", _("text: Slack, Mattermost, Rocket.Chat")
        DISCORD = "discord", _("Discord")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="webhooks")
    url = models.CharField(max_length=MAX_URL)
    format = models.CharField(max_length=10, choices=Format.choices, default=Format.TEXT)
    created_at = models.DateTimeField(auto_now_add=True)
    last_posted_at = models.DateTimeField(null=True, blank=True)
    failures = models.PositiveSmallIntegerField(default=0, help_text="refusals in a row that will not pass by themselves")

    class Meta:
        ordering = ["pk"]
        constraints = [models.UniqueConstraint(fields=["user", "url"], name="webhook_once_per_user")]

    def __str__(self) -> str:
        return f"webhook {self.pk} of user {self.user_id}"
