"""A player's calendar (docs/async-play.md, "Quiet hours and days off"): the pure clock with quiet
hours across midnight, days off, a daylight-saving change and vacations together (games.clock);
deadlines through the services, a strict game that ignores the calendar, auto-vacation, the paused
line of the page and the API in English and German, and the refusals of a bad calendar."""
from __future__ import annotations

import zoneinfo
from datetime import UTC, datetime, time, timedelta

import pytest
import time_machine
from django.test import Client

from accounts.models import Profile, Vacation
from games import clock, services
from games.entry import tasks
from games.models import Game, Seat
from tests.django_fixtures import token_client as api
from tournaments import services as tournaments

H = timedelta(hours=1)
BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")
NIGHTS = {"quiet_from": time(23), "quiet_until": time(7)}
WEEKEND = frozenset({5, 6})


def berlin(*args) -> datetime:
    return datetime(*args, tzinfo=BERLIN)


# --- the arithmetic, pure ------------------------------------------------------------------------

def test_a_night_across_midnight_stops_the_clock_and_a_turn_begun_in_it_starts_in_the_morning():
    cal = clock.Calendar(zone=BERLIN, **NIGHTS)
    monday_noon = berlin(2025, 1, 13, 12)
    # 12 h on the clock from Monday noon: 11 h until 23:00, the night off, one more hour from 07:00
    assert clock.clock_instant(cal, monday_noon, 12 * H) == berlin(2025, 1, 14, 8)
    assert clock.clock_time(cal, monday_noon, berlin(2025, 1, 14, 8)) == 12 * H
    # begun at 02:00, inside the night: the clock starts at 07:00
    assert clock.clock_instant(cal, berlin(2025, 1, 14, 2), 2 * H) == berlin(2025, 1, 14, 9)
    assert clock.paused(cal, berlin(2025, 1, 14, 2)) == (clock.QUIET, berlin(2025, 1, 14, 7))
    assert clock.paused(cal, monday_noon) is None
    # the empty calendar of a strict game stops nothing
    assert clock.clock_instant(clock.STRICT, monday_noon, 12 * H) == monday_noon + 12 * H


def test_the_example_week_of_the_docs():
    """docs/async-play.md: 48 hours a move from Thursday 20:00, nights and the weekend off."""
    cal = clock.Calendar(zone=BERLIN, days_off=WEEKEND, **NIGHTS)
    assert clock.clock_instant(cal, berlin(2025, 1, 16, 20), 48 * H) == berlin(2025, 1, 21, 20)
    assert clock.clock_instant(clock.STRICT, berlin(2025, 1, 16, 20), 48 * H) == berlin(2025, 1, 18, 20)


def test_days_off_nights_and_vacations_join_into_one_pause():
    friday = berlin(2025, 1, 17, 20)
    away = ((berlin(2025, 1, 20), berlin(2025, 1, 21)),)  # Monday on vacation
    cal = clock.Calendar(zone=BERLIN, days_off=WEEKEND, vacations=away, **NIGHTS)
    # 3 h Friday evening, then nothing until Tuesday 07:00: Friday's night, the weekend, Monday away
    assert clock.clock_instant(cal, friday, 5 * H) == berlin(2025, 1, 21, 9)
    assert clock.clock_time(cal, friday, berlin(2025, 1, 21, 9)) == 5 * H
    assert next(clock.off_clock(cal, friday)) == (berlin(2025, 1, 17, 23), berlin(2025, 1, 21, 7))
    assert clock.paused(cal, berlin(2025, 1, 18, 12)) == (clock.DAY_OFF, berlin(2025, 1, 21, 7))
    assert clock.paused(cal, berlin(2025, 1, 20, 3)) == (clock.VACATION, berlin(2025, 1, 21, 7))
    assert clock.paused(cal, berlin(2025, 1, 17, 23, 30)) == (clock.QUIET, berlin(2025, 1, 21, 7))


def test_quiet_hours_follow_the_wall_clock_across_a_daylight_saving_change():
    cal = clock.Calendar(zone=BERLIN, **NIGHTS)
    # Berlin moves its clocks forward in the night to Sunday 30 March 2025: that night is 7 hours
    # long, not 8, and the next evening's 23:00 is 22:00 UTC, not 23:00
    saturday = berlin(2025, 3, 29, 22)
    assert clock.clock_instant(cal, saturday, 2 * H) == berlin(2025, 3, 30, 8)
    assert clock.clock_instant(cal, saturday, 2 * H).astimezone(UTC) == datetime(2025, 3, 30, 6, tzinfo=UTC)
    assert clock.clock_time(cal, saturday, berlin(2025, 3, 31, 7)) == H + 16 * H
    # back in October the night is 9 hours
    assert clock.clock_time(cal, berlin(2025, 10, 25, 22), berlin(2025, 10, 26, 8)) == 2 * H
    assert (clock.clock_instant(cal, berlin(2025, 10, 25, 22), 2 * H).astimezone(UTC)
            - berlin(2025, 10, 25, 22).astimezone(UTC)) == 11 * H  # 1 h, a night of 9, 1 h


