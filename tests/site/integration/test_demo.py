"""The demo command of the README (the EMAIL_URL parsing is in tests/site/unit/test_email_settings.py)."""
from __future__ import annotations

from io import StringIO

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import authenticate, get_user_model
from django.core.management import call_command

from games.models import Game, Seat

DEMO_USERS = ["alice", "bob", "carol", "dave", "admin"]


@pytest.mark.django_db
def test_demo_creates_users_and_games(eager_celery_for_demo):
    call_command("demo", stdout=StringIO())
    User = get_user_model()
    assert set(User.objects.values_list("username", flat=True)) >= set(DEMO_USERS)
    for username in DEMO_USERS:
        user = User.objects.get(username=username)
        assert user.is_active
        assert authenticate(username=username, password="station-demo") == user, username
        assert EmailAddress.objects.filter(user=user, verified=True, primary=True).exists(), username
        assert user.profile is not None
    admin = User.objects.get(username="admin")
    assert admin.is_staff and admin.is_superuser
    assert not any(User.objects.get(username=n).is_staff for n in DEMO_USERS[:4])

    from games import rules
    active = Game.objects.filter(status=Game.Status.ACTIVE).exclude(seats__bot_account=True)
    assert sorted(active.values_list("name", flat=True)) == rules.names(), "a game of each kind in progress"
    against_bots = Game.objects.filter(status=Game.Status.ACTIVE, seats__bot_account=True).distinct()
    assert sorted(against_bots.values_list("name", flat=True)) == rules.names(), "and one against the bots"
    for game in active:
        assert game.seq > 0  # in progress, not just started
        assert {s.user.username for s in game.seats.all()} <= set(DEMO_USERS[:4])
        assert game.seats.count() == game.players
    assert active.filter(time_control="bank").count() == 1, "one of them on a time bank"
    open_games = Game.objects.filter(status=Game.Status.OPEN)
    assert open_games.count() == 1
    assert open_games.get().seats.count() < open_games.get().players


@pytest.mark.django_db
def test_demo_users_can_log_in_through_the_site(eager_celery_for_demo, client):
    call_command("demo", stdout=StringIO())
    for username in ["alice", "dave"]:
        response = client.post("/accounts/login/", {"login": username, "password": "station-demo"})
        assert response.status_code == 302, username
        assert client.get("/api/me/").json()["username"] == username
        client.post("/accounts/logout/")
    response = client.post("/api/auth/token/", {"username": "bob", "password": "station-demo"},
                           content_type="application/json")
    assert response.status_code == 200 and response.json()["token"]


@pytest.mark.django_db
def test_demo_twice_creates_nothing_more(eager_celery_for_demo):
    call_command("demo", stdout=StringIO())
    User = get_user_model()
    counts = (User.objects.count(), Game.objects.count(), Seat.objects.count(), EmailAddress.objects.count())
    game_state = list(Game.objects.values_list("pk", "status", "seq").order_by("pk"))
    call_command("demo", stdout=StringIO())
    assert (User.objects.count(), Game.objects.count(), Seat.objects.count(), EmailAddress.objects.count()) == counts
    assert list(Game.objects.values_list("pk", "status", "seq").order_by("pk")) == game_state
    assert authenticate(username="alice", password="station-demo") is not None


@pytest.mark.django_db
def test_demo_keeps_an_existing_users_password(eager_celery_for_demo, make_user):
    make_user("alice", password="alice-own-password")
    call_command("demo", stdout=StringIO())
    assert authenticate(username="alice", password="alice-own-password") is not None


@pytest.fixture
def eager_celery_for_demo(monkeypatch):
    from argo_site.celery import app
    monkeypatch.setattr(app.conf, "task_always_eager", True)


def test_migrate_sets_up_an_empty_database(tmp_path):
    """The first command on a fresh machine: `migrate` runs the deploy checks before any table
    exists, and none of them may need one."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    env = {**{k: v for k, v in os.environ.items() if k != "DATABASE_POOL"},  # a pool is for PostgreSQL
           "DATABASE_URL": f"sqlite:///{tmp_path / 'fresh.sqlite3'}"}
    done = subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=Path(__file__).resolve().parents[3],
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]


@pytest.mark.django_db
def test_demo_tournaments_one_finished_one_running_one_open(eager_celery_for_demo, client):
    from tournaments import services
    from tournaments.models import Tournament

    call_command("demo", stdout=StringIO())
    call_command("demo_tournaments", stdout=StringIO())
    by_format = {t.status: t for t in Tournament.objects.all()}
    assert set(by_format) == {"finished", "running", "signup"}
    finished, running = by_format["finished"], by_format["running"]
    assert finished.format == "round_robin" and running.format == "swiss"
    table = services.standings(finished)
    assert [row["games"] for row in table] == [3, 3, 3, 3]  # four players, everyone met everyone
    assert sum(row["points"] for row in table) == 6  # six games, a point each
    rounds = services.rounds(running)
    assert [r.number for r in rounds] == [1, 2] and rounds[0].finished_at and not rounds[1].finished_at
    assert all(table.game.status == "active" and table.game.seq > 0 for table in rounds[1].tables.all())
    client.login(username="alice", password="station-demo")
    page = client.get(f"/tournaments/{running.pk}/").content.decode()
    assert "Spring Swiss" in page and f"/games/{rounds[1].tables.first().game_id}/" in page

    call_command("demo_tournaments", stdout=StringIO())
    assert Tournament.objects.count() == 3  # once only


@pytest.mark.django_db
def test_the_demo_gives_alice_a_note_and_a_rematch_invitation(eager_celery_for_demo, client,
                                                             django_capture_on_commit_callbacks):
    from rematches.models import Rematch

    # the bots move after the commit, as they do when the demo runs for real: her turn comes back
    with django_capture_on_commit_callbacks(execute=True):
        for command in ("demo", "demo_tournaments", "demo_notes", "demo_rematches"):
            call_command(command, stdout=StringIO())
    rematch = Rematch.objects.get()
    assert rematch.game.status == "open" and rematch.proposed_by.username == "bob"
    client.login(username="alice", password="station-demo")
    mine = client.get("/games/mine/").content.decode()
    assert f'href="/games/{rematch.game_id}/"' in mine, "the invitation waits in My games"
    assert "Keep the red pieces back" in mine, "the note's first line"
    assert f"game #{rematch.game_id}" in client.get(f"/games/{rematch.of_id}/").content.decode()
    rows = client.get("/api/me/games/").json()["games"]
    assert {r["section"] for r in rows} == {"my_turn", "invitations", "waiting", "finished"}, "every section"
    assert any(r["new_since"] for r in rows), "a game with news since she looked"
    for command in ("demo_notes", "demo_rematches"):
        call_command(command, stdout=StringIO())
    assert Rematch.objects.count() == 1  # once only
