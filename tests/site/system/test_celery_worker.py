"""A real Celery worker against the Redis broker runs the deadline task.

Only with REDIS_URL set (as in CI). The worker runs in a thread of the test process, with the
solo pool; the task and the tasks it enqueues in turn (the bot's moves, the emails) travel through
Redis. Every wait is bounded.
"""
from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from tests.django_fixtures import REDIS, set_eager

pytestmark = [
    pytest.mark.skipif(not REDIS, reason="the worker test needs a Redis broker (set REDIS_URL)"),
    pytest.mark.django_db(transaction=True),
]

WAIT = 60  # seconds, at most, for anything the worker does


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def wait_until(check, what: str, timeout: float = WAIT):
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"the worker did not {what} within {timeout:.0f}s")
        time.sleep(0.2)


@pytest.fixture
def real_worker():
    """A worker thread consuming from Redis; tasks are sent to the broker, not run in the test."""
    from celery.contrib.testing.worker import start_worker
    from celery.signals import task_postrun
    from django.db import connections

    from argo_site.celery import app

    def close_worker_connections(**kwargs):
        connections.close_all()  # the worker thread's own DB connections, after each task

    task_postrun.connect(close_worker_connections, weak=False)
    eager = app.conf.task_always_eager
    set_eager(app, False)
    assert app.conf.task_always_eager is False
    try:
        with start_worker(app, pool="solo", concurrency=1, perform_ping_check=False,
                          shutdown_timeout=30, loglevel="WARNING") as worker:
            yield worker
    finally:
        set_eager(app, eager)
        task_postrun.disconnect(close_worker_connections)


def test_worker_times_out_a_seat_whose_deadline_passed(make_user, real_worker):
    from celery.result import EagerResult

    from games import services
    from games.entry import tasks
    from games.models import Decision, Game, Seat

    alice, bob = make_user("alice"), make_user("bob")
    game = services.create_game(alice, game="argo", players=2, hours_per_move=24)
    services.join_game(bob, game.pk)
    game = Game.objects.get(pk=game.pk)
    late_seat = game.seats.select_related("user").get(order=game.current_seat)
    other = bob if late_seat.user == alice else alice
    # The turn began 30 hours ago: its 24 hours are over.
    now = timezone.now()
    Game.objects.filter(pk=game.pk).update(turn_started_at=now - timedelta(hours=30),
                                           deadline=now - timedelta(hours=6))

    result = tasks.enforce_deadlines.delay()
    assert not isinstance(result, EagerResult), "the task ran in the test, not in the worker"

    wait_until(lambda: Seat.objects.get(pk=late_seat.pk).status == Seat.Status.TIMED_OUT,
               "time the seat out")
    # The worker goes on with what that enqueued: the bot plays the seat, the others are told.
    wait_until(lambda: Decision.objects.filter(game=game, seat=late_seat.order, by_bot=True).exists(),
               "let the bot play the timed-out seat")
    wait_until(lambda: [m for m in mail.outbox if other.email in m.to and "timed out" in m.subject],
               "tell the other player")
    game = Game.objects.get(pk=game.pk)
    if game.status == Game.Status.ACTIVE:
        assert game.seats.get(order=game.current_seat).user == other
        wait_until(lambda: [m for m in mail.outbox if other.email in m.to and m.subject.startswith("Your turn")],
                   "send the other player's 'your turn' email")
