"""Every bot plays fair (RULES.md section 10): it is handed the deciding seat's view alone and plans in
worlds guessed from it, so over bot games of 2, 3 and 4 players (and rules version 1, where AE14 does
not hold and a SWAP or WARP may be declined):
- each decision is legal in the true position;
- a twin (`RULES.twin`: everything the seat cannot see changed) gets the same decision from a bot of
  the same seed;
- a guessed world offers the deciding seat exactly the true legal decisions, so a bot never chooses
  among decisions that are not there, nor misses one that is.
"""
from __future__ import annotations

from functools import cache

import pytest

from games.rules.andromeda import RULES
from games.rules.rng import SeededRandom

# (players, seed, rules version): a game of each player count, and one under version 1 (before AE14)
GAMES = [(2, 1, 2), (2, 53, 2), (3, 2, 2), (3, 10, 2), (4, 3, 2), (4, 21, 2), (3, 4, 1)]
EVERY = 3           # every third position of each game: several hundred in all
EXPERT_TURNS = 20   # turns the expert, a hundred times slower than greedy, is asked about


@cache
def positions() -> tuple[dict, ...]:
    """Positions of bot games (random and greedy seats), the game's end left out: nobody decides there."""
    found = []
    for players, seed, version in GAMES:
        state = RULES.new_game(players, seed, None, version)
        bots = [RULES.bot("greedy" if (seed + seat) % 2 else "random", seed * 10 + seat) for seat in range(players)]
        n = 0
        while RULES.current_seat(state) is not None:
            if n % EVERY == 0:
                found.append(state)
            state, _ = RULES.apply(state, bots[RULES.current_seat(state)].choose(state))
            n += 1
    return tuple(found)


def with_a_choice() -> list[dict]:
    return [s for s in positions() if len(RULES.legal_actions(s)) > 1]


def test_the_games_give_a_few_hundred_positions_of_every_kind_of_question():
    assert len(positions()) >= 250
    asked = {s["ask"]["q"] for s in with_a_choice()}
    assert {"return_mission", "turn", "take", "keep_mission", "swap", "raise", "shift", "enter_for", "place_lost"} <= asked


def decides_fairly(kind: str, s: dict, seed: int) -> None:
    seat = RULES.current_seat(s)
    decision = RULES.bot(kind, seed).choose(s)
    assert decision in RULES.legal_actions(s), (kind, s["seq"], decision)
    assert RULES.bot(kind, seed).choose(RULES.twin(s, seat)) == decision, (kind, s["seq"])


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_a_bot_decides_legally_and_the_same_whatever_its_seat_cannot_see(kind):
    for n, s in enumerate(positions()):
        decides_fairly(kind, s, n)


def test_the_expert_decides_legally_and_the_same_whatever_its_seat_cannot_see():
    """The first two of each kind of question (a mission to return or keep, a card to take, a SWAP, ...)
    and a sample of turns, where its search is longest."""
    by_kind: dict[str, list[dict]] = {}
    for s in with_a_choice():
        by_kind.setdefault(s["ask"]["q"], []).append(s)
    turns = by_kind.pop("turn")
    asked = [s for found in by_kind.values() for s in found[:2]] + turns[:: max(1, len(turns) // EXPERT_TURNS)]
    for n, s in enumerate(asked):
        decides_fairly("expert", s, n)


def test_a_guessed_world_offers_the_deciding_seat_exactly_the_true_decisions():
    """What the seat may decide is all in its view: its hand, its missions, its question (the missions
    drawn by A2, the one to return at the setup) and the board; a guess that lost any of it would let
    a bot choose a decision that is not there."""
    for n, s in enumerate(positions()):
        seat = RULES.current_seat(s)
        view = RULES.view(s, seat)
        for rng in (SeededRandom(n), SeededRandom(n + 10_000)):
            assert RULES.legal_actions(RULES.guessed_world(view, seat, rng)) == RULES.legal_actions(s), s["seq"]
