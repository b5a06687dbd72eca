"""A guessed world (`guessed_world(view, seat, rng)`): what a bot plans in and an analysis board explores,
over bot games of every registered game and mode, at every tenth decision, for each seat and a
spectator. The guess is a position real play could hold (`check`), shows the seat exactly the view it
was guessed from, and is built from the view alone: a position the seat cannot tell apart (`twin`) gives
the same guess from the same generator, so no exploration can reveal what the seat may not see.
Different generators deal the hidden parts differently where anything is hidden. Pure: no Django."""
from __future__ import annotations

import json

import pytest

from games import rules
from games.rules.rng import SeededRandom

from .test_describe import positions
from .test_log_lines import SEEDS, modes


@pytest.mark.parametrize("name", rules.names())
def test_each_game_guesses_its_hidden_parts(name):
    assert callable(getattr(rules.get(name), "guessed_world", None))


@pytest.mark.parametrize("name, players, options", modes())
def test_a_guess_shows_the_seat_its_view_and_reads_nothing_else(name, players, options):
    module = rules.get(name)
    for state in positions(module, players, SEEDS[0], options):
        if module.current_seat(state) is None:
            continue  # a finished game hides nothing
        for seat in [*range(players), None]:
            view = module.view(state, seat)
            seen = json.dumps(view, sort_keys=True)
            guess = module.guessed_world(view, seat, SeededRandom(5))
            assert json.dumps(view, sort_keys=True) == seen, "the view is read, never changed"
            module.check(guess)
            assert module.view(guess, seat) == view, ("the guess shows the seat what it saw", seat)
            assert module.current_seat(guess) == module.current_seat(state)
            if seat == module.current_seat(state):  # the decider's choices are all in what it sees
                assert module.legal_actions(guess) == module.legal_actions(state), seat
            twin_view = module.view(module.twin(state, seat), seat)
            assert twin_view == view
            assert module.guessed_world(twin_view, seat, SeededRandom(5)) == guess, ("the view alone", seat)
