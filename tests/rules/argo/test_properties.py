"""Property tests over many whole Argo games (2, 3 and 4 players; random and greedy bots).

After every decision of every game the invariants below are checked; a failure names the game
(players, seed, options, bots) and the decision index, so it can be replayed by hand:

    from tests.rules.argo.test_properties import play_checked
    play_checked(players, seed, options, bots)            # add thorough=True for every check

Budget: about 3-4 minutes on two cores for 1,140 whole games checked at every decision (1,000
random, 120 greedy or mixed, 20 thorough), plus 60 shorter ones. Each hypothesis example plays two
games side by side in a pool of two processes. No example database is kept (database=None): every
run explores new seeds, and a failure prints its falsifying example.
"""
from __future__ import annotations

import json
import multiprocessing
import os
import random
import traceback

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from games.rules import IllegalAction
from games.rules.argo import RULES
from games.rules.argo.bots import RandomBot
from games.rules.argo.components import NO_ALIEN_KINDS, around, load_station
from games.rules.argo.station import free_astronauts, kind_at, links, reachable, spec_at, waking_cell

STATION = load_station("station")
ROLES = STATION.roles
MAX_ALIENS = STATION.max_aliens
# Every game must end well within this many decisions (random games take a few hundred).
MAX_DECISIONS = 3000

DIFFICULTY = st.sampled_from(["easy", "medium", "hard"])
PLAYERS = st.sampled_from([2, 3, 4])
SEED = st.integers(min_value=0, max_value=2**32 - 1)
OPTIONS = st.fixed_dictionaries({"difficulty": DIFFICULTY, "mean_teleporters": st.booleans()})

COMMON = {"deadline": None, "database": None, "suppress_health_check": [HealthCheck.too_slow]}


class GameFailure(AssertionError):
    pass


# --- invariants of one state -----------------------------------------------------------------

def check_figures(s) -> None:
    """Each player's astronauts on board + seated + escaped + dead = 5; pods agree with figures."""
    seated_in_pods = {}
    for cell, entry in s["board"].items():
        if kind_at(s, cell) == "pod":
            seats = entry["seats"]
            assert len(seats) == 2, f"pod on {cell} has {len(seats)} seats"
            for figure in seats:
                if figure is not None:
                    assert figure not in seated_in_pods, f"{figure} sits in two pods"
                    seated_in_pods[figure] = cell
    for colour in s["colours"]:
        mine = [f for f in s["astronauts"] if f.startswith(colour + "-")]
        assert sorted(mine) == sorted(f"{colour}-{r}" for r in ROLES), f"{colour}: figures {mine}"
        on_board = free_astronauts(s, colour)
        seated = [f for f in mine if seated_in_pods.get(f) == s["astronauts"][f]]
        escaped = [f for f in mine if s["astronauts"][f] == "escaped"]
        dead = [f for f in mine if s["astronauts"][f] == "dead"]
        total = len(on_board) + len(seated) + len(escaped) + len(dead)
        assert total == 5, (f"{colour}: on board {on_board}, seated {seated}, escaped {escaped}, "
                            f"dead {dead}: {total} astronauts, not 5 "
                            f"(locations { {f: s['astronauts'][f] for f in mine} })")
    for figure, where in s["astronauts"].items():
        assert where in ("dead", "escaped") or where in s["board"], f"{figure} stands on {where!r}"


def check_capacity(s) -> None:
    """At a question outside a chain no tile holds more astronauts than it may."""
    if s["ask"] is None or s["chain"] is not None:
        return
    for cell in s["board"]:
        spec = spec_at(s, cell)
        here = [f for f, where in s["astronauts"].items() if where == cell]
        if spec.kind == "pod":
            assert len(here) <= 2, f"pod {spec.id} on {cell} holds {here}"
        elif spec.capacity is not None:
            assert len(here) <= spec.capacity, (
                f"{spec.id} ({spec.kind}, capacity {spec.capacity}) on {cell} holds {here} "
                f"at question {s['ask']}")
    cells = list(s["aliens"].values())
    assert len(cells) == len(set(cells)), f"two aliens share a tile outside a chain: {s['aliens']}"


