"""Django only for the tests that need it.

pytest-django sets Django up only when DJANGO_SETTINGS_MODULE is set: this hook sets it (and loads
the settings, as pytest-django's own `--ds` would) unless every path on the command line lies in
tests/rules, whose tests import nothing of the site. `python -m pytest tests/rules` therefore runs
with Django absent (tests/rules/test_standalone.py proves it); the site's fixtures live in
tests/django_fixtures.py, loaded by tests/site/ and tests/browser/ only.
"""
from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

SETTINGS = "argo_site.settings"
RULES = Path(__file__).resolve().parent / "rules"


def needs_django(args: list[str], invocation_dir: Path) -> bool:
    """False when each path given lies under tests/rules; True otherwise (no path: the testpaths)."""
    paths = [(invocation_dir / a.split("::", 1)[0]).resolve() for a in args]
    return not paths or not all(p == RULES or RULES in p.parents for p in paths)


def keep_workers_apart(worker: str | None, environ) -> None:
    """Under pytest-xdist (bin/test runs a worker per core), each worker gets Redis to itself: the
    next database numbers after REDIS_URL's for its keys (limits, Celery's queue), and its own
    channel layer prefix, since publish/subscribe channels are shared by every database of a Redis.
    pytest-django already gives each worker its own test database. Server processes a test starts
    inherit the same environment."""
    if not worker or not environ.get("REDIS_URL"):
        return
    address = urlsplit(environ["REDIS_URL"])
    number = int(address.path.strip("/") or 0) + 1 + int(worker.removeprefix("gw"))
    environ["REDIS_URL"] = urlunsplit(address._replace(path=f"/{number}"))
    environ["CHANNELS_PREFIX"] = f"asgi-{worker}"


# The modules whose code takes another way on the embedded defaults, which a newcomer's `./bin/test`
# runs on: SQLite for PostgreSQL (the hand-written SQL of the inbox and My games, the queries a
# decision costs), the limits counted in the database for Redis, and the in-memory channel layer for
# Redis's (live updates in the pages and on the sockets). They are marked `embedded`, and CI runs them
# a second time without DATABASE_URL and REDIS_URL (.ci/run, docs/testing.md).
TESTS = Path(__file__).resolve().parent
EMBEDDED_TOO = {TESTS / path for path in (
    "site/integration/test_decision_queries.py",
    "site/integration/test_inbox.py", "site/integration/test_limits.py", "site/integration/test_my_games.py",
    "site/integration/test_notifications_ws.py", "browser/test_badge.py", "browser/test_board_and_live.py",
)}


def pytest_collection_modifyitems(items):
    for item in items:
        if Path(item.path).resolve() in EMBEDDED_TOO:
            item.add_marker(pytest.mark.embedded)


_settings_named_here = False


def pytest_configure(config):
    global _settings_named_here
    keep_workers_apart(os.environ.get("PYTEST_XDIST_WORKER"), os.environ)
    if os.environ.get("DJANGO_SETTINGS_MODULE") or not config.pluginmanager.hasplugin("django"):
        return
    if not needs_django(list(config.args), Path(config.invocation_params.dir)):
        return
    os.environ["DJANGO_SETTINGS_MODULE"] = SETTINGS
    _settings_named_here = True
    from django.conf import settings
    settings.DATABASES  # noqa: B018 - loads the settings; pytest-django's pytest_configure (trylast) runs django.setup()


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_setupnodes(config, specs):
    """The workers start without the DJANGO_SETTINGS_MODULE this file named in the controlling
    process: finding it in their environment, pytest-django would load the settings before each
    worker's pytest_configure could give it a Redis of its own (keep_workers_apart). Each worker
    names the settings itself, as a single process does. (A DJANGO_SETTINGS_MODULE set before the
    run therefore keeps the workers on one Redis: leave it unset, as bin/test does.)"""
    if _settings_named_here:
        os.environ.pop("DJANGO_SETTINGS_MODULE", None)
