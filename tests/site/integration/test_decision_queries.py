"""How many queries one decision through POST /moves/ costs (docs/performance.md).

The hot path of the site: the token with its user and profile in one query, the locked game row
with its seats in one, the decision inserted and the game row updated (in one statement on
PostgreSQL), the players' turn inbox rows moved in one (games.services.inbox.decided). A change that adds a query to
every decision fails here, not in a benchmark weeks later.
"""
from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.django_fixtures import POSTGRES, api_key_of

pytestmark = pytest.mark.django_db

# token+user+profile, game FOR UPDATE with seats, INSERT decision and UPDATE game (one statement
# on PostgreSQL, two elsewhere), UPDATE of the turn inbox: 4 or 5, plus the SAVEPOINT/RELEASE pair
# that the test's own transaction turns BEGIN/COMMIT into.
def most() -> int:
    return 6 if connection.vendor == "postgresql" else 7


def two_player_game(make_user, api_client_for):
    """A started 2-player Argo game: (the two API clients by seat, the game, whose seat, its choices)."""
    alice, bob = make_user("alice"), make_user("bob")
    clients = {0: api_client_for(alice), 1: api_client_for(bob)}
    game = clients[0].post("/api/games/", {"game": "argo", "players": 2}, format="json").json()
    game = clients[1].post(f"/api/games/{game['id']}/join/").json()
    seat = game["current_seat"]
    return clients, game, seat, clients[seat].get(f"/api/games/{game['id']}/actions/").json()


def test_a_decision_takes_few_queries(make_user, api_client_for):
    clients, game, seat, legal = two_player_game(make_user, api_client_for)
    worst = []
    for _ in range(12):
        with CaptureQueriesContext(connection) as queries:
            answer = clients[seat].post(f"/api/games/{game['id']}/moves/",
                                        {"seq": legal["seq"], "action": legal["actions"][0]}, format="json")
        assert answer.status_code == 201, answer.content
        body = answer.json()
        if len(queries) > len(worst):
            worst = [q["sql"] for q in queries.captured_queries]
        seat = body["view"]["turn"]["seat"]
        legal = body.get("next") or clients[seat].get(f"/api/games/{game['id']}/actions/").json()
    print("\n".join(q[:160] for q in worst))
    assert len(worst) <= most(), "\n".join(worst)


@pytest.mark.parametrize("body", [
    {"seq": 3, "action": {"type": "pass"}}, {"seq": 0, "action": {}}, {"seq": 3, "action": {"type": "x"}, "more": 1},
    {"seq": -1, "action": {"type": "pass"}}, {"seq": True, "action": {"type": "pass"}}, {"seq": "3", "action": {}},
    {"seq": 3.0, "action": {}}, {"seq": 2 ** 70, "action": {}}, {"seq": 3, "action": []}, {"seq": 3, "action": None},
    {"seq": 3}, {"action": {}}, {}, [], "x", None, 7,
])
def test_a_move_body_is_read_as_the_serializer_reads_it(body):
    """POST /moves/ takes a body of the usual shape without building MoveSerializer (move_of): what
    it takes, and every error, must be the serializer's."""
    from rest_framework.exceptions import ValidationError

    from games.entry.api.serializers import MoveSerializer, move_of
    serializer = MoveSerializer(data=body)
    if serializer.is_valid():
        assert move_of(body) == (serializer.validated_data["seq"], serializer.validated_data["action"])
    else:
        with pytest.raises(ValidationError) as refused:
            move_of(body)
        assert refused.value.detail == serializer.errors


def test_the_answer_to_a_decision_carries_the_next_choices(make_user, api_client_for):
    """When the same player decides again, the 201 holds what GET /actions/ would answer; when the
    turn passes, `next` is null (the other player asks for himself)."""
    clients, game, seat, legal = two_player_game(make_user, api_client_for)
    seen = {"again": 0, "passed": 0}
    for _ in range(30):
        body = clients[seat].post(f"/api/games/{game['id']}/moves/",
                                  {"seq": legal["seq"], "action": legal["actions"][-1]}, format="json").json()
        following = body["view"]["turn"]["seat"]
        asked = clients[following].get(f"/api/games/{game['id']}/actions/").json()
        if following == seat:
            assert body["next"] == asked
            seen["again"] += 1
        else:
            assert body["next"] is None
            seen["passed"] += 1
        seat, legal = following, asked
    assert seen["again"] and seen["passed"]


