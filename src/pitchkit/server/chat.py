"""Chat at the tables: lines and quick reactions from the seats and (where the host allows it) the
spectators, and the host's settings.

A line is checked (:mod:`pitchkit.server.chatroom`: the settings, the length, the rate of its
connection), committed to the ``chat`` table through the service's
:class:`~pitchkit.server.store.Writer`, and only then sent to every connection of the table as a
``chat`` message, so that a line anyone has seen is never lost. Lines are not log entries: they do
not move the table's version, and an action sent while a line goes by is not stale. The host's
settings are log entries (``chat_rule``), changed like the seats, with the table's ``owner`` secret.
A connection that opens is sent the table's recent lines after its snapshot.
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections.abc import Callable
from typing import Any, Protocol

import orjson
import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from pitchkit.engine.errors import PitchError
from pitchkit.server import auth, store
from pitchkit.server.chatroom import (
    RECENT_LINES,
    ChatError,
    ChatRate,
    RecentLines,
    clean_reaction,
    clean_text,
    spectator_name,
)
from pitchkit.server.live import LiveTable, Subscriber
from pitchkit.server.refusals import Forbidden, Stopping
from pitchkit.server.store import Job, LogEntry, Writer
from pitchkit.server.store.schema import chat as chat_table
from pitchkit.server.tables import TableError, TableState

__all__ = ["CHAT_NOTE", "Chat", "ChatError", "ChatHost", "read_chat"]

log = logging.getLogger("pitchkit.server")

#: the prefix of a chat line's notification to the other server processes (``chat/TABLE:ID``)
CHAT_NOTE = "chat/"


class ChatHost(Protocol):
    """What chat needs of the table service (:class:`~pitchkit.server.service.TableService`)."""

    engine: Engine
    writer: Writer
    shared: bool
    live: dict[str, LiveTable]

    async def table(self, table_id: str) -> LiveTable:
        """The table, rebuilt from its log if it is not in memory."""

    def stage(self, state: TableState, kind: str, data: dict[str, Any]) -> list[LogEntry]:
        """Apply a new log entry to the table in memory."""

    async def change(self, live: LiveTable, change: Callable[[TableState], list[LogEntry]]) -> None:
        """Make a change, commit it and tell everyone."""

    def spawn(self, coro: Any) -> asyncio.Task[None]:
        """Run a task that the service cancels when it closes."""


def insert_line(line: dict[str, Any], table_id: str, *, notify: bool) -> Job:
    """A job that stores a chat line and sets its ``id``; on a database shared by several server
    processes it tells them (``NOTIFY``, ``chat/TABLE:ID``)."""
    def job(conn: Connection) -> None:
        row = {"table_id": table_id, "at": line["at"], "seat": line["seat"], "name": line["name"],
               "kind": line["kind"], "text": line["text"]}
        line["id"] = int(conn.execute(chat_table.insert().returning(chat_table.c.id), row).scalar_one())
        if notify:
            conn.execute(sa.text("SELECT pg_notify('pitchkit', :m)"),
                         {"m": f"{CHAT_NOTE}{table_id}:{line['id']}"})

    return job


def read_chat(engine: Engine, table_id: str, *, after: int = 0,
              limit: int = RECENT_LINES) -> list[dict[str, Any]]:
    """A table's newest ``limit`` chat lines after id ``after``, oldest first, as clients get them."""
    c = chat_table.c
    query = (sa.select(c.id, c.at, c.seat, c.name, c.kind, c.text)
             .where(c.table_id == table_id, c.id > after).order_by(c.id.desc()).limit(limit))
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    return [{"id": r.id, "at": r.at, "seat": r.seat, "name": r.name, "kind": r.kind, "text": r.text}
            for r in reversed(rows)]


