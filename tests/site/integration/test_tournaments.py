"""Tournaments on the site: created, signed up for, started by the worker, played round by round
by bots at once, with standings, the moderators' changes, the pages and the API.

The games are two tiny test games registered for these tests only: Coin Toss (tests/site/integration/coin_game.py:
results from the seed, draws included) for simulated tournaments, and Relay (tests/site/integration/team_game.py:
whoever finishes wins) where a test dictates each result.
"""
from __future__ import annotations

import itertools
import re
from datetime import timedelta

import pytest
from django.core import mail
from django.db import IntegrityError
from django.utils import timezone
from rest_framework.test import APIClient

from games import rules, services as games
from games.models import Game
from tournaments import reactions, services, tasks
from tournaments.models import Entry, ModeratorNote, Round, Table, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def test_games(monkeypatch, settings):
    monkeypatch.setitem(rules._PACKAGES, "coin", "tests.site.integration.coin_game")
    monkeypatch.setitem(rules._PACKAGES, "relay", "tests.site.integration.team_game")
    settings.BOT_MOVE_DELAY = 0
    seeds = itertools.count(7)  # the same tosses on every run: a failure can be replayed
    monkeypatch.setattr("games.services.lobby.secrets.randbits", lambda bits: next(seeds) * 7919 % (2 ** bits))


@pytest.fixture
def people(make_user):
    def make(count: int, prefix: str = "p") -> list:
        return [make_user(f"{prefix}{i:02d}") for i in range(count)]
    return make


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def soon(hours: int = 1):
    return timezone.now() + timedelta(hours=hours)


def new_tournament(creator, entrants, **settings) -> Tournament:
    made = services.create_tournament(creator, **{"title": "Spring Open", "game": "coin", "format": "swiss",
                                                  "seats": 2, "rounds": 3, "signup_closes": soon(),
                                                  "min_players": settings.get("seats", 2), "max_players": 128,
                                                  **settings})
    for user in entrants:
        services.sign_up(user, made.pk)
    return made


def play_round(t: Tournament, winner=None) -> int:
    """Every game of the running round played to its end at once (the bots' choice, or with
    `winner(table_users)` naming who finishes a Relay); the number of games played."""
    played = 0
    for table in Table.objects.filter(round__tournament=t, game__status=Game.Status.ACTIVE):
        game = games.game_with_seats(table.game_id)
        module = rules.get(game.name)
        chosen = winner([s.user for s in game.seats.all()]) if winner else None
        while game.status == Game.Status.ACTIVE:
            seat = game.deciding_seat
            state = games.current_state(game)
            if seat.played_by_bot:  # a player who withdrew: the site's bot finishes the game
                games.play_bot_turn(game.pk)
            elif chosen is None:
                decision = module.bot("greedy", 1).choose(state)
            else:
                decision = {"type": "finish" if seat.user == chosen else "pass"}
            if not seat.played_by_bot:
                games.submit_decision(seat.user, game.pk, game.seq, decision)
            game = games.game_with_seats(table.game_id)
        played += 1
    return played


def run_to_end(t: Tournament, winner=None) -> Tournament:
    services.start(t.pk)
    for _ in range(200):
        t.refresh_from_db()
        if t.status != Tournament.Status.RUNNING:
            return t
        play_round(t, winner)
        services.advance(t.pk)
    raise AssertionError("the tournament never ended")


def tables_of(t: Tournament) -> list[tuple[int, tuple[int, ...]]]:
    return [(table.round.number, tuple(table.entries))
            for table in Table.objects.filter(round__tournament=t, replaced=False).select_related("round")]


# --- the formats, simulated -----------------------------------------------------------------------

@pytest.mark.parametrize("count", [2, 3, 6, 9])
def test_round_robin_of_two_player_games_pairs_everyone_once(people, count):
    t = run_to_end(new_tournament(people(1, "org")[0], people(count), format="round_robin", rounds=None))
    pairs = [frozenset(table) for _, table in tables_of(t)]
    entries = list(t.entries.values_list("pk", flat=True))
    assert sorted(map(sorted, pairs)) == sorted(map(sorted, map(frozenset, itertools.combinations(entries, 2))))
    assert t.round_set.count() == (count - 1 if count % 2 == 0 else count)
    assert all(row["games"] == count - 1 for row in services.standings(t))