def check_aliens(s) -> None:
    assert len(s["aliens"]) <= MAX_ALIENS, f"{len(s['aliens'])} aliens on the board"
    for alien, cell in s["aliens"].items():
        assert cell in s["board"], f"{alien} stands on {cell}, which holds no tile"
        assert kind_at(s, cell) not in NO_ALIEN_KINDS, f"{alien} stands on a {kind_at(s, cell)} ({cell})"


def check_connected(s) -> None:
    wr = waking_cell(s)
    assert wr == "0|0"
    seen = reachable(s, wr)
    missing = sorted(set(s["board"]) - seen)
    assert not missing, f"tiles not reachable from the Waking Room: {missing}"


def check_track(s) -> None:
    dead = sorted(f for f, where in s["astronauts"].items() if where == "dead")
    assert len(s["track"]) == len(dead), f"track {s['track']} but dead {dead}"
    assert sorted(s["track"]) == dead, f"track {s['track']} but dead {dead}"


def check_views(s, seats) -> None:
    """No seat and no spectator ever sees the seed or the face-down order."""
    stack = s["stack"]
    # the face-down order as it would appear inside any JSON list of the view
    order = ", ".join(json.dumps(t) for t in stack) if len(stack) >= 2 and stack != sorted(stack) else None
    for seat in seats:
        v = RULES.view(s, seat)
        text = json.dumps(v)  # a view is plain JSON (keys written as "key": ...)
        assert '"seed":' not in text, f"view for seat {seat} has a 'seed' key"
        assert '"stack":' not in text, f"view for seat {seat} has a 'stack' key"
        if len(stack) >= 2:
            assert v["face_down"] == sorted(stack), f"face-down list {v['face_down']}"
        if order is not None:
            assert order not in text, f"view for seat {seat} shows the face-down order {stack}"


def check_roundtrip(s) -> str:
    text = RULES.dump(s)
    assert RULES.load(text) == s, "load(dump(s)) differs from s"
    return text


def check_state(s, seats) -> str:
    """Every invariant of one state; returns its dump."""
    check_figures(s)
    check_capacity(s)
    check_aliens(s)
    check_connected(s)
    check_track(s)
    check_views(s, seats)
    return check_roundtrip(s)


# --- decisions that must be refused ----------------------------------------------------------

MALFORMED = [
    None, 3, "end_turn", [], ["type", "end_turn"], {}, {"type": None}, {"type": "fly"},
    {"type": "END_TURN"}, {"type": "end_turn", "please": True},
    {"type": "step", "figure": 7, "to": "0|1"},
    {"type": "step", "figure": "red-chief"},
    {"type": "step", "figure": "red-chief", "to": "0,1"},
    {"type": "step", "figure": "red-chief", "to": "01|0"},
    {"type": "step", "figure": "red-chief", "to": ["0", "1"]},
    {"type": "step", "figure": "", "to": "0|1"},
    {"type": "place", "tile": "C01", "cell": "3|3", "rotation": True},
    {"type": "place", "tile": "C01", "cell": "3|3", "rotation": 1.0},
    {"type": "place", "tile": "C01", "cell": "3|3", "rotation": 4},
    {"type": "place", "tile": "C01", "cell": "3|3", "rotation": -1},
    {"type": "place", "tile": "C01", "cell": "3|3", "rotation": "1"},
    {"type": "alien", "alien": "alien-1", "to": None},
    {"type": "pilot", "choice": "move", "cell": "1|1", "rotation": 9},
    {"type": "relocate", "to": "1|1", "rotation": False},
    {"type": "launch", "pod": 5},
]


def _far_cell(s) -> str:
    xs = [int(c.split("|")[0]) for c in s["board"]]
    return f"{max(xs) + 7}|0"


