"""RULES.md section 14: what this version leaves out (TH59): the beginner rules (decks by difficulty, five
cards drawn and three installed) and laying the sectors by the players' choice or vote. No option offers
them, and setup never asks for them."""
from __future__ import annotations

import pytest

from games.rules.base import IllegalAction
from games.rules.theseus import RULES
from games.rules.theseus.components import DATA

SETUP_QUESTIONS = {"team_sector", "setup_card", "setup_slot", "setup_room"}
RING = {2: "duel", 3: "three", 4: "four"}


def test_no_option_offers_the_beginner_rules_or_a_sector_choice_th59():
    assert set(RULES.options_schema()) == {"teams", "no_bonus", "random_ring",
                                           "faction1", "faction2", "faction3", "faction4"}
    for option in ("beginner", "sector_choice", "sector_vote"):
        with pytest.raises(IllegalAction):
            RULES.new_game(2, 1, {option: True})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_draws_three_and_lays_the_fixed_ring_without_asking_th59(players):
    s = RULES.new_game(players, 5)
    assert [len(drawn) for drawn in s["drawn"]] == [3] * players  # the beginners would draw five
    sectors = {f"F{i + 1}": DATA.factions[s["colours"][seat]]["sector"] for i, seat in enumerate(s["order"])}
    assert s["ring"] == [sectors.get(x, x) for x in DATA.setup["rings"][RING[players]]]
    installed = 0
    while s["turn"]["phase"] == "setup":
        assert s["ask"]["type"] in SETUP_QUESTIONS - {"team_sector"}
        installed += s["ask"]["type"] == "setup_card"
        s, _ = RULES.apply(s, RULES.legal_actions(s)[0])
    assert installed == players  # one card each, not the beginners' three
