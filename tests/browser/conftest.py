"""The site's fixtures (Celery in eager mode, users, API clients): tests/django_fixtures.py. Every
browser test drives Chromium through a live server: all are marked slow and browser
(`-m "not slow"` or `-m "not browser"` skips them)."""
from pathlib import Path

import pytest

from tests.django_fixtures import *  # noqa: F403

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items):
    for item in items:
        if HERE in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.slow)
            item.add_marker(pytest.mark.browser)
