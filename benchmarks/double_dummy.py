"""How close to perfect: each deal's double-dummy value next to what each bot took.

For every deal (per preset), the auction and everything before the first card (the trump naming,
ten-point's discards, draw and exchange) is the ``heuristic`` bot's, so every bot plays the same
contract. There the hand is solved with every card visible (:mod:`pitchkit.search.solver`, the
``points`` objective: the points the pitching side takes when both sides play perfectly, over every
first lead that sets trump), and then played out by each bot in every seat. Per bot: the mean
points the pitching side took, the mean distance to the double-dummy value (with a 95% interval;
above zero the pitching side fell short of it, below zero the defenders did), how often the
contract was made next to how often it could be made, and the share of deals on the bound.

Run: ``python benchmarks/double_dummy.py [--presets pct,auction-partners,ten-point] [--deals N]
[--seconds T] [--bots heuristic,pimc,ismcts] [--seed S] [--nodes N]`` (``--seconds`` bounds each
preset; deals run to nine cards, or needing more than ``--nodes`` solver nodes, are left out).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from pitchkit import make_rules
from pitchkit.bots import make_bot
from pitchkit.engine.actions import Phase
from pitchkit.engine.hand import Hand
from pitchkit.engine.view import make_view
from pitchkit.search.pimc import MAX_SOLVED_CARDS
from pitchkit.search.position import Deal
from pitchkit.search.solver import SearchLimit
from pitchkit.search.solving import first_lead_values, make_solver

PRESETS = ("pct", "auction-partners", "ten-point")
BOTS = ("heuristic", "pimc", "ismcts")


@dataclass
class Row:
    """One bot's hands of one preset."""

    took: list[int] = field(default_factory=list)
    bound: list[int] = field(default_factory=list)
    made: list[bool] = field(default_factory=list)
    makeable: list[bool] = field(default_factory=list)


def to_first_lead(hand: Hand, rng: random.Random) -> bool:
    """Play the hand with the heuristic bot up to its first card; False if it ended before."""
    bots = [make_bot("heuristic", seed=rng.getrandbits(32)) for _ in range(hand.n_seats)]
    while not hand.done and not (hand.phase == Phase.PLAY and not hand.tricks and not hand.trick):
        seat = hand.to_act
        assert seat is not None
        hand.apply(bots[seat].choose(make_view(hand, seat)))
    return not hand.done


def double_dummy(hand: Hand, nodes: int) -> int | None:
    """The points the pitching side takes with perfect play by every seat, every card known (None
    past ``nodes`` solver nodes)."""
    deal = Deal.from_hand(hand)
    try:
        if deal.trump is None:
            return max(first_lead_values(deal, objective="points", perspective=deal.pitcher,
                                         node_limit=nodes).values())
        return make_solver(deal, objective="points", perspective=deal.pitcher, node_limit=nodes).value()
    except SearchLimit:
        return None


def pitcher_points(hand: Hand) -> int:
    """The points the pitching side took (before the contract is counted)."""
    res = hand.result
    assert res is not None and res.pitcher is not None
    side = res.side[res.pitcher]
    return sum(a.value for a in res.awards if res.side[a.seat] == side and a.point != "smudge")


def play_out(hand: Hand, bot: str, seed: int) -> Hand:
    """The hand played to the end by ``bot`` in every seat."""
    h = hand.clone()
    rng = random.Random(seed)
    bots = [make_bot(bot, seed=rng.getrandbits(32)) for _ in range(h.n_seats)]
    while not h.done:
        seat = h.to_act
        assert seat is not None
        h.apply(bots[seat].choose(make_view(h, seat)))
    return h


def measure(preset: str, bots: Sequence[str], *, deals: int, seconds: float, seed: int,
            nodes: int) -> tuple[dict[str, Row], int]:
    """Rows per bot for up to ``deals`` deals of ``preset`` (or ``seconds``), and the number of
    deals skipped because their solve needed more than ``nodes`` nodes."""
    skipped = 0
    rules = make_rules(preset)
    rng = random.Random(f"{seed}:{preset}")
    rows = {b: Row() for b in bots}
    start = time.perf_counter()
    for i in range(deals):
        if time.perf_counter() - start > seconds:
            break
        hand = Hand.deal(rules, rng, dealer=i % rules.players)
        if not to_first_lead(hand, rng) or max(bin(h).count("1") for h in hand.hands) > MAX_SOLVED_CARDS:
            continue  # a hand run to nine cards is too big to solve
        assert hand.bid is not None
        bound = double_dummy(hand, nodes)
        if bound is None:
            skipped += 1
            continue
        play_seed = rng.getrandbits(32)
        for b in bots:
            done = play_out(hand, b, play_seed)
            assert done.result is not None
            row = rows[b]
            row.took.append(pitcher_points(done))
            row.bound.append(bound)
            row.made.append(bool(done.result.made))
            row.makeable.append(rules.is_special_bid(hand.bid) or bound >= hand.bid)
    return rows, skipped


def _ci(xs: Sequence[float]) -> str:
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return f"{m:+.2f} [{m - half:+.2f}, {m + half:+.2f}]"


def report(preset: str, rows: dict[str, Row], skipped: int) -> str:
    """One preset's table as Markdown."""
    any_row = next(iter(rows.values()))
    n = len(any_row.took)
    if not n:
        return f"**{preset}**: no deals in the time given\n"
    lines = [f"**{preset}**: {n} deals; double-dummy value of the pitching side "
             f"{statistics.fmean(any_row.bound):.2f} points, contract makeable "
             f"{sum(any_row.makeable) / n:.0%} ({skipped} deals too big to solve left out)\n",
             "| bot | pitching side took | short of the bound | made | on the bound |",
             "|---|---:|---:|---:|---:|"]
    for b, r in rows.items():
        gap = [x - y for x, y in zip(r.bound, r.took, strict=True)]
        on = sum(1 for g in gap if g == 0) / n
        lines.append(f"| {b} | {statistics.fmean(r.took):.2f} | {_ci(gap)} | {sum(r.made) / n:.0%} | "
                     f"{on:.0%} |")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--presets", default=",".join(PRESETS))
    ap.add_argument("--bots", default=",".join(BOTS))
    ap.add_argument("--deals", type=int, default=500)
    ap.add_argument("--seconds", type=float, default=600.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--nodes", type=int, default=3_000_000, help="solver nodes per deal at most")
    a = ap.parse_args(argv)
    bots = a.bots.split(",")
    for preset in a.presets.split(","):
        rows, skipped = measure(preset, bots, deals=a.deals, seconds=a.seconds, seed=a.seed,
                                nodes=a.nodes)
        print(report(preset, rows, skipped), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
