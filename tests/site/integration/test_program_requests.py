"""The middleware that serve browsers only pass a program's token request to /api/ by
(foundation/middleware.py), and still serve every other request."""
from __future__ import annotations

import pytest
from django.test import RequestFactory

from foundation.middleware import ForBrowsers, program_request


class Marking:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.marked = True
        return self.get_response(request)


class MarkingForBrowsers(ForBrowsers, Marking):
    pass


@pytest.mark.parametrize(("path", "authorization", "program"), [
    ("/api/games/1/moves/", "Token abc", True),
    ("/api/me/", "token abc", True),
    ("/api/me/", "", False),  # a browser's session
    ("/api/me/", "Basic abc", False),
    ("/games/1/", "Token abc", False),  # a page is a browser's, whatever it sends
])
def test_only_a_programs_request_passes_by(path, authorization, program):
    request = RequestFactory().get(path, HTTP_AUTHORIZATION=authorization)
    assert program_request(request) is program
    MarkingForBrowsers(lambda r: "answered")(request)
    assert getattr(request, "marked", False) is not program


@pytest.mark.django_db
def test_a_program_is_answered_without_the_browsers_cookie_work(make_user):
    from rest_framework.test import APIClient

    from tests.django_fixtures import api_key_of
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_key_of(make_user('alice'))}")
    response = client.get("/api/me/")
    assert response.status_code == 200 and response.json()["username"] == "alice"
    assert "Cookie" not in response.get("Vary", "")  # nothing in it depended on a session
    assert not response.cookies


@pytest.mark.django_db
def test_a_programs_json_has_no_document_policy_and_a_pages_script_gets_it(client, make_user):
    """The content security policy says which scripts a shown document may run: a token's answer is
    JSON a program reads, never shown, and goes without it; the same request signed by a browser's
    session (a page's script) is answered with it, as every page is."""
    from rest_framework.test import APIClient

    from tests.django_fixtures import api_key_of
    alice = make_user("alice")
    program = APIClient()
    program.credentials(HTTP_AUTHORIZATION=f"Token {api_key_of(alice)}")
    answered = program.get("/api/me/")
    assert answered.status_code == 200 and "Content-Security-Policy" not in answered
    assert answered["X-Frame-Options"] == "DENY" and answered["X-Content-Type-Options"] == "nosniff"
    client.force_login(alice)
    answered = client.get("/api/me/")
    assert answered.status_code == 200 and "script-src 'self'" in answered["Content-Security-Policy"]
