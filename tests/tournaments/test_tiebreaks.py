"""Standings against tables worked out by hand: every figure below is computed in the comment beside it."""
from __future__ import annotations

import pytest

from tournaments.pairing import Result
from tournaments.tiebreaks import ORDER, TIEBREAKS, standings


def beat(round_number: int, table: tuple[int, int], winner: int) -> Result:
    loser = table[1] if winner == table[0] else table[0]
    return Result(round_number, table, {winner: 1, loser: 2})


def drew(round_number: int, table: tuple[int, int]) -> Result:
    return Result(round_number, table, {table[0]: 1, table[1]: 1})


def table_of(rows) -> list[tuple]:
    return [(row.player, row.place, row.points, row.tiebreaks, row.games) for row in rows]


def test_each_format_names_its_tiebreaks_in_order():
    assert TIEBREAKS == {"round_robin": ("head_to_head", "sonneborn_berger"),
                         "swiss": ("buchholz", "sonneborn_berger", "rating"),
                         "knockout": ("round_reached", "rating")}
    assert ORDER["knockout"] == ("round_reached", "points", "rating")


# ---------------------------------------------------------------- round robin of four

# Round 1: 1-4 drawn, 2 beats 3.  Round 2: 3-1 drawn, 4 beats 2.  Round 3: 2 beats 1, 3 beats 4.
HEAD_TO_HEAD_EVENT = [drew(1, (1, 4)), beat(1, (2, 3), 2), drew(2, (3, 1)), beat(2, (4, 2), 4),
                      beat(3, (1, 2), 2), beat(3, (3, 4), 3)]


def test_round_robin_head_to_head_ranks_before_sonneborn_berger():
    # points: 1 = 1/2 + 1/2 + 0 = 1;  2 = 1 + 0 + 1 = 2;  3 = 0 + 1/2 + 1 = 3/2;  4 = 1/2 + 1 + 0 = 3/2
    # head-to-head: 3 and 4 are level on 3/2 and met: 3 beat 4, so 3 has 1 and 4 has 0; 1 and 2 are
    #   alone on their points: 0.
    # Sonneborn-Berger (beaten opponents' points + half the drawn ones'):
    #   1: drew 4 (3/2 / 2) + drew 3 (3/2 / 2) = 3/4 + 3/4 = 3/2
    #   2: beat 3 (3/2) + beat 1 (1) = 5/2
    #   3: drew 1 (1 / 2) + beat 4 (3/2) = 2
    #   4: drew 1 (1 / 2) + beat 2 (2) = 5/2
    # 3 above 4 on head-to-head although 4's Sonneborn-Berger is higher.
    rows = standings("round_robin", [1, 2, 3, 4], {}, HEAD_TO_HEAD_EVENT, {})
    assert table_of(rows) == [
        (2, 1, 2.0, {"head_to_head": 0.0, "sonneborn_berger": 2.5}, 3),
        (3, 2, 1.5, {"head_to_head": 1.0, "sonneborn_berger": 2.0}, 3),
        (4, 3, 1.5, {"head_to_head": 0.0, "sonneborn_berger": 2.5}, 3),
        (1, 4, 1.0, {"head_to_head": 0.0, "sonneborn_berger": 1.5}, 3),
    ]


# Round 1: 1 beats 4, 3 beats 2.  Round 2: 3-1 drawn, 2 beats 4.  Round 3: 2 beats 1, 4 beats 3.
SONNEBORN_BERGER_EVENT = [beat(1, (1, 4), 1), beat(1, (2, 3), 3), drew(2, (3, 1)), beat(2, (4, 2), 2),
                          beat(3, (1, 2), 2), beat(3, (3, 4), 4)]


