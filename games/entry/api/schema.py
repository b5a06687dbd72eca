"""The OpenAPI schema, exact about errors: every operation lists the answers any request to it may
get besides its success, each a JSON object with a `detail` (games.entry.api.errors makes them so)."""
from __future__ import annotations

from itertools import combinations

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import inline_serializer
from rest_framework import serializers

from games import rules
from games.rules.base import option_sets

DETAIL = inline_serializer("Detail", {"detail": serializers.CharField(help_text="why, in words")})

# 400: bad input, or a NUL byte anywhere in the URL; 401: a token that is wrong or revoked (any
# endpoint reads the Authorization header); 404: a missing object, or a page past the end.
ANY_REQUEST = (400, 401, 404)
# 403: not allowed, or a session request without its CSRF token; 413: a body over the limit;
# 415: a body that is not JSON; 429: a per-user limit (games.limits) or the login throttle.
WITH_BODY = (403, 413, 415, 429)


class SiteAutoSchema(AutoSchema):
    def _get_request_body(self, direction="request"):
        body = super()._get_request_body(direction)
        if body and isinstance(self.get_request_serializer(), dict):
            body["required"] = True  # a schema written out by hand (create_game_request) is never optional
        return body

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        codes = ANY_REQUEST + (WITH_BODY if self.method in ("POST", "PUT", "PATCH", "DELETE") else ())
        for code in codes:
            if str(code) not in responses:
                responses[str(code)] = self._get_response_for_code(DETAIL, str(code), direction=direction)
        return responses


def create_game_request() -> dict:
    """POST /api/games/ exactly: one branch per game and table size, with the game's own options
    (its rules module's `options_schema`) and room for one invitation fewer than seats."""
    branches = []
    for name in rules.names():
        module = rules.get(name)
        for players in range(module.min_players, module.max_players + 1):
            branches.append({
                "type": "object", "title": f"{name}, {players} players", "required": ["game", "players"],
                "properties": {
                    "game": {"type": "string", "enum": [name]},
                    "players": {"type": "integer", "enum": [players]},
                    "options": options_request(module, players),
                    "hours_per_move": {"type": "integer", "minimum": 1, "maximum": 720,
                                       "description": "time_control per_turn (the default): the hours of every turn"},
                    "time_control": {"type": "string", "enum": ["per_turn", "bank"], "default": "per_turn",
                                     "description": "per_turn: hours_per_move for every turn; bank: a time bank per "
                                                    "seat (bank_hours, increment_hours, cap_hours); a field of the "
                                                    "other kind is a 400"},
                    "bank_hours": {"type": "integer", "minimum": 1, "maximum": 720, "default": 72,
                                   "description": "bank: each seat's bank at the start, at most cap_hours"},
                    "increment_hours": {"type": "integer", "minimum": 0, "maximum": 720, "default": 24,
                                        "description": "bank: added after each of a seat's turns, at most cap_hours"},
                    "cap_hours": {"type": "integer", "minimum": 1, "maximum": 720, "default": 168,
                                  "description": "bank: what a seat's bank never exceeds"},
                    "strict": {"type": "boolean", "default": False,
                               "description": "the clocks run through the players' quiet hours, days off and vacations"},
                    "invite": {"type": "array", "maxItems": players - 1, "uniqueItems": True,
                               "items": {"type": "string", "minLength": 1, "maxLength": 150},
                               "description": "usernames of active players (404 for one that is not)"},
                    "bots": {"type": "array", "maxItems": players - 1,
                             "items": {"type": "string", "enum": [*module.bot_kinds, None], "nullable": True},
                             "description": "seats 1, 2, ... in turn: one of the site's bots of the kind named, or "
                                            "null for a seat left to a person (who joins, or is invited); with "
                                            "the invitations at most one fewer than seats (400). A player and "
                                            "bots only: the game starts at once"},
                },
            })
    return {"oneOf": branches}


def options_request(module, players: int) -> dict:
    """A game's options for a table of `players`, as its rules accept them: each option's choices that
    `check_options` takes at that size, and in `x-refused-together` each pair of choices it refuses
    together (say, two seats of one faction: 400). A `not` would say the pairs in JSON Schema, but the
    contract's generator cannot read one there (bin/contract); tests/site/unit/test_api_schema_options.py
    holds every game to the schema over every combination of its options."""
    spec = module.options_schema()
    defaults, *alone = option_sets(module, players)
    changes = [(key, choice) for options in alone for key, choice in options.items() if choice != defaults[key]]
    schema = {"type": "object", "additionalProperties": False, "properties": {
        key: {"enum": [c for c in option["choices"] if c == defaults[key] or (key, c) in changes],
              "default": option["default"]} for key, option in spec.items()}}
    refused = [{k1: c1, k2: c2} for (k1, c1), (k2, c2) in combinations(changes, 2)
               if k1 != k2 and not _accepts(module, players, {k1: c1, k2: c2})]
    if refused:
        schema["x-refused-together"] = refused
        schema["description"] = "each pair of x-refused-together is refused (400) when both are chosen"
    return schema


def _accepts(module, players: int, options: dict) -> bool:
    try:
        module.check_options(players, options)
    except rules.IllegalAction:
        return False
    return True