def wrong_decisions(s, legal: list, rng: random.Random) -> tuple[list, list]:
    """Well-formed decisions that are not legal now: (aimed at the current question, the rest)."""
    aimed, rest = [], []
    me = s["colours"][s["turn"]["seat"]]
    ask = s["ask"] or {}
    asks_step = ask.get("q") in ("action", "step")
    asks_place = ask.get("q") == "build"
    # a step to a cell no door connects to (for one of the player's free astronauts)
    figures = free_astronauts(s, me) or [f"{me}-chief"]
    if ask.get("q") == "step":
        figures = [ask["figure"]]
    figure = rng.choice(figures)
    where = s["astronauts"][figure]
    steps = []
    if where in s["board"]:
        linked = set(links(s, where))
        unlinked = sorted(c for c in s["board"] if c not in linked)
        if unlinked:
            steps.append({"type": "step", "figure": figure, "to": rng.choice(unlinked)})
        near = [n for _, n in around(where) if n not in linked]
        if near:
            steps.append({"type": "step", "figure": figure, "to": rng.choice(near)})
    (aimed if asks_step else rest).extend(steps)
    rest.append({"type": "step", "figure": figure, "to": _far_cell(s)})
    # somebody else's astronaut, and a figure that does not exist
    others = [f for f in s["astronauts"] if not f.startswith(me + "-")]
    rest.append({"type": "step", "figure": rng.choice(others), "to": "0|0"})
    rest.append({"type": "step", "figure": "purple-chief", "to": "0|1"})
    # a place on an occupied cell (the Waking Room, or any tile), far away, or of a tile not offered
    tiles = list(s["display"]) + s["pod_stack"][:1] or ["C01"]
    places = [
        {"type": "place", "tile": rng.choice(tiles), "cell": "0|0", "rotation": 0},
        {"type": "place", "tile": rng.choice(tiles), "cell": rng.choice(sorted(s["board"])),
         "rotation": rng.randrange(4)},
        {"type": "place", "tile": rng.choice(tiles), "cell": _far_cell(s), "rotation": 0},
        {"type": "place", "tile": "WR", "cell": "0|1", "rotation": 0},
    ]
    (aimed if asks_place else rest).extend(places)
    # answers of the wrong kind
    if ask.get("q") != "end_turn":
        rest.append({"type": "end_turn"})
    if ask.get("q") != "step" or not ask.get("optional"):
        rest.append({"type": "stop"})
    rest.append({"type": "alien", "alien": "alien-999", "to": "0|1"})
    rest.append({"type": "heal", "astronaut": f"{me}-chief"} if ask.get("q") != "target"
                else {"type": "heal", "astronaut": "nobody"})
    # a listed decision bent out of shape: its cell field moved far from the station
    if legal:
        d = dict(rng.choice(legal))
        for key in ("to", "cell", "pod"):
            if key in d:
                d[key] = _far_cell(s)
                aimed.append(d)
                break
    return aimed, rest


def check_refusals(s, legal: list, rng: random.Random, text: str, every: bool = False,
                   others: bool = True) -> None:
    """Illegal decisions raise IllegalAction and leave the input as it was.

    The decisions aimed at the current question are all tried, with (if `others`) one of the
    others and one malformed decision; all of them when `every`. Over many games every kind of
    illegal decision is tried thousands of times.
    """
    aimed, rest = wrong_decisions(s, legal, rng)
    if every:
        tries = aimed + rest + MALFORMED
    else:
        tries = aimed + ([rng.choice(rest), rng.choice(MALFORMED)] if others else [])
    snapshot = json.loads(text)
    for d in tries:
        if isinstance(d, dict) and type(d.get("rotation", 0)) is int:
            assert d not in legal, f"the engine lists the illegal decision {d}"
        try:
            RULES.apply(s, d)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"apply accepted the illegal decision {d!r} at question {s['ask']}")
        assert s == snapshot, f"a refused decision {d!r} changed the input state"
    assert RULES.dump(s) == text, "refused decisions changed the input state"


