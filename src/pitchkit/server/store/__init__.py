"""The database: an engine per URL, migrations at start, and a writer that commits in batches.

Writes go through :class:`Writer`: each call hands over the rows to add and waits until they are
committed. The rows of all calls made in one turn of the event loop are committed together, in one
transaction. On PostgreSQL that happens in a thread of its own (with the calls that arrive while a
commit is under way), so the event loop never waits on the network. SQLite in WAL mode writes a
commit to the operating system without waiting for the disk, so there the turn's transaction is
committed on the event loop itself, sparing a thread hand-over per turn; the WAL is copied back
into the database (a checkpoint, which does wait for the disk) by a thread of its own. The log
entries of a batch are one insert; on PostgreSQL its notifications are one ``NOTIFY``, so a batch
is a few round trips however many tables it serves.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

import orjson
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection, Engine

from pitchkit.server.store.schema import log, presence, tables, workers

__all__ = ["Append", "Conflict", "LogEntry", "Writer", "connect", "migrate"]

#: advisory lock key (PostgreSQL): migrations
_MIGRATION_LOCK = 7_150_001
#: the longest payload of one PostgreSQL notification (its limit is 8,000 bytes)
_NOTIFY_BYTES = 7_900


class WriterClosed(RuntimeError):
    """A change came after the writer was closed (the server is stopping): it was not stored."""


class Conflict(Exception):
    """Another server process changed the table first: this process's copy is behind."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One entry of a table's log."""

    table_id: str
    seq: int
    kind: str
    data: dict[str, Any]
    at: float


def connect(url: str) -> Engine:
    """An engine for ``url``; SQLite runs in WAL mode, so readers never wait for the writer."""
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @sa.event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            # checkpoints are the writer's checkpoint thread's, never a committing connection's
            cursor.execute("PRAGMA wal_autocheckpoint=0")
            cursor.close()

        return engine
    return sa.create_engine(url, pool_pre_ping=True)


def shared(engine: Engine) -> bool:
    """True for a database that several server processes may share (PostgreSQL)."""
    return engine.dialect.name == "postgresql"


def migrate(engine: Engine) -> None:
    """Bring the schema up to date (Alembic ``upgrade head``); on PostgreSQL one process at a time."""
    cfg = Config()
    cfg.set_main_option("script_location", str(resources.files("pitchkit.server.store") / "migrations"))
    with engine.begin() as conn:
        if shared(engine):
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(:k)"), {"k": _MIGRATION_LOCK})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


Job = Callable[[Connection], None]


#: the columns of a log row, in the order of :attr:`Append.rows`
LOG_COLUMNS = ("table_id", "seq", "kind", "data", "at")
#: the log insert as the SQLite driver takes it
_SQLITE_INSERT = f"INSERT INTO log ({', '.join(LOG_COLUMNS)}) VALUES ({', '.join('?' * len(LOG_COLUMNS))})"


@dataclass(frozen=True, slots=True)
class Append:
    """A job that appends a table's log entries. The writer puts the entries of every ``Append`` of
    a batch into one insert (see :func:`run_jobs`)."""

    table_id: str
    last: int
    #: one tuple per entry, values in the order of :data:`LOG_COLUMNS`
    rows: list[tuple[Any, ...]]
    #: on a database shared by several processes, tell the others (``NOTIFY``)
    notify: bool = False

    def __call__(self, conn: Connection) -> None:
        run_jobs(conn, [self])


def _insert_log(conn: Connection, rows: list[tuple[Any, ...]]) -> None:
    """Insert log rows: on SQLite straight through the driver (the statement is prepared once
    and kept by it), elsewhere as one SQLAlchemy insert."""
    if conn.dialect.name == "sqlite":
        driver = conn.connection.driver_connection
        assert driver is not None
        driver.executemany(_SQLITE_INSERT, rows)
        return
    conn.execute(log.insert(), [dict(zip(LOG_COLUMNS, row, strict=True)) for row in rows])


def run_jobs(conn: Connection, jobs: Sequence[Job], *, alone: bool = False) -> None:
    """Run ``jobs`` in order on ``conn``, the rows of consecutive :class:`Append` jobs in one
    insert and all their notifications in one ``NOTIFY`` at the end. ``alone``: the jobs are one
    change, so a log entry whose table and sequence number are taken already (another process
    appended first; the primary key refuses it) is a :class:`Conflict`."""
    rows: list[tuple[Any, ...]] = []
    notes: list[str] = []
    refused = (sa.exc.IntegrityError, conn.dialect.loaded_dbapi.IntegrityError)

    def flush() -> None:
        if not rows:
            return
        try:
            _insert_log(conn, rows)
        except refused:
            if alone:
                raise Conflict(rows[0][0]) from None
            raise
        rows.clear()

    for job in jobs:
        if isinstance(job, Append):
            rows.extend(job.rows)
            if job.notify:
                notes.append(f"{job.table_id}:{job.last}")
        else:
            flush()
            job(conn)
    flush()
    # one notification carries many tables, one a line, within PostgreSQL's limit on its size
    while notes:
        size, count = 0, 0
        while count < len(notes) and size + len(notes[count]) + 1 <= _NOTIFY_BYTES:
            size += len(notes[count]) + 1
            count += 1
        count = max(count, 1)
        conn.execute(sa.text("SELECT pg_notify('pitchkit', :m)"), {"m": "\n".join(notes[:count])})
        del notes[:count]


_Pending = tuple[tuple[Job, ...], asyncio.AbstractEventLoop, asyncio.Future[None]]


logger = logging.getLogger("pitchkit.server")
#: how often a process sharing the database says it is alive; one silent for three times this
#: long no longer counts a person's connections
HEARTBEAT_SECONDS = 10.0
#: seconds between checkpoints of an SQLite database's WAL
CHECKPOINT_SECONDS = 1.0


class Writer:
    """Commits the jobs of each turn of an event loop in one transaction (see the module's
    docstring for where); :meth:`run` returns once its jobs are committed."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        #: commit on the event loop (SQLite); else in the writer thread
        self.inline = engine.dialect.name == "sqlite"
        self._lock = threading.Condition()
        self._pending: list[_Pending] = []
        self._turn: dict[asyncio.AbstractEventLoop, list[_Pending]] = {}
        self._closed = False
        #: the connection the event loop commits on (SQLite), opened on first use
        self._conn: Connection | None = None
        self._thread = threading.Thread(target=self._checkpoints if self.inline else self._loop,
                                        name="pitchkit-writer", daemon=True)
        self._thread.start()

    async def run(self, *jobs: Job) -> None:
        """Run ``jobs`` (one change: they succeed or fail together) in the next transaction and
        wait for its commit (raises if it failed)."""
        if self._closed:
            raise WriterClosed("the writer is closed")
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        turn = self._turn.get(loop)
        if turn is None:
            turn = self._turn[loop] = []
            loop.call_soon(self._hand_over, loop)
        turn.append((jobs, loop, done))
        await done

    def _hand_over(self, loop: asyncio.AbstractEventLoop) -> None:
        turn = self._turn.pop(loop, [])
        if self.inline and not self._closed:
            self._commit(turn)
            return
        with self._lock:
            if not self._closed:
                self._pending.extend(turn)
                self._lock.notify()
                return
        _settle([(done, WriterClosed("the writer is closed")) for _, _, done in turn])

    def close(self) -> None:
        """Commit what is pending, then stop the thread."""
        with self._lock:
            self._closed = True
            self._lock.notify()
        self._thread.join()
        if self.inline:
            self._checkpoint()

    def release(self) -> None:
        """Close the event loop's connection (after :meth:`close`, on the event loop's thread,
        which may be committing on it until then)."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def _checkpoints(self) -> None:
        while True:
            with self._lock:
                if self._closed or (self._lock.wait(CHECKPOINT_SECONDS) and self._closed):
                    return
            try:
                self._checkpoint()
            except sa.exc.SQLAlchemyError:
                logger.exception("checkpoint failed")

    def _checkpoint(self) -> None:
        with self.engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def _loop(self) -> None:
        while True:
            with self._lock:
                while not self._pending and not self._closed:
                    self._lock.wait()
                batch, self._pending = self._pending, []
                if not batch and self._closed:
                    return
            self._commit(batch)

    def _begin(self) -> contextlib.AbstractContextManager[Connection]:
        """A transaction: on SQLite on the connection that the event loop keeps for its commits
        (saving a checkout from the pool per batch), else on a connection from the pool."""
        if not self.inline:
            return self.engine.begin()
        if self._conn is None:
            self._conn = self.engine.connect()
        conn = self._conn

        @contextlib.contextmanager
        def transaction() -> Iterator[Connection]:
            try:
                with conn.begin():
                    yield conn
            except BaseException:
                # whatever went wrong, the next batch starts on a fresh connection
                self._conn = None
                conn.close()
                raise

        return transaction()

    def _commit(self, batch: Sequence[_Pending]) -> None:
        errors: list[BaseException | None] = [None] * len(batch)
        try:
            with self._begin() as conn:
                run_jobs(conn, [job for jobs, _, _ in batch for job in jobs], alone=len(batch) == 1)
        except Exception as e:
            # one transaction for the whole batch; if it fails, each change is tried in a
            # transaction of its own, so that only the changes that fail learn of it
            if len(batch) == 1:
                errors = [e]
            else:
                for i, (jobs, _, _) in enumerate(batch):
                    try:
                        with self.engine.begin() as conn:
                            run_jobs(conn, jobs, alone=True)
                    except Exception as alone:
                        errors[i] = alone
        if self.inline:
            _settle([(done, error) for (_, _, done), error in zip(batch, errors, strict=True)])
            return
        # one wake-up of each event loop for the whole batch
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[None], BaseException | None]]] = {}
        for (_, loop, done), error in zip(batch, errors, strict=True):
            by_loop.setdefault(loop, []).append((done, error))
        for loop, settled in by_loop.items():
            loop.call_soon_threadsafe(_settle, settled)


def _settle(settled: Sequence[tuple[asyncio.Future[None], BaseException | None]]) -> None:
    for done, error in settled:
        if done.done():
            continue
        if error is None:
            done.set_result(None)
        else:
            done.set_exception(error)


def add_entries(entries: Sequence[LogEntry], *, shared_db: bool = False) -> Append:
    """A job that appends log entries. On a shared database it notifies the other processes
    (``NOTIFY pitchkit``, ``table_id:version``) when the transaction commits; an entry another
    process appended first makes it fail with :class:`Conflict`."""
    rows = [(e.table_id, e.seq, e.kind, orjson.dumps(e.data).decode(), e.at) for e in entries]
    return Append(entries[0].table_id, entries[-1].seq, rows, notify=shared_db)


def set_status(table_id: str, status: str) -> Job:
    """A job that changes a table's status in the lobby."""
    def job(conn: Connection) -> None:
        conn.execute(tables.update().where(tables.c.id == table_id).values(status=status))

    return job


