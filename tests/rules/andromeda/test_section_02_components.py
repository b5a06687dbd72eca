"""RULES.md section 2: fleets, the VP, Skip and Last Ship tracks, missions and cards."""
import pytest

from games.rules.andromeda import RULES
from games.rules.andromeda.ships import BOARD


@pytest.mark.parametrize("players, ships", [(2, 9), (3, 7), (4, 5)])
def test_each_fleet_has_its_ships_and_a_lost_ship_aside(players, ships):
    s = RULES.new_game(players, 3)
    assert set(s["platform"].values()) == {ships}
    assert set(s["lost"].values()) == {"aside"}
    assert s["board"] == {}


def test_every_player_starts_with_three_vp():
    assert set(RULES.new_game(4, 1)["vp"].values()) == {3}


def test_tracks():
    assert BOARD.skip_fields == {1: "swap", 2: "wait", 3: "warp"}
    assert BOARD.last_ship_vp == (9, 4, 2)


def test_fifteen_missions_and_twenty_one_cards_in_two_decks():
    assert sorted(BOARD.missions) == list(range(1, 16))
    decks = [c.deck for c in BOARD.cards.values()]
    assert decks.count("warning") == 9 and decks.count("alert") == 12


def test_AE11_the_deck_split_follows_the_vp_signs():
    """AE11: WARNING cards pay when played; ALERT cards cost or pay nothing when played."""
    for card in BOARD.cards.values():
        if card.deck == "warning":
            assert card.played >= 0, card.id
        else:
            assert card.played <= 0, card.id
    assert BOARD.cards["A2"].played == -2 and BOARD.cards["A2"].in_hand == -2
