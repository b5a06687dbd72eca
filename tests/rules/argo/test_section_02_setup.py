"""RULES.md section 2: setup for 2, 3 and 4 players, the seed, and the options."""
from __future__ import annotations

import pytest

from games.rules import IllegalAction
from games.rules.argo import RULES
from games.rules.argo.components import load_station
from games.rules.argo.station import links

STATION = load_station("station")
SEEDS = range(12)
AROUND = {"0|-1": 4, "1|0": 8, "0|1": 1, "-1|0": 2}  # cell: the side that faces the Waking Room


def doors(state, cell):
    entry = state["board"][cell]
    return STATION.tiles[entry["tile"]].doors_at(entry["rot"])


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_waking_room_and_four_plain_corridors(players, seed):
    s = RULES.new_game(players, seed)
    assert s["board"]["0|0"]["tile"] == "WR"
    assert set(s["board"]) == {"0|0", *AROUND}
    for cell, facing in AROUND.items():
        spec = STATION.tiles[s["board"][cell]["tile"]]
        assert spec.kind == "corridor" and not spec.alien_symbol, cell
        assert doors(s, cell) & facing, f"the corridor on {cell} shows the Waking Room a wall"
    assert sorted(links(s, "0|0")) == sorted(AROUND)
    assert len({s["board"][c]["tile"] for c in AROUND}) == 4
    assert s["aliens"] == {}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_all_astronauts_start_in_the_waking_room(players):
    s = RULES.new_game(players, 5)
    assert len(s["astronauts"]) == 5 * players
    assert set(s["astronauts"].values()) == {"0|0"}
    for colour in s["colours"]:
        for role in STATION.roles:
            assert s["astronauts"][f"{colour}-{role}"] == "0|0"


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_display_of_three_and_stack_of_the_rest(players, seed):
    s = RULES.new_game(players, seed)
    # The start player is already asked to build: nothing has been taken yet.
    assert s["ask"] == {"q": "build"}
    assert len(s["display"]) == 3
    assert len(s["stack"]) == 27 - 4 - 3 == 20
    on_board = {e["tile"] for e in s["board"].values()}
    supply = s["display"] + s["stack"]
    assert len(set(supply)) == 23
    assert set(supply) | on_board == set(STATION.modules)
    assert not set(supply) & on_board


def test_the_shuffle_uses_every_module_somewhere():
    seen_in_display = set()
    for seed in range(60):
        seen_in_display.update(RULES.new_game(2, seed)["display"])
    plain = {t for t in STATION.modules if STATION.tiles[t].kind == "corridor"
             and not STATION.tiles[t].alien_symbol}
    assert {t for t in STATION.modules if t != "WR"} - plain <= seen_in_display


def test_pods_for_two_players():
    s = RULES.new_game(2, 1)
    assert s["pod_stack"] == ["P1", "P2", "P3", "P4"]


@pytest.mark.parametrize("players", [3, 4])
def test_pods_for_three_and_four_players(players):
    s = RULES.new_game(players, 1)
    assert s["pod_stack"] == ["P1", "P2", "P3", "P4", "P5", "P6"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_of_the_game_scores_and_track(players):
    s = RULES.new_game(players, 2)
    assert s["track"] == []
    assert s["scores"] == dict.fromkeys(s["colours"], 0)
    assert s["launched"] == 0 and s["over"] is None and s["final"] is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_player_comes_from_the_seed(players):
    starts = {RULES.current_seat(RULES.new_game(players, seed)) for seed in range(40)}
    assert starts == set(range(players))
    for seed in range(10):
        assert RULES.current_seat(RULES.new_game(players, seed)) == \
            RULES.current_seat(RULES.new_game(players, seed))


@pytest.mark.parametrize("players, colours", [
    (2, ["red", "yellow"]), (3, ["red", "yellow", "green"]), (4, ["red", "yellow", "green", "blue"]),
])
def test_colours_in_seat_order(players, colours):
    s = RULES.new_game(players, 9)
    assert s["colours"] == colours


@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_seed_gives_the_same_game(players):
    a, b = RULES.new_game(players, 1234), RULES.new_game(players, 1234)
    assert RULES.dump(a) == RULES.dump(b)
    bot_a, bot_b = RULES.bot("random", 7), RULES.bot("random", 7)
    for _ in range(40):
        if a["over"] is not None:
            break
        da, db = bot_a.choose(a), bot_b.choose(b)
        assert da == db
        a, ea = RULES.apply(a, da)
        b, eb = RULES.apply(b, db)
        assert ea == eb
    assert RULES.dump(a) == RULES.dump(b)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_different_seeds_give_different_games(players):
    setups = {RULES.dump(dict(RULES.new_game(players, seed), seed=0)) for seed in range(10)}
    assert len(setups) == 10
    a, b = RULES.new_game(players, 1), RULES.new_game(players, 2)
    assert (a["board"], a["display"], a["stack"]) != (b["board"], b["display"], b["stack"])


def test_first_turn_begins_with_the_start_player():
    s = RULES.new_game(3, 4)
    assert s["turn"]["first"] is True
    assert s["turn"]["seat"] == RULES.current_seat(s)


# --- options ---------------------------------------------------------------------------------

def test_default_options():
    s = RULES.new_game(2, 1)
    assert s["options"] == {"difficulty": "medium", "mean_teleporters": False}


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_each_difficulty_is_accepted(difficulty):
    s = RULES.new_game(2, 1, {"difficulty": difficulty})
    assert s["options"]["difficulty"] == difficulty


def test_mean_teleporters_option_is_accepted():
    assert RULES.new_game(2, 1, {"mean_teleporters": True})["options"]["mean_teleporters"] is True


@pytest.mark.parametrize("options", [
    {"difficulty": "nightmare"}, {"difficulty": 2}, {"difficulty": None},
    {"mean_teleporters": "yes"}, {"mean_teleporters": 1},
])
def test_bad_option_values_are_refused(options):
    with pytest.raises(IllegalAction) as info:
        RULES.new_game(2, 1, options)
    assert next(iter(options)) in str(info.value)


def test_unknown_option_is_refused():
    with pytest.raises(IllegalAction) as info:
        RULES.new_game(2, 1, {"time_machine": True})
    assert "time_machine" in str(info.value)


@pytest.mark.parametrize("players", [0, 1, 5, "2", True, None])
def test_bad_player_counts_are_refused(players):
    with pytest.raises(IllegalAction):
        RULES.new_game(players, 1)


def test_options_do_not_change_the_layout():
    a = RULES.new_game(2, 77, {"difficulty": "easy"})
    b = RULES.new_game(2, 77, {"difficulty": "hard"})
    assert (a["board"], a["display"], a["stack"], a["turn"]) == (b["board"], b["display"], b["stack"], b["turn"])
