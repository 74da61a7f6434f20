"""A table in memory and the connections that receive its messages."""

from __future__ import annotations

import asyncio
import collections
from dataclasses import dataclass, field

from pitchkit.server.chatroom import RecentLines
from pitchkit.server.tables import TableState
from pitchkit.server.views import TableViews

#: messages waiting for a slow connection before it is dropped
QUEUE_LIMIT = 256


class Subscriber:
    """A connection that receives a table's messages, through a queue of its own so that a slow
    reader never holds up the table. The queue is a deque and one future to wake the connection's
    sender: a change is sent to every connection of its table, so this is on the hot path, where
    :class:`asyncio.Queue`'s bookkeeping (unfinished tasks, waiting putters) is not needed."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        #: the messages not taken yet; ``None`` asks the connection to close
        self.messages: collections.deque[str | None] = collections.deque()
        self._waiter: asyncio.Future[None] | None = None
        #: why the connection is asked to close (:meth:`close`)
        self.close_code: int | None = None
        self.close_reason = ""

    def put(self, message: str) -> bool:
        """Queue a message (JSON text); False when the connection is too far behind (it is then
        closed)."""
        if len(self.messages) >= QUEUE_LIMIT:
            return False
        self.messages.append(message)
        self._wake()
        return True

    def close(self, code: int | None = None, reason: str = "") -> None:
        """Ask the connection to close: after what is queued, or, when the queue is full (a reader
        too far behind, who must catch up with ``sync`` anyway), instead of it; ``code`` and
        ``reason`` say why (by default: too far behind)."""
        self.close_code, self.close_reason = code, reason
        if len(self.messages) >= QUEUE_LIMIT:
            self.messages.clear()
        self.messages.append(None)
        self._wake()

    async def take(self) -> list[str | None]:
        """Wait until a message is queued, then take every queued message, in order."""
        while not self.messages:
            self._waiter = asyncio.get_running_loop().create_future()
            await self._waiter
        taken = list(self.messages)
        self.messages.clear()
        return taken

    def _wake(self) -> None:
        waiter, self._waiter = self._waiter, None
        if waiter is not None and not waiter.done():
            waiter.set_result(None)


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
    #: the table's recent chat lines (``None``: not read from the database yet)
    chat: RecentLines | None = None
