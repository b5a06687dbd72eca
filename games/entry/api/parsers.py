"""The API's JSON parser: a body too large or nested too deep is a 4xx with a reason, never a 500."""
from __future__ import annotations

import json

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

MAX_DEPTH = 32  # the deepest a real request nests is 3 (a decision inside a move)


class RequestTooLarge(ParseError):
    status_code = 413
    default_detail = "the request body is too large"


def _depth(value, limit: int) -> int:
    """How deep `value` nests, counting no further than `limit` + 1 (iterative: no recursion)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if not isinstance(item, (dict, list)):
            continue
        deepest = max(deepest, level)
        if deepest > limit:
            break
        stack.extend((child, level + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


class SafeJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:
            raise RequestTooLarge(f"the request body is larger than {limit} bytes")
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            data = json.loads(raw.decode(encoding), parse_constant=self._no_constant)
        except RecursionError:
            raise ParseError(f"JSON nested deeper than {MAX_DEPTH} levels") from None
        except (ValueError, UnicodeDecodeError) as exc:
            raise ParseError(f"JSON parse error - {exc}") from None
        if _depth(data, MAX_DEPTH) > MAX_DEPTH:
            raise ParseError(f"JSON nested deeper than {MAX_DEPTH} levels")
        return data

    @staticmethod
    def _no_constant(name):
        raise ValueError(f"{name} is not valid JSON")
