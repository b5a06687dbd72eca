"""The contract every registered game fulfils (games/rules/base.py; docs/games.md lists what is
checked here), over bot games of every player count and each of the game's bots: a game added to the
registry is checked here at once, without a line of this file changing. Pure: no Django.
"""
from __future__ import annotations

import json
import re

import jsonschema
import pytest

from games import rules
from games.rules.base import LONGEST_GAME, SEAT_NAME_LENGTH, Catalogue, GamePresentation, GameRules, option_sets

GAMES = rules.names()
SEEDS = (912_345_601, 912_345_602)  # long enough never to be in a view by chance
LANGUAGES = ("en", "de")
COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def members(protocol) -> set[str]:
    """What a half of the contract names: its attributes and its methods."""
    return {name for name in vars(protocol) if not name.startswith("_")} | set(protocol.__annotations__)


RULES_MEMBERS, PRESENTATION_MEMBERS = members(GameRules), members(GamePresentation) - {"name"}


@pytest.mark.parametrize("name", GAMES)
def test_each_game_gives_both_halves_and_its_rules_say_nothing(name):
    """The rules have every member of GameRules and none of GamePresentation's: what the game says
    is read from its presentation alone, which has every member of GamePresentation."""
    module, shown = rules.get(name), rules.presentation(name)
    assert module.name == shown.name == name
    assert not [m for m in RULES_MEMBERS if not hasattr(module, m)]
    assert not [m for m in PRESENTATION_MEMBERS if hasattr(module, m)], "the rules say nothing: their words are the presentation's"
    assert not [m for m in PRESENTATION_MEMBERS if not hasattr(shown, m)]
    assert isinstance(shown.catalogue, Catalogue) and shown.languages[0] == "en"
    for texts in (shown.title, shown.summary, *shown.participants.values()):
        assert texts["en"].strip() and set(texts) <= set(shown.languages), texts
    assert callable(shown.command_line)


def setups():
    for name in GAMES:
        module = rules.get(name)
        for players in range(module.min_players, module.max_players + 1):
            for seed in SEEDS:
                yield pytest.param(name, players, seed, id=f"{name}-{players}p-{seed}")


def bots(module, players: int, seed: int) -> list:
    """One bot a seat, the game's kinds in turn, so that every kind plays."""
    kinds = module.bot_kinds
    return [module.bot(kinds[(seed + seat) % len(kinds)], seed + seat) for seat in range(players)]


def as_json(value) -> str:
    return json.dumps(value, sort_keys=True)


def check_views(module, state: dict, seed: int, going: bool) -> None:
    """Each seat's view and a spectator's name the viewer and never the seed; until the end, none
    changes with what its viewer may not see."""
    shown = rules.presentation(module.name)
    for viewer in [*range(len(module.seat_names(state))), None]:
        view = module.view(state, viewer)
        assert view["you"] == viewer
        assert str(seed) not in as_json(view)
        if going:
            twin = module.twin(state, viewer)
            module.check(twin)
            assert as_json(twin) != as_json(state), "a twin changes at least the seed"
            assert module.view(twin, viewer) == view and shown.prompt(twin) == shown.prompt(state), viewer


def check_question(module, state: dict, seed: int, deciders: list[int]) -> None:
    """The pending decision: asked in words in every language, answerable, undone only within
    the deciding seat's own latest decisions."""
    shown = rules.presentation(module.name)
    seat = module.current_seat(state)
    assert module.question(state) is not None and module.legal_actions(state) and module.outcome(state) is None
    for lang in LANGUAGES:
        words = shown.prompt(state, lang)
        assert isinstance(words, str) and words.strip() and str(seed) not in words, lang
    undoable = module.undoable(state)
    assert 0 <= undoable <= len(deciders)
    assert all(decider == seat for decider in deciders[len(deciders) - undoable:]), (seat, undoable, deciders)


def check_events(module, events: list[dict]) -> None:
    shown = rules.presentation(module.name)
    for event in events:
        as_json(event)
        for lang in LANGUAGES:
            line = shown.render(event, lang)
            assert isinstance(line, str) and line.strip(), (event, lang)


def check_outcome(module, state: dict) -> None:
    """Every seat is scored and ranked; a participant that is no seat is one the game declares."""
    shown = rules.presentation(module.name)
    outcome = module.outcome(state)
    seats = set(module.seat_names(state))
    ranked = [entry["who"] for entry in outcome["ranking"]]
    assert seats <= set(outcome["scores"]) and seats <= set(ranked), outcome
    assert set(ranked) <= seats | set(shown.participants) and len(ranked) == len(set(ranked)), outcome
    assert set(outcome["winners"]) <= set(ranked), outcome


