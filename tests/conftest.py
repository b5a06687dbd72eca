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

SETTINGS = "argo_site.settings"
RULES = Path(__file__).resolve().parent / "rules"


def needs_django(args: list[str], invocation_dir: Path) -> bool:
    """False when each path given lies under tests/rules; True otherwise (no path: the testpaths)."""
    paths = [(invocation_dir / a.split("::", 1)[0]).resolve() for a in args]
    return not paths or not all(p == RULES or RULES in p.parents for p in paths)


def pytest_configure(config):
    if os.environ.get("DJANGO_SETTINGS_MODULE") or not config.pluginmanager.hasplugin("django"):
        return
    if not needs_django(list(config.args), Path(config.invocation_params.dir)):
        return
    os.environ["DJANGO_SETTINGS_MODULE"] = SETTINGS
    from django.conf import settings
    settings.DATABASES  # noqa: B018 - loads the settings; pytest-django's pytest_configure (trylast) runs django.setup()
