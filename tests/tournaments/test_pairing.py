"""Pairings: round robin, Swiss and knock-out schedules keep their promises for every field size."""
from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from tournaments.pairing import (
    BYE_POINTS,
    Result,
    Table,
    bracket_order,
    game_points,
    knockout_round,
    knockout_winners,
    round_robin,
    swiss_round,
)


def finish(round_number: int, table: Table, rng: random.Random, ties: bool = True) -> Result:
    """A random outcome: places 1.. in a shuffled order, neighbours sometimes sharing a place."""
    order = list(table)
    rng.shuffle(order)
    places, place = {}, 1
    for index, player in enumerate(order):
        if index and not (ties and rng.random() < 0.25):
            place = index + 1
        places[player] = place
    return Result(round_number, table, places)


def seat_zero_games(tables: list[Table]) -> Counter[int]:
    return Counter(table[0] for table in tables)


# ---------------------------------------------------------------- points


def test_game_points_count_opponents_beaten_and_tied():
    assert game_points(Result(1, (1, 2), {1: 1, 2: 2})) == {1: 1.0, 2: 0.0}
    assert game_points(Result(1, (1, 2), {1: 1, 2: 1})) == {1: 0.5, 2: 0.5}
    assert game_points(Result(1, (4, 3, 2, 1), {1: 1, 2: 2, 3: 3, 4: 4})) == \
        {1: 1.0, 2: pytest.approx(2 / 3), 3: pytest.approx(1 / 3), 4: 0.0}
    # 1 beats three; 2 and 3 share second: each beats 4 and ties the other, (1 + 1/2) / 3 = 1/2
    assert game_points(Result(1, (1, 2, 3, 4), {1: 1, 2: 2, 3: 2, 4: 4})) == {1: 1.0, 2: 0.5, 3: 0.5, 4: 0.0}


def test_a_table_of_one_is_no_game():
    with pytest.raises(ValueError):
        game_points(Result(1, (1,), {1: 1}))


# ---------------------------------------------------------------- round robin


