"""Every API error is JSON with a human-readable `detail`."""
from __future__ import annotations

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from rest_framework.response import Response
from rest_framework.views import exception_handler

from games.services import GameError


def _flatten(data, prefix: str = "") -> list[str]:
    """DRF's nested field errors as lines such as "players: A valid integer is required."."""
    if isinstance(data, dict):
        return [line for key, value in data.items()
                for line in _flatten(value, prefix if key in ("non_field_errors", "detail") else f"{prefix}{key}: ")]
    if isinstance(data, (list, tuple)):
        return [line for item in data for line in _flatten(item, prefix)]
    return [f"{prefix}{data}"]


SERVER_ERROR = {"detail": "the server failed; the error has been logged"}
# The database out of reach (stopped, restarting, refusing connections, a connection dropped): the
# site recovers by itself once it answers again, so clients are told to come back, not that it broke.
DATABASE_DOWN = (OperationalError, InterfaceError)
UNAVAILABLE = {"detail": "the site cannot reach its database for a moment; try again shortly"}
RETRY_AFTER = 30  # seconds: about what a database restart or a failover takes


def game_error(exc: GameError) -> tuple[int, dict, list[tuple[str, str]]]:
    """(status, body, headers) of a request the services refused."""
    retry = getattr(exc, "retry_after", None)
    return exc.status, {"detail": exc.detail}, [("Retry-After", str(retry))] if retry is not None else []


def json_exception_handler(exc, context):
    if isinstance(exc, GameError):
        status, data, headers = game_error(exc)
        return Response(data, status=status, headers=dict(headers) or None)
    response = exception_handler(exc, context)
    if response is None:
        return None
    data = response.data
    if not (isinstance(data, dict) and "detail" in data):
        lines = _flatten(data)
        response.data = {"detail": "; ".join(lines) or "invalid request", "errors": data}
    return response


def bad_request(request, exception=None):
    """handler400: what Django refuses before any view (a Host header the site does not serve, a
    request too large to read) is JSON under /api/ too."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": _refusal(exception, "bad request")}, status=400)
    from django.views.defaults import bad_request as page
    return page(request, exception)


def permission_denied(request, exception=None):
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": _refusal(exception, "you may not do this")}, status=403)
    from django.views.defaults import permission_denied as page
    return page(request, exception)


def _refusal(exception, fallback: str) -> str:
    """The exception's own words when it has any: Django's say why ("Invalid HTTP_HOST header: …")."""
    text = str(exception or "").strip()
    return text.split(". You may need to add")[0] if text else fallback


def not_found(request, exception=None):
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": "no such API endpoint"}, status=404)
    from django.views.defaults import page_not_found
    return page_not_found(request, exception)


# How long allauth's limits count (every one the site serves counts per minute; the handler does not
# learn which limit refused): after that long, the attempt is allowed again.
# tests/site/integration/test_allauth_limits.py holds this against allauth's configuration.
ALLAUTH_LIMITS_WINDOW = 60


def too_many_requests(request, exception=None):
    """handler429: what allauth answers when one of its limits (settings.ACCOUNT_RATE_LIMITS) is
    reached (pages only: the API counts its own, games/limits.py); without it allauth looks for a
    429.html and fails if there is none."""
    from django.shortcuts import render
    response = render(request, "429.html", status=429)
    response["Retry-After"] = str(ALLAUTH_LIMITS_WINDOW)
    return response


def server_error(request):
    """handler500, called while the exception is being handled: a database out of reach is a 503."""
    if isinstance(sys.exc_info()[1], DATABASE_DOWN):
        return unavailable(request)
    if request.path.startswith("/api/"):
        return JsonResponse(SERVER_ERROR, status=500)
    from django.views.defaults import server_error as html_error
    return html_error(request)


def unavailable(request):
    """503 with Retry-After: JSON under /api/; elsewhere a page that asks nothing of the database
    (no user, no session: base.html would), in the language LocaleMiddleware chose."""
    if request.path.startswith("/api/"):
        response = JsonResponse(UNAVAILABLE, status=503)
    else:
        from django.template.loader import render_to_string
        from django.utils.translation import get_language
        response = HttpResponse(render_to_string("503.html", {"LANGUAGE_CODE": get_language()}), status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    return response


def csrf_failure(request, reason=""):
    """settings.CSRF_FAILURE_VIEW: JSON under /api/ like every other API answer, the usual page elsewhere."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": f"CSRF check failed: {reason}"}, status=403)
    from django.views.csrf import csrf_failure as page
    return page(request, reason=reason)
