"""Asynchronous play over days: turn emails, reminders, digests, deadlines, vacations.

The clock is frozen and moved by hand with time_machine; Celery runs its tasks in the test (eager),
and the periodic tasks are called the way beat would call them. What is checked is what the players
notice: which emails they get, in which language and time zone, with which links, and who plays a seat.
"""
from __future__ import annotations

import re
import zoneinfo
from contextlib import suppress
from datetime import UTC, date, datetime, timedelta

import pytest
import time_machine
from django.conf import settings
from django.core import mail
from django.test import Client
from django.utils import formats, timezone as dj_timezone, translation

from games import services
from games.entry import tasks
from games.models import Connection, Decision, Game, Seat

pytestmark = pytest.mark.django_db(transaction=True)

T0 = datetime(2025, 1, 13, 10, 0, tzinfo=UTC)  # a Monday in winter: no DST change for days
HOURS = 24
MAX_DECISIONS = 2000


@pytest.fixture
def clock():
    with time_machine.travel(T0, tick=False) as traveller:
        yield traveller


@pytest.fixture
def players(make_user):
    return make_user("alice"), make_user("bob")


# --- helpers -------------------------------------------------------------------------------------

def set_profile(user, **fields):
    from accounts.models import Profile
    Profile.objects.filter(user=user).update(**fields)
    user.refresh_from_db()
    if hasattr(user, "_state") and "profile" in user._state.fields_cache:
        del user._state.fields_cache["profile"]
    services.notices_changed(user)  # as the settings page does: a reader of batches is due at their next hour


def fresh(game) -> Game:
    return Game.objects.get(pk=game.pk if isinstance(game, Game) else game)


def seat_to_move(game) -> Seat:
    game = fresh(game)
    assert game.status == Game.Status.ACTIVE, game.status
    return game.seats.select_related("user").get(order=game.current_seat)


def seat_of(game, user) -> Seat:
    return Seat.objects.select_related("user").get(game_id=fresh(game).pk, user=user)


def start_game(creator, joiner, hours=HOURS) -> Game:
    game = services.create_game(creator, game="argo", players=2, hours_per_move=hours)
    services.join_game(joiner, game.pk)
    game = fresh(game)
    assert game.status == Game.Status.ACTIVE
    return game


def decide(user, game):
    """One decision by `user`, chosen by the greedy bot, through the services like any request."""
    game = fresh(game)
    decision = services.rules_of(game).bot("greedy", 1).choose(services.current_state(game))
    return services.submit_decision(user, game.pk, game.seq, decision)


def play_turn(game, clock) -> Game:
    """The player to move decides, a minute per decision, until the turn passes or the game ends."""
    seat = seat_to_move(game)
    others = Decision.objects.filter(game=game).exclude(seat=seat.order)
    played_before = others.count()
    for _ in range(200):
        clock.shift(timedelta(minutes=1))
        decide(seat.user, game)
        game = fresh(game)
        # A bot may play the next seat at once and hand the turn straight back.
        if (game.status != Game.Status.ACTIVE or game.current_seat != seat.order
                or others.count() > played_before):
            return game
    raise AssertionError("a turn that never ends")


def until_turn_of(game, user, clock) -> Game:
    for _ in range(100):
        game = fresh(game)
        if seat_to_move(game).user_id == user.pk:
            return game
        play_turn(game, clock)
    raise AssertionError(f"never {user}'s turn")


def mails_to(user) -> list:
    return [m for m in mail.outbox if user.email in m.to]


def html_of(message) -> str:
    htmls = [body for body, mime in message.alternatives if mime == "text/html"]
    assert len(htmls) == 1, f"expected one HTML part in {message.subject!r}"
    return htmls[0]


def shown(moment: datetime, zone: str, language: str = "en") -> str:
    """How the emails show an instant to a user of that zone and language."""
    with translation.override(language):
        return formats.date_format(dj_timezone.localtime(moment, zoneinfo.ZoneInfo(zone)), "DATETIME_FORMAT")


def game_link(game) -> str:
    return f"{settings.SITE_URL}/games/{game.pk}/"


PREFERENCES = re.compile(re.escape(settings.SITE_URL) + r"/email/preferences/([^/\s\"]+)/")


# --- "your turn" emails --------------------------------------------------------------------------

def test_turn_email_goes_to_the_player_to_move_with_links_and_both_parts(clock, players):
    alice, bob = players
    game = start_game(alice, bob)
    first = seat_to_move(game).user
    other = bob if first == alice else alice

    assert [m.to for m in mail.outbox] == [[first.email]]
    message = mail.outbox[0]
    assert message.subject == f"Your turn in Argo #{game.pk}"
    html = html_of(message)
    for part in (message.body, html):
        assert game_link(game) in part
        assert PREFERENCES.search(part), part
        assert shown(T0 + timedelta(hours=HOURS), "UTC") in part  # the deadline

    # The turn passes: now the other player hears, once.
    game = play_turn(game, clock)
    assert seat_to_move(game).user == other
    assert [m.subject for m in mails_to(other)] == [f"Your turn in Argo #{game.pk}"]
    assert len(mails_to(first)) == 1

    # Never twice for the same turn: the catch-up task and the task itself send nothing more.
    clock.shift(timedelta(minutes=5))
    count = len(mail.outbox)
    tasks.pending_turn_emails()
    tasks.pending_turn_emails()
    tasks.turn_email(game.pk)
    assert len(mail.outbox) == count


def test_turn_email_is_in_the_players_language_and_time_zone(clock, players):
    alice, bob = players
    for user in players:
        set_profile(user, language="de", time_zone="Europe/Berlin")
    game = start_game(alice, bob)
    first = seat_to_move(game).user
    (message,) = mails_to(first)
    html = html_of(message)
    deadline = T0 + timedelta(hours=HOURS)

    for part in (message.body, html):
        assert game_link(game) in part
        assert PREFERENCES.search(part)
        assert shown(deadline, "Europe/Berlin", "de") in part  # "14. Januar 2025 11:00"
    assert shown(deadline, "UTC", "de") not in message.body
    assert 'lang="de"' in html
    # German words, not English ones.
    assert str(game.pk) in message.subject
    assert "Your turn" not in message.subject, message.subject
    for english in ("Hello", "it is your turn", "Please decide before"):
        assert english not in message.body, message.body
    assert "Hallo" in message.body, message.body
    assert "Open the game" not in html


