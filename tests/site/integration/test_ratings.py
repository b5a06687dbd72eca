"""Ratings: openskill's Thurstone-Mosteller model, the aliens as one more participant.

Every expected figure is computed here directly with openskill from the rules of the issue and
RULES.md section 11, never through games.ratings: the aliens rank first when they win, otherwise by
their score (above every player with a lower score, below one with an equal score); tied players share
a rank; a seat a bot took over (timed out, resigned, removed) rates as its player ranked last.
"""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.db import transaction
from django.test import Client
from django.utils import timezone
from openskill.models import ThurstoneMostellerFull

from games import ratings, services
from games.models import Decision, Game, ModeratorAction, Rating, RatingChange, Seat
from games.rules import get
from games.services import play

RULES = get("argo")
OS = ThurstoneMostellerFull()
NEW = (25.0, 25.0 / 3)
COLOURS = ["red", "blue", "green", "yellow"]
ALIENS = "aliens"

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def eager_celery(monkeypatch):
    """Tasks (the bot's turns) run in the test, also when REDIS_URL is set: conftest's session-wide
    setting is overwritten when the Celery app loads its configuration from Django's settings."""
    from argo_site.celery import app
    monkeypatch.setattr(app.conf, "task_always_eager", True)
    monkeypatch.setattr(app.conf, "task_eager_propagates", True)


# --- expected figures, straight from openskill ------------------------------------------------

def expected(before: dict, ranks: dict) -> dict:
    """{who: (mu, sigma)} after one game; `before` holds current (mu, sigma), missing ones are new."""
    keys = list(ranks)
    teams = [[OS.create_rating(list(before.get(k, NEW)))] for k in keys]
    rated = OS.rate(teams, ranks=[ranks[k] for k in keys])
    return {k: (team[0].mu, team[0].sigma) for k, team in zip(keys, rated)}


def replay_expected(games: list[dict]) -> dict:
    """A fresh computation over games given in order as {who: rank}."""
    current: dict = {}
    for ranks in games:
        current.update(expected(current, ranks))
    return current


def rating_of(who) -> Rating:
    if who == ALIENS:
        return Rating.objects.get(game="argo", user__isnull=True)
    return Rating.objects.get(game="argo", user=who)


def assert_ratings(figures: dict, games_count: dict | None = None):
    for who, (mu, sigma) in figures.items():
        r = rating_of(who)
        label = "Aliens" if who == ALIENS else who.username
        assert r.mu == pytest.approx(mu, rel=1e-9, abs=1e-9), (label, r.mu, mu)
        assert r.sigma == pytest.approx(sigma, rel=1e-9, abs=1e-9), (label, r.sigma, sigma)
        if games_count is not None:
            assert r.games == games_count[who], (label, r.games, games_count[who])


def same_order(stored: dict, wanted: dict):
    """The stored ranks order the participants as the wanted ranks do, ties included."""
    keys = list(wanted)
    for a in keys:
        for b in keys:
            sa, sb = stored[a], stored[b]
            wa, wb = wanted[a], wanted[b]
            assert (sa < sb, sa == sb) == (wa < wb, wa == wb), (a, b, stored, wanted)


# --- games built directly, finished ----------------------------------------------------------

