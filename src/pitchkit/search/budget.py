"""How much work a search bot may do per decision.

Budgets count samples, iterations and solver nodes, never wall-clock time, so a bot with a fixed
seed plays the same game on any machine. The defaults keep the median decision under half a
second on a slow two-core machine (see ``docs/benchmarks.md``, "Search bots").
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from pitchkit.engine.errors import PitchError, quote
from pitchkit.engine.numbers import parse_int


@dataclass(frozen=True, slots=True)
class Budget:
    """Work allowed per decision."""

    #: pimc: deals sampled and solved per card-play decision
    samples: int = 40
    #: ismcts: iterations (one sampled deal each) per card-play decision
    iterations: int = 1600
    #: solver nodes per card-play decision (pimc stops sampling when they run out)
    nodes: int = 400_000
    #: deals sampled per auction or trump decision; 0: bid and name trump by the ``heuristic``
    #: bot's hand estimate (the default: it measured stronger, see ``docs/benchmarks.md``)
    bid_samples: int = 0
    #: trump suits simulated per auction decision (the most promising ones)
    bid_suits: int = 2
    #: solver nodes per auction or trump decision
    bid_nodes: int = 200_000
    #: pimc and ismcts: 1 to search the lead that sets trump (and the suit a jack or joker lead names) too;
    #: 0: the ``heuristic`` bot's (the default: it measured stronger, see ``docs/benchmarks.md``)
    lead_search: int = 0
    #: 1: keep sampled deals in proportion to how well they fit the auction; 0: uniform deals
    inference: int = 0

    def scaled(self, factor: float) -> Budget:
        """Every count multiplied by ``factor`` (at least 1; a count of 0, which switches a search
        off, stays 0)."""
        return dataclasses.replace(self, **{
            f.name: max(1, round(getattr(self, f.name) * factor))
            for f in dataclasses.fields(self)
            if f.name not in ("bid_suits", "inference", "lead_search") and getattr(self, f.name)})


DEFAULT = Budget()
#: the largest count and scale a budget may be given
MAX_COUNT = 10**9
MAX_SCALE = 1000
_SCALE = re.compile(r"[0-9]{1,6}(\.[0-9]{1,6})?|\.[0-9]{1,6}", re.ASCII)
#: a budget small enough for tests
TINY = Budget(samples=2, iterations=30, nodes=20_000, bid_samples=2, bid_suits=1, bid_nodes=20_000,
              lead_search=1)


def parse_budget(text: str) -> Budget:
    """``"samples=8,nodes=50000"`` (any :class:`Budget` fields), ``"tiny"``, ``"default"``, or a
    number: the default scaled by it (``"0.5"``)."""
    t = text.strip().lower()
    if t in ("", "default"):
        return DEFAULT
    if t == "tiny":
        return TINY
    if _SCALE.fullmatch(t):
        scale = float(t)
        if not 0 < scale <= MAX_SCALE:
            raise PitchError(f"budget {quote(text)}: a scale must be above 0 and at most {MAX_SCALE}")
        return DEFAULT.scaled(scale)
    changes: dict[str, int] = {}
    names = {f.name for f in dataclasses.fields(Budget)}
    for part in t.split(","):
        name, sep, value = part.partition("=")
        name = name.strip().replace("-", "_")
        least = 0 if name in ("inference", "bid_samples", "lead_search") else 1
        if not sep or name not in names:
            raise PitchError(f"budget {quote(text)}: write NAME=N,... with names "
                             f"{', '.join(sorted(names))}, or a scale such as 0.5")
        changes[name] = parse_int(value, what=f"budget {name.replace('_', '-')}", lo=least, hi=MAX_COUNT)
    return dataclasses.replace(DEFAULT, **changes)
