"""Seconds from starting ``pitch play`` to its first screen, and to the first hint with its figures.

Each run starts ``pitch play --seed S --no-save --delay 0`` (``--variant V``) in a pseudo-terminal of
80x24 and reads what it draws: the first screen is there when the "Your cards" panel is. Then it
presses ``?`` every 0.3 s until a hint lists the choices it compared ("Expected score change over",
or a card's "average margin over"), and notes whether a hint before it said that the solver was
still loading. The table loads the compiled solver in the background once its first screen is up.

* ``--cold``: numba's cache (``NUMBA_CACHE_DIR``) is a new empty folder, as right after an
  install, so the solver is compiled first;
* ``--without-numba``: the process cannot import numba (as where it has no wheels): the plain
  solver's hints, and the start-up without numba's import;
* ``--eager``: numba is imported before the table starts, as the table did before it loaded the
  solver in the background (for the comparison).

Run: ``python benchmarks/hint_startup.py [--runs N] [--seed S] [--variant V] [--cold]
[--without-numba] [--eager] [--json]``; the figures in ``docs/benchmarks.md`` ("The table") come
from it.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import pty
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from typing import Any

SCREEN = b"Your cards"
FIGURES = (b"Expected score change over", b"average margin over")
LOADING = b"still loading"
#: a child that hides numba (``--without-numba``) or imports it first (``--eager``), then runs pitch
CHILD = """
import sys
{prelude}
from pitchkit.cli import main
sys.argv = ["pitch", *sys.argv[1:]]
main()
"""


def one_run(args: list[str], env: dict[str, str], *, prelude: str, timeout: float = 120.0) -> dict[str, Any]:
    """Start the table once and time its first screen and its first hint with figures."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the table
        os.execve(sys.executable, [sys.executable, "-c", CHILD.format(prelude=prelude), *args], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    start = time.perf_counter()
    seen = b""
    out: dict[str, Any] = {"screen": None, "figures": None, "loading_said": False}
    next_press = 0.0
    try:
        while time.perf_counter() - start < timeout:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    seen += os.read(fd, 1 << 16)
                except OSError:
                    break
            now = time.perf_counter() - start
            if out["screen"] is None and SCREEN in seen:
                out["screen"] = now
                next_press = now
            if out["screen"] is not None:
                out["loading_said"] = out["loading_said"] or LOADING in seen
                if any(f in seen for f in FIGURES):
                    out["figures"] = now
                    break
                if now >= next_press:
                    os.write(fd, b"?")
                    next_press = now + 0.3
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)
    return out


def main() -> None:
    """Parse the arguments, run the table and print the medians."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--variant", default="pct")
    ap.add_argument("--cold", action="store_true")
    ap.add_argument("--without-numba", action="store_true")
    ap.add_argument("--eager", action="store_true")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    prelude = ('sys.modules["numba"] = None' if a.without_numba
               else "import pitchkit.search.compiled" if a.eager else "")
    args = ["play", "--variant", a.variant, "--seed", str(a.seed), "--no-save", "--delay", "0"]
    runs = []
    for _ in range(a.runs):
        env = dict(os.environ, TERM="xterm-256color")
        with tempfile.TemporaryDirectory() as cache:
            if a.cold:
                env["NUMBA_CACHE_DIR"] = cache
            runs.append(one_run(args, env, prelude=prelude))

    def median(key: str) -> float | None:
        got = [r[key] for r in runs if r[key] is not None]
        return round(statistics.median(got), 2) if got else None

    report = {"runs": runs, "first_screen_s": median("screen"), "first_figures_s": median("figures"),
              "loading_said": sum(r["loading_said"] for r in runs)}
    if a.json:
        print(json.dumps(report, indent=2))
        return
    for r in runs:
        print({k: round(v, 2) if isinstance(v, float) else v for k, v in r.items()})
    print(f"median: first screen {report['first_screen_s']} s, first hint with figures "
          f"{report['first_figures_s']} s; a hint said the solver was loading in "
          f"{report['loading_said']} of {len(runs)} runs")


if __name__ == "__main__":
    main()
