"""\"My games\" as its player reads it: a finished game's result from the player's side (a draw says
draw, never "won by" everyone), the heading's count the same as the menu's; the sections in order of
urgency, each in its own order, who decides, as the page and a program (GET /api/me/games/) read
them; the filters by game and by section, and a filter the site does not know refused. Per game over
the registry where a game is involved (the outcome's seat names are each game's own)."""
from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from games import rules, services
from games.models import Game
from games.services import inbox

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
    inbox.keep(game)  # written here without the services, which keep the turn inbox
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


def started(name: str, first, second) -> Game:
    game = services.create_game(first, game=name, players=2)
    services.join_game(second, game.pk)
    return Game.objects.get(pk=game.pk)


@pytest.fixture
def day(people):
    """Alice's games: two where she decides (deadlines in 5 h and in 2 h), two where Bob decides
    (last moves 3 h and 1 h ago), an invitation from Carol, and a finished game."""
    alice, bob, carol = people
    now, name = timezone.now(), GAMES[0]
    mine, theirs = [], []
    while len(mine) < 2 or len(theirs) < 2:
        game = started(name, alice, bob)
        deciding = game.deciding_seat.user
        (mine if deciding == alice else theirs).append(game)
    mine, theirs = mine[:2], theirs[:2]
    Game.objects.filter(pk=mine[0].pk).update(deadline=now + timedelta(hours=5))
    Game.objects.filter(pk=mine[1].pk).update(deadline=now + timedelta(hours=2))
    Game.objects.filter(pk=theirs[0].pk).update(last_move_at=now - timedelta(hours=3))
    Game.objects.filter(pk=theirs[1].pk).update(last_move_at=now - timedelta(hours=1))
    invitation = services.create_game(carol, game=name, players=2, invite=["alice"])
    done = started(name, alice, carol)
    winner = done.seats.get(user=alice).colour
    Game.objects.filter(pk=done.pk).update(status=Game.Status.FINISHED, finished_at=now, outcome={
        "winners": [winner], "ranking": [{"who": s.colour, "rank": 1 if s.colour == winner else 2}
                                         for s in done.seats.all()]})
    # every other started game (where the loop above found a third of one kind) is left out of the order
    extra = Game.objects.filter(seats__user=alice, status=Game.Status.ACTIVE).exclude(
        pk__in=[g.pk for g in mine + theirs])
    extra_ids = list(extra.values_list("pk", flat=True))
    extra.update(status=Game.Status.ABORTED, finished_at=now - timedelta(days=1))
    inbox.rebuild([done.pk, *extra_ids])  # the games ended here without the services
    return {"my_turn": [mine[1].pk, mine[0].pk], "invitations": [invitation.pk],
            "waiting": [theirs[1].pk, theirs[0].pk], "finished": done.pk}


def test_the_api_lists_my_games_most_urgent_first_with_who_decides(people, day, api_client_for):
    alice = people[0]
    answer = api_client_for(alice).get("/api/me/games/")
    assert answer.status_code == 200
    data = answer.json()
    assert data["waiting_for_you"] == 3  # two turns and an invitation
    by_section = {}
    for row in data["games"]:
        by_section.setdefault(row["section"], []).append(row)
    assert [r["section"] for r in data["games"]][:5] == ["my_turn", "my_turn", "invitations", "waiting", "waiting"]
    assert [r["id"] for r in by_section["my_turn"]] == day["my_turn"]  # the soonest deadline first
    assert [r["id"] for r in by_section["invitations"]] == day["invitations"]
    assert [r["id"] for r in by_section["waiting"]] == day["waiting"]  # the latest move first
    assert by_section["finished"][0]["id"] == day["finished"]
    assert by_section["finished"][0]["result"] == "you won"
    for row in by_section["my_turn"]:
        assert row["to_decide"]["you"] and row["to_decide"]["name"] == "Alice" and row["deadline"]
    for row in by_section["waiting"]:
        assert row["to_decide"] == {"seat": row["to_decide"]["seat"], "name": "Bob", "you": False}
        assert row["last_move_at"] and {p["name"] for p in row["players"]} == {"Alice", "Bob"}
    assert by_section["invitations"][0]["to_decide"] is None


def test_the_sections_filter_and_a_wrong_filter_is_refused(people, day, api_client_for):
    client = api_client_for(people[0])
    finished = client.get("/api/me/games/?show=finished").json()
    assert {r["section"] for r in finished["games"]} == {"finished"}
    assert finished["waiting_for_you"] == 3  # the badge counts before any filter
    assert [r["id"] for r in client.get("/api/me/games/?show=waiting").json()["games"]] == day["waiting"]
    for wrong in ("show=mine", "game=chess", "show=my_turn&game=nothing", "show=", "game="):
        refused = client.get(f"/api/me/games/?{wrong}")
        assert refused.status_code == 400 and refused.json()["detail"], wrong
    assert APIClient().get("/api/me/games/").status_code == 401


