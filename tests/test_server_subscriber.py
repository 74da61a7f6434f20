"""A connection's queue of messages: a reader too far behind is told to close, never left open
without updates."""

from __future__ import annotations

import asyncio

from pitchkit.server.live import QUEUE_LIMIT, Subscriber


def drain(sub: Subscriber) -> list[str | None]:
    return asyncio.run(sub.take())


def test_a_connection_too_far_behind_is_told_to_close() -> None:
    sub = Subscriber(0)
    for i in range(QUEUE_LIMIT):
        assert sub.put(str(i))
    assert not sub.put("one too many")
    sub.close()
    assert drain(sub)[-1] is None


def test_a_connection_closed_in_time_gets_what_was_queued_first() -> None:
    sub = Subscriber(1)
    assert sub.put("a") and sub.put("b")
    sub.close()
    assert drain(sub) == ["a", "b", None]