def test_the_players_name_reads_as_written_in_the_text_part(clock, players):
    """The text part is plain text: a display name with an apostrophe or an ampersand is not
    HTML-escaped there (the HTML part escapes it, as it must)."""
    alice, bob = players
    for user in players:
        set_profile(user, display_name="Zoë O'Brien & Co <3")
    game = start_game(alice, bob)
    (message,) = mails_to(seat_to_move(game).user)
    assert "Hello Zoë O'Brien & Co <3," in message.body, message.body
    assert "&amp;" not in message.body and "&#x27;" not in message.body and "&lt;" not in message.body
    assert "Zoë O&#x27;Brien &amp; Co &lt;3" in html_of(message)


@pytest.mark.parametrize("preference", ["daily", "never"])
def test_no_turn_email_when_the_preference_is_daily_or_never(clock, players, preference):
    alice, bob = players
    for user in players:
        set_profile(user, notify_turn=preference)
    game = start_game(alice, bob)
    play_turn(game, clock)
    play_turn(game, clock)
    tasks.pending_turn_emails()
    for user in players:
        tasks.user_left(user.pk)
    assert mail.outbox == []


def test_no_turn_email_while_the_site_is_open_and_it_follows_when_the_player_leaves(clock, players):
    alice, bob = players
    for user in players:
        Connection.objects.create(user=user, channel_name=f"test.{user.username}")
    game = start_game(alice, bob)
    tasks.pending_turn_emails()
    assert mail.outbox == [], "a player with the site open got a 'your turn' email"

    first = seat_to_move(game).user
    other = bob if first == alice else alice
    clock.shift(timedelta(minutes=30))
    Connection.objects.filter(user=first).delete()
    tasks.user_left(first.pk)
    assert [m.subject for m in mails_to(first)] == [f"Your turn in Argo #{game.pk}"]
    assert game_link(game) in mails_to(first)[0].body

    # Never twice for the same turn, and nothing for the player who still has the site open.
    tasks.pending_turn_emails()
    tasks.user_left(first.pk)
    tasks.turn_email(game.pk)
    assert len(mails_to(first)) == 1
    assert mails_to(other) == []


def test_a_connection_left_over_from_a_dead_server_does_not_hold_the_email_back(clock, players):
    alice, bob = players
    with time_machine.travel(T0 - timedelta(hours=13), tick=False):
        for user in players:
            Connection.objects.create(user=user, channel_name=f"stale.{user.username}")
    game = start_game(alice, bob)
    first = seat_to_move(game).user
    assert [m.subject for m in mails_to(first)] == [f"Your turn in Argo #{game.pk}"]


# --- reminders -----------------------------------------------------------------------------------

def test_a_push_a_day_before_the_deadline_an_email_8_hours_before_and_a_last_call_2_hours_before_each_once(
        clock, players, monkeypatch):
    from games.reactions import push
    pushes = []
    monkeypatch.setattr(push, "send", lambda user, payload: pushes.append((user.pk, payload["body"])))
    alice, bob = players
    zones = {alice.pk: "America/New_York", bob.pk: "Asia/Tokyo"}
    for user in players:
        set_profile(user, time_zone=zones[user.pk])
    game = start_game(alice, bob, hours=48)
    late = seat_to_move(game).user
    other = bob if late == alice else alice
    deadline = T0 + timedelta(hours=48)
    assert fresh(game).deadline == deadline
    mail.outbox.clear()
    pushes.clear()

    clock.move_to(deadline - timedelta(hours=24, minutes=1))
    tasks.send_reminders()
    assert mail.outbox == [] and pushes == [], "a notice before 24 hours are left"
    clock.move_to(deadline - timedelta(hours=24))
    tasks.send_reminders()
    tasks.send_reminders()
    assert mail.outbox == [], "24 hours left: a push alone"
    assert pushes == [(late.pk, f"24 hours left on your clock in Argo #{game.pk}")]

    clock.move_to(deadline - timedelta(hours=8))
    tasks.send_reminders()
    tasks.send_reminders()
    assert [m.subject for m in mail.outbox] == [f"Reminder: your turn in Argo #{game.pk}"]
    reminder = mail.outbox[0]
    assert reminder.to == [late.email]
    for part in (reminder.body, html_of(reminder)):
        assert shown(deadline, zones[late.pk]) in part, part  # the deadline in the player's own zone
        assert game_link(game) in part
    assert shown(deadline, "UTC") not in reminder.body

    clock.move_to(deadline - timedelta(hours=2, minutes=1))
    tasks.send_reminders()
    assert len(mail.outbox) == 1
    clock.move_to(deadline - timedelta(hours=2))
    tasks.send_reminders()
    tasks.send_reminders()
    clock.move_to(deadline - timedelta(minutes=1))
    tasks.send_reminders()
    assert [m.subject for m in mail.outbox] == [f"Reminder: your turn in Argo #{game.pk}",
                                                f"Deadline soon in Argo #{game.pk}"]
    last_call = mail.outbox[1]
    assert last_call.to == [late.email]
    assert shown(deadline, zones[late.pk]) in last_call.body
    assert mails_to(other) == [] and {who for who, _ in pushes} == {late.pk} and len(pushes) == 3


def test_no_reminders_for_a_player_who_wants_no_emails(clock, players):
    alice, bob = players
    for user in players:
        set_profile(user, notify_turn="never")
    start_game(alice, bob, hours=24)
    for hours in (12, 20, 23):
        clock.move_to(T0 + timedelta(hours=hours))
        tasks.send_reminders()
    assert mail.outbox == []


# --- daily digest --------------------------------------------------------------------------------

