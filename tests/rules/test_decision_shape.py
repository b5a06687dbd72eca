"""A decision's shape has one source, the game's `decision_schema()`: the toolkit's `check_shape`
compiles it once (games/rules/base.py, `Rules.shape`) and words its first error. For every registered
game: each legal decision of a few random games passes, each malformed one is refused with a
message that names what is wrong (the API serving that schema: tests/site/unit/test_api_schema_options.py)."""
from __future__ import annotations

import pytest

from games import rules
from games.rules import MalformedDecision

GAMES = rules.names()


def legal_decisions(module, seeds=(3, 4), longest: int = 150) -> list[dict]:
    """Every legal decision met in a few random bot games, each of their positions."""
    met: list[dict] = []
    for seed in seeds:
        state, bot = module.new_game(module.max_players if seed % 2 else module.min_players, seed), module.bot("random", seed)
        for _ in range(longest):
            if module.current_seat(state) is None:
                break
            met += module.legal_actions(state)
            state, _ = module.apply(state, bot.choose(state))
    return met


@pytest.fixture(scope="module", params=GAMES)
def game(request):
    module = rules.get(request.param)
    return module, legal_decisions(module)


def test_every_legal_decision_met_passes_the_compiled_check(game):
    module, met = game
    kinds = set()
    for decision in met:
        module.check_shape(decision)
        assert module.shape.by_type[decision["type"]].is_valid(decision), decision
        kinds.add(decision["type"])
    assert len(kinds) > 1, kinds


def refused(module, decision) -> str:
    with pytest.raises(MalformedDecision) as refusal:
        module.check_shape(decision)
    with pytest.raises(MalformedDecision):  # apply checks the shape before anything else
        module.apply(module.new_game(module.min_players, 1), decision)
    return str(refusal.value)


def test_a_malformed_decision_is_refused_naming_what_is_wrong(game):
    module, met = game
    types = module.shape.by_type
    for not_an_object in ("end_turn", 5, None, [], [{"type": next(iter(types))}]):
        assert refused(module, not_an_object) == "a decision must be a JSON object with a 'type'"
    assert refused(module, {}).startswith("a decision needs the field 'type'; known types: ")
    message = refused(module, {"type": "no_such_type"})
    assert message == f"unknown decision type 'no_such_type'; known types: {', '.join(types)}"
    assert refused(module, {"type": ["pick"]}).startswith("unknown decision type ['pick']")
    decision = next(d for d in met if len(d) > 1)
    kind, name = decision["type"], next(k for k in decision if k != "type")
    assert refused(module, {**decision, "unheard_of": 1}) == f"a {kind!r} decision has no field 'unheard_of'"
    without = {k: v for k, v in decision.items() if k != name}
    assert refused(module, without) == f"a {kind!r} decision needs the field {name!r}"
    assert refused(module, {**decision, name: [decision[name]]}).startswith(f"field {name!r} of a {kind!r} decision must be ")
    assert refused(module, {**decision, name: True}).startswith(f"field {name!r} of a {kind!r} decision must be ")
    texts = [(d, k, module.shape.field(d["type"], k)["maxLength"]) for d in met for k, v in d.items()
             if k != "type" and isinstance(v, str) and "maxLength" in module.shape.field(d["type"], k)]
    decision, name, longest = texts[0]
    message = refused(module, {**decision, name: "x" * (longest + 1)})
    assert message.startswith(f"field {name!r} of a {decision['type']!r} decision must be "), message
    whole = [(d, k) for d in met for k, v in d.items() if type(v) is int and not isinstance(v, bool)]
    for decision, name in whole[:1]:  # JSON Schema's integer takes 1.0; the rules take an int alone
        message = refused(module, {**decision, name: float(decision[name])})
        assert message.startswith(f"field {name!r} of a {decision['type']!r} decision must be "), message


def test_a_game_words_its_own_fields_in_their_schemas_descriptions():
    argo = rules.get("argo")
    place = {"type": "place", "tile": "C06", "cell": "0|1", "rotation": 0}
    argo.check_shape(place)
    for field, value, words in [("cell", "0,1", 'a cell such as "2|-1"'), ("rotation", 4, "a rotation 0-3"),
                                ("tile", "", "a name of 1 to 64 characters")]:
        assert refused(argo, {**place, field: value}) == f"field {field!r} of a 'place' decision must be {words}"
    andromeda = rules.get("andromeda")
    message = refused(andromeda, {"type": "play", "card": "Z1", "ship": "A6"})
    assert message.startswith("field 'card' of a 'play' decision must be one of W1, W2"), message
    assert refused(andromeda, {"type": "play", "card": "W1"}) == "a 'play' decision needs the field 'ship'"


@pytest.mark.parametrize("name", GAMES)
def test_the_schema_checked_is_the_one_object_decision_schema_gives(name):
    module = rules.get(name)
    assert module.shape is module.shape and module.shape.schema is module.decision_schema()
    served = [branch for kind in module.shape.branches.values() for branch in kind]
    assert sorted(map(id, served)) == sorted(map(id, module.decision_schema()["oneOf"]))
