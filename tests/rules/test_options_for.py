"""Which options apply at a table of a given size (`options_for`): the new-game form shows those only.
An option applies exactly where one of its other choices is taken; every other option is left at its
default there. Per game, so that one game's fault does not hide another's."""
from __future__ import annotations

import pytest

from games import rules
from games.rules.base import IllegalAction


def _refusals(module, players: int, key: str, choices: list) -> int:
    refused = 0
    for choice in choices:
        try:
            module.check_options(players, {key: choice})
        except IllegalAction:
            refused += 1
    return refused


@pytest.mark.parametrize("name", rules.names())
def test_an_option_applies_exactly_where_another_choice_of_it_is_taken(name):
    module = rules.get(name)
    schema = module.options_schema()
    for players in range(module.min_players, module.max_players + 1):
        applies = module.options_for(players)
        assert applies == [key for key in schema if key in applies], (players, applies)  # the schema's order
        for key, spec in schema.items():
            others = [c for c in spec["choices"] if c != spec["default"]]
            taken = _refusals(module, players, key, others) < len(others)
            assert taken == (key in applies), (players, key)


def test_a_mode_for_four_and_the_factions_of_absent_seats_do_not_apply_to_two_players():
    """The case players met: a two-player Theseus offered the teams of four and seats 3 and 4."""
    applies = rules.get("theseus").options_for(2)
    assert "teams" not in applies and "faction3" not in applies and "faction4" not in applies
    assert {"faction1", "faction2", "no_bonus"} <= set(applies)
    assert "teams" in rules.get("theseus").options_for(4)
