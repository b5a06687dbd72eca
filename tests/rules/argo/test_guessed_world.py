"""A guessed world (`RULES.guessed_world(view, seat, rng)`): Argo hides only the order of the
face-down modules and the setup seed, from every seat and a spectator alike
(games/rules/argo/docs/state.md), so a guess is the true position with those two dealt anew, whatever
the seat, at every point of a game."""

from __future__ import annotations

import copy

import pytest

from games.rules.argo import RULES
from games.rules.argo.components import load_station
from games.rules.rng import SeededRandom

from .positions import loose_position, play

STATION = load_station("station")


def guess(state, seat, seed: int = 5):
    return RULES.guessed_world(RULES.view(state, seat), seat, SeededRandom(seed))


def but_hidden(state) -> dict:
    """`state` without its two secrets."""
    return {k: v for k, v in state.items() if k not in ("seed", "stack")}


def game(players: int, seed: int, bot: str = "greedy", options: dict | None = None):
    """Every position of a bot game, its last (finished) one included."""
    state = RULES.new_game(players, seed, options)
    bots = [RULES.bot(bot, seed + seat) for seat in range(players)]
    while state["over"] is None:
        yield state
        state, _ = RULES.apply(state, bots[state["turn"]["seat"]].choose(state))
    yield state


@pytest.mark.parametrize(
    "players, seed, bot, options",
    [
        (2, 11, "greedy", None),
        (3, 7, "random", {"mean_teleporters": True}),
        (4, 5, "greedy", {"difficulty": "hard"}),
        (4, 19, "random", None),  # teleports and a victim to choose
        (4, 54, "random", {"mean_teleporters": True}),  # a kill order to set (R20)
    ],
)
def test_a_guess_is_the_true_position_but_for_the_face_down_order_and_the_seed(players, seed, bot, options):
    # Every public field, the ones the board does not draw too (the queue and chain of a push chain
    # under way, R4 and R14; the Core Room astronauts of the turn; completed turns; the next alien's
    # number; the undo floor), is rebuilt exactly, for each seat and a spectator.
    for number, state in enumerate(game(players, seed, bot, options)):
        for seat in [*range(players), None] if number % 5 == 0 or state["over"] else [state["turn"]["seat"]]:
            guessed = guess(state, seat)
            assert but_hidden(guessed) == but_hidden(state), (number, seat)
            assert sorted(guessed["stack"]) == sorted(state["stack"])
            RULES.check(guessed)


def test_the_face_down_modules_are_the_modules_placed_nowhere_and_keep_their_count():
    state = RULES.new_game(3, 19)
    view = RULES.view(state, 1)
    placed = {e["tile"] for e in state["board"].values()} | set(state["display"])
    unplaced = sorted(t for t in STATION.modules if t not in placed)
    assert view["face_down"] == unplaced
    guessed = guess(state, 1)
    assert sorted(guessed["stack"]) == unplaced and len(guessed["stack"]) == len(state["stack"])
    assert guessed["display"] == state["display"] and guessed["pod_stack"] == state["pod_stack"]


def test_two_generators_deal_other_face_down_orders_and_seeds_and_one_deals_the_same():
    state = RULES.new_game(2, 3)
    first, second = guess(state, 0, seed=1), guess(state, 0, seed=2)
    assert first["stack"] != second["stack"] and first["seed"] != second["seed"]
    assert guess(state, 0, seed=1) == first


def test_every_seat_and_a_spectator_get_the_same_guess_since_argo_hides_the_same_from_all():
    state = RULES.new_game(4, 8)
    guesses = [guess(state, seat) for seat in [0, 1, 2, 3, None]]
    assert all(g == guesses[0] for g in guesses)


def test_the_true_order_and_seed_never_reach_the_guess():
    # twin: the same position with another seed and the face-down modules reversed.
    state = RULES.new_game(2, 13)
    twin = RULES.twin(state, 0)
    assert guess(twin, 0) == guess(state, 0)


def test_the_view_is_read_never_changed():
    state = RULES.new_game(3, 4)
    view = RULES.view(state, 2)
    before = copy.deepcopy(view)
    guessed = RULES.guessed_world(view, 2, SeededRandom(9))
    guessed["board"]["0|0"]["rot"] = 3
    guessed["astronauts"]["red-chief"] = "dead"
    guessed["bookkeeping"] = None
    assert view == before


def test_the_next_draw_comes_from_the_guessed_order():
    # Placing from the display reveals the top face-down module: in the guess it is the guess's top.
    state = RULES.new_game(2, 21)
    guessed = guess(state, state["turn"]["seat"], seed=33)
    top = guessed["stack"][0]
    while guessed["ask"]["q"] != "build":
        guessed, _ = RULES.apply(guessed, RULES.legal_actions(guessed)[0])
    place = next(d for d in RULES.legal_actions(guessed) if d["type"] == "place" and d["tile"] in guessed["display"])
    after, events = RULES.apply(guessed, place)
    assert {"e": "revealed", "tile": top} in events
    assert after["display"][-1] == top


def test_an_astronaut_waiting_for_its_teleport_stands_where_it_was_pushed_from():
    # Yellow's Pilot is pushed west onto the teleporter T1 and two destinations are open: the view
    # draws her on the teleporter, the state keeps her on the corridor she left until she arrives
    # (R13: the push after the teleport has no tile it came from). The guess keeps her there too,
    # with the chain under way (R14), so red's choices are the same.
    board = {"0|0": "WR", "1|0": ("T1", 1), "2|0": ("C01", 1), "3|0": ("C01", 1), "4|0": ("T2", 2)}
    s = loose_position(board, {"red-grunt": "3|0", "yellow-pilot": "2|0"})
    s, _ = play(
        s, {"type": "step", "figure": "red-grunt", "to": "2|0"}, {"type": "push", "figure": "yellow-pilot", "to": "1|0"}
    )
    assert s["ask"]["q"] == "teleport"
    for seat in (0, 1, None):
        view = RULES.view(s, seat)
        assert view["astronauts"]["yellow-pilot"] == "1|0"
        guessed = RULES.guessed_world(view, seat, SeededRandom(3))
        assert guessed["astronauts"]["yellow-pilot"] == "2|0"
        assert guessed["chain"] == s["chain"] and guessed["queue"] == s["queue"]
        assert RULES.legal_actions(guessed) == RULES.legal_actions(s)
        assert but_hidden(guessed) == but_hidden(s)


def test_a_finished_game_is_guessed_with_its_end():
    *_, last = game(2, 17, "random")
    guessed = guess(last, None)
    RULES.check(guessed)
    assert guessed["over"] == last["over"] and RULES.outcome(guessed) == RULES.outcome(last)
    assert RULES.current_seat(guessed) is None