def read_log(engine: Engine, table_id: str, *, after: int = 0) -> list[LogEntry]:
    """A table's log entries after sequence number ``after``, in order."""
    query = sa.select(log).where(log.c.table_id == table_id, log.c.seq > after).order_by(log.c.seq)
    with engine.connect() as conn:
        return [LogEntry(r.table_id, r.seq, r.kind, orjson.loads(r.data), r.at) for r in conn.execute(query)]


def read_table(engine: Engine, table_id: str) -> dict[str, Any] | None:
    """A table's row, or ``None``."""
    with engine.connect() as conn:
        row = conn.execute(sa.select(tables).where(tables.c.id == table_id)).first()
    return None if row is None else dict(row._mapping)


def read_tables(engine: Engine, *, ids: Sequence[str] = (), public_waiting: bool = False,
                limit: int = 100) -> list[dict[str, Any]]:
    """Rows of the tables named in ``ids``, or the public tables waiting for players (newest first)."""
    query = sa.select(tables)
    if public_waiting:
        query = query.where(tables.c.public.is_(True), tables.c.status == "waiting")
    else:
        query = query.where(tables.c.id.in_(list(ids)))
    query = query.order_by(tables.c.created_at.desc()).limit(limit)
    with engine.connect() as conn:
        return [dict(r._mapping) for r in conn.execute(query)]


