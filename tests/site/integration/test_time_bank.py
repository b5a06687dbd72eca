"""The time bank (docs/async-play.md, "Clocks"): the pure arithmetic of a bank (games.clock), a bank
game's deadlines across turns and its timeout through the services, the refusals of the API and the
form, the lobby's filter and what it shows, the record, tournaments and quick match. The per-turn
clock's own tests (tests/site/integration/test_async_play.py) hold it unchanged."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.test import Client

from games import clock, services
from games.entry import tasks
from games.models import Decision, Game, Seat
from games.rules import record as records
from quickmatch.services import quick_match
from tests.django_fixtures import token_client as api
from tournaments import services as tournaments

T0 = datetime(2025, 1, 13, 10, 0, tzinfo=UTC)
H = timedelta(hours=1)
BANK = {"time_control": "bank", "bank_hours": 10, "increment_hours": 2, "cap_hours": 12}


# --- the arithmetic, pure ------------------------------------------------------------------------

def test_a_turn_takes_its_time_from_the_bank_and_the_increment_is_added_up_to_the_cap():
    assert clock.bank_after_turn(10 * H, 3 * H, 2 * H, 12 * H) == 9 * H          # 10 - 3 + 2
    assert clock.bank_after_turn(11 * H, H / 2, 2 * H, 12 * H) == 12 * H          # capped
    assert clock.bank_after_turn(10 * H, 10 * H, 2 * H, 12 * H) == 2 * H          # the whole bank used
    assert clock.bank_after_turn(10 * H, 14 * H, 2 * H, 12 * H) == 2 * H          # an extension used beyond it
    assert clock.bank_after_turn(10 * H, 0 * H, 0 * H, 10 * H) == 10 * H          # no increment


def test_time_on_vacation_inside_a_turn_neither_counts_nor_moves_the_deadline_twice():
    away = [(T0 + 2 * H, T0 + 26 * H)]  # a day away, beginning two hours into the turn
    assert clock.on_clock(T0, T0 + 30 * H, away) == 6 * H
    assert clock.on_clock(T0, T0 + H, away) == H
    assert clock.on_clock(T0 + 3 * H, T0 + 5 * H, away) == 0 * H
    assert clock.deadline_after(T0, 10 * H, away) == T0 + 34 * H
    assert clock.deadline_after(T0, H, away) == T0 + H
    used = clock.on_clock(T0, T0 + 30 * H, away)
    assert clock.bank_after_turn(10 * H, used, 2 * H, 12 * H) == 6 * H


# --- through the services ------------------------------------------------------------------------

def fresh(game) -> Game:
    return Game.objects.get(pk=game.pk)


def seat(game, order) -> Seat:
    return Seat.objects.select_related("user").get(game=game, order=order)


def play_turn(game, traveller) -> Game:
    """The deciding seat decides (the greedy bot's choice, a minute apart) until its turn ends."""
    game = fresh(game)
    order = game.current_seat
    user = seat(game, order).user
    for _ in range(200):
        decision = services.rules_of(game).bot("greedy", 1).choose(services.current_state(game))
        services.submit_decision(user, game.pk, game.seq, decision)
        game = fresh(game)
        if game.status != Game.Status.ACTIVE or game.current_seat != order:
            return game
        traveller.shift(timedelta(minutes=1))
    raise AssertionError("a turn that never ends")


@pytest.mark.django_db(transaction=True)
def test_a_bank_games_deadlines_follow_each_seats_bank_and_a_timeout_hands_the_seat_to_the_bot(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    with time_machine.travel(T0, tick=False) as traveller:
        game = services.create_game(alice, game="argo", players=2, **BANK)
        services.join_game(bob, game.pk)
        game = fresh(game)
        first = game.current_seat
        assert game.deadline == T0 + 10 * H and game.hours_per_move == 2  # the pace: the increment

        traveller.shift(3 * H)
        begun = game.turn_started_at
        game = play_turn(game, traveller)
        used = game.turn_started_at - begun
        assert seat(game, first).bank_seconds == (10 * H - used + 2 * H).total_seconds()
        second = game.current_seat
        assert second != first and game.deadline == game.turn_started_at + 10 * H  # the other's own bank

        traveller.shift(9 * H)
        begun = game.turn_started_at
        game = play_turn(game, traveller)
        assert seat(game, second).bank_seconds == (10 * H - (game.turn_started_at - begun) + 2 * H).total_seconds()
        mine = timedelta(seconds=seat(game, first).bank_seconds)
        assert game.current_seat == first and game.deadline == game.turn_started_at + mine

        answer = api(bob).get(f"/api/games/{game.pk}/").json()["time_control"]
        assert answer["kind"] == "bank" and (answer["bank_hours"], answer["increment_hours"], answer["cap_hours"]) == (10, 2, 12)
        assert [b["seconds"] for b in answer["banks"]] == [seat(game, o).bank_seconds for o in (0, 1)]

        traveller.move_to(game.deadline - timedelta(minutes=1))
        tasks.enforce_deadlines()
        assert seat(game, first).status == Seat.Status.ACTIVE
        traveller.move_to(game.deadline + timedelta(minutes=1))
        tasks.enforce_deadlines()
        late = seat(game, first)
        assert late.status == Seat.Status.TIMED_OUT and late.bank_seconds == 0
        assert Decision.objects.filter(game=game, seat=first, by_bot=True).exists(), "the bot did not play the seat"


def test_a_vacation_inside_a_long_bank_turn_is_not_taken_from_the_bank(make_user, db):
    """The vacation ended days before the turn did: it still moves the deadline and costs no bank."""
    alice, bob = make_user("alice"), make_user("bob")
    with time_machine.travel(T0, tick=False) as traveller:
        game = services.create_game(alice, game="argo", players=2, time_control="bank", bank_hours=168,
                                    increment_hours=0, cap_hours=168)
        services.join_game(bob, game.pk)
        game = fresh(game)
        deciding = seat(game, game.current_seat)
        services.add_vacation(deciding.user, (T0 + 24 * H).date(), (T0 + 24 * H).date())
        assert fresh(game).deadline == T0 + 8 * 24 * H
        traveller.shift(5 * 24 * H)
        game = play_turn(game, traveller)
        used = game.turn_started_at - T0 - 24 * H
        assert seat(game, deciding.order).bank_seconds == (168 * H - used).total_seconds()


def test_bank_refusals_name_their_field_in_the_api_and_the_form(make_user, db):
    ann = make_user("ann")
    base = {"game": "argo", "players": 2}
    for body, field in [({**BANK, "bank_hours": 13}, "bank_hours"), ({**BANK, "increment_hours": 13}, "increment_hours"),
                        ({**BANK, "cap_hours": 721}, "cap_hours"), ({**BANK, "hours_per_move": 24}, "hours_per_move"),
                        ({"time_control": "hourglass"}, "time_control"), ({"bank_hours": 10}, "bank_hours")]:
        answer = api(ann).post("/api/games/", {**base, **body}, format="json")
        assert answer.status_code == 400 and field in str(answer.json()), (body, answer.json())
    assert not Game.objects.exists()
    client = Client()
    client.force_login(ann)
    page = client.post("/games/new/argo/", {"players": 2, **BANK, "increment_hours": 20})
    assert page.status_code == 200 and "increment_hours" in page.content.decode() and not Game.objects.exists()
    made = client.post("/games/new/argo/", {"players": 2, **BANK, "hours_per_move": 72})
    game = Game.objects.get()
    assert made.status_code == 302 and (game.time_control, game.bank_hours, game.hours_per_move) == ("bank", 10, 2)


def test_the_lobby_filters_by_clock_reads_a_banks_pace_as_its_increment_and_says_the_bank(make_user, db):
    ann = make_user("ann")
    per_turn = services.create_game(ann, game="argo", players=2, hours_per_move=24)
    bank = services.create_game(ann, game="argo", players=2, time_control="bank", bank_hours=72,
                                increment_hours=24, cap_hours=168)

    def listed(query):
        answer = api().get(f"/api/games/?status=open&{query}")
        assert answer.status_code == 200, answer.json()
        return {g["id"] for g in answer.json()["results"]}

    assert listed("time_control=bank") == {bank.pk}
    assert listed("time_control=per_turn") == {per_turn.pk}
    assert listed("min_hours=24&max_hours=24") == {per_turn.pk, bank.pk}
    assert listed("time_control=bank&min_hours=25") == set()
    refused = api().get("/api/games/?time_control=blitz")
    assert refused.status_code == 400 and "time_control" in refused.json()["detail"]
    english = Client().get("/?time_control=bank").content.decode()
    assert "3 d + 1 d, at most 7 d" in english and 'data-game="argo"' in english
    german = Client().get("/?time_control=bank", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "3 T + 1 T, höchstens 7 T" in german
    mine = Client()
    mine.force_login(ann)
    page = mine.get("/games/mine/").content.decode()
    assert '<span class="clock">3 d + 1 d, at most 7 d</span>' in page and '<span class="clock">24 h/move</span>' in page


def test_a_bank_games_record_says_its_clock_and_tournaments_and_quick_match_keep_to_it(make_user, db):
    ann, ben, org = make_user("ann"), make_user("ben"), make_user("org")
    game = services.create_game(ann, game="argo", players=2, bots=["random"], **BANK)
    record = services.record_of(services.game_in_full(game.pk))
    assert record["version"] == records.VERSION == 2
    assert record["clock"] == {"kind": "bank", "bank_hours": 10, "increment_hours": 2, "cap_hours": 12}
    assert services.record_of(services.game_in_full(
        services.create_game(ann, game="argo", players=2, bots=["random"]).pk))["clock"] == {"kind": "per_turn", "hours_per_move": 72}

    t = tournaments.create_tournament(org, title="Banked", game="argo", format="swiss", seats=2, rounds=1,
                                      signup_closes=datetime.now(UTC) + timedelta(days=1), **BANK)
    made = services.start_arranged_game(org, game="argo", users=[ann, ben], hours_per_move=t.hours_per_move,
                                        clock=services.clock_of(t))
    assert (made.time_control, made.bank_hours, made.increment_hours, made.cap_hours) == ("bank", 10, 2, 12)
    with pytest.raises(services.Invalid, match="increment_hours"):
        tournaments.create_tournament(org, title="Too much", game="argo", format="swiss", seats=2, rounds=1,
                                      signup_closes=datetime.now(UTC) + timedelta(days=1), **{**BANK, "increment_hours": 20})

    waiting = quick_match(ann, game="andromeda", time_control="bank").game
    assert waiting.time_control == "bank" and waiting.bank_hours == 72
    assert quick_match(ben, game="andromeda", hours_per_move=24).joined is False   # another clock: no meeting
    met = quick_match(org, game="andromeda", time_control="bank")
    assert met.joined and met.game.pk == waiting.pk
