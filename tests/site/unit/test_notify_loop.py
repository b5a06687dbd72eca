"""The notification loop: one per process (a forked server gets its own), and what is handed to it."""
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


async def _listen(layer, groups: list[str]) -> str:
    """A channel of `layer` in `groups`, once a probe sent to them is heard (the subscription is live)."""
    channel = await layer.new_channel()
    for group in groups:
        await layer.group_add(group, channel)
    for _ in range(20):
        await layer.group_send(groups[0], {"type": "probe"})
        try:
            while (await asyncio.wait_for(layer.receive(channel), 0.25))["type"] != "probe":
                pass
            return channel
        except TimeoutError:
            continue
    raise AssertionError("the layer never heard its own probe")


async def _heard(layer, channel: str, count: int, within: float = 2) -> list[dict]:
    heard = []
    try:
        while len(heard) < count:
            heard.append(await asyncio.wait_for(layer.receive(channel), within))
    except TimeoutError:
        pass
    return heard


async def _until(layer, channel: str, mark: dict) -> list[dict]:
    """What `channel` hears before `mark`."""
    heard = []
    while (message := await asyncio.wait_for(layer.receive(channel), 2)) != mark:
        heard.append(message)
    return heard


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs Redis")
def test_a_decisions_messages_reach_the_layers_groups_in_order_and_stay_within_the_prefix():
    """A decision's live messages are handed to the process's loop (wait=False) and sent by the
    layer's own group_send: a channel in the groups hears them in order once flush_published
    returns, and a layer with another prefix (another site on the same Redis) hears none."""
    from channels.layers import get_channel_layer
    from channels_redis.pubsub import RedisPubSubChannelLayer
    layer = get_channel_layer()
    other_site = RedisPubSubChannelLayer(hosts=[os.environ["REDIS_URL"]], prefix="another-site")
    groups = ["game-424242", "user-424242"]

    def on_loop(coroutine):
        return asyncio.run_coroutine_threadsafe(coroutine, notify._redis_loop()).result(timeout=10)
    ours, theirs = on_loop(_listen(layer, groups)), on_loop(_listen(other_site, groups))
    first, second = {"event": "decision", "game": 424242, "seq": 7}, {"event": "your_turn", "game": 424242}
    assert notify.send_all([(groups[0], first), (groups[1], second)], wait=False)
    notify.flush_published()
    assert on_loop(_heard(layer, ours, 2)) == [{"type": "announce", "payload": first},
                                               {"type": "announce", "payload": second}]
    # A mark the other site sends after them: what it hears before the mark would include ours.
    mark = {"type": "probe", "mark": "after ours"}
    on_loop(other_site.group_send(groups[0], mark))
    assert [m for m in on_loop(_until(other_site, theirs, mark)) if m["type"] != "probe"] == []
    on_loop(other_site.flush())


def test_flush_published_waits_for_what_was_handed_over(monkeypatch):
    """flush_published returns once every send handed to the loop has finished (no sleeping)."""
    import concurrent.futures
    handed = concurrent.futures.Future()
    notify._handed_over(handed, 1)
    waited = concurrent.futures.ThreadPoolExecutor(1).submit(notify.flush_published, 5)
    with pytest.raises(concurrent.futures.TimeoutError):
        waited.result(timeout=0.2)  # that it still waits shows only over a time: no event marks a wait going on
    handed.set_result(None)
    waited.result(timeout=2)
    assert handed not in notify._pending
