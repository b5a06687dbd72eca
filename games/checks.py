"""Checks run before a deploy (docs/rules-versions.md): every stored game can still be replayed."""
from __future__ import annotations

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
