"""A table in memory and the connections that receive its messages."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from pitchkit.server.tables import TableState
from pitchkit.server.views import TableViews

#: messages waiting for a slow connection before it is dropped
QUEUE_LIMIT = 256


class Subscriber:
    """A connection that receives a table's messages, through a queue of its own so that a slow
    reader never holds up the table."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=QUEUE_LIMIT)

    def put(self, message: str) -> bool:
        """Queue a message (JSON text); False when the connection is too far behind (it is then
        closed)."""
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            return False
        return True

    def close(self) -> None:
        """Ask the connection to close: after what is queued, or, when the queue is full (a reader
        too far behind, who must catch up with ``sync`` anyway), instead of it."""
        if self.queue.full():
            for _ in range(self.queue.qsize()):
                self.queue.get_nowait()
        self.queue.put_nowait(None)


@dataclass
class LiveTable:
    """A table in memory: its state, a lock that orders its changes, its connections."""

    state: TableState
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: set[Subscriber] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    grace_timer: asyncio.TimerHandle | None = None
    #: the messages to its connections, with what they share from one change to the next
    views: TableViews = field(default_factory=TableViews)
    #: the status last stored in the table's row ("": not known, store it with the next change)
    status_written: str = ""
