"""RULES.md section 11: instant ends (TH10), the LP cap (TH11), the end tile (TH7), the backstop (TH8) and
ties (TH9, TH58). Duel ring COR, CTL, DOCK, TEC, WRECK; Marines seat 0, Greys seat 1."""
from __future__ import annotations

from games.rules.theseus.components import DATA

from .positions import SEAT_0_STARTS, legal, play, position


def test_a_player_at_0_lp_loses_at_once_th10():
    s = position(seat=1, units={"G1": "WRECK1", "M1": "DOCK1"}, slots={"COR.s2": "MAR01a"}, lp=[20, 2])
    s, ev = play(s, "G1", "COR1")
    assert s["over"]["winners"] == ["marines"] and s["over"]["why"] == "0lp"
    assert s["ask"] is None


def test_20_dp_wins_at_once_th10():
    s = position(units={"M1": "WRECK1", "G1": "DOCK1"}, slots={"COR.s2": "GRE02a"}, dp=[0, 19])
    s, _ = play(s, "M1", "COR1")
    assert s["over"]["winners"] == ["greys"] and s["over"]["why"] == "20"


def test_lp_are_capped_at_20_outside_deathmatch_th11():
    s = position(units={"M1": "DOCK1", "G1": "WRECK1"}, held={0: ["BON4a"]}, phase="sub", lp=[19, 20])
    s, _ = play(s, "play:BON4a")
    assert s["lp"][0] == 20


def empty_deck_refill(end: int, lp=None, dp=None):
    """M1 moves TEC -> WRECK and discards a Greys pending card with the Marines' deck empty."""
    s = position(units={"M1": "TEC1", "G1": "COR1"}, pending={"WRECK.p1": "GRE02a"}, end=end, lp=lp, dp=dp,
                 decks={0: []}, check=True)
    s["decks"][0], s["discards"][0] = [], s["decks"][0] + s["discards"][0]
    from games.rules.theseus import RULES
    s = RULES.at_phase(s, "move")
    return play(s, "M1", "WRECK1", "B:WRECK.p1")


def test_a_refill_from_an_empty_deck_advances_the_end_tile_th7():
    s, ev = empty_deck_refill(0)
    assert s["end"] == 1 and s["over"] is None


def test_the_end_tile_reaching_end_ends_the_game_higher_score_wins():
    s, ev = empty_deck_refill(3, lp=[20, 15])
    assert s["over"]["why"] == "end" and s["over"]["winners"] == ["marines"]


def test_the_backstop_advances_the_tile_at_each_rounds_end_from_round_40_th8():
    s = position(seat=1, units={"M1": "DOCK1", "G1": "WRECK1"}, phase="end", round=40)
    assert s["end"] == 1 and s["round"] == 41 and s["turn"]["seat"] == 0
    s = position(seat=1, units={"M1": "DOCK1", "G1": "WRECK1"}, phase="end", round=39)
    assert s["end"] == 0 and s["round"] == 40


def test_a_tie_at_end_plays_one_extra_turn_each_then_shares_th9():
    s, ev = empty_deck_refill(3)
    assert s["over"] is None and s["tie"] == {"queue": [0]} and s["turn"]["seat"] == 1
    # the Greys' tie turn, then the Marines': the tile no longer moves
    while s["over"] is None:
        s, _ = play(s, legal(s)[-1] if "pass" in legal(s) or "continue" in legal(s) else legal(s)[0])
    assert s["end"] == len(DATA.setup["end_track"]) - 1
    scores = s["over"]["scores"]
    if scores["marines"] == scores["greys"]:
        assert s["over"]["winners"] == ["marines", "greys"] and s["over"]["why"] == "tie"


def test_instant_ends_still_apply_in_tie_turns_th58():
    s, ev = empty_deck_refill(3)
    assert s["tie"] is not None
    s = position(seat=1, units={"G1": "WRECK1", "M1": "DOCK1"}, slots={"COR.s2": "MAR01a"}, lp=[20, 2], end=4,
                 tie={"queue": [0]})
    s, _ = play(s, "G1", "COR1")
    assert s["over"]["why"] == "0lp"


def test_deathmatch_ties_only_the_leaders_play_th58():
    opts = {"faction1": "marines", "faction2": "greys", "faction3": "aliens"}
    # ring CTL, DOCK, TEC, WRECK, COR, NEST; order marines, greys, aliens
    s = position(3, SEAT_0_STARTS, opts, units={"M1": "TEC1", "G1": "COR1", "A1": "CTL1"}, pending={"WRECK.p1": "GRE02a"},
                 end=3, lp=[5, 5, 2], decks={0: []})
    s["decks"][0], s["discards"][0] = [], s["decks"][0]
    from games.rules.theseus import RULES
    s = RULES.at_phase(s, "move")
    s, _ = play(s, "M1", "WRECK1", "B:WRECK.p1")
    assert s["turn"]["seat"] == 1 and s["tie"] == {"queue": [0]} and s["out"] == [2]


# --- TH60: reaching END ends the turn at once --------------------------------------------------------

def test_a_tie_at_end_ends_the_turn_at_once_no_free_step_after_it_th60():
    # the Marines hold an Upgrade they could still play at the end of their turn; the refill that brings
    # END (20-20, a tie) ends the turn there: the Greys' tie turn comes next, the Upgrade stays unplayed
    s = position(units={"M1": "TEC1", "G1": "COR1"}, pending={"WRECK.p1": "GRE02a"}, held={0: ["BON3a"]}, end=3)
    s["decks"][0], s["discards"][0] = [], s["decks"][0]
    from games.rules.theseus import RULES
    s = RULES.at_phase(s, "move")
    s, _ = play(s, "M1", "WRECK1", "continue", "continue", "continue")  # free steps after phases 1-3
    s, ev = play(s, "B:WRECK.p1", "continue")  # and the one before the refill
    assert s["end"] == 4 and "tie" in [e["kind"] for e in ev]
    assert s["turn"]["seat"] == 1 and s["ask"]["seat"] == 1 and s["tie"] == {"queue": [0]}
    assert s["held"][0] == ["BON3a"] and s["tiles"] == [0, 0]


def test_a_tie_at_end_during_the_action_phase_skips_the_sector_action_th60():
    # the Scientists' Station Plans in COR installs their pending card; its refill from the empty deck
    # brings END at 20-20: the Corridors' Combat (S1 upgraded, G1 in range) is not played
    s = position(options={"faction1": "scientists", "faction2": "greys"}, end=3,
                 units={"S1": ("WRECK1", {"up": True}), "G1": "COR3"}, slots={"COR.s1": "SCI07a"},
                 pending={"LAB.p1": "SCI04a"})
    s["decks"][0], s["discards"][0] = [], s["decks"][0]
    from games.rules.theseus import RULES
    s = RULES.at_phase(s, "move")
    s, ev = play(s, "S1", "COR1", "SCI07a", "LAB.p1", "CTL.s1")
    assert s["end"] == 4 and "combat" not in [e["kind"] for e in ev]
    assert s["lp"] == [20, 20] and s["turn"]["seat"] == 1 and s["tie"] == {"queue": [0]}
