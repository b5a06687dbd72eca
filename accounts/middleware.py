"""Speak each signed-in user's language and show times in their time zone; keep the list of the
browsers each account is signed in on."""
import zoneinfo

from django.contrib.auth import SESSION_KEY
from django.utils import timezone, translation

from foundation.middleware import ForBrowsers


class UserPreferencesMiddleware:
    """After LocaleMiddleware (the browser's language) and authentication: the profile wins."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        profile = None
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            profile = getattr(user, "profile", None)
        if profile is not None:
            translation.activate(profile.language)
            request.LANGUAGE_CODE = profile.language
            try:
                timezone.activate(zoneinfo.ZoneInfo(profile.time_zone))
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                timezone.deactivate()
        else:
            timezone.deactivate()
        return self.get_response(request)


class LoginLimitStatus(ForBrowsers):
    """A sign-in refused by a limit (accounts.adapter sets `login_retry_after`) answers 429 with
    Retry-After on every page that takes a password (sign-in, reauthentication), where allauth
    shows the reason with the form as an ordinary 200. The API answers 429 itself."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        wait = getattr(request, "login_retry_after", None)
        if wait is not None and response.status_code == 200:
            response.status_code = 429
            response["Retry-After"] = str(wait)
        return response


class ListSessions(ForBrowsers):
    """Keep each signed-in browser on its account's list (accounts.sign_ins): before the view, for
    a session signed in before the list existed or whose key changed; after it, for a sign-in made
    by this very request, so that the list has it before its next request."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        self._keep_listed(request)
        response = self.get_response(request)
        self._keep_listed(request)
        return response

    @staticmethod
    def _keep_listed(request) -> None:
        # The session must be the one that signs the user in (not a token's user beside a cookie).
        user, session = getattr(request, "user", None), getattr(request, "session", None)
        if user is not None and user.is_authenticated and session is not None and session.session_key \
                and session.get(SESSION_KEY) == user._meta.pk.value_to_string(user):
            from accounts import sign_ins
            sign_ins.keep_listed(request)