def read_public_tables(engine: Engine, status: str, *, limit: int = 100) -> list[dict[str, Any]]:
    """Rows of the public tables of ``status`` (``waiting``, ``playing``...), newest first."""
    query = (sa.select(tables).where(tables.c.public.is_(True), tables.c.status == status)
             .order_by(tables.c.created_at.desc()).limit(limit))
    with engine.connect() as conn:
        return [dict(r._mapping) for r in conn.execute(query)]


def ping(engine: Engine) -> None:
    """Raise if the database cannot be reached."""
    with engine.connect() as conn:
        conn.execute(sa.text("SELECT 1"))


def heartbeat(worker: str, now: float) -> Job:
    """A job that says this server process is alive."""
    def job(conn: Connection) -> None:
        done = conn.execute(workers.update().where(workers.c.id == worker).values(heartbeat=now))
        if not done.rowcount:
            conn.execute(workers.insert(), [{"id": worker, "heartbeat": now}])

    return job


def set_presence(table_id: str, seat: int, worker: str, connections: int) -> Job:
    """A job that records how many connections a seat has on this process."""
    def job(conn: Connection) -> None:
        key = (presence.c.table_id == table_id) & (presence.c.seat == seat) & (presence.c.worker == worker)
        conn.execute(presence.delete().where(key))
        if connections:
            conn.execute(presence.insert(), [{"table_id": table_id, "seat": seat, "worker": worker,
                                              "connections": connections}])

    return job


def connections_elsewhere(engine: Engine, table_id: str, seat: int, *, worker: str,
                          alive_after: float) -> int:
    """Open connections of a seat on the other live server processes."""
    query = (sa.select(sa.func.coalesce(sa.func.sum(presence.c.connections), 0))
             .select_from(presence.join(workers, workers.c.id == presence.c.worker))
             .where(presence.c.table_id == table_id, presence.c.seat == seat, presence.c.worker != worker,
                    workers.c.heartbeat > alive_after))
    with engine.connect() as conn:
        return int(conn.execute(query).scalar() or 0)
