"""Fixtures for the tests that run the site (tests/site, tests/browser): their conftest.py files
import everything here. The rules tests never load this module, so they run without Django."""
from __future__ import annotations

import os
import threading

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher

POSTGRES = os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))
REDIS = bool(os.environ.get("REDIS_URL"))


@pytest.fixture(autouse=True, scope="session")
def celery_runs_tasks_at_once():
    """Tasks run inside the test, even when REDIS_URL points Celery at a real broker; the worker
    test starts a real worker on purpose."""
    from argo_site.celery import app
    set_eager(app, True)
    yield


@pytest.fixture(autouse=True, scope="session")
def passwords_hashed_at_once():
    """Django's own advice for a quicker suite, a cheap password hasher: the site's PBKDF2 takes a
    third of a second of CPU for every user made and every password checked, and the suite makes
    thousands. It is still PBKDF2 (the iterations are written in each hash), so a server process a
    test starts with the site's own settings checks these passwords too."""
    from django.test.utils import override_settings
    with override_settings(PASSWORD_HASHERS=["tests.django_fixtures.OneRoundPBKDF2",
                                             "django.contrib.auth.hashers.PBKDF2PasswordHasher"]):
        yield


class OneRoundPBKDF2(PBKDF2PasswordHasher):
    iterations = 1


@pytest.fixture(autouse=True)
def bots_move_at_once(settings):
    """The bots' pause for readers (BOT_MOVE_DELAY) would only slow the tests; one test sets it."""
    settings.BOT_MOVE_DELAY = 0


@pytest.fixture(autouse=True)
def the_sites_language_and_zone():
    """Each test starts in the site's own language and time zone. A request of a German player
    activates German in its thread, and nothing deactivates it after the answer (the next request
    activates its own); without this, a later test on the same worker would read German wherever
    it calls the services directly."""
    from django.utils import timezone, translation
    translation.deactivate()
    timezone.deactivate()
    yield


@pytest.fixture(autouse=True)
def fresh_limits():
    """The limits' counters in Redis outlive a test's transaction: each test starts with none (the
    database's counters go with the test's rollback or flush)."""
    if REDIS:
        from games import limits
        client = limits._redis().client
        for key in client.scan_iter(f"{limits.PREFIX}*"):
            client.delete(key)
    yield


@pytest.fixture(autouse=True)
def pages_drawn_afresh():
    """What a page keeps for a few seconds (the "pages" cache: the lobby's games in progress) is
    kept in the process, and a test must not see what an earlier one drew."""
    from django.core.cache import caches
    caches["pages"].clear()
    yield


def set_eager(app, on: bool) -> None:
    """Celery reads Django's CELERY_-prefixed names first: set those, not only the short ones."""
    app.conf.CELERY_TASK_ALWAYS_EAGER = app.conf.task_always_eager = on
    app.conf.CELERY_TASK_EAGER_PROPAGATES = app.conf.task_eager_propagates = on


@pytest.fixture
def make_user(db):
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    def make(username: str, password: str = "pass-word-1", **extra):
        user = get_user_model().objects.create_user(username=username, email=f"{username}@example.org",
                                                    password=password, **extra)
        EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
        return user
    return make


# The keys api_key_of issued, by digest: the site stores only the digest, so a key is known only
# to whoever it was issued to. A digest no longer in the database (a new test) is never looked up.
_issued_keys: dict[str, str] = {}


def api_key_of(user) -> str:
    """The user's API token key, as a client that signed in holds it: the key of their token if
    this helper issued it, else a new token (which ends any other, as a sign-in does)."""
    from accounts.credentials import token_digest
    from accounts.models import ApiToken

    token = ApiToken.objects.filter(user=user).first()
    if token is not None and token.digest in _issued_keys:
        return _issued_keys[token.digest]
    ApiToken.objects.filter(user=user).delete()
    key = ApiToken.issue(user)
    _issued_keys[token_digest(key)] = key
    return key


def token_client(user=None):
    """An API client with the user's token (none: a signed-out client), as a non-browser client is."""
    from rest_framework.test import APIClient
    client = APIClient()
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Token {api_key_of(user)}")
    return client


@pytest.fixture
def api_client_for():
    """An API client authenticated with the user's token, as a non-browser client would be."""
    from rest_framework.test import APIClient

    def make(user):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {api_key_of(user)}")
        return client
    return make


def in_parallel(threads: int, work) -> list:
    """Run work(index) in `threads` threads at the same moment, each on its own database connection
    (closed at the end); the list of what each returned, or ("error", the exception it raised)."""
    barrier = threading.Barrier(threads)
    results: list = [None] * threads

    def run(index):
        from django.db import connection
        try:
            barrier.wait(timeout=20)
            results[index] = work(index)
        except Exception as exc:  # reported by the test, not lost in the thread
            results[index] = ("error", repr(exc))
        finally:
            connection.close()

    started = [threading.Thread(target=run, args=(i,)) for i in range(threads)]
    for thread in started:
        thread.start()
    for thread in started:
        thread.join(timeout=120)
    assert not any(t.is_alive() for t in started), "a request hung"
    return results
