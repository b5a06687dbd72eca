"""A state read back with its keys in another order (PostgreSQL's jsonb sorts them) plays the same."""
from __future__ import annotations

import json

import pytest

from games.rules.argo import RULES


def reordered(value):
    """The same JSON value with every object's keys reversed."""
    if isinstance(value, dict):
        return {k: reordered(value[k]) for k in reversed(list(value))}
    if isinstance(value, list):
        return [reordered(v) for v in value]
    return value


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 11), (4, 5)])
def test_key_order_changes_nothing(players, seed):
    bot = RULES.bot("random", seed)
    state = RULES.new_game(players, seed)
    while state["over"] is None:
        twin = reordered(state)
        legal = RULES.legal_actions(state)
        assert RULES.legal_actions(twin) == legal  # the same decisions, in the same order
        decision = bot.rng.choice(legal)
        state, events = RULES.apply(state, decision)
        twin, twin_events = RULES.apply(twin, decision)
        assert json.dumps(twin, sort_keys=True) == json.dumps(state, sort_keys=True)
        assert twin_events == events
