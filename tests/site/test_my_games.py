"""\"My games\" as its player reads it: a finished game's result from the player's side (a draw says
draw, never "won by" everyone), and the heading's count the same as the menu's. Per game over the
registry (the outcome's seat names are each game's own)."""
from __future__ import annotations

import re

import pytest

from games import rules, services
from games.models import Game

GAMES = rules.names()
pytestmark = pytest.mark.django_db


@pytest.fixture
def people(make_user):
    users = [make_user(name) for name in ("alice", "bob", "carol")]
    for user, shown in zip(users, ("Alice", "Bob", "Carol")):
        user.profile.display_name = shown
        user.profile.save()
    return users


def finished(people, name: str, ranks: list[int]) -> Game:
    """A game of `name` between the people, ended with those places (seat by seat)."""
    module = rules.get(name)
    game = services.create_game(people[0], game=name, players=len(ranks))
    for user in people[1:len(ranks)]:
        services.join_game(user, game.pk)
    game = Game.objects.get(pk=game.pk)
    colours = [s.colour for s in game.seats.order_by("order")]
    ranking = [{"who": c, "rank": r, "score": 10 - r} for c, r in zip(colours, ranks)]
    game.outcome = {"scores": {c: 10 - r for c, r in zip(colours, ranks)}, "ranking": ranking,
                    "winners": [c for c, r in zip(colours, ranks) if r == 1]}
    game.status = Game.Status.FINISHED
    game.save()
    assert module.min_players <= len(ranks)
    return game


def result_line(client, user, game: Game) -> str:
    client.force_login(user)
    html = client.get("/games/mine/").content.decode()
    line = re.search(rf'<li><a href="/games/{game.pk}/">.*?</li>', html, re.S).group(0)
    return re.sub(r"<[^>]+>", "", line)


@pytest.mark.parametrize("name", GAMES)
def test_a_draw_reads_draw_and_a_win_reads_from_the_players_side(client, people, name):
    count = max(2, rules.get(name).min_players)
    drawn = finished(people, name, [1] * count)
    assert "draw" in result_line(client, people[0], drawn) and "won by" not in result_line(client, people[1], drawn)
    won = finished(people, name, [1] + [2] * (count - 1))
    assert "you won" in result_line(client, people[0], won)
    assert "won by Alice" in result_line(client, people[1], won)
    if count >= 3 or rules.get(name).max_players >= 3:
        shared = finished(people, name, [1, 1, 3])
        assert "you shared first place with Bob" in result_line(client, people[0], shared)
        assert "won by Alice, Bob" in result_line(client, people[2], shared)


def test_the_result_reads_in_german(client, people):
    for user in people:
        user.profile.language = "de"
        user.profile.save()
    name = GAMES[0]
    drawn = finished(people, name, [1, 1])
    assert "Unentschieden" in result_line(client, people[0], drawn)


def test_the_headings_count_is_the_menus(client, people):
    """Carol's turn in one game and an invitation to another: both count, in the heading as in the menu."""
    name = GAMES[0]
    module = rules.get(name)
    game = services.create_game(people[2], game=name, players=2)
    services.join_game(people[0], game.pk)
    for _ in range(50):  # Alice decides until it is Carol's turn
        game = Game.objects.get(pk=game.pk)
        mover = game.seats.get(order=game.current_seat).user
        if mover == people[2]:
            break
        services.submit_decision(mover, game.pk, game.seq, module.bot("greedy", game.seq).choose(services.current_state(game)))
    services.create_game(people[1], game=name, players=2, invite=["carol"])
    client.force_login(people[2])
    html = client.get("/games/mine/").content.decode()
    assert re.search(r'id="waiting-badge"[^>]*>2</span>', html)
    assert re.search(r'id="my-games-badge"[^>]*>2</span>', html)
