"""Seconds to a fresh process's first ``pimc`` card decision, with numba's disk cache cold and warm.

Each run spawns a new ``python -c`` process that deals a four-player ``pct`` hand (``--variant``:
another preset), lets the ``heuristic`` bot bid and lead trump, then asks ``pimc`` (or ``--bot``;
default budget) for the next card: for pimc, the first decision that runs the compiled solver.
The child prints the seconds of that decision (and its CPU seconds, which other programs' load
does not inflate) and of the whole process (interpreter start, imports, deal, decision).

* **cold**: ``NUMBA_CACHE_DIR`` is a new empty directory, so every compiled function is compiled;
* **warm**: the same directory again, so they load from the cache the cold run wrote;
* **default** (with ``--default``): no ``NUMBA_CACHE_DIR``, numba's own cache location (the
  ``__pycache__`` next to the modules, or the user cache directory when that is not writable).

With ``--auction`` the decision timed is the first bid of the hand instead (the ``expert`` and
``advised`` bots' first use of the compiled solver).

Run: ``python benchmarks/first_decision.py [--runs N] [--seed S] [--bot B] [--variant V] [--auction]
[--default] [--json]``;
the figures in ``docs/benchmarks.md`` ("Search bots") come from it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

CHILD = """
import random, time
t0 = time.perf_counter()
from pitchkit import Hand, make_rules
from pitchkit.engine.actions import Phase
from pitchkit.bots import make_bot
from pitchkit.engine.view import make_view
rng = random.Random({seed})
rules = make_rules("{variant}", players=4)
heuristic = make_bot("heuristic", rng=rng)
def ready(hand):
    if {auction} and hand.phase == Phase.AUCTION and hand.to_act is not None:
        return True
    if hand.phase != Phase.PLAY or hand.trump is None or hand.to_act is None:
        return False
    return len(make_view(hand, hand.to_act).legal) > 1
while True:
    hand = Hand.deal(rules, rng, dealer=rng.randrange(4))
    while hand.to_act is not None and not ready(hand):
        hand.apply(heuristic.choose(make_view(hand, hand.to_act)))
    if hand.to_act is not None and hand.hands[hand.to_act].bit_count() <= rules.hand_size:
        break
bot = make_bot("{bot}", rng=rng)
t1, c1 = time.perf_counter(), time.process_time()
bot.choose(make_view(hand, hand.to_act))
t2, c2 = time.perf_counter(), time.process_time()
print(t2 - t1, t2 - t0, c2 - c1)
"""


def run_once(bot: str, seed: int, cache_dir: str | None, *,
             auction: bool = False, variant: str = "pct") -> tuple[float, float, float]:
    """(decision seconds, process seconds from spawn to exit, decision CPU seconds) of one fresh
    process."""
    env = dict(os.environ)
    env.pop("NUMBA_CACHE_DIR", None)
    if cache_dir is not None:
        env["NUMBA_CACHE_DIR"] = cache_dir
    start = time.perf_counter()
    child = CHILD.format(bot=bot, seed=seed, auction=auction, variant=variant)
    out = subprocess.run([sys.executable, "-c", child], env=env, check=True,
                         capture_output=True, text=True).stdout
    wall = time.perf_counter() - start
    decision, _, cpu = (float(x) for x in out.split())
    return decision, wall, cpu


def main(argv: list[str] | None = None) -> int:
    """Print the cold, warm (and default-location) first-decision times."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3, help="fresh processes per measure (medians)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot", default="pimc", help="the bot that decides (pimc, ismcts, ...)")
    ap.add_argument("--default", action="store_true", help="also numba's default cache location")
    ap.add_argument("--auction", action="store_true",
                    help="time the first bid of the hand instead of the first card")
    ap.add_argument("--variant", default="pct", help="the preset of the hand dealt")
    ap.add_argument("--json", action="store_true", help="one JSON line per measure")
    args = ap.parse_args(argv)
    measures: dict[str, list[tuple[float, float, float]]] = {"cold": [], "warm": []}
    for i in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="numba-cache-") as tmp:
            measures["cold"].append(run_once(args.bot, args.seed + i, tmp, auction=args.auction,
                                             variant=args.variant))
            measures["warm"].append(run_once(args.bot, args.seed + i, tmp, auction=args.auction,
                                             variant=args.variant))
    if args.default:
        run_once(args.bot, args.seed, None, variant=args.variant)  # fills the default cache if empty
        measures["default"] = [run_once(args.bot, args.seed + i, None, auction=args.auction,
                                        variant=args.variant) for i in range(args.runs)]
    for name, runs in measures.items():
        row = {"cache": name, "runs": len(runs),
               "decision_s": round(statistics.median(r[0] for r in runs), 2),
               "process_s": round(statistics.median(r[1] for r in runs), 2),
               "decision_cpu_s": round(statistics.median(r[2] for r in runs), 2),
               "max_process_s": round(max(r[1] for r in runs), 2)}
        print(json.dumps(row) if args.json else
              f"{name:8} decision {row['decision_s']:6.2f} s (CPU {row['decision_cpu_s']:.2f} s)   "
              f"whole process {row['process_s']:6.2f} s (max {row['max_process_s']:.2f} s, {len(runs)} runs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
