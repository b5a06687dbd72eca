"""The pytest-xdist workers of a whole run (bin/test) share one Redis server: each gets the next
database numbers for its keys and a channel layer prefix of its own, since publish/subscribe
channels ignore the database number (tests/conftest.py, keep_workers_apart)."""
import os

import pytest

from tests.conftest import keep_workers_apart


def test_each_worker_gets_the_database_after_the_base_plus_its_number_and_its_own_prefix():
    first, second = {"REDIS_URL": "redis://127.0.0.1:6379/5"}, {"REDIS_URL": "redis://:secret@host:6380"}
    keep_workers_apart("gw1", first)
    keep_workers_apart("gw0", second)
    assert first == {"REDIS_URL": "redis://127.0.0.1:6379/7", "CHANNELS_PREFIX": "asgi-gw1"}
    assert second == {"REDIS_URL": "redis://:secret@host:6380/1", "CHANNELS_PREFIX": "asgi-gw0"}


def test_one_process_and_the_embedded_defaults_are_left_as_they_are():
    alone, embedded = {"REDIS_URL": "redis://127.0.0.1:6379/0"}, {}
    keep_workers_apart(None, alone)
    keep_workers_apart("gw1", embedded)
    assert alone == {"REDIS_URL": "redis://127.0.0.1:6379/0"} and embedded == {}


@pytest.mark.skipif(not (os.environ.get("REDIS_URL") and os.environ.get("PYTEST_XDIST_WORKER")),
                    reason="only on a pytest-xdist worker with REDIS_URL")
def test_this_workers_site_uses_its_own_redis_database_and_prefix(settings):
    worker = os.environ["PYTEST_XDIST_WORKER"]
    assert settings.REDIS_URL == settings.CELERY_BROKER_URL == os.environ["REDIS_URL"]
    assert settings.CHANNEL_LAYERS["default"]["CONFIG"] == {"hosts": [os.environ["REDIS_URL"]],
                                                            "prefix": f"asgi-{worker}"}