@pytest.mark.parametrize("name", GAMES)
def test_the_game_filter_keeps_one_game(people, name, api_client_for):
    alice, bob, _ = people
    api = api_client_for
    kept = started(name, alice, bob)
    others = [started(other, alice, bob) for other in GAMES if other != name]
    rows = api(alice).get(f"/api/me/games/?game={name}").json()["games"]
    assert [r["id"] for r in rows] == [kept.pk]
    assert rows[0]["game"] == name and rows[0]["title"] == rules.title(name, "en")
    assert len(api(alice).get("/api/me/games/").json()["games"]) == 1 + len(others)


def test_the_page_shows_one_section_when_asked_and_explains_a_wrong_filter(client, people, day):
    alice = people[0]
    alice.profile.language = "de"
    alice.profile.save()
    client.force_login(alice)
    html = client.get("/games/mine/?show=waiting").content.decode()
    assert 'id="waiting"' in html and 'id="my-turn"' not in html and 'id="finished"' not in html
    assert html.index(f'href="/games/{day["waiting"][0]}/"') < html.index(f'href="/games/{day["waiting"][1]}/"')
    assert "Bob" in re.search(rf'href="/games/{day["waiting"][0]}/".*?</li>', html, re.S).group(0)
    assert client.get("/games/mine/?game=&show=").status_code == 200  # the form's "All games", "Everything"
    refused = client.get("/games/mine/?show=mine")
    assert refused.status_code == 400
    page = refused.content.decode()
    assert 'role="alert"' in page and "show" in page and 'id="my-turn"' in page  # the whole list, and why
    assert '<html lang="de"' in page


@pytest.mark.parametrize("name", GAMES)
def test_a_row_says_the_last_move_in_the_readers_words(client, people, name, api_client_for):
    """The last decision that stands, by its player, as the game's log says it to everyone: on the
    page and in the API, for both players."""
    alice, bob, _ = people
    game = started(name, alice, bob)
    module = rules.get(name)
    mover = game.deciding_seat.user
    services.submit_decision(mover, game.pk, game.seq, module.bot("greedy", game.seq).choose(services.current_state(game)))
    game = Game.objects.get(pk=game.pk)
    line = next(d for d in reversed(services.decision_log(game)) if not d["undone"])["log"][0]
    for reader in (alice, bob):
        row = api_client_for(reader).get("/api/me/games/").json()["games"][0]
        assert row["last_move"]["name"] == mover.profile.display_name
        assert row["last_move"]["line"] == line[:120] or row["last_move"]["line"].endswith("…")
    client.force_login(alice)
    page = client.get("/games/mine/").content.decode()
    shown = re.search(r'<span class="last-move">(.*?)</span>', page, re.S).group(1)
    assert shown.startswith(f"{mover.profile.display_name}: ") and "ago" in shown


def test_each_section_shows_its_first_games_and_a_link_to_all_of_them(client, people, day, monkeypatch):
    """The overview shows each section's most urgent games (lists.MY_GAMES_SHOWN; one of each here) and
    "Show all N", which lists the section whole and keeps the other filters."""
    from games.services import lists
    monkeypatch.setattr(lists, "MY_GAMES_SHOWN", dict.fromkeys(lists.MY_GAMES_SECTIONS, 1))
    client.force_login(people[0])
    html = client.get("/games/mine/").content.decode()
    for section, ids in (("my-turn", day["my_turn"]), ("waiting", day["waiting"])):
        part = re.search(rf'<section id="{section}">.*?</section>', html, re.S).group(0)
        assert f'href="/games/{ids[0]}/"' in part and f'href="/games/{ids[1]}/"' not in part, section
        assert "Show all 2" in part, section
    assert "Show all" not in re.search(r'<section id="invitations">.*?</section>', html, re.S).group(0)  # its one
    assert 'href="?show=my_turn"' in html and 'href="?show=waiting"' in html
    whole = client.get(f"/games/mine/?game={GAMES[0]}&show=waiting").content.decode()
    assert all(f'href="/games/{pk}/"' in whole for pk in day["waiting"]) and not re.search(r"Show all \d", whole)
    kept = client.get(f"/games/mine/?game={GAMES[0]}").content.decode()
    assert f'href="?game={GAMES[0]}&amp;show=waiting"' in kept


def test_the_overview_shows_the_latest_finished_games_and_the_finished_tab_all_of_them(client, people):
    """Finished games have their own tab (?show=finished, every one of them); the overview shows the
    latest few (lists.MY_GAMES_SHOWN) and "Show all N"."""
    from games.services import lists
    latest = lists.MY_GAMES_SHOWN["finished"]
    ended = [finished(people, GAMES[0], [1, 2]) for _ in range(latest + 1)]
    client.force_login(people[0])
    overview = re.search(r'<section id="finished">.*?</section>', client.get("/games/mine/").content.decode(), re.S).group(0)
    shown = [int(n) for n in re.findall(r'<li><a href="/games/(\d+)/"', overview)]
    assert shown == [g.pk for g in ended][::-1][:latest]  # the latest first
    assert f"Show all {len(ended)}" in overview
    tab = client.get("/games/mine/?show=finished").content.decode()
    assert all(f'href="/games/{g.pk}/"' in tab for g in ended) and f"Show all {len(ended)}" not in tab