def test_a_turn_begins_with_one_question_of_two_queries(make_user, api_client_for):
    """GET /actions/, which a client asks when its turn begins: the token, then the game with its seats."""
    clients, game, seat, _ = two_player_game(make_user, api_client_for)
    with CaptureQueriesContext(connection) as queries:
        asked = clients[seat].get(f"/api/games/{game['id']}/actions/")
    assert asked.status_code == 200 and asked.json()["actions"], asked.content
    assert len(queries) == 2, "\n".join(q["sql"] for q in queries.captured_queries)


def test_the_hand_written_reads_give_what_the_orm_gives(make_user, api_client_for):
    """The token's and the locked game's queries are written by hand (foundation.rows): every column
    of every model comes back as the ORM would bring it, converted (JSON, times, booleans), and a
    player's vacation is seen."""
    import datetime

    from django.utils import timezone

    from accounts.api.auth import token_user
    from accounts.models import ApiToken, Vacation
    from games import services
    from games.models import Game

    clients, game, seat, legal = two_player_game(make_user, api_client_for)
    clients[seat].post(f"/api/games/{game['id']}/moves/", {"seq": legal["seq"], "action": legal["actions"][0]},
                       format="json")
    stored = Game.objects.prefetch_related("seats__user__profile").get(pk=game["id"])
    away = stored.seats.all()[1].user
    today = timezone.now().date()
    Vacation.objects.create(user=away, start=today, end=today + datetime.timedelta(days=3))

    def values(instance):
        return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}

    read = services.game_with_seats(game["id"])
    assert values(read) == values(stored) and read.snapshot == stored.snapshot and read.snapshot
    # times in UTC as the ORM gives them (the prepared reads parse them with psycopg's own reader)
    assert repr(read.created_at) == repr(stored.created_at) and read.created_at.utcoffset() == datetime.timedelta(0)
    for mine, theirs in zip(read.seats.all(), stored.seats.all(), strict=True):
        assert values(mine) == values(theirs)
        assert values(mine.user) == values(theirs.user)
        assert values(mine.user.profile) == values(theirs.user.profile)
        assert mine.may_be_away == (mine.user_id == away.pk)
    token = ApiToken.objects.select_related("user__profile").get(user=away)
    user, found = token_user(api_key_of(away))
    assert (values(user), values(user.profile), values(found)) == (values(token.user), values(token.user.profile), values(token))
    assert token_user("no-such-token") is None


@pytest.mark.skipif(not POSTGRES, reason="SQLite has no sized integer columns")
def test_a_number_out_of_its_column_is_refused_not_cut(make_user, api_client_for):
    """The write binds its values on the server: a whole number too large for its column must be an
    error, as before, never stored cut to size (Int2(40000) would arrive as -25536)."""
    from django.db import DataError, transaction

    from games.models import Decision, Game
    clients, game, seat, legal = two_player_game(make_user, api_client_for)
    stored = Game.objects.get(pk=game["id"])
    stored.seq, stored.current_seat = stored.seq + 1, 40000
    with pytest.raises(DataError), transaction.atomic():
        Decision(game=stored, number=stored.seq, seat=seat, data=legal["actions"][0], events=[]).insert_saving(stored)
    again = Game.objects.get(pk=game["id"])
    assert (again.seq, again.current_seat) == (game["seq"], seat)
    assert not Decision.objects.filter(game_id=game["id"]).exists()


@pytest.mark.django_db(transaction=True)
def test_no_lock_is_taken_outside_a_transaction():
    """The locked read outside a transaction is an error, as select_for_update's: its lock would end
    with the statement."""
    from django.db.transaction import TransactionManagementError
    from django.utils import timezone

    from games.models import Seat
    with pytest.raises(TransactionManagementError):
        Seat.of_game(1, timezone.now().date(), lock=True)


@pytest.mark.skipif(not POSTGRES, reason="statements are kept prepared on PostgreSQL only")
@pytest.mark.django_db(transaction=True)
def test_kept_statements_outlive_no_migration(make_user):
    """A migration that changes what a kept (prepared) statement returns makes PostgreSQL refuse it
    for the rest of the session: that request fails, the connection is let go, and the next one
    prepares anew."""
    from django.db import NotSupportedError

    from accounts.api.auth import token_user
    key = api_key_of(make_user("alice"))
    for _ in range(6):  # prepared from its fifth run (prepare_threshold, settings.py)
        assert token_user(key)[0].username == "alice"
    with connection.cursor() as cursor:
        cursor.execute("ALTER TABLE accounts_apitoken ALTER COLUMN digest TYPE varchar(65)")
    try:
        with pytest.raises(NotSupportedError):
            token_user(key)
        assert not connection.is_usable()
        connection.close()
        assert token_user(key)[0].username == "alice"
    finally:
        with connection.cursor() as cursor:
            cursor.execute("ALTER TABLE accounts_apitoken ALTER COLUMN digest TYPE varchar(64)")


