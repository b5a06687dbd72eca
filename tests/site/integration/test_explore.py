"""The analysis board's endpoint (POST /api/games/<id>/explore/, games.services.explore), per game of the
registry: a line of decisions for any seat runs in a world guessed from the reader's view alone, the
same deal giving the same world; it stores nothing; a twin of the game (everything the reader cannot see
changed) gets the very same answers, so nothing hidden reaches them; refusals are 4xx with a detail."""
from __future__ import annotations

import pytest

from games import rules, services
from games.models import Game
from tests.django_fixtures import token_client as api

pytestmark = pytest.mark.django_db
DECISIONS_IN = 6  # the stored game's decisions before the line starts: past any opening setup


@pytest.fixture(params=rules.names())
def game(request, make_user):
    """A game of one player against the greedy bot, a few decisions in, the player to decide."""
    ann = make_user("ann")
    game = services.create_game(ann, game=request.param, players=2, bots=["greedy"])
    module = rules.get(request.param)
    game = services.game_with_seats(game.pk)
    while game.seq < DECISIONS_IN or game.deciding_seat.user != ann:
        if game.deciding_seat.user == ann:
            services.submit_decision(ann, game.pk, game.seq, module.bot("greedy", game.seq).choose(services.current_state(game)))
        else:
            services.play_bot_turn(game.pk)
        game = services.game_with_seats(game.pk)
    return ann, game, module


def line_of(module, game, length: int) -> list[dict]:
    """A line of `length` decisions as the analysis board would play them: the first legal one each
    time, in the world of deal 0 (read back from the endpoint, step by step)."""
    ann = game.seats.get(order=0).user
    line: list[dict] = []
    for _ in range(length):
        answer = api(ann).post(f"/api/games/{game.pk}/explore/", {"decisions": line, "deal": 0}, format="json").json()
        if not answer["actions"]:
            break
        line.append(answer["actions"][0])
    return line


def test_a_line_runs_in_a_guess_the_same_deal_repeats_and_nothing_is_stored(game):
    ann, game, module = game
    seq, stored = game.seq, game.decisions.count()
    line = line_of(module, game, 8)
    first = api(ann).post(f"/api/games/{game.pk}/explore/", {"decisions": line, "deal": 0}, format="json")
    assert first.status_code == 200, first.content
    answer = first.json()
    assert answer["guess"] is True and answer["depth"] == len(line) and answer["deal"] == 0
    assert answer["seat"] is None or (answer["actions"] and answer["prompt"]), "a position with its question"
    again = api(ann).post(f"/api/games/{game.pk}/explore/", {"decisions": line, "deal": 0}, format="json").json()
    assert again == answer, "one deal, one world"
    game = Game.objects.get(pk=game.pk)
    assert (game.seq, game.decisions.count()) == (seq, stored), "nothing of the line is stored"


def test_a_twin_of_the_game_gets_the_same_answers(game, monkeypatch):
    """What the reader cannot see changed (rules' twin): the endpoint answers the same to the letter."""
    ann, game, module = game
    line = line_of(module, game, 5)
    asked = [([], 0), ([], 7), (line, 0), (line[:2], 3)]
    true = [api(ann).post(f"/api/games/{game.pk}/explore/", {"decisions": d, "deal": k}, format="json").json()
            for d, k in asked]
    real_state = services.reads.current_state
    monkeypatch.setattr(services.reads, "current_state", lambda g: module.twin(real_state(g), 0))
    twin = [api(ann).post(f"/api/games/{game.pk}/explore/", {"decisions": d, "deal": k}, format="json").json()
            for d, k in asked]
    assert twin == true


def test_refusals_say_why_and_change_nothing(game, make_user, settings):
    ann, game, module = game
    url = f"/api/games/{game.pk}/explore/"
    wrong = api(ann).post(url, {"decisions": [{"type": "no such decision"}]}, format="json")
    assert wrong.status_code == 400 and wrong.json()["detail"].startswith("decision 1 of the line cannot be played there")
    too_long = api(ann).post(url, {"decisions": [{}] * (services.EXPLORE_DEPTH + 1)}, format="json")
    assert too_long.status_code == 400 and "detail" in too_long.json()
    assert api().post(url, {}, format="json").status_code == 401
    assert api(ann).post("/api/games/99999999/explore/", {}, format="json").status_code == 404
    waiting = services.create_game(ann, game=game.name, players=2)
    assert api(ann).post(f"/api/games/{waiting.pk}/explore/", {}, format="json").status_code == 409
    settings.USER_LIMITS = {**settings.USER_LIMITS, "explore": (2, 3600)}
    codes = [api(ann).post(url, {}, format="json").status_code for _ in range(3)]
    assert codes[-1] == 429


def test_a_spectator_explores_from_the_spectators_view_and_each_position_has_its_question(game, make_user):
    """The analysis board is open to a signed-in spectator too; each position carries the rules' question,
    which the board draws by (a tile's turn previewed, a card choice), as GET actions/ gives it."""
    ann, game, module = game
    watcher = make_user("watcher")
    answer = api(watcher).post(f"/api/games/{game.pk}/explore/", {"decisions": [], "deal": 0}, format="json")
    assert answer.status_code == 200, answer.content
    position = answer.json()
    assert position["seat"] == game.current_seat and position["actions"]
    assert position["question"] == api(ann).get(f"/api/games/{game.pk}/actions/").json()["question"]
