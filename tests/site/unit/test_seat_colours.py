"""The game page writes a seat's marks (the players table, whose turn it is) in the colours the game
gives the seat (`client_data()["seat_colours"]`, light and dark page). A seat named after one of the
four named colours is written in the very colour the site's `.ink-<name>` classes give it, on either
page, whichever game it plays."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from games import rules
from games.rules.base import NAMED_COLOURS

ROOT = Path(__file__).resolve().parents[3]
INK = re.compile(r"\.ink-(\w+) \{ color: (#\w+); \}")


def ink_colours() -> dict[str, dict[str, str]]:
    """site.css's .ink-<name> colours: {name: {"light": ..., "dark": ...}}."""
    lines = (ROOT / "static" / "css" / "site.css").read_text(encoding="utf-8").splitlines()
    light = dict(INK.findall(next(line for line in lines if line.startswith(".ink-red"))))
    dark = dict(INK.findall(next(line for line in lines if line.startswith("@media") and ".ink-red" in line)))
    return {name: {"light": colour, "dark": dark.get(name, colour)} for name, colour in light.items()}


def test_the_named_colours_are_the_sites_ink_colours():
    assert NAMED_COLOURS == ink_colours()


@pytest.mark.parametrize("name", rules.names())
def test_a_seat_named_for_a_colour_is_written_in_it(name):
    given = rules.presentation(name).client_data("en")["seat_colours"]
    for seat in set(given) & set(NAMED_COLOURS):
        assert given[seat] == NAMED_COLOURS[seat], seat