@pytest.mark.parametrize("count", [4, 7, 10])
def test_round_robin_of_four_player_tables_meets_everyone(people, count):
    t = run_to_end(new_tournament(people(1, "org")[0], people(count), format="round_robin", rounds=None, seats=4))
    met = {frozenset(pair) for _, table in tables_of(t) for pair in itertools.combinations(table, 2)}
    assert len(met) == count * (count - 1) // 2
    for number in range(1, t.round_set.count() + 1):
        seated = [pk for r, table in tables_of(t) if r == number for pk in table]
        assert len(seated) == len(set(seated)), "nobody plays twice in one round"


@pytest.mark.parametrize("count,rounds", [(2, 1), (5, 3), (8, 3), (13, 4)])
def test_swiss_never_pairs_the_same_players_twice_and_gives_one_bye(people, count, rounds):
    t = run_to_end(new_tournament(people(1, "org")[0], people(count), rounds=rounds))
    pairs = [frozenset(table) for _, table in tables_of(t)]
    assert len(pairs) == len(set(pairs))
    assert t.round_set.count() == rounds
    for r in t.round_set.all():
        assert len(r.byes) == count % 2
    assert sum(Entry.objects.filter(tournament=t).values_list("byes", flat=True)) == rounds * (count % 2)
    assert max(Entry.objects.filter(tournament=t).values_list("byes", flat=True)) <= 1


@pytest.mark.parametrize("count,seats", [(2, 2), (5, 2), (8, 2), (9, 4), (16, 4)])
def test_knockout_ends_with_one_champion(people, count, seats):
    t = run_to_end(new_tournament(people(1, "org")[0], people(count), format="knockout", rounds=None, seats=seats))
    assert t.status == Tournament.Status.FINISHED
    assert t.entries.filter(status=Entry.Status.PLAYING).count() == 1
    assert services.standings(t)[0]["entry"].status == Entry.Status.PLAYING


@pytest.mark.slow
@pytest.mark.parametrize("fmt,seats", [("swiss", 2), ("knockout", 2), ("round_robin", 4), ("swiss", 4)])
def test_sixty_five_players(people, fmt, seats):
    t = run_to_end(new_tournament(people(1, "org")[0], people(65), format=fmt, seats=seats,
                                  rounds=6 if fmt == "swiss" else None))
    assert t.status == Tournament.Status.FINISHED
    rows = services.standings(t)
    assert len(rows) == 65 and [r["place"] for r in rows] == sorted(r["place"] for r in rows)
    if fmt == "round_robin":
        met = {frozenset(p) for _, table in tables_of(t) for p in itertools.combinations(table, 2)}
        assert len(met) == 65 * 64 // 2


# --- standings through the site, by hand --------------------------------------------------------

def test_round_robin_standings_match_the_hand_computed_table(people):
    """Relay: whoever finishes wins. Ann beats everyone; Ben beats Cat; Cat beats Dan; Dan beats Ben.
    Points: Ann 3, Ben 1, Cat 1, Dan 1. Ben, Cat and Dan each beat one of the others, so head-to-head
    among them is 1 each; Sonneborn-Berger: each beat one player of 1 point = 1. All three share 2nd."""
    ann, ben, cat, dan = people(4)
    beats = {(ann, ben), (ann, cat), (ann, dan), (ben, cat), (cat, dan), (dan, ben)}

    def winner(users):
        return next(u for u in users if all((u, o) in beats for o in users if o != u))
    t = run_to_end(new_tournament(people(1, "org")[0], [ann, ben, cat, dan], game="relay", format="round_robin",
                                  rounds=None), winner)
    rows = {r["entry"].user.username: r for r in services.standings(t)}
    assert rows[ann.username]["place"] == 1 and rows[ann.username]["points"] == 3
    assert {rows[u.username]["points"] for u in (ben, cat, dan)} == {1}
    assert {rows[u.username]["place"] for u in (ben, cat, dan)} == {2}
    answer = api().get(f"/api/tournaments/{t.pk}/standings/").json()
    assert answer[0]["player"] == ann.username and answer[0]["points"] == 3


