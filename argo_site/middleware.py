"""Requests refused before any view runs."""
from __future__ import annotations

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
