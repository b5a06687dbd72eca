"""Requests refused before any view runs."""
from __future__ import annotations

import csp.constants
import csp.utils
from django.conf import settings
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


def policy_headers(path: str) -> list[tuple[str, str]]:
    """The policy headers django-csp's middleware gives an ordinary response at `path`, built as it
    builds them (argo_site.lean)."""
    found = []
    for report_only, header, setting in _POLICIES:
        text = csp.utils.build_policy(report_only=report_only)
        prefixes = (getattr(settings, setting, None) or {}).get("EXCLUDE_URL_PREFIXES") or ()
        if text and not path.startswith(tuple(prefixes)):
            found.append((header, text))
    return found


_POLICIES = ((False, csp.constants.HEADER, "CONTENT_SECURITY_POLICY"),
             (True, csp.constants.HEADER_REPORT_ONLY, "CONTENT_SECURITY_POLICY_REPORT_ONLY"))
