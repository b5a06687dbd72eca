"""RULES.md section 8: the final score and the winner."""
from games.rules.andromeda import RULES

from .positions import do, loose_position, position

EMPTY = {c: [] for c in ("red", "yellow", "green")}


def finish(s):
    s, _ = do(s, type="move", **{"from": "A11", "to": "W"})
    return s["over"]


def test_the_final_score_adds_the_track_the_last_ship_the_hand_and_end_missions():
    s = position(2, board={"A11": "red", "B6": "yellow"}, platform={"red": 0}, saved={"red": 9},
                 lost={"red": "placed"}, vp={"red": 7, "yellow": 2}, hands={"red": ["W1"], "yellow": ["A2", "A5"]},
                 missions={"red": [], "yellow": [9]}, skip={"yellow": 1})
    out = finish(s)
    assert out["breakdown"]["red"] == {"track": 7, "last_ship_place": 1, "last_ship": 9, "hand": -2,
                                       "cards_in_hand": 1, "end_missions": [], "end_missions_vp": 0, "saved": 10}
    assert out["scores"] == {"red": 7 + 9 - 2, "yellow": 2 + 4 - 3 + 5}
    assert out["winners"] == ["red"] and [e["who"] for e in out["ranking"]] == ["red", "yellow"]
    assert RULES.outcome(s) is None


def test_AE8_the_final_sum_may_be_negative():
    """AE8: only VP during play are kept at 0 or more."""
    s = position(2, board={"A11": "red", "B6": "yellow"}, platform={"red": 0}, saved={"red": 9},
                 lost={"red": "placed"}, vp={"yellow": 0}, hands={"yellow": ["A2", "A3", "A4", "W1"]},
                 missions={"yellow": []})
    assert finish(s)["scores"]["yellow"] == 0 + 4 - 8


def test_AE5_a_tie_goes_to_more_ships_saved_then_is_shared():
    """AE5: most VP, then more ships saved, then a shared place."""
    s2 = loose_position(3, seat=1, board={"B11": "yellow", "C6": "green"}, platform={"red": 0, "yellow": 0},
                  saved={"red": 8, "yellow": 7, "green": 3}, lost={"red": "placed", "yellow": "placed"},
                  last_ship=["red"], vp={"red": 3, "yellow": 7, "green": 9}, hands=EMPTY, missions=EMPTY)
    s2, _ = do(s2, type="move", **{"from": "B11", "to": "W"})
    out = s2["over"]
    assert out["scores"] == {"red": 12, "yellow": 11, "green": 11}
    assert [(e["who"], e["rank"]) for e in out["ranking"]] == [("red", 1), ("yellow", 2), ("green", 3)]
    s3 = loose_position(3, seat=1, board={"B11": "yellow", "C6": "green"}, platform={"red": 0, "yellow": 0},
                  saved={"red": 8, "yellow": 7, "green": 8}, lost={"red": "placed", "yellow": "placed"},
                  last_ship=["red"], vp={"red": 0, "yellow": 9, "green": 11}, hands=EMPTY, missions=EMPTY)
    s3["board"].pop("C6")
    s3["board"]["C6"] = "green"
    s3, _ = do(s3, type="move", **{"from": "B11", "to": "W"})
    ranks = {e["who"]: e["rank"] for e in s3["over"]["ranking"]}
    assert s3["over"]["scores"]["yellow"] == s3["over"]["scores"]["green"] == 13
    assert ranks["yellow"] == ranks["green"] == 1 and sorted(s3["over"]["winners"]) == ["green", "yellow"]