# --- made for games that last days --------------------------------------------------------------

def test_the_worker_starts_a_tournament_when_sign_up_closes(people, django_capture_on_commit_callbacks):
    t = new_tournament(people(1, "org")[0], people(4))
    assert tasks.tick() == 0
    Tournament.objects.filter(pk=t.pk).update(signup_closes=timezone.now() - timedelta(seconds=1))
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.tick() == 1
    t.refresh_from_db()
    assert t.status == Tournament.Status.RUNNING and t.round_set.count() == 1
    assert Game.objects.filter(tournament_table__round__tournament=t, status="active").count() == 2
    subjects = [m.subject for m in mail.outbox]
    assert subjects.count(subjects[0]) == 1 and any("Round 1 of Spring Open: your game against" in s for s in subjects)
    assert tasks.tick() == 0, "a second tick starts nothing twice"


def test_too_few_players_cancel_the_tournament(people):
    t = new_tournament(people(1, "org")[0], people(1), min_players=4)
    services.start(t.pk)
    t.refresh_from_db()
    assert t.status == Tournament.Status.CANCELLED and "too few players" in t.end_reason


def test_the_round_moves_on_when_its_last_game_ends(people, django_capture_on_commit_callbacks):
    t = new_tournament(people(1, "org")[0], people(4))
    services.start(t.pk)
    with django_capture_on_commit_callbacks(execute=True):
        play_round(t)
    assert t.round_set.count() == 2, "the last game's end queued the next round"
    assert Round.objects.get(tournament=t, number=1).finished_at is not None


def test_a_lost_task_is_caught_up_and_no_round_starts_twice(people):
    """The worker died after the round's last game ended and before it paired the next round: the
    periodic tick pairs it, once, however often it runs."""
    t = new_tournament(people(1, "org")[0], people(6))
    services.start(t.pk)
    play_round(t)  # no on_commit here: the task that would move on is lost
    assert t.round_set.count() == 1
    assert services.waiting_to_move() == [t.pk]
    tasks.tick()
    tasks.tick()
    services.advance(t.pk)
    assert t.round_set.count() == 2
    assert Table.objects.filter(round__tournament=t, round__number=2).count() == 3


def test_a_second_round_insert_is_refused_by_the_database(people):
    t = new_tournament(people(1, "org")[0], people(4))
    services.start(t.pk)
    with pytest.raises(IntegrityError):
        Round.objects.create(tournament=t, number=1)


# --- signing up and withdrawing -----------------------------------------------------------------

def test_sign_up_refusals_say_why_and_change_nothing(people, make_user):
    org, ann, ben = people(3)
    t = new_tournament(org, [], max_players=2, rating_max=900)
    answer = api(ben).post(f"/api/tournaments/{t.pk}/signup/")
    assert answer.status_code == 403 and "ratings" in answer.json()["detail"]
    t2 = new_tournament(org, [ann], max_players=2)
    assert api(ann).post(f"/api/tournaments/{t2.pk}/signup/").status_code == 409
    assert api(ben).post(f"/api/tournaments/{t2.pk}/signup/").status_code == 200
    third = make_user("cid")
    answer = api(third).post(f"/api/tournaments/{t2.pk}/signup/")
    assert answer.status_code == 409 and "full" in answer.json()["detail"]
    assert t2.entries.count() == 2
    assert api().post(f"/api/tournaments/{t2.pk}/signup/").status_code == 401
    assert api(ann).post("/api/tournaments/999999/signup/").status_code == 404


