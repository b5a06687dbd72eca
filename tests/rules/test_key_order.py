"""A rules module's answers never depend on the order of a state's keys (docs/games.md): the site
reads a position back from PostgreSQL, whose jsonb keeps an object's keys in an order of its own
(shorter keys first, then bytewise), rebuilds it by replay, or guesses it for the analysis board,
and the same position must list the same choices, show the same views and play on the same way.

Over positions met in bot games of every registered game, the state with its keys reordered as
PostgreSQL would, reversed and shuffled gives exactly what the state gives: the legal decisions in
their order, the question and the prompts, each seat's view and a spectator's, the bots' decisions,
and after one legal decision the same new state and events. Pure: no Django."""
from __future__ import annotations

import json

import pytest

from games import rules
from games.rules.rng import SeededRandom

from .random_player import RandomPlayer

GAMES = rules.names()
SEED = 912_345_611
EVERY = 9  # every ninth position of a game, and its last: positions of every kind, in little time
SLOW = 5   # the slower bots (the expert) are asked at every fifth of those


def in_order(value, keys):
    """The same JSON value with every object's keys put in the order `keys(list of keys)` gives."""
    if isinstance(value, dict):
        return {k: in_order(value[k], keys) for k in keys(list(value))}
    if isinstance(value, list):
        return [in_order(v, keys) for v in value]
    return value


def as_postgres(value):
    """jsonb's order: shorter keys first, then bytewise."""
    return in_order(value, lambda ks: sorted(ks, key=lambda k: (len(k.encode()), k.encode())))


def reversed_keys(value):
    return in_order(value, lambda ks: ks[::-1])


def shuffled(seed: int):
    rng = SeededRandom(seed)

    def order(keys):
        rng.shuffle(keys)
        return keys
    return lambda value: in_order(value, order)


def canonical(value) -> str:
    return json.dumps(value, sort_keys=True)


def answers(module, state: dict, seed: int, kinds) -> dict:
    """What the site asks of a position, each answer written so that the order of every list shows."""
    seats = [*range(len(module.seat_names(state))), None]
    views = {seat: module.view(state, seat) for seat in seats}
    shown = rules.presentation(module.name)
    got = {
        "seats": module.seat_names(state),
        "current": module.current_seat(state),
        "question": canonical(module.question(state)),
        "undoable": module.undoable(state),
        "outcome": canonical(module.outcome(state)),
        "views": {seat: canonical(view) for seat, view in views.items()},
        "describe": [canonical(shown.describe(views[seat], "en")) for seat in {module.current_seat(state), None}],
    }
    deciding = module.current_seat(state)
    if deciding is not None:
        got["legal"] = canonical(module.legal_actions(state))
        got["prompt"] = [shown.prompt(state, lang) for lang in ("en", "de")]
        got["prompt_for_others"] = shown.prompt_for_others(state, "en")
        # the bots, fresh and seeded alike, from the deciding seat's view as read from this state
        got["bots"] = [canonical(module.bot(kind, seed).decide(views[deciding])) for kind in kinds]
        got["guess"] = canonical(module.guessed_world(views[deciding], deciding, SeededRandom(seed)))
    return got


def positions(module, players: int, seed: int):
    """Every EVERY-th position of a random bot's game, and its last, each with the decision taken there."""
    bot = RandomPlayer(module, seed)  # the random bot's picks, without a view and a guess at every step
    state = module.new_game(players, seed)
    number = 0
    while module.current_seat(state) is not None:
        decision = bot.choose(state)
        if number % EVERY == 0:
            yield state, decision
        state, _ = module.apply(state, decision)
        number += 1
    yield state, None


def setups():
    for name in GAMES:
        module = rules.get(name)
        for players in sorted({module.min_players, module.max_players}):
            yield pytest.param(name, players, id=f"{name}-{players}p")


@pytest.mark.parametrize("name,players", list(setups()))
def test_the_order_of_a_states_keys_changes_no_answer(name, players):
    module = rules.get(name)
    for number, (state, decision) in enumerate(positions(module, players, SEED + players)):
        seed = SEED + number
        kinds = module.bot_kinds if number % SLOW == 0 else ("random", "greedy")
        expected = answers(module, state, seed, kinds)
        if decision is not None:
            after, events = module.apply(state, decision)
        for how, reorder in (("postgres", as_postgres), ("reversed", reversed_keys), ("shuffled", shuffled(seed))):
            twin = reorder(state)
            assert canonical(twin) == canonical(state)
            got = answers(module, twin, seed, kinds)
            for key, value in expected.items():
                assert got[key] == value, f"{name}, position {number}, keys {how}: {key} differs"
            if decision is not None:
                twin_after, twin_events = module.apply(twin, decision)
                assert canonical(twin_after) == canonical(after), f"{name}, position {number}, keys {how}: the new state"
                assert canonical(twin_events) == canonical(events), f"{name}, position {number}, keys {how}: the events"