def test_round_robin_sonneborn_berger_decides_a_drawn_head_to_head():
    # points: 1 = 1 + 1/2 + 0 = 3/2;  2 = 0 + 1 + 1 = 2;  3 = 1 + 1/2 + 0 = 3/2;  4 = 0 + 0 + 1 = 1
    # head-to-head: 1 and 3 drew each other, 1/2 each (equal);  2 and 4 alone: 0.
    # Sonneborn-Berger:
    #   1: beat 4 (1) + drew 3 (3/2 / 2) = 1 + 3/4 = 7/4
    #   2: beat 4 (1) + beat 1 (3/2) = 5/2
    #   3: beat 2 (2) + drew 1 (3/2 / 2) = 2 + 3/4 = 11/4
    #   4: beat 3 (3/2) = 3/2
    rows = standings("round_robin", [1, 2, 3, 4], {}, SONNEBORN_BERGER_EVENT, {})
    assert table_of(rows) == [
        (2, 1, 2.0, {"head_to_head": 0.0, "sonneborn_berger": 2.5}, 3),
        (3, 2, 1.5, {"head_to_head": 0.5, "sonneborn_berger": 2.75}, 3),
        (1, 3, 1.5, {"head_to_head": 0.5, "sonneborn_berger": 1.75}, 3),
        (4, 4, 1.0, {"head_to_head": 0.0, "sonneborn_berger": 1.5}, 3),
    ]


def test_round_robin_head_to_head_waits_until_the_tied_players_have_all_met():
    # After round 1 of the same event: 1 and 3 have 1 point each but have not met: head-to-head 0 for
    # both. Sonneborn-Berger: 1 beat 4 (0 points) = 0; 3 beat 2 (0 points) = 0: they share first place.
    rows = standings("round_robin", [1, 2, 3, 4], {}, SONNEBORN_BERGER_EVENT[:2], {})
    assert [(row.player, row.place, row.tiebreaks["head_to_head"]) for row in rows] == \
        [(1, 1, 0.0), (3, 1, 0.0), (2, 3, 0.0), (4, 3, 0.0)]


def test_round_robin_sit_outs_score_nothing():
    rows = standings("round_robin", [1, 2, 3], {}, [beat(1, (1, 2), 1)], {3: 1})
    assert [(row.player, row.points, row.games) for row in rows] == [(1, 1.0, 1), (2, 0.0, 1), (3, 0.0, 0)]


# ---------------------------------------------------------------- Swiss of six, three rounds

RATINGS = {1: 1600.0, 2: 1550.0, 3: 1500.0, 4: 1450.0, 5: 1400.0, 6: 1350.0}
# Round 1: 1 beats 2, 3 beats 4, 6 beats 5.   Round 2: 3 beats 1, 4 beats 6, 5 beats 2.
# Round 3: 5 beats 3, 1 beats 4, 2 beats 6.
SWISS_EVENT = [beat(1, (1, 2), 1), beat(1, (4, 3), 3), beat(1, (5, 6), 6),
               beat(2, (3, 1), 3), beat(2, (6, 4), 4), beat(2, (2, 5), 5),
               beat(3, (5, 3), 5), beat(3, (1, 4), 1), beat(3, (2, 6), 2)]


