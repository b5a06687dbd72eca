"""RULES.md section 11: the winner, tie-breaks, and the ranking with the aliens as one more player."""
from __future__ import annotations

import pytest

from games.rules.argo import RULES

from .positions import loose_position

COLOURS = ["red", "yellow", "green", "blue"]
ROLES = ["chief", "explorer", "pilot", "grunt", "robot"]


def final(players=2, scores=None, acts=None, escaped=None, dead=(), difficulty="medium",
          reason="last_turns"):
    """A finished game: `acts` {colour: activations}, `escaped` {colour: escaped astronauts}."""
    board = {"0|0": "WR"}
    modules = iter([("WH1", (1, 0)), ("WH2", (-1, 0)), ("INF", (0, 1)), ("SEC", (0, -1)),
                    ("LAB", (2, 0)), ("JUMP", (-2, 0)), ("CTRL", (0, 2)), ("LASER", (0, -2))])
    for colour, n in (acts or {}).items():
        for _ in range(n):
            tile, (x, y) = next(modules)
            board[f"{x}|{y}"] = (tile, 0, [colour])
    astronauts = {}
    for colour, n in (escaped or {}).items():
        for role in ROLES[:n]:
            astronauts[f"{colour}-{role}"] = "escaped"
    for figure in dead:
        astronauts[figure] = "dead"
    s = loose_position(board, astronauts, players=players, rest="0|0", phase="end", track=list(dead),
                 scores=scores or {}, options={"difficulty": difficulty})
    s["over"] = {"reason": reason}
    s["ask"] = None
    return s


def ranking(result):
    return [(r["who"], r["rank"]) for r in result["ranking"]]


def test_no_outcome_while_the_game_goes_on():
    assert RULES.outcome(RULES.new_game(2, 1)) is None


def test_outcome_reports_scores_and_alien_score():
    result = RULES.outcome(final(scores={"red": 4, "yellow": 6}))
    assert result["scores"] == {"red": 4, "yellow": 6}
    assert result["alien_score"] == 9  # two players, medium (R12)
    assert result["reason"] == "last_turns"


# --- who wins --------------------------------------------------------------------------------------

def test_aliens_win_when_their_score_is_higher_than_the_best_player():
    result = RULES.outcome(final(scores={"red": 5, "yellow": 8}))
    assert result["alien_victory"] is True
    assert result["winners"] == []
    assert ranking(result) == [("aliens", 1), ("yellow", 2), ("red", 3)]


def test_aliens_do_not_win_on_an_equal_score():
    result = RULES.outcome(final(scores={"red": 9, "yellow": 3}))
    assert result["alien_victory"] is False
    assert result["winners"] == ["red"]
    assert ranking(result) == [("red", 1), ("aliens", 2), ("yellow", 3)]


def test_highest_score_wins():
    result = RULES.outcome(final(players=3, scores={"red": 12, "yellow": 15, "green": 10}))
    assert result["alien_victory"] is False
    assert result["winners"] == ["yellow"]
    assert [r["who"] for r in result["ranking"]] == ["yellow", "red", "green", "aliens"]


def test_alien_score_grows_with_the_dead():
    dead = ["red-chief", "red-pilot", "yellow-chief"]
    result = RULES.outcome(final(scores={"red": 12, "yellow": 10}, dead=dead))
    assert result["alien_score"] == 16  # token covers 0, 7; the dead cover 9, 11, 13
    assert result["alien_victory"] is True


def test_tie_goes_to_more_activations():
    result = RULES.outcome(final(scores={"red": 12, "yellow": 12}, acts={"red": 1, "yellow": 2}))
    assert result["activations"] == {"red": 1, "yellow": 2}
    assert result["winners"] == ["yellow"]
    assert [r["who"] for r in result["ranking"]][:2] == ["yellow", "red"]


def test_tie_on_activations_goes_to_more_escaped_astronauts():
    result = RULES.outcome(final(scores={"red": 12, "yellow": 12}, acts={"red": 1, "yellow": 1},
                                 escaped={"red": 3, "yellow": 2}))
    assert result["escaped"] == {"red": 3, "yellow": 2}
    assert result["winners"] == ["red"]


def test_activations_come_before_escaped_astronauts():
    result = RULES.outcome(final(scores={"red": 12, "yellow": 12}, acts={"red": 2, "yellow": 1},
                                 escaped={"red": 0, "yellow": 4}))
    assert result["winners"] == ["red"]