def _containers(obj) -> set[int]:
    """ids of every dict and list inside a JSON value."""
    seen = set()
    todo = [obj]
    while todo:
        o = todo.pop()
        if isinstance(o, dict):
            seen.add(id(o))
            todo.extend(v for v in o.values() if isinstance(v, (dict, list)))
        elif isinstance(o, list):
            seen.add(id(o))
            todo.extend(v for v in o if isinstance(v, (dict, list)))
    return seen


def apply_checked(s, d, text: str, sharing: bool = False):
    """apply(s, d) must succeed and leave `s` untouched (and, if asked, share nothing mutable)."""
    new, events = RULES.apply(s, d)
    assert RULES.dump(s) == text, f"apply({d}) mutated its input"
    assert new is not s
    if sharing:
        shared = _containers(s) & _containers(new)
        assert not shared, f"apply({d}) returned a state sharing containers with its input"
    return new, events


# --- whole games -----------------------------------------------------------------------------

def play_checked(players: int, seed: int, options: dict, bots: list[str], *,
                 thorough: bool = False) -> dict:
    """Play one game with `bots` (one kind per seat), checking the invariants after every decision.

    At every state: the invariants, load(dump(s)), the views of the spectator and of one seat (in
    turn), the illegal decisions aimed at the question; at every other state also one other listed
    decision applied and two more illegal ones. `thorough`: every seat's view, every listed
    decision, every illegal decision, at every state.
    """
    players_bots = [RULES.bot(kind, seed * 10 + seat) for seat, kind in enumerate(bots)]
    rng = random.Random(seed)
    state = RULES.new_game(players, seed, options)
    assert all(v == 0 for v in state["scores"].values())
    scored = dict.fromkeys(state["colours"], 0)
    decisions: list = []
    label = f"players={players} seed={seed} options={options} bots={bots}"
    i = 0
    try:
        while True:
            seats = [None, *range(players)] if thorough else [None, i % players]
            text = check_state(state, seats)
            assert state["scores"] == scored, f"scores {state['scores']} but score events give {scored}"
            legal = RULES.legal_actions(state)
            if state["over"] is not None:
                assert legal == [] and state["ask"] is None, f"game over but {legal} listed"
                break
            assert legal, f"no legal decision at question {state['ask']}"
            assert len(decisions) < MAX_DECISIONS, f"no end after {MAX_DECISIONS} decisions"
            check_refusals(state, legal, rng, text, every=thorough, others=i % 2 == 0)
            for d in (legal if thorough else [rng.choice(legal)] if i % 2 else []):
                apply_checked(state, d, text)
            bot = players_bots[RULES.current_seat(state)]
            if isinstance(bot.player, RandomBot) and not thorough:
                decision = bot.rng.choice(legal)  # what bot.choose(state) does, without listing again
            else:
                decision = bot.choose(state)
            assert decision in legal, f"the bot chose {decision}, which is not listed"
            state, events = apply_checked(state, decision, text, sharing=thorough or i % 8 == 0)
            decisions.append(decision)
            for e in events:
                assert isinstance(e, dict) and "e" in e, f"malformed event {e!r}"
                if e["e"] == "score":
                    scored[e["colour"]] += e["points"]
            i += 1
        replayed = RULES.replay(players, seed, options, decisions)
        assert replayed == state, "replay of the decisions gives a different final state"
        assert RULES.dump(replayed) == RULES.dump(state)
        outcome = RULES.outcome(state)
        assert outcome is not None and outcome["scores"] == state["scores"]
    except Exception as exc:
        raise GameFailure(f"{label}, decision index {i} (question {state['ask']}, last decision "
                          f"{decisions[-1] if decisions else None}): {type(exc).__name__}: {exc}") from exc
    return {"decisions": decisions, "state": state}


