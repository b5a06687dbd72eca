"""The board in words (`describe(view, lang, names)`), what a player who cannot see the board reads on
the game page, over bot games of every registered game and mode: at every tenth decision and at the
end, for each seat and for a spectator, in each language. It is built from the reader's view alone
(a position the reader cannot tell apart, `twin`, is described in the same words), every place has
an id of its own, a name and lines, no line is empty or long, no seat is named by its number and no
coordinate is written as the symbols a screen reader spells out ("0|-1"). Pure: no Django."""
from __future__ import annotations

import re

import pytest

from games import rules
from games.rules.base import DESCRIBE_LINE, Presentation

from .test_log_lines import LANGUAGES, SEAT_NUMBER, SEEDS, modes, names_for

SYMBOLS = re.compile(r"-?\d+\s*\|\s*-?\d+|[▢⟳●]")  # said "zero vertical line minus one", "white square"
EVERY = 10  # decisions between two looks at the board


def positions(module, players: int, seed: int, options: dict):
    """Every EVERY-th position of a random bot game, and its last."""
    state = module.new_game(players, seed, options)
    bots = [module.bot("random", seed + seat) for seat in range(players)]
    count = 0
    while module.current_seat(state) is not None:
        if count % EVERY == 0:
            yield state
        state, _ = module.apply(state, bots[module.current_seat(state)].choose(state))
        count += 1
    yield state


def lines_of(text: dict) -> list[str]:
    return [*text["mine"], *text["scores"], *(line for p in text["places"] for line in [p["name"], *p["lines"]])]


@pytest.mark.parametrize("name", rules.names())
def test_each_game_describes_its_board_in_its_own_words(name):
    assert type(rules.presentation(name)).describe is not Presentation.describe


@pytest.mark.parametrize("name, players, options", modes())
def test_the_board_in_words_names_every_place_and_hides_what_the_reader_may_not_see(name, players, options):
    module = rules.get(name)
    shown = rules.presentation(name)
    names = names_for(players)
    for seed in SEEDS[:1]:
        for number, state in enumerate(positions(module, players, seed, options)):
            for seat in [*range(players), None]:
                view = module.view(state, seat)
                for lang in LANGUAGES:
                    text = shown.describe(view, lang, names)
                    assert set(text) == {"mine", "scores", "places"}, text.keys()
                    where = (lang, seat, number)
                    assert text["places"], where
                    ids = [p["place"] for p in text["places"]]
                    assert len(ids) == len(set(ids)) and all(isinstance(i, str) and i for i in ids), ids
                    assert len(text["scores"]) >= players or module.teams(players, options), (where, text["scores"])
                    if seat is None:
                        assert text["mine"] == [], where
                    elif number == 0:
                        assert text["mine"], ("a seated reader has pieces at the start", where)
                    for line in lines_of(text):
                        assert isinstance(line, str) and line.strip(), (where, text)
                        assert len(line) <= DESCRIBE_LINE, (where, line)
                        assert not SEAT_NUMBER.search(line), (where, line)
                        assert not SYMBOLS.search(line), (where, line)
                    if lang == "en" and module.current_seat(state) is not None:
                        twin = module.view(module.twin(state, seat), seat)
                        assert shown.describe(twin, lang, names) == text, ("only the view is described", where)