def finished_game(users, line, *, alien_victory=False, statuses=None, finished_at=None, own=None) -> Game:
    """A finished game whose outcome ranking is `line`: [(user index or ALIENS, rank, score), ...] as
    the rules module gives it. statuses: {user index: Seat.Status}; own: seat orders that decided
    themselves at least once (all by default; the others only have bot decisions)."""
    now = finished_at or timezone.now()
    n = len(users)
    colours = COLOURS[:n]
    scores = {colours[w]: s for w, _, s in line if w != ALIENS}
    alien_score = next(s for w, _, s in line if w == ALIENS)
    ranking = [{"who": ALIENS if w == ALIENS else colours[w], "rank": r, "score": s} for w, r, s in line]
    best = [e for e in ranking if e["who"] != ALIENS and e["rank"] == min(x["rank"] for x in ranking if x["who"] != ALIENS)]
    outcome = {"reason": "track_full" if alien_victory else "all_out", "scores": scores, "alien_score": alien_score,
               "activations": dict.fromkeys(colours, 0), "escaped": dict.fromkeys(colours, 0),
               "alien_victory": alien_victory, "winners": [] if alien_victory else [e["who"] for e in best],
               "ranking": ranking}
    game = Game.objects.create(name="argo", rules_version=RULES.version, players=n, created_by=users[0], seed=12345,
                               status=Game.Status.FINISHED, started_at=now - timedelta(days=3), finished_at=now,
                               last_move_at=now, seq=2 * n, outcome=outcome)
    statuses = statuses or {}
    own = set(range(n)) if own is None else set(own)
    rank_of = {e["who"]: e["rank"] for e in ranking}
    for i, u in enumerate(users):
        status = statuses.get(i, Seat.Status.ACTIVE)
        Seat.objects.create(game=game, user=u, order=i, colour=colours[i], status=status,
                            score=scores[colours[i]], rank=rank_of[colours[i]])
    number = 0
    for i in range(n):
        number += 1
        Decision.objects.create(game=game, number=number, seat=i, by_bot=i not in own, data={"type": "end_turn"})
    for i in range(n):
        number += 1
        Decision.objects.create(game=game, number=number, seat=i, by_bot=True, data={"type": "end_turn"})
    return game


@pytest.fixture
def players(make_user):
    return [make_user(name) for name in ("ann", "ben", "cat", "dan", "eve", "fay")]


def keyed(users, ranks: dict) -> dict:
    """{user index or ALIENS: rank} -> {user or ALIENS: rank}."""
    return {(ALIENS if k == ALIENS else users[k]): r for k, r in ranks.items()}


def check_game(game, users, wanted_ranks: dict, before: dict | None = None):
    """Rate the game, then compare every participant with openskill's figures."""
    before = before or {}
    counts_before = {k: (rating_of(k).games if Rating.objects.filter(
        game="argo", user=None if k == ALIENS else k).exists() else 0) for k in wanted_ranks}
    assert ratings.rate_game(game) is True
    game.refresh_from_db()
    assert game.rated is True
    figures = expected(before, wanted_ranks)
    assert_ratings(figures, {k: counts_before[k] + 1 for k in wanted_ranks})
    changes = {(ALIENS if c.rating.user is None else c.rating.user): c for c in game.rating_changes.select_related("rating__user")}
    assert set(changes) == set(wanted_ranks), "one rating change per participant, the aliens included"
    same_order({k: c.rank for k, c in changes.items()}, wanted_ranks)
    for k, c in changes.items():
        mu0, s0 = before.get(k, NEW)
        assert (c.mu_before, c.sigma_before) == (pytest.approx(mu0), pytest.approx(s0))
        assert (c.mu_after, c.sigma_after) == (pytest.approx(figures[k][0]), pytest.approx(figures[k][1]))
        assert c.before == ratings.display(mu0, s0) and c.after == ratings.display(*figures[k])
        assert c.reverted is False
        assert rating_of(k).last_played == game.finished_at
    return figures


# The cases: (line as the rules give it, alien_victory, wanted ranks by RULES.md 11 / the issue).
CASES = {
    "2p": ([(0, 1, 20), (1, 2, 10), (ALIENS, 3, 5)], False, {0: 1, 1: 2, ALIENS: 3}),
    "2p-aliens-win": ([(ALIENS, 1, 30), (0, 2, 20), (1, 3, 10)], True, {ALIENS: 1, 0: 2, 1: 3}),
    "2p-aliens-between": ([(1, 1, 22), (ALIENS, 2, 14), (0, 3, 9)], False, {1: 1, ALIENS: 2, 0: 3}),
    "3p-aliens-below-equal-score": ([(0, 1, 20), (1, 2, 12), (ALIENS, 3, 12), (2, 4, 5)], False,
                                    {0: 1, 1: 2, ALIENS: 3, 2: 4}),
    "3p-aliens-win-players-tied": ([(ALIENS, 1, 25), (0, 2, 15), (1, 2, 15), (2, 4, 3)], True,
                                   {ALIENS: 1, 0: 2, 1: 2, 2: 3}),
    "3p-aliens-last": ([(2, 1, 30), (0, 2, 21), (1, 3, 17), (ALIENS, 4, 2)], False,
                       {2: 1, 0: 2, 1: 3, ALIENS: 4}),
    "4p-tied-winners": ([(0, 1, 18), (1, 1, 18), (2, 3, 10), (ALIENS, 4, 8), (3, 5, 2)], False,
                        {0: 1, 1: 1, 2: 2, ALIENS: 3, 3: 4}),
    "4p-aliens-win": ([(ALIENS, 1, 40), (3, 2, 20), (2, 3, 19), (1, 4, 8), (0, 5, 1)], True,
                      {ALIENS: 1, 3: 2, 2: 3, 1: 4, 0: 5}),
    "4p-aliens-second": ([(3, 1, 24), (ALIENS, 2, 20), (0, 3, 19), (1, 3, 19), (2, 5, 0)], False,
                         {3: 1, ALIENS: 2, 0: 3, 1: 3, 2: 4}),
}


