"""The shared seeded generator gives the very numbers each game's own generator gave: stored games
replay from their seeds and decisions, so a setup or a shuffle may never change, nor a bot's pick
from the same list of decisions.
The sequences below were recorded with the generators the games had before they shared one."""
import hashlib

import pytest

from games.rules import get
from games.rules.rng import SeededRandom, shuffle_in_state

# seed: (three next64, below 1, 2, 6, 52 and 1000003, a shuffle of range(10), a choice of "abcdefg")
RECORDED = {
    0: ([16294208416658607535, 7960286522194355700, 487617019471545679], [0, 1, 0, 49, 842454],
        [0, 8, 5, 6, 7, 3, 4, 1, 2, 9], "g"),
    7: ([7191089600892374487, 309689372594955804, 16616101746815609346], [0, 0, 3, 30, 925500],
        [7, 6, 8, 2, 4, 0, 1, 3, 9, 5], "f"),
    2**64 + 5: ([7134611160154358618, 13877614986023876344, 4292726422858613063], [0, 1, 4, 37, 219887],
                [9, 6, 1, 5, 2, 3, 4, 7, 8, 0], "c"),
    -3: ([17824971123127853533, 17039259473404265729, 18363971414914884509], [0, 1, 2, 39, 890673],
         [4, 5, 9, 6, 7, 3, 8, 1, 0, 2], "e"),
    123456789: ([2466975172287755897, 8832083440362974766, 3534771765162737125], [0, 1, 4, 46, 185630],
                [8, 0, 4, 3, 5, 6, 7, 9, 2, 1], "b"),
}

# (game, players, seed): the first 16 hex digits of the SHA-256 of the dumped setup, and of the
# position after 60 decisions of the random bot seeded alike. Andromeda Escape's positions were recorded
# again when its legal decisions came to list the ships in the board's order (A1 … C11) rather than in
# the order the ships came there: the random bot picks from that list.
POSITIONS = {
    ("argo", 2, 1): ("a0eceafb3cc5f2df", "431727a3f6767161"),
    ("argo", 3, 7): ("8dcc4fadba8018dd", "c89600da4aa2c938"),
    ("argo", 4, 123456789): ("2565fedecdaf7def", "307135c12a92206a"),
    ("andromeda", 2, 1): ("d0a4c98e3f400cf1", "a15e71c34e733216"),
    ("andromeda", 3, 7): ("806b17bc6bfad88d", "5c57527638ffa922"),
    ("andromeda", 4, 123456789): ("53e89a677295eafc", "49f6472350967fe1"),
}


@pytest.mark.parametrize("seed", RECORDED)
def test_the_generator_draws_the_recorded_numbers(seed):
    rng = SeededRandom(seed)
    words, below, shuffled, picked = RECORDED[seed]
    assert [rng.next64() for _ in words] == words
    assert [rng.below(n) for n in (1, 2, 6, 52, 1000003)] == below
    items = list(range(10))
    rng.shuffle(items)
    assert items == shuffled
    assert rng.choice("abcdefg") == picked


def test_a_shuffle_in_the_state_carries_the_generator_on():
    s, items = {"rng": 42}, list(range(8))
    shuffle_in_state(s, items)
    assert s == {"rng": 6018027440424182973} and items == [3, 1, 6, 2, 4, 0, 7, 5]


def test_below_refuses_an_empty_range():
    with pytest.raises(ValueError):
        SeededRandom(1).below(0)


def _fingerprint(rules, state) -> str:
    return hashlib.sha256(rules.dump(state).encode()).hexdigest()[:16]


@pytest.mark.parametrize("game,players,seed", POSITIONS)
def test_setups_and_bot_games_are_the_recorded_ones(game, players, seed):
    rules = get(game)
    state = rules.new_game(players, seed)
    setup = _fingerprint(rules, state)
    bot = rules.bot("random", seed)
    for _ in range(60):
        if rules.current_seat(state) is None:
            break
        state, _ = rules.apply(state, bot.choose(state))
    assert (setup, _fingerprint(rules, state)) == POSITIONS[game, players, seed]