@pytest.mark.parametrize("name, players, seed", list(setups()))
def test_a_bot_game_keeps_the_contract_at_every_position(name, players, seed):
    module = rules.get(name)
    schema = jsonschema.Draft202012Validator(module.decision_schema())
    state, seats, decisions, deciders = module.new_game(players, seed), bots(module, players, seed), [], []
    while module.current_seat(state) is not None:
        assert len(decisions) < LONGEST_GAME, f"no end after {LONGEST_GAME} decisions"
        module.check(state)
        check_views(module, state, seed, going=True)
        check_question(module, state, seed, deciders)
        seat = module.current_seat(state)
        decision = seats[seat].choose(state)
        schema.validate(decision)
        given, before = state, as_json(state)
        state, events = module.apply(given, decision)
        assert as_json(given) == before, "apply changed the state it was given"
        check_events(module, events)
        decisions.append(decision)
        deciders.append(seat)
    module.check(state)
    check_views(module, state, seed, going=False)
    check_outcome(module, state)
    assert as_json(module.replay(players, seed, {}, decisions)) == as_json(state)
    assert module.load(module.dump(state)) == state


@pytest.mark.parametrize("name", GAMES)
def test_every_published_version_starts_a_game_that_carries_it_and_asks_a_decision(name):
    module = rules.get(name)
    assert module.version in module.versions
    for version in module.versions:
        state = module.new_game(module.min_players, SEEDS[0], None, version)
        assert state["rules_version"] == version
        assert module.current_seat(state) is not None and module.legal_actions(state)


@pytest.mark.parametrize("name", GAMES)
def test_seat_names_are_short_and_each_has_its_colours_on_the_page(name):
    module = rules.get(name)
    shown = rules.presentation(name)
    for lang in LANGUAGES:
        colours = shown.client_data(lang)["seat_colours"]
        for players in range(module.min_players, module.max_players + 1):
            seats = module.seat_names(module.new_game(players, SEEDS[0]))
            assert len(seats) == len(set(seats)) == players
            for seat in seats:
                assert 0 < len(seat) <= SEAT_NAME_LENGTH, seat
                assert sorted(colours[seat]) == ["dark", "light"], seat
                assert all(COLOUR.fullmatch(c) for c in colours[seat].values()), colours[seat]


@pytest.mark.parametrize("name", GAMES)
def test_the_decision_schema_is_a_json_schema_of_one_of_the_decisions(name):
    schema = rules.get(name).decision_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["oneOf"]


@pytest.mark.parametrize("name", GAMES)
def test_the_game_offers_its_bots(name):
    module = rules.get(name)
    assert {"random", "greedy"} <= set(module.bot_kinds)


@pytest.mark.parametrize("name", GAMES)
def test_teams_split_the_seats_and_partners_share_their_place(name):
    """`teams` is None, or splits every seat into two or more teams, for the options one at a time
    (`option_sets`); in each mode with teams, a game of random bots ends with partners sharing their
    place, all of a team among the winners or none."""
    module = rules.get(name)
    for players in range(module.min_players, module.max_players + 1):
        for options in option_sets(module, players):
            teams = module.teams(players, options)
            if teams is None:
                continue
            seats = [seat for team in teams for seat in team]
            assert len(teams) >= 2 and all(teams) and all(type(s) is int for s in seats), teams
            assert sorted(seats) == list(range(players)), (players, options, teams)
            state = module.new_game(players, SEEDS[0], options)
            deciders = [module.bot("random", SEEDS[0] + seat) for seat in range(players)]
            for _ in range(LONGEST_GAME):
                if module.current_seat(state) is None:
                    break
                state, _ = module.apply(state, deciders[module.current_seat(state)].choose(state))
            outcome, names = module.outcome(state), module.seat_names(state)
            assert outcome is not None, f"no end after {LONGEST_GAME} decisions"
            rank = {entry["who"]: entry["rank"] for entry in outcome["ranking"]}
            for team in teams:
                assert len({rank[names[seat]] for seat in team}) == 1, (options, team, outcome)
                assert len({names[seat] in outcome["winners"] for seat in team}) == 1, (options, team, outcome)