@pytest.mark.parametrize("case", list(CASES))
def test_update_matches_openskill(players, case):
    line, victory, wanted = CASES[case]
    n = sum(1 for w, _, _ in line if w != ALIENS)
    users = players[:n]
    game = finished_game(users, line, alien_victory=victory)
    check_game(game, users, keyed(users, wanted))


def test_a_second_game_starts_from_the_first_games_ratings(players):
    a, b, c = players[:3]
    g1 = finished_game([a, b, c], [(0, 1, 20), (1, 2, 12), (ALIENS, 3, 10), (2, 4, 5)],
                       finished_at=timezone.now() - timedelta(days=2))
    first = check_game(g1, [a, b, c], {a: 1, b: 2, ALIENS: 3, c: 4})
    g2 = finished_game([c, a], [(ALIENS, 1, 30), (0, 2, 20), (1, 3, 3)], alien_victory=True)
    check_game(g2, [c, a], {ALIENS: 1, c: 2, a: 3}, before=first)
    assert rating_of(b).games == 1 and rating_of(ALIENS).games == 2
    assert rating_of(b).mu == pytest.approx(first[b][0])


def test_one_aliens_rating_for_the_whole_site(players):
    finished_game(players[:2], [(0, 1, 20), (1, 2, 10), (ALIENS, 3, 5)])
    for g in Game.objects.all():
        ratings.rate_game(g)
    finished_game(players[2:5], [(ALIENS, 1, 30), (0, 2, 20), (1, 3, 10), (2, 4, 1)], alien_victory=True)
    ratings.rate_game(Game.objects.order_by("-pk").first())
    assert Rating.objects.filter(game="argo", user__isnull=True).count() == 1
    assert rating_of(ALIENS).games == 2


# --- seats a bot took over -----------------------------------------------------------------------

@pytest.mark.parametrize("status", [Seat.Status.TIMED_OUT, Seat.Status.RESIGNED, Seat.Status.REMOVED])
def test_a_seat_taken_over_by_a_bot_rates_its_player_last(players, status):
    users = players[:3]
    # the bot that played ann's seat won the game; ann still ranks last, below the aliens
    game = finished_game(users, [(0, 1, 30), (1, 2, 20), (ALIENS, 3, 10), (2, 4, 5)], statuses={0: status})
    check_game(game, users, {users[1]: 1, ALIENS: 2, users[2]: 3, users[0]: 4})


def test_two_bot_played_seats_share_the_last_rank(players):
    users = players[:4]
    game = finished_game(users, [(0, 1, 30), (1, 2, 20), (ALIENS, 3, 10), (2, 4, 5), (3, 5, 4)],
                         statuses={0: Seat.Status.TIMED_OUT, 2: Seat.Status.RESIGNED})
    check_game(game, users, {users[1]: 1, ALIENS: 2, users[3]: 3, users[0]: 4, users[2]: 4})


def test_a_game_with_a_seat_the_bot_played_from_the_start_is_not_rated(players):
    users = players[:3]
    game = finished_game(users, [(0, 1, 30), (1, 2, 20), (ALIENS, 3, 10), (2, 4, 5)],
                         statuses={2: Seat.Status.TIMED_OUT}, own={0, 1})
    assert ratings.rate_game(game) is False
    game.refresh_from_db()
    assert game.rated is False
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_an_unfinished_or_aborted_game_is_not_rated(players):
    users = players[:2]
    game = finished_game(users, [(0, 1, 20), (1, 2, 10), (ALIENS, 3, 5)])
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ABORTED)
    game.refresh_from_db()
    assert ratings.rate_game(game) is False
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


