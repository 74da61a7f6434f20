"""Does a WAL checkpoint make the server's commits wait? The SQLite settings of ``pitch serve``
(WAL, ``synchronous=NORMAL``, no automatic checkpoint) in a temporary folder: one connection
commits one small log row every 2 ms, as the event loop does, while (``--checkpoint-seconds S``)
another thread checkpoints the WAL every ``S`` seconds, as the server's writer thread does, or
(``0``) nothing does. Prints the commits' latency percentiles, how many took over 2 ms, and the
longest checkpoint.

Run: ``python benchmarks/sqlite_checkpoint.py [--seconds 10] [--checkpoint-seconds 1] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import tempfile
import threading
import time
from pathlib import Path

#: a commit slower than this (seconds) is counted as slow
SLOW = 0.002


def connect(path: Path) -> sqlite3.Connection:
    """A connection with the server's pragmas."""
    conn = sqlite3.connect(path, check_same_thread=False, timeout=30, isolation_level=None)
    for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "wal_autocheckpoint=0"):
        conn.execute(f"PRAGMA {pragma}")
    return conn


def measure(seconds: float, every: float) -> dict[str, object]:
    """Commit for ``seconds`` with a checkpoint every ``every`` seconds (0: none)."""
    with tempfile.TemporaryDirectory(prefix="pitch-wal-") as tmp:
        path = Path(tmp) / "wal.db"
        writer = connect(path)
        writer.execute("CREATE TABLE log (table_id TEXT, seq INTEGER, kind TEXT, data TEXT, at REAL, "
                       "PRIMARY KEY (table_id, seq))")
        stop = threading.Event()
        checkpoints: list[float] = []

        def checkpointer() -> None:
            conn = connect(path)
            while not stop.wait(every):
                start = time.perf_counter()
                conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                checkpoints.append(time.perf_counter() - start)
            conn.close()

        thread = threading.Thread(target=checkpointer, daemon=True)
        if every > 0:
            thread.start()
        latencies: list[float] = []
        data = "x" * 300
        end = time.monotonic() + seconds
        seq = 0
        while time.monotonic() < end:
            start = time.perf_counter()
            writer.execute("BEGIN")
            row = (f"t{seq % 100}", seq, "action", data, 0.0)
            writer.execute("INSERT INTO log VALUES (?, ?, ?, ?, ?)", row)
            writer.execute("COMMIT")
            latencies.append(time.perf_counter() - start)
            seq += 1
            time.sleep(0.002)
        stop.set()
        if every > 0:
            thread.join()
        writer.close()
    latencies.sort()
    ms = [round(1000 * latencies[int(q * (len(latencies) - 1))], 3) for q in (0.5, 0.99, 0.999, 1.0)]
    return {"checkpoint_seconds": every, "commits": len(latencies),
            "commit_ms": dict(zip(("p50", "p99", "p999", "max"), ms, strict=True)),
            "slow_commits": sum(1 for x in latencies if x > SLOW),
            "checkpoint_max_ms": round(1000 * max(checkpoints, default=0.0), 1)}


def main() -> None:
    """Parse the options, measure, print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--checkpoint-seconds", type=float, default=1.0, help="0: no checkpoints")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not 0 < args.seconds <= 600 or args.checkpoint_seconds < 0:
        parser.error("--seconds 0..600, --checkpoint-seconds 0 or more")
    result = measure(args.seconds, args.checkpoint_seconds)
    print(json.dumps(result) if args.json else "\n".join(f"{k}: {v}" for k, v in result.items()))


if __name__ == "__main__":
    main()
