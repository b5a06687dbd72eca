"""The game's prompt in the API (which the game page shows after "Waiting for Carol: "): the deciding
player reads the question addressed to them, everyone else (the other players, spectators) the rules'
third-person form, prompt_for_others. Per game over the registry."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games import rules, services
from games.models import Game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", rules.names())
def test_only_the_deciding_player_is_spoken_to(make_user, api_client_for, name):
    module = rules.get(name)
    shown = rules.presentation(name)
    people = [make_user(n) for n in ("ann", "ben", "cat", "dan")[:module.min_players]]
    game = services.create_game(people[0], game=name, players=len(people))
    for user in people[1:]:
        services.join_game(user, game.pk)
    game = Game.objects.get(pk=game.pk)
    state = services.current_state(game)
    mover = game.seats.get(order=game.current_seat).user
    for reader, client in [*((p, api_client_for(p)) for p in people), (None, APIClient())]:
        prompt = client.get(f"/api/games/{game.pk}/").json()["prompt"]
        expected = shown.prompt(state, "en") if reader == mover else shown.prompt_for_others(state, "en")
        assert prompt == expected, (reader, prompt)
