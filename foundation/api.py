"""Rules of the API's contract that every endpoint follows: JSON's own types, and an unknown
method answered 405 before anything else is asked of the request."""
from __future__ import annotations

import copy
import re
from functools import cached_property, partial

from django.core.paginator import Paginator
from django.db.models import QuerySet
from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from rest_framework import serializers
from rest_framework.exceptions import MethodNotAllowed, NotFound, ValidationError
from rest_framework.pagination import PageNumberPagination


class StrictIntegerField(serializers.IntegerField):
    """A JSON number, not a string that looks like one: a client sending "3" has a bug."""

    def to_internal_value(self, data):
        if not isinstance(data, int) or isinstance(data, bool):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictCharField(serializers.CharField):
    """A JSON string: a number where text belongs is a client's bug, not text."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictCharFieldSchema(OpenApiSerializerFieldExtension):
    """What a StrictCharField takes, said in the schema as DRF checks it: never NUL, and, unless blank
    is allowed, at least one character that is not white space (DRF trims, then finds the text blank).
    drf-spectacular's documented hook for a field class; a subclass with its own schema keeps it."""

    target_class = StrictCharField

    def map_serializer_field(self, auto_schema, direction):
        schema = auto_schema._map_serializer_field(self.target, direction, bypass_extensions=True)
        if direction == "request" and "pattern" not in schema:
            blank_is_text = self.target.allow_blank or not self.target.trim_whitespace
            schema["pattern"] = "^[^\\x00]*$" if blank_is_text else "^[^\\x00]*[^\\x00\\s][^\\x00]*$"
        return schema


class StrictBooleanField(serializers.BooleanField):
    """JSON's true or false: DRF would also take "yes", "0" and the like."""

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class KeptFieldsSerializer(serializers.ModelSerializer):
    """A ModelSerializer that builds its fields from the model once per class, then copies them.

    DRF builds them again for every instance, reading the model's fields and their options (1 ms
    for a game's detail, a tenth of a join's CPU, docs/performance.md); the result depends only on
    the class and its Meta, not on the instance or the context. A copy is what DRF hands every
    instance anyway, so each still binds fields of its own. A subclass whose fields do depend on
    the request (choices read at run time, fields added in `__init__`) must not use it."""

    def get_fields(self):
        kept = type(self).__dict__.get("_kept_fields")
        if kept is None:  # two threads may both build it the first time: the same fields either way
            kept = super().get_fields()
            type(self)._kept_fields = kept
        return {name: _copy(field) for name, field in kept.items()}


def _copy(field):
    """A field of its own for one serializer. A plain field is bound by setting its own attributes
    (name, parent, source), so a shallow copy does (a tenth of the CPU of DRF's deep copy); a field
    that holds another (a nested serializer, a list's child) is copied whole, since the inner one
    knows its parent."""
    if isinstance(field, serializers.BaseSerializer) or hasattr(field, "child") or hasattr(field, "child_relation"):
        return copy.deepcopy(field)
    return copy.copy(field)


class MethodFirst:
    """A method the endpoint does not have is a 405, even for a client that is not signed in
    (DRF would check the credentials first and answer 401)."""

    def initial(self, request, *args, **kwargs):
        method = request.method.lower()
        if method not in self.http_method_names or not hasattr(self, method):
            raise MethodNotAllowed(request.method)
        return super().initial(request, *args, **kwargs)


PAGES_COUNTED_AHEAD = 10


class CountedAhead(Paginator):
    """Counts no further than `upto` items: `SELECT COUNT(*)` over a list of every game ever played
    reads the whole table, and its cost would grow with the site's history. The count is exact when
    the list ends before `upto`, and a lower bound (`upto`) otherwise."""

    def __init__(self, object_list, per_page, *args, upto: int, **kwargs):
        super().__init__(object_list, per_page, *args, **kwargs)
        self.upto = upto

    @cached_property
    def count(self) -> int:
        if isinstance(self.object_list, QuerySet):
            return self.object_list[:self.upto].count()
        return len(self.object_list)


def counted_ahead(page: str | None, per_page: int):
    """The paginator class for page `page` (a number from 1, None: the first): it counts the items up
    to PAGES_COUNTED_AHEAD pages past that one and one more, so that the next page is always known."""
    number = int(page) if page and page.isascii() and page.isdigit() else 1
    return partial(CountedAhead, upto=(min(number, 10**9) + PAGES_COUNTED_AHEAD) * per_page + 1)


class Pages(PageNumberPagination):
    """`page` is a number from 1; anything else (empty, "last", "x") is a 404 like a page past the end.
    `count` is exact up to ten pages past the one asked, a lower bound beyond (CountedAhead)."""

    def paginate_queryset(self, queryset, request, view=None):
        raw = request.query_params.get(self.page_query_param)
        if raw is not None and not (raw.isascii() and raw.isdigit()):
            raise NotFound("Invalid page.")
        self.django_paginator_class = counted_ahead(raw, self.get_page_size(request) or 1)
        return super().paginate_queryset(queryset, request, view)

    def get_paginated_response_schema(self, schema):
        answer = super().get_paginated_response_schema(schema)
        answer["properties"]["count"]["description"] = (
            f"the items, counted up to {PAGES_COUNTED_AHEAD} pages past this one: exact when the list ends "
            f"before, otherwise that many (more follow)")
        return answer


FLAGS = {"true": True, "1": True, "false": False, "0": False}


def query_flag(params, name: str) -> bool:
    """A true/false query parameter; anything else is a 400, not a silent false."""
    raw = params.getlist(name)
    if not raw:
        return False
    if len(raw) > 1 or raw[0].lower() not in FLAGS:
        raise ValidationError({name: "must be true or false (1 or 0)"})
    return FLAGS[raw[0].lower()]


def query_int(params, name: str, low: int, high: int) -> int | None:
    """A whole-number query parameter brought into low..high, or None when absent; empty, repeated
    or not a number is a 400. Any size is a whole number, so a huge one is clamped, not refused."""
    raw = params.getlist(name)
    if not raw:
        return None
    found = re.fullmatch(r"(-?)([0-9]+)", raw[0]) if len(raw) == 1 else None
    if found is None:
        raise ValidationError({name: "must be a whole number"})
    sign, digits = found.groups()
    value = int(digits[-18:]) if len(digits.lstrip("0")) <= 18 else high + 1  # int() of 5,000 digits raises
    return max(low, min(high, -value if sign else value))
