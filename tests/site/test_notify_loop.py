"""The notification loop of a forked server process is its own (the parent's thread is not there)."""
import asyncio

from games.reactions import notify


def test_a_forked_process_gets_a_running_loop_of_its_own(monkeypatch):
    first = notify._redis_loop()
    assert asyncio.run_coroutine_threadsafe(asyncio.sleep(0, result="ran"), first).result(timeout=2) == "ran"
    monkeypatch.setattr(notify, "_loop_pid", -1)  # as if this process had been forked from another
    second = notify._redis_loop()
    assert second is not first
    assert asyncio.run_coroutine_threadsafe(asyncio.sleep(0, result="ran"), second).result(timeout=2) == "ran"
