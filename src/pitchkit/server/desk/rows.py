"""The online desk's rows (Alembic migration 0003): each event's document (its ``event.json``, the
desk's one model of it), the round's tables in ``pitch serve`` with the links handed to the
entrants, the game records entered as results, the judges and the hands they confirmed.

Reads are plain functions on an engine (run in a thread); writes are jobs for the table service's
:class:`~pitchkit.server.store.Writer`, so a change is committed before anyone is told of it.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import orjson
import sqlalchemy as sa
from sqlalchemy import Boolean, Column, Float, ForeignKey, Integer, MetaData, String, Table, Text
from sqlalchemy.engine import Connection, Engine

from pitchkit.server.store import Job

metadata = MetaData()

#: one row per event: its document (``event.json``), the director's password hashed, whether
#: results wait for judges, and a version that every change raises (two changes never cross)
events = Table(
    "desk_events", metadata,
    Column("id", String(32), primary_key=True),
    Column("created_at", Float, nullable=False),
    Column("director_hash", String(64), nullable=False),
    Column("verify", String(8), nullable=False),
    Column("version", Integer, nullable=False),
    Column("stage", String(16), nullable=False),
    Column("document", Text, nullable=False),
)

#: the tables of each round in ``pitch serve``: the table's id, its creator's secret (to put a bot
#: in a seat), the invites handed to the entrants (seat to invite, JSON), when the round's clock
#: started, and whether its result is entered
tables = Table(
    "desk_tables", metadata,
    Column("event_id", String(32), ForeignKey("desk_events.id"), primary_key=True),
    Column("round", Integer, primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("table_id", String(32), nullable=False),
    Column("owner", String(64), nullable=False),
    Column("invites", Text, nullable=False),
    Column("started_at", Float, nullable=False),
    Column("entered", Boolean, nullable=False),
)

#: the game records entered as results, by the file name the desk gives them
games = Table(
    "desk_games", metadata,
    Column("event_id", String(32), ForeignKey("desk_events.id"), primary_key=True),
    Column("name", String(64), primary_key=True),
    Column("record", Text, nullable=False),
)

#: the event's judges: a name and the PIN, hashed
judges = Table(
    "desk_judges", metadata,
    Column("event_id", String(32), ForeignKey("desk_events.id"), primary_key=True),
    Column("name", String(40), primary_key=True),
    Column("pin_hash", String(64), nullable=False),
)

#: a judge's sign-off of one finished hand of a table (seed 000 tournament rule 35)
confirmations = Table(
    "desk_confirmations", metadata,
    Column("event_id", String(32), ForeignKey("desk_events.id"), primary_key=True),
    Column("round", Integer, primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("hand", Integer, primary_key=True),
    Column("judge", String(40), nullable=False),
    Column("at", Float, nullable=False),
)


#: the stage column of an event its director archived
ARCHIVED = "archived"


class Moved(Exception):
    """The event changed since it was read (another request, or another server process)."""


# -- writes -------------------------------------------------------------------------------------------


def insert_event(event_id: str, director_hash: str, verify: str, stage: str, document: str) -> Job:
    """A job that stores a new event."""
    row = {"id": event_id, "created_at": time.time(), "director_hash": director_hash, "verify": verify,
           "version": 1, "stage": stage, "document": document}

    def job(conn: Connection) -> None:
        conn.execute(events.insert(), [row])

    return job


def save_event(event_id: str, version: int, stage: str, document: str, *, games_written: dict[str, str],
               new_tables: Sequence[dict[str, Any]] = (), entered: tuple[int, int] | None = None) -> Job:
    """A job that replaces an event's document if it is still at ``version`` (else :class:`Moved`),
    with the game records, the round's new tables, and the table whose result was entered
    (``(round, number)``), in the same transaction."""
    def job(conn: Connection) -> None:
        done = conn.execute(events.update().where(events.c.id == event_id, events.c.version == version)
                            .values(document=document, stage=stage, version=version + 1))
        if done.rowcount != 1:
            raise Moved(event_id)
        if games_written:
            conn.execute(games.insert(), [{"event_id": event_id, "name": name, "record": text}
                                          for name, text in games_written.items()])
        if new_tables:
            conn.execute(tables.insert(), [{"event_id": event_id, **t} for t in new_tables])
        if entered is not None:
            conn.execute(tables.update().where(tables.c.event_id == event_id, tables.c.round == entered[0],
                                               tables.c.number == entered[1]).values(entered=True))

    return job


def set_stage(event_id: str, stage: str) -> Job:
    """A job that sets an event's stage column alone: ``archived`` (closed by its director: no
    change is taken, no table watched), or back to its document's stage."""
    def job(conn: Connection) -> None:
        conn.execute(events.update().where(events.c.id == event_id).values(stage=stage))

    return job


