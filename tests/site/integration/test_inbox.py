"""The turn inbox is kept, not worked out (games.services.inbox; docs/async-play.md, "The turn
inbox"): after every kind of change the services make to a game (a creation with invitations, a decline, joins, the start,
decisions, a look at the game, an undo, a bot standing in and the seat taken back, a moderator's
removal, a resignation, the bots' play to the end, a game left before its start), every person's
row says what the games themselves say. Here that is worked out again from the seats, the
invitations and the decisions, with the models' own words for a seat a bot plays (as My games
once worked it out on every visit), and compared after each step. Per game over the registry."""
from __future__ import annotations

import contextlib

import pytest

from games import rules, services
from games.models import Decision, Game, Inbox, Seat
from games.rules import IllegalAction
from games.services import Conflict

GAMES = rules.names()
pytestmark = pytest.mark.django_db
FINISHED, MY_TURN, INVITATIONS, WAITING = "finished", "my_turn", "invitations", "waiting"


def worked_out(game: Game) -> dict[int, tuple]:
    """{user id: (section, seat, news)} from the game itself; news only for a game in play."""
    game = Game.objects.prefetch_related("seats", "invitations").get(pk=game.pk)
    theirs: dict[int, list[Seat]] = {}
    for seat in game.seats.all():
        theirs.setdefault(seat.user_id, []).append(seat)
    invited = {i.user_id for i in game.invitations.all() if i.declined_at is None}
    found = {}
    for user_id in set(theirs) | invited:
        seats = theirs.get(user_id, [])
        if game.status in (Game.Status.FINISHED, Game.Status.ABORTED) or any(
                s.status == Seat.Status.REMOVED for s in seats):
            section = FINISHED
        elif game.status == Game.Status.ACTIVE and any(
                s.order == game.current_seat and not s.played_by_bot for s in seats):
            section = MY_TURN
        elif game.status == Game.Status.OPEN and not seats:
            section = INVITATIONS
        else:
            section = WAITING
        news = None
        if section in (MY_TURN, WAITING) and seats and not seats[0].bot_account:
            mine = seats[0]
            news = Decision.objects.filter(game=game, number__gt=mine.last_seen_seq, undone=False).exclude(
                seat=mine.order).count()
        found[user_id] = (section, min((s.order for s in seats), default=None), news)
    return found


def kept(game: Game) -> dict[int, tuple]:
    return {r.user_id: (r.section, r.seat, r.news if r.section in (MY_TURN, WAITING) and r.seat is not None
                        and not r.user.profile.bot else None)
            for r in Inbox.objects.filter(game=game).select_related("user__profile")}


def check(game: Game, step: str) -> None:
    assert kept(game) == worked_out(game), step


def decide(game: Game) -> Game:
    """The seat to move decides (the random bot chooses for it), through the services."""
    game = Game.objects.get(pk=game.pk)
    seat = game.seats.get(order=game.current_seat)
    choice = services.rules_of(game).bot("random", game.seq).choose(services.current_state(game))
    services.submit_decision(seat.user, game.pk, game.seq, choice)
    return Game.objects.get(pk=game.pk)


@pytest.fixture
def people(make_user):
    return [make_user(name) for name in ("alice", "bob", "carol", "dave")]


@pytest.mark.parametrize("name", GAMES)
def test_every_change_of_a_game_leaves_each_persons_row_as_the_game_says(people, make_user, name):
    alice, bob, carol, dave = people
    game = services.create_game(alice, game=name, players=3, invite=["bob", "carol"])
    check(game, "created with two invitations")
    services.decline_invitation(carol, game.pk)
    check(game, "carol declined")
    services.join_game(dave, game.pk)
    check(game, "dave joined")
    services.join_game(bob, game.pk)
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.ACTIVE
    check(game, "started")
    for n in range(6):
        game = decide(game)
        check(game, f"decision {n + 1}")
    for seat in game.seats.all():
        services.seen(seat.user, game.pk, game.seq - 1)
        check(game, f"seat {seat.order} looked")
    deciding = game.seats.get(order=game.current_seat).user
    with contextlib.suppress(Conflict):  # nothing of theirs to take back in this position
        services.undo(deciding, game.pk)
    check(game, "an undo tried")
    services.stand_in(alice, game.pk, "random")
    check(game, "a bot stands in for alice")
    services.stand_in(alice, game.pk, None)
    check(game, "alice took her seat back")
    moderator = make_user("mod", is_staff=True)
    services.remove_player(moderator, game.seats.get(user=bob).pk, "test")
    check(game, "bob removed")
    game = decide(Game.objects.get(pk=game.pk)) if game.seats.get(order=Game.objects.get(pk=game.pk).current_seat).user in (
        alice, dave) else game
    check(game, "a decision after the removal")
    services.resign(dave, game.pk)
    check(game, "dave resigned")
    services.resign(alice, game.pk)
    services.play_bot_turns(game.pk, limit=5000)
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.FINISHED
    check(game, "played to the end by the bots")


def test_a_game_left_before_its_start_leaves_every_inbox(people):
    alice, bob, *_ = people
    game = services.create_game(alice, game=GAMES[0], players=2, invite=["bob"])
    assert kept(game) == {alice.pk: (WAITING, 0, 0), bob.pk: (INVITATIONS, None, None)}
    services.leave_game(alice, game.pk)
    check(game, "the creator left: aborted")
    assert set(kept(game)) == {bob.pk}  # the invitation stands, in the finished games


def test_the_badge_and_the_next_game_read_the_inbox(people):
    alice, bob, *_ = people
    game = services.create_game(bob, game=GAMES[0], players=2, invite=["alice"])
    assert services.waiting_count(alice) == 1 and services.next_waiting_game(alice) == game.pk
    services.join_game(alice, game.pk)
    game = Game.objects.get(pk=game.pk)
    deciding = game.seats.get(order=game.current_seat).user
    waiting = deciding if deciding in (alice,) else bob
    assert services.waiting_count(waiting) == 1 and services.next_waiting_game(waiting) == game.pk
    assert services.next_waiting_game(waiting, after=game.pk) is None


def test_a_rule_that_raises_is_no_change(people):
    """A decision refused by the rules leaves every row as it was (the transaction's rollback)."""
    alice, bob, *_ = people
    game = services.create_game(alice, game=GAMES[0], players=2)
    services.join_game(bob, game.pk)
    game = Game.objects.get(pk=game.pk)
    before = kept(game)
    with pytest.raises((Conflict, services.Invalid, IllegalAction)):
        services.submit_decision(game.seats.get(order=game.current_seat).user, game.pk, game.seq, {"type": "no such"})
    assert kept(game) == before


@pytest.mark.parametrize("name", GAMES)
def test_an_undo_takes_its_news_back(people, name):
    """Once the deciding player may take a decision back, the undo leaves every row as the game says
    (the others' news without it); per game, the first position of a random game that allows one
    (every game allows one within a few decisions: none found is a failure)."""
    alice, bob, *_ = people
    game = services.create_game(alice, game=name, players=2)
    services.join_game(bob, game.pk)
    for _ in range(60):
        game = decide(game)
        assert game.status == Game.Status.ACTIVE, f"{name}: the game ended before an undo was allowed"
        if services.rules_of(game).undoable(services.current_state(game)) >= 1:
            break
    else:
        raise AssertionError(f"{name}: no undo allowed in 60 decisions")
    check(game, "before the undo")
    services.undo(game.seats.get(order=game.current_seat).user, game.pk)
    check(game, "after the undo")