@pytest.mark.parametrize("count", range(2, 66))
def test_round_robin_of_two_meets_every_pair_once_with_seat_zero_in_half_the_games(count):
    players = [100 + 7 * index for index in range(count)]
    schedule = round_robin(players, 2)
    assert len(schedule) == (count - 1 if count % 2 == 0 else count)
    met = Counter(frozenset(table) for round_ in schedule for table in round_)
    assert set(met) == {frozenset(pair) for pair in combinations(players, 2)}
    assert set(met.values()) == {1}
    for round_ in schedule:
        seated = [player for table in round_ for player in table]
        assert len(seated) == len(set(seated)) == count - count % 2  # one rests when the count is odd
    # Each plays count-1 games: odd count, exactly half in seat 0; even count, (count-2)/2 or count/2.
    first = seat_zero_games([table for round_ in schedule for table in round_])
    expected = {(count - 1) // 2} if count % 2 else ({(count - 2) // 2, count // 2} if count > 2 else {0, 1})
    assert {first[player] for player in players} <= expected


@pytest.mark.parametrize("table_size", [3, 4])
@pytest.mark.parametrize("count", range(3, 41))
def test_round_robin_at_bigger_tables_meets_every_pair(table_size, count):
    players = list(range(1, count + 1))
    schedule = round_robin(players, table_size, seed=count)
    check_covering(schedule, players, table_size)


def test_round_robin_of_65_at_tables_of_four():
    players = list(range(1, 66))
    schedule = round_robin(players, 4)
    check_covering(schedule, players, 4)
    # 64 opponents, 3 met a round: at least 22 rounds; the greedy search finds 26
    assert len(schedule) <= 27


def check_covering(schedule: list[list[Table]], players: list[int], table_size: int) -> None:
    lower_bound = -(-(len(players) - 1) // (table_size - 1))
    assert lower_bound <= len(schedule) <= 2 * lower_bound + 2
    met = {frozenset(pair) for round_ in schedule for table in round_ for pair in combinations(table, 2)}
    assert met == {frozenset(pair) for pair in combinations(players, 2)}
    for round_ in schedule:
        seated = [player for table in round_ for player in table]
        assert len(seated) == len(set(seated))
        assert len(players) - len(seated) <= 1  # everyone plays, but a lone remainder rests
        assert all(2 <= len(table) <= table_size for table in round_)
        assert sum(len(table) < table_size for table in round_) <= 1
    games = Counter(player for round_ in schedule for table in round_ for player in table)
    first = seat_zero_games([table for round_ in schedule for table in round_])
    # seat 0 goes round: nobody has it more than once beyond their fair share of their games
    for player in players:
        assert first[player] <= games[player] / 2 + 1


def test_round_robin_schedule_is_the_same_every_time_and_follows_the_seed():
    players = list(range(1, 21))
    assert round_robin(players, 4, seed=3) == round_robin(players, 4, seed=3)
    assert round_robin(players, 4, seed=3) != round_robin(players, 4, seed=4)


@pytest.mark.parametrize("table_size", [2, 3, 4])
def test_round_robin_of_one_player_has_no_rounds(table_size):
    assert round_robin([7], table_size) == []


def test_round_robin_of_nine_at_tables_of_three_finds_the_four_perfect_rounds():
    assert len(round_robin(list(range(9)), 3)) == 4


# ---------------------------------------------------------------- Swiss, 2 players


def play_swiss(count: int, rounds: int, rng: random.Random, table_size: int = 2):
    """Yield (round, tables, byes given, results so far, byes so far, ratings) for a simulated Swiss event;
    the results list is the event's own, so after the last round it holds every game."""
    players = list(range(1, count + 1))
    ratings = {player: float(rng.randint(1000, 2000)) for player in players}
    results: list[Result] = []
    byes: Counter[int] = Counter()
    for round_number in range(1, rounds + 1):
        tables, resting = swiss_round(players, ratings, results, dict(byes), table_size, round_number)
        yield round_number, tables, resting, results, Counter(byes), ratings
        byes.update(resting)
        results.extend(finish(round_number, table, rng) for table in tables)


def score_of(results: list[Result], byes: Counter[int]) -> Counter:
    score: Counter = Counter({player: Fraction(count) * Fraction(BYE_POINTS) for player, count in byes.items()})
    for result in results:
        for player in result.table:
            others = [o for o in result.table if o != player]
            score[player] += sum(Fraction(1) if result.places[player] < result.places[o]
                                 else Fraction(1, 2) if result.places[player] == result.places[o]
                                 else Fraction(0) for o in others) / len(others)
    return score


@settings(max_examples=12, deadline=None)
@given(count=st.integers(2, 65), seed=st.integers(0, 2**32))
def test_swiss_pairs_everyone_once_without_rematches_and_gives_byes_in_turn(count, seed):
    rounds = min(count - 1, 7)
    met: Counter[frozenset[int]] = Counter()
    # The last round's results stay in `results`, for check_seats below.
    for _, tables, resting, results, byes, _ in play_swiss(count, rounds, random.Random(seed)):  # noqa: B007
        seated = [player for table in tables for player in table] + resting
        assert sorted(seated) == list(range(1, count + 1))
        assert len(resting) == count % 2
        for player in resting:
            assert byes[player] == min(byes[p] for p in range(1, count + 1))
        met.update(frozenset(table) for table in tables)
    if count >= 2 * rounds:
        assert set(met.values()) == {1}
        check_seats(results)


def check_seats(results: list[Result]) -> None:
    """Seat 0 in half of a player's games, give or take one."""
    first = seat_zero_games([result.table for result in results])
    games = Counter(player for result in results for player in result.table)
    assert all(abs(2 * first[player] - games[player]) <= 2 for player in games)


@settings(max_examples=30, deadline=None)
@given(count=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_swiss_pairing_is_the_best_of_all_pairings(count, seed):
    """Against every perfect matching, by brute force: fewest rematches, then fewest pairs of players
    both two games ahead in the same seat, then the smallest sum of squared score differences."""
    for _, tables, _resting, results, byes, _ in play_swiss(count, count - 1, random.Random(seed)):
        playing = sorted(player for table in tables for player in table)
        cost = measure(results, byes)
        assert sum_cost(tables, cost) == min(sum_cost(pairs, cost) for pairs in perfect_matchings(playing))


def measure(results: list[Result], byes: Counter[int]):
    score = score_of(results, byes)
    met = Counter(frozenset(result.table) for result in results)
    owed = Counter()
    for result in results:
        owed[result.table[0]] += 1
        owed[result.table[1]] -= 1

    def cost(a: int, b: int) -> tuple[int, int, Fraction]:
        clash = owed[a] * owed[b] > 0 and min(abs(owed[a]), abs(owed[b])) >= 2
        return met[frozenset((a, b))], int(clash), (score[a] - score[b]) ** 2
    return cost


def sum_cost(pairs, cost) -> tuple:
    return tuple(map(sum, zip(*(cost(a, b) for a, b in pairs)))) if pairs else ()


def perfect_matchings(players: list[int]):
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for index, partner in enumerate(rest):
        for pairs in perfect_matchings(rest[:index] + rest[index + 1:]):
            yield [(first, partner), *pairs]


def test_swiss_first_round_pairs_by_rating_and_alternates_seat_zero_down_the_boards():
    ratings = {1: 1900.0, 2: 1800.0, 3: 1700.0, 4: 1600.0, 5: 1500.0}
    tables, resting = swiss_round([5, 4, 3, 2, 1], ratings, [], {}, 2, 1)
    assert resting == [5]  # the lowest rated sits out
    assert tables == [(1, 2), (4, 3)]


def test_swiss_equal_scores_meet_and_the_loser_of_a_game_takes_seat_zero_next():
    ratings = {1: 1900.0, 2: 1800.0, 3: 1700.0, 4: 1600.0}
    results = [Result(1, (1, 3), {1: 1, 3: 2}), Result(1, (4, 2), {2: 1, 4: 2})]
    tables, resting = swiss_round([1, 2, 3, 4], ratings, results, {}, 2, 2)
    assert resting == []
    assert tables == [(2, 1), (3, 4)]  # winners meet, losers meet; each pair: the one owed seat 0 takes it


def test_swiss_rematches_only_when_nothing_else_is_left():
    ratings = {1: 4.0, 2: 3.0, 3: 2.0, 4: 1.0}
    results = [Result(1, (1, 2), {1: 1, 2: 2}), Result(1, (3, 4), {3: 1, 4: 2}),
               Result(2, (1, 3), {1: 1, 3: 2}), Result(2, (2, 4), {2: 1, 4: 2}),
               Result(3, (1, 4), {1: 1, 4: 2}), Result(3, (2, 3), {2: 1, 3: 2})]
    tables, _ = swiss_round([1, 2, 3, 4], ratings, results, {}, 2, 4)
    assert len(tables) == 2  # a fourth round among four: every pairing repeats, so one is chosen


def test_swiss_bye_goes_to_the_lowest_standing_player_without_one():
    ratings = {1: 5.0, 2: 4.0, 3: 3.0}
    results = [Result(1, (1, 2), {1: 1, 2: 2})]
    assert swiss_round([1, 2, 3], ratings, results, {3: 1}, 2, 2)[1] == [2]


# ---------------------------------------------------------------- Swiss, 3 and 4 players


@pytest.mark.parametrize("table_size", [3, 4])
@pytest.mark.parametrize("count", [3, 4, 5, 7, 9, 12, 13, 22])
def test_swiss_at_bigger_tables_cuts_the_standings_in_order(table_size, count):
    rng = random.Random(count * table_size)
    rounds = 5
    for _, tables, resting, results, byes, ratings in play_swiss(count, rounds, rng, table_size):
        seated = [player for table in tables for player in table]
        assert sorted(seated + resting) == list(range(1, count + 1))
        assert all(len(table) == min(table_size, count) for table in tables)
        # the standings read down the tables, give or take a swap at a table's edge
        score = score_of(results, byes)
        standing = sorted(seated, key=lambda p: (-score[p], -ratings[p]))
        in_table_order = [p for table in tables for p in sorted(table, key=standing.index)]
        assert all(abs(standing.index(p) - in_table_order.index(p)) <= 1 for p in seated)
        # byes go to those with the fewest byes
        for player in resting:
            assert all(byes[player] <= byes[other] for other in seated)


def test_swiss_at_tables_of_four_separates_last_rounds_tables_and_seats_the_fewest_seat_zero_first():
    ratings = {player: 2000.0 - player for player in range(1, 9)}
    everyone_level = dict.fromkeys(range(1, 9), 1)
    results = [Result(1, (1, 2, 3, 4), everyone_level), Result(1, (5, 6, 7, 8), everyone_level)]
    tables, resting = swiss_round(list(ratings), ratings, results, {}, 4, 2)
    # all on 1/2 point, so by rating: 1-4 and 5-8, last round's tables again: 4 and 5 swap tables.
    # Seat 0 to those who have not had it, who sat latest first: 3 (seat 2) before 2 (seat 1); 4 and 8
    # (both seat 3) in standing order.
    assert resting == []
    assert tables == [(3, 2, 1, 5), (4, 8, 7, 6)]


def test_swiss_at_tables_of_four_a_remainder_may_form_a_smaller_table():
    ratings = {player: 2000.0 - player for player in range(1, 8)}
    assert swiss_round(list(ratings), ratings, [], {}, 4, 1)[1] == [5, 6, 7]
    tables, resting = swiss_round(list(ratings), ratings, [], {}, 4, 1, min_table=3)
    assert resting == [] and [len(table) for table in tables] == [4, 3]


# ---------------------------------------------------------------- knock-out


def play_knockout(count: int, table_size: int, rng: random.Random | None):
    """Play to the end; the higher rating always wins when rng is None. Returns (champion, rounds)."""
    players = list(range(1, count + 1))
    ratings = {player: float(1000 + 10 * (count - player)) for player in players}  # player 1 is seed 1
    rounds = []
    while len(players) > 1:
        tables, resting = knockout_round(players, ratings, table_size)
        assert tables, "a round with two or more players plays at least one table"
        results = [finish(len(rounds) + 1, table, rng) if rng else
                   Result(len(rounds) + 1, table, {p: p for p in table}) for table in tables]
        rounds.append((tables, resting))
        players = sorted([knockout_winners(result, ratings) for result in results] + resting)
    return players, rounds


@pytest.mark.parametrize("table_size", [2, 4])
@pytest.mark.parametrize("count", range(2, 66))
def test_knockout_ends_with_one_champion(table_size, count):
    champions, rounds = play_knockout(count, table_size, random.Random(count))
    assert len(champions) == 1
    for tables, resting in rounds:
        seated = [player for table in tables for player in table]
        assert len(seated) == len(set(seated)) and not set(seated) & set(resting)
        assert all(2 <= len(table) <= table_size for table in tables)
    if table_size == 2:
        assert len(rounds) == (count - 1).bit_length()


@pytest.mark.parametrize("count", range(2, 66))
def test_knockout_seeds_one_and_two_meet_in_the_final_and_top_seeds_take_the_byes(count):
    champions, rounds = play_knockout(count, 2, None)
    assert champions == [1]
    assert rounds[-1][0] == [(1, 2)]
    assert all((1, 2) not in tables for tables, _ in rounds[:-1])
    bracket = 1 << (count - 1).bit_length()
    assert rounds[0][1] == list(range(1, bracket - count + 1))  # seeds 1.. take the byes
    assert all(not resting for _, resting in rounds[1:])


@settings(max_examples=25, deadline=None)
@given(count=st.integers(3, 65), seed=st.integers(0, 2**32))
def test_knockout_the_two_best_rated_left_never_meet_before_the_final(count, seed):
    ratings = {player: float(1000 + 10 * (count - player)) for player in range(1, count + 1)}
    _, rounds = play_knockout(count, 2, random.Random(seed))
    for tables, resting in rounds[:-1]:
        left = sorted([p for table in tables for p in table] + resting, key=lambda p: -ratings[p])
        assert tuple(sorted(left[:2])) not in {tuple(sorted(table)) for table in tables}


def test_bracket_order_is_the_standard_seeding():
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert bracket_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]


def test_knockout_at_tables_of_four_deals_seeds_snake_wise():
    ratings = {player: 100.0 - player for player in range(1, 14)}
    tables, resting = knockout_round(list(ratings), ratings, 4)
    # 13 players: 4 tables (4, 3, 3, 3); seeds 1-4 across, 5-8 back, 9-12 across, 13 back to the big one
    assert tables == [(1, 8, 9, 13), (2, 7, 10), (3, 6, 11), (4, 5, 12)]
    assert resting == []


def test_knockout_at_tables_of_four_with_a_minimum_of_three_gives_the_top_seed_a_bye():
    ratings = {player: 100.0 - player for player in range(1, 6)}
    assert knockout_round(list(ratings), ratings, 4, min_table=3) == ([(2, 3, 4, 5)], [1])
    assert knockout_round([1, 2], ratings, 4, min_table=3) == ([(1, 2)], [])  # the final is played anyway
    assert knockout_round([4], ratings, 4) == ([], [4])


def test_knockout_winner_of_a_shared_first_place_is_the_higher_rating_then_the_earlier_seat():
    result = Result(2, (5, 6, 7), {5: 2, 6: 1, 7: 1})
    assert knockout_winners(result, {5: 3.0, 6: 1.0, 7: 2.0}) == 7
    assert knockout_winners(result, {5: 3.0, 6: 2.0, 7: 2.0}) == 6


# ---------------------------------------------------------------- players kept apart (a block)


def test_swiss_pairs_a_pair_kept_apart_only_when_no_other_pairing_is_left():
    ratings = {1: 1900.0, 2: 1800.0, 3: 1700.0, 4: 1600.0}
    apart = {frozenset((1, 2))}
    assert swiss_round([1, 2, 3, 4], ratings, [], {}, 2, 1) == ([(1, 2), (4, 3)], [])  # by rating: 1 meets 2
    tables, _ = swiss_round([1, 2, 3, 4], ratings, [], {}, 2, 1, apart=apart)
    assert all({1, 2} != set(table) for table in tables) and len(tables) == 2
    # even before a rematch: 1 met 3, then 4, and the third round repeats a game rather than seat 1 with 2
    results = [Result(1, (1, 3), {1: 1, 3: 2}), Result(1, (2, 4), {2: 1, 4: 2}),
               Result(2, (1, 4), {1: 1, 4: 2}), Result(2, (2, 3), {2: 1, 3: 2})]
    tables, _ = swiss_round([1, 2, 3, 4], ratings, results, {}, 2, 3, apart=apart)
    assert all({1, 2} != set(table) for table in tables) and len(tables) == 2
    assert swiss_round([1, 2], ratings, [], {}, 2, 1, apart=apart)[0] == [(1, 2)]  # nobody else to meet


def test_swiss_and_knockout_tables_of_four_move_a_player_kept_apart_to_another_table():
    ratings = {player: 2000.0 - player for player in range(1, 9)}
    tables, _ = swiss_round(list(ratings), ratings, [], {}, 4, 1, apart={frozenset((1, 2))})
    assert len(tables) == 2 and all(not {1, 2} <= set(table) for table in tables)
    assert sorted(p for table in tables for p in table) == list(range(1, 9))
    tables, _ = knockout_round(list(ratings), ratings, 4, apart={frozenset((1, 8))})
    assert tables[0][0] == 1 and all(not {1, 8} <= set(table) for table in tables)
    assert all(list(table) == sorted(table) for table in tables)  # seat order still by seed


def test_knockout_bracket_swaps_an_opponent_kept_apart_with_the_neighbouring_pair():
    ratings = {player: 100.0 - player for player in range(1, 5)}
    assert knockout_round([1, 2, 3, 4], ratings, 2) == ([(1, 4), (2, 3)], [])
    assert knockout_round([1, 2, 3, 4], ratings, 2, apart={frozenset((1, 4))}) == ([(1, 3), (2, 4)], [])
    assert knockout_round([1, 4], ratings, 2, apart={frozenset((1, 4))}) == ([(1, 4)], [])  # the final is played


def test_the_tournament_core_imports_nothing_of_the_site():
    """The pairing and standings run wherever the rules do: a fresh Python loads no Django for them."""
    code = ("import sys, tournaments.pairing, tournaments.tiebreaks; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in {'django', 'argo_site', 'games'}))")
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