# --- through the services ------------------------------------------------------------------------

T0 = datetime(2025, 1, 13, 10, 0, tzinfo=UTC)  # a Monday, 11:00 in Berlin


def deciding(game):
    game = Game.objects.get(pk=game.pk)
    return game, Seat.objects.select_related("user__profile").get(game=game, order=game.current_seat)


def with_calendar(user, **fields):
    Profile.objects.filter(user=user).update(time_zone="Europe/Berlin", **fields)


def started(make_user, strict=False, hours=24, names=("alice", "bob")):
    alice, bob = make_user(names[0]), make_user(names[1])
    for user in (alice, bob):
        with_calendar(user, **NIGHTS)
    game = services.create_game(alice, game="argo", players=2, hours_per_move=hours, strict=strict)
    services.join_game(bob, game.pk)
    return deciding(game)


@pytest.mark.parametrize("strict", [False, True])
def test_a_deadline_falls_later_by_the_quiet_time_inside_the_turn_unless_the_game_is_strict(make_user, db, strict):
    with time_machine.travel(T0, tick=False):
        game, seat = started(make_user, strict)
        # 24 h on the clock from Monday 11:00 in Berlin: a night of 8 hours inside, none in a strict game
        assert game.deadline == (T0 + 24 * H if strict else T0 + 32 * H)
        # the weekend off as well, saved through the API: the running deadline moves at once (Tuesday
        # 19:00 Berlin is still a weekday: nothing changes); days off from Tuesday on move it a day
        answer = api(seat.user).patch("/api/me/", {"days_off": ["tue"]}, format="json")
        assert answer.status_code == 200 and answer.json()["days_off"] == ["tue"]
        game, _ = deciding(game)
        assert game.deadline == (T0 + 24 * H if strict else berlin(2025, 1, 15, 11) + 13 * H - 5 * H)


def test_auto_vacation_takes_a_day_and_tells_the_player_never_in_a_strict_game_nor_without_days(
        make_user, db, mailoutbox, django_capture_on_commit_callbacks):
    with time_machine.travel(T0, tick=False) as traveller:
        game, seat = started(make_user)
        Profile.objects.filter(user=seat.user).update(auto_vacation=True)
        late = game.deadline + timedelta(minutes=1)
        traveller.move_to(late)
        with django_capture_on_commit_callbacks(execute=True):
            tasks.enforce_deadlines()
        game, seat = deciding(game)
        taken = Vacation.objects.get(user=seat.user)
        assert seat.status == Seat.Status.ACTIVE and taken.for_game == game.pk and taken.days == 1
        assert game.deadline > late and clock.paused(clock.calendar_of(seat.user, late), late)[0] == clock.VACATION
        told = [m for m in mailoutbox if m.to == [seat.user.email]]
        assert len(told) == 1 and "vacation day" in told[0].subject
        page = Client()
        page.force_login(seat.user)
        assert "took a day of vacation" in page.get(f"/games/{game.pk}/").content.decode()
        assert f"taken for you in game #{game.pk}" in page.get("/settings/").content.decode()

        # no day left this year: the player times out, and no vacation is taken
        Vacation.objects.filter(user=seat.user).update(end=taken.end + timedelta(days=40), start=taken.start - timedelta(days=40))
        traveller.move_to(game.deadline + timedelta(days=45))
        assert services.enforce_deadline(game.pk)  # (the service alone: the bot's turns after it are not this test's)
        assert Seat.objects.get(pk=seat.pk).status == Seat.Status.TIMED_OUT

    with time_machine.travel(T0 + 400 * 24 * H, tick=False) as traveller:
        game, seat = started(make_user, strict=True, names=("carol", "dave"))
        Profile.objects.filter(user=seat.user).update(auto_vacation=True)
        traveller.move_to(game.deadline + timedelta(minutes=1))
        assert services.enforce_deadline(game.pk)
        assert Seat.objects.get(pk=seat.pk).status == Seat.Status.TIMED_OUT
        assert not Vacation.objects.filter(for_game=game.pk).exists()


