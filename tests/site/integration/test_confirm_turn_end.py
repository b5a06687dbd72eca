"""The preference "confirm before the decision that ends my turn" (Profile.confirm_turn_end): the
question then marks which answers end the turn (`ends_turn`), as the rules say, in /actions/ and in
the `next` of a 201; without it the question is as before. Per game over the registry."""
from __future__ import annotations

import random

import pytest

from games import rules, services
from games.models import Game

GAMES = rules.names()
pytestmark = pytest.mark.django_db


def started(name: str, first, second) -> Game:
    game = services.create_game(first, game=name, players=2)
    services.join_game(second, game.pk)
    return Game.objects.get(pk=game.pk)


@pytest.mark.parametrize("name", GAMES)
def test_the_question_marks_the_answers_that_end_the_turn_for_who_asked_for_it(make_user, api_client_for, name):
    alice, bob = make_user("alice"), make_user("bob")
    alice.profile.confirm_turn_end = True
    alice.profile.save()
    game = started(name, alice, bob)
    module, rng, met_an_end = rules.get(name), random.Random(5), False
    for _ in range(60):
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.ACTIVE:
            break
        mover = game.deciding_seat.user
        asked = api_client_for(mover).get(f"/api/games/{game.pk}/actions/").json()
        if mover != alice:
            assert "ends_turn" not in asked  # bob did not ask for it
        else:
            state = services.current_state(game)
            ending = [i for i, a in enumerate(asked["actions"])
                      if module.current_seat(module.apply(state, a)[0]) != asked["seat"]]
            assert asked["ends_turn"] == ending
            met_an_end = met_an_end or bool(ending)
        answer = api_client_for(mover).post(f"/api/games/{game.pk}/moves/", {
            "seq": asked["seq"], "action": rng.choice(asked["actions"])}, format="json").json()
        if answer["next"] is not None:
            assert ("ends_turn" in answer["next"]) is (mover == alice)
    assert met_an_end, "alice met a position with an answer that ends her turn"


def test_the_preference_is_set_through_the_api_and_refused_when_not_a_boolean(make_user, api_client_for):
    alice = make_user("alice")
    client = api_client_for(alice)
    assert client.patch("/api/me/", {"confirm_turn_end": True}, format="json").json()["confirm_turn_end"] is True
    refused = client.patch("/api/me/", {"confirm_turn_end": "maybe"}, format="json")
    assert refused.status_code == 400 and "confirm_turn_end" in refused.json()["detail"]
    alice.profile.refresh_from_db()
    assert alice.profile.confirm_turn_end is True
