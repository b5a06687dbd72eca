"""A site with a history (benchmarks/fill_archive.py): the games it stores by COPY are what the site
itself would have stored. A small fill in the test database, then the site's own services and API read
it back: every game replays to its snapshot, the places, turns, deadlines and ratings are the ones the
site computes, and a game in progress takes its next decision."""
from __future__ import annotations

import pytest
from django.db import connection

from benchmarks import fill_archive
from games import ratings, rules, services
from games.models import Decision, Game, ModeratorAction, Rating, RatingChange, TurnNotice
from games.services.deadlines import deadline_of
from games.standings import standings

pytestmark = [pytest.mark.django_db,
              pytest.mark.skipif(connection.vendor != "postgresql",
                                 reason="the archive is filled by COPY, which only PostgreSQL has")]

SCHEMA = """SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) FROM pg_constraint
            WHERE connamespace = 'public'::regnamespace
            UNION ALL SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'"""


def schema() -> set:
    with connection.cursor() as cursor:
        cursor.execute(SCHEMA)
        return set(cursor.fetchall())


@pytest.fixture
def archive():
    before = schema()
    result = fill_archive.fill(200, 60, active=20, bot_games=12, jobs=1, seed=7)
    assert schema() == before, "the indexes and constraints are made again as they were"
    return result


def test_the_archive_is_what_the_site_would_have_stored(archive, api_client_for):
    games = Game.objects.prefetch_related("seats__user__profile")
    assert games.count() == 200 and archive["rows"]["games"] == 200
    assert Decision.objects.count() == archive["rows"]["decisions"]
    assert {g.name for g in games} == set(rules.names())
    by_status = {s: [g for g in games if g.status == s] for s in Game.Status.values}
    assert len(by_status["active"]) == 20 and by_status["open"] and by_status["aborted"]
    assert len(by_status["finished"]) > 150
    assert {g.time_control for g in games} == {"per_turn", "bank"}

    sample = by_status["active"] + by_status["finished"][:25] + [g for g in by_status["aborted"] if g.seed][:5]
    for game in sample:
        module = rules.get(game.name)
        state = services.replay(game)  # the stored decisions, undone ones skipped, from the seed
        assert state == game.snapshot and game.snapshot_seq == game.seq, game
        numbers = list(game.decisions.values_list("number", flat=True))
        assert numbers[-1] == game.seq and len(numbers) == len(set(numbers)), game
        if game.status == "active":
            assert module.current_seat(state) == game.current_seat
            seat = game.deciding_seat
            assert not seat.played_by_bot
            assert game.deadline == deadline_of(game, seat)  # per turn, or a time bank's
        if game.outcome:
            assert module.outcome(state) == game.outcome and game.current_seat is None and game.deadline is None
            places = {s.pk: rank for _, s, rank in standings(game.outcome, game.seats.all()) if s is not None}
            assert {s.pk: s.rank for s in game.seats.all()} == places, game
            assert all(s.score == game.outcome["scores"].get(s.colour) for s in game.seats.all())
        if game.status == "finished":
            assert game.rated == ratings.eligible(game), game
            assert game.rating_changes.exists() == game.rated

    # what the page reads (the API's detail as a player sees it), and the page itself
    finished = next(g for g in by_status["finished"] if g.rated)
    player = finished.seats.all()[0].user
    client = api_client_for(player)
    detail = client.get(f"/api/games/{finished.pk}/").json()
    assert detail["status"] == "finished" and detail["outcome"] == finished.outcome
    assert {s["order"]: s["rank"] for s in detail["seats"]} == {s.order: s.rank for s in finished.seats.all()}
    assert len(detail["rating_changes"]) == finished.rating_changes.count()
    client.force_login(player)
    assert client.get(f"/games/{finished.pk}/").status_code == 200

    # a game in progress goes on: its player is asked, and decides
    game = by_status["active"][0]
    mover = game.deciding_seat.user
    client = api_client_for(mover)
    question = client.get(f"/api/games/{game.pk}/actions/").json()
    assert question["seq"] == game.seq
    answer = client.post(f"/api/games/{game.pk}/moves/", {"seq": game.seq, "action": question["actions"][0]}, format="json")
    assert answer.status_code == 201, answer.json()

    # the ratings are the ones the site computes from the rated games in the order they ended
    for name in rules.names():
        stored = {c.pk: (c.mu_after, c.sigma_after, c.mu_before) for c in RatingChange.objects.filter(rating__game=name)}
        kept = {r.pk: (r.mu, r.sigma, r.games) for r in Rating.objects.filter(game=name)}
        ratings.recompute(name)
        again = {c.pk: (c.mu_after, c.sigma_after, c.mu_before) for c in RatingChange.objects.filter(rating__game=name)}
        assert all(again[k] == pytest.approx(v) for k, v in stored.items()), name
        assert all((r.mu, r.sigma, r.games) == pytest.approx(kept[r.pk]) for r in Rating.objects.filter(game=name))
    assert RatingChange.objects.filter(reverted=True).exists()

    # notices and the desk
    assert TurnNotice.objects.filter(kind="turn").exists() and TurnNotice.objects.filter(kind="game_over").exists()
    assert ModeratorAction.objects.filter(kind="abort").exists()
