"""Opponents at any hour: games against the site's bots, a bot keeping a player's seat, and a program
playing a bot account through the API (docs/bots.md)."""
from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.test import Client

from games import services
from games.entry import tasks
from games.models import Decision, Game, Rating, Seat
from games.rules import get, names

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def ann(make_user):
    return make_user("ann")


def play_out(client, game_id: int, rng: random.Random, limit: int = 3000) -> Game:
    """The person's decisions at random through the API until the game ends; the bots answer."""
    for _ in range(limit):
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.ACTIVE:
            return game
        question = client.get(f"/api/games/{game_id}/actions/")
        assert question.status_code == 200, question.json()
        body = question.json()
        answer = client.post(f"/api/games/{game_id}/moves/", {"seq": body["seq"], "action": rng.choice(body["actions"])},
                             format="json")
        assert answer.status_code == 201, answer.json()
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game_name", names())
def test_a_game_against_two_bots_starts_at_once_and_the_bots_answer(ann, api_client_for, game_name):
    client = api_client_for(ann)
    module = get(game_name)
    seats = min(max(3, module.min_players), module.max_players)
    kinds = (["greedy", "random"] * seats)[:seats - 1]
    created = client.post("/api/games/", {"game": game_name, "players": 1 + len(kinds), "bots": kinds}, format="json")
    assert created.status_code == 201, created.json()
    body = created.json()
    assert body["status"] == "active"
    assert [s["is_bot"] for s in body["seats"]] == [False] + [True] * len(kinds)
    assert [s["bot"] for s in body["seats"]] == [None, *kinds]
    game = Game.objects.get(pk=body["id"])
    assert game.deciding_seat.user == ann  # the bots played up to the person's turn
    by_bots = Decision.objects.filter(game=game).exclude(seat=next(s.order for s in game.seats.all() if s.user == ann))
    assert not by_bots.filter(by_bot=True).exists()  # a bot account's decisions are its own


def test_a_whole_game_against_bots_is_rated_for_each_bot(ann, api_client_for):
    client = api_client_for(ann)
    game_id = client.post("/api/games/", {"game": "argo", "players": 3, "bots": ["greedy", "greedy"]},
                          format="json").json()["id"]
    game = play_out(client, game_id, random.Random(3))
    assert game.status == Game.Status.FINISHED and game.rated
    greedy = services.bot_account("greedy")
    assert Rating.objects.get(game="argo", user=greedy).games == 1  # two seats, one participant
    assert Rating.objects.get(game="argo", user=ann).games == 1
    page = Client().get(f"/players/{greedy.username}/")
    assert page.status_code == 200 and "Greedy (bot)" in page.content.decode()
    assert client.get(f"/api/users/{greedy.username}/").json()["bot"] == "greedy"


def test_bad_bot_requests_are_refused_and_create_nothing(ann, api_client_for):
    client = api_client_for(ann)
    unknown = client.post("/api/games/", {"game": "argo", "players": 2, "bots": ["grandmaster"]}, format="json")
    assert unknown.status_code == 400 and "grandmaster" in unknown.json()["detail"]
    crowded = client.post("/api/games/", {"game": "argo", "players": 2, "bots": ["greedy", "random"]}, format="json")
    assert crowded.status_code == 400 and "room" in crowded.json()["detail"]
    wrong_type = client.post("/api/games/", {"game": "argo", "players": 2, "bots": "greedy"}, format="json")
    assert wrong_type.status_code == 400
    assert not Game.objects.exists()


def test_a_bot_keeps_the_seat_of_a_player_away_and_gives_it_back(make_user, api_client_for):
    ann, ben = make_user("ann"), make_user("ben")
    game = services.create_game(ann, game="argo", players=2)
    services.join_game(ben, game.pk)
    game.refresh_from_db()
    mover = game.deciding_seat.user
    client = api_client_for(mover)
    kept = client.post(f"/api/games/{game.pk}/stand-in/", {"bot": "greedy"}, format="json")
    assert kept.status_code == 200, kept.json()
    game.refresh_from_db()
    assert game.deciding_seat.user != mover  # the stand-in played the turn for them
    stood_in = Decision.objects.filter(game=game, by_bot=True)
    assert stood_in.exists()  # marked as not the player's own
    assert services.waiting_games(mover) == [] and services.waiting_count(mover) == 0  # no badge while away
    # The other player decides; the stand-in answers for the player away, every time.
    other = api_client_for(game.deciding_seat.user)
    question = other.get(f"/api/games/{game.pk}/actions/").json()
    assert other.post(f"/api/games/{game.pk}/moves/", {"seq": question["seq"], "action": question["actions"][0]},
                      format="json").status_code == 201
    refused = client.get(f"/api/games/{game.pk}/actions/")
    assert refused.status_code == 403 and "take your seat back" in refused.json()["detail"]
    back = client.post(f"/api/games/{game.pk}/stand-in/", {"bot": None}, format="json")
    assert back.status_code == 200
    seat = Seat.objects.get(game=game, user=mover)
    assert seat.stand_in == "" and not seat.played_by_bot
    assert [s["bot"] for s in back.json()["seats"]] == [None, None]