def insert_judge(event_id: str, name: str, pin_hash: str) -> Job:
    """A job that adds a judge."""
    def job(conn: Connection) -> None:
        conn.execute(judges.insert(), [{"event_id": event_id, "name": name, "pin_hash": pin_hash}])

    return job


def insert_confirmation(event_id: str, round_no: int, number: int, hand: int, judge: str) -> Job:
    """A job that records a judge's sign-off of a hand."""
    def job(conn: Connection) -> None:
        conn.execute(confirmations.insert(), [{"event_id": event_id, "round": round_no, "number": number,
                                               "hand": hand, "judge": judge, "at": time.time()}])

    return job


# -- reads --------------------------------------------------------------------------------------------


def read_event(engine: Engine, event_id: str, document: bool = True) -> dict[str, Any] | None:
    """An event's row (without its document unless ``document``), or ``None``."""
    if len(event_id) > 32:
        return None
    columns = [c for c in events.c if document or c.name != "document"]
    with engine.connect() as conn:
        row = conn.execute(sa.select(*columns).where(events.c.id == event_id)).first()
    return None if row is None else dict(row._mapping)


def read_tables(engine: Engine, event_id: str, round_no: int) -> dict[int, dict[str, Any]]:
    """A round's tables by number, with their invites as a dict of seat to invite."""
    query = (sa.select(tables).where(tables.c.event_id == event_id, tables.c.round == round_no)
             .order_by(tables.c.number))
    with engine.connect() as conn:
        rows = [dict(r._mapping) for r in conn.execute(query)]
    for r in rows:
        r["invites"] = {int(k): v for k, v in orjson.loads(r["invites"]).items()}
    return {r["number"]: r for r in rows}


def waiting_tables(engine: Engine) -> list[dict[str, Any]]:
    """Every table of an event still running whose result is not entered yet."""
    query = (sa.select(tables.c.event_id, tables.c.round, tables.c.number, tables.c.table_id,
                       tables.c.started_at, events.c.verify)
             .select_from(tables.join(events, events.c.id == tables.c.event_id))
             .where(tables.c.entered.is_(False), events.c.stage.not_in(("finished", ARCHIVED))))
    with engine.connect() as conn:
        return [dict(r._mapping) for r in conn.execute(query)]


def read_judges(engine: Engine, event_id: str) -> list[dict[str, Any]]:
    """An event's judges (names and PIN hashes)."""
    with engine.connect() as conn:
        return [dict(r._mapping) for r in conn.execute(
            sa.select(judges).where(judges.c.event_id == event_id).order_by(judges.c.name))]


def read_confirmations(engine: Engine, event_id: str, round_no: int) -> dict[tuple[int, int], str]:
    """The hands of a round confirmed so far: ``(table, hand)`` to the judge's name."""
    query = sa.select(confirmations).where(confirmations.c.event_id == event_id,
                                           confirmations.c.round == round_no)
    with engine.connect() as conn:
        return {(r.number, r.hand): r.judge for r in conn.execute(query)}


def read_games(engine: Engine, event_id: str) -> dict[str, Any]:
    """An event's entered game records, by name."""
    with engine.connect() as conn:
        return {r.name: orjson.loads(r.record) for r in conn.execute(
            sa.select(games).where(games.c.event_id == event_id).order_by(games.c.name))}
