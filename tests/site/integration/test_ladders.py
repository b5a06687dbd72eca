"""Ladders (docs/ladders.md): joining and leaving, the challenge rules, a challenge's result moving
places (a win, a loss, a timed-out seat), the sweep that decides what a lost task left open, a
simulation of 200 challenges among 12 players, the pages in English and German, and the API.

The games are Relay Race (tests/site/integration/team_game.py), registered for these tests only: whoever
finishes wins, so a test decides each result."""
from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from friends import services as friends
from games import rules, services as games
from games.models import Game
from ladders import services, tasks
from ladders.models import Challenge, Ladder, Move, Rung
from tests.django_fixtures import token_client

pytestmark = pytest.mark.django_db

FINISH, PASS = {"type": "finish"}, {"type": "pass"}


@pytest.fixture(autouse=True)
def relay(monkeypatch, settings):
    monkeypatch.setitem(rules._PACKAGES, "relay", "tests.site.integration.team_game")
    settings.BOT_MOVE_DELAY = 0


@pytest.fixture(autouse=True)
def queue(monkeypatch):
    """The tasks the listener queues after a commit (which never comes inside a test's transaction),
    held here for `work` to run as the worker would, or to drop as a worker restarting loses them."""
    queued: list = []
    monkeypatch.setattr("ladders.reactions.after_commit", lambda task, *args: queued.append((task, args)))
    return queued


def work(queue) -> int:
    """The worker runs what was queued; how many challenges it decided."""
    done = sum(bool(task(*args)) for task, args in queue)
    queue.clear()
    return done


@pytest.fixture
def ladder(make_user):
    """A ladder of six players, p00 at the top."""
    made = Ladder.objects.create(game="relay", title="Relay ladder", hours_per_move=24)
    for i in range(6):
        services.join(make_user(f"p{i:02d}"), made.pk)
    return made


def order(ladder) -> list[str]:
    return list(Rung.objects.filter(ladder=ladder).order_by("place").values_list("user__username", flat=True))


def user(ladder, name):
    return Rung.objects.get(ladder=ladder, user__username=name).user


def challenge(ladder, challenger: str, defender: str) -> Challenge:
    return services.challenge(user(ladder, challenger), ladder.pk, defender)


def play_out(chal: Challenge, winner, queue=None) -> None:
    """The game to its end: the loser resigns (their seat ranks last), the bot finishes their seat's
    turns and the winner finishes the race; then, with `queue`, the worker runs its task."""
    loser = chal.defender if winner == chal.challenger else chal.challenger
    games.resign(loser, chal.game_id)
    finish_by_bots(chal.game_id)
    if queue is not None:
        assert [task for task, args in queue] == [tasks.decide] and queue[0][1] == (chal.game_id,)
        assert work(queue) == 1


def finish_by_bots(game_id) -> None:
    game = games.game_with_seats(game_id)
    while game.status == Game.Status.ACTIVE:
        seat = game.deciding_seat
        if seat.played_by_bot:
            games.play_bot_turn(game_id)
        else:
            games.submit_decision(seat.user, game_id, game.seq, FINISH)
        game = games.game_with_seats(game_id)


# --- joining and leaving ---------------------------------------------------------------------------

def test_join_at_the_bottom_and_leave_closes_up(ladder, make_user):
    assert order(ladder) == ["p00", "p01", "p02", "p03", "p04", "p05"]
    services.join(make_user("late"), ladder.pk)
    assert order(ladder)[-1] == "late"
    services.leave(user(ladder, "p02"), ladder.pk)
    assert order(ladder) == ["p00", "p01", "p03", "p04", "p05", "late"]
    assert list(Rung.objects.filter(ladder=ladder).order_by("place").values_list("place", flat=True)) == list(range(1, 7))
    moved = Move.objects.filter(ladder=ladder, why=Move.Why.CLOSED_UP).values_list("user__username", "from_place", "to_place")
    assert sorted(moved) == [("late", 7, 6), ("p03", 4, 3), ("p04", 5, 4), ("p05", 6, 5)]
    with pytest.raises(games.Conflict):
        services.join(user(ladder, "p00"), ladder.pk)


