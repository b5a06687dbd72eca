"""The notification loop of a forked server process is its own (the parent's thread is not there)."""
import asyncio
import os

import pytest

from games.reactions import notify


def test_a_forked_process_gets_a_running_loop_of_its_own(monkeypatch):
    first = notify._redis_loop()
    assert asyncio.run_coroutine_threadsafe(asyncio.sleep(0, result="ran"), first).result(timeout=2) == "ran"
    monkeypatch.setattr(notify, "_loop_pid", -1)  # as if this process had been forked from another
    second = notify._redis_loop()
    assert second is not first
    assert asyncio.run_coroutine_threadsafe(asyncio.sleep(0, result="ran"), second).result(timeout=2) == "ran"


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs Redis")
def test_a_decisions_messages_are_published_as_the_layer_would_publish_them():
    """A decision's live messages go out through a thread of the process with Redis's plain client
    (notify._Publisher), not through the layer's event loop: each must reach the group's channel as
    the layer would have sent it, in order, and the layer must read it back."""
    import redis
    from channels.layers import get_channel_layer
    layer = get_channel_layer()
    assert notify._publisher(layer) is not None
    from django.conf import settings
    prefix = settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"]  # what the layer was configured with
    listener = redis.Redis.from_url(os.environ["REDIS_URL"]).pubsub()
    listener.subscribe(f"{prefix}__group__game-424242", f"{prefix}__group__user-424242")
    assert listener.get_message(timeout=2)["type"] == "subscribe"
    assert listener.get_message(timeout=2)["type"] == "subscribe"
    first, second = {"event": "decision", "game": 424242, "seq": 7}, {"event": "your_turn", "game": 424242}
    assert notify.send_all([("game-424242", first), ("user-424242", second)], wait=False)
    notify.flush_published()
    heard = [listener.get_message(timeout=2) for _ in range(2)]
    assert [m["channel"] for m in heard] == [f"{prefix}__group__game-424242".encode(),
                                             f"{prefix}__group__user-424242".encode()]
    assert [layer.deserialize(m["data"]) for m in heard] == [{"type": "announce", "payload": first},
                                                          {"type": "announce", "payload": second}]
    listener.close()
