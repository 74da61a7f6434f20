"""Fuzz the engine with hostile input, millions of cases: mutated hand and game records, hostile
rule options, and games with a hostile API action before each legal one.

Every case must end in a result or in one short line of the engine's own error with the state
unchanged (the checks of :mod:`pitchkit.bench.fuzz`, which ``tests/test_fuzz.py`` runs a few dozen
times under hypothesis). Usage, from the repository root with pitchkit installed::

    python benchmarks/fuzz.py                                   # 10,000 cases of each kind
    python benchmarks/fuzz.py --records 1000000 --options 1000000 --games 20000 --jobs 2
    python benchmarks/fuzz.py --records 1 --options 0 --games 0 --first 4711   # one case again

Case ``i`` of a kind draws only from ``random.Random(f"{kind}:{seed}:{i}")``, so a failure is
replayed by its kind and index. The exit status is 1 when any case failed.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import cache

from pitchkit.bench import fuzz


@cache
def _case(kind: str) -> fuzz.Case:
    if kind == "records":
        return fuzz.record_case(fuzz.base_records())
    return fuzz.options_case if kind == "options" else fuzz.action_case


def _outcome_class(outcome: str) -> str:
    """``"ok"`` or the kind of error: its reason without the hand and action it names, up to the
    first value it quotes."""
    reason = re.sub(r"^(hand \d+: )?(action \d+ \(.*?\): )?(record: )?", "", outcome)
    reason = re.sub(r"'[^']*'|\"[^\"]*\"|-?\d+", "_", reason)
    return re.split(r"[:<\[{(]", reason, maxsplit=1)[0].strip()[:50]


@dataclass
class Tally:
    """Cases run of one kind and what came of them."""

    cases: int = 0
    checks: int = 0
    cpu_seconds: float = 0.0
    outcomes: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        """Add the counts of another chunk."""
        self.cases += other.cases
        self.checks += other.checks
        self.cpu_seconds += other.cpu_seconds
        self.outcomes.update(other.outcomes)
        self.failures.extend(other.failures)

    def summary(self) -> dict[str, object]:
        """The figures as JSON."""
        rate = round(self.checks / self.cpu_seconds) if self.cpu_seconds else None
        return {"cases": self.cases, "checks": self.checks, "failed": len(self.failures),
                "cpu_seconds": round(self.cpu_seconds, 1), "checks_per_cpu_second": rate,
                "outcomes": dict(self.outcomes.most_common(12)), "failures": self.failures[:20]}


def run_chunk(kind: str, seed: int, start: int, stop: int) -> Tally:
    """Run cases ``start..stop-1`` of one kind."""
    case = _case(kind)
    tally = Tally(cases=stop - start)
    t = time.process_time()
    for i in range(start, stop):
        try:
            results = case(random.Random(f"{kind}:{seed}:{i}"))
        except Exception as e:  # any exception is a finding to report
            tally.failures.append(f"{kind} case {i}: {type(e).__name__}: {str(e)[:300]}")
            continue
        tally.checks += len(results)
        tally.outcomes.update(_outcome_class(o) for o in results)
    tally.cpu_seconds = time.process_time() - t
    return tally


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, fuzz, print a summary; 1 if any case failed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=10_000, help="mutated records to score")
    parser.add_argument("--options", type=int, default=10_000, help="hostile option sets to build")
    parser.add_argument("--games", type=int, default=1_000,
                        help="games with hostile actions (about 20 hostile actions each)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed")
    parser.add_argument("--first", type=int, default=0, help="index of the first case of each kind")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--chunk", type=int, default=5_000, help="cases per task")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    counts = {"records": args.records, "options": args.options, "games": args.games}
    if args.jobs < 1 or args.chunk < 1 or min(counts.values()) < 0:
        parser.error("counts must not be negative, --jobs and --chunk at least 1")
    wall = time.perf_counter()
    tasks = [(kind, args.seed, i, min(i + args.chunk, args.first + n))
             for kind, n in counts.items() for i in range(args.first, args.first + n, args.chunk)]
    tallies = {kind: Tally() for kind in counts}
    with ProcessPoolExecutor(args.jobs) as pool:
        for task, part in zip(tasks, pool.map(run_chunk, *zip(*tasks, strict=True)), strict=True):
            tallies[task[0]].add(part)
    failed = sum(len(t.failures) for t in tallies.values())
    elapsed = round(time.perf_counter() - wall, 1)
    if args.json:
        print(json.dumps({"seed": args.seed, "jobs": args.jobs, "wall_seconds": elapsed, "failed": failed,
                          "kinds": {k: t.summary() for k, t in tallies.items()}}, indent=2))
        return 1 if failed else 0
    for kind, t in tallies.items():
        rate = round(t.checks / t.cpu_seconds) if t.cpu_seconds else 0
        print(f"{kind}: {t.cases:,} cases, {t.checks:,} checks, {len(t.failures)} failed, "
              f"{t.cpu_seconds:.1f} CPU s ({rate:,} checks per CPU second)")
        for name, count in t.outcomes.most_common(8):
            print(f"  {count:>12,}  {name}")
        for line in t.failures[:20]:
            print(f"  FAILED {line}")
    print(f"{failed} failed; {elapsed} s with {args.jobs} job(s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
