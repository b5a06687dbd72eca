"""The notice policy over a simulated week (docs/async-play.md, "The notice policy"): a player with 12
games takes "your turn" in a budget of two emails a day, at 08:00 and 19:00 in her zone, and keeps
quiet hours from 23:00 to 07:00; a neglected game escalates on her own clock; a game a bot keeps for
her and one her standing order answers tell her nothing; her opponent wants every turn at once but
not in his own quiet hours.

The clock is frozen and moved half an hour at a time; the periodic notice tasks are called
as beat would call them. The turns of the week are handed from seat to seat directly (the rules are
not the subject: the notices are): each change of turn begins the turn through the deadlines'
service and asks for its notice as the turn_began signal does.
"""
from __future__ import annotations

import re
import zoneinfo
from datetime import UTC, datetime, time, timedelta

import pytest
import time_machine
from django.core import mail
from django.utils import timezone

from accounts.models import Profile
from games import answering, clock, services, signals
from games.entry import tasks
from games.models import Digest, Game, Seat, TurnNotice
from games.reactions import emails, push
from games.services import deadlines, inbox, lists

pytestmark = pytest.mark.django_db(transaction=True)

BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")       # UTC+1 in January
MONDAY = datetime(2025, 1, 13, 0, 0, tzinfo=BERLIN)  # the week from Monday 00:00 in Berlin
STEP = timedelta(minutes=30)
QUIET = (time(23), time(7))


def local(moment: datetime) -> datetime:
    return moment.astimezone(BERLIN)


def in_quiet(moment: datetime) -> bool:
    at = local(moment).time()
    return at >= QUIET[0] or at < QUIET[1]


def hand_turn(game: Game, seat_order: int, now: datetime) -> Game:
    """The turn passes to `seat_order`: it begins as the decisions' service begins one (the game
    placed again in its players' turn inbox), and its notice is asked for as the turn_began signal
    asks."""
    game = Game.objects.get(pk=game.pk)
    game.current_seat, game.seq = seat_order, game.seq + 1
    deadlines.turn_begins(game, list(game.seats.select_related("user__profile")), now)
    game.save(update_fields=["current_seat", "seq", "turn_started_at", "extra_hours", "turn_notice_due",
                             *Game.CLOCK_FIELDS])
    inbox.keep(game)
    emails.turn_email(lists.game_for_notices(game.pk), now)
    return game


