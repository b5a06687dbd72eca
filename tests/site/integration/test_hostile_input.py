"""Input no real client sends answers 4xx with a JSON `detail`, never a 500."""
from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("path", ["/api/auth/token/", "/api/games/", "/api/me/"])
def test_json_nested_thousands_deep_is_refused(make_user, api_client_for, path):
    client = api_client_for(make_user("alice"))
    for body in (nested(5000), '{"a":' * 40 + "1" + "}" * 40):
        response = client.generic("PATCH" if path == "/api/me/" else "POST", path, body, content_type="application/json")
        assert response.status_code == 400, (path, response.status_code)
        assert "nested deeper than 32" in response.json()["detail"]
    anonymous = APIClient().post("/api/auth/token/", nested(5000), content_type="application/json")
    assert anonymous.status_code == 400 and "nested" in anonymous.json()["detail"]


def test_a_body_larger_than_the_limit_is_413(make_user, api_client_for):
    client = api_client_for(make_user("alice"))
    body = json.dumps({"text": "x" * (300 * 1024)})
    response = client.post("/api/games/", body, content_type="application/json")
    assert response.status_code == 413 and "larger than" in response.json()["detail"]


def test_a_nul_byte_in_a_path_or_query_is_a_400(client):
    for path in ("/api/users/%00/", "/players/%00/", "/api/games/?status=%00"):
        response = client.get(path)
        assert response.status_code == 400, path
    assert client.get("/api/users/%00/").json()["detail"] == "a NUL byte is not allowed in a URL"


def test_nan_and_infinity_are_not_json(make_user, api_client_for):
    client = api_client_for(make_user("alice"))
    response = client.post("/api/games/", '{"game": "argo", "players": NaN}', content_type="application/json")
    assert response.status_code == 400 and "detail" in response.json()


def test_not_signed_in_is_401_with_the_scheme_to_use():
    response = APIClient().get("/api/me/")
    assert response.status_code == 401 and response["WWW-Authenticate"] == "Token"
    assert response.json()["detail"]


def test_a_csrf_failure_under_the_api_is_json(make_user):
    from django.test import Client
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(make_user("alice"))
    for method, path in (("post", "/api/no-such-endpoint/"), ("patch", "/api/me/"), ("post", "/api/games/")):
        response = getattr(browser, method)(path, "{}", content_type="application/json")
        assert response.status_code == 403 and "CSRF" in response.json()["detail"], path


def test_the_contract_holds_for_odd_but_plausible_requests(make_user, api_client_for):
    from rest_framework.test import APIClient
    client, anonymous = api_client_for(make_user("alice")), APIClient()
    assert anonymous.generic("TRACE", "/api/me/").status_code == 405  # the method before the credentials
    assert anonymous.generic("TRACE", "/api/auth/token/").status_code == 405
    for url in ("/api/games/?mine=maybe", "/api/games/?status=", "/api/ratings/argo/?active=yes",
                "/api/games/?mine=1&mine=0"):
        assert client.get(url).status_code == 400, url
    for url in ("/api/games/?page=", "/api/games/?page=last", "/api/games/?page=0", "/api/ratings/argo/?page=x"):
        assert client.get(url).status_code == 404, url
    assert client.get("/api/games/?mine=true").status_code == 200
    assert client.patch("/api/me/", {"display_name": 0}).status_code == 400
    assert client.patch("/api/me/", {"time_zone": "Mars/Olympus"}).status_code == 400
    assert client.patch("/api/me/", {"time_zone": "Europe/Berlin"}).json()["time_zone"] == "Europe/Berlin"
    form = client.post("/api/games/", "game=argo&players=2", content_type="application/x-www-form-urlencoded")
    assert form.status_code == 415 and form.json()["detail"]


def test_a_replay_position_must_be_a_whole_number(make_user, api_client_for):
    from games import services
    alice = make_user("alice")
    game = services.create_game(alice, game="argo", players=2, bots=["greedy"])
    client = api_client_for(alice)
    url = f"/api/games/{game.pk}/replay/"
    for query in ("?upto=", "?upto=x", "?upto=1.5", "?upto=1&upto=2", "?upto=%201"):
        response = client.get(url + query)
        assert response.status_code == 400, query
        assert response.json()["detail"] == "upto: must be a whole number", query
    assert client.get(url + "?upto=0").json()["position"] == 0
    last = client.get(url).json()["upto"]
    assert client.get(url + "?upto=-7").json()["upto"] == 0
    assert client.get(url + "?upto=" + "9" * 5000).json()["upto"] == last  # clamped, never a 500
    assert client.get(url).status_code == 200
