"""Engine speed: random self-play hands/s per preset, per-call costs, scaling, OpenSpiel Euchre.

Usage (from the repository root, with pitchkit installed; ``pitchkit[fast]`` adds the compiled
path's figures, ``pitchkit[bench]`` the OpenSpiel comparison)::

    python benchmarks/engine_speed.py                       # tables, 1 s per figure
    python benchmarks/engine_speed.py --seconds 2 --repeat 3 --json > engine_speed.json

The same suite runs as ``pitch bench``. Figures depend heavily on the machine and on what else runs
on it; ``--repeat`` keeps the best of several runs of each figure.
"""

from __future__ import annotations

import argparse
import json

from rich.console import Console

from pitchkit.bench.suite import SECTIONS, render, run_suite


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments, measure, print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per figure (default 1)")
    parser.add_argument("--repeat", type=int, default=1, help="best of this many runs per figure")
    parser.add_argument("--section", action="append", choices=SECTIONS, help="only these sections")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.repeat < 1:
        parser.error("--seconds must be positive and --repeat at least 1")
    err = Console(stderr=True)
    with err.status("measuring") as status:
        report = run_suite(seconds=args.seconds, repeat=args.repeat,
                           sections=tuple(args.section or SECTIONS),
                           progress=lambda what: status.update(f"measuring {what}"))
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        render(report, Console())


if __name__ == "__main__":
    main()
