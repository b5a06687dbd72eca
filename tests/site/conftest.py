"""The site's fixtures (Celery in eager mode, users, API clients): tests/django_fixtures.py."""
from tests.django_fixtures import *  # noqa: F403