def test_leaving_voids_open_challenges_and_the_game_counts_for_nothing(ladder, queue):
    chal = challenge(ladder, "p03", "p01")
    services.leave(user(ladder, "p03"), ladder.pk)
    chal.refresh_from_db()
    assert chal.result == Challenge.Result.VOID and chal.decided_at is not None
    before = order(ladder)
    finish_by_bots(chal.game_id)  # the game plays on as an ordinary game
    assert work(queue) == 0 and services.sweep() == 0
    assert order(ladder) == before


# --- the challenge rules ---------------------------------------------------------------------------

def refused(ladder, client_user, username, status):
    before = (order(ladder), Challenge.objects.count(), Game.objects.count())
    answer = token_client(client_user).post(f"/api/ladders/{ladder.pk}/challenge/", {"username": username}, format="json")
    assert answer.status_code == status, answer.content
    assert answer.json()["detail"]
    assert (order(ladder), Challenge.objects.count(), Game.objects.count()) == before


def test_challenge_rules_refuse_with_a_detail_and_change_nothing(make_user, settings):
    made = Ladder.objects.create(game="relay", title="Long", reach=2, open_limit=2)
    for i in range(8):
        services.join(make_user(f"q{i}"), made.pk)
    q = {name: user(made, name) for name in order(made)}
    refused(made, q["q5"], "q2", 400)  # three places above: out of reach
    refused(made, q["q5"], "q6", 400)  # below
    refused(made, q["q5"], "q5", 400)  # oneself
    refused(made, make_user("outsider"), "q7", 403)  # not on the ladder
    refused(made, q["q5"], "outsider", 400)  # the defender is not on the ladder
    refused(made, q["q5"], "nobody", 404)
    challenge(made, "q4", "q3")
    refused(made, q["q4"], "q3", 409)  # twice
    challenge(made, "q5", "q3")
    friends.block(q["q2"], "q4")
    refused(made, q["q4"], "q2", 403)  # a block
    assert services.challengeable(made, q["q7"]) == {q["q5"].pk, q["q6"].pk}
    assert services.challengeable(made, q["q4"]) == set(), "q3 has a game with q4, q2 blocked q4"


def test_open_limit_counts_the_defenders_open_games(make_user):
    made = Ladder.objects.create(game="relay", title="Busy", reach=5, open_limit=2)
    for i in range(6):
        services.join(make_user(f"r{i}"), made.pk)
    r = {name: user(made, name) for name in order(made)}
    challenge(made, "r1", "r0")
    challenge(made, "r2", "r0")
    refused(made, r["r3"], "r0", 409)
    created = token_client(r["r3"]).post(f"/api/ladders/{made.pk}/challenge/", {"username": "r1"}, format="json")
    assert created.status_code == 201 and Game.objects.get(pk=created.json()["game"]).status == Game.Status.ACTIVE
    assert Game.objects.get(pk=created.json()["game"]).hours_per_move == made.hours_per_move


# --- results ---------------------------------------------------------------------------------------

def test_a_won_challenge_takes_the_place_and_pushes_the_others_down(ladder, queue):
    chal = challenge(ladder, "p04", "p01")
    play_out(chal, chal.challenger, queue)
    assert order(ladder) == ["p00", "p04", "p01", "p02", "p03", "p05"]
    chal.refresh_from_db()
    assert chal.result == Challenge.Result.CHALLENGER
    moves = set(Move.objects.filter(challenge=chal).values_list("user__username", "from_place", "to_place", "why"))
    assert moves == {("p04", 5, 2, "won"), ("p01", 2, 3, "pushed"), ("p02", 3, 4, "pushed"), ("p03", 4, 5, "pushed")}


def test_a_lost_challenge_moves_nothing(ladder, queue):
    chal = challenge(ladder, "p04", "p01")
    play_out(chal, chal.defender, queue)
    assert order(ladder) == ["p00", "p01", "p02", "p03", "p04", "p05"]
    chal.refresh_from_db()
    assert chal.result == Challenge.Result.DEFENDER and not Move.objects.filter(challenge=chal).exists()


