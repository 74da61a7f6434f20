"""Research environments' speed: decisions per second of random play through the raw engine, the
shared decision layer, PettingZoo, Gymnasium and OpenSpiel, per preset (see
:mod:`pitchkit.bench.envs_speed` for what each loop does).

Usage (from the repository root, with ``pitchkit[envs]`` installed)::

    python benchmarks/envs_speed.py                        # a table, 2 s per figure
    python benchmarks/envs_speed.py --seconds 3 --variant pct --variant ten-point --json
"""

from __future__ import annotations

import argparse
import json

from rich.console import Console
from rich.table import Table

from pitchkit.bench.envs_speed import LOOPS, measure


def main(argv: list[str] | None = None) -> None:
    """Measure every loop for each variant and print a table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per figure (default 2)")
    parser.add_argument("--variant", action="append", help="presets to measure (default pct, ten-point)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    variants = args.variant or ["pct", "ten-point"]
    report = {variant: measure(variant, args.seconds) for variant in variants}
    if args.json:
        print(json.dumps(report, indent=2))
        return
    table = Table("loop", *variants, title="decisions per CPU-second (random play); episodes per second")
    for name in LOOPS:
        cells = []
        for v in variants:
            rate = report[v][name]["decisions_per_s"]
            base = report[v]["engine (actions)"]["decisions_per_s"]
            cells.append(f"{rate:,.0f} ({rate / base:.2f}x) · {report[v][name]['episodes_per_s']:,.0f}/s")
        table.add_row(name, *cells)
    Console().print(table)


if __name__ == "__main__":
    main()
