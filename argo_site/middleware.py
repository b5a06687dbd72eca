"""Requests refused before any view runs; the Content-Security-Policy header, built once."""
from __future__ import annotations

import http

import csp.constants
import csp.middleware
import csp.utils
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpResponseBadRequest, JsonResponse


class RefuseNulInPath:
    """A NUL byte can be in no URL of the site, and PostgreSQL refuses it in a query: answer 400 at once."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" in request.path or "\x00" in request.META.get("QUERY_STRING", "") or "%00" in request.META.get("QUERY_STRING", ""):
            if request.path.startswith("/api/"):
                return JsonResponse({"detail": "a NUL byte is not allowed in a URL"}, status=400)
            return HttpResponseBadRequest("A NUL byte is not allowed in a URL.")
        return self.get_response(request)


class CSPMiddleware(csp.middleware.CSPMiddleware):
    """django-csp's middleware with the header text built once: django-csp copies the settings'
    policy and builds its text again for every response (about 5 % of a decision's CPU,
    docs/performance.md). A response with its own policy (the csp_* decorators) or a page that
    used a nonce takes django-csp's own way; every other response gets the same header as before."""

    _built: dict = {}

    def process_response(self, request, response):
        if (getattr(request, "_csp_nonce", None) is not None
                or any(getattr(response, name, None) is not None for name in _OWN_POLICY)):
            return super().process_response(request, response)
        if response.status_code in (http.HTTPStatus.INTERNAL_SERVER_ERROR, http.HTTPStatus.NOT_FOUND) and settings.DEBUG:
            return response
        for header, text, exempt in _policies(request.path_info):
            if header not in response and getattr(response, exempt, False) is False:
                response[header] = text
        request.csp_nonce = csp.middleware.CheckableLazyObject(self._csp_nonce_post_response)
        return response


_OWN_POLICY = ("_csp_config", "_csp_update", "_csp_replace", "_csp_config_ro", "_csp_update_ro", "_csp_replace_ro")
_HEADERS = ((False, csp.constants.HEADER, "_csp_exempt", "CONTENT_SECURITY_POLICY"),
            (True, csp.constants.HEADER_REPORT_ONLY, "_csp_exempt_ro", "CONTENT_SECURITY_POLICY_REPORT_ONLY"))


def _policies(path: str):
    """(header, text, exemption attribute) of each policy that applies to `path`, its text built once."""
    for report_only, header, exempt, setting in _HEADERS:
        text = CSPMiddleware._built.get(report_only)
        if text is None:
            text = CSPMiddleware._built[report_only] = csp.utils.build_policy(report_only=report_only)
        prefixes = (getattr(settings, setting, None) or {}).get("EXCLUDE_URL_PREFIXES") or ()
        if text and not path.startswith(tuple(prefixes)):
            yield header, text, exempt


def policy_headers(path: str) -> list[tuple[str, str]]:
    """The policy headers CSPMiddleware gives an ordinary response at `path` (argo_site.lean)."""
    return [(header, text) for header, text, _ in _policies(path)]


@receiver(setting_changed)
def _policy_changed(setting, **kwargs):
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        CSPMiddleware._built.clear()
