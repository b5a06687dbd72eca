"""What a new account brings along from the sign-up page besides allauth's own fields."""
from __future__ import annotations

import zoneinfo

from django import forms

from .models import supported_language


class SignupExtras(forms.Form):
    """allauth's sign-up form mixes this in (ACCOUNT_SIGNUP_FORM_CLASS): the browser fills in its time
    zone, and the page's language becomes the player's, so the first email already fits."""

    time_zone = forms.CharField(required=False, widget=forms.HiddenInput)

    def clean_time_zone(self) -> str:
        zone = self.cleaned_data.get("time_zone") or ""
        return zone if zone in zoneinfo.available_timezones() else ""  # unknown: keep the default, no error

    def signup(self, request, user) -> None:
        profile = user.profile
        if self.cleaned_data.get("time_zone"):
            profile.time_zone = self.cleaned_data["time_zone"]
        profile.language = supported_language(getattr(request, "LANGUAGE_CODE", None))
        profile.save(update_fields=["time_zone", "language"])
