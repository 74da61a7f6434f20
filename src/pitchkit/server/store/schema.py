"""The database schema (SQLAlchemy Core). Changes to it go through an Alembic migration."""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, ForeignKey, Integer, MetaData, String, Table, Text

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