def test_a_win_no_longer_below_moves_nothing(ladder, queue):
    first = challenge(ladder, "p02", "p00")
    second = challenge(ladder, "p02", "p01")
    play_out(first, first.challenger, queue)
    assert order(ladder) == ["p02", "p00", "p01", "p03", "p04", "p05"]
    play_out(second, second.challenger, queue)  # won, but p02 stands above p01 already
    assert order(ladder) == ["p02", "p00", "p01", "p03", "p04", "p05"]
    assert Challenge.objects.get(pk=second.pk).result == Challenge.Result.CHALLENGER


@pytest.mark.parametrize("absent", ["challenger", "defender"])
def test_a_timed_out_seat_loses(ladder, absent, queue):
    chal = challenge(ladder, "p03", "p02")
    game = Game.objects.get(pk=chal.game_id)
    if absent == "defender":  # the challenger (seat 0) passes; the defender lets the clock run out
        games.submit_decision(chal.challenger, game.pk, game.seq, PASS)
        game.refresh_from_db()
    assert games.enforce_deadline(game.pk, game.deadline + timedelta(seconds=1))
    finish_by_bots(game.pk)
    assert work(queue) == 1
    ranks = dict(Game.objects.get(pk=game.pk).seats.values_list("user__username", "rank"))
    absent_name = getattr(chal, absent).username
    assert ranks[absent_name] == 2 and min(ranks.values()) == 1, "the seat that timed out ranks last"
    chal.refresh_from_db()
    assert chal.result == (Challenge.Result.DEFENDER if absent == "challenger" else Challenge.Result.CHALLENGER)
    expected = ["p00", "p01", "p02", "p03"] if absent == "challenger" else ["p00", "p01", "p03", "p02"]
    assert order(ladder)[:4] == expected


def test_an_aborted_game_voids_its_challenge(ladder, make_user, queue):
    chal = challenge(ladder, "p03", "p02")
    games.abort_game(make_user("mod", is_staff=True), chal.game_id, "a test")
    assert work(queue) == 1
    chal.refresh_from_db()
    assert chal.result == Challenge.Result.VOID
    assert order(ladder) == ["p00", "p01", "p02", "p03", "p04", "p05"]


def test_the_sweep_decides_a_finish_whose_task_was_lost_and_twice_changes_nothing(ladder, queue):
    chal = challenge(ladder, "p05", "p03")
    play_out(chal, chal.challenger)
    queue.clear()  # the worker restarted before it ran the task
    assert Challenge.objects.get(pk=chal.pk).decided_at is None and order(ladder)[3:] == ["p03", "p04", "p05"]
    assert services.sweep() == 1
    after = (order(ladder), Move.objects.count(), Challenge.objects.get(pk=chal.pk).decided_at)
    assert after[0] == ["p00", "p01", "p02", "p05", "p03", "p04"]
    assert services.sweep() == 0
    assert not tasks.decide(chal.game_id), "the task delivered again, late"
    assert (order(ladder), Move.objects.count(), Challenge.objects.get(pk=chal.pk).decided_at) == after


# --- a simulation ----------------------------------------------------------------------------------

def test_two_hundred_challenges_keep_the_places_a_permutation_and_follow_the_rule(make_user, queue):
    made = Ladder.objects.create(game="relay", title="Simulated", reach=4, open_limit=3)
    players = [make_user(f"s{i:02d}") for i in range(12)]
    for p in players:
        services.join(p, made.pk)
    names = {p.pk: p.username for p in players}
    rng = random.Random(2026)
    played, restarts = 0, 0
    while played < 200:
        places = dict(Rung.objects.filter(ladder=made).values_list("user_id", "place"))
        by_place = {v: k for k, v in places.items()}
        challenger = rng.choice(players)
        mine = places[challenger.pk]
        candidates = [by_place[p] for p in range(max(1, mine - made.reach), mine)]
        if not candidates:
            continue
        defender_id = rng.choice(candidates)
        chal = services.challenge(challenger, made.pk, names[defender_id])
        winner = rng.choice([chal.challenger, chal.defender])
        play_out(chal, winner)
        if played % 50 == 25:  # a worker restart: the queued task is lost, the sweep decides the game
            queue.clear()
            assert services.sweep() == 1
            restarts += 1
        elif played % 50 == 40:  # a worker restart after the task ran: delivered again, it changes nothing
            assert work(queue + queue) == 1
        else:
            assert work(queue) == 1
        assert services.sweep() == 0, "nothing left over, nothing applied twice"
        played += 1
        after = dict(Rung.objects.filter(ladder=made).values_list("user_id", "place"))
        assert sorted(after.values()) == list(range(1, 13))
        assert after == expected_places(places, chal.challenger_id, chal.defender_id, winner == chal.challenger)
        assert Challenge.objects.get(pk=chal.pk).result == ("challenger" if winner == chal.challenger else "defender")
    assert restarts == 4 and Challenge.objects.filter(ladder=made, decided_at=None).count() == 0