class Chat:
    """The chat of a table service's tables."""

    def __init__(self, service: ChatHost, *, name_limit: int) -> None:
        self.service = service
        self.name_limit = name_limit
        #: each connection's rate (forgotten with the connection)
        self._rates: weakref.WeakKeyDictionary[Subscriber, ChatRate] = weakref.WeakKeyDictionary()

    # -- lines ------------------------------------------------------------------------------------

    async def say(self, table_id: str, sub: Subscriber, message: dict[str, Any]) -> None:
        """A line (``{"type": "chat", "text": ...}``) or a reaction (``{"type": "react", "reaction":
        ...}``) from the connection ``sub``; a spectator's may carry a ``name``. Refused with
        :class:`ChatError` (nothing stored, nothing sent) when the settings, the length or the rate
        do not allow it; else stored, then sent to every connection of the table."""
        live = await self.service.table(table_id)
        state = live.state
        if state.closed is not None:
            raise ChatError(f"this table is closed: {state.closed}")
        state.chat.check(sub.seat)
        if message.get("type") == "react":
            kind, text = "reaction", clean_reaction(message.get("reaction"))
        else:
            kind, text = "text", clean_text(message.get("text"))
        if sub.seat >= 0:
            name = state.seats[sub.seat].name or f"Seat {sub.seat + 1}"
        else:
            name = spectator_name(message.get("name"), self.name_limit)
        self._rates.setdefault(sub, ChatRate()).take()
        await self.load(live)
        line: dict[str, Any] = {"id": 0, "at": round(time.time(), 3), "seat": sub.seat, "name": name,
                                "kind": kind, "text": text}
        try:
            await self.service.writer.run(insert_line(line, table_id, notify=self.service.shared))
        except store.WriterClosed:
            raise Stopping("the server is stopping; your chat line was not sent") from None
        except Exception:
            log.exception("a chat line was not stored", extra={"table": table_id})
            raise PitchError("the server could not store that chat line; please try again") from None
        await self._tell(live, [line])

    async def _tell(self, live: LiveTable, lines: list[dict[str, Any]]) -> None:
        """Keep ``lines`` with the table's recent ones and send those not sent yet to every
        connection (under the table's lock, so that the version they carry is the one everyone
        has been told of)."""
        async with live.lock:
            room = live.chat
            fresh = [line for line in lines if room is None or room.add(line)]
            if not fresh:
                return
            text = orjson.dumps({"type": "chat", "version": live.state.version, "lines": fresh}).decode()
            behind = [sub for sub in live.subscribers if not sub.put(text)]
            for sub in behind:
                live.subscribers.discard(sub)
                sub.close()

    async def load(self, live: LiveTable) -> RecentLines:
        """The table's recent lines, read from the database the first time."""
        if live.chat is None:
            lines = await asyncio.to_thread(read_chat, self.service.engine, live.state.id)
            if live.chat is None:
                live.chat = RecentLines(lines)
        return live.chat

    @staticmethod
    def recent_message(live: LiveTable) -> str | None:
        """The ``chat`` message with the table's recent lines (``"recent": true``) that follows a
        connection's snapshot, ``None`` when there is none (or they are not loaded)."""
        if live.chat is None or not live.chat.lines:
            return None
        return orjson.dumps({"type": "chat", "version": live.state.version, "recent": True,
                             "lines": live.chat.lines}).decode()

    def elsewhere(self, table_id: str, line_id: int) -> None:
        """Another server process stored line ``line_id`` of a table: send it to this process's
        connections of the table, if any."""
        live = self.service.live.get(table_id)
        if live is None or live.chat is None or not live.subscribers or live.chat.has(line_id):
            return
        self.service.spawn(self._catch_up(live, line_id))

    async def _catch_up(self, live: LiveTable, line_id: int) -> None:
        try:
            lines = await asyncio.to_thread(read_chat, self.service.engine, live.state.id, after=line_id - 1)
        except Exception:
            log.exception("cannot read the chat", extra={"table": live.state.id})
            return
        await self._tell(live, lines)

    # -- the host's settings -------------------------------------------------------------------------

    async def set_rules(self, table_id: str, owner: str, body: dict[str, Any]) -> dict[str, Any]:
        """The host (the ``owner`` secret) switches chat on or off, lets spectators chat or not, and
        mutes seats (``muted``: every muted seat); a ``chat_rule`` log entry, committed, then told
        to everyone. Returns the settings."""
        live = await self.service.table(table_id)
        row = await asyncio.to_thread(store.read_table, self.service.engine, table_id)
        if row is None or not auth.matches(owner, row["owner_hash"]):
            raise Forbidden("only the table's host may change its chat")

        def change(state: TableState) -> list[LogEntry]:
            if state.closed is not None:
                raise TableError(f"this table is closed: {state.closed}")
            new = state.chat.changed(body, len(state.seats))
            return self.service.stage(state, "chat_rule", new.data())

        await self.service.change(live, change)
        return live.state.chat.public()