def test_swiss_each_tiebreak_decides_a_place():
    # points: 1, 3 and 5 won twice (2); 2, 4 and 6 once (1).
    # Buchholz (the opponents' points):
    #   1: 2, 3, 4 -> 1 + 2 + 1 = 4      2: 1, 5, 6 -> 2 + 2 + 1 = 5      3: 4, 1, 5 -> 1 + 2 + 2 = 5
    #   4: 3, 6, 1 -> 2 + 1 + 2 = 5      5: 6, 2, 3 -> 1 + 1 + 2 = 4      6: 5, 4, 2 -> 2 + 1 + 1 = 4
    # Sonneborn-Berger (the beaten opponents' points):
    #   1: 2, 4 -> 1 + 1 = 2    2: 6 -> 1    3: 4, 1 -> 1 + 2 = 3
    #   4: 6 -> 1               5: 2, 3 -> 1 + 2 = 3    6: 5 -> 2
    # On 2: 3 first on Buchholz (5 to 4); 5 above 1 on Sonneborn-Berger (3 to 2).
    # On 1: 2 and 4 level on Buchholz (5) and Sonneborn-Berger (1): rating, 1550 to 1450; 6 last on
    #   Buchholz (4).
    rows = standings("swiss", [1, 2, 3, 4, 5, 6], RATINGS, SWISS_EVENT, {})
    assert table_of(rows) == [
        (3, 1, 2.0, {"buchholz": 5.0, "sonneborn_berger": 3.0, "rating": 1500.0}, 3),
        (5, 2, 2.0, {"buchholz": 4.0, "sonneborn_berger": 3.0, "rating": 1400.0}, 3),
        (1, 3, 2.0, {"buchholz": 4.0, "sonneborn_berger": 2.0, "rating": 1600.0}, 3),
        (2, 4, 1.0, {"buchholz": 5.0, "sonneborn_berger": 1.0, "rating": 1550.0}, 3),
        (4, 5, 1.0, {"buchholz": 5.0, "sonneborn_berger": 1.0, "rating": 1450.0}, 3),
        (6, 6, 1.0, {"buchholz": 4.0, "sonneborn_berger": 2.0, "rating": 1350.0}, 3),
    ]


def test_swiss_withdrawn_players_rank_last_with_their_points_kept():
    # 3 withdraws after round 3: last, still on 2 points, and still counted in the others' Buchholz.
    rows = standings("swiss", [1, 2, 3, 4, 5, 6], RATINGS, SWISS_EVENT, {}, withdrawn={3})
    assert [(row.player, row.place, row.points) for row in rows] == \
        [(5, 1, 2.0), (1, 2, 2.0), (2, 3, 1.0), (4, 4, 1.0), (6, 5, 1.0), (3, 6, 2.0)]
    assert rows[1].tiebreaks["buchholz"] == 4.0


def test_swiss_byes_score_a_point_and_add_nothing_to_buchholz():
    # Round 1: 1 beats 2, 3 has a bye.  Round 2: 3 beats 1, 2 has a bye.
    # points: 1 = 1;  2 = 0 + 1 (bye) = 1;  3 = 1 (bye) + 1 = 2
    # Buchholz: 1 met 2 and 3: 1 + 2 = 3;  2 met 1: 1;  3 met 1: 1
    rows = standings("swiss", [1, 2, 3], {1: 1.0, 2: 1.0, 3: 1.0},
                     [beat(1, (1, 2), 1), beat(2, (3, 1), 3)], {3: 1, 2: 1})
    assert [(row.player, row.points, row.tiebreaks["buchholz"], row.games) for row in rows] == \
        [(3, 2.0, 1.0, 1), (1, 1.0, 3.0, 2), (2, 1.0, 1.0, 1)]