# --- whole games through services ---------------------------------------------------------------

def start(users) -> Game:
    game = services.create_game(users[0], game="argo", players=len(users))
    for u in users[1:]:
        services.join_game(u, game.pk)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game


def play_out(game: Game, seed: int = 0, limit: int = 3000) -> Game:
    """Each user decides in turn (greedy bot's choice) through services until the game is over."""
    module = services.rules_of(game)
    for step in range(limit):
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.ACTIVE:
            return game
        seat = next(s for s in game.seats.all() if s.order == game.current_seat)
        assert not seat.played_by_bot
        decision = module.bot("greedy", seed + step).choose(services.current_state(game))
        services.submit_decision(seat.user, game.pk, game.seq, decision)
    pytest.fail("the game did not end")


def ranks_by_rules(game: Game) -> dict:
    """{user or ALIENS: rank} derived from the outcome's scores by RULES.md 11, not from its ranking
    of the aliens: first when they win, else below every player whose score is at least theirs."""
    outcome = game.outcome
    seats = {s.colour: s for s in game.seats.select_related("user")}
    players = [e for e in outcome["ranking"] if e["who"] != ALIENS]  # the players' order and ties
    playing = [e for e in players if not seats[e["who"]].played_by_bot]
    ranks: dict = {}
    position = 0
    for i, e in enumerate(playing):
        shared = i and e["rank"] == playing[i - 1]["rank"]
        position = position if shared else position + 1
        ranks[seats[e["who"]].user] = position
    if outcome["alien_victory"]:
        ranks = {u: r + 1 for u, r in ranks.items()}
        ranks[ALIENS] = 1
    else:
        aliens = outcome["alien_score"]
        above = [u for u in ranks if outcome["scores"][next(c for c, s in seats.items() if s.user == u)] >= aliens]
        cut = max((ranks[u] for u in above), default=0)
        ranks = {u: (r if r <= cut else r + 1) for u, r in ranks.items()}
        ranks[ALIENS] = cut + 1
    last = max(ranks.values()) + 1
    for s in seats.values():
        if s.played_by_bot:
            ranks[s.user] = last
    return ranks


@pytest.mark.parametrize("n,seed", [(2, 100), (3, 200), (4, 300)])
def test_finishing_a_game_through_services_rates_it_once(players, n, seed):
    users = players[:n]
    game = play_out(start(users), seed)
    assert game.status == Game.Status.FINISHED and game.rated is True
    wanted = ranks_by_rules(game)
    figures = expected({}, wanted)
    assert_ratings(figures, dict.fromkeys(wanted, 1))
    assert game.rating_changes.count() == n + 1
    # finishing it once more through services changes nothing
    snapshot = sorted(Rating.objects.values_list("pk", "mu", "sigma", "games"))
    with transaction.atomic():
        again = services.locked(game.pk)
        play._finish(again, services.rules_of(again), services.current_state(again), timezone.now())
    assert sorted(Rating.objects.values_list("pk", "mu", "sigma", "games")) == snapshot
    assert RatingChange.objects.count() == n + 1
    with pytest.raises(services.Conflict):
        services.submit_decision(users[0], game.pk, game.seq, {"type": "end_turn"})
    assert services.play_bot_turns(game.pk) == 0
    assert sorted(Rating.objects.values_list("pk", "mu", "sigma", "games")) == snapshot