def test_a_stand_in_must_be_a_bot_of_the_game(make_user, api_client_for):
    ann, ben = make_user("ann"), make_user("ben")
    game = services.create_game(ann, game="argo", players=2)
    services.join_game(ben, game.pk)
    client = api_client_for(ann)
    before = Game.objects.get(pk=game.pk).seq
    answer = client.post(f"/api/games/{game.pk}/stand-in/", {"bot": "grandmaster"}, format="json")
    assert answer.status_code == 400 and "grandmaster" in answer.json()["detail"]
    assert client.post(f"/api/games/{game.pk}/stand-in/", {"bot": 3}, format="json").status_code == 400
    assert Game.objects.get(pk=game.pk).seq == before
    assert not Seat.objects.exclude(stand_in="").exists()


def test_the_page_offers_the_stand_in_and_taking_the_seat_back(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = services.create_game(ann, game="argo", players=2)
    services.join_game(ben, game.pk)
    browser = Client()
    browser.force_login(ann)
    page = browser.get(f"/games/{game.pk}/").content.decode()
    assert 'id="stand-in-go"' in page and "Expert bot" in page
    browser.post(f"/games/{game.pk}/stand-in/", {"bot": "random"})
    assert Seat.objects.get(game=game, user=ann).stand_in == "random"
    page = browser.get(f"/games/{game.pk}/").content.decode()
    assert 'id="stand-in-back"' in page
    browser.post(f"/games/{game.pk}/stand-in/", {"bot": ""})
    assert Seat.objects.get(game=game, user=ann).stand_in == ""


def test_the_new_game_form_seats_bots(ann):
    browser = Client()
    browser.force_login(ann)
    form = browser.get("/games/new/argo/").content.decode()
    assert 'name="seat_2"' in form and "Greedy bot" in form
    answer = browser.post("/games/new/argo/", {"players": 2, "hours_per_move": 72, "seat_2": "expert",
                                               "option_difficulty": 1, "option_mean_teleporters": 0})
    game = Game.objects.get()
    assert answer.status_code == 302 and game.status == Game.Status.ACTIVE
    assert [s.user.profile.bot for s in game.seats.order_by("order")].count("expert") == 1


def test_bots_wait_before_each_decision_so_people_can_follow(ann, settings, monkeypatch):
    """Eagerly (the embedded defaults) a timer waits BOT_MOVE_DELAY; with a worker, the task's countdown."""
    settings.BOT_MOVE_DELAY = 2.5
    timers = []

    class Timer:
        def __init__(self, delay, function, args):
            timers.append((delay, function, args))
            self.daemon = False

        def start(self):
            pass

    monkeypatch.setattr(tasks.threading, "Timer", Timer)
    game = services.create_game(ann, game="argo", players=2, bots=["greedy"])
    game.refresh_from_db()
    if game.deciding_seat.user == ann:  # the person starts: decide, then the bot's turn comes
        state = services.current_state(game)
        services.submit_decision(ann, game.pk, game.seq, get("argo").legal_actions(state)[0])
        while Game.objects.get(pk=game.pk).deciding_seat.user == ann:
            g = Game.objects.get(pk=game.pk)
            services.submit_decision(ann, g.pk, g.seq, get("argo").legal_actions(services.current_state(g))[0])
    assert timers and timers[-1][0] == 2.5
    seq = Game.objects.get(pk=game.pk).seq
    delay, function, args = timers[-1]
    monkeypatch.setattr(tasks, "_in_thread", lambda task, *a: task(*a))
    function(*args)  # the timer fires: one decision, and the next waits again
    assert Game.objects.get(pk=game.pk).seq == seq + 1

    queued = []
    monkeypatch.setattr(tasks.play_bot_turns.app.conf, "task_always_eager", False)
    monkeypatch.setattr(tasks.play_bot_turns, "apply_async", lambda args, countdown: queued.append(countdown))
    tasks._send_later(tasks.play_bot_turns, 2.5, game.pk)
    assert queued == [2.5]


def test_a_program_plays_a_bot_account_through_the_api(make_user, api_client_for, live_server):
    """docs/examples/bot_client.py, run as a newcomer would, accepts an invitation and plays a whole game."""
    program = make_user("robo")
    client = api_client_for(program)
    assert client.post("/api/me/bot/").json()["bot"] == "api"
    ann = make_user("ann")
    game = services.create_game(ann, game="argo", players=2, invite=["robo"])
    # ann lets a bot keep her seat at once: the program and the site's bot play the game out alone.
    token = client._credentials["HTTP_AUTHORIZATION"].split()[1]
    run = subprocess.Popen([sys.executable, str(ROOT / "docs/examples/bot_client.py"), "--site", live_server.url,
                            "--token", token, "--until-idle", "--pause", "0.2", "--seed", "1"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for _ in range(100):
        if Seat.objects.filter(game=game, user=program).exists():
            break
        time.sleep(0.1)
    services.stand_in(ann, game.pk, "greedy")
    out, err = run.communicate(timeout=300)
    assert run.returncode == 0, err
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED, (out, err)
    assert Decision.objects.filter(game=game, seat=Seat.objects.get(game=game, user=program).order, by_bot=False).exists()


def test_an_account_that_has_played_cannot_become_a_bot(ann, api_client_for):
    services.create_game(ann, game="argo", players=2)
    answer = api_client_for(ann).post("/api/me/bot/")
    assert answer.status_code == 409 and "seat" in answer.json()["detail"]
    assert ann.profile.bot == ""