def expected_places(before: dict, challenger: int, defender: int, won: bool) -> dict:
    """The rule, worked out on its own: the winning challenger below takes the defender's place and
    everyone from there down to the challenger's old place moves down one."""
    mine, theirs = before[challenger], before[defender]
    if not won or mine < theirs:
        return before
    return {pk: theirs if pk == challenger else place + 1 if theirs <= place < mine else place
            for pk, place in before.items()}


# --- pages and API ---------------------------------------------------------------------------------

def test_pages_in_english_and_german(ladder, client):
    chal = challenge(ladder, "p03", "p01")
    client.force_login(user(ladder, "p04"))
    page = client.get(f"/ladders/{ladder.pk}/").content.decode()
    assert "Standings" in page and "Leave the ladder" in page and f"/games/{chal.game_id}/" in page
    assert page.count('name="username"') == 4, "p04 may challenge the four above"
    assert "Ladders" in client.get("/ladders/").content.decode()
    p04 = user(ladder, "p04")
    p04.profile.language = "de"
    p04.profile.save()
    german = client.get(f"/ladders/{ladder.pk}/").content.decode()
    assert "Rangliste" in german and "Herausfordern" in german
    refused = client.post(f"/ladders/{ladder.pk}/challenge/", {"username": "p05"})
    assert refused.status_code == 400 and "Plätze über deinem" in refused.content.decode()
    assert client.post(f"/ladders/{ladder.pk}/join/").status_code == 409


def test_the_page_buttons_join_challenge_and_leave(ladder, client, make_user):
    newcomer = make_user("newcomer")
    client.force_login(newcomer)
    assert client.post(f"/ladders/{ladder.pk}/join/").status_code == 302
    assert order(ladder)[-1] == "newcomer"
    answer = client.post(f"/ladders/{ladder.pk}/challenge/", {"username": "p05"})
    assert answer.status_code == 302 and answer.url.startswith("/games/")
    assert client.post(f"/ladders/{ladder.pk}/leave/").status_code == 302
    assert "newcomer" not in order(ladder)


def test_api(ladder, make_user):
    listed = token_client().get("/api/ladders/").json()
    assert [row["title"] for row in listed] == ["Relay ladder"] and listed[0]["players"] == 6
    p03 = user(ladder, "p03")
    made = token_client(p03).post(f"/api/ladders/{ladder.pk}/challenge/", {"username": "p01"}, format="json").json()
    detail = token_client().get(f"/api/ladders/{ladder.pk}/").json()
    assert [row["username"] for row in detail["standings"]] == ["p00", "p01", "p02", "p03", "p04", "p05"]
    assert detail["standings"][1]["open_challenges"] == [made["id"]]
    assert detail["open_challenges"][0]["game"] == made["game"]
    assert detail["history"][0]["why"] == "joined" and detail["history"][0]["username"] == "p05"
    newcomer = make_user("newcomer")
    assert token_client(newcomer).post(f"/api/ladders/{ladder.pk}/join/").json()["standings"][-1]["username"] == "newcomer"
    assert token_client(newcomer).post(f"/api/ladders/{ladder.pk}/join/").status_code == 409
    assert token_client(newcomer).post(f"/api/ladders/{ladder.pk}/leave/").status_code == 200
    assert token_client(newcomer).post(f"/api/ladders/{ladder.pk}/leave/").status_code == 409
    assert token_client().post(f"/api/ladders/{ladder.pk}/join/").status_code == 401
    assert token_client().get("/api/ladders/999999/").json()["detail"]
    assert timezone.now() > Challenge.objects.get(pk=made["id"]).created_at


