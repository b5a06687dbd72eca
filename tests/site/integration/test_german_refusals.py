"""The services' refusals in the reader's language: the API by the request's Accept-Language, a page
by the player's own language; English stays the wording the other tests read."""
from __future__ import annotations

from datetime import date

import pytest
from django.utils import translation

from accounts.models import Profile
from games import services
from games.models import Game
from tests.site.integration.test_display_names import said

pytestmark = pytest.mark.django_db

NEXT_YEAR = date.today().year + 1


@pytest.fixture
def lobby(make_user):
    """An open 3-player Argo game of alice's, which bob joined; carol speaks German."""
    alice, bob, carol = (make_user(name) for name in ("alice", "bob", "carol"))
    Profile.objects.filter(user=carol).update(language="de")
    carol.refresh_from_db()
    game = services.create_game(alice, game="argo", players=3)
    services.join_game(bob, game.pk)
    return alice, bob, carol, game


def detail(response, status):
    assert response.status_code == status, response.content[:300]
    return response.json()["detail"]


def test_the_api_refuses_in_the_accounts_language(lobby, api_client_for):
    alice, _, carol, game = lobby
    german = api_client_for(carol)
    assert german.post(f"/api/games/{game.pk}/join/").status_code == 200
    assert detail(german.post(f"/api/games/{game.pk}/join/"), 409) == "die Partie hat den Status „läuft“: ihr kann niemand mehr beitreten"
    assert detail(german.post(f"/api/games/{game.pk}/undo/", {"seq": game.seq + 5}, format="json"), 409) \
        .startswith("veraltete seq")
    assert detail(api_client_for(alice).post(f"/api/games/{game.pk}/join/"), 409) == "the game is active: it cannot be joined"


def test_a_visitor_reads_the_refusal_in_the_browsers_language(client):
    assert detail(client.get("/api/games/999999/record/", HTTP_ACCEPT_LANGUAGE="de"), 404) == "diese Partie gibt es nicht"
    assert detail(client.get("/api/games/999999/record/", HTTP_ACCEPT_LANGUAGE="en"), 404) == "no such game"
    assert detail(client.get("/api/games/999999/record/", HTTP_ACCEPT_LANGUAGE="fr"), 404) == "cette partie n'existe pas"


def test_a_finished_game_is_named_by_its_translated_status(make_user, lobby, api_client_for):
    alice, bob, carol, _ = lobby
    game = services.create_game(alice, game="argo", players=2)
    services.join_game(bob, game.pk)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    assert detail(api_client_for(carol).post(f"/api/games/{game.pk}/join/"), 409) \
        == "die Partie hat den Status „beendet“: ihr kann niemand mehr beitreten"
    assert detail(api_client_for(make_user("dave")).post(f"/api/games/{game.pk}/join/"), 409) \
        == "the game is finished: it cannot be joined"


def test_a_german_player_reads_why_a_game_cannot_be_joined(client, lobby):
    alice, _, carol, game = lobby
    client.force_login(carol)
    client.post(f"/games/{game.pk}/join/")
    page = client.post(f"/games/{game.pk}/join/", follow=True)
    assert "die Partie hat den Status „läuft“: ihr kann niemand mehr beitreten" in said(page)[0]
    Profile.objects.filter(user=alice).update(language="de")
    client.force_login(alice)
    full = services.create_game(alice, game="argo", players=2)
    page = client.post(f"/games/{full.pk}/join/", follow=True)
    assert "du hast schon einen Platz in dieser Partie" in said(page)[0]


@pytest.mark.parametrize("allowance, told", [(1, "du hast %s noch 1 Urlaubstag"), (2, "du hast %s noch 2 Urlaubstage")])
def test_a_vacation_refusal_counts_its_days_in_german(lobby, settings, allowance, told):
    """The one refusal with a number to agree with: a day, days."""
    settings.VACATION_DAYS_PER_YEAR = allowance
    with translation.override("de"), pytest.raises(services.GameError) as refused:
        services.add_vacation(lobby[2], date(NEXT_YEAR, 3, 1), date(NEXT_YEAR, 3, 10))
    assert refused.value.detail == told % NEXT_YEAR
