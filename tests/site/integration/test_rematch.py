"""Rematch (rematches/): a finished game played again by the same players, bots as bots, with its
options, time per move and rated flag, seats rotated by one; it starts when every invitee has taken
the seat kept for them, and is off when one declines or nobody answers in 7 days. Per game over the
registry."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from games import rules, services
from games.entry.tasks import sent_all
from games.models import Game
from rematches import tasks
from rematches.models import Rematch
from tests.django_fixtures import POSTGRES, api_key_of, in_parallel

GAMES = rules.names()


def players_of(name: str) -> int:
    return max(2, rules.get(name).min_players)


@pytest.fixture
def people(make_user):
    users = [make_user(name) for name in ("alice", "bob", "carol", "dave", "erin")]
    for user in users:
        user.profile.display_name = user.username.capitalize()
        user.profile.save()
    return users


def finished(people, name: str, *, count: int | None = None, bots=(), rated=None, hours=48) -> Game:
    """A game of `name` that alice created, the next people joined (after her bots), now finished."""
    count = count or players_of(name)
    game = services.create_game(people[0], game=name, players=count, hours_per_move=hours, bots=list(bots))
    for user in people[1:count - len(bots)]:
        services.join_game(user, game.pk)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, finished_at=timezone.now(), rated=rated)
    return services.game_with_seats(game.pk)


def api(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_key_of(user)}")
    return client


def seated(game_id: int) -> list[str]:
    return [s.user.username for s in services.game_with_seats(game_id).seats.all().order_by("order")]


@pytest.mark.django_db
@pytest.mark.parametrize("name", GAMES)
def test_a_rematch_invites_the_others_and_starts_when_all_have_joined(people, name):
    old = finished(people, name)
    before = seated(old.pk)
    count = len(before)
    answer = api(people[1]).post(f"/api/games/{old.pk}/rematch/")
    assert answer.status_code == 201, answer.content
    new = Game.objects.get(pk=answer.json()["game"])
    assert answer.json()["url"] == f"/games/{new.pk}/" and answer.json()["status"] == "open"
    assert (new.name, new.options, new.hours_per_move, new.players) == (old.name, old.options, 48, count)
    assert new.rated is None
    # the proposer sits at once; the others are invited, each to the seat kept for them
    kept = {i.user.username: i.seat for i in new.invitations.all()}
    rotated = before[1:] + before[:1]
    assert kept == {user: seat for seat, user in enumerate(rotated) if user != "bob"}
    for username in reversed([u for u in rotated if u != "bob"]):  # they join in any order
        assert Game.objects.get(pk=new.pk).status == Game.Status.OPEN
        services.join_game(next(p for p in people if p.username == username), new.pk)
    assert Game.objects.get(pk=new.pk).status == Game.Status.ACTIVE, "the last one's join starts it"
    assert seated(new.pk) == rotated, "seats rotated by one: who sat second begins"
    assert seated(old.pk) == before


@pytest.mark.django_db
@pytest.mark.parametrize("name", GAMES)
def test_asking_again_gives_the_same_rematch(people, name):
    old = finished(people, name)
    first = api(people[0]).post(f"/api/games/{old.pk}/rematch/")
    again = api(people[1]).post(f"/api/games/{old.pk}/rematch/")
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["game"] == again.json()["game"] and again.json()["proposed_by"] == "alice"
    assert Rematch.objects.count() == 1 and Game.objects.count() == 2


@pytest.mark.skipif(not POSTGRES, reason="the race needs PostgreSQL (set DATABASE_URL)")
@pytest.mark.django_db(transaction=True)
def test_two_players_pressing_rematch_at_once_get_one_game(people):
    old = finished(people, GAMES[0])
    keys = [api_key_of(people[0]), api_key_of(people[1])]

    def press(index):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {keys[index]}")
        response = client.post(f"/api/games/{old.pk}/rematch/")
        return response.status_code, response.json()["game"]

    results = in_parallel(2, press)
    assert sorted(code for code, _ in results) == [200, 201], results
    assert len({game for _, game in results}) == 1 and Rematch.objects.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("name", GAMES)
def test_bots_stay_bots_and_a_game_against_bots_alone_starts_at_once(people, name):
    module = rules.get(name)
    count = players_of(name)
    old = finished(people, name, count=count, bots=[module.bot_kinds[0]] * (count - 1), rated=False)
    answer = api(people[0]).post(f"/api/games/{old.pk}/rematch/")
    assert answer.status_code == 201, answer.content
    new = services.game_with_seats(answer.json()["game"])
    assert new.status == Game.Status.ACTIVE and not new.invitations.exists()
    seats = sorted(new.seats.all(), key=lambda s: s.order)
    assert [s.bot_account for s in seats] == [True] * (count - 1) + [False] and seats[-1].user == people[0]
    assert new.rated is False, "an unrated game's rematch is unrated too"


@pytest.mark.django_db
def test_a_decline_closes_the_rematch_and_tells_the_proposer_once(people, django_capture_on_commit_callbacks):
    old = finished(people, GAMES[0])
    new_id = api(people[0]).post(f"/api/games/{old.pk}/rematch/").json()["game"]
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        declined = api(people[1]).post(f"/api/games/{new_id}/decline/")
    sent_all()
    assert declined.status_code == 200, declined.content
    assert Game.objects.get(pk=new_id).status == Game.Status.ABORTED
    told = [m for m in mail.outbox if m.to == ["alice@example.org"]]
    assert len(told) == 1 and "Bob declined the rematch" in told[0].subject, [m.subject for m in mail.outbox]
    assert tasks.rematch_off(Rematch.objects.get().pk, people[1].pk) is False, "told once"
    # the finished game's page says so, and offers no second rematch
    client = Client()
    client.force_login(people[0])
    page = client.get(f"/games/{old.pk}/").content.decode()
    assert f"The rematch (game #{new_id}) is off" in page and 'id="rematch-button"' not in page


@pytest.mark.django_db
def test_seven_days_without_an_answer_close_the_rematch(people, django_capture_on_commit_callbacks):
    old = finished(people, GAMES[0])
    new_id = api(people[0]).post(f"/api/games/{old.pk}/rematch/").json()["game"]
    mail.outbox.clear()
    assert tasks.close_unanswered() == 0, "six days: still waiting"
    Rematch.objects.update(created_at=timezone.now() - timedelta(days=7, minutes=1))
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.close_unanswered() == 1
    sent_all()
    assert Game.objects.get(pk=new_id).status == Game.Status.ABORTED
    assert [m.subject for m in mail.outbox if m.to == ["alice@example.org"]] == [
        f"Nobody answered the rematch of {rules.title(GAMES[0], 'en')}"]
    refused = api(people[1]).post(f"/api/games/{new_id}/join/")
    assert refused.status_code == 409 and refused.json()["detail"]


@pytest.mark.django_db
def test_nobody_else_takes_a_kept_seat_and_the_proposer_cannot_start_without_them(people):
    old = finished(people, GAMES[0])
    new_id = api(people[0]).post(f"/api/games/{old.pk}/rematch/").json()["game"]
    stranger = api(people[4]).post(f"/api/games/{new_id}/join/")
    assert stranger.status_code == 403 and "kept for an invited player" in stranger.json()["detail"]
    lobby = Client()
    lobby.force_login(people[4])
    assert f'href="/games/{new_id}/"' not in lobby.get("/").content.decode(), "the lobby offers no Join"
    early = api(people[0]).post(f"/api/games/{new_id}/start/")
    assert early.status_code == 409 and early.json()["detail"]
    assert Game.objects.get(pk=new_id).status == Game.Status.OPEN and len(seated(new_id)) == 1


@pytest.mark.django_db
def test_a_rematch_refused_changes_nothing(people, make_user):
    old = finished(people, GAMES[0])
    in_play = services.create_game(people[0], game=GAMES[0], players=players_of(GAMES[0]))
    cases = [(api(people[4]), old.pk, 403), (api(people[0]), in_play.pk, 409), (api(people[0]), 999999, 404),
             (APIClient(), old.pk, 401)]
    for client, game_id, status in cases:
        answer = client.post(f"/api/games/{game_id}/rematch/")
        assert answer.status_code == status and answer.json()["detail"], (game_id, answer.content)
    assert api(people[0]).get(f"/api/games/{old.pk}/rematch/").status_code == 405
    assert Game.objects.count() == 2 and not Rematch.objects.exists()


@pytest.mark.django_db
def test_the_finished_games_page_offers_a_rematch_to_its_players_only(people):
    old = finished(people, GAMES[0])
    client = Client()
    client.force_login(people[4])
    assert 'id="rematch-button"' not in client.get(f"/games/{old.pk}/").content.decode()
    client.force_login(people[1])
    assert 'id="rematch-button"' in client.get(f"/games/{old.pk}/").content.decode()
    answer = client.post(f"/games/{old.pk}/rematch/")
    new_id = Rematch.objects.get().game_id
    assert answer.status_code == 302 and answer["Location"] == f"/games/{new_id}/"
    page = client.get(f"/games/{old.pk}/").content.decode()
    assert f"Bob proposed a rematch: game #{new_id}" in page and 'id="rematch-button"' not in page