def test_full_tie_is_a_shared_victory():
    result = RULES.outcome(final(scores={"red": 12, "yellow": 12}, acts={"red": 1, "yellow": 1},
                                 escaped={"red": 2, "yellow": 2}))
    assert sorted(result["winners"]) == ["red", "yellow"]
    assert {r["who"]: r["rank"] for r in result["ranking"]}["red"] == 1
    assert {r["who"]: r["rank"] for r in result["ranking"]}["yellow"] == 1


def test_tie_breaks_only_among_the_best_score():
    # Green has more activations but a lower score: the score decides first.
    result = RULES.outcome(final(players=3, scores={"red": 12, "yellow": 11, "green": 11},
                                 acts={"green": 3}))
    assert result["winners"] == ["red"]


# --- the ranking with the aliens as one more player --------------------------------------------------

def test_aliens_rank_first_when_they_win():
    result = RULES.outcome(final(players=4, scores={"red": 1, "yellow": 2, "green": 3, "blue": 4},
                                 difficulty="hard"))
    assert result["alien_score"] == 7
    assert ranking(result) == [("aliens", 1), ("blue", 2), ("green", 3), ("yellow", 4), ("red", 5)]


def test_aliens_rank_above_lower_scores_and_below_equal_scores():
    # Four players, medium: aliens 5.
    result = RULES.outcome(final(players=4, scores={"red": 8, "yellow": 5, "green": 4, "blue": 5},
                                 acts={"yellow": 1}))
    assert result["alien_score"] == 5
    order = [r["who"] for r in result["ranking"]]
    assert order == ["red", "yellow", "blue", "aliens", "green"]
    ranks = {r["who"]: r["rank"] for r in result["ranking"]}
    assert ranks["red"] < ranks["yellow"] < ranks["blue"] < ranks["aliens"] < ranks["green"]


def test_ranking_gives_everyone_a_score():
    result = RULES.outcome(final(players=3, scores={"red": 8, "yellow": 5, "green": 4}))
    assert {r["who"]: r["score"] for r in result["ranking"]} == \
        {"red": 8, "yellow": 5, "green": 4, "aliens": 7}


def test_tied_players_share_a_rank():
    result = RULES.outcome(final(players=4, scores={"red": 10, "yellow": 10, "green": 4, "blue": 4}))
    ranks = {r["who"]: r["rank"] for r in result["ranking"]}
    assert ranks["red"] == ranks["yellow"] == 1
    assert ranks["green"] == ranks["blue"]
    assert ranks["aliens"] < ranks["green"]
    assert ranks["yellow"] < ranks["aliens"]


def test_tied_players_share_a_rank_below_winning_aliens():
    result = RULES.outcome(final(players=3, scores={"red": 3, "yellow": 3, "green": 1}))
    ranks = {r["who"]: r["rank"] for r in result["ranking"]}
    assert result["alien_victory"] is True
    assert ranks["aliens"] == 1
    assert ranks["red"] == ranks["yellow"] == 2
    assert ranks["green"] > 2


def test_players_tied_with_the_aliens_stay_above_them():
    result = RULES.outcome(final(scores={"red": 9, "yellow": 9}))
    ranks = {r["who"]: r["rank"] for r in result["ranking"]}
    assert sorted(result["winners"]) == ["red", "yellow"]
    assert ranks["red"] == ranks["yellow"] == 1
    assert ranks["aliens"] > 1
    assert result["ranking"][-1]["who"] == "aliens"


@pytest.mark.parametrize("reason", ["last_turns", "all_pods"])
def test_the_reason_does_not_change_who_wins(reason):
    result = RULES.outcome(final(scores={"red": 12, "yellow": 10}, reason=reason))
    assert result["winners"] == ["red"] and result["reason"] == reason


def test_outcome_of_played_games_is_consistent():
    for seed in range(10):
        s = RULES.new_game(2 + seed % 3, seed)
        bot = RULES.bot("greedy" if seed % 2 else "random", seed)
        while s["over"] is None:
            s, _ = RULES.apply(s, bot.choose(s))
        result = RULES.outcome(s)
        best = max(result["scores"].values())
        assert result["alien_victory"] == (s["over"]["reason"] == "track_full"
                                           or result["alien_score"] > best)
        if result["alien_victory"]:
            assert result["winners"] == [] and result["ranking"][0]["who"] == "aliens"
        else:
            assert result["winners"]
            assert all(result["scores"][w] == best for w in result["winners"])
        assert sorted(r["who"] for r in result["ranking"]) == sorted(s["colours"] + ["aliens"])
        ranks = [r["rank"] for r in result["ranking"]]
        assert ranks == sorted(ranks) and ranks[0] == 1
