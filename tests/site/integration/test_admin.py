"""The moderators' desk: only staff get in; games are readable and filterable; every action asks
for a reason, does what it says and is recorded (who, what, when, why); nothing is deleted."""
from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.test import Client
from django.utils import timezone
from django.utils.html import escape
from rest_framework.test import APIClient

from games import services
from games.models import ChatMessage, Decision, Game, ModeratorAction, Seat
from games.standings import standings

GAMES = "/admin/games/game/"
SEATS = "/admin/games/seat/"
CHAT = "/admin/games/chatmessage/"
ACTIONS = "/admin/games/moderatoraction/"
USERS = "/admin/auth/user/"


@pytest.fixture
def eager_celery(monkeypatch):
    """Tasks run in the web process, as on the embedded defaults (also when REDIS_URL is set)."""
    from argo_site.celery import app
    monkeypatch.setattr(app.conf, "task_always_eager", True)
    monkeypatch.setattr(app.conf, "task_eager_propagates", True)
    return app


def start_game(make_user, names=("alice", "bob")) -> Game:
    users = [make_user(n) for n in names]
    game = services.create_game(users[0], game="argo", players=len(users))
    for user in users[1:]:
        services.join_game(user, game.pk)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game


def play(game: Game, decisions: int) -> Game:
    """Decisions chosen by the greedy bot, submitted by the players themselves."""
    for _ in range(decisions):
        game.refresh_from_db()
        seat = game.seats.get(order=game.current_seat)
        state = services.current_state(game)
        choice = services.rules_of(game).bot("greedy", 1).choose(state)
        services.submit_decision(seat.user, game.pk, game.seq, choice)
    game.refresh_from_db()
    return game


def ask_reason(client, changelist: str, action: str, pks):
    """Step 1: choosing the action shows the intermediate form."""
    return client.post(changelist, {"action": action, ACTION_CHECKBOX_NAME: [str(p) for p in pks]})


def confirm(client, changelist: str, action: str, pks, **fields):
    """Step 2: the form re-sends the action with confirm=1 and the reason."""
    data = {"action": action, ACTION_CHECKBOX_NAME: [str(p) for p in pks], "confirm": "1", **fields}
    return client.post(changelist, data)


def staff_client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


# --- who gets in ---------------------------------------------------------------------------------

@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/admin/", GAMES, ACTIONS, USERS, "/admin/games/game/1/replay/"])
def test_anonymous_is_sent_to_login(client, path):
    response = client.get(path)
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/admin/", GAMES, ACTIONS, USERS, CHAT])
def test_normal_user_is_sent_to_login(make_user, path):
    game = start_game(make_user)
    alice = game.seats.get(order=0).user
    client = staff_client(alice)
    response = client.get(path)
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")
    response = client.get(f"{GAMES}{game.pk}/replay/")
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")


@pytest.mark.django_db
def test_normal_user_cannot_run_an_action(make_user):
    game = start_game(make_user)
    alice = game.seats.get(order=0).user
    response = confirm(staff_client(alice), GAMES, "abort", [game.pk], reason="I am losing")
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert not ModeratorAction.objects.exists()


@pytest.mark.django_db
def test_staff_reach_the_admin(admin_client, make_user):
    assert admin_client.get("/admin/").status_code == 200
    staff = make_user("mod", is_staff=True)
    assert staff_client(staff).get("/admin/").status_code == 200


@pytest.mark.django_db
def test_normal_user_cannot_log_in_to_the_admin(make_user):
    make_user("alice", password="pass-word-1")
    client = Client()
    response = client.post("/admin/login/?next=/admin/", {"username": "alice", "password": "pass-word-1"})
    assert response.status_code == 200  # the login form again
    assert client.get("/admin/").status_code == 302


# --- the game pages ------------------------------------------------------------------------------

