"""The API's answers and the JSON columns are written by orjson (foundation/encoding.py): what a
client reads and what is stored must be what DRF's renderer and json.dumps made of them."""
from __future__ import annotations

import datetime
import decimal
import json
import uuid

import pytest
from django.utils.translation import gettext_lazy
from rest_framework.renderers import JSONRenderer
from rest_framework.utils.serializer_helpers import ReturnDict, ReturnList

from foundation.encoding import FastJSONRenderer, column_dumps

NOW = datetime.datetime(2026, 11, 27, 21, 5, 3, 123456, tzinfo=datetime.UTC)
BERLIN = datetime.datetime(2026, 11, 27, 22, 5, 3, tzinfo=datetime.timezone(datetime.timedelta(hours=1)))

ANSWERS = [
    {"seq": 12, "view": {"turn": {"seat": 1}, "board": {"3,4": {"tile": "a-7", "rot": 2}}}, "next": None},
    {"detail": "Not your turn.", "when": NOW, "day": NOW.date(), "berlin": BERLIN, "at": datetime.time(9, 30)},
    {"title": gettext_lazy("Games"), "rating": decimal.Decimal("1012.50"), "id": uuid.UUID(int=7)},
    {"chosen": {3, 1}, "pair": (1, "a"), 4: "a key that is a number", True: "a key that is true"},
    {"text": "Sätze mit ß, 😀 and a line\u2028separator\u2029", "empty": [], "nested": [[[]]]},
    ReturnDict({"k": [1.5, -0.0, 1e-07, 2.5e+20]}, serializer=None),
    ReturnList([{"a": None}], serializer=None),
    {"big": 2 ** 70},  # beyond orjson's integers: DRF writes it
    [], "plain", 3,
]


@pytest.mark.parametrize("data", ANSWERS, ids=range(len(ANSWERS)))
def test_an_answer_reads_as_drf_writes_it(data):
    ours, theirs = FastJSONRenderer().render(data, "application/json"), JSONRenderer().render(data, "application/json")
    assert json.loads(ours) == json.loads(theirs)
    assert b"\xe2\x80\xa8" not in ours and b"\xe2\x80\xa9" not in ours  # escaped, as DRF does for JavaScript


def test_an_answer_without_numbers_spelt_apart_is_the_same_bytes():
    answer = {"when": NOW, "title": gettext_lazy("Games"), "board": {"c": [1, 2, None]}, "ok": True, "ü": "ö"}
    assert FastJSONRenderer().render(answer, "application/json") == JSONRenderer().render(answer, "application/json")


def test_an_indented_answer_is_drfs():
    data = {"a": [1, {"b": 2}]}
    asked = "application/json; indent=4"
    assert FastJSONRenderer().render(data, asked) == JSONRenderer().render(data, asked)
    assert b"\n    " in FastJSONRenderer().render(data, asked)


def test_nothing_renders_as_nothing():
    assert FastJSONRenderer().render(None) == b""


def test_a_column_stores_what_json_dumps_stores():
    state = {"board": {"1,2": {"tile": "x", "seats": [None, "red"]}}, "seq": 40, 3: "three", "f": 0.1}
    assert json.loads(column_dumps(state)) == json.loads(json.dumps(state))
    assert json.loads(column_dumps([2 ** 70])) == [2 ** 70]


def test_a_column_refuses_what_json_dumps_refuses():
    with pytest.raises(TypeError):
        column_dumps({"when": NOW})
    with pytest.raises(TypeError):
        column_dumps({"s": object()})


def test_the_api_answers_through_it():
    """DRF's views and the plain views of the turn's two requests both render with it."""
    from rest_framework.settings import api_settings

    from games.entry.api import decisions

    assert api_settings.DEFAULT_RENDERER_CLASSES == [FastJSONRenderer]
    assert isinstance(decisions._renderer, FastJSONRenderer)
