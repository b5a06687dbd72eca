"""RULES.md section 9: undo back to the start of the turn or the last reveal, whichever is later.

The site undoes by replaying the game without the last decisions; `RULES.undoable` says how many.
"""
from __future__ import annotations

import pytest

from games.rules.argo import RULES
from games.rules.base import IllegalAction

from .positions import legal, play, position

END = {"type": "end_turn"}


def record(players, seed, bot_seed, limit=None, options=None):
    """A bot game: the decisions, the state before each decision, and each decision's events."""
    s = RULES.new_game(players, seed, options)
    bot = RULES.bot("random", bot_seed)
    decisions, states, events = [], [s], []
    while s["over"] is None and (limit is None or len(decisions) < limit):
        d = bot.choose(s)
        s, ev = RULES.apply(s, d)
        decisions.append(d)
        states.append(s)
        events.append(ev)
    return decisions, states, events


def test_nothing_to_undo_at_the_start_of_the_game():
    assert RULES.undoable(RULES.new_game(2, 3)) == 0


def test_placing_from_the_display_is_a_checkpoint():
    s = RULES.new_game(2, 3)
    place = legal(s)[0]
    s, events = play(s, place)
    assert [e for e in events if e["e"] == "revealed"]
    assert RULES.undoable(s) == 0


def test_decisions_after_the_reveal_count():
    s = RULES.new_game(2, 3)
    s, _ = play(s, legal(s)[0])
    s, _ = play(s, {"type": "step", "figure": "red-explorer", "to": "0|1"})
    assert s["ask"]["q"] == "step"  # her optional second step
    assert RULES.undoable(s) == 1
    s, _ = play(s, {"type": "stop"})
    assert RULES.undoable(s) == 2
    assert s["ask"] == {"q": "end_turn"}


def test_undo_count_resets_for_the_next_player():
    s = RULES.new_game(2, 3)
    s, _ = play(s, legal(s)[0], {"type": "step", "figure": "red-grunt", "to": "0|1"})
    assert RULES.undoable(s) == 1
    s, _ = play(s, END)
    assert RULES.current_seat(s) == 1
    assert RULES.undoable(s) == 0


def test_alien_move_before_the_build_is_undoable_until_the_reveal():
    s = RULES.new_game(2, 3)
    s, _ = play(s, {"type": "place", "tile": "WH2", "cell": "-1|-1", "rotation": 0},
                {"type": "step", "figure": "red-grunt", "to": "0|1"}, END)
    assert s["ask"]["q"] == "alien_move"
    s, _ = play(s, legal(s)[0])
    assert s["ask"]["q"] == "build"
    assert RULES.undoable(s) == 1
    s, events = play(s, legal(s)[0])
    assert "revealed" in [e["e"] for e in events]
    assert RULES.undoable(s) == 0


BOARD = {"0|0": "WR", "0|1": "C01", "0|2": "C02", "0|3": "C03", "1|0": ("C04", 2)}


def test_placing_a_pod_reveals_nothing_and_can_be_undone():
    s = position(BOARD, {"red-grunt": "0|0", "yellow-grunt": "0|0"}, phase="build",
                 display=["C05"], stack=["INF"], pod_stack=["P1", "P2"], seq=10)
    assert RULES.undoable(s) == 0
    pod = next(d for d in legal(s) if d["tile"] == "P1")
    s, events = play(s, pod)
    assert "revealed" not in [e["e"] for e in events]
    assert RULES.undoable(s) == 1
    s, _ = play(s, {"type": "step", "figure": "red-grunt", "to": "0|1"})
    assert RULES.undoable(s) == 2


def test_placing_the_last_module_reveals_nothing_and_can_be_undone():
    s = position(BOARD, {"red-grunt": "0|0", "yellow-grunt": "0|0"}, phase="build",
                 display=["C05"], stack=[], modules_out=False, seq=4)
    s, events = play(s, legal(s)[0])
    assert "revealed" not in [e["e"] for e in events]
    assert RULES.undoable(s) == 1


def test_nothing_to_undo_when_the_game_is_over():
    decisions, states, _ = record(2, 5, 5)
    assert states[-1]["over"] is not None
    assert RULES.undoable(states[-1]) == 0


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3), (2, 11)])
def test_undoable_counts_back_to_turn_start_or_last_reveal(players, seed):
    decisions, states, events = record(players, seed, seed)
    floor = 0
    for i, state in enumerate(states):
        if i:
            d, ev = decisions[i - 1], events[i - 1]
            if d == END or any(e["e"] == "revealed" for e in ev):
                floor = i
        if state["over"] is None:
            assert RULES.undoable(state) == i - floor, (i, decisions[i - 1] if i else None)


@pytest.mark.parametrize("players, seed", [(2, 21), (3, 22), (4, 23)])
def test_replaying_without_the_undoable_tail_gives_the_earlier_state(players, seed):
    decisions, states, _ = record(players, seed, seed + 100, limit=120)
    checked = 0
    for i, state in enumerate(states):
        k = RULES.undoable(state)
        if not k:
            continue
        for back in range(1, k + 1):
            again = RULES.replay(players, seed, None, decisions[:i - back])
            assert RULES.dump(again) == RULES.dump(states[i - back])
            # The undone position belongs to the same player's same turn.
            assert RULES.current_seat(again) == RULES.current_seat(state)
            assert again["turn"]["number"] == state["turn"]["number"]
        checked += 1
    assert checked > 10


def test_undo_never_crosses_a_reveal():
    decisions, states, events = record(2, 31, 31, limit=150)
    for i, ev in enumerate(events):
        if any(e["e"] == "revealed" for e in ev):
            after = states[i + 1]
            if after["over"] is None:
                assert RULES.undoable(after) == 0
                # The revealed module stays revealed whatever the player does next in the turn.
                revealed = next(e["tile"] for e in ev if e["e"] == "revealed")
                assert revealed in after["display"]


def test_replay_rebuilds_the_whole_game():
    decisions, states, _ = record(3, 41, 41)
    again = RULES.replay(3, 41, None, decisions)
    assert RULES.dump(again) == RULES.dump(states[-1])
    assert RULES.outcome(again) == RULES.outcome(states[-1])


def test_apply_never_changes_the_state_it_was_given():
    # Undo by replay relies on earlier states staying as they were.
    decisions, states, _ = record(3, 51, 51, limit=80)
    for before, d in zip(states, decisions):
        text = RULES.dump(before)
        RULES.apply(before, d)
        assert RULES.dump(before) == text
        with pytest.raises(IllegalAction):
            RULES.apply(before, {"type": "step", "figure": "nobody", "to": "9|9"})
        assert RULES.dump(before) == text