def test_the_creators_block_keeps_the_blocked_player_out_in_their_language(people, client):
    from friends import services as friends
    org, ann, ben = people(3)
    t = new_tournament(org, [])
    friends.block(org, ann.username)
    answer = api(ann).post(f"/api/tournaments/{t.pk}/signup/")
    assert answer.status_code == 403 and answer.json()["detail"] == "this tournament is not open to you"
    ben.profile.language = "de"
    ben.profile.save()
    friends.block(org, ben.username)
    client.force_login(ben)
    page = client.post(f"/tournaments/{t.pk}/signup/", follow=True).content.decode()
    assert "dieses Turnier steht dir nicht offen" in page and "not open to you" not in page
    assert not t.entries.exists()
    mine = new_tournament(ann, [])  # the blocker may still enter a tournament of a player they blocked
    assert api(org).post(f"/api/tournaments/{mine.pk}/signup/").status_code == 200


def test_a_swiss_never_pairs_two_players_of_whom_one_blocked_the_other(people):
    """Four players, three rounds: without the block everyone meets everyone once; with it the pair
    is kept apart, and a rematch is played instead."""
    from friends import services as friends
    org, *players = people(5)
    friends.block(players[0], players[1].username)
    t = run_to_end(new_tournament(org, players, rounds=3))
    apart = {t.entries.get(user=players[0]).pk, t.entries.get(user=players[1]).pk}
    played = tables_of(t)
    assert len(played) == 6 and all(set(table) != apart for _, table in played), played


def test_withdrawing_before_the_start_and_after(people):
    org, *players = people(5)
    t = new_tournament(org, players)
    api(players[0]).post(f"/api/tournaments/{t.pk}/withdraw/")
    assert t.entries.get(user=players[0]).status == Entry.Status.WITHDRAWN
    services.start(t.pk)
    quitter = players[1]
    game = Game.objects.get(tournament_table__round__tournament=t, seats__user=quitter)
    assert api(quitter).post(f"/api/tournaments/{t.pk}/withdraw/").status_code == 200
    assert game.seats.get(user=quitter).status == "resigned", "the game in progress is forfeited"
    play_round(t)
    services.advance(t.pk)
    later = [pk for r, table in tables_of(t) if r > 1 for pk in table]
    quitter_entry = t.entries.get(user=quitter).pk
    assert quitter_entry not in later
    assert services.standings(t)[-1]["entry"].pk in {quitter_entry, t.entries.get(user=players[0]).pk}


def test_create_refusals_are_400s_with_a_detail(people):
    org = people(1)[0]
    base = {"title": "Open", "game": "coin", "format": "swiss", "seats": 2, "rounds": 3,
            "signup_closes": soon().isoformat()}
    for change, words in [({"game": "nope"}, "game"), ({"format": "ladder"}, "format"),
                          ({"seats": 9}, "seats"), ({"rounds": None}, "rounds"),
                          ({"signup_closes": (timezone.now() - timedelta(hours=1)).isoformat()}, "90 days"),
                          ({"rating_min": 1500, "rating_max": 1000}, "rating_min"), ({"title": "x"}, "title")]:
        answer = api(org).post("/api/tournaments/", {**base, **change}, format="json")
        assert answer.status_code == 400, change
        assert words in answer.json()["detail"], (change, answer.json())
    assert Tournament.objects.count() == 0
    made = api(org).post("/api/tournaments/", base, format="json")
    assert made.status_code == 201 and made.json()["status"] == "signup"


# --- the moderators ------------------------------------------------------------------------------

