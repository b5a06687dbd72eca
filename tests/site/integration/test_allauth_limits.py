"""allauth's own limits (settings.ACCOUNT_RATE_LIMITS, as allauth reads them) answer 429 with a page
in the reader's language, never a 500 for a missing template (argo_site/urls.py's handler429)."""
from __future__ import annotations

import pytest
from allauth.account import app_settings
from allauth.core.internal.ratelimit import parse_rates
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext

from accounts.models import Profile
from games.entry.api.errors import ALLAUTH_LIMITS_WINDOW

# Each limited action of allauth that the site serves: (where it is posted, signed in, what is posted).
# What is posted may be wrong: allauth counts the attempt before it reads the form.
LIMITED = {
    "login": ("/accounts/login/", False, {}),
    "signup": ("/accounts/signup/", False, {}),
    "reset_password": ("/accounts/password/reset/", False, {"email": "alice@example.org"}),
    "reset_password_from_key": ("/accounts/password/reset/key/1-made-up/", False, {}),
    "change_password": ("/accounts/password/change/", True, {}),
    "manage_email": ("/accounts/email/", True, {}),
    "reauthenticate": ("/accounts/reauthenticate/", True, {}),
}
# Configured by allauth but of features the site leaves off (phones, login codes), or counted
# without a refusal (a verification email not sent again), or counted by accounts/adapter.py.
NOT_SERVED = {"change_phone", "verify_phone", "request_login_code", "confirm_email", "login_failed"}
LANGUAGES = [code for code, _ in settings.LANGUAGES]


def says(language: str) -> str:
    with translation.override(language):
        return gettext("You tried this too often in a short time. Wait a minute, then try again.")


def test_every_configured_limit_is_tried_here():
    configured = {action for action, rates in app_settings.RATE_LIMITS.items() if rates}
    assert configured - NOT_SERVED == set(LIMITED)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("action", sorted(LIMITED))
def test_past_each_of_allauths_limits_a_page_in_the_readers_language(client, make_user, action, language):
    path, signed_in, data = LIMITED[action]
    alice = make_user("alice")
    Profile.objects.filter(user=alice).update(language=language)
    if signed_in:
        client.force_login(alice)
    allowed = min(rate.amount for rate in parse_rates(app_settings.RATE_LIMITS[action]))
    for _ in range(allowed):
        assert client.post(path, data, HTTP_ACCEPT_LANGUAGE=language).status_code != 429
    refused = client.post(path, data, HTTP_ACCEPT_LANGUAGE=language)
    assert refused.status_code == 429
    page = refused.content.decode()
    assert says(language) in page and f'lang="{language}"' in page
    assert language == "en" or says(language) != says("en")
    window = max(rate.duration for rate in parse_rates(app_settings.RATE_LIMITS[action]))
    assert int(refused["Retry-After"]) == ALLAUTH_LIMITS_WINDOW >= window
