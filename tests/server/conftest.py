"""Fixtures of the server suite: ``pitch serve`` as a real subprocess on a free loopback port, on a
temporary SQLite file or on a real PostgreSQL cluster that the fixtures create (``initdb``/``pg_ctl``
into a temporary folder, as the ``postgres`` system user when running as root).

Every test that takes ``database`` (directly or through ``server``) runs once on each database.
A server that logged an error or a stack trace fails the run when it is stopped.
Without PostgreSQL's binaries the PostgreSQL runs skip, except under CI (the ``CI`` environment
variable), where they fail: CI must not pass by skipping them. ``PITCHKIT_PG_BIN`` names the folder
of the binaries where they are elsewhere.
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import itertools
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from pitchkit.engine.presets import presets
from tests.server.client import GameRun, http, play_whole_game, run

#: how long a server or a database may take to start
START_TIMEOUT = 60.0


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def postgres_bin() -> Path | None:
    """The folder of PostgreSQL's server binaries: ``PITCHKIT_PG_BIN`` when set, else the newest
    in Debian's layout, else the one on ``PATH``; ``None`` when there is no ``initdb``."""
    given = os.environ.get("PITCHKIT_PG_BIN")
    if given is not None:
        return Path(given) if (Path(given) / "initdb").exists() else None
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


class Postgres:
    """A PostgreSQL cluster in a temporary folder, listening on 127.0.0.1 only."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="pitchkit-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:  # initdb refuses to run as root
            user = pwd.getpwnam("postgres")
            os.chown(self.root, user.pw_uid, user.pw_gid)
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync")
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.root / "log"), "-o", options, "-w",
                  "-t", str(int(START_TIMEOUT)), "start")

    def _run(self, tool: str, *args: str) -> None:
        done = subprocess.run([*self.as_user, str(self.bindir / tool), *args], capture_output=True,
                              text=True, timeout=START_TIMEOUT, check=False)
        if done.returncode != 0:
            log = self.root / "log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise RuntimeError(f"{tool} failed: {done.stderr.strip()[-2000:]}\n{tail}")

    def new_database(self, name: str) -> str:
        """Create database ``name``; its SQLAlchemy URL."""
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", name)
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        """Stop the cluster and remove its folder."""
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


class Database:
    """Where servers keep their tables: new, empty databases of one kind on demand."""

    def __init__(self, kind: str, folder: Path, postgres: Postgres | None) -> None:
        self.kind = kind
        self.folder = folder
        self.postgres = postgres

    def new_url(self) -> str:
        """The URL of a new, empty database (numbered across the session: pytest may make this
        fixture again for the same cluster when the order of the tests moves between its kinds)."""
        number = next(_NUMBERS)
        if self.postgres is not None:
            return self.postgres.new_database(f"pitchkit{number}")
        return f"sqlite:///{self.folder / f'pitchkit{number}.db'}"


#: the number of each new database of the session
_NUMBERS = itertools.count(1)


class Server:
    """``pitch serve`` as a subprocess (in a process group of its own, bot workers included)."""

    def __init__(self, db_url: str, folder: Path, *, grace: float = 60.0, extra: Sequence[str] = ()) -> None:
        self.db_url = db_url
        self.grace = grace
        self.extra = list(extra)
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        self.log_path = folder / f"server-{self.port}.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        """Start the server and wait until ``GET /healthz`` answers 200."""
        env = {**os.environ, "PITCHKIT_SERVE_BOT_PROCESSES": "1"}
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "pitchkit.cli", "serve", "--port", str(self.port), "--db", self.db_url,
                 "--grace", str(self.grace), "--log-level", "warning", *self.extra],
                stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"pitch serve exited with {self.process.returncode}:\n{self.log_tail()}")
            try:
                if http(self.base, "GET", "/healthz", timeout=2).status == 200:
                    return self
            except OSError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"pitch serve did not answer /healthz in {START_TIMEOUT} s:\n{self.log_tail()}")

    def alive(self) -> bool:
        """True while the process runs and answers ``GET /healthz`` with 200."""
        if self.process is None or self.process.poll() is not None:
            return False
        reply = http(self.base, "GET", "/healthz", timeout=5)
        return reply.status == 200 and reply.body["status"] == "ok"

    def kill(self) -> None:
        """``kill -9`` the server and its bot workers."""
        assert self.process is not None
        self._signal(signal.SIGKILL)
        self.process.wait(10)

    def terminate(self) -> int:
        """SIGTERM, as a service manager stops a server; its exit status (raises if it has not
        exited within 15 seconds)."""
        assert self.process is not None
        self._signal(signal.SIGTERM)
        return self.process.wait(15)

    def stop(self) -> None:
        """SIGTERM, then SIGKILL if it has not exited within 15 seconds."""
        if self.process is None or self.process.poll() is not None:
            self._signal(signal.SIGKILL)
            return
        self._signal(signal.SIGTERM)
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            self._signal(signal.SIGKILL)
            self.process.wait(10)
        self._signal(signal.SIGKILL)  # bot workers left behind, if any

    def _signal(self, sig: signal.Signals) -> None:
        assert self.process is not None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, sig)

    def bot_workers(self) -> list[int]:
        """The process ids of the server's bot worker processes (Linux: read from /proc)."""
        assert self.process is not None
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
                cmdline = (stat.parent / "cmdline").read_bytes()
            except (OSError, IndexError, ValueError):
                continue
            if ppid == self.process.pid and b"spawn_main" in cmdline:
                found.append(int(stat.parent.name))
        return found

    def errors(self) -> list[str]:
        """Lines of the server's output that report an error or a stack trace (a stack trace with
        its frames and exception, so that a failure says where it came from)."""
        text = self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
        marks = ("Traceback", '"level": "error"', '"level": "critical"', "ERROR:")
        found: list[str] = []
        in_trace = False
        for line in text.splitlines():
            if any(m in line for m in marks):
                found.append(line[:300])
                in_trace = "Traceback" in line
            elif in_trace and line.startswith((" ", "\t")):
                found.append(line[:300])
            elif in_trace:
                found.append(line[:300])  # the exception that ends the stack trace
                in_trace = False
        return found

    def log_tail(self, chars: int = 3000) -> str:
        """The end of the server's output."""
        return self.log_path.read_text(errors="replace")[-chars:] if self.log_path.exists() else ""


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """A PostgreSQL cluster for the session (skipped, or under CI failed, without its binaries)."""
    bindir = postgres_bin()
    if bindir is None:
        message = ("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): "
                   "apt-get install postgresql")
        if os.environ.get("CI"):
            pytest.fail(message + "; CI runs the server suite on PostgreSQL too")
        pytest.skip(message)
    cluster = Postgres(bindir)
    yield cluster
    cluster.stop()


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Database:
    """Each kind of database in turn."""
    kind: str = request.param
    cluster = request.getfixturevalue("postgres") if kind == "postgresql" else None
    return Database(kind, tmp_path_factory.mktemp(kind), cluster)


@pytest.fixture(scope="session")
def server(database: Database) -> Iterator[Server]:
    """A server shared by the tests that do not stop it or need other settings."""
    running = Server(database.new_url(), database.folder).start()
    yield running
    running.stop()
    assert not running.errors(), "the server logged errors:\n" + "\n".join(running.errors())


@pytest.fixture(scope="session")
def games(server: Server) -> dict[str, GameRun]:
    """One whole game of every preset by four websocket clients and a spectator, all at once."""
    async def all_games() -> list[GameRun]:
        return await asyncio.gather(*(play_whole_game(server.base, server.ws_base, v) for v in presets()))
    return {g.variant: g for g in run(all_games(), timeout=240)}
