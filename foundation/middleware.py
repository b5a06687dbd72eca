"""Middleware that serves browsers only, passed by for a program's request to the API.

A program signs each request to `/api/` with its token (`Authorization: Token …`): it has no
session to list, no messages to show, and DRF names its user from the token. Nor is its answer ever
a document a browser shows: a browser sends that header only when a script of a page asks
(`fetch`), and a script reads the JSON it gets, so the policy that governs a shown document (which
scripts it may run) governs nothing there. The middleware of those concerns then hand the request
straight on, through the middleware protocol itself (a middleware is a callable that may answer by
calling the next one); they are Django's and the
site's own classes, unchanged otherwise, so their system checks and hooks are as before. A
decision spent about a tenth of its CPU in middleware, django-csp's the most of it
(docs/performance.md).
"""
from __future__ import annotations

from csp import middleware as csp
from django.contrib.auth import middleware as auth
from django.contrib.messages import middleware as messages


def program_request(request) -> bool:
    """Whether `request` is a program's: to the API, signed with a token."""
    return (request.path_info.startswith("/api/")
            and request.META.get("HTTP_AUTHORIZATION", "")[:6].lower() == "token ")


class ForBrowsers:
    """Put first among a middleware's bases: a program's request passes by it."""

    def __call__(self, request):
        if program_request(request):
            return self.get_response(request)
        return super().__call__(request)


class AuthenticationMiddleware(ForBrowsers, auth.AuthenticationMiddleware):
    """Django's, for browsers: a program's user comes from its token (DRF sets `request.user`)."""


class MessageMiddleware(ForBrowsers, messages.MessageMiddleware):
    """Django's, for browsers: the API answers in JSON, never with a message for the next page."""


class CSPMiddleware(ForBrowsers, csp.CSPMiddleware):
    """django-csp's, for documents: it builds the policy's text anew for every response."""
