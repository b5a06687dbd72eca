"""JSON written by orjson where the standard library's encoder was the cost: the API's answers and
the JSON columns a decision stores (a game's state, the decision, its events).

Encoding was 6 % of a serving process's time under benchmarks/api_moves.py (py-spy, GIL samples):
3.5 % the answer, 2.3 % the state sent to PostgreSQL. orjson writes the same JSON, compact and in
UTF-8, several times faster. Where the two would differ, the standard library still writes it:

- an answer: dates and times go through DRF's encoder (`Z` for UTC, as DRF writes them), so does
  anything orjson does not know (lazy translations, decimals, sets); an indented answer
  (`Accept: application/json; indent=4`), a setting that asks for ASCII, spaced separators or
  NaN written out, or what orjson refuses (an integer beyond 64 bits) is rendered by DRF itself.
  Numbers may be spelt differently (`1e-07` is `1e-7`), never valued differently; a NaN, which
  DRF refuses with an error, is null;
- a column: what orjson refuses goes to `json.dumps`, which stores it or raises as before.
"""
from __future__ import annotations

import json

import orjson
from rest_framework.renderers import JSONRenderer
from rest_framework.utils.encoders import JSONEncoder as DRFEncoder

# Dict keys that are numbers or booleans become strings, as json.dumps makes them; dates and
# dataclasses are handed to `default`, so that they are written as the standard encoder would.
_OPTIONS = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS
_SEPARATORS = (b"\xe2\x80\xa8", b"\\u2028"), (b"\xe2\x80\xa9", b"\\u2029")


class FastJSONRenderer(JSONRenderer):
    """DRF's JSONRenderer, the same JSON for what the API answers, written by orjson."""

    _default = staticmethod(DRFEncoder().default)

    def render(self, data, accepted_media_type=None, renderer_context=None):
        if data is None or not self._plain(accepted_media_type, renderer_context or {}):
            return super().render(data, accepted_media_type, renderer_context)
        try:
            text = orjson.dumps(data, default=self._default, option=_OPTIONS)
        except orjson.JSONEncodeError:
            return super().render(data, accepted_media_type, renderer_context)
        # As DRF: the two line separators JSON allows raw but JavaScript's strings do not.
        for raw, escaped in _SEPARATORS:
            if raw in text:
                text = text.replace(raw, escaped)
        return text

    def _plain(self, accepted_media_type, renderer_context) -> bool:
        """Compact UTF-8 without NaN: what orjson writes."""
        return (self.compact and not self.ensure_ascii and self.strict
                and self.get_indent(accepted_media_type, renderer_context) is None)


def column_dumps(value) -> bytes | str:
    """The JSON text of a JSON column's value (no custom encoder): json.dumps's, faster."""
    try:
        return orjson.dumps(value, option=_OPTIONS)
    except orjson.JSONEncodeError:
        return json.dumps(value)