def test_a_resigned_player_of_a_real_game_rates_last(players, django_capture_on_commit_callbacks):
    users = players[:3]
    game = start(users)
    module = services.rules_of(game)
    for step in range(3000):
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.ACTIVE:
            break
        if step == 12:
            with django_capture_on_commit_callbacks(execute=True):
                services.resign(users[1], game.pk)
            continue
        seat = next(s for s in game.seats.all() if s.order == game.current_seat)
        decision = module.bot("greedy", 7 + step).choose(services.current_state(game))
        with django_capture_on_commit_callbacks(execute=True):
            services.submit_decision(seat.user, game.pk, game.seq, decision)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert Decision.objects.filter(game=game, by_bot=False, seat=game.seats.get(user=users[1]).order).exists(), \
        "ben must have decided before resigning for this test to mean anything"
    assert game.rated is True
    wanted = ranks_by_rules(game)
    assert wanted[users[1]] == max(wanted.values())
    assert_ratings(expected({}, wanted), dict.fromkeys(wanted, 1))


def play_with_an_early_resignation(users, resigner, seed, django_capture_on_commit_callbacks) -> Game:
    """A real game in which `resigner` resigns before deciding anything: the bot plays that seat
    from the start."""
    game = start(users)
    with django_capture_on_commit_callbacks(execute=True):
        services.resign(resigner, game.pk)
    module = services.rules_of(game)
    for step in range(3000):
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.ACTIVE:
            return game
        seat = next(s for s in game.seats.all() if s.order == game.current_seat)
        assert not seat.played_by_bot, "the bot did not play its seat"
        decision = module.bot("greedy", seed + step).choose(services.current_state(game))
        with django_capture_on_commit_callbacks(execute=True):
            services.submit_decision(seat.user, game.pk, game.seq, decision)
    pytest.fail("the game did not end")


def test_a_real_game_whose_seat_the_bot_played_from_the_start_is_not_rated(players, django_capture_on_commit_callbacks):
    users = players[:3]
    game = play_with_an_early_resignation(users, users[2], 31, django_capture_on_commit_callbacks)
    assert game.status == Game.Status.FINISHED
    order = game.seats.get(user=users[2]).order
    assert not Decision.objects.filter(game=game, seat=order, by_bot=False).exists()
    assert game.rated is False
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


# --- idempotency, abort ----------------------------------------------------------------------

def test_rate_game_twice_does_nothing_more(players):
    users = players[:3]
    game = finished_game(users, [(0, 1, 20), (1, 2, 12), (ALIENS, 3, 10), (2, 4, 5)])
    assert ratings.rate_game(game) is True
    snapshot = sorted(Rating.objects.values_list("pk", "mu", "sigma", "games", "last_played"))
    assert ratings.rate_game(game) is False
    assert ratings.rate_game(Game.objects.get(pk=game.pk)) is False
    # even an instance loaded before the first rating (rated None in memory) does not rate again
    stale = Game.objects.get(pk=game.pk)
    stale.rated = None
    assert ratings.rate_game(stale) is False
    assert sorted(Rating.objects.values_list("pk", "mu", "sigma", "games", "last_played")) == snapshot
    assert RatingChange.objects.count() == 4


def test_aborting_a_game_in_progress_leaves_ratings_untouched(players, admin_user):
    users = players[:2]
    rated = finished_game(users, [(0, 1, 20), (1, 2, 10), (ALIENS, 3, 5)], finished_at=timezone.now() - timedelta(days=1))
    ratings.rate_game(rated)
    snapshot = sorted(Rating.objects.values_list("pk", "mu", "sigma", "games", "last_played"))
    game = start(users)
    for _ in range(6):
        game = Game.objects.get(pk=game.pk)
        seat = next(s for s in game.seats.all() if s.order == game.current_seat)
        services.submit_decision(seat.user, game.pk, game.seq,
                                 services.rules_of(game).bot("greedy", 1).choose(services.current_state(game)))
    services.abort_game(admin_user, game.pk, "players asked for it")
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED
    assert ratings.rate_game(game) is False
    assert not game.rating_changes.exists()
    assert sorted(Rating.objects.values_list("pk", "mu", "sigma", "games", "last_played")) == snapshot


# --- revert ------------------------------------------------------------------------------------

