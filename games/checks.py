"""Checks run before a deploy: every stored game can still be replayed (docs/rules-versions.md), and
the production settings use the shared services (docs/deployment.md)."""
from __future__ import annotations

from celery import current_app
from django.conf import settings
from django.core import checks
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.models import Count

from games import rules
from games.models import Game


def _schema_behind() -> bool:
    """The database lacks tables or columns the code reads (migrate runs this check first, before
    it brings them): the stored games are read on the next command instead."""
    executor = MigrationExecutor(connection)
    return bool(executor.migration_plan(executor.loader.graph.leaf_nodes()))


@checks.register(checks.Tags.database)
def stored_rules_versions(app_configs=None, databases=None, **kwargs):
    """A game plays to its end under the rules version it started with: that version must be published."""
    if not databases or _schema_behind():
        return []
    errors = []
    for name in rules.names():
        published = set(rules.get(name).versions)
        stored = (Game.objects.filter(name=name).exclude(status=Game.Status.OPEN)
                  .values("rules_version").annotate(n=Count("id")))
        for row in stored:
            if row["rules_version"] not in published:
                errors.append(checks.Error(
                    f"{row['n']} stored {name} game(s) use rules version {row['rules_version']}, "
                    f"which is no longer published ({sorted(published)})",
                    hint="keep that version in the rules module until no game uses it", id="games.E003"))
    return errors


@checks.register(checks.Tags.compatibility, deploy=True)
def shared_services(app_configs=None, **kwargs):
    """The site runs as several instances that share only PostgreSQL and Redis (docs/deployment.md):
    an embedded default that keeps its state inside one process or one file is no production setting."""
    warnings = []
    if settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        warnings.append(checks.Warning("the database is a SQLite file, which only one machine can use",
                                       hint="set DATABASE_URL to PostgreSQL", id="games.W101"))
    if settings.CHANNEL_LAYERS["default"]["BACKEND"] == "channels.layers.InMemoryChannelLayer":
        warnings.append(checks.Warning(
            "the in-memory channel layer reaches only the sockets of the process that sends",
            hint="set REDIS_URL", id="games.W102"))
    if current_app.conf.task_always_eager:
        warnings.append(checks.Warning(
            "Celery runs tasks eagerly, inside the request and with timer threads of that process",
            hint="set REDIS_URL and run a Celery worker and beat", id="games.W103"))
    # The shared cache only: "pages" is kept in each process on purpose (what a page may show a few
    # seconds late, the same for every reader).
    if settings.CACHES["default"]["BACKEND"].endswith(("locmem.LocMemCache", "dummy.DummyCache")):
        warnings.append(checks.Warning("the cache is kept in each process (WebSocket tickets, allauth's limits)",
                                       hint="keep the database cache of settings.CACHES", id="games.W104"))
    return warnings
