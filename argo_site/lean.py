"""The two requests a game is made of, without Django's request machinery: the decision POST
(`POST /api/games/<id>/moves/`) and the question a player's client asks when their turn begins
(`GET /api/games/<id>/actions/`).

Through Django and DRF each passed eleven middleware, the URL resolver, DRF's request, negotiation,
parser, authentication, permission and response objects: about as much CPU as the decision itself,
and more than the question (docs/performance.md). `LeanDecisions` wraps the WSGI application and
answers the ordinary shape of these requests with the same pieces, called directly:

- authentication: the same token query (`accounts.api.auth.token_user`), active user, unexpired token;
- the body of a decision: the same parser (`SafeJSONParser`) and the same reading of it (`move_of`);
  a question has none;
- the work: the same services (`services.submit_decision` in the same transaction, with the same
  live update and tasks after its commit; `services.legal_for` over `services.game_with_seats`);
- errors: the same JSON (`errors.game_error`), status and headers;
- the answer: the same renderer, with the headers the middleware would add (`_site_headers`).

Anything it is not sure of it hands to Django before it has done anything: another method, path,
content type or `Accept`, a query string, a host the site does not serve, an unknown, expired or
inactive token, an account without a profile, a body that is too large, not JSON or not of the
usual shape (or any body at all on a question). Django then answers as it always did, with the same
body (which is kept). So the schema, every error and every unusual request stay Django's and DRF's,
and the lean answer is the one Django would give: `tests/site/test_lean_decisions.py` compares the
two, header by header.
"""
from __future__ import annotations

import io
import json
import logging
import re
import sys

from django.conf import settings
from django.core import signals
from django.db import DatabaseError
from django.http.request import split_domain_port, validate_host
from django.utils import timezone, translation
from rest_framework.exceptions import ParseError, ValidationError

from accounts.api.auth import token_user
from accounts.credentials import token_expired
from accounts.models import language_of
from foundation.encoding import FastJSONRenderer
from games import services
from games.entry.api.errors import DATABASE_DOWN, RETRY_AFTER, SERVER_ERROR, UNAVAILABLE, game_error
from games.entry.api.parsers import SafeJSONParser
from games.entry.api.serializers import move_of

from .middleware import policy_headers

log = logging.getLogger("django.request")

GAME_PATH = re.compile(r"/api/games/([0-9]{1,18})/(moves|actions)/\Z")
# Each endpoint answered here: its method, and the methods its answers list in `Allow` (as DRF's).
ENDPOINTS = {"moves": ("POST", "GET, POST, HEAD, OPTIONS"), "actions": ("GET", "GET, HEAD, OPTIONS")}
JSON_TYPES = {"application/json", "application/json;charset=utf-8", "application/json; charset=utf-8"}
ACCEPTED = {"application/json", "application/*", "*/*"}
STATUS = {200: "200 OK", 201: "201 Created", 400: "400 Bad Request", 403: "403 Forbidden", 404: "404 Not Found",
          409: "409 Conflict", 429: "429 Too Many Requests", 500: "500 Internal Server Error",
          503: "503 Service Unavailable"}
_parser, _renderer = SafeJSONParser(), FastJSONRenderer()


class LeanDecisions:
    """WSGI: the decision POST and the turn's question of the usual shape answered here, every other
    request by `site`."""

    def __init__(self, site):
        self.site = site

    def __call__(self, environ, start_response):
        if environ.get("REQUEST_METHOD") not in ("POST", "GET") or not settings.LEAN_DECISIONS:
            return self.site(environ, start_response)
        found = GAME_PATH.match(environ.get("PATH_INFO", ""))
        if found is None or ENDPOINTS[found[2]][0] != environ["REQUEST_METHOD"]:
            return self.site(environ, start_response)
        endpoint = found[2]
        taken = _taken(environ) if endpoint == "moves" else _asked(environ)
        if taken is None:
            return self.site(environ, start_response)
        status, body, headers = _answer(environ, endpoint, found[1], *taken)
        start_response(STATUS[status], [*headers, ("Content-Length", str(len(body)))])
        return _Finished([body])


class _Finished(list):
    """The answer's body; closing it ends the request as Django's would (old connections closed)."""

    def close(self):
        signals.request_finished.send(sender=LeanDecisions)


def _taken(environ):
    """(user, seq, action) when the decision is one this path answers; None hands it to Django, with
    its body put back."""
    if environ.get("QUERY_STRING") or not _plain_request(environ, json_body=True):
        return None
    parts = _token_parts(environ)
    if parts is None:
        return None
    raw = _body(environ)
    if raw is None:
        return None
    environ["wsgi.input"] = io.BytesIO(raw)  # for Django, if it answers after all
    try:
        seq, action = move_of(_parser.parse(io.BytesIO(raw)))
    except (ParseError, ValidationError):
        return None
    user = _signed_in(environ, parts[1])
    return None if user is None else (user, seq, action)


def _asked(environ):
    """(user,) when the question is one this path answers (no query string, no body); None hands
    it to Django."""
    if environ.get("QUERY_STRING") or environ.get("CONTENT_LENGTH") not in (None, "", "0"):
        return None
    if environ.get("HTTP_TRANSFER_ENCODING") or not _plain_request(environ, json_body=False):
        return None
    parts = _token_parts(environ)
    user = None if parts is None else _signed_in(environ, parts[1])
    return None if user is None else (user,)


def _token_parts(environ):
    parts = environ.get("HTTP_AUTHORIZATION", "").split()
    return parts if len(parts) == 2 and parts[0].lower() == "token" else None