def three_games(players):
    """Three rated games in order; returns them with their wanted ranks."""
    a, b, c, d = players[:4]
    now = timezone.now()
    specs = [
        ([a, b, c], [(0, 1, 20), (1, 2, 12), (ALIENS, 3, 10), (2, 4, 5)], False, {a: 1, b: 2, ALIENS: 3, c: 4}),
        ([b, a], [(ALIENS, 1, 30), (0, 2, 20), (1, 3, 3)], True, {ALIENS: 1, b: 2, a: 3}),
        ([c, a, d], [(2, 1, 25), (ALIENS, 2, 18), (0, 3, 15), (1, 3, 15)], False, {d: 1, ALIENS: 2, c: 3, a: 3}),
        ([a, d], [(1, 1, 19), (0, 2, 11), (ALIENS, 3, 4)], False, {d: 1, a: 2, ALIENS: 3}),
    ]
    games = []
    for i, (users, line, victory, wanted) in enumerate(specs):
        g = finished_game(users, line, alien_victory=victory, finished_at=now - timedelta(days=10 - 2 * i))
        assert ratings.rate_game(g) is True
        games.append((g, wanted))
    assert_ratings(replay_expected([w for _, w in games]))
    return games


def check_reverted(games, reverted_index, moderator, reason):
    game = games[reverted_index][0]
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED and game.rated is False
    assert game.rating_changes.count() > 0
    assert all(c.reverted for c in game.rating_changes.all())
    assert not RatingChange.objects.exclude(match=game).filter(reverted=True).exists()
    action = ModeratorAction.objects.get(kind=ModeratorAction.Kind.REVERT_RATING)
    assert (action.moderator, action.game, action.reason) == (moderator, game, reason)
    remaining = [w for i, (_, w) in enumerate(games) if i != reverted_index]
    fresh = replay_expected(remaining)
    counts: dict = {}
    for w in remaining:
        for k in w:
            counts[k] = counts.get(k, 0) + 1
    assert_ratings(fresh, counts)
    # the remaining games' changes now read as the fresh computation's steps
    current: dict = {}
    for g, w in [(g, w) for i, (g, w) in enumerate(games) if i != reverted_index]:
        after = expected(current, w)
        for c in g.rating_changes.select_related("rating__user"):
            k = ALIENS if c.rating.user is None else c.rating.user
            mu0, s0 = current.get(k, NEW)
            assert c.mu_before == pytest.approx(mu0) and c.sigma_before == pytest.approx(s0)
            assert c.mu_after == pytest.approx(after[k][0]) and c.sigma_after == pytest.approx(after[k][1])
        current.update(after)
    # last_played is the last remaining game of each
    for k in counts:
        last = max(g.finished_at for i, (g, w) in enumerate(games) if i != reverted_index and k in w)
        assert rating_of(k).last_played == last
    return fresh


def test_revert_recomputes_exactly_a_fresh_computation(players, admin_user):
    games = three_games(players)
    services.revert_result(admin_user, games[1][0].pk, "bob and ann colluded")
    check_reverted(games, 1, admin_user, "bob and ann colluded")


def test_revert_of_the_first_game_leaves_a_player_without_games_at_the_start(players, admin_user):
    games = three_games(players)
    services.revert_result(admin_user, games[0][0].pk, "multi-accounting")
    check_reverted(games, 0, admin_user, "multi-accounting")
    b = players[1]
    r = rating_of(b)  # ben's only remaining game is game 2
    assert r.games == 1


def test_revert_needs_a_reason_and_a_finished_game(players, admin_user):
    games = three_games(players)
    before = sorted(Rating.objects.values_list("pk", "mu", "sigma", "games"))
    with pytest.raises(services.GameError):
        services.revert_result(admin_user, games[1][0].pk, "   ")
    services.revert_result(admin_user, games[1][0].pk, "cheating")
    after_first = sorted(Rating.objects.values_list("pk", "mu", "sigma", "games"))
    assert after_first != before
    with pytest.raises(services.Conflict):
        services.revert_result(admin_user, games[1][0].pk, "again")
    assert sorted(Rating.objects.values_list("pk", "mu", "sigma", "games")) == after_first
    assert ModeratorAction.objects.filter(kind=ModeratorAction.Kind.REVERT_RATING).count() == 1