def test_a_week_of_twelve_games_with_two_emails_a_day_and_quiet_nights(make_user, monkeypatch):
    pushes: list[tuple[int, str, datetime]] = []
    monkeypatch.setattr(push, "send", lambda user, payload: pushes.append((user.pk, payload["body"], timezone.now())))
    announced: list[tuple[int, str, str]] = []  # turn_notice_sent, which the webhooks listen to

    def listen(sender, user, game, kind, payload, **kwargs):
        announced.append((user.pk, str(kind), payload["body"]))
    signals.turn_notice_sent.connect(listen)  # weakly: gone with the test
    with time_machine.travel(MONDAY - timedelta(hours=1), tick=False) as traveller:
        pia, otto = make_user("pia"), make_user("otto")
        Profile.objects.filter(user=pia).update(time_zone="Europe/Berlin", notify_turn="daily", batch_hours="8,19",
                                                quiet_from=QUIET[0], quiet_until=QUIET[1])
        Profile.objects.filter(user=otto).update(time_zone="UTC", quiet_from=time(22), quiet_until=time(6))
        games = [services.create_game(otto, game="argo", players=2, hours_per_move=72) for _ in range(12)]
        for game in games:
            services.join_game(pia, game.pk)
        seat = {(g.pk, u.pk): s.order for g in games for u in (pia, otto)
                for s in Seat.objects.filter(game=g, user=u)}
        for user in (pia, otto):
            user.refresh_from_db()
            services.notices_changed(user)
        mine = games[:9]                      # she plays them: five in the morning, four at night
        morning, night = games[:5], games[5:9]
        ordered, kept, neglected = games[9], games[10], games[11]
        Seat.objects.filter(game=kept, user=pia).update(stand_in="greedy")  # a bot keeps her seat
        by_order = {ordered.pk}  # her standing order answers her turns there
        monkeypatch.setattr(answering, "_answers_now", [*answering._answers_now,
                                                        lambda g, s: g.pk in by_order and s.user_id == pia.pk])

        def her_turn(game, now):
            hand_turn(game, seat[game.pk, pia.pk], now)
            if game.pk in by_order:  # her order answers at once, in her name
                hand_turn(game, seat[game.pk, otto.pk], now)

        traveller.move_to(MONDAY)
        for game in games:  # every game waits for her from Monday 00:00 (in her quiet hours)
            her_turn(game, MONDAY)
        n_deadline = Game.objects.get(pk=neglected.pk).deadline
        mail.outbox.clear()
        pushes.clear()

        sent: list[tuple[datetime, object]] = []
        waiting_at_batch: dict[datetime, set[int]] = {}
        now = MONDAY
        while now < MONDAY + timedelta(days=7):
            traveller.move_to(now)
            at = local(now)
            day, hm = at.weekday(), (at.hour, at.minute)
            if hm in ((8, 0), (19, 0)):  # what waits for her as the batch task runs
                waiting_at_batch[now] = {g.pk for g in services.waiting_games(pia)
                                         if g.pk not in by_order and g.pk != kept.pk}
            tasks.send_digests()
            tasks.send_reminders()
            tasks.pending_turn_emails()
            if n_deadline is not None and n_deadline <= now:
                assert services.enforce_deadline(neglected.pk, now)
                n_deadline = None
            # Her turns, by hand: the morning games at 08:30, the night games at 20:00 (on Wednesday
            # late, at 23:30, in her quiet hours and in his).
            if hm == (8, 30):
                played = morning
            elif hm == ((23, 30) if day == 2 else (20, 0)):
                played = night
            else:
                played = []
            for game in played:
                if Game.objects.get(pk=game.pk).current_seat == seat[game.pk, pia.pk]:
                    hand_turn(game, seat[game.pk, otto.pk], now)
            # His answers at 12:00 and 23:30 (not on Wednesday night: he sleeps).
            if hm == (12, 0) or (hm == (23, 30) and day != 2):
                for game in [*mine, ordered, kept, neglected]:
                    g = Game.objects.get(pk=game.pk)
                    if g.status == Game.Status.ACTIVE and g.current_seat == seat[game.pk, otto.pk]:
                        her_turn(game, now)
            sent.extend((now, m) for m in mail.outbox)
            mail.outbox.clear()
            now += STEP

    hers = [(t, m) for t, m in sent if m.to == [pia.email]]
    his = [(t, m) for t, m in sent if m.to == [otto.email]]
    her_pushes = [(t, body) for who, body, t in pushes if who == pia.pk]

    # Nothing reaches her in her quiet hours, neither email nor push (she allowed no last call there).
    assert not [m.subject for t, m in hers if in_quiet(t)]
    assert not [body for t, body in her_pushes if in_quiet(t)]

    # Her budget: no "your turn" email of its own, two batches a day at 08:00 and 19:00, each listing
    # exactly the games that waited for her then (never the bot's, never the order's).
    monday = [(local(t).strftime("%H:%M"), m.subject) for t, m in hers if local(t).weekday() == 0]
    assert monday == [("08:00", "10 games wait for you"), ("19:00", "10 games wait for you")]
    batches = [(t, m) for t, m in hers if re.fullmatch(r"\d+ games? waits? for you", m.subject)]
    assert not [m.subject for t, m in hers if m.subject.startswith("Your turn")]
    assert [local(t).strftime("%a %H:%M") for t, _ in batches] == [
        f"{d} {h}" for d in ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun") for h in ("08:00", "19:00")]
    for t, message in batches:
        listed = {int(n) for n in re.findall(r"/games/(\d+)/", message.body)}
        assert listed == waiting_at_batch[t], (local(t), listed, waiting_at_batch[t])
        assert message.subject == f"{len(listed)} games wait for you"
        assert ordered.pk not in listed and kept.pk not in listed
    assert Digest.objects.filter(user=pia).count() == 14
    assert [local(t).strftime("%H:%M") for t, body in her_pushes if "wait for you" in body] == ["08:00", "19:00"] * 7
    # Each push of her turns announced once to the webhooks, the batch's too (the timeout is no turn's).
    assert [body for who, _kind, body in announced if who == pia.pk] == [
        body for _t, body in her_pushes if "timed out" not in body]

    # The neglected game escalates on her clock, which her quiet hours stop: 72 hours from Monday
    # 07:00 at 16 hours a day end on Friday at 15:00. 24 hours left fall on Wednesday at 23:00 and 8
    # hours left on Thursday at 23:00, both at the start of her quiet hours: each waits for their
    # end; the last call, with 2 hours left, goes at Friday 13:00.
    started = MONDAY
    deadline = clock.deadline_for(pia, started, 72)
    assert local(deadline) == datetime(2025, 1, 17, 15, 0, tzinfo=BERLIN)
    steps = clock.reminder_instants(clock.calendar_of(pia, started), started, deadline)
    assert [local(s).strftime("%a %H:%M") for s in steps] == ["Wed 23:00", "Thu 23:00", "Fri 13:00"]
    told = TurnNotice.objects.filter(game=neglected, user=pia)
    assert sorted(told.values_list("kind", flat=True)) == ["last_call", "nudge", "reminder", "timed_out"]
    title = f"Argo #{neglected.pk}"
    assert [(local(t).strftime("%a %H:%M"), body) for t, body in her_pushes if title in body and "timed out" not in body] == [
        ("Thu 07:00", f"24 hours left on your clock in {title}"), ("Fri 07:00", f"Reminder: your turn in {title}"),
        ("Fri 13:00", f"Deadline soon in {title}")], "the push with 24 hours left, held by the night; then the emails' own"
    assert [(local(t).strftime("%a %H:%M"), m.subject) for t, m in hers if title in m.subject] == [
        ("Fri 07:00", f"Reminder: your turn in {title}"), ("Fri 13:00", f"Deadline soon in {title}"),
        ("Fri 15:00", f"A player timed out in {title}")]

    # The bot's game and the order's game: not a word to her about them.
    for game in (kept, ordered):
        assert not TurnNotice.objects.filter(game=game, user=pia).exists()
        assert not [body for _, body in her_pushes if f"#{game.pk}" in body]

    # He wants every turn at once, in his own quiet hours (22:00-06:00 UTC) none: her Wednesday-night
    # turns reach him at 06:00 on Thursday.
    assert his and not [m.subject for t, m in his if t.astimezone(UTC).hour >= 22 or t.astimezone(UTC).hour < 6]
    thursday = [m.subject for t, m in his if t == datetime(2025, 1, 16, 6, 0, tzinfo=UTC)]
    assert sorted(thursday) == sorted(f"Your turn in Argo #{g.pk}" for g in night)


def test_the_policy_through_the_api_and_a_last_call_allowed_in_quiet_hours(make_user, api_client_for, monkeypatch):
    """PATCH /api/me/ takes the budget's hours and the switches, refuses hours it cannot keep (400,
    nothing saved), and schedules the next batch; a last call the player allowed goes in the night,
    while the push and email of that night wait for the morning."""
    pushes = []
    monkeypatch.setattr(push, "send", lambda user, payload: pushes.append(payload["body"]))
    with time_machine.travel(datetime(2025, 1, 13, 12, 0, tzinfo=UTC), tick=False) as traveller:
        pia, otto = make_user("pia"), make_user("otto")
        client = api_client_for(pia)
        for bad in ({"batch_hours": []}, {"batch_hours": [8, 9, 10, 11, 12]}, {"batch_hours": [24]},
                    {"batch_hours": ["8"]}, {"batch_hours": [1, 2], "quiet_from": "23:00", "quiet_until": "07:00"},
                    {"remind_push": "yes"}):
            response = client.patch("/api/me/", bad, format="json")
            assert response.status_code == 400 and response.json()["detail"], (bad, response.content)
        profile = Profile.objects.get(user=pia)
        assert (profile.batch_hours, profile.quiet_from, profile.remind_push) == ("8", None, True)
        response = client.patch("/api/me/", {"notify_turn": "daily", "batch_hours": [19, 8], "quiet_from": "23:00",
                                             "quiet_until": "07:00", "last_call_in_quiet": True,
                                             "remind_email": True}, format="json")
        assert response.status_code == 200, response.content
        assert (response.json()["batch_hours"], response.json()["last_call_in_quiet"]) == ([8, 19], True)
        assert Profile.objects.get(user=pia).batch_due_at == datetime(2025, 1, 13, 19, 0, tzinfo=UTC)

        # A strict game of 12 hours from 13:00: 8 hours left at 17:00, 2 hours left at 23:00 (the
        # strict clock runs through her night).
        traveller.move_to(datetime(2025, 1, 13, 13, 0, tzinfo=UTC))
        game = services.create_game(otto, game="argo", players=2, hours_per_move=12, strict=True)
        services.join_game(pia, game.pk)
        game = Game.objects.get(pk=game.pk)
        if game.current_seat != game.seat_of(pia).order:
            game = hand_turn(game, game.seat_of(pia).order, timezone.now())
        deadline = game.deadline
        mail.outbox.clear()
        pushes.clear()
        Profile.objects.filter(user=pia).update(remind_email=False)  # her switch: no email with 8 hours left
        traveller.move_to(deadline - timedelta(hours=8))
        assert tasks.send_reminders() == 0 and mail.outbox == [] and pushes == []
        traveller.move_to(deadline - timedelta(hours=2))  # 23:00: her quiet hours, but the last call may come
        assert tasks.send_reminders() == 1
        assert [m.subject for m in mail.outbox] == [f"Deadline soon in Argo #{game.pk}"]
        assert pushes == [f"Deadline soon in Argo #{game.pk}"]


def test_the_settings_page_takes_the_hours_as_written(make_user, client):
    pia = make_user("pia")
    client.force_login(pia)
    form = {"save_profile": "1", "display_name": "", "language": "en", "time_zone": "Europe/Berlin",
            "notify_turn": "daily", "notify_reminders": "on", "remind_push": "on", "remind_last_call": "on",
            "quiet_from": "23:00", "quiet_until": "07:00"}
    for bad in ("25", "8, 9, 10, 11, 12", "morning", "0, 1, 2"):
        page = client.post("/settings/", {**form, "batch_hours": bad})
        assert page.status_code == 200 and "hours" in page.content.decode(), bad
    assert client.post("/settings/", {**form, "batch_hours": "19:00, 8"}).status_code == 302
    profile = Profile.objects.get(user=pia)
    assert (profile.batch_hours, profile.remind_push, profile.remind_email, profile.last_call_in_quiet) == (
        "8,19", True, False, False)
    assert profile.batch_due_at is not None and local(profile.batch_due_at).hour in (8, 19)
    assert 'value="8, 19"' in client.get("/settings/").content.decode()


def test_a_notice_of_an_event_in_the_quiet_hours_goes_when_they_end(make_user):
    """An invitation at 02:00 (and any notice of an event: a game over, a timeout) waits for 07:00."""
    with time_machine.travel(datetime(2025, 1, 14, 2, 0, tzinfo=BERLIN), tick=False) as traveller:
        pia, otto = make_user("pia"), make_user("otto")
        Profile.objects.filter(user=pia).update(time_zone="Europe/Berlin", quiet_from=QUIET[0], quiet_until=QUIET[1])
        pia.refresh_from_db()
        game = services.create_game(otto, game="argo", players=2, hours_per_move=72)
        mail.outbox.clear()
        assert not emails.invitation_notice(game, pia) and mail.outbox == []
        assert Profile.objects.get(user=pia).batch_due_at == datetime(2025, 1, 14, 7, 0, tzinfo=BERLIN)
        traveller.move_to(datetime(2025, 1, 14, 6, 59, tzinfo=BERLIN))
        assert tasks.send_digests() == 0 and mail.outbox == []
        traveller.move_to(datetime(2025, 1, 14, 7, 0, tzinfo=BERLIN))
        assert tasks.send_digests() == 1
        assert [m.to for m in mail.outbox] == [[pia.email]]
        assert tasks.send_digests() == 0 and len(mail.outbox) == 1
        assert Profile.objects.get(user=pia).batch_due_at is None
