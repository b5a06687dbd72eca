"""The create-game request's schema says exactly which options a game accepts at each table size (each
option's choices, and the pairs refused together in `x-refused-together`): an outside client that
follows /api/schema/ never meets a 400 for options it allows, and it allows every set of options the
game accepts. Held for every registered game, over every
combination of its options (games.entry.api.schema.options_request)."""
from __future__ import annotations

from itertools import product

import pytest
from jsonschema import Draft7Validator

from games import rules
from games.entry.api.schema import options_request
from games.rules import IllegalAction


def accepted(module, players: int, options: dict) -> bool:
    try:
        module.check_options(players, options)
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize("name", rules.names())
def test_the_schema_allows_exactly_the_options_the_game_accepts(name):
    module = rules.get(name)
    spec = module.options_schema()
    keys = sorted(spec)
    for players in range(module.min_players, module.max_players + 1):
        schema = options_request(module, players)
        validator = Draft7Validator(schema)
        pairs = schema.get("x-refused-together", [])
        for choices in product(*(spec[key]["choices"] for key in keys)):
            options = dict(zip(keys, choices))
            allowed = validator.is_valid(options) and not any(pair.items() <= options.items() for pair in pairs)
            assert allowed == accepted(module, players, options), (name, players, options)



def test_the_api_serves_the_decision_shapes_the_rules_check():
    """A decision posted to /moves/ is described by exactly the shapes each game's rules check
    (their decision_schema(), compiled by Rules.check_shape), as the published schema says them."""
    from drf_spectacular.generators import SchemaGenerator
    schema = SchemaGenerator().get_schema(request=None, public=True)
    served = schema["components"]["schemas"]["MoveRequest"]["properties"]["action"]["anyOf"]
    checked = [branch for name in rules.names() for branch in rules.get(name).shape.schema["oneOf"]]
    assert served == checked