@pytest.mark.django_db
def test_game_change_page_shows_board_and_log_but_never_the_seed(admin_client, make_user):
    game = play(start_game(make_user), 6)
    response = admin_client.get(f"{GAMES}{game.pk}/change/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "data-board" in html and f"/static/{game.name}/board.js" in html
    assert embedded_view(html) == json.loads(json.dumps(services.view_for(game, None)))
    # The log: one numbered line per decision, with the rendered text.
    for entry in services.decision_log(game):
        assert f"<li value='{entry['number']}'>" in html
        assert escape(" ".join(entry["log"])) in html
    assert "alice" in html and "bob" in html
    assert str(game.seed) not in html
    assert "seed" not in html.lower()
    assert f"{GAMES}{game.pk}/replay/" in html


@pytest.mark.django_db
def test_open_game_change_page(admin_client, make_user):
    alice = make_user("alice")
    game = services.create_game(alice, game="argo", players=3)
    response = admin_client.get(f"{GAMES}{game.pk}/change/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "not started" in html
    assert "no decisions yet" in html


@pytest.mark.django_db
def test_game_list_never_shows_the_seed(admin_client, make_user):
    game = play(start_game(make_user), 2)
    html = admin_client.get(GAMES).content.decode()
    assert str(game.seed) not in html
    assert admin_client.get(f"{GAMES}?q=alice").status_code == 200


@pytest.mark.django_db
def test_saving_the_change_form_changes_nothing(admin_client, make_user):
    game = play(start_game(make_user), 3)
    before = Game.objects.values().get(pk=game.pk)
    admin_client.post(f"{GAMES}{game.pk}/change/", {
        "seed": "1", "status": "aborted", "seq": "0", "current_seat": "1", "players": "4",
        "extra_hours": "48", "turn_started_at_0": "2020-01-01", "turn_started_at_1": "00:00:00", "rated": "false",
        "seats-TOTAL_FORMS": "2", "seats-INITIAL_FORMS": "2", "seats-MIN_NUM_FORMS": "0",
        "seats-MAX_NUM_FORMS": "1000"})
    assert Game.objects.values().get(pk=game.pk) == before


@pytest.mark.django_db
def test_games_cannot_be_deleted_or_added(admin_client, make_user):
    game = start_game(make_user)
    assert admin_client.get(f"{GAMES}{game.pk}/delete/").status_code == 403
    assert admin_client.post(f"{GAMES}{game.pk}/delete/", {"post": "yes"}).status_code == 403
    assert admin_client.get(f"{GAMES}add/").status_code == 403
    assert Game.objects.filter(pk=game.pk).exists()


def shown_games(client, query: str) -> set[int]:
    response = client.get(GAMES + query)
    assert response.status_code == 200
    return {g.pk for g in response.context["cl"].result_list}


@pytest.mark.django_db
def test_list_filters_by_status(admin_client, make_user):
    active = start_game(make_user)
    carol = make_user("carol")
    open_game = services.create_game(carol, game="argo", players=3)
    aborted = services.create_game(carol, game="argo", players=2)
    services.abort_game(carol, aborted.pk, "test")
    assert shown_games(admin_client, "") == {active.pk, open_game.pk, aborted.pk}
    assert shown_games(admin_client, "?status__exact=active") == {active.pk}
    assert shown_games(admin_client, "?status__exact=open") == {open_game.pk}
    assert shown_games(admin_client, "?status__exact=aborted") == {aborted.pk}
    assert shown_games(admin_client, "?status__exact=finished") == set()
    html = admin_client.get(GAMES + "?status__exact=open").content.decode()
    assert f"{GAMES}{open_game.pk}/change/" in html
    assert f"{GAMES}{active.pk}/change/" not in html


@pytest.mark.django_db
def test_list_filters_by_staleness(admin_client, make_user):
    fresh = start_game(make_user, ("alice", "bob"))
    two_days = start_game(make_user, ("carol", "dave"))
    ten_days = start_game(make_user, ("erin", "frank"))
    overdue = start_game(make_user, ("gina", "hugo"))
    now = timezone.now()
    Game.objects.filter(pk=two_days.pk).update(last_move_at=now - timedelta(days=2))
    Game.objects.filter(pk=ten_days.pk).update(last_move_at=now - timedelta(days=10))
    Game.objects.filter(pk=overdue.pk).update(deadline=now - timedelta(hours=1))
    # A finished or aborted game is not "stale", however old its last move.
    old_aborted = start_game(make_user, ("ivan", "judy"))
    services.abort_game(old_aborted.seats.first().user, old_aborted.pk, "test")
    Game.objects.filter(pk=old_aborted.pk).update(last_move_at=now - timedelta(days=30))

    assert shown_games(admin_client, "?stale=1") == {two_days.pk, ten_days.pk}
    assert shown_games(admin_client, "?stale=3") == {ten_days.pk}
    assert shown_games(admin_client, "?stale=7") == {ten_days.pk}
    assert shown_games(admin_client, "?stale=overdue") == {overdue.pk}
    assert shown_games(admin_client, "?stale=1&status__exact=active") == {two_days.pk, ten_days.pk}
    assert fresh.pk in shown_games(admin_client, "")


@pytest.mark.django_db
def test_list_filter_by_game(admin_client, make_user):
    game = start_game(make_user)
    assert shown_games(admin_client, "?game=argo") == {game.pk}


@pytest.mark.django_db
@pytest.mark.parametrize("query", ["?stale=banana", "?status__exact=banana", "?stale=", "?stale=-3"])
def test_bad_filter_values_are_not_server_errors(admin_client, make_user, query):
    start_game(make_user)
    response = admin_client.get(GAMES + query)
    assert response.status_code < 500


# --- abort ---------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_abort_asks_for_a_reason_first(admin_client, make_user):
    game = start_game(make_user)
    response = ask_reason(admin_client, GAMES, "abort", [game.pk])
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="reason"' in html
    assert 'name="confirm" value="1"' in html
    assert f'name="{ACTION_CHECKBOX_NAME}" value="{game.pk}"' in html
    assert 'name="action" value="abort"' in html
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert not ModeratorAction.objects.exists()


@pytest.mark.django_db
def test_abort_with_a_reason(admin_client, admin_user, make_user):
    game = play(start_game(make_user), 2)
    response = confirm(admin_client, GAMES, "abort", [game.pk], reason="players asked for it")
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED
    assert game.finished_at is not None
    assert game.deadline is None
    action = ModeratorAction.objects.get()
    assert (action.moderator, action.kind, action.reason, action.game) == \
        (admin_user, ModeratorAction.Kind.ABORT, "players asked for it", game)
    assert action.created_at is not None
    # The players notice: no more decisions.
    alice = game.seats.get(order=game.current_seat).user
    with pytest.raises(services.Conflict):
        services.submit_decision(alice, game.pk, game.seq, {"type": "end_turn"})


@pytest.mark.django_db
def test_recorded_action_is_shown_in_the_admin(admin_client, admin_user, make_user):
    game = start_game(make_user)
    confirm(admin_client, GAMES, "abort", [game.pk], reason="duplicate game, see ticket 17")
    action = ModeratorAction.objects.get()
    listing = admin_client.get(ACTIONS)
    assert listing.status_code == 200
    html = listing.content.decode()
    assert "duplicate game, see ticket 17" in html
    assert admin_user.username in html
    assert "abort game" in html
    detail = admin_client.get(f"{ACTIONS}{action.pk}/change/")
    assert detail.status_code == 200
    assert "duplicate game, see ticket 17" in detail.content.decode()
    # and on the game's own page
    page = admin_client.get(f"{GAMES}{game.pk}/change/").content.decode()
    assert "duplicate game, see ticket 17" in page


@pytest.mark.django_db
@pytest.mark.parametrize("reason", [None, "", "   \n  "])
def test_action_without_a_reason_does_nothing(admin_client, make_user, reason):
    game = start_game(make_user)
    fields = {} if reason is None else {"reason": reason}
    response = confirm(admin_client, GAMES, "abort", [game.pk], **fields)
    assert response.status_code == 200  # the form again
    assert 'name="reason"' in response.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert not ModeratorAction.objects.exists()


@pytest.mark.django_db
def test_aborting_a_finished_or_aborted_game_records_nothing(admin_client, make_user):
    game = start_game(make_user)
    confirm(admin_client, GAMES, "abort", [game.pk], reason="first")
    response = confirm(admin_client, GAMES, "abort", [game.pk], reason="second")
    assert response.status_code == 302
    assert list(ModeratorAction.objects.values_list("reason", flat=True)) == ["first"]


@pytest.mark.django_db
def test_abort_several_games_at_once(admin_client, make_user):
    one = start_game(make_user, ("alice", "bob"))
    two = start_game(make_user, ("carol", "dave"))
    confirm(admin_client, GAMES, "abort", [one.pk, two.pk], reason="spam")
    assert set(Game.objects.values_list("status", flat=True)) == {"aborted"}
    assert ModeratorAction.objects.filter(kind="abort").count() == 2


# --- remove a player -----------------------------------------------------------------------------

def bot_decisions(game: Game):
    return Decision.objects.filter(game=game, by_bot=True)


@pytest.mark.django_db(transaction=True)
def test_remove_player_on_their_turn_the_bot_plays_on(eager_celery, admin_user, make_user):
    game = play(start_game(make_user), 3)
    seat = game.seats.get(order=game.current_seat)
    other = game.seats.exclude(pk=seat.pk).get()
    seq_before = game.seq
    client = staff_client(admin_user)

    response = ask_reason(client, SEATS, "remove_player", [seat.pk])
    assert response.status_code == 200 and 'name="reason"' in response.content.decode()
    response = confirm(client, SEATS, "remove_player", [seat.pk], reason="abandoned the game")
    assert response.status_code == 302

    seat.refresh_from_db()
    game.refresh_from_db()
    assert seat.status == Seat.Status.REMOVED
    action = ModeratorAction.objects.get()
    assert (action.moderator, action.kind, action.reason, action.game, action.target_user) == \
        (admin_user, ModeratorAction.Kind.REMOVE_PLAYER, "abandoned the game", game, seat.user)
    # The greedy bot has played the seat: the game moved on to the human (or ended).
    assert bot_decisions(game).exists()
    assert set(bot_decisions(game).values_list("seat", flat=True)) == {seat.order}
    assert game.seq > seq_before
    assert game.status == Game.Status.FINISHED or game.current_seat == other.order
    # The removed player can no longer decide; the human can.
    with pytest.raises(services.NotAllowed):
        services.submit_decision(seat.user, game.pk, game.seq, {"type": "end_turn"})
    if game.status == Game.Status.ACTIVE:
        play(game, 1)


@pytest.mark.django_db(transaction=True)
def test_a_removed_player_is_told_by_email_with_the_reason_once_even_on_a_muted_seat(eager_celery, admin_user, make_user):
    from django.core import mail

    from games.entry import tasks
    game = play(start_game(make_user), 3)
    seat = game.seats.get(order=game.current_seat)
    Seat.objects.filter(pk=seat.pk).update(muted=True)
    mail.outbox.clear()
    services.remove_player(admin_user, seat.pk, "playing two accounts")
    told = [m for m in mail.outbox if "removed" in m.subject]
    assert [m.to for m in told] == [[seat.user.email]], [(m.to, m.subject) for m in mail.outbox]
    assert f"#{game.pk}" in told[0].subject and "playing two accounts" in told[0].body
    tasks.removed_notice(game.pk, seat.pk)  # the task again (a retry, a catch-up): nothing twice
    assert len([m for m in mail.outbox if "removed" in m.subject]) == 1


@pytest.mark.django_db(transaction=True)
def test_the_games_log_shows_the_desks_actions_and_a_reason_only_to_whom_it_concerns(eager_celery, admin_user, make_user):
    game = play(start_game(make_user, ("alice", "bob", "carol")), 2)
    removed = game.seats.exclude(order=game.current_seat).order_by("order").first()
    services.extend_deadline(admin_user, game.pk, 24, "the server was down")
    services.remove_player(admin_user, removed.pk, "playing two accounts")
    services.set_suspended(admin_user, removed.user, True, "not about this game")  # no game: not in its log

    def log_seen_by(user):
        client = APIClient()
        client.force_authenticate(user)
        response = client.get(f"/api/games/{game.pk}/")
        assert response.status_code == 200
        return [{k: entry[k] for k in ("after", "kind", "seat", "hours", "reason")} for entry in response.json()["moderation"]]

    extended = {"after": game.seq, "kind": "extend_deadline", "seat": None, "hours": 24, "reason": None}
    removal = {"after": game.seq, "kind": "remove_player", "seat": removed.order, "hours": None}
    assert log_seen_by(removed.user) == [extended, {**removal, "reason": "playing two accounts"}]
    other = game.seats.exclude(pk=removed.pk).first().user
    assert log_seen_by(other) == [extended, {**removal, "reason": None}]


@pytest.mark.django_db(transaction=True)
def test_removed_seat_is_played_when_its_turn_comes(eager_celery, admin_user, make_user):
    game = play(start_game(make_user), 2)
    waiting = game.seats.exclude(order=game.current_seat).get()
    human = game.seats.get(order=game.current_seat)
    confirm(staff_client(admin_user), SEATS, "remove_player", [waiting.pk], reason="cheating")
    waiting.refresh_from_db()
    assert waiting.status == Seat.Status.REMOVED
    assert not bot_decisions(game).exists()  # not its turn: nothing played yet

    # The human finishes their turn; then the bot plays the removed seat and hands the turn back.
    for _ in range(60):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE or bot_decisions(game).exists():
            break
        assert game.current_seat == human.order
        play(game, 1)
    game.refresh_from_db()
    assert bot_decisions(game).exists()
    assert game.status == Game.Status.FINISHED or game.current_seat == human.order


@pytest.mark.django_db(transaction=True)
def test_game_with_a_removed_player_reaches_its_end(eager_celery, admin_user, make_user):
    game = start_game(make_user)
    removed = game.seats.get(order=1)
    human = game.seats.get(order=0)
    confirm(staff_client(admin_user), SEATS, "remove_player", [removed.pk], reason="left the site")
    for _ in range(3000):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        assert game.current_seat == human.order, "the bot left the removed seat waiting"
        play(game, 1)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    removed.refresh_from_db()
    human.refresh_from_db()
    # A seat the bot took over ranks last (the aliens rank as one more player, RULES.md 11), after
    # whoever played, even where the rules' own ranking tied it with them (games.standings).
    last = max(rank for _, _, rank in standings(game.outcome, list(game.seats.all())))
    assert all(entry["rank"] <= last for entry in game.outcome["ranking"])
    assert removed.rank == last
    assert human.rank is not None and human.rank < removed.rank


@pytest.mark.django_db
def test_removing_from_a_game_not_in_progress_records_nothing(admin_client, make_user):
    alice = make_user("alice")
    game = services.create_game(alice, game="argo", players=3)
    seat = game.seats.get()
    response = confirm(admin_client, SEATS, "remove_player", [seat.pk], reason="x")
    assert response.status_code == 302
    seat.refresh_from_db()
    assert seat.status == Seat.Status.ACTIVE
    assert not ModeratorAction.objects.exists()


@pytest.mark.django_db
def test_remove_player_without_reason_does_nothing(admin_client, make_user):
    game = start_game(make_user)
    seat = game.seats.get(order=0)
    response = confirm(admin_client, SEATS, "remove_player", [seat.pk], reason="")
    assert response.status_code == 200
    seat.refresh_from_db()
    assert seat.status == Seat.Status.ACTIVE
    assert not ModeratorAction.objects.exists()


# --- extend a deadline ---------------------------------------------------------------------------

@pytest.mark.django_db
def test_extend_deadline(admin_client, admin_user, make_user):
    game = start_game(make_user)
    before = game.deadline
    response = ask_reason(admin_client, GAMES, "extend", [game.pk])
    assert response.status_code == 200
    assert 'name="hours"' in response.content.decode()
    response = confirm(admin_client, GAMES, "extend", [game.pk], reason="holiday", hours="48")
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.deadline == before + timedelta(hours=48)
    action = ModeratorAction.objects.get()
    assert (action.moderator, action.kind, action.reason, action.game) == \
        (admin_user, ModeratorAction.Kind.EXTEND_DEADLINE, "holiday", game)
    assert action.details.get("hours") == 48


@pytest.mark.django_db
@pytest.mark.parametrize("hours", ["0", "-5", "abc", "", "100000"])
def test_extend_deadline_with_bad_hours_does_nothing(admin_client, make_user, hours):
    game = start_game(make_user)
    before = game.deadline
    response = confirm(admin_client, GAMES, "extend", [game.pk], reason="holiday", hours=hours)
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.deadline == before
    assert not ModeratorAction.objects.exists()


@pytest.mark.django_db
def test_extending_an_open_game_records_nothing(admin_client, make_user):
    game = services.create_game(make_user("alice"), game="argo", players=3)
    response = confirm(admin_client, GAMES, "extend", [game.pk], reason="x", hours="5")
    assert response.status_code == 302
    assert not ModeratorAction.objects.exists()


# --- replay --------------------------------------------------------------------------------------

def board_after(game: Game, number: int) -> str:
    """The board after decision `number`, computed here from the rules module directly."""
    module = services.rules_of(game)
    state = module.new_game(game.players, game.seed, game.options)
    for decision in game.decisions.filter(undone=False, number__lte=number).order_by("number"):
        state, _ = module.apply(state, decision.data)
    return json.loads(json.dumps(module.view(state, None)))



def embedded_view(html: str) -> dict:
    """The spectator's view the page hands to the game's board module."""
    start = html.index('<script type="application/json">') + len('<script type="application/json">')
    return json.loads(html[start:html.index("</script>", start)])["view"]

@pytest.mark.django_db
def test_replay_shows_the_board_after_decision_n(admin_client, make_user):
    game = play(start_game(make_user), 8)
    url = f"{GAMES}{game.pk}/replay/"
    response = admin_client.get(url + "?to=3")
    assert response.status_code == 200
    html = response.content.decode()
    assert embedded_view(html) == board_after(game, 3)
    assert 'href="?to=2"' in html  # previous
    assert 'href="?to=4"' in html  # next
    assert str(game.seed) not in html
    assert board_after(game, 3) != board_after(game, 8)

    last = admin_client.get(url).content.decode()  # no ?to: the latest decision
    assert embedded_view(last) == board_after(game, 8)
    assert 'href="?to=7"' in last
    assert "next" not in last.split("Go to decision")[0]

    first = admin_client.get(url + "?to=1").content.decode()
    assert 'href="?to=0"' in first and 'href="?to=2"' in first

    start = admin_client.get(url + "?to=0").content.decode()
    assert embedded_view(start) == board_after(game, 0)
    assert 'href="?to=1"' in start
    # Inspecting changes nothing.
    after = Game.objects.get(pk=game.pk)
    assert (after.seq, after.status, after.current_seat) == (game.seq, game.status, game.current_seat)


def with_an_undone_decision(game: Game) -> Game:
    """The game after its current player took back their latest decision."""
    seat = game.seats.get(order=game.current_seat)
    if services.rules_of(game).undoable(services.current_state(game)) < 1:
        game = play(game, 1)
        seat = game.seats.get(order=game.current_seat)
    services.undo(seat.user, game.pk)
    game.refresh_from_db()
    return game


@pytest.mark.django_db
def test_replay_skips_undone_decisions(admin_client, make_user):
    game = with_an_undone_decision(play(start_game(make_user), 2))
    undone = game.decisions.get(undone=True)
    html = admin_client.get(f"{GAMES}{game.pk}/replay/").content.decode()
    assert embedded_view(html) == board_after(game, game.decisions.filter(undone=False).last().number)
    assert f'href="?to={undone.number}"' not in html


@pytest.mark.django_db
@pytest.mark.parametrize("to", ["abc", "-4", "99999", "1.5", ""])
def test_replay_with_odd_numbers_is_not_a_server_error(admin_client, make_user, to):
    game = play(start_game(make_user), 3)
    response = admin_client.get(f"{GAMES}{game.pk}/replay/?to={to}")
    assert response.status_code == 200  # a number that is none of the game's shows its whole replay


@pytest.mark.django_db
def test_replay_of_a_game_that_has_not_started(admin_client, make_user):
    game = services.create_game(make_user("alice"), game="argo", players=3)
    response = admin_client.get(f"{GAMES}{game.pk}/replay/", follow=True)
    # back to the game, saying why
    assert response.redirect_chain == [(f"{GAMES}{game.pk}/change/", 302)]
    assert response.status_code == 200 and "not started" in response.content.decode()


@pytest.mark.django_db
def test_replay_of_a_missing_game_is_404(admin_client):
    assert admin_client.get(f"{GAMES}999999/replay/").status_code == 404


# --- suspend -------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_suspend_and_unsuspend(admin_client, admin_user, make_user):
    mallory = make_user("mallory", password="pass-word-1")
    response = ask_reason(admin_client, USERS, "suspend", [mallory.pk])
    assert response.status_code == 200 and 'name="reason"' in response.content.decode()
    response = confirm(admin_client, USERS, "suspend", [mallory.pk], reason="abusive chat")
    assert response.status_code == 302
    mallory.refresh_from_db()
    assert not mallory.is_active
    suspended = ModeratorAction.objects.get()
    assert (suspended.moderator, suspended.kind, suspended.reason, suspended.target_user) == \
        (admin_user, ModeratorAction.Kind.SUSPEND, "abusive chat", mallory)
    token = APIClient().post("/api/auth/token/", {"username": "mallory", "password": "pass-word-1"}, format="json")
    assert token.status_code == 401

    response = confirm(admin_client, USERS, "unsuspend", [mallory.pk], reason="appeal accepted")
    assert response.status_code == 302
    mallory.refresh_from_db()
    assert mallory.is_active
    lifted = ModeratorAction.objects.get(kind=ModeratorAction.Kind.UNSUSPEND)
    assert (lifted.moderator, lifted.reason, lifted.target_user) == (admin_user, "appeal accepted", mallory)
    token = APIClient().post("/api/auth/token/", {"username": "mallory", "password": "pass-word-1"}, format="json")
    assert token.status_code == 200
    html = admin_client.get(ACTIONS).content.decode()
    assert "abusive chat" in html and "appeal accepted" in html


@pytest.mark.django_db
def test_suspend_without_reason_does_nothing(admin_client, make_user):
    mallory = make_user("mallory")
    response = confirm(admin_client, USERS, "suspend", [mallory.pk], reason=" ")
    assert response.status_code == 200
    mallory.refresh_from_db()
    assert mallory.is_active
    assert not ModeratorAction.objects.exists()


@pytest.mark.django_db
def test_user_admin_pages_work(admin_client, make_user):
    mallory = make_user("mallory")
    assert admin_client.get(USERS).status_code == 200
    page = admin_client.get(f"{USERS}{mallory.pk}/change/")
    assert page.status_code == 200
    assert "time_zone" in page.content.decode()  # the profile inline


# --- chat ----------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_hide_and_show_a_chat_message(admin_client, admin_user, make_user):
    game = start_game(make_user)
    alice = game.seats.get(order=0).user
    bob = game.seats.get(order=1).user
    rude = services.post_chat(alice, game.pk, "something rude")
    services.post_chat(bob, game.pk, "gg")

    def texts():
        response = APIClient().get(f"/api/games/{game.pk}/chat/")
        assert response.status_code == 200
        return [m["text"] for m in response.json()["results"]]

    assert texts() == ["gg", "something rude"]
    response = ask_reason(admin_client, CHAT, "hide", [rude.pk])
    assert response.status_code == 200 and 'name="reason"' in response.content.decode()
    response = confirm(admin_client, CHAT, "hide", [rude.pk], reason="insult")
    assert response.status_code == 302
    rude.refresh_from_db()
    assert rude.hidden
    assert texts() == ["gg", ""]  # its place stays, emptied: open pages lose the text
    hidden_for_player = APIClient()
    hidden_for_player.force_authenticate(bob)
    listed = hidden_for_player.get(f"/api/games/{game.pk}/chat/").json()["results"]
    assert [(m["text"], m["hidden"]) for m in listed] == [("gg", False), ("", True)]
    author = APIClient()
    author.force_authenticate(alice)  # its author still reads it, marked hidden
    listed = author.get(f"/api/games/{game.pk}/chat/").json()["results"]
    assert [(m["text"], m["hidden"]) for m in listed] == [("gg", False), ("something rude", True)]
    action = ModeratorAction.objects.get()
    assert (action.moderator, action.kind, action.reason, action.game, action.target_user) == \
        (admin_user, ModeratorAction.Kind.HIDE_CHAT, "insult", game, alice)
    # Still kept (nothing is deleted) and visible to moderators.
    assert ChatMessage.objects.filter(pk=rude.pk).exists()
    assert "something rude" in admin_client.get(CHAT).content.decode()

    confirm(admin_client, CHAT, "show", [rude.pk], reason="context: it was a joke")
    assert texts() == ["gg", "something rude"]
    assert ModeratorAction.objects.filter(kind=ModeratorAction.Kind.SHOW_CHAT, reason="context: it was a joke").exists()


@pytest.mark.django_db
def test_hide_without_reason_does_nothing(admin_client, make_user):
    game = start_game(make_user)
    message = services.post_chat(game.seats.get(order=0).user, game.pk, "hello")
    response = confirm(admin_client, CHAT, "hide", [message.pk], reason="")
    assert response.status_code == 200
    message.refresh_from_db()
    assert not message.hidden
    assert not ModeratorAction.objects.exists()


@pytest.mark.django_db
def test_chat_messages_cannot_be_deleted(admin_client, make_user):
    game = start_game(make_user)
    message = services.post_chat(game.seats.get(order=0).user, game.pk, "hello")
    assert admin_client.post(f"{CHAT}{message.pk}/delete/", {"post": "yes"}).status_code == 403
    admin_client.post(CHAT, {"action": "delete_selected", ACTION_CHECKBOX_NAME: [message.pk], "post": "yes"})
    assert ChatMessage.objects.filter(pk=message.pk).exists()


# --- moderator actions are permanent ---------------------------------------------------------------

@pytest.mark.django_db
def test_moderator_actions_cannot_be_edited_or_deleted(admin_client, admin_user, make_user):
    game = start_game(make_user)
    confirm(admin_client, GAMES, "abort", [game.pk], reason="original reason")
    action = ModeratorAction.objects.get()

    page = admin_client.get(f"{ACTIONS}{action.pk}/change/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "original reason" in html
    assert 'name="reason"' not in html  # read-only: no field, no save button
    assert 'name="_save"' not in html and 'name="_continue"' not in html

    response = admin_client.post(f"{ACTIONS}{action.pk}/change/", {
        "reason": "rewritten", "kind": "suspend", "moderator": str(admin_user.pk)})
    assert response.status_code == 403
    assert admin_client.get(f"{ACTIONS}{action.pk}/delete/").status_code == 403
    assert admin_client.post(f"{ACTIONS}{action.pk}/delete/", {"post": "yes"}).status_code == 403
    admin_client.post(ACTIONS, {"action": "delete_selected", ACTION_CHECKBOX_NAME: [action.pk], "post": "yes"})
    assert admin_client.get(f"{ACTIONS}add/").status_code == 403
    assert admin_client.post(f"{ACTIONS}add/", {"reason": "fake", "kind": "abort"}).status_code == 403

    action.refresh_from_db()
    assert action.reason == "original reason"
    assert action.kind == ModeratorAction.Kind.ABORT
    assert ModeratorAction.objects.count() == 1
    listing = admin_client.get(ACTIONS).content.decode()
    assert "delete_selected" not in listing


def test_the_admin_log_names_players_not_seats(admin_client, make_user):
    game = play(start_game(make_user), 3)
    page = admin_client.get(f"{GAMES}{game.pk}/change/").content.decode()
    start = page.index("class='desk-log'")
    log = page[start:page.index("</ol>", start)]
    first = game.seats.get(order=game.decisions.get(number=1).seat).user.username
    assert "seat " not in log and f"<li value='1'>{first} (" in log


def test_a_valid_change_form_cannot_move_the_clock_silently(admin_client, make_user):
    # Extra hours, the turn's start and "rated" are moderators' actions with a reason, not form fields.
    game = play(start_game(make_user), 3)
    before = Game.objects.values().get(pk=game.pk)
    admin_client.post(f"{GAMES}{game.pk}/change/", {
        "extra_hours": "48", "turn_started_at_0": "2020-01-01", "turn_started_at_1": "00:00:00", "rated": "false",
        "seats-TOTAL_FORMS": "0", "seats-INITIAL_FORMS": "0", "seats-MIN_NUM_FORMS": "0", "seats-MAX_NUM_FORMS": "1000"})
    assert Game.objects.values().get(pk=game.pk) == before


# --- the user form: every change of access has a reason and a record --------------------------------

def form_data(form, prefix=None) -> dict:
    """What the browser would post for `form` as it stands (its initial values)."""
    from django.forms import MultiWidget
    data = {}
    for bound in form:
        name, value, widget = bound.html_name, bound.value(), bound.field.widget
        if isinstance(widget, MultiWidget):
            for i, part in enumerate(widget.decompress(value)):
                data[f"{name}_{i}"] = "" if part is None else str(part)
        elif isinstance(value, bool):
            if value:
                data[name] = "on"
        elif isinstance(value, (list, tuple)):
            data[name] = [str(getattr(v, "pk", v)) for v in value]
        elif value is not None:
            data[name] = str(value)
    return data


def user_form_post(admin_client, user, **changes):
    url = f"/admin/auth/user/{user.pk}/change/"
    page = admin_client.get(url)
    data = form_data(page.context["adminform"].form)
    for inline in page.context["inline_admin_formsets"]:
        formset = inline.formset
        data.update(form_data(formset.management_form))
        for form in formset.forms:
            data.update(form_data(form))
    for key, value in changes.items():
        if value is False:
            data.pop(key, None)
        else:
            data[key] = value
    return admin_client.post(url, data)


def test_a_change_of_access_in_the_user_form_needs_a_reason_and_is_recorded(admin_client, admin_user, make_user):
    from django.contrib.auth.models import Group
    carol = make_user("carol")
    helpers = Group.objects.create(name="helpers")

    refused = user_form_post(admin_client, carol, is_staff="on", groups=[str(helpers.pk)])
    assert refused.status_code == 200 and "Say why" in refused.content.decode()
    carol.refresh_from_db()
    assert not carol.is_staff and not carol.groups.exists()
    assert not ModeratorAction.objects.exists()

    done = user_form_post(admin_client, carol, is_staff="on", groups=[str(helpers.pk)], reason="helps with the chat")
    assert done.status_code == 302
    carol.refresh_from_db()
    assert carol.is_staff and list(carol.groups.values_list("name", flat=True)) == ["helpers"]
    action = ModeratorAction.objects.get()
    assert (action.kind, action.moderator, action.target_user, action.reason) == (
        ModeratorAction.Kind.CHANGE_ACCESS, admin_user, carol, "helps with the chat")
    assert action.details["changes"] == {"is_staff": [False, True], "groups": [[], ["helpers"]]}


def test_deactivating_in_the_user_form_is_recorded_and_other_edits_need_no_reason(admin_client, make_user):
    carol = make_user("carol")
    assert user_form_post(admin_client, carol, first_name="Caroline").status_code == 302
    assert not ModeratorAction.objects.exists(), "a name is not access"
    assert user_form_post(admin_client, carol, is_active=False, reason="spam").status_code == 302
    carol.refresh_from_db()
    assert not carol.is_active
    assert ModeratorAction.objects.get().details["changes"] == {"is_active": [True, False]}


# --- the desk reads as what it is ------------------------------------------------------------------

@pytest.mark.django_db
@pytest.mark.parametrize("page", ["game", "seat", "chat"])
def test_read_only_change_pages_offer_no_save_button(admin_client, make_user, page):
    game = start_game(make_user)
    message = services.post_chat(game.seats.first().user, game.pk, "good luck")
    url = {"game": f"{GAMES}{game.pk}/change/", "seat": f"{SEATS}{game.seats.first().pk}/change/",
           "chat": f"{CHAT}{message.pk}/change/"}[page]
    html = admin_client.get(url).content.decode()
    assert 'name="_save"' not in html and 'name="_continue"' not in html and 'name="_addanother"' not in html


@pytest.mark.django_db
def test_the_current_seat_names_its_player(admin_client, make_user):
    game = start_game(make_user)
    seat = game.seats.get(order=game.current_seat)
    expected = escape(f"{seat.user.username} ({seat.colour})")
    assert expected in admin_client.get(f"{GAMES}{game.pk}/change/").content.decode()
    assert expected in admin_client.get(GAMES).content.decode()


@pytest.mark.django_db
def test_replay_header_and_body_count_the_same_decisions(admin_client, make_user):
    game = play(with_an_undone_decision(play(start_game(make_user), 2)), 1)
    kept = game.decisions.filter(undone=False).count()
    html = admin_client.get(f"{GAMES}{game.pk}/replay/").content.decode()
    assert f"after decision {kept} of {kept}</h1>" in html
    assert f"Decision {kept} of {kept}," in html


@pytest.mark.django_db
def test_the_seat_list_filters_say_whose_status(admin_client, make_user):
    start_game(make_user)
    html = admin_client.get(SEATS).content.decode()
    assert "By seat status" in html and "By game status" in html
    assert html.count("By status") == 0


def test_moderators_see_the_notices_whose_email_failed(admin_client, make_user):
    from games.models import TurnNotice
    game = start_game(make_user)
    alice, bob = (s.user for s in game.seats.order_by("order"))
    TurnNotice.objects.create(game=game, user=alice, turn_key="sent", kind="turn")
    TurnNotice.objects.create(game=game, user=bob, turn_key="failed", kind="reminder", failed_at=timezone.now(),
                              error="SMTPRecipientsRefused({'bob@example.org': (550, b'no such user')})")
    page = admin_client.get("/admin/games/turnnotice/?failed=yes")
    assert page.status_code == 200
    text = page.content.decode()
    assert "no such user" in text and "bob" in text
    assert "alice" not in text.split('id="result_list"')[1], "a notice that went out is listed as failed"
    assert admin_client.get("/admin/games/turnnotice/add/").status_code == 403


def test_a_profile_changed_in_the_user_form_schedules_batches_and_moves_deadlines(admin_client, make_user):
    """As the settings page and PATCH /api/me/ do: a moderator who puts a player on batches makes them
    due at their next hour, and quiet hours set there move the player's running deadline."""
    game = start_game(make_user, ("carol", "dave"))
    carol = game.deciding_seat.user
    before = game.deadline
    assert carol.profile.batch_due_at is None

    done = user_form_post(admin_client, carol, **{"profile-0-notify_turn": "daily", "profile-0-quiet_from": "00:00",
                                                  "profile-0-quiet_until": "08:00"})
    assert done.status_code == 302, done.content.decode()[:2000]
    carol.profile.refresh_from_db()
    game.refresh_from_db()
    assert carol.profile.notify_turn == "daily" and carol.profile.batch_due_at is not None
    assert game.deadline > before  # eight hours of each day no longer count
