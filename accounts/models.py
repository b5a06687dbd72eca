"""A player's profile: how they are named, spoken to and notified."""
from __future__ import annotations

import zoneinfo

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _


def validate_time_zone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        raise ValidationError(_("%(tz)s is not a known time zone."), params={"tz": value})


class Profile(models.Model):
    class Notify(models.TextChoices):
        IMMEDIATE = "immediate", _("At once")
        DAILY = "daily", _("Daily digest")
        NEVER = "never", _("Never")

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES, default="en")
    time_zone = models.CharField(_("time zone"), max_length=64, default="UTC", validators=[validate_time_zone])
    notify_turn = models.CharField(_("turn emails"), max_length=12, choices=Notify.choices,
                                   default=Notify.IMMEDIATE)

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return self.display_name or self.user.username


class Vacation(models.Model):
    """Days away: deadlines falling in them are pushed back, and opponents see it."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations")
    start = models.DateField(_("first day"))
    end = models.DateField(_("last day"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["start"]

    def __str__(self) -> str:
        return f"{self.user} away {self.start}–{self.end}"

    @property
    def days(self) -> int:
        return (self.end - self.start).days + 1


def supported_language(code: str | None) -> str:
    """`code` if the site speaks it (settings.LANGUAGES, the one list), else the default language."""
    codes = [c for c, _ in settings.LANGUAGES]
    return code if code in codes else settings.LANGUAGE_CODE
