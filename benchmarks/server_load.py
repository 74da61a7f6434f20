"""Load on ``pitch serve``: many tables of four people playing as fast as the server lets them.

Starts ``pitch serve`` on a free loopback port with a temporary SQLite database (or uses ``--url``),
creates ``--tables`` tables of four human seats (``POST /api/tables``, then each seat joined), and
drives them from this process (or ``--procs`` processes) with one websocket client per seat
(``server_loadgen.py``). The seat to act waits ``--think-ms``, then sends a random legal action from
its state, with the version it saw. The tables' first actions are spread over one think time
(``--no-stagger``: all at once; tables that start together keep acting together, in bursts). A table
whose game ends is replaced by a new one, so the load lasts ``--seconds``.

Figures (JSON with ``--json``):

- ``actions``, ``actions_per_s``: actions that every seat of their table was told of, up to the deadline;
- ``latency_ms`` (``p50``, ``p99``, ``max``): from sending an action to the last seat of its table
  receiving an update with a version that includes it;
- ``errors``: error messages from the server, failed or dropped connections, failed HTTP calls and
  actions never answered, by message;
- ``lost``: acknowledged log entries (every version a client saw, and each action as its seat saw it)
  missing from, or different in, the database's ``log`` after the server was stopped (SIGKILL by
  default: only what was committed counts). Read with SQLAlchemy from ``--db`` (or the temporary
  database); with ``--url`` and no ``--db``, from ``GET /api/tables/{id}`` and ``/record``;
- ``server_cpu``, ``client_cpu``: CPU seconds per second of the run (1.0 is one core), to see whether
  the load generator kept up; ``cpu_us_per_action``: the CPU microseconds of each side per action
  (the two share the processor, so both decide the throughput);
- ``stalls``: how often the server's event loop did not run for ``--lag-ms`` (default 15) or more
  (``loop``), and how often a full garbage collection took that long (``gc``), from its log, during
  the measured part of the run; the longest stalls with what they were made of (``cpu_ms``: the
  loop's own CPU time in the stall, ``gc_ms``: the collector's, ``where``: the loop's stack);
- ``sent_per_50ms``: the mean, 99th percentile and most of the actions sent in 50 ms (bursts).

Run: ``python benchmarks/server_load.py --tables 100 --seconds 20 [--think-ms 0] [--db URL]
[--workers N] [--url URL] [--procs K] [--profile FILE] [--server-log FILE] [--no-stagger] [--json]``.
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import contextlib
import multiprocessing
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import sqlalchemy as sa
from server_loadgen import (
    DRAIN_SECONDS,
    SEATS,
    SETUP_CONCURRENCY,
    SETUP_SECONDS,
    Totals,
    call,
    drive,
    load_process,
    new_table,
    run_loop,
)

# -- the server ------------------------------------------------------------------------------------

def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def server(db: str, workers: int, folder: Path, stop: str,
           lag_ms: float) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``pitch serve`` in a process group of its own, until it is stopped by ``stop`` (kill or term);
    it logs every stall of its event loop of ``lag_ms`` or more."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "PITCHKIT_SERVE_LAG_MS": str(lag_ms)}
    with open(folder / "server.log", "wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "pitchkit.cli", "serve", "--port", str(port), "--db", db,
             "--workers", str(workers), "--log-level", "warning"],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True, env=env)
    try:
        limit = time.monotonic() + SETUP_SECONDS
        while True:
            if proc.poll() is not None:
                tail = (folder / "server.log").read_text(errors="replace").strip().splitlines()[-1:]
                raise SystemExit(f"pitch serve stopped: {' '.join(tail)}")
            with contextlib.suppress(RuntimeError):
                if call(base, "GET", "/healthz").get("status") == "ok":
                    break
            if time.monotonic() > limit:
                raise SystemExit("pitch serve did not answer /healthz")
            time.sleep(0.2)
        yield base, proc
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL if stop == "kill" else signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=30)


def server_cpu(pid: int) -> float:
    """CPU seconds so far of the processes in ``pid``'s process group: the server, its workers and
    their bot processes (Linux ``/proc``; 0 elsewhere)."""
    ticks = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[2]) == pid:
            ticks += sum(int(f) for f in fields[11:15])
    return ticks / os.sysconf("SC_CLK_TCK")


# -- what was stored ---------------------------------------------------------------------------------

def lost_in_db(db: str, seen: dict[str, dict[str, Any]]) -> int:
    """Acknowledged entries missing from the ``log`` table (read directly), or stored differently."""
    engine = sa.create_engine(db)
    log = sa.Table("log", sa.MetaData(), autoload_with=engine)
    stored: dict[str, dict[int, Any]] = collections.defaultdict(dict)
    ids = list(seen)
    with engine.connect() as conn:
        for start in range(0, len(ids), 500):
            query = sa.select(log.c.table_id, log.c.seq, log.c.kind, log.c.data).where(
                log.c.table_id.in_(ids[start:start + 500]))
            for row in conn.execute(query):
                stored[row.table_id][row.seq] = (row.kind, orjson.loads(row.data))
    engine.dispose()
    lost = 0
    for table_id, mine in seen.items():
        rows = stored[table_id]
        lost += sum(1 for seq in range(1, mine["version"] + 1) if seq not in rows)
        for seq, action in mine["actions"].items():
            kind, data = rows.get(seq, (None, {}))
            if kind != "action" or {**data["action"], "seat": data["seat"]} != action:
                lost += 1
    return lost


def lost_via_http(base: str, seen: dict[str, dict[str, Any]]) -> int:
    """The same through the HTTP API: each table's version, and the actions of its finished hands."""
    lost = 0
    for table_id, mine in seen.items():
        table = call(base, "GET", f"/api/tables/{table_id}")
        if table["version"] < mine["version"]:
            lost += mine["version"] - table["version"]
        hands = call(base, "GET", f"/api/tables/{table_id}/record")
        recorded = [a for hand in hands for a in hand["actions"]]
        mine_in_order = [mine["actions"][s] for s in sorted(mine["actions"])]
        lost += sum(1 for a, b in zip(mine_in_order, recorded, strict=False) if a != b)
    return lost


