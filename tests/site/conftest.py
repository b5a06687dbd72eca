"""The site's fixtures (Celery in eager mode, users, API clients): tests/django_fixtures.py, for the
three folders of tests/site: unit/ (no database), integration/ (the database and Django's test
client, in process) and system/ (processes of the deployment that the tests start). Every test under
system/ is marked system (`-m "not system"` leaves them out)."""
from pathlib import Path

import pytest

from tests.django_fixtures import *  # noqa: F403

SYSTEM = Path(__file__).resolve().parent / "system"


def pytest_collection_modifyitems(items):
    for item in items:
        if SYSTEM in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.system)