def test_daily_digest_from_eight_local_time_lists_every_waiting_game_once_a_day(clock, make_user):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    set_profile(bob, notify_turn="daily", time_zone="Europe/Berlin")   # UTC+1 in January
    set_profile(carol, notify_turn="daily", time_zone="Europe/Berlin")
    waiting = [until_turn_of(start_game(alice, bob, hours=72), bob, clock) for _ in range(2)]
    not_waiting = until_turn_of(start_game(alice, bob, hours=72), alice, clock)
    until_turn_of(start_game(alice, carol, hours=72), alice, clock)  # carol has nothing to decide
    assert mails_to(bob) == [] and mails_to(carol) == [], "daily players got a 'your turn' email"
    mail.outbox.clear()

    clock.move_to(datetime(2025, 1, 14, 6, 59, tzinfo=UTC))  # 07:59 in Berlin
    tasks.send_digests()
    assert mail.outbox == [], "a digest before 8 o'clock local time"

    clock.move_to(datetime(2025, 1, 14, 7, 0, tzinfo=UTC))  # 08:00 in Berlin
    tasks.send_digests()
    tasks.send_digests()
    assert [m.to for m in mail.outbox] == [[bob.email]], "one digest, to bob only (carol has nothing waiting)"
    digest = mail.outbox[0]
    assert digest.subject == "2 games wait for you"
    html = html_of(digest)
    for part in (digest.body, html):
        for game in waiting:
            assert game_link(game) in part
            assert shown(fresh(game).deadline, "Europe/Berlin") in part  # deadlines in bob's zone
        assert game_link(not_waiting) not in part
        assert PREFERENCES.search(part)

    clock.move_to(datetime(2025, 1, 14, 20, 0, tzinfo=UTC))  # later the same day: nothing more
    tasks.send_digests()
    assert len(mail.outbox) == 1

    # The next day: a new digest, with the game that has come to wait for bob since.
    clock.move_to(datetime(2025, 1, 15, 6, 0, tzinfo=UTC))
    until_turn_of(not_waiting, bob, clock)
    clock.move_to(datetime(2025, 1, 15, 8, 30, tzinfo=UTC))  # 09:30 in Berlin
    tasks.send_digests()
    tasks.send_digests()
    assert len(mails_to(bob)) == 2
    second = mails_to(bob)[1]
    assert second.subject == "3 games wait for you"
    for game in [*waiting, not_waiting]:
        assert game_link(game) in second.body
    assert mails_to(carol) == []


# --- the periodic tasks cost what is due, not what is in play ----------------------------------------

def test_reminders_go_to_the_games_due_and_nothing_due_costs_one_query(clock, players, django_assert_max_num_queries):
    alice, bob = players
    short = [start_game(alice, bob, hours=3) for _ in range(3)]
    for _ in range(9):
        start_game(alice, bob, hours=48)
    mail.outbox.clear()
    with django_assert_max_num_queries(1):
        assert tasks.send_reminders() == 0  # no turn near its deadline

    clock.move_to(T0 + timedelta(hours=1))  # 2 hours left of the 3-hour turns
    assert tasks.send_reminders() == 3
    assert {m.subject for m in mail.outbox} == {f"Deadline soon in Argo #{g.pk}" for g in short}
    with django_assert_max_num_queries(1):
        assert tasks.send_reminders() == 0  # reminded this turn already
    assert len(mail.outbox) == 3


def test_the_turn_email_catch_up_reads_only_the_turns_not_settled(clock, players, django_assert_max_num_queries):
    """A turn owes its notice until it is settled (sent, or not wanted): the catch-up reads those few
    by index, not the games in play. A player on the site keeps theirs owed until they leave."""
    alice, bob = players
    games = [start_game(alice, bob) for _ in range(6)]
    assert not Game.objects.filter(turn_notice_due=True).exists(), "sent at once: every turn settled"
    with django_assert_max_num_queries(1):
        assert tasks.pending_turn_emails() == 0

    # Both players on the site (their pages ping all along): the next turn's notice waits, owed.
    for user in players:
        Connection.objects.create(user=user, channel_name=f"test.{user.username}", seen_at=T0 + timedelta(hours=1))
    game = play_turn(games[0], clock)
    waiting = seat_to_move(game).user
    count = len(mail.outbox)
    assert tasks.pending_turn_emails() == 0 and len(mail.outbox) == count
    assert fresh(game).turn_notice_due

    # The player's page went away without a word (no user_left): the catch-up sends it, once.
    Connection.objects.filter(user=waiting).delete()
    assert tasks.pending_turn_emails() == 1
    assert mails_to(waiting)[-1].subject == f"Your turn in Argo #{game.pk}"
    assert not fresh(game).turn_notice_due
    with django_assert_max_num_queries(1):
        assert tasks.pending_turn_emails() == 0


def test_a_lost_turn_email_task_is_caught_up_and_a_later_turn_keeps_its_own_notice(clock, players):
    alice, bob = players
    game = start_game(alice, bob)
    Game.objects.filter(pk=game.pk).update(turn_notice_due=True)  # as if the turn's task never ran
    mail.outbox.clear()
    stale = fresh(game)
    game = play_turn(game, clock)  # the next turn begins and is told at once
    assert len(mail.outbox) == 1 and not fresh(game).turn_notice_due
    Game.objects.filter(pk=game.pk).update(turn_notice_due=True)  # and this turn's task is lost
    services.deadlines.turn_notice_settled(stale)  # an old turn's late settling leaves it owed
    assert fresh(game).turn_notice_due
    mail.outbox.clear()
    assert tasks.pending_turn_emails() == 0, "already told: the notice's claim keeps it from going twice"
    assert mail.outbox == [] and not fresh(game).turn_notice_due


