"""The board in words (GET /api/games/<id>/text/, the game page's text view and its keys): the rules'
describe() of what the reader may see, the reader's seat in the game's words, and each player's last
turn as the reader reads it. Per game over the registry."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games import rules, services
from games.models import Game

from . import test_since_you_looked as since
from .test_since_you_looked import api, end_turn_of, started

pair = since.pair  # the fixture: Alice and Bob, named so

GAMES = rules.names()
pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", GAMES)
def test_a_player_reads_the_board_their_seat_and_each_players_last_turn(pair, name):
    alice, bob = pair
    game = started(pair, name)
    first = game.seats.get(order=game.current_seat).user
    second = bob if first == alice else alice
    end_turn_of(first, game.pk)
    end_turn_of(second, game.pk)
    answer = api(first).get(f"/api/games/{game.pk}/text/?lang=en")
    assert answer.status_code == 200, answer.content
    words = answer.json()
    assert words["you"] and words["mine"] and words["scores"] and words["places"]
    assert [t["name"] for t in words["turns"]] == [second.username.capitalize(), first.username.capitalize()]
    assert all(t["lines"] for t in words["turns"])
    german = api(first).get(f"/api/games/{game.pk}/text/?lang=de").json()
    assert german["you"] != words["you"] or german["places"] != words["places"], "German words in German"


@pytest.mark.parametrize("name", GAMES)
def test_a_spectator_reads_the_board_but_has_no_side(pair, name):
    game = started(pair, name)
    words = APIClient().get(f"/api/games/{game.pk}/text/").json()
    assert words["you"] is None and words["mine"] == [] and words["places"]
    assert words["turns"] == []  # nobody has played yet


def test_a_game_not_started_has_no_board_and_a_bad_language_is_refused(pair):
    alice, bob = pair
    game = services.create_game(alice, game=GAMES[0], players=2)
    answer = api(alice).get(f"/api/games/{game.pk}/text/")
    assert answer.status_code == 409 and "not started" in answer.json()["detail"]
    started_game = started(pair, GAMES[0])
    refused = api(alice).get(f"/api/games/{started_game.pk}/text/?lang=xx")
    assert refused.status_code == 400 and refused.json()["detail"]
    assert api(alice).get("/api/games/999999/text/").status_code == 404
    assert Game.objects.get(pk=started_game.pk).seq == 0
