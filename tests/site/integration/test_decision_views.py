"""The plain views of the decision POST and the turn's question (games/entry/api/decisions.py) answer
exactly as the API's own view (GameViewSet) would.

Each request is sent twice to Django's WSGI application, once as it comes and once with the plain
view told to hand everything to GameViewSet, each inside a transaction rolled back afterwards, so
both meet the same game: the status, the headers and the JSON must be the same. Requests the plain
views must leave to GameViewSet (bad tokens, unusual bodies, another host) are checked to reach it,
with their answers unchanged.
"""
from __future__ import annotations

import io
import json
import logging
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from django.core import signals
from django.core.handlers.wsgi import WSGIHandler
from django.db import close_old_connections, transaction
from django.utils import timezone

from games import services
from games.entry.api import decisions
from tests.django_fixtures import api_key_of

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[3]

# Django's application, made here: importing argo_site.wsgi in the test process would set Django up
# again (its logging bound to this moment's stderr) and settle the heap.
DJANGO = WSGIHandler()


def request(app, path: str, body, token: str | None, **extra) -> tuple[int, dict, object]:
    payload = body if isinstance(body, bytes) else json.dumps(body).encode()
    environ = {"REQUEST_METHOD": "POST", "PATH_INFO": path, "QUERY_STRING": "", "SERVER_NAME": "127.0.0.1",
               "SERVER_PORT": "8000", "REMOTE_ADDR": "127.0.0.1", "SERVER_PROTOCOL": "HTTP/1.1",
               "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(payload), "wsgi.errors": sys.stderr,
               "CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(payload)),
               "HTTP_ACCEPT": "application/json", "HTTP_HOST": "127.0.0.1"}
    if token:
        environ["HTTP_AUTHORIZATION"] = f"Token {token}"
    environ.update(extra)
    started = []
    # As Django's test client does: the request's signals must not close the test's connection.
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        chunks = app(environ, lambda status, headers, *_: started.append((status, headers)))
        data = b"".join(chunks)
        chunks.close()
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)
    status, headers = started[0]
    return int(status.split()[0]), {k.lower(): v for k, v in headers}, json.loads(data) if data else None


def both(path, body, token, django=None, **extra):
    """(the plain view's answer, GameViewSet's answer, whether the plain view answered itself), each
    on the same game."""
    django = django or DJANGO
    answers, taken = [], []
    with pytest.MonkeyPatch.context() as patch:
        for name in ("_taken", "_asked"):
            patch.setattr(decisions, name, _spy(getattr(decisions, name), taken))
        for handing_over in (False, True):
            if handing_over:
                patch.setattr(decisions, "_taken", lambda request: None)
                patch.setattr(decisions, "_asked", lambda request: None)
            with transaction.atomic():
                answers.append(request(django, path, body, token, **extra))
                transaction.set_rollback(True)
            if not handing_over:
                answered = any(found is not None for found in taken)
    return answers[0], answers[1], answered


def _spy(function, results):
    def spied(*args, **kwargs):
        results.append(function(*args, **kwargs))
        return results[-1]
    return spied


def policy(text: str) -> set[str]:
    return {part.strip() for part in text.split(";")}


def assert_same(lean, django):
    (status, headers, data), (django_status, django_headers, django_data) = lean, django
    assert status == django_status, (data, django_data)
    assert data == django_data
    csp = "content-security-policy"
    # the same directives, in any order; a token's answer carries none (foundation/middleware.py)
    assert policy(headers.pop(csp, "")) == policy(django_headers.pop(csp, ""))
    assert headers == django_headers


@pytest.fixture
def game(make_user):
    """A started 2-player Argo game: (game, tokens by seat, the seat to decide, its legal decisions)."""
    alice, bob = make_user("alice"), make_user("bob")
    game = services.create_game(alice, game="argo", players=2)
    services.join_game(bob, game.pk)
    game.refresh_from_db()
    tokens = {seat.order: api_key_of(seat.user) for seat in game.seats.all()}
    seat = game.current_seat
    legal = services.legal_for(services.game_with_seats(game.pk), game.seats.get(order=seat).user)
    return game, tokens, seat, legal


def moves(game):
    return f"/api/games/{game.pk}/moves/"


def actions(game):
    return f"/api/games/{game.pk}/actions/"


def ask(path, token, **extra):
    """(the plain view's answer, Django's answer, whether the plain view answered itself) of a GET without a body."""
    return both(path, b"", token, **{"REQUEST_METHOD": "GET", "CONTENT_LENGTH": "", **extra})


def test_a_decision_is_answered_as_the_api_view_answers_it(game):
    game, tokens, seat, legal = game
    lean, django, answered = both(moves(game), {"seq": legal["seq"], "action": legal["actions"][0]}, tokens[seat])
    assert answered and lean[0] == 201
    assert lean[2]["number"] == 1 and lean[2]["view"]["seq"] == 1
    assert lean[1]["content-language"] == "en" and lean[1]["x-frame-options"] == "DENY"
    assert_same(lean, django)


