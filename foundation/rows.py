"""Hand-written SQL that still yields model instances, for the few queries every decision asks.

Building a query through the ORM costs more CPU than PostgreSQL spends answering it (docs/
performance.md). Here a query is written once, from the models' own column lists, run on Django's
cursor, and a row becomes instances through `Model.from_db`, its values converted by the same
converters the ORM's compiler applies (JSON, and on SQLite times and booleans). Everything else
keeps the ORM.
"""
from __future__ import annotations

from typing import Any

from django.db import DEFAULT_DB_ALIAS, connection, connections


def database():
    """The default connection itself: `django.db.connection` is a proxy that looks it up (through
    a context-local) on every attribute, which the hot path would do dozens of times."""
    return connections[DEFAULT_DB_ALIAS]


class Columns:
    """A model's concrete columns under a table alias, and the instance made from them in a row."""

    def __init__(self, model, alias: str):
        self.model, self.alias = model, alias
        self.fields = list(model._meta.concrete_fields)
        self.attnames = [f.attname for f in self.fields]
        self.width = len(self.fields)
        self.pk_index = self.fields.index(model._meta.pk)
        self._converters: list[tuple[int, Any, list[Any]]] | None = None

    @property
    def sql(self) -> str:
        quote = connection.ops.quote_name
        return ", ".join(f"{self.alias}.{quote(f.column)}" for f in self.fields)

    @property
    def table(self) -> str:
        return f"{connection.ops.quote_name(self.model._meta.db_table)} {self.alias}"

    def converters(self) -> list[tuple[int, Any, list[Any]]]:
        """(position, column, converters) of the fields whose raw value the ORM converts (JSON, ...)."""
        if self._converters is None:
            found = []
            for i, field in enumerate(self.fields):
                column = field.get_col(self.alias)
                chain = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
                if chain:
                    found.append((i, column, chain))
            self._converters = found
        return self._converters

    def instance(self, row, start: int = 0):
        """The instance in row[start:start + width], or None for the NULLs of an outer join's miss."""
        values = list(row[start:start + self.width])
        if values[self.pk_index] is None:  # only an outer join's miss has no primary key
            return None
        db = database()
        for i, column, chain in self.converters():
            for convert in chain:
                values[i] = convert(values[i], column, db)
        return self.model.from_db(db.alias, self.attnames, values)


def cache_related(instance, name: str, value) -> None:
    """Set what `instance.<name>` answers (a forward or reverse one-to-one or foreign key), and for a
    one-to-one what `value` answers back, as select_related does; a None makes a reverse one-to-one
    raise DoesNotExist, as it would."""
    descriptor = getattr(type(instance), name)
    reverse = getattr(descriptor, "related", None)
    relation = reverse or descriptor.field
    relation.set_cached_value(instance, value)
    if value is not None and relation.one_to_one:
        (reverse.field if reverse else relation.remote_field).set_cached_value(value, instance)


def keep_prefetched(instance, name: str, objs: list) -> None:
    """Make `instance.<name>.all()` answer `objs` without a query, as prefetch_related leaves it.

    Django fills that cache only through a prefetch, which always asks the database again: the
    seats a decision's locked read already brought, read once more that way, cost a decision about
    a third of its CPU under the profiler (2026-11-29, `decision_cpu.py --profile`: 5.25 s of
    17.5 s for 600 decisions) and a round trip. So the prefetch's own result is set, as Django's
    prefetch_one_level sets it (tests/site/unit/test_private_reach.py allows these names for that)."""
    kept = getattr(instance, name).all()
    kept._result_cache, kept._prefetch_done = objs, True
    instance.__dict__.setdefault("_prefetched_objects_cache", {})[name] = kept


def update_each(objs: list, fields: list[str]) -> None:
    """Store `fields` of several instances of one model, each its own values, in one UPDATE joined to
    a row of values per instance. Django's bulk_update builds a CASE per field with a WHEN per
    instance, whose compiling costs a game's last decision more CPU than PostgreSQL spends on it:
    medians of 400 alternating runs in one process, 2026-11-29, a 2-player game's end on a busy
    machine, the seats' places 0.37 ms against bulk_update's 2.87, the three ratings 0.41 against
    5.89."""
    if not objs:
        return
    model, db = type(objs[0]), database()
    quote = db.ops.quote_name
    columns = [model._meta.pk, *(model._meta.get_field(name) for name in fields)]
    # PostgreSQL types a bare parameter of a UNION as text; SQLite's CAST would change a date's affinity
    typed = (lambda f: f"CAST(%s AS {f.db_type(db)})") if db.vendor == "postgresql" else (lambda f: "%s")
    row = "SELECT " + ", ".join(f"{typed(f)} AS {quote(f.column)}" for f in columns)
    table, key = quote(model._meta.db_table), quote(columns[0].column)
    assigned = ", ".join(f"{quote(f.column)} = v.{quote(f.column)}" for f in columns[1:])
    params = [f.get_db_prep_save(getattr(obj, f.attname), db) for obj in objs for f in columns]
    with db.cursor() as cursor:
        cursor.execute(f"UPDATE {table} SET {assigned} FROM ({' UNION ALL '.join([row] * len(objs))}) v "
                       f"WHERE {table}.{key} = v.{key}", params)


def insert_each(objs: list) -> None:
    """Insert several new instances of one model in one statement and give them their primary keys,
    as bulk_create does without its signals; its compiling costs a game's end more CPU than the
    insert: a 2-player game's three rating changes 0.48 ms against bulk_create's 1.40 (medians, as
    update_each's). Values are taken as save() takes them (`pre_save`: auto_now_add)."""
    if not objs:
        return
    model, db = type(objs[0]), database()
    quote = db.ops.quote_name
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    row = f"({', '.join(['%s'] * len(fields))})"
    params = [f.get_db_prep_save(f.pre_save(obj, True), db) for obj in objs for f in fields]
    sql = (f"INSERT INTO {quote(model._meta.db_table)} ({', '.join(quote(f.column) for f in fields)}) "
           f"VALUES {', '.join([row] * len(objs))} RETURNING {quote(model._meta.pk.column)}")
    with db.cursor() as cursor:
        cursor.execute(sql, params)
        keys = cursor.fetchall()
    for obj, (key,) in zip(objs, keys, strict=True):  # in the order of VALUES, as bulk_create relies on too
        obj.pk = key
        obj._state.adding, obj._state.db = False, db.alias
