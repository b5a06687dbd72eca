"""Every bot decides from its seat's view alone, over bot games of every mode (2 to 4 players, each
difficulty, with and without mean teleporters): what it chooses is legal in the true position,
a position the seat cannot tell from it (another face-down order and setup seed) gets the same
decision, and the world it guesses offers exactly the true legal decisions."""
from __future__ import annotations

import functools

import pytest

from games.rules.argo import RULES
from games.rules.argo.components import DIFFICULTIES
from games.rules.rng import SeededRandom

from .test_key_order import reordered

MODES = [(players, {"difficulty": difficulty, "mean_teleporters": mean})
         for players in (2, 3, 4) for difficulty in DIFFICULTIES for mean in (False, True)]
EVERY = 8          # one position of every EVERY of each game is checked: about 300 in all
EXPERT_EVERY = 10  # of those, the expert (the slowest by far) decides at one of every EXPERT_EVERY


@functools.lru_cache(maxsize=1)
def positions() -> list[dict]:
    """Positions from whole games of a random and a greedy bot (seats alternating), one per mode."""
    out = []
    for number, (players, options) in enumerate(MODES):
        state = RULES.new_game(players, 100 + number, options)
        bots = [RULES.bot("greedy" if seat % 2 else "random", number * 10 + seat) for seat in range(players)]
        for ply in range(10_000):
            if state["over"] is not None:
                break
            if ply % EVERY == 0:
                out.append(state)
            state, _ = RULES.apply(state, bots[RULES.current_seat(state)].choose(state))
    return out


def checked(kind: str) -> list[tuple[int, dict]]:
    every = EXPERT_EVERY if kind == "expert" else 1
    return [(i, s) for i, s in enumerate(positions()) if i % every == 0]


def test_the_games_reach_every_mode_and_a_few_hundred_positions():
    assert 250 <= len(positions()) <= 400
    modes = {(s["players"], s["options"]["difficulty"], s["options"]["mean_teleporters"]) for s in positions()}
    assert len(modes) == len(MODES)


@pytest.mark.parametrize("kind", RULES.bot_kinds)
def test_a_bot_decides_legally_and_the_same_in_a_position_its_seat_cannot_tell_apart(kind):
    # The twin: another setup seed and the face-down modules in another order, read back with its
    # keys in another order too (as the database returns a state).
    for i, state in checked(kind):
        decision = RULES.bot(kind, i).choose(state)
        assert decision in RULES.legal_actions(state), i
        twin = reordered(RULES.twin(state, RULES.current_seat(state)))
        assert RULES.bot(kind, i).choose(twin) == decision, i


def test_a_guessed_world_offers_the_true_legal_decisions():
    # The bots choose among a guessed world's decisions, so these must be the true ones, in order.
    for i, state in enumerate(positions()):
        seat = RULES.current_seat(state)
        world = RULES.guessed_world(RULES.view(state, seat), seat, SeededRandom(i))
        assert RULES.legal_actions(world) == RULES.legal_actions(state), i
