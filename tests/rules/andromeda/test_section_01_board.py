"""RULES.md section 1: our board, kept as data and checked on load."""
import copy
import json

import pytest

from games.rules.andromeda.components import DATA, DataError, validate
from games.rules.andromeda.ships import BOARD

RAW = json.loads(DATA.read_text(encoding="utf-8"))


def test_three_zones_of_eleven_nodes_around_the_wormhole():
    assert BOARD.zones == ("A", "B", "C")
    assert len(BOARD.nodes) == 33
    for zone in BOARD.zones:
        mine = [n for n in BOARD.nodes if BOARD.zone[n] == zone]
        assert sorted(BOARD.depth[n] for n in mine) == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 4]
    assert len(BOARD.outer) == 15 and BOARD.inner == ("A11", "B11", "C11")


def test_links_always_lead_one_step_inward_and_the_inner_ring_into_the_wormhole():
    for node in BOARD.nodes:
        assert BOARD.inward[node], node
        for target, _, _ in BOARD.inward[node]:
            assert BOARD.depth[target] == BOARD.depth[node] - 1
    assert [t for t, _, _ in BOARD.inward["B11"]] == ["W"]
    assert {t for t, _, _ in BOARD.inward["A2"]} == {"A6", "A7"}


def test_two_dotted_links_from_each_zone_into_the_next_clockwise():
    assert set(BOARD.dotted_links) == {"A5>B6", "A8>B9", "B5>C6", "B8>C9", "C5>A6", "C8>A9"}
    assert ("B6", "A5>B6", True) in BOARD.inward["A5"]


def test_lines_of_four_with_and_without_a_dotted_link():
    solid = [line for line in BOARD.lines if not line.dotted]
    dotted = [line for line in BOARD.lines if line.dotted]
    assert len(solid) == 30 and len(dotted) == 9
    assert ("A1", "A6", "A9", "A11") in [line.nodes for line in solid]
    assert ("A5", "B6", "B9", "B11") in [line.nodes for line in dotted]


def test_every_node_has_a_place_to_be_drawn():
    points = {(n["x"], n["y"]) for n in RAW["nodes"].values()}
    assert len(points) == len(RAW["nodes"])


@pytest.mark.parametrize("breaks, words", [
    (lambda d: d["nodes"]["A3"].update(depth=7), "node A3"),
    (lambda d: d["links"].append(["A1", "A9"]), "A1->A9"),
    (lambda d: d["cards"][3].update(deck="bonus"), "card W4"),
    (lambda d: d["cards"][0].update(name=""), "card W1"),  # every card has its English name
    (lambda d: d["missions"].pop(), "missions"),
    (lambda d: d["nodes"]["B2"].update(zone="D"), "node B2"),
])
def test_a_broken_data_file_is_refused_naming_the_entry(breaks, words):
    data = copy.deepcopy(RAW)
    breaks(data)
    with pytest.raises(DataError, match=words):
        validate(data)