def test_a_turns_reminder_instant_follows_its_clock(clock, players, make_user):
    """Game.reminder_due_at: the first notice when the turn begins (a 24-hour turn: the email with 8
    hours left), then the last call, then none; a moderator's extension moves it with the deadline."""
    alice, bob = players
    game = fresh(start_game(alice, bob, hours=24))
    deadline = T0 + timedelta(hours=24)
    assert game.reminder_due_at == deadline - timedelta(hours=8)
    clock.move_to(deadline - timedelta(hours=8))
    assert tasks.send_reminders() == 1
    assert fresh(game).reminder_due_at == deadline - timedelta(hours=2)
    clock.move_to(deadline - timedelta(hours=1))
    assert tasks.send_reminders() == 1
    assert fresh(game).reminder_due_at is None
    assert tasks.send_reminders() == 0

    moderator = make_user("mod", is_staff=True)
    services.extend_deadline(moderator, game.pk, 24, "a storm took the power out")
    game = fresh(game)
    assert game.deadline == deadline + timedelta(hours=24)
    assert game.reminder_due_at == T0 + timedelta(hours=24), "24 hours left of the 48: the push"


def test_the_digest_is_the_mornings_and_a_game_waiting_later_is_in_the_next_one(clock, make_user):
    """A reader's day is settled at their hour: a digest if a game waits then, nothing otherwise. A
    game that begins to wait later that day is in the next morning's digest; no email in between."""
    alice, dora = make_user("alice"), make_user("dora")
    set_profile(dora, notify_turn="daily", time_zone="Europe/Berlin")
    game = until_turn_of(start_game(alice, dora, hours=72), alice, clock)
    mail.outbox.clear()

    clock.move_to(datetime(2025, 1, 14, 7, 0, tzinfo=UTC))  # 08:00 in Berlin: alice's turn, nothing waits
    assert tasks.send_digests() == 0
    clock.move_to(datetime(2025, 1, 14, 9, 0, tzinfo=UTC))
    game = until_turn_of(game, dora, clock)  # now dora's turn
    clock.move_to(datetime(2025, 1, 14, 21, 0, tzinfo=UTC))
    assert tasks.send_digests() == 0
    assert mails_to(dora) == [], "a second digest run of the same day"

    clock.move_to(datetime(2025, 1, 15, 7, 0, tzinfo=UTC))  # the next morning
    assert tasks.send_digests() == 1
    [digest] = mails_to(dora)
    assert digest.subject == "1 game waits for you" and game_link(game) in digest.body


def test_digests_go_to_the_readers_due_and_nothing_due_costs_one_query(clock, make_user, django_assert_max_num_queries):
    host = make_user("host")
    readers = {zone: [make_user(f"{zone[-5:].lower()}{i}") for i in range(3)] for zone in ("Asia/Tokyo", "America/New_York")}
    idle = make_user("idle")
    for zone, users in readers.items():
        for user in users:
            set_profile(user, notify_turn="daily", time_zone=zone)
            until_turn_of(start_game(host, user, hours=72), user, clock)
    set_profile(idle, notify_turn="daily", time_zone="Asia/Tokyo")  # nothing waits for him
    mail.outbox.clear()

    # 13:00 UTC: 8 o'clock in New York, night in Tokyo (whose readers' hour comes at 23:00 UTC).
    clock.move_to(datetime(2025, 1, 13, 13, 0, tzinfo=UTC))
    assert tasks.send_digests() == 3
    assert sorted(m.to[0] for m in mail.outbox) == sorted(u.email for u in readers["America/New_York"])
    with django_assert_max_num_queries(1):
        assert tasks.send_digests() == 0
    assert len(mail.outbox) == 3


# --- deadlines -----------------------------------------------------------------------------------

def test_deadline_passing_times_out_the_seat_and_the_bot_plays_it(clock, players):
    alice, bob = players
    game = start_game(alice, bob, hours=24)
    late_seat = seat_to_move(game)
    late = late_seat.user
    other = bob if late == alice else alice
    mail.outbox.clear()

    clock.move_to(T0 + timedelta(hours=23, minutes=59))
    tasks.enforce_deadlines()
    assert seat_of(game, late).status == Seat.Status.ACTIVE

    clock.move_to(T0 + timedelta(hours=24, minutes=1))
    tasks.enforce_deadlines()
    assert seat_of(game, late).status == Seat.Status.TIMED_OUT
    game = fresh(game)
    bot_decisions = Decision.objects.filter(game=game, seat=late_seat.order, by_bot=True)
    assert bot_decisions.exists(), "the bot did not play the timed-out seat"
    if game.status == Game.Status.ACTIVE:
        assert seat_to_move(game).user == other, "after the bot's turn it is the other player's turn"
        assert game.deadline is not None and game.deadline > dj_timezone.now()

    told = [m for m in mails_to(other) if m.subject == f"A player timed out in Argo #{game.pk}"]
    assert len(told) == 1, [m.subject for m in mails_to(other)]
    assert late.username in told[0].body and game_link(game) in told[0].body
    html_of(told[0])
    assert not [m for m in mails_to(late) if m.subject.startswith("Your turn")]

    # Running the task again changes nothing more.
    before = (len(mail.outbox), Decision.objects.filter(game=game).count(), fresh(game).seq)
    tasks.enforce_deadlines()
    tasks.enforce_deadlines()
    assert (len(mail.outbox), Decision.objects.filter(game=game).count(), fresh(game).seq) == before

    # The timed-out player can no longer decide for the seat.
    with pytest.raises(services.NotAllowed):
        decide(late, game)


def test_a_game_whose_player_timed_out_is_played_to_the_end_by_the_bot(clock, players):
    alice, bob = players
    game = start_game(alice, bob, hours=24)
    late_seat = seat_to_move(game)
    human = bob if late_seat.user == alice else alice
    clock.move_to(T0 + timedelta(hours=25))
    tasks.enforce_deadlines()
    assert seat_of(game, late_seat.user).status == Seat.Status.TIMED_OUT
    timed_out_at = fresh(game).seq

    for _ in range(MAX_DECISIONS):
        game = fresh(game)
        if game.status != Game.Status.ACTIVE:
            break
        assert seat_to_move(game).user == human, "a human waits for the bot's seat"
        clock.shift(timedelta(minutes=1))
        decide(human, game)
    else:
        raise AssertionError(f"the game did not end within {MAX_DECISIONS} decisions")

    game = fresh(game)
    assert game.status == Game.Status.FINISHED
    later = Decision.objects.filter(game=game, number__gt=timed_out_at)
    assert later.filter(seat=late_seat.order).exists()
    assert not later.filter(seat=late_seat.order, by_bot=False).exists(), "a bot seat decided as a human"
    assert not later.filter(seat=seat_of(game, human).order, by_bot=True).exists()
    late, winner = seat_of(game, late_seat.user), seat_of(game, human)
    assert late.status == Seat.Status.TIMED_OUT
    assert late.rank == len(game.outcome["ranking"]), "the timed-out player ranks last"
    assert winner.rank is not None and winner.rank <= late.rank


