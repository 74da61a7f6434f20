"""The database schema (SQLAlchemy Core). Changes to it go through an Alembic migration."""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, ForeignKey, Index, Integer, MetaData, String, Table, Text

metadata = MetaData()

#: one row per table: what the lobby lists; the table's state is its log
tables = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("created_at", Float, nullable=False),
    Column("variant", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("public", Boolean, nullable=False),
    #: waiting (for players), playing, over
    Column("status", String(16), nullable=False, index=True),
    #: the creator's secret, hashed (to swap seats while waiting)
    Column("owner_hash", String(64), nullable=False),
    #: the key in the spectator link of a private table
    Column("watch_key", String(64), nullable=False),
)

#: every change of a table, in order: its creation, seats taken, deals, actions. Unique per table
#: and sequence number; an entry is committed before anyone is told of it.
log = Table(
    "log", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("data", Text, nullable=False),
    Column("at", Float, nullable=False),
)

#: the server processes sharing the database, each with the last time it said it was alive
workers = Table(
    "workers", metadata,
    Column("id", String(32), primary_key=True),
    Column("heartbeat", Float, nullable=False),
)

#: open connections per table seat and worker: a person is away when no live worker has one
presence = Table(
    "presence", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("worker", String(32), primary_key=True),
    Column("connections", Integer, nullable=False),
)

#: every chat line of a table (Alembic migration 0004), in the order of its id; a line is committed
#: before anyone is told of it. Not part of the log: a line does not change the table's version.
chat = Table(
    "chat", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("at", Float, nullable=False),
    #: the seat that said it, -1 for a spectator
    Column("seat", Integer, nullable=False),
    Column("name", String(40), nullable=False),
    #: text or reaction
    Column("kind", String(16), nullable=False),
    Column("text", Text, nullable=False),
    Index("ix_chat_table", "table_id", "id"),
)
