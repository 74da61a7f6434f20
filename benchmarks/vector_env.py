"""The vector environment's speed: decisions per CPU-second of random play through
:class:`pitchkit.envs.vector.VectorEnv` (the compiled random choice and ``step``; ``step`` alone
in brackets), per preset, with observations and with masks only.

Usage (from the repository root, with ``pitchkit[envs]`` installed)::

    python benchmarks/vector_env.py                       # every preset it plays, 3 s each
    python benchmarks/vector_env.py --seconds 5 --variant pct --envs 256 --envs 4096 --json
"""

from __future__ import annotations

import argparse
import json

from pitchkit.bench.vector_speed import BENCH_ENVS, line, measure
from pitchkit.engine.presets import make_rules, presets
from pitchkit.envs.vector import unsupported_reason


def main(argv: list[str] | None = None) -> None:
    """Measure each variant and batch size, with and without observations."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per figure (default 3)")
    parser.add_argument("--variant", action="append", help="presets (default: every one it plays)")
    parser.add_argument("--envs", type=int, action="append", help=f"batch sizes (default {BENCH_ENVS})")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    variants = args.variant or [p for p in presets() if unsupported_reason(make_rules(p)) is None]
    rates = [measure(v, seconds=args.seconds, envs=n, observations=obs)
             for v in variants for n in (args.envs or [BENCH_ENVS]) for obs in (True, False)]
    if args.json:
        print(json.dumps([r.as_json() for r in rates], indent=2))
        return
    for r in rates:
        print(line(r))


if __name__ == "__main__":
    main()