def test_when_every_player_times_out_the_bot_finishes_the_game(clock, players):
    alice, bob = players
    game = start_game(alice, bob, hours=24)
    first = seat_to_move(game).user
    second = bob if first == alice else alice
    clock.move_to(T0 + timedelta(hours=25))
    tasks.enforce_deadlines()
    game = fresh(game)
    assert game.status == Game.Status.ACTIVE and seat_to_move(game).user == second
    clock.move_to(T0 + timedelta(hours=50))
    tasks.enforce_deadlines()
    game = fresh(game)
    assert game.status == Game.Status.FINISHED, "the bots did not finish the game"
    assert {s.status for s in game.seats.all()} == {Seat.Status.TIMED_OUT}
    assert game.deadline is None
    tasks.enforce_deadlines()
    tasks.send_reminders()
    tasks.pending_turn_emails()
    subjects = sorted(m.subject for m in mail.outbox if m.subject.startswith(("Reminder", "Deadline soon")))
    assert subjects == [], subjects


def test_moderators_extension_survives_the_deadline_task(clock, players, make_user):
    alice, bob = players
    moderator = make_user("mod", is_staff=True)
    game = start_game(alice, bob, hours=24)
    late = seat_to_move(game).user

    clock.move_to(T0 + timedelta(hours=20))
    services.extend_deadline(moderator, game.pk, 12, "the player asked for more time")
    extended = T0 + timedelta(hours=36)
    assert fresh(game).deadline == extended

    for hours in (24, 25, 30, 35):
        clock.move_to(T0 + timedelta(hours=hours, minutes=30))
        tasks.enforce_deadlines()
        assert seat_of(game, late).status == Seat.Status.ACTIVE, f"timed out at +{hours}h despite the extension"
        assert fresh(game).deadline == extended

    clock.move_to(extended + timedelta(minutes=1))
    tasks.enforce_deadlines()
    assert seat_of(game, late).status == Seat.Status.TIMED_OUT


# --- vacations -----------------------------------------------------------------------------------

def test_vacation_pushes_the_running_deadline_back_and_opponents_see_it(clock, players):
    from rest_framework.test import APIClient
    alice, bob = players
    game = start_game(alice, bob, hours=24)
    away = seat_to_move(game).user
    other = bob if away == alice else alice
    assert fresh(game).deadline == T0 + timedelta(hours=24)

    services.add_vacation(away, date(2025, 1, 14), date(2025, 1, 15))  # two days, starting tomorrow
    assert fresh(game).deadline == T0 + timedelta(hours=24, days=2)

    def away_until():
        seats = APIClient().get(f"/api/games/{game.pk}/").json()["seats"]
        return {s["username"]: s["away_until"] for s in seats}

    assert away_until() == {away.username: None, other.username: None}  # not away yet
    clock.move_to(datetime(2025, 1, 14, 12, 0, tzinfo=UTC))
    assert away_until() == {away.username: "2025-01-15", other.username: None}

    # The old deadline passes during the vacation: nothing happens.
    tasks.enforce_deadlines()
    assert seat_of(game, away).status == Seat.Status.ACTIVE
    clock.move_to(datetime(2025, 1, 16, 9, 59, tzinfo=UTC))
    assert away_until() == {away.username: None, other.username: None}  # back home
    tasks.enforce_deadlines()
    assert seat_of(game, away).status == Seat.Status.ACTIVE
    clock.move_to(datetime(2025, 1, 16, 10, 1, tzinfo=UTC))
    tasks.enforce_deadlines()
    assert seat_of(game, away).status == Seat.Status.TIMED_OUT


def test_a_turn_that_begins_during_a_vacation_runs_from_the_players_return(clock, players):
    alice, bob = players
    set_profile(alice, time_zone="Asia/Tokyo")
    set_profile(bob, time_zone="Asia/Tokyo")
    # In Tokyo it is already 19:00 on 13 January; the vacation covers the 13th and the 14th there,
    # from 12 January 15:00 UTC to 14 January 15:00 UTC.
    for user in players:
        services.add_vacation(user, date(2025, 1, 13), date(2025, 1, 14))
    game = start_game(alice, bob, hours=24)
    assert fresh(game).deadline == datetime(2025, 1, 15, 15, 0, tzinfo=UTC)


def test_cancelling_a_vacation_on_the_settings_page_takes_its_extension_back(clock, players):
    """Through the settings page: a vacation moves the running deadline; cancelling it before it
    starts must move the deadline back, or a player could stretch a turn again and again."""
    alice, bob = players
    game = start_game(alice, bob, hours=24)
    away = seat_to_move(game).user
    browser = Client()
    browser.force_login(away)
    response = browser.post("/settings/", {"add_vacation": "1", "start": "2025-01-20", "end": "2025-01-29"})
    assert response.status_code == 302, response.content[:500]
    # The turn ends on the 14th, before the vacation: its deadline does not move.
    assert fresh(game).deadline == T0 + timedelta(hours=24)
    vacation = away.vacations.get()

    response = browser.post("/settings/", {"add_vacation": "1", "start": "2025-01-14", "end": "2025-01-18"})
    assert response.status_code == 302
    assert fresh(game).deadline == T0 + timedelta(hours=24, days=5)
    second = away.vacations.exclude(pk=vacation.pk).get()

    response = browser.post("/settings/", {"delete_vacation": str(second.pk)})
    assert response.status_code == 302
    assert not away.vacations.filter(pk=second.pk).exists()
    assert fresh(game).deadline == T0 + timedelta(hours=24), \
        "the cancelled vacation still extends the running deadline"
    clock.move_to(T0 + timedelta(hours=25))
    tasks.enforce_deadlines()
    assert seat_of(game, away).status == Seat.Status.TIMED_OUT


