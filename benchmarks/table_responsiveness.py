"""How long the terminal table's event loop goes unanswered while bots decide on their worker thread.

A bots-only table (``--bot``, default ``pimc``; ``pct``, four players, one hand, no pause between
actions) runs in Textual's headless test mode in this process; a coroutine on the table's event
loop wakes every 10 ms and records the gaps between its wake-ups. A gap is the longest the table
could have left a key or a resize unanswered. Bots that held the loop (deciding on it, as before
they ran on a worker thread) show gaps as long as their slowest decision; on a worker, the gaps
stay near Python's thread switch interval plus drawing.

Run: ``python benchmarks/table_responsiveness.py [--bot B] [--variant V] [--seed S] [--json]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time

from pitchkit import make_rules
from pitchkit.tui.app import PlayApp
from pitchkit.tui.session import Session

TICK = 0.01


async def measure(app: PlayApp, limit: float) -> tuple[list[float], float]:
    """The loop's gaps (seconds) while the bots play the hand, and the seconds it took."""
    async with app.run_test(size=(80, 24)):
        start = last = time.perf_counter()
        gaps: list[float] = []
        while time.perf_counter() - start < limit and not app.session.unshown:
            await asyncio.sleep(TICK)
            now = time.perf_counter()
            gaps.append(now - last - TICK)
            last = now
        return gaps, time.perf_counter() - start


def main() -> None:
    """Parse the options, play one hand, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", default="pimc")
    parser.add_argument("--variant", default="pct")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--limit", type=float, default=120.0, help="seconds to give the hand at most")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rules = make_rules(args.variant)
    app = PlayApp(lambda n: Session(rules, seed=args.seed, human=None, bot=args.bot, max_hands=1),
                  delay=0, summary_seconds=3600)
    gaps, seconds = asyncio.run(measure(app, args.limit))
    gaps.sort()
    report = {"bot": args.bot, "variant": args.variant, "seed": args.seed, "hand_seconds": round(seconds, 2),
              "wakeups": len(gaps), "median_gap": round(statistics.median(gaps), 4),
              "p99_gap": round(gaps[int(0.99 * (len(gaps) - 1))], 4), "max_gap": round(gaps[-1], 4)}
    if args.json:
        print(json.dumps(report))
    else:
        print(" ".join(f"{k}={v}" for k, v in report.items()))


if __name__ == "__main__":
    main()