def test_a_new_game_and_the_join_that_starts_it_take_few_queries(make_user, api_client_for):
    """The answer to each is the game's detail, read with its seats, players and profiles in one
    query (services.game_in_full); the start places every seat in one statement and reads the
    players the first deadline needs with the seats. The token and the two transactions' bounds are
    in the counts; 12 and 21 queries at first, 10 and 14 before the empty list of invited players
    asked nothing and the start read its seats as a decision does. The join reads the game's
    invitations once more, since a seat may be kept for an invited player (a rematch). Each places
    the game in its people's turn inbox: their seats and invitations read in one query and their
    rows written in one statement (games.services.inbox.keep), two more each."""
    alice, bob = api_client_for(make_user("alice")), api_client_for(make_user("bob"))
    with CaptureQueriesContext(connection) as created:
        game = alice.post("/api/games/", {"game": "argo", "players": 2}, format="json")
    assert game.status_code == 201, game.content
    with CaptureQueriesContext(connection) as joined:
        started = bob.post(f"/api/games/{game.json()['id']}/join/")
    assert started.status_code == 200 and started.json()["status"] == "active"
    assert [s["username"] for s in started.json()["seats"]] == ["alice", "bob"]
    created, joined = the_sites_own(created), the_sites_own(joined)
    assert len(created) <= 10, "\n".join(q[:160] for q in created)
    assert len(joined) <= 16, "\n".join(q[:160] for q in joined)


def the_sites_own(queries) -> list[str]:
    """The statements of a request but the limits' counters: in Redis when it is configured (as in
    production), in a table of the database on the embedded defaults (games/limits.py)."""
    return [q["sql"] for q in queries.captured_queries if "games_limitcount" not in q["sql"]]


def test_the_decision_that_ends_a_game_takes_few_queries(make_user, api_client_for):
    """The end of a game places the seats, rates the players, asks whether a tournament's table played
    it, adds it to the statistics and writes its players' reliability rows (docs/reliability.md), and
    moves the game to its people's finished games (games.services.inbox.keep, one UPDATE), in the
    decision's transaction: on PostgreSQL fifteen statements with the two of the test's savepoint
    (docs/performance.md), sixteen elsewhere. The players have
    ratings already (a first rated game also makes the rows)."""
    import random

    from games import ratings
    from games.models import Game, Rating, RatingChange

    clients, game, seat, legal = two_player_game(make_user, api_client_for)
    for user in (None, *Game.objects.get(pk=game["id"]).seats.values_list("user_id", flat=True)):  # None: the aliens
        Rating.objects.create(game="argo", user_id=user, mu=ratings.MODEL.mu, sigma=ratings.MODEL.sigma)
    rng = random.Random(7)
    while True:
        with CaptureQueriesContext(connection) as queries:
            answer = clients[seat].post(f"/api/games/{game['id']}/moves/",
                                        {"seq": legal["seq"], "action": rng.choice(legal["actions"])}, format="json")
        assert answer.status_code == 201, answer.content
        body = answer.json()
        if body["view"]["turn"] is None:
            break
        seat = body["view"]["turn"]["seat"]
        legal = body.get("next") or clients[seat].get(f"/api/games/{game['id']}/actions/").json()
    ended = Game.objects.get(pk=game["id"])
    assert ended.status == Game.Status.FINISHED and ended.rated
    assert RatingChange.objects.filter(match=ended).count() == 3  # the two players and Argo's aliens
    assert len(queries) <= (15 if connection.vendor == "postgresql" else 16), \
        "\n".join(q["sql"][:160] for q in queries.captured_queries)


def test_rows_inserted_together_each_get_their_own_key(make_user, api_client_for):
    """foundation.rows.insert_each, which stores a game's rating changes: one statement, and every
    instance learns the key of its own row."""
    from foundation.rows import insert_each
    from games.models import ChatMessage

    clients, game, seat, legal = two_player_game(make_user, api_client_for)
    carol = make_user("carol")
    said = [ChatMessage(game_id=game["id"], user=carol, text=f"line {i}") for i in range(3)]
    with CaptureQueriesContext(connection) as queries:
        insert_each(said)
    assert len(queries) == 1
    assert {m.pk: m.text for m in said} == dict(ChatMessage.objects.filter(game_id=game["id"]).values_list("pk", "text"))
    assert all(m.created_at is not None and not m._state.adding for m in said)