def test_vacation_allowance_past_and_overlapping_vacations_are_refused(clock, players):
    from accounts.models import Vacation
    alice, _ = players
    assert settings.VACATION_DAYS_PER_YEAR == 30

    with pytest.raises(services.Invalid):
        services.add_vacation(alice, date(2025, 1, 12), date(2025, 1, 20))  # starts yesterday
    with pytest.raises(services.Invalid):
        services.add_vacation(alice, date(2025, 2, 10), date(2025, 2, 1))  # ends before it starts

    services.add_vacation(alice, date(2025, 2, 1), date(2025, 2, 20))  # 20 days
    with pytest.raises(services.Invalid):
        services.add_vacation(alice, date(2025, 2, 15), date(2025, 2, 22))  # overlaps
    with pytest.raises(services.Invalid):
        services.add_vacation(alice, date(2025, 1, 25), date(2025, 2, 1))  # overlaps its first day
    with pytest.raises(services.Invalid):
        services.add_vacation(alice, date(2025, 3, 1), date(2025, 3, 11))  # 11 more: 31 in 2025
    services.add_vacation(alice, date(2025, 3, 1), date(2025, 3, 10))  # 10 more: 30 in 2025
    with pytest.raises(services.Invalid):
        services.add_vacation(alice, date(2025, 6, 1), date(2025, 6, 1))
    with pytest.raises(services.Invalid):
        services.add_vacation(alice, date(2025, 12, 31), date(2026, 1, 3))  # one of its days is in 2025
    services.add_vacation(alice, date(2026, 1, 1), date(2026, 1, 30))  # a new year, a new allowance
    assert sorted((v.start, v.end) for v in Vacation.objects.filter(user=alice)) == [
        (date(2025, 2, 1), date(2025, 2, 20)), (date(2025, 3, 1), date(2025, 3, 10)),
        (date(2026, 1, 1), date(2026, 1, 30))]


def test_deadline_task_recomputes_for_a_vacation_recorded_after_the_deadline_was_set(clock, players):
    """A vacation stored without moving the running deadline (as by a moderator in the admin):
    the deadline task pushes the deadline back instead of timing the player out."""
    from accounts.models import Vacation
    alice, bob = players
    game = start_game(alice, bob, hours=24)
    away = seat_to_move(game).user
    assert fresh(game).deadline == T0 + timedelta(hours=24)
    clock.move_to(T0 + timedelta(hours=2))
    Vacation.objects.create(user=away, start=date(2025, 1, 14), end=date(2025, 1, 15))
    assert fresh(game).deadline == T0 + timedelta(hours=24)  # not moved yet

    clock.move_to(T0 + timedelta(hours=25))  # the stored deadline has passed, on vacation
    tasks.enforce_deadlines()
    assert seat_of(game, away).status == Seat.Status.ACTIVE, "timed out on vacation"
    assert fresh(game).deadline == T0 + timedelta(hours=24, days=2)
    assert not [m for m in mail.outbox if "timed out" in m.subject]

    clock.move_to(T0 + timedelta(hours=24, days=2, minutes=1))
    tasks.enforce_deadlines()
    assert seat_of(game, away).status == Seat.Status.TIMED_OUT


# --- preferences and resigning -------------------------------------------------------------------

def test_one_click_preferences_link_works_without_login_and_a_tampered_one_is_404(clock, players):
    alice, bob = players
    game = start_game(alice, bob)
    first = seat_to_move(game).user
    (message,) = mails_to(first)
    match = PREFERENCES.search(message.body)
    assert match and match.group(0) in html_of(message)
    path = match.group(0)[len(settings.SITE_URL):]

    browser = Client(enforce_csrf_checks=True)  # nobody is signed in
    page = browser.get(path)
    assert page.status_code == 200
    assert "csrftoken" in browser.cookies
    answer = browser.post(path, {"notify_turn": "never",
                                 "csrfmiddlewaretoken": browser.cookies["csrftoken"].value})
    assert answer.status_code == 302, answer.status_code
    first.profile.refresh_from_db()
    assert first.profile.notify_turn == "never"

    # It takes effect: the player's next turn sends no email.
    mail.outbox.clear()
    game = play_turn(game, clock)
    game = until_turn_of(game, first, clock)
    assert mails_to(first) == []

    token = match.group(1)
    tampered = token[:-1] + ("A" if token[-1] != "A" else "B")
    bad = path.replace(token, tampered)
    assert browser.get(bad).status_code == 404
    response = browser.post(bad, {"notify_turn": "immediate",
                                  "csrfmiddlewaretoken": browser.cookies["csrftoken"].value})
    assert response.status_code == 404
    assert browser.get("/email/preferences/not-a-token/").status_code == 404
    first.profile.refresh_from_db()
    assert first.profile.notify_turn == "never"


def test_resigning_hands_the_seat_to_the_bot(clock, players):
    alice, bob = players
    game = start_game(alice, bob)
    mover = seat_to_move(game)
    quitter = bob if mover.user == alice else alice
    quitter_seat = seat_of(game, quitter)

    clock.shift(timedelta(minutes=5))
    services.resign(quitter, game.pk)
    assert seat_of(game, quitter).status == Seat.Status.RESIGNED
    mail.outbox.clear()

    game = play_turn(game, clock)  # the mover ends the turn: the bot plays the quitter's at once
    if game.status == Game.Status.ACTIVE:
        assert seat_to_move(game).user == mover.user
    assert Decision.objects.filter(game=game, seat=quitter_seat.order, by_bot=True).exists()
    assert not Decision.objects.filter(game=game, seat=quitter_seat.order, by_bot=False).exists()
    assert not [m for m in mails_to(quitter) if m.subject.startswith("Your turn")]
    game = fresh(game)
    if game.status == Game.Status.ACTIVE:
        with pytest.raises(services.NotAllowed):
            services.submit_decision(quitter, game.pk, game.seq, {"type": "end_turn"})