def test_swiss_tiebreaks_at_tables_of_three_and_four_count_a_table_as_one_game():
    # Round 1, four at a table: 1 first, 2 and 3 share second, 4 last:
    #   1 = 3/3 = 1;  2 = (1/2 + 1) / 3 = 1/2;  3 = 1/2;  4 = 0
    # Round 2, three at a table: 4 first, 2 second, 3 last: 4 = 1, 2 = 1/2, 3 = 0;  1 has a bye (1).
    # points: 1 = 1 + 1 = 2;  2 = 1/2 + 1/2 = 1;  3 = 1/2 + 0 = 1/2;  4 = 0 + 1 = 1
    # Buchholz (the opponents' points over table size - 1):
    #   2: (2 + 1/2 + 1) / 3 + (1/2 + 1) / 2 = 7/6 + 3/4 = 23/12
    #   4: (2 + 1 + 1/2) / 3 + (1 + 1/2) / 2 = 7/6 + 3/4 = 23/12
    #   1: (1 + 1/2 + 1) / 3 = 5/6;   3: (2 + 1 + 1) / 3 + (1 + 1) / 2 = 4/3 + 1 = 7/3
    # Sonneborn-Berger (pairwise result x the opponent's points, over table size - 1):
    #   2: (0 x 2 + 1/2 x 1/2 + 1 x 1) / 3 + (0 x 1 + 1 x 1/2) / 2 = 5/12 + 1/4 = 2/3
    #   4: 0 + (1 x 1 + 1 x 1/2) / 2 = 3/4      -> 4 above 2 on Sonneborn-Berger
    #   1: (1 + 1/2 + 1) / 3 = 5/6;   3: (0 + 1/2 x 1 + 1 x 1) / 3 + 0 = 1/2
    results = [Result(1, (1, 2, 3, 4), {1: 1, 2: 2, 3: 2, 4: 4}), Result(2, (2, 3, 4), {4: 1, 2: 2, 3: 3})]
    rows = standings("swiss", [1, 2, 3, 4], {}, results, {1: 1})
    assert [row.player for row in rows] == [1, 4, 2, 3]
    expected = {1: (2.0, 5 / 6, 5 / 6), 2: (1.0, 23 / 12, 2 / 3), 3: (0.5, 7 / 3, 1 / 2), 4: (1.0, 23 / 12, 3 / 4)}
    for row in rows:
        assert (row.points, row.tiebreaks["buchholz"], row.tiebreaks["sonneborn_berger"]) == \
            pytest.approx(expected[row.player])
    assert rows[1].tiebreaks["buchholz"] == rows[2].tiebreaks["buchholz"]  # exactly: fractions inside


# ---------------------------------------------------------------- knock-out


def test_knockout_ranks_by_the_round_reached_then_points_then_rating():
    # Round 1: 1 beats 4, 3 beats 2.  Round 2 (the final): 3 beats 1.
    # round reached (rounds passed + 1): 3 = 2 + 1 = 3;  1 = 1 + 1 = 2;  2 = 4 = 0 + 1 = 1
    # 2 and 4 went out in round 1 with 0 points: rating, 3 to 1.
    ratings = {1: 4.0, 2: 3.0, 3: 2.0, 4: 1.0}
    results = [beat(1, (1, 4), 1), beat(1, (2, 3), 3), beat(2, (1, 3), 3)]
    rows = standings("knockout", [1, 2, 3, 4], ratings, results, {})
    assert table_of(rows) == [
        (3, 1, 2.0, {"round_reached": 3.0, "rating": 2.0}, 2),
        (1, 2, 1.0, {"round_reached": 2.0, "rating": 4.0}, 2),
        (2, 3, 0.0, {"round_reached": 1.0, "rating": 3.0}, 1),
        (4, 4, 0.0, {"round_reached": 1.0, "rating": 1.0}, 1),
    ]


def test_knockout_champion_ranks_above_the_runner_up_on_equal_points():
    # Round 1: 1 has a bye, 2 beats 3.  Final: 1 beats 2.  Both finalists won one game (1 point);
    # 1 passed two rounds (bye, final): reached 3; 2 passed one: reached 2. Byes score nothing here.
    ratings = {1: 1.0, 2: 9.0, 3: 5.0}  # ratings changed since the seeding: the round still decides
    rows = standings("knockout", [1, 2, 3], ratings, [beat(1, (2, 3), 2), beat(2, (1, 2), 1)], {1: 1})
    assert [(row.player, row.place, row.points, row.tiebreaks["round_reached"]) for row in rows] == \
        [(1, 1, 1.0, 3.0), (2, 2, 1.0, 2.0), (3, 3, 0.0, 1.0)]


def test_players_level_on_everything_share_a_place():
    rows = standings("round_robin", [3, 1, 2], {}, [], {})
    assert [(row.player, row.place) for row in rows] == [(3, 1), (1, 1), (2, 1)]


def test_an_unknown_format_is_refused():
    with pytest.raises(ValueError):
        standings("ladder", [1], {}, [], {})