def test_the_decision_is_stored_once_and_the_game_moves_on(game):
    game, tokens, seat, legal = game
    status, _, answer = request(DJANGO, moves(game), {"seq": legal["seq"], "action": legal["actions"][0]},
                                tokens[seat])
    assert status == 201
    game.refresh_from_db()
    assert game.seq == 1 and game.decisions.count() == 1
    assert game.decisions.get().data == legal["actions"][0]
    status, _, again = request(DJANGO, moves(game), {"seq": legal["seq"], "action": legal["actions"][0]},
                               tokens[seat])
    assert status == 409 and "stale seq" in again["detail"]
    assert game.decisions.count() == 1


def test_a_field_the_endpoint_does_not_know_is_ignored_as_the_api_view_ignores_it(game):
    game, tokens, seat, legal = game
    lean, django, answered = both(moves(game), {"seq": legal["seq"], "action": legal["actions"][0], "colour": "red"},
                                  tokens[seat])
    assert answered and lean[0] == 201
    assert_same(lean, django)


@pytest.mark.parametrize("endpoint", ["moves", "actions"])
def test_a_german_player_is_answered_in_german(game, endpoint):
    game, tokens, seat, legal = game
    profile = game.seats.get(order=seat).user.profile
    profile.language = "de"
    profile.save()
    if endpoint == "moves":
        lean, django, answered = both(moves(game), {"seq": legal["seq"], "action": legal["actions"][0]},
                                      tokens[seat])
    else:
        lean, django, answered = ask(actions(game), tokens[seat])
        assert lean[2]["prompt"] != legal["prompt"]  # the question itself in German
    assert answered and lean[1]["content-language"] == "de"
    assert_same(lean, django)


@pytest.mark.parametrize("case", ["stale", "not yours", "illegal", "another game's", "no such game", "finished"])
def test_refusals_are_the_same(game, case):
    game, tokens, seat, legal = game
    body, token, path = {"seq": legal["seq"], "action": legal["actions"][0]}, tokens[seat], moves(game)
    if case == "stale":
        body["seq"] += 5
    elif case == "not yours":
        token = tokens[1 - seat]
    elif case == "illegal":
        body["action"] = {"type": "no-such-decision"}
    elif case == "another game's":
        body["action"] = {"type": "pass", "unheard_of": [1, 2, 3]}
    elif case == "no such game":
        path = f"/api/games/{game.pk + 1000}/moves/"
    elif case == "finished":
        type(game).objects.filter(pk=game.pk).update(status=type(game).Status.FINISHED)
    lean, django, answered = both(path, body, token)
    assert answered and 400 <= lean[0] < 500 and lean[2]["detail"], lean
    assert_same(lean, django)
    game.refresh_from_db()
    assert game.decisions.count() == 0


def test_a_failure_is_logged_and_answered_as_the_api_view_does(game, monkeypatch):
    game, tokens, seat, legal = game

    def broken(*args, **kwargs):
        raise RuntimeError("the disk is on fire")
    monkeypatch.setattr(services, "submit_decision", broken)
    logged = []
    handler = logging.Handler()
    handler.emit = logged.append
    logging.getLogger("django.request").addHandler(handler)
    try:
        lean, django, answered = both(moves(game), {"seq": legal["seq"], "action": legal["actions"][0]},
                                      tokens[seat])
    finally:
        logging.getLogger("django.request").removeHandler(handler)
    assert answered and lean[0] == 500
    assert lean[2] == {"detail": "the server failed; the error has been logged"}
    assert_same(lean, django)
    lines = [(r.getMessage(), str(r.exc_info[1])) for r in logged]
    assert lines == [(f"Internal Server Error: {moves(game)}", "the disk is on fire")] * 2  # the plain view's, Django's


def test_https_answers_carry_hsts_as_the_api_view_does(game, settings):
    game, tokens, seat, legal = game
    settings.SECURE_HSTS_SECONDS, settings.SECURE_HSTS_INCLUDE_SUBDOMAINS = 3600, True
    reloaded = WSGIHandler()  # SecurityMiddleware reads its settings when it is made
    lean, django, answered = both(moves(game), {"seq": legal["seq"], "action": legal["actions"][0]}, tokens[seat],
                                  django=reloaded, HTTP_X_FORWARDED_PROTO="https")
    assert answered and lean[1]["strict-transport-security"] == "max-age=3600; includeSubDomains"
    assert_same(lean, django)


@pytest.mark.parametrize("case", ["unknown token", "expired token", "inactive user", "no profile", "not JSON",
                                  "seq as text", "query string", "other host", "form body",
                                  "XML only", "ssl redirect", "two-part authorization"])