def test_revert_through_the_admin_action_with_a_reason(players, admin_user):
    games = three_games(players)
    client = Client()
    client.force_login(admin_user)
    changelist = "/admin/games/game/"
    target = games[2][0]
    asked = client.post(changelist, {"action": "revert_rating", ACTION_CHECKBOX_NAME: [str(target.pk)]})
    assert asked.status_code == 200 and 'name="reason"' in asked.content.decode()
    assert not ModeratorAction.objects.exists()
    target.refresh_from_db()
    assert target.status == Game.Status.FINISHED
    done = client.post(changelist, {"action": "revert_rating", ACTION_CHECKBOX_NAME: [str(target.pk)],
                                    "confirm": "1", "reason": "engine assistance"})
    assert done.status_code == 302
    check_reverted(games, 2, admin_user, "engine assistance")


def test_ratings_are_read_only_in_the_admin(players, admin_user):
    three_games(players)
    client = Client()
    client.force_login(admin_user)
    r = rating_of(players[0])
    assert client.get("/admin/games/rating/").status_code == 200
    page = client.get(f"/admin/games/rating/{r.pk}/change/")
    assert page.status_code == 200
    client.post(f"/admin/games/rating/{r.pk}/change/", {"mu": "99", "sigma": "1", "games": "50"})
    fresh = Rating.objects.get(pk=r.pk)
    assert (fresh.mu, fresh.sigma, fresh.games) == (r.mu, r.sigma, r.games)
    assert client.get("/admin/games/rating/add/").status_code == 403
    client.post(f"/admin/games/rating/{r.pk}/delete/", {"post": "yes"})
    assert Rating.objects.filter(pk=r.pk).exists()


# --- display ------------------------------------------------------------------------------------

def test_a_new_player_starts_at_1000():
    assert ratings.display(25, 25 / 3) == 1000
    assert ratings.display(OS.mu, OS.sigma) == 1000
    assert ratings.display(30, 2) == 1000 + 40 * (30 - 6)


def test_provisional_until_five_rated_games(players):
    a, b = players[:2]
    start_at = timezone.now() - timedelta(days=30)
    for i in range(5):
        g = finished_game([a, b], [(0, 1, 20), (1, 2, 10), (ALIENS, 3, 5)], finished_at=start_at + timedelta(days=i))
        assert ratings.rate_game(g) is True
        r = rating_of(a)
        assert r.games == i + 1
        assert r.provisional is (i + 1 < 5)
        assert r.display == ratings.display(r.mu, r.sigma)


# --- places are computed once: the page and the ratings agree ------------------------------------

def test_a_tie_and_a_bot_seat_give_the_same_places_on_the_page_and_in_the_ratings(players, api_client_for):
    """The service stores the seats' places when the game ends; the ratings rate those same places,
    ties kept and the bot-played seat last, and the game's page (its API answer) shows them."""
    from types import SimpleNamespace

    ann, ben, cat, dan = players[:4]
    line = [(0, 1, 18), (1, 1, 18), (2, 3, 10), (ALIENS, 4, 8), (3, 5, 2)]
    game = finished_game([ann, ben, cat, dan], line, statuses={2: Seat.Status.TIMED_OUT})
    # A stand-in position for the page's drawing: the made-up outcome has no real game behind it.
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ACTIVE, finished_at=None,
                                           snapshot=RULES.new_game(4, 1), snapshot_seq=game.seq)
    outcome = game.outcome
    with transaction.atomic():
        locked = services.locked(game.pk)
        play._finish(locked, SimpleNamespace(outcome=lambda state: outcome), {}, timezone.now())
        locked.save()  # what services.play.record does after _finish, with the last decision

    wanted = {ann: 1, ben: 1, ALIENS: 3, dan: 4, cat: 5}
    game.refresh_from_db()
    assert game.rated is True
    stored = {s.user: s.rank for s in game.seats.select_related("user")}
    rated = {(ALIENS if c.rating.user is None else c.rating.user): c.rank
             for c in game.rating_changes.select_related("rating__user")}
    assert stored == {u: r for u, r in wanted.items() if u != ALIENS}
    assert rated == wanted

    detail = api_client_for(ann).get(f"/api/games/{game.pk}/").json()
    shown = {s["username"]: s["rank"] for s in detail["seats"]}
    changes = {c["who"]: c["rank"] for c in detail["rating_changes"]}
    assert shown == {u.username: r for u, r in stored.items()}
    assert changes == {**shown, ALIENS: 3}