def _signed_in(environ, key: str):
    # Before the first query, as Django does: a connection past its age or broken is closed first.
    signals.request_started.send(sender=LeanDecisions, environ=environ)
    try:
        return _token_user(key)
    except DatabaseError:
        return None  # Django tries again and answers as it answers any failure


def _plain_request(environ, json_body: bool) -> bool:
    """JSON in (when there is a body) and out, on a host the site serves, with nothing the
    middleware would answer itself (a redirect to HTTPS or to www, a refused user agent)."""
    if json_body and environ.get("CONTENT_TYPE", "").lower() not in JSON_TYPES:
        return False
    accept = environ.get("HTTP_ACCEPT", "")
    if accept and not any(kind.strip() in ACCEPTED for kind in accept.lower().split(",")):
        return False
    if settings.PREPEND_WWW or settings.DISALLOWED_USER_AGENTS:
        return False
    if settings.SECURE_SSL_REDIRECT and not _secure(environ):
        return False
    return _served_host(environ)


def _secure(environ) -> bool:
    header, value = settings.SECURE_PROXY_SSL_HEADER or (None, None)
    if header is not None and header in environ:
        return environ[header].split(",", 1)[0].strip() == value
    return environ.get("wsgi.url_scheme") == "https"


def _served_host(environ) -> bool:
    """Django's own test (HttpRequest.get_host): the Host header against ALLOWED_HOSTS."""
    if settings.USE_X_FORWARDED_HOST and "HTTP_X_FORWARDED_HOST" in environ:
        return False  # rare enough to leave to Django
    host = environ.get("HTTP_HOST")
    if not host:
        return False
    allowed = settings.ALLOWED_HOSTS
    if settings.DEBUG and not allowed:
        allowed = [".localhost", "127.0.0.1", "[::1]"]
    domain, _ = split_domain_port(host)
    return bool(domain) and validate_host(domain, allowed)


def _body(environ) -> bytes | None:
    try:
        length = int(environ.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return None
    if not 0 < length <= settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
        return None
    raw = environ["wsgi.input"].read(length)
    return raw if len(raw) == length else None


def _token_user(key: str):
    """The token's user, as ProfileTokenAuthentication would authenticate them; None when it would
    refuse (Django then says why, and removes an expired token) or the account has no profile."""
    found = token_user(key)
    if found is None:
        return None
    user, token = found
    if not user.is_active or token_expired(token) or getattr(user, "profile", None) is None:
        return None
    return user


def _answer(environ, endpoint: str, game_id: str, user, *decision):
    """(status, body, headers) of the decision (`moves`, with its seq and action) or the question
    (`actions`), as GameViewSet.moves or GameViewSet.actions and the middleware answer it."""
    translation.activate(user.profile.language)  # as ProfileTokenAuthentication does
    timezone.deactivate()  # as UserPreferencesMiddleware does for a request with no session
    headers = _site_headers(environ, ENDPOINTS[endpoint][1])
    try:
        if endpoint == "moves":
            status, data = 201, services.submit_decision(user, game_id, *decision, language_of(user)).answer
        else:
            status, data = 200, services.legal_for(services.game_with_seats(game_id), user)
    except services.GameError as refused:
        status, data, extra = game_error(refused)
        return status, _renderer.render(data, "application/json"), headers + extra
    except Exception as failure:
        return _failed(environ, failure, [h for h in headers if h[0] != "Allow"])
    return status, _renderer.render(data, "application/json"), headers


def _failed(environ, failure: Exception, headers):
    """As Django's handler500 answers (games.entry.api.errors.server_error): a JsonResponse, no DRF;
    a 503 to come back later while the database is out of reach."""
    down = isinstance(failure, DATABASE_DOWN)
    log.error("%s: %s", "Service Unavailable" if down else "Internal Server Error", environ["PATH_INFO"],
              exc_info=sys.exc_info())
    signals.got_request_exception.send(sender=LeanDecisions, request=None)
    if down:
        return 503, json.dumps(UNAVAILABLE).encode(), [*headers, ("Retry-After", str(RETRY_AFTER))]
    return 500, json.dumps(SERVER_ERROR).encode(), headers


def _site_headers(environ, allow: str) -> list[tuple[str, str]]:
    """What the middleware and DRF add to these endpoints' answers: the security headers, the
    content policy, the language (the user's, made active above) and what the answer varies by."""
    headers = [("Content-Type", "application/json"), ("Allow", allow)]
    if settings.X_FRAME_OPTIONS:
        headers.append(("X-Frame-Options", settings.X_FRAME_OPTIONS.upper()))
    headers.append(("Vary", "Accept-Language, Cookie"))
    headers.append(("Content-Language", translation.get_language()))
    headers.extend(policy_headers(environ["PATH_INFO"]))
    if settings.SECURE_HSTS_SECONDS and _secure(environ):
        headers.append(("Strict-Transport-Security", _hsts()))
    if settings.SECURE_CONTENT_TYPE_NOSNIFF:
        headers.append(("X-Content-Type-Options", "nosniff"))
    if settings.SECURE_REFERRER_POLICY:
        policy = settings.SECURE_REFERRER_POLICY
        headers.append(("Referrer-Policy", policy if isinstance(policy, str) else ",".join(policy)))
    if settings.SECURE_CROSS_ORIGIN_OPENER_POLICY:
        headers.append(("Cross-Origin-Opener-Policy", settings.SECURE_CROSS_ORIGIN_OPENER_POLICY))
    return headers


def _hsts() -> str:
    value = f"max-age={settings.SECURE_HSTS_SECONDS}"
    if settings.SECURE_HSTS_INCLUDE_SUBDOMAINS:
        value += "; includeSubDomains"
    if settings.SECURE_HSTS_PRELOAD:
        value += "; preload"
    return value