def test_resigning_on_ones_own_turn_lets_the_bot_play_it_at_once(clock, players):
    alice, bob = players
    game = start_game(alice, bob)
    quitter_seat = seat_to_move(game)
    other = bob if quitter_seat.user == alice else alice
    clock.shift(timedelta(minutes=5))
    services.resign(quitter_seat.user, game.pk)
    game = fresh(game)
    assert Decision.objects.filter(game=game, seat=quitter_seat.order, by_bot=True).exists()
    if game.status == Game.Status.ACTIVE:
        assert seat_to_move(game).user == other
        assert [m.subject for m in mails_to(other)] == [f"Your turn in Argo #{game.pk}"]


# --- after an outage -----------------------------------------------------------------------------

def test_after_a_broker_outage_the_periodic_tasks_let_the_bot_play_its_waiting_turn(clock, players, monkeypatch):
    """The bot's turn is enqueued when the turn passes to its seat; if the broker is down at that
    moment, beat's periodic tasks must catch up once it is back ("misses nothing")."""
    from kombu.exceptions import OperationalError

    from argo_site.celery import app
    from tests.django_fixtures import set_eager

    alice, bob = players
    game = start_game(alice, bob, hours=24)
    human = seat_to_move(game)
    quitter = bob if human.user == alice else alice
    services.resign(quitter, game.pk)

    def broker_down(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    eager = app.conf.task_always_eager
    with monkeypatch.context() as outage:
        outage.setattr(app, "send_task", broker_down)
        set_eager(app, False)
        try:
            for _ in range(200):  # the human ends the turn while the broker is down
                clock.shift(timedelta(minutes=1))
                with suppress(OperationalError):  # answered 500 to the player: see test_notifications_ws.py
                    decide(human.user, game)
                if fresh(game).current_seat != human.order:
                    break
            tasks.sent_all()  # the sends handed off the request all met the dead broker
        finally:
            set_eager(app, eager)
    game = fresh(game)
    assert game.status == Game.Status.ACTIVE and game.current_seat != human.order

    # The broker is back: beat runs every periodic task, twice.
    clock.shift(timedelta(minutes=10))
    for _ in range(2):
        for task in (tasks.enforce_deadlines, tasks.pending_turn_emails, tasks.send_reminders, tasks.send_digests):
            task()
    game = fresh(game)
    assert game.status == Game.Status.FINISHED or game.current_seat == human.order, \
        "the bot's turn still waits after the outage: no periodic task plays it"


def test_a_vacation_starting_today_can_be_cancelled_and_a_running_one_ended(clock, players):
    """Added by mistake for today: the Cancel button is there and takes the days back; a player back
    early ends a running vacation, and the clock runs again from today."""
    alice, bob = players
    game = start_game(alice, bob, hours=24)
    away = seat_to_move(game).user
    browser = Client()
    browser.force_login(away)
    today = T0.date()
    browser.post("/settings/", {"add_vacation": "1", "start": today.isoformat(), "end": (today + timedelta(days=3)).isoformat()})
    vacation = away.vacations.get()
    assert fresh(game).deadline > T0 + timedelta(hours=24)
    page = browser.get("/settings/").content.decode()
    assert f'name="delete_vacation" value="{vacation.pk}">Cancel<' in page
    browser.post("/settings/", {"delete_vacation": str(vacation.pk)})
    assert not away.vacations.exists() and fresh(game).deadline == T0 + timedelta(hours=24)

    browser.post("/settings/", {"add_vacation": "1", "start": (today + timedelta(days=2)).isoformat(),
                                "end": (today + timedelta(days=9)).isoformat()})
    clock.move_to(T0 + timedelta(days=4))
    running = away.vacations.get()
    page = browser.get("/settings/").content.decode()
    assert f'name="delete_vacation" value="{running.pk}">I am back: end it today<' in page
    browser.post("/settings/", {"delete_vacation": str(running.pk)})
    running.refresh_from_db()
    assert (running.start, running.end) == (today + timedelta(days=2), today + timedelta(days=3))


def test_a_worker_down_through_a_whole_turn_catches_up_and_sends_nothing_twice(clock, players, mailoutbox):
    """No periodic task runs for 2½ hours, past a 2-hour turn's reminder, last call and deadline;
    when the worker is back, beat's tasks (run twice, as a restarted beat may) time the seat out
    once, tell every player once, and send no reminder for a turn already over."""
    alice, bob = players
    game = start_game(alice, bob, hours=2)
    late = seat_to_move(game).user
    mailoutbox.clear()
    clock.shift(timedelta(hours=2, minutes=30))  # the worker was down from the start of the turn
    for _ in range(2):
        for task in (tasks.enforce_deadlines, tasks.pending_turn_emails, tasks.send_reminders, tasks.send_digests):
            task()
    game = fresh(game)
    assert seat_of(game, late).status == Seat.Status.TIMED_OUT
    sent = [(tuple(m.to), m.subject) for m in mailoutbox]
    assert len(sent) == len(set(sent)), sent  # nothing twice
    assert {to for to, subject in sent if "timed out" in subject} == {(alice.email,), (bob.email,)}, sent
    timed_out = Decision.objects.filter(game=game, by_bot=True).count()
    for task in (tasks.enforce_deadlines, tasks.pending_turn_emails, tasks.send_reminders):
        task()
    assert Decision.objects.filter(game=game, by_bot=True).count() == timed_out
    assert len(mailoutbox) == len(sent)


# --- names with line breaks, stored before names were checked -------------------------------------

def test_an_invitation_from_a_host_whose_stored_name_has_a_line_break_still_goes_out_on_one_line(players, mailoutbox):
    alice, bob = players
    set_profile(alice, display_name="Trent\r\nBcc: mallory@example.org")  # past validation, as old data may be
    game = services.create_game(alice, game="argo", players=2, hours_per_move=24, invite=["bob"])
    invitations = [m for m in mailoutbox if "invites you" in m.subject]
    assert [m.to for m in invitations] == [[bob.email]], "the invitation was dropped"
    message = invitations[0].message()
    assert message["Subject"] == f"Trent Bcc: mallory@example.org invites you to Argo #{game.pk}"
    assert message["Bcc"] is None and "mallory@example.org" not in invitations[0].recipients()


# --- an email is sent at most once -------------------------------------------------------------------

ACCEPTED: list = []  # every message a mail server below took, across tasks


class WorkerKilled(BaseException):
    """The worker process dying (SIGKILL, an out-of-memory kill): no handler runs."""


class AcceptThenDisconnect:
    """A mail server that takes the message and then drops the connection before saying so."""

    def __init__(self, *args, **kwargs):
        pass

    def send_messages(self, messages):
        import smtplib
        ACCEPTED.extend(messages)
        raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")


class AcceptThenKill(AcceptThenDisconnect):
    def send_messages(self, messages):
        ACCEPTED.extend(messages)
        raise WorkerKilled()


class Accept(AcceptThenDisconnect):
    def send_messages(self, messages):
        ACCEPTED.extend(messages)
        return len(messages)


@pytest.fixture
def mail_server(settings):
    ACCEPTED.clear()

    def use(backend: type) -> None:
        settings.EMAIL_BACKEND = f"{__name__}.{backend.__name__}"
    use(Accept)
    yield use
    ACCEPTED.clear()


def turn_emails_accepted(game) -> list:
    return [m for m in ACCEPTED if m.subject == f"Your turn in Argo #{game.pk}"]


def test_an_email_the_server_took_before_failing_is_not_sent_again_and_the_failure_is_recorded(
        players, mail_server, caplog):
    from games.models import TurnNotice
    for user in players:  # the site is open: the turn's notice waits
        Connection.objects.create(user=user, channel_name=f"tab.{user.username}")
    game = start_game(*players)
    mover = seat_to_move(game).user
    Connection.objects.all().delete()
    mail_server(AcceptThenDisconnect)
    for _ in range(3):  # the task, then beat's catch-up twice
        with suppress(Exception):  # before: the failure rolled the notice back and went up to Celery
            tasks.pending_turn_emails()
    assert len(turn_emails_accepted(game)) == 1, "the turn email went out more than once"
    notice = TurnNotice.objects.get(game=game, user=mover, kind="turn")
    assert notice.failed_at is not None and "SMTPServerDisconnected" in notice.error
    failure = [r for r in caplog.records if r.name == "games.reactions.emails" and r.levelname == "ERROR"]
    assert failure and f"game {game.pk}" in failure[0].getMessage() and str(mover.pk) in failure[0].getMessage()


def test_a_worker_killed_after_the_server_took_the_email_sends_nothing_again_on_restart(players, mail_server):
    for user in players:
        Connection.objects.create(user=user, channel_name=f"tab.{user.username}")
    game = start_game(*players)
    Connection.objects.all().delete()
    mail_server(AcceptThenKill)
    with pytest.raises(WorkerKilled):
        tasks.turn_email(game.pk)  # dies between the server's "250 OK" and anything after it
    mail_server(Accept)  # the restarted worker, with a mail server that works
    tasks.turn_email(game.pk)
    tasks.pending_turn_emails()
    assert len(turn_emails_accepted(game)) == 1, "the restarted worker sent the turn email again"


def test_a_digest_the_server_took_before_failing_is_not_sent_again(clock, players, mail_server):
    from games.models import Digest
    alice, bob = players
    for user in players:
        set_profile(user, notify_turn="daily")
    game = start_game(alice, bob)
    waiting = seat_to_move(game).user
    clock.move_to(T0.replace(hour=settings.DIGEST_HOUR) + timedelta(days=1))
    mail_server(AcceptThenDisconnect)
    for _ in range(2):
        with suppress(Exception):
            tasks.send_digests()
    assert len([m for m in ACCEPTED if waiting.email in m.to]) == 1
    assert Digest.objects.get(user=waiting).failed_at is not None


class Refuse(AcceptThenDisconnect):
    def send_messages(self, messages):
        from django.core.mail import BadHeaderError
        raise BadHeaderError("Header values can't contain newlines")


def test_an_invitation_the_mail_server_refuses_is_logged_and_recorded_not_dropped(players, mail_server, caplog):
    from games.models import TurnNotice
    alice, bob = players
    mail_server(Refuse)
    game = services.create_game(alice, game="argo", players=2, hours_per_move=24, invite=["bob"])
    notice = TurnNotice.objects.get(game=game, user=bob, kind="invitation")
    assert notice.failed_at is not None and "BadHeaderError" in notice.error
    logged = [r.getMessage() for r in caplog.records if r.name == "games.reactions.emails" and r.levelname == "ERROR"]
    assert logged == [f"the invitation notice of game {game.pk} for user {bob.pk} could not be sent: "
                      "BadHeaderError(\"Header values can't contain newlines\")"]


def test_a_notice_task_that_fails_before_its_notice_is_claimed_is_tried_again(players, mailoutbox, monkeypatch):
    from django.db import OperationalError

    from games.reactions import emails
    alice, bob = players
    real, calls = emails.invitation_notice, []

    def database_away_once(game, user):
        calls.append(user.pk)
        if len(calls) == 1:
            raise OperationalError("server closed the connection unexpectedly")
        return real(game, user)
    monkeypatch.setattr(emails, "invitation_notice", database_away_once)
    conf = tasks.invitation_notice.app.conf
    # As in a worker: the task's failure goes to Celery, which retries it.
    conf.CELERY_TASK_EAGER_PROPAGATES = conf.task_eager_propagates = False
    try:
        services.create_game(alice, game="argo", players=2, hours_per_move=24, invite=["bob"])
    finally:
        conf.CELERY_TASK_EAGER_PROPAGATES = conf.task_eager_propagates = True
    assert len(calls) == 2
    assert [m.to for m in mailoutbox if "invites you" in m.subject] == [[bob.email]], "the invitation was dropped"