def test_a_bad_calendar_is_a_400_naming_why_and_the_form_says_it_too(make_user, db):
    ann = make_user("ann")
    for body, words in [({"quiet_from": "25:00", "quiet_until": "07:00"}, "HH:MM"),
                        ({"quiet_from": "23:00"}, "both"),
                        ({"quiet_from": "08:00", "quiet_until": "22:00"}, "12 hours"),
                        ({"days_off": ["sat", "someday"]}, "someday"),
                        ({"days_off": ["mon", "tue", "wed", "thu"]}, "at most 3"),
                        ({"days_off": "sat"}, "list")]:
        answer = api(ann).patch("/api/me/", body, format="json")
        assert answer.status_code == 400 and words in str(answer.json()), (body, answer.json())
    assert api(ann).patch("/api/me/", {"quiet_from": "23:00", "quiet_until": "07:00", "days_off": ["sun", "sat"]},
                          format="json").json()["days_off"] == ["sat", "sun"]
    profile = Profile.objects.get(user=ann)
    assert (profile.quiet_from, profile.quiet_until, profile.days_off) == (time(23), time(7), "56")
    client = Client()
    client.force_login(ann)
    page = client.post("/settings/", {"save_profile": "1", "display_name": "", "language": "en", "time_zone": "UTC",
                                      "notify_turn": "immediate", "quiet_from": "06:00", "quiet_until": "23:00"})
    assert page.status_code == 200 and "at most 12 hours" in page.content.decode()
    saved = client.post("/settings/", {"save_profile": "1", "display_name": "", "language": "en", "time_zone": "UTC",
                                       "notify_turn": "immediate", "quiet_from": "22:00", "quiet_until": "06:00",
                                       "days_off": ["6", "5"], "auto_vacation": "on"})
    profile = Profile.objects.get(user=ann)
    assert saved.status_code == 302 and (profile.quiet_from, profile.days_off, profile.auto_vacation) == (time(22), "56", True)


def test_the_game_page_and_api_say_whose_clock_is_paused_until_when_in_the_readers_words(make_user, db):
    night = datetime(2025, 1, 14, 0, 30, tzinfo=UTC)  # 01:30 in Berlin, inside the players' night
    with time_machine.travel(night, tick=False):
        game, seat = started(make_user)
        other = Seat.objects.select_related("user").exclude(pk=seat.pk).get(game=game)
        Profile.objects.filter(user=other.user).update(time_zone="UTC", language="de")
        name = seat.user.username
        answer = api(other.user).get(f"/api/games/{game.pk}/").json()["clock_paused"]
        # 07:00 in Berlin is 06:00 for a reader in UTC
        assert answer["reason"] == "quiet_hours" and answer["seat"] == seat.order
        assert answer["text"] == f"Die Uhr von {name} steht bis 06:00 still (Ruhezeit)."
        english = api(seat.user).get(f"/api/games/{game.pk}/").json()["clock_paused"]["text"]
        assert english == "Your clock is paused until 07:00 (quiet hours)."
        visitor = Client().get(f"/games/{game.pk}/").content.decode()
        assert f"{name}&#x27;s clock is paused until 06:00 (quiet hours)." in visitor
        Game.objects.filter(pk=game.pk).update(strict=True)
        assert api(other.user).get(f"/api/games/{game.pk}/").json()["clock_paused"] is None


def test_a_strict_game_or_tournament_is_chosen_stored_and_shown(make_user, db):
    ann, org = make_user("ann"), make_user("org")
    refused = api(ann).post("/api/games/", {"game": "argo", "players": 2, "strict": "yes"}, format="json")
    assert refused.status_code == 400 and "strict" in str(refused.json()) and not Game.objects.exists()
    made = api(ann).post("/api/games/", {"game": "argo", "players": 2, "strict": True}, format="json")
    assert made.status_code == 201 and made.json()["strict"] is True and Game.objects.get().strict
    assert '<span class="strict">strict</span>' in Client().get("/").content.decode()
    assert 'id="strict"' in Client().get(f"/games/{made.json()['id']}/").content.decode()
    assert api().get(f"/api/games/{made.json()['id']}/").json()["strict"] is True

    t = tournaments.create_tournament(org, title="Strict", game="argo", format="swiss", seats=2, rounds=1,
                                      signup_closes=datetime.now(UTC) + timedelta(days=1), strict=True)
    Profile.objects.filter(user=ann).update(language="de")
    reader = Client()
    reader.force_login(ann)
    page = reader.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'id="strict-note"' in page and "Streng" in page
    game = services.start_arranged_game(org, game="argo", users=[ann, org], hours_per_move=72, strict=t.strict)
    assert game.strict