BANK = {"time_control": "bank", "bank_hours": 10, "increment_hours": 2, "cap_hours": 12}


def test_a_ladder_made_on_a_time_bank_plays_its_challenges_on_it_and_says_so(make_user, client):
    moderator = make_user("mod", is_staff=True)
    made = token_client(moderator).post("/api/ladders/", {"game": "relay", "title": "Bank ladder", **BANK}, format="json")
    assert made.status_code == 201, made.json()
    shown = made.json()["ladder"]
    assert {k: shown[k] for k in BANK} == BANK and shown["hours_per_move"] == 2, "a bank's pace is its increment"
    ladder_id = shown["id"]
    for name in ("top", "low"):
        services.join(make_user(name), ladder_id)
    game = Game.objects.get(pk=services.challenge(Rung.objects.get(place=2).user, ladder_id, "top").game_id)
    assert (game.time_control, game.bank_hours, game.increment_hours, game.cap_hours) == ("bank", 10, 2, 12)
    assert token_client().get("/api/ladders/").json()[0]["time_control"] == "bank"
    assert "Each game on a time bank: 10 h + 2 h, at most 12 h." in client.get(f"/ladders/{ladder_id}/").content.decode()
    assert "10 h + 2 h, at most 12 h" in client.get("/ladders/").content.decode()
    client.cookies["django_language"] = "de"
    assert "Jede Partie mit Zeitkonto" in client.get(f"/ladders/{ladder_id}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    per_turn = token_client(moderator).post("/api/ladders/", {"game": "relay", "title": "Slow"}, format="json").json()["ladder"]
    assert (per_turn["time_control"], per_turn["hours_per_move"], per_turn["bank_hours"]) == ("per_turn", 72, 0)


@pytest.mark.parametrize("body, status, words", [
    ({**BANK, "bank_hours": 13}, 400, "bank_hours"),
    ({**BANK, "increment_hours": 13}, 400, "increment_hours"),
    ({**BANK, "cap_hours": 721}, 400, "cap_hours"),
    ({**BANK, "hours_per_move": 24}, 400, "hours_per_move"),
    ({"time_control": "hourglass"}, 400, "time_control"),
    ({"hours_per_move": 0}, 400, "hours_per_move"),
    ({"game": "nochess"}, 400, "game"),
    ({"staff": False}, 403, "moderators"),
])
def test_a_ladder_refused_names_why_and_none_is_made(make_user, body, status, words):
    staff = body.pop("staff", True)
    answer = token_client(make_user("mod", is_staff=staff)).post("/api/ladders/", {"game": "relay", "title": "L", **body},
                                                                  format="json")
    assert answer.status_code == status and words in answer.json()["detail"], answer.json()
    assert not Ladder.objects.exists()
    assert token_client().post("/api/ladders/", {"game": "relay", "title": "L"}, format="json").status_code == 401


def test_the_desks_ladder_form_takes_the_clock_chosen_and_checks_it_as_the_api_does():
    from ladders.admin import LadderForm
    base = {"game": "relay", "title": "Desk", "reach": 5, "open_limit": 3, "hours_per_move": 48}
    refused = LadderForm(data={**base, **BANK, "bank_hours": 13})
    assert not refused.is_valid() and "bank_hours" in str(refused.errors)
    form = LadderForm(data={**base, **BANK})
    assert form.is_valid(), form.errors
    ladder = form.save()
    assert (ladder.time_control, ladder.bank_hours, ladder.increment_hours, ladder.cap_hours, ladder.hours_per_move) == \
        ("bank", 10, 2, 12, 2), "the hours per move of the clock not chosen left out"
    per_turn = LadderForm(data={**base, **BANK, "time_control": "per_turn"})
    assert per_turn.is_valid() and (per_turn.save().bank_hours, per_turn.instance.hours_per_move) == (0, 48)


def test_the_data_export_has_the_players_ladders(ladder):
    chal = challenge(ladder, "p03", "p01")
    data = token_client(user(ladder, "p01")).get("/api/me/export/").json()["ladders"]
    assert [(p["ladder"], p["place"]) for p in data["places"]] == [(ladder.pk, 2)]
    assert [(c["challenger"], c["game"], c["result"]) for c in data["challenges"]] == [("p03", chal.game_id, "")]