def test_moderators_cancel_remove_and_replace_with_reasons(people, make_user):
    mod = make_user("mod", is_staff=True)
    org, a, b, c, d, e = people(6)
    t = new_tournament(org, [a, b, c, d, e])
    services.start(t.pk)
    current = Round.objects.get(tournament=t, number=1)
    table = current.tables.first()
    sitting_out = current.byes[0]
    services.replace_pairing(mod, table.pk, [table.entries[0], sitting_out], "wrong pairing reported by a player")
    table.refresh_from_db()
    assert table.replaced and table.game.status == "aborted"
    services.remove_player(mod, t.entries.get(user=e).pk, "abusive chat")
    assert t.entries.get(user=e).status == Entry.Status.REMOVED
    services.cancel(mod, t.pk, "the game server was down for a week")
    t.refresh_from_db()
    assert t.status == Tournament.Status.CANCELLED
    assert not Game.objects.filter(tournament_table__round__tournament=t, status="active").exists()
    kinds = set(ModeratorNote.objects.filter(tournament=t).values_list("kind", flat=True))
    assert kinds == {"cancel", "remove", "replace"}
    with pytest.raises(games.Invalid):
        services.cancel(mod, t.pk, "   ")


# --- pages and the API --------------------------------------------------------------------------

def test_the_pages_show_standings_rounds_and_links(people, client):
    org, *players = people(6)
    t = new_tournament(org, players)
    services.start(t.pk)
    play_round(t)
    services.advance(t.pk)
    html = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert "Standings" in html and "Round 2" in html and "Round 1" in html
    game_id = Table.objects.filter(round__tournament=t, game__isnull=False).first().game_id
    assert f'href="/games/{game_id}/"' in html
    assert "Sitting out" in html
    # A Swiss's tie-breaks under their own names, and each decided table's points.
    assert "<th>Buchholz</th><th>Sonneborn-Berger</th><th>Rating at the start</th>" in html and "sonneborn_berger" not in html
    assert html.count('class="table-points"') == 2 and "(in progress)" in html
    listing = client.get("/tournaments/").content.decode()
    assert "Spring Open" in listing
    assert client.get("/tournaments/987654/").status_code == 404
    players[0].profile.language = "de"
    players[0].profile.save()
    client.force_login(players[0])
    german = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert "Tabelle" in german and "Runde 2" in german and "Spielfrei" in german


def test_the_standings_place_nobody_before_a_game_and_name_a_shared_first_place(people, client):
    """Before any game everyone would be first: the places show "—". Relay, whoever finishes wins: Ann
    beats Ben, Ben beats Cat, Cat beats Ann; level on points, head-to-head and Sonneborn-Berger, the
    three share first place, and the finished tournament says so, in German too."""
    ann, ben, cat = people(3)
    for user, name in ((ann, "Ann"), (ben, "Ben"), (cat, "Cat")):
        user.profile.display_name = name
        user.profile.save()
    beats = {(ann, ben), (ben, cat), (cat, ann)}
    t = new_tournament(people(1, "org")[0], [ann, ben, cat], game="relay", format="round_robin", rounds=None)
    before = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert re.findall(r'<tr[^>]*><td>([^<]*)</td>', before) == ["—"] * 3
    assert "Shared first place" not in before

    def winner(users):
        return next(u for u in users if all((u, o) in beats for o in users if o != u))
    t = run_to_end(t, winner)
    assert t.status == Tournament.Status.FINISHED
    after = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert re.findall(r'<tr[^>]*><td>([^<]*)</td>', after) == ["1"] * 3
    assert "Shared first place: Ann, Ben and Cat" in after
    ann.profile.language = "de"
    ann.profile.save()
    client.force_login(ann)
    assert "Geteilter erster Platz: Ann, Ben und Cat" in client.get(f"/tournaments/{t.pk}/").content.decode()


def test_the_tie_breaks_are_explained_and_the_rating_is_the_one_at_the_start(people, client):
    org, *players = people(5)
    t = new_tournament(org, players)
    services.start(t.pk)
    html = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert "<th>Buchholz</th><th>Sonneborn-Berger</th><th>Rating at the start</th>" in html
    notes = re.search(r'<dl class="tiebreak-notes[^"]*" id="tiebreak-notes">(.*?)</dl>', html, re.S).group(1)
    assert [re.sub(r"\s+", " ", d) for d in re.findall(r"<dt>(.*?)</dt>", notes)] == \
        ["Buchholz", "Sonneborn-Berger", "Rating at the start"]
    assert "sum of the points of every opponent met" in notes and "not the leaderboard" in notes
    players[0].profile.language = "de"
    players[0].profile.save()
    client.force_login(players[0])
    german = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert "Wertung zu Beginn" in german and "die Summe der Punkte aller Gegner" in german


