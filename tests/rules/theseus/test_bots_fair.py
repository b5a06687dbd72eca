"""The bots play fair (spec 16): each decides from the deciding seat's view alone and plans in worlds it
guesses from that view, never on a card below a deck's top, a set-aside card (TH3) or the seed. Over
random-bot games of every mode, at positions with a choice, for each kind of bot: (a) the decision is
legal in the true position; (b) a position the seat cannot tell apart gets the same decision from a bot of
the same seed: its twin, and a guessed world, which deals anew the turn's start as well (the twin keeps
it, and a look-ahead plays the turn on from there); (c) a guessed world offers the decider exactly the true
decisions."""
from __future__ import annotations

import pytest

from games.rules.rng import SeededRandom
from games.rules.theseus import RULES

from .bot_games import SETTINGS, bot_game

STRIDE = 4     # every fourth decision of a game
PER_GAME = 40  # positions with a choice per mode
EXPERT_EVERY = 4  # the expert, slower, at every fourth of them


def positions(players: int, options: dict):
    """(n, position) for positions with a choice, from one random-bot game (two if the first is short)."""
    found = 0
    for seed in (31, 32):
        for n, (s, decision, _) in enumerate(bot_game(players, seed, options)):
            if decision is None or n % STRIDE or len(RULES.legal_actions(s)) < 2:
                continue
            yield found, s
            found += 1
            if found == PER_GAME:
                return


def look_alikes(s, seat: int, n: int) -> list[dict]:
    """Positions the seat cannot tell from `s`: its twin and a guessed world."""
    guessed = RULES.guessed_world(RULES.view(s, seat), seat, SeededRandom(1000 + n))
    assert RULES.view(guessed, seat) == RULES.view(s, seat)
    return [RULES.twin(s, seat), guessed]


@pytest.mark.parametrize("setting", sorted(SETTINGS))
def test_the_bots_decide_legally_from_what_the_seat_sees(setting):
    players, options = SETTINGS[setting]
    checked = 0
    for n, s in positions(players, options):
        seat, legal = RULES.current_seat(s), RULES.legal_actions(s)
        assert seat is not None
        alike = look_alikes(s, seat, n)
        kinds = RULES.bot_kinds if n % EXPERT_EVERY == 0 else ("random", "greedy")
        for kind in kinds:
            decision = RULES.bot(kind, n).choose(s)
            assert decision in legal, (setting, n, kind)  # (a)
            for other in alike:  # (b)
                assert RULES.bot(kind, n).choose(other) == decision, (setting, n, kind)
        for rng_seed in range(3):  # (c)
            world = RULES.guessed_world(RULES.view(s, seat), seat, SeededRandom(rng_seed))
            assert RULES.legal_actions(world) == legal, (setting, n, rng_seed)
        checked += 1
    assert checked >= 20, setting
