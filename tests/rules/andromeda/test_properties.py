"""Properties of whole bot games over 2, 3 and 4 players (hypothesis picks the games)."""
import json

import pytest
from hypothesis import given, settings, strategies as st

from games.rules.andromeda import PRESENTATION, RULES, IllegalAction
from games.rules.andromeda.ships import BOARD

from .play import steps

GAMES = st.tuples(st.sampled_from([2, 3, 4]), st.integers(0, 2**31), st.sampled_from(["random", "mixed", "greedy"]))
SLOW = settings(max_examples=40, deadline=None)


def fleet_ok(s):
    for c in s["colours"]:
        on_board = sum(1 for v in s["board"].values() if v == c)
        aside = 1 if s["lost"][c] != "placed" else 0
        assert s["platform"][c] + on_board + s["saved"][c] + aside == BOARD.ships[s["players"]] + 1, c
        assert s["platform"][c] >= 0


def outward_moves(decision, events):
    """Ships moved outward by this decision, other than by a card or a trade of places (SWAP, A3, W6, A8)."""
    if decision["type"] == "play":
        return []
    return [e for e in events if e["e"] == "ship" and e["to"] != "W"
            and BOARD.depth[e["to"]] >= BOARD.depth[e["from"]] and e["how"] != "shift"]


@pytest.mark.slow
@SLOW
@given(GAMES)
def test_every_game_keeps_its_invariants_and_ends(game):
    players, seed, mix = game
    decisions, last = [], None
    for before, decision, after, events in steps(players, seed, mix):
        text = RULES.dump(before)
        assert RULES.dump(before) == text  # apply never mutates its input
        fleet_ok(after)
        assert "W" not in after["board"]
        assert all(v >= 0 for v in after["vp"].values()) or after["over"] is not None
        assert not outward_moves(decision, events), (decision, events)
        assert RULES.load(RULES.dump(after)) == after
        assert all(isinstance(PRESENTATION.render(e, lang), str) for e in events for lang in ("en", "de"))
        decisions.append(decision)
        last = after
    assert last["over"] is not None and RULES.current_seat(last) is None
    assert RULES.replay(players, seed, None, decisions) == last
    assert RULES.outcome(last)["winners"]


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(GAMES)
def test_every_listed_decision_applies_and_an_unlisted_one_is_refused(game):
    players, seed, mix = game
    for n, (before, _, _, _) in enumerate(steps(players, seed, mix)):
        if n % 7:
            continue
        listed = RULES.legal_actions(before)
        keys = {json.dumps(d, sort_keys=True) for d in listed}
        for decision in listed:
            RULES.apply(before, decision)
        for decision in listed[:5]:
            for field, _value in decision.items():
                if field == "type":
                    continue
                for wrong in ("A1", "W", "C11", "B7", 99, "W9"):
                    changed = {**decision, field: wrong}
                    if json.dumps(changed, sort_keys=True) not in keys:
                        try:
                            RULES.apply(before, changed)
                        except IllegalAction:
                            continue
                        raise AssertionError(f"unlisted decision applied: {changed}")