def test_what_the_plain_view_is_unsure_of_goes_to_the_api_view(game, case, settings):
    from accounts.models import ApiToken
    game, tokens, seat, legal = game
    body, token, extra = {"seq": legal["seq"], "action": legal["actions"][0]}, tokens[seat], {}
    user = game.seats.get(order=seat).user
    if case == "unknown token":
        token = "0" * 40
    elif case == "expired token":
        ApiToken.objects.of_key(token).update(created=timezone.now() - timedelta(days=3650))
    elif case == "inactive user":
        user.is_active = False
        user.save()
    elif case == "no profile":
        user.profile.delete()
    elif case == "not JSON":
        body = b"{seq: 1"
    elif case == "seq as text":
        body["seq"] = str(body["seq"])
    elif case == "query string":
        extra["QUERY_STRING"] = "lang=de"
    elif case == "other host":
        extra["HTTP_HOST"] = "evil.example"
    elif case == "form body":
        extra["CONTENT_TYPE"] = "application/x-www-form-urlencoded"
    elif case == "XML only":
        extra["HTTP_ACCEPT"] = "application/xml"
    elif case == "ssl redirect":
        settings.SECURE_SSL_REDIRECT = True
    elif case == "two-part authorization":
        extra["HTTP_AUTHORIZATION"] = f"Token {token} again"
    # SecurityMiddleware reads its settings when it is made
    site = WSGIHandler() if case == "ssl redirect" else None
    lean, django, answered = both(moves(game), body, token, django=site, **extra)
    assert not answered, case
    assert lean[0] == django[0] and lean[2] == django[2]


def test_the_question_is_answered_as_the_api_view_answers_it(game):
    game, tokens, seat, legal = game
    lean, django, answered = ask(actions(game), tokens[seat])
    assert answered and lean[0] == 200
    assert lean[2] == legal and lean[2]["actions"]
    assert lean[1]["allow"] == "GET, HEAD, OPTIONS" and lean[1]["content-language"] == "en"
    assert_same(lean, django)


@pytest.mark.parametrize("case", ["not yours", "not seated", "no such game", "finished"])
def test_questions_refused_are_refused_alike(game, case, make_user):
    game, tokens, seat, legal = game
    token, path = tokens[seat], actions(game)
    if case == "not yours":
        token = tokens[1 - seat]
    elif case == "not seated":
        token = api_key_of(make_user("carol"))
    elif case == "no such game":
        path = f"/api/games/{game.pk + 1000}/actions/"
    elif case == "finished":
        type(game).objects.filter(pk=game.pk).update(status=type(game).Status.FINISHED)
    lean, django, answered = ask(path, token)
    assert answered and 400 <= lean[0] < 500 and lean[2]["detail"], lean
    assert "actions" not in lean[2]  # nobody but the deciding player sees their choices
    assert_same(lean, django)


@pytest.mark.parametrize("case", ["a body", "query string", "unknown token", "no token", "XML only", "HEAD"])
def test_questions_the_plain_view_is_unsure_of_go_to_the_api_view(game, case):
    game, tokens, seat, legal = game
    token, extra = tokens[seat], {}
    if case == "query string":
        extra["QUERY_STRING"] = "lang=de"
    elif case == "unknown token":
        token = "0" * 40
    elif case == "no token":
        token = None
    elif case == "XML only":
        extra["HTTP_ACCEPT"] = "application/xml"
    if case == "a body":
        lean, django, answered = both(actions(game), b"{}", token, REQUEST_METHOD="GET")
    elif case == "HEAD":
        lean, django, answered = both(actions(game), b"", token, REQUEST_METHOD="HEAD", CONTENT_LENGTH="")
    else:
        lean, django, answered = ask(actions(game), token, **extra)
    assert not answered, case
    assert lean[0] == django[0] and lean[2] == django[2]


def test_a_database_out_of_reach_is_a_503_to_come_back_to_as_the_api_view_answers(game, monkeypatch):
    from django.db import OperationalError
    game, tokens, seat, legal = game

    def unreachable(*args, **kwargs):
        raise OperationalError("connection refused")
    monkeypatch.setattr(services, "submit_decision", unreachable)
    lean, django, answered = both(moves(game), {"seq": legal["seq"], "action": legal["actions"][0]}, tokens[seat])
    assert answered and lean[0] == 503 and int(lean[1]["retry-after"]) > 0 and "database" in lean[2]["detail"]
    assert_same(lean, django)


class SeenByMiddleware:
    """A middleware added to the site later: it must see the turn's two requests as it sees any."""

    seen: list = []

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        SeenByMiddleware.seen.append((request.method, request.path, response.status_code))
        return response


def test_every_middleware_sees_the_turns_requests(game, settings):
    game, tokens, seat, legal = game
    settings.MIDDLEWARE = [*settings.MIDDLEWARE, f"{__name__}.SeenByMiddleware"]
    SeenByMiddleware.seen = []
    site = WSGIHandler()  # the middleware are read when the handler is made
    with transaction.atomic():
        request(site, actions(game), b"", tokens[seat], REQUEST_METHOD="GET", CONTENT_LENGTH="")
        request(site, moves(game), {"seq": legal["seq"], "action": legal["actions"][0]}, tokens[seat])
        transaction.set_rollback(True)
    assert SeenByMiddleware.seen == [("GET", actions(game), 200), ("POST", moves(game), 201)]


def test_the_schema_still_describes_both_requests(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    assert "post" in schema["paths"]["/api/games/{id}/moves/"]
    assert "get" in schema["paths"]["/api/games/{id}/actions/"]