def test_signing_up_through_the_page(people, client):
    org, ann = people(2)
    t = new_tournament(org, [])
    client.force_login(ann)
    assert client.post(f"/tournaments/{t.pk}/signup/").status_code == 302
    assert t.entries.filter(user=ann, status="playing").exists()
    assert "Withdraw" in client.get(f"/tournaments/{t.pk}/").content.decode()


def german(user):
    user.profile.language = "de"
    user.profile.save()
    return user


def test_sign_up_is_refused_once_it_has_closed_before_the_worker_starts_the_tournament(people, client):
    org, ann, ben = people(3)
    t = new_tournament(org, [])
    Tournament.objects.filter(pk=t.pk).update(signup_closes=timezone.now() - timedelta(seconds=1))
    answer = api(ann).post(f"/api/tournaments/{t.pk}/signup/")
    assert answer.status_code == 409
    assert answer.json()["detail"] == "sign-up for this tournament has closed: it starts in a moment"
    client.force_login(german(ben))
    page = client.post(f"/tournaments/{t.pk}/signup/", follow=True).content.decode()
    assert "die Anmeldung zu diesem Turnier ist geschlossen" in page
    assert not t.entries.exists()


def new_by_form(client, title: str):
    closes = (timezone.localtime() + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    return client.post("/tournaments/new/coin/", {
        "title": title, "format": "swiss", "seats": 2, "rounds": 3, "hours_per_move": 72, "signup_closes": closes,
        "min_players": 2, "max_players": 32, "rated": "on"}, follow=True)


def test_a_player_may_have_a_few_tournaments_open_and_create_a_few_a_day_a_moderator_more(people, client, settings):
    org, ann, mod = people(3)
    settings.TOURNAMENTS_OPEN_AT_ONCE = 2
    base = {"title": "Open", "game": "coin", "format": "swiss", "seats": 2, "rounds": 3,
            "signup_closes": soon().isoformat()}
    assert [api(org).post("/api/tournaments/", base, format="json").status_code for _ in range(2)] == [201, 201]
    third = api(org).post("/api/tournaments/", base, format="json")
    assert third.status_code == 400 and third.json()["detail"] == (
        "you already have 2 tournaments open for sign-up, the most a player may have at once: "
        "create another once one of them has started")
    client.force_login(german(org))
    page = new_by_form(client, "Herbstturnier").content.decode()
    assert "du hast schon 2 Turniere offen zur Anmeldung" in page
    assert Tournament.objects.filter(created_by=org).count() == 2
    services.start(Tournament.objects.filter(created_by=org).first().pk)  # started (here: too few, cancelled)
    assert api(org).post("/api/tournaments/", base, format="json").status_code == 201

    settings.TOURNAMENTS_OPEN_AT_ONCE = 100
    settings.USER_LIMITS = {**settings.USER_LIMITS, "create_tournament": (2, 24 * 3600)}
    assert [api(ann).post("/api/tournaments/", base, format="json").status_code for _ in range(2)] == [201, 201]
    over = api(ann).post("/api/tournaments/", base, format="json")
    assert over.status_code == 429 and "at most 2 new tournaments" in over.json()["detail"]
    assert int(over["Retry-After"]) > 0
    mod.is_staff = True
    mod.save()
    settings.TOURNAMENTS_OPEN_AT_ONCE = 1
    assert [api(mod).post("/api/tournaments/", base, format="json").status_code for _ in range(4)] == [201] * 4


def test_an_account_signed_up_for_a_tournament_not_finished_cannot_become_a_bot(people, api_client_for):
    org, ann, ben = people(3)
    t = new_tournament(org, [ann, ben])
    answer = api(ann).post("/api/me/bot/")
    assert answer.status_code == 409 and answer.json()["detail"] == (
        "you are signed up for a tournament that has not finished: withdraw from it first, "
        "or make a new account for the bot")
    german(ben)  # the API speaks the language of the account its token names
    assert "ziehe dich erst zurück" in api_client_for(ben).post("/api/me/bot/").json()["detail"]
    assert api(ann).get("/api/me/").json().get("bot") in (None, "")
    api(ann).post(f"/api/tournaments/{t.pk}/withdraw/")
    assert api(ann).post("/api/me/bot/").json()["bot"] == "api"


def test_api_lists_rounds_and_filters(people):
    org, *players = people(6)
    t = new_tournament(org, players)
    services.start(t.pk)
    rounds = api().get(f"/api/tournaments/{t.pk}/rounds/").json()
    assert rounds[0]["number"] == 1 and len(rounds[0]["tables"]) == 2 and len(rounds[0]["byes"]) == 1
    assert all(table["game"] for table in rounds[0]["tables"])
    assert all(table["points"] is None for table in rounds[0]["tables"])
    play_round(t)
    decided = api().get(f"/api/tournaments/{t.pk}/rounds/").json()[0]["tables"]
    assert all(sum(table["points"].values()) == 1 and len(table["points"]) == 2 for table in decided)
    running = api().get("/api/tournaments/?status=running").json()
    assert [x["id"] for x in running["results"]] == [t.pk]
    assert api().get("/api/tournaments/?status=bogus").status_code == 400
    assert api().get("/api/tournaments/?game=bogus").status_code == 400


def test_changes_reach_open_pages_over_the_socket(people, monkeypatch, django_capture_on_commit_callbacks):
    sent = []
    monkeypatch.setattr(reactions.notify, "send", lambda group, payload: sent.append((group, payload)))
    org, ann = people(2)
    t = new_tournament(org, [])
    with django_capture_on_commit_callbacks(execute=True):
        services.sign_up(ann, t.pk)
    assert (f"tournament-{t.pk}", {"event": "tournament", "tournament": t.pk}) in sent


def test_my_games_keeps_one_tournaments_games_when_asked(people, client):
    """My games' filter "Tournament" (tournaments.my_games): the page offers the player's
    tournaments, keeps the chosen one's games, and answers one that does not exist with a 404 and a
    value that is no tournament's id with a 400, on the page and in the API; a game outside any
    tournament is left out by the filter."""
    org, *players = people(6)
    t = new_tournament(org, players[:4])
    services.start(t.pk)
    me = players[0]
    (mine,) = Table.objects.filter(round__tournament=t, game__seats__user=me).values_list("game_id", flat=True)
    outside = games.create_game(me, game="coin", players=2)
    games.join_game(players[4], outside.pk)

    client.force_login(me)
    html = client.get("/games/mine/").content.decode()
    assert f'<option value="{t.pk}">Spring Open</option>' in html
    assert f'href="/games/{outside.pk}/"' in html and f'href="/games/{mine}/"' in html
    kept = client.get(f"/games/mine/?tournament={t.pk}").content.decode()
    assert f'href="/games/{mine}/"' in kept and f'href="/games/{outside.pk}/"' not in kept
    assert f'<option value="{t.pk}" selected>' in kept
    assert client.get("/games/mine/?tournament=").status_code == 200  # the select's "All"
    refused = client.get("/games/mine/?tournament=987654")
    assert refused.status_code == 404 and "there is no tournament 987654" in refused.content.decode()
    assert client.get("/games/mine/?tournament=x").status_code == 400

    rows = api(me).get(f"/api/me/games/?tournament={t.pk}").json()["games"]
    assert [r["id"] for r in rows] == [mine]
    for wrong, status in (("987654", 404), ("", 400), ("x", 400), ("1" * 10, 400)):
        answer = api(me).get(f"/api/me/games/?tournament={wrong}")
        assert answer.status_code == status and answer.json()["detail"], wrong
    assert 'name="tournament"' not in (client.force_login(org) or client.get("/games/mine/").content.decode())