def _play_one(game: dict):
    """Worker: one checked game; returns None or the failure as text (pickles cleanly)."""
    try:
        play_checked(**game)
    except Exception as exc:  # reported in the parent
        return f"{exc}\n{''.join(traceback.format_exception(exc))}"
    return None


@pytest.fixture(scope="module")
def pool():
    """Both cores: each example plays its games side by side (one process per core)."""
    workers = min(2, os.cpu_count() or 1)
    if workers < 2:
        yield None
        return
    with multiprocessing.get_context("fork").Pool(workers) as p:
        yield p


def play_all(pool, games: list[dict]) -> None:
    results = pool.map(_play_one, games, chunksize=1) if pool else [_play_one(g) for g in games]
    failures = [r for r in results if r]
    assert not failures, "\n\n".join(failures)


def games_of(bots):
    """A strategy for one game's setup: players, seed, options and a bot kind per seat."""
    @st.composite
    def game(draw):
        players = draw(PLAYERS)
        return {"players": players, "seed": draw(SEED), "options": draw(OPTIONS),
                "bots": draw(bots(players))}
    return game()


def all_random(players):
    return st.just(["random"] * players)


def with_greedy(players):
    """All greedy, or a mix of greedy and random seats."""
    return st.one_of(st.just(["greedy"] * players),
                     st.lists(st.sampled_from(["greedy", "random"]), min_size=players,
                              max_size=players).filter(lambda b: "greedy" in b))


def either(players):
    return st.sampled_from(["random", "greedy"]).map(lambda k: [k] * players)


# Two games per example, one per core.
PAIR = 2


# --- the tests -------------------------------------------------------------------------------

@pytest.mark.slow
@settings(max_examples=200, **COMMON)  # 400 games: what CI's time allows beside the browser games
@given(games=st.lists(games_of(all_random), min_size=PAIR, max_size=PAIR))
def test_random_games_keep_every_invariant(pool, games):
    play_all(pool, games)


@pytest.mark.slow
@settings(max_examples=60, **COMMON)
@given(games=st.lists(games_of(with_greedy), min_size=PAIR, max_size=PAIR))
def test_greedy_and_mixed_games_keep_every_invariant(pool, games):
    play_all(pool, games)


@pytest.mark.slow
@settings(max_examples=10, **COMMON)
@given(games=st.lists(games_of(either), min_size=PAIR, max_size=PAIR))
def test_every_listed_decision_applies_and_every_view_is_clean(pool, games):
    """At every state: every listed decision applies, every seat's view, every illegal decision."""
    play_all(pool, [dict(game, thorough=True) for game in games])


@pytest.mark.slow
@settings(max_examples=60, **COMMON)
@given(players=PLAYERS, seed=SEED, options=OPTIONS)
def test_same_seed_same_game(players, seed, options):
    """One seed fixes the setup; the same decisions give the same states and events."""
    a = RULES.new_game(players, seed, options)
    b = RULES.new_game(players, seed, options)
    assert RULES.dump(a) == RULES.dump(b)
    bot = RULES.bot("random", seed)
    for _ in range(40):
        if a["over"] is not None:
            break
        d = bot.choose(a)
        a, ea = RULES.apply(a, d)
        b, eb = RULES.apply(b, d)
        assert ea == eb and RULES.dump(a) == RULES.dump(b)


def test_decision_bound_is_generous():
    """The bound is far above real games, so hitting it means a game that does not end."""
    lengths = []
    for seed in range(6):
        state = RULES.new_game(4, seed, {"difficulty": "easy", "mean_teleporters": False})
        bot = RULES.bot("random", seed)
        n = 0
        while state["over"] is None and n < MAX_DECISIONS:
            state, _ = RULES.apply(state, bot.choose(state))
            n += 1
        assert state["over"] is not None
        lengths.append(n)
    assert max(lengths) * 3 < MAX_DECISIONS, lengths
