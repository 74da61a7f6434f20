"""Euchre hands per second: pitchkit's public API next to OpenSpiel's ``euchre``, the same game on
both sides (stick the dealer, the upcard kept: OpenSpiel's defaults), random legal actions.

    python benchmarks/euchre_speed.py [--seconds 1] [--runs 5]

A hand is one deal from the first call to the last trick (OpenSpiel's game is one hand). pitchkit
deals with :meth:`Hand.deal` and takes every decision, the dealer's discard included, from
:meth:`Hand.legal_actions` (:func:`pitchkit.bench.selfplay.play_out`); OpenSpiel samples its chance
nodes and takes every decision from ``legal_actions()``. Both pick with the same function
(:func:`pitchkit.bench.selfplay.pick`) from seeded generators. The runs alternate between the two
engines, so that other work on the machine weighs on both alike; the medians are printed.
"""

from __future__ import annotations

import argparse
import os
import statistics

from pitchkit import make_rules
from pitchkit.bench.openspiel import OPENSPIEL_OPTIONS, euchre_rate
from pitchkit.bench.selfplay import engine_rate


def main() -> None:
    """Measure both engines in alternation and print the medians and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per run (default 1)")
    parser.add_argument("--runs", type=int, default=5, help="runs of each engine (default 5)")
    args = parser.parse_args()
    rules = make_rules("euchre", OPENSPIEL_OPTIONS)
    ours: list[float] = []
    theirs: list[float] = []
    for i in range(args.runs):
        ours.append(engine_rate(rules, seconds=args.seconds, seed=i).hands_per_s)
        rate = euchre_rate(seconds=args.seconds, seed=i)
        if rate is not None:
            theirs.append(rate.hands_per_s)
    print(f"load average {os.getloadavg()[0]:.2f}; {args.runs} runs of {args.seconds} s each, medians")
    print(f"pitchkit public API   {statistics.median(ours):10.0f} hands/s")
    if not theirs:
        print("OpenSpiel euchre      (open_spiel is not installed)")
        return
    print(f"OpenSpiel euchre      {statistics.median(theirs):10.0f} hands/s")
    ratios = sorted(a / b for a, b in zip(ours, theirs, strict=True))
    print(f"ratio                 {statistics.median(ratios):10.2f}x  "
          f"(runs: {' '.join(f'{r:.2f}' for r in ratios)})")


if __name__ == "__main__":
    main()
