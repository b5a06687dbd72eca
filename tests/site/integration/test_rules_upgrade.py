"""A rules upgrade never breaks a stored game (docs/rules-versions.md): a game plays to its end under
the rules version it started with. Argo's version 2 changed three rulings (R19, R20, R21); here the
site runs version 1, a game starts, version 2 is published (the deploy), and the game plays on."""
from __future__ import annotations

import pytest

from games import rules, services
from games.models import Game
from games.services import lobby

from .test_every_game import GAMES, play

pytestmark = pytest.mark.django_db


def stored(game):
    return [(d.number, d.data, d.events, d.undone) for d in game.decisions.order_by("number")]


def test_a_game_started_before_a_rules_change_plays_on_under_its_own_rules(monkeypatch, make_user, client):
    argo = rules.get("argo")
    monkeypatch.setattr(argo, "version", 1)  # the site before version 2 was published
    alice, bob = make_user("alice"), make_user("bob")
    game = services.create_game(alice, game="argo", players=2)
    services.join_game(bob, game.pk)
    game = play(Game.objects.get(pk=game.pk), 40)
    assert game.rules_version == 1 and services.current_state(game)["rules_version"] == 1
    before = stored(game)

    monkeypatch.undo()  # the deploy: version 2 is the current one
    assert argo.version == 2
    Game.objects.filter(pk=game.pk).update(snapshot=None, snapshot_seq=None)  # no cache survives a deploy
    game = play(Game.objects.get(pk=game.pk), 2000)

    assert game.status == Game.Status.FINISHED and game.rules_version == 1
    assert stored(game)[:len(before)] == before  # nothing rewritten
    state = services.replay(game)
    assert state["rules_version"] == 1 and state["over"] is not None
    newer = services.create_game(alice, game="argo", players=2)
    services.join_game(bob, newer.pk)
    assert Game.objects.get(pk=newer.pk).rules_version == 2
    client.force_login(alice)
    assert client.get(f"/games/{game.pk}/").status_code == 200
    moves = client.get(f"/api/games/{game.pk}/moves/")
    assert moves.status_code == 200 and len(moves.json()) == len(stored(game))


def test_an_open_game_starts_under_the_rules_published_when_it_starts(monkeypatch, make_user):
    argo = rules.get("argo")
    monkeypatch.setattr(argo, "version", 1)
    alice, bob = make_user("alice"), make_user("bob")
    game = services.create_game(alice, game="argo", players=2)
    monkeypatch.undo()
    services.join_game(bob, game.pk)
    assert Game.objects.get(pk=game.pk).rules_version == 2


@pytest.mark.parametrize("name", GAMES)
def test_every_game_publishes_its_versions_and_replays_under_each(name):
    module = rules.get(name)
    assert module.version == max(module.versions)
    for version in module.versions:
        assert module.replay(module.min_players, 3, None, [], version=version)["rules_version"] == version


def test_a_stored_game_under_a_version_no_longer_published_fails_the_deploy_check(make_user):
    from games.checks import stored_rules_versions
    alice, bob = make_user("alice"), make_user("bob")
    game = services.create_game(alice, game="argo", players=2)
    services.join_game(bob, game.pk)
    assert stored_rules_versions(databases=["default"]) == []
    Game.objects.filter(pk=game.pk).update(rules_version=99)
    errors = stored_rules_versions(databases=["default"])
    assert [e.id for e in errors] == ["games.E003"] and "rules version 99" in errors[0].msg


def test_an_andromeda_game_that_declined_a_swap_plays_on_under_version_1(monkeypatch, make_user):
    """Andromeda Escape version 2 brought AE14 (SWAP and WARP act whenever they can, no decline). A game
    started under version 1 that declined keeps its stored decline and plays to its end under version 1."""
    andromeda = rules.get("andromeda")
    monkeypatch.setattr(andromeda, "version", 1)
    monkeypatch.setattr(lobby.secrets, "randbits", lambda bits: 181)  # a deal that reaches SWAP or WARP early
    alice, bob = make_user("alice"), make_user("bob")
    game = services.create_game(alice, game="andromeda", players=2)
    services.join_game(bob, game.pk)

    def answer(game, state):
        legal = services.rules_of(game).legal_actions(state)
        return {"type": "decline"} if {"type": "decline"} in legal else services.rules_of(game).bot("random", game.seq).choose(state)

    declined = None
    while declined is None:
        game = Game.objects.get(pk=game.pk)
        assert game.status == Game.Status.ACTIVE and game.seq < 600, "no SWAP or WARP to decline"
        seat = game.seats.get(order=game.current_seat)
        decision = answer(game, services.current_state(game))
        services.submit_decision(seat.user, game.pk, game.seq, decision)
        declined = game.seq if decision == {"type": "decline"} else None

    monkeypatch.undo()  # the deploy: version 2 is the current one
    assert andromeda.version == 2
    Game.objects.filter(pk=game.pk).update(snapshot=None, snapshot_seq=None)
    game = play(Game.objects.get(pk=game.pk), 2000)
    assert game.status == Game.Status.FINISHED and game.rules_version == 1
    assert game.decisions.get(number=declined + 1).data == {"type": "decline"}
    assert services.replay(game)["over"] is not None

    newer = services.create_game(alice, game="andromeda", players=2)
    services.join_game(bob, newer.pk)
    assert Game.objects.get(pk=newer.pk).rules_version == 2


@pytest.mark.django_db(transaction=True)
def test_the_deploy_check_waits_for_migrate_on_a_database_behind_the_code():
    """migrate runs the checks before it migrates: on a database whose columns are older than the
    code (here: before Game.name), the check reads no game rather than failing the deploy."""
    from django.core.management import call_command

    from games.checks import stored_rules_versions
    call_command("migrate", "games", "0013", verbosity=0)
    try:
        assert stored_rules_versions(databases=["default"]) == []
    finally:
        call_command("migrate", verbosity=0)
    assert stored_rules_versions(databases=["default"]) == []