# -- profiling ---------------------------------------------------------------------------------------

def start_profiler(pid: int, seconds: float, path: str, gil: bool) -> subprocess.Popen[bytes] | None:
    """py-spy sampling the server for the run (``pip install py-spy``), as collapsed stacks; with
    ``gil``, only the thread holding the GIL."""
    spy = shutil.which("py-spy")
    if spy is None:
        print("py-spy is not installed (pip install py-spy): no profile", file=sys.stderr)
        return None
    return subprocess.Popen([spy, "record", "--pid", str(pid), "--duration", str(max(1, int(seconds))),
                             "--rate", "200", "--format", "raw", "--output", path, "--nonblocking",
                             *(["--gil"] if gil else [])],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


#: where a sample of the server's stack is counted: the first part whose marker is in the stack
PROFILE_PARTS = (
    ("database: status update", ("set_status",)),
    ("database: savepoints", ("savepoint",)),
    ("database: log insert", ("add_entries", "_insert_log")),
    ("database: commit and other", ("Writer._commit", "Writer._loop")),
    ("views and JSON", ("pitchkit/server/views.py",)),
    ("broadcast: queue the messages", ("_broadcast",)),
    ("engine: parse, check, apply",
     ("pitchkit/server/tables.py", "pitchkit/engine/hand.py", "pitchkit/engine/record.py")),
    ("websocket send", ("_send_loop",)),
    ("waiting for the commit", ("Writer.run",)),
    ("receive and route a message", ("_receive_loop",)),
    ("websocket protocol", ("protocols/websockets",)),
    ("http", ("protocols/http",)),
    ("event loop", ("Runner.run",)),
)


def profile_shares(path: str) -> dict[str, float]:
    """The share of the server's samples in each part of :data:`PROFILE_PARTS` (the rest: other)."""
    counts: collections.Counter[str] = collections.Counter()
    with contextlib.suppress(OSError), open(path) as lines:
        for line in lines:
            stack, _, n = line.rstrip().rpartition(" ")
            part = next((name for name, marks in PROFILE_PARTS if any(m in stack for m in marks)), "other")
            counts[part] += int(n) if n.isdigit() else 0
    total = sum(counts.values()) or 1
    return {name: round(n / total, 3) for name, n in counts.most_common()}


# -- the run -------------------------------------------------------------------------------------------

def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of sorted ``values``."""
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def run(args: argparse.Namespace, base: str, pid: int | None, db: str | None) -> dict[str, Any]:
    """Create the tables, drive them, and put the figures together."""
    with concurrent.futures.ThreadPoolExecutor(SETUP_CONCURRENCY) as pool:
        tables = list(pool.map(lambda _: new_table(base, args.variant), range(args.tables)))
    options = {"variant": args.variant, "think": args.think_ms / 1000, "seconds": args.seconds,
               "stagger": args.stagger}
    load_avg = os.getloadavg()
    cpu0 = server_cpu(pid) if pid else 0.0
    profiler = None
    parts: list[Totals] = []
    started = time.perf_counter()
    if args.procs == 1:
        if pid and args.profile:
            profiler = start_profiler(pid, args.seconds, args.profile, args.gil)
        parts.append(run_loop(drive(base, tables, seed=args.seed, barrier=None, **options)))
    else:
        ctx = multiprocessing.get_context("spawn")
        barrier = ctx.Barrier(args.procs + 1)
        workers = []
        for k in range(args.procs):
            mine, theirs = ctx.Pipe(duplex=False)
            proc = ctx.Process(target=load_process,
                               args=(base, tables[k::args.procs], {**options, "seed": args.seed + k}, barrier,
                                     theirs))
            proc.start()
            workers.append((proc, mine))
        barrier.wait(SETUP_SECONDS)
        cpu0 = server_cpu(pid) if pid else 0.0
        started = time.perf_counter()
        if pid and args.profile:
            profiler = start_profiler(pid, args.seconds, args.profile, args.gil)
        for proc, mine in workers:
            if mine.poll(args.seconds + 2 * DRAIN_SECONDS + 30):
                parts.append(mine.recv())
            proc.join(10)
            if proc.is_alive():
                proc.kill()
    wall = time.perf_counter() - started
    cpu1 = server_cpu(pid) if pid else 0.0
    if profiler is not None:
        profiler.wait(timeout=args.seconds + 60)
    totals = Totals()
    for part in parts:
        totals.actions += part.actions
        totals.latencies += part.latencies
        totals.errors.update(part.errors)
        totals.seen.update(part.seen)
        totals.games += part.games
        totals.messages += part.messages
        totals.message_bytes += part.message_bytes
        totals.cpu += part.cpu
        totals.sent += part.sent
        totals.window = (min(totals.window[0] or part.window[0], part.window[0]),
                         max(totals.window[1], part.window[1]))
    if len(parts) < args.procs:
        totals.errors["a load process did not report"] += args.procs - len(parts)
    totals.latencies.sort()
    ms = [x * 1000 for x in totals.latencies]
    return {
        "tables": args.tables, "clients": args.tables * SEATS, "think_ms": args.think_ms,
        "seconds": args.seconds, "variant": args.variant, "procs": args.procs,
        "actions": totals.actions, "actions_per_s": round(totals.actions / args.seconds, 1),
        "latency_ms": {"p50": round(percentile(ms, 0.5), 2), "p99": round(percentile(ms, 0.99), 2),
                       "max": round(ms[-1], 2) if ms else None},
        "errors": sum(totals.errors.values()), "error_messages": dict(totals.errors.most_common(10)),
        "games_finished": totals.games, "tables_played": len(totals.seen),
        "messages": totals.messages,
        "bytes_per_message": round(totals.message_bytes / totals.messages) if totals.messages else 0,
        "server_cpu": round((cpu1 - cpu0) / wall, 2) if pid else None,
        "client_cpu": round(totals.cpu / wall, 2),
        "cpu_us_per_action": {"server": per_action(cpu1 - cpu0, wall, totals.actions, args.seconds)
                              if pid else None,
                              "client": per_action(totals.cpu, wall, totals.actions, args.seconds)},
        "load_average_before": [round(x, 2) for x in load_avg],
        "profile": profile_shares(args.profile) if profiler is not None else None,
        "sent_per_50ms": arrivals(totals.sent, 0.05),
        "_seen": totals.seen, "_window": totals.window,
    }


def per_action(cpu: float, wall: float, actions: int, seconds: float) -> int | None:
    """CPU microseconds per action: CPU per second of the run over actions per second of the
    measured part."""
    return round(cpu / wall / (actions / seconds) * 1e6) if actions else None


def arrivals(sent: list[float], width: float) -> dict[str, float]:
    """How evenly the actions were sent: the mean, 99th percentile and most of the actions sent in
    a slice of ``width`` seconds (tables that act together make bursts of work for the server)."""
    if not sent:
        return {}
    first = min(sent)
    counts = collections.Counter(int((t - first) / width) for t in sent)
    slices = [counts.get(i, 0) for i in range(max(counts) + 1)]
    ordered = sorted(slices)
    return {"mean": round(len(sent) / len(slices), 1), "p99": ordered[int(0.99 * (len(ordered) - 1))],
            "max": ordered[-1]}


#: the longest stalls listed in the figures
STALLS_SHOWN = 5
_STALLS = {"the event loop stalled": "loop", "a full garbage collection": "gc"}


def stalls(log: Path, window: tuple[float, float]) -> dict[str, Any]:
    """The server's event-loop stalls and long full collections during ``window`` (wall-clock
    seconds), from its log; the longest stalls with what they were made of."""
    found: dict[str, list[float]] = {"loop": [], "gc": []}
    details: list[dict[str, Any]] = []
    start, end = window
    for line in log.read_text(errors="replace").splitlines():
        if not line.startswith("{"):
            continue
        with contextlib.suppress(ValueError):
            entry = orjson.loads(line)
            kind = _STALLS.get(entry.get("message"))
            if kind is None or not start <= float(entry.get("at", start)) <= end:
                continue
            found[kind].append(float(entry["ms"]))
            if kind == "loop":
                details.append({k: entry.get(k) for k in ("ms", "cpu_ms", "process_cpu_ms", "gc_ms",
                                                          "where")})
    out: dict[str, Any] = {k: {"count": len(v), "max_ms": max(v, default=0.0), "total_ms": round(sum(v), 1)}
                           for k, v in found.items()}
    out["loop"]["longest"] = sorted(details, key=lambda d: -float(d["ms"]))[:STALLS_SHOWN]
    return out


def main() -> None:
    """Parse the options, run the load, check the log, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think-ms", type=float, default=0.0,
                        help="milliseconds the seat to act waits before acting")
    parser.add_argument("--db", help="database URL for the server (default: SQLite in a temporary folder)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--url", help="a running server to load instead (http://127.0.0.1:PORT)")
    parser.add_argument("--procs", type=int, default=1, help="load generator processes")
    parser.add_argument("--variant", default="pct")
    parser.add_argument("--seed", type=int, default=1, help="seed of the clients' choices")
    parser.add_argument("--stop", choices=("kill", "term"), default="kill",
                        help="how the server is stopped before its log is read (SIGKILL by default)")
    parser.add_argument("--profile", metavar="FILE",
                        help="sample the server with py-spy during the run (collapsed stacks)")
    parser.add_argument("--gil", action="store_true", help="profile only the thread holding the GIL")
    parser.add_argument("--lag-ms", type=float, default=15.0,
                        help="the server logs each stall of its event loop this long or longer (stalls)")
    parser.add_argument("--stagger", action=argparse.BooleanOptionalAction, default=True,
                        help="start each table's first action at a random moment within one think time "
                             "(--no-stagger: every table at once)")
    parser.add_argument("--server-log", metavar="FILE", help="keep the server's log in FILE")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not 1 <= args.tables <= 10_000 or not 0 < args.seconds <= 3600 or not 1 <= args.procs <= 16:
        parser.error("--tables 1..10000, --seconds up to 3600, --procs 1..16")
    if args.url and not args.url.startswith("http://127.0.0.1"):
        parser.error("--url must be a loopback address (http://127.0.0.1:PORT)")
    with tempfile.TemporaryDirectory(prefix="pitch-load-") as tmp:
        if args.url:
            db = args.db
            report = run(args, args.url.rstrip("/"), None, db)
            seen = report.pop("_seen")
            report.pop("_window")
            report["lost"] = lost_in_db(db, seen) if db else lost_via_http(args.url.rstrip("/"), seen)
        else:
            db = args.db or f"sqlite:///{tmp}/load.db"
            with server(db, args.workers, Path(tmp), args.stop, args.lag_ms) as (base, proc):
                report = run(args, base, proc.pid, db)
            report["stalls"] = stalls(Path(tmp) / "server.log", report["_window"])
            if args.server_log:
                shutil.copyfile(Path(tmp) / "server.log", args.server_log)
            seen = report.pop("_seen")
            report.pop("_window")
            report["lost"] = lost_in_db(db, seen)
        report["acknowledged"] = sum(s["version"] for s in seen.values())
    if args.json:
        print(orjson.dumps(report).decode())
    else:
        for key, value in report.items():
            print(f"{key}: {value}")


if __name__ == "__main__":
    main()
