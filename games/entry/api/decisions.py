"""The two requests a game is made of, as plain Django views in front of the API's own: the decision
(`POST /api/games/<id>/moves/`) and the question a client asks when its turn begins
(`GET /api/games/<id>/actions/`).

A program's request of the usual shape (a token, JSON in and out, no query string) is answered here
with the pieces `GameViewSet.moves` and `GameViewSet.actions` use: the token query and its checks
(`accounts.api.auth`), the parser and `move_of`, the services, the error JSON. Everything else
(another method, a session, an unusual body, a token that is refused) goes to `GameViewSet`, which
also gives the schema. DRF's request, negotiation, parser, authentication and permission objects
were about a tenth of a decision's CPU (docs/performance.md); everything Django does around a view
(middleware, the URL resolver, `handler500`) is still done by Django, as for any view.
"""
from __future__ import annotations

import io

from django.http import HttpResponse
from django.views.decorators.csrf import csrf_exempt
from rest_framework.authentication import get_authorization_header
from rest_framework.exceptions import ParseError, ValidationError

from accounts.api.auth import admit, token_user, usable
from accounts.models import language_of
from foundation.encoding import FastJSONRenderer
from games import services

from .errors import game_error
from .parsers import SafeJSONParser
from .serializers import move_of

_parser, _renderer = SafeJSONParser(), FastJSONRenderer()
_JSON_ACCEPTED = {"application/json", "application/*", "*/*"}


def decide(api_view):
    """The decision view, handing what it does not answer to `api_view` (GameViewSet's)."""
    allow = _allowed(api_view)

    @csrf_exempt  # a token is not sent by a browser on its own, as a cookie is
    def view(request, pk: str):
        taken = _taken(request) if request.method == "POST" else None
        if taken is None:
            return api_view(request, pk=pk)
        user, seq, action = taken
        try:
            applied = services.submit_decision(user, pk, seq, action, language_of(user))
        except services.GameError as refused:
            return _refusal(refused, allow)
        return _json(201, applied.answer, allow)
    return view


def ask(api_view):
    """The question's view, handing what it does not answer to `api_view`."""
    allow = _allowed(api_view)

    @csrf_exempt
    def view(request, pk: str):
        user = _asked(request) if request.method == "GET" else None
        if user is None:
            return api_view(request, pk=pk)
        try:
            legal = services.legal_for(services.game_with_seats(pk), user)
        except services.GameError as refused:
            return _refusal(refused, allow)
        return _json(200, legal, allow)
    return view


def _taken(request):
    """(user, seq, action) of a decision of the usual shape; None leaves it to the API's view."""
    if request.GET or request.content_type != "application/json" or not _answers_json(request):
        return None
    try:
        seq, action = move_of(_parser.parse(io.BytesIO(request.body)))
    except (ParseError, ValidationError):
        return None  # the API's view says what is wrong, in its words
    user = _signed_in(request)
    return None if user is None else (user, seq, action)


def _asked(request):
    """The user asking a question of the usual shape (no query string, no body), else None."""
    if request.GET or request.body or not _answers_json(request):
        return None
    return _signed_in(request)


def _answers_json(request) -> bool:
    """Whether the client takes JSON, in the few words programs use for it; any other `Accept` goes
    to the API's view, which negotiates (`request.accepts` parses every header first: a tenth of
    what this view costs)."""
    accept = request.META.get("HTTP_ACCEPT", "")
    return not accept or any(kind.strip() in _JSON_ACCEPTED for kind in accept.lower().split(","))


def _signed_in(request):
    """The token's user when the API would take the token; None (nothing done, nothing written)
    when it would refuse it, so that the API's view refuses it in its own words."""
    parts = get_authorization_header(request).split()
    if len(parts) != 2 or parts[0].lower() != b"token":
        return None
    try:
        found = token_user(parts[1].decode())
    except UnicodeDecodeError:
        return None
    if found is None or not usable(*found) or getattr(found[0], "profile", None) is None:
        return None
    return admit(*found)


def _allowed(api_view) -> str:
    """The methods the API's view takes at this path, as its answers list them in `Allow`."""
    taken = {*api_view.actions, "options"} | ({"head"} if "get" in api_view.actions else set())
    return ", ".join(name.upper() for name in api_view.cls.http_method_names if name in taken)


def _json(status: int, data, allow: str, headers=()) -> HttpResponse:
    response = HttpResponse(_renderer.render(data, "application/json"), content_type="application/json",
                            status=status, headers=dict(headers))
    response["Allow"] = allow
    return response


def _refusal(refused: services.GameError, allow: str) -> HttpResponse:
    status, data, headers = game_error(refused)
    return _json(status, data, allow, headers)
