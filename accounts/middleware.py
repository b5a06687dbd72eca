"""Speak each signed-in user's language and show times in their time zone."""
import zoneinfo

from django.utils import timezone, translation


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


class LoginLimitStatus:
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
