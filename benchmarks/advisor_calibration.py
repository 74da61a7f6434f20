"""Calibration of the bid advisor (:mod:`pitchkit.bots.advisor`): is a bid it gives 70% made
about 70% of the time?

Auction positions come from games of the ``heuristic`` bot: a deal is bid by it up to a randomly
chosen decision of the auction where a numeric bid is legal. There the advisor estimates every legal
bid; the seat then pitches the bid with the best expected score change (the others pass, so the
contract is the seat's), and the hand is played out by ``--player`` (default ``pimc``, the
strongest card player, in every seat). The prediction for that bid is set against whether it was
made. Per preset: a reliability table (predictions in bins of 10%: how many, the mean prediction,
the share made) and the Brier score (the mean squared error of the prediction; always saying the
base rate would score ``base * (1 - base)``, shown next to it).

The work is bounded by ``--positions`` per preset and by ``--seconds`` per preset, whichever comes
first; a seed gives the same positions.

Run: ``python benchmarks/advisor_calibration.py [--presets pct,auction-partners,ten-point]
[--positions N] [--seconds T] [--samples S] [--player BOT] [--seed S] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from pitchkit import Game, make_rules
from pitchkit.actions import Bid, Phase
from pitchkit.bots import make_bot
from pitchkit.bots.advisor import BidAdvice, advise_bids
from pitchkit.hand import Hand
from pitchkit.view import make_view

PRESETS = ("pct", "auction-partners", "ten-point")
BINS = 10


@dataclass
class Calibration:
    """Predictions and outcomes of one preset."""

    preset: str
    predicted: list[float] = field(default_factory=list)
    made: list[bool] = field(default_factory=list)
    bids: list[int] = field(default_factory=list)
    seconds: float = 0.0

    def brier(self) -> float:
        """Mean squared error of the predictions."""
        return sum((p - m) ** 2 for p, m in zip(self.predicted, self.made, strict=True)) / len(self.made)

    def base(self) -> float:
        """Share of bids made."""
        return sum(self.made) / len(self.made)

    def table(self) -> list[tuple[str, int, float, float]]:
        """(bin, positions, mean prediction, share made) for each bin holding a prediction."""
        out = []
        for b in range(BINS):
            lo, hi = b / BINS, (b + 1) / BINS
            idx = [i for i, p in enumerate(self.predicted) if lo <= p < hi or (b == BINS - 1 and p == 1.0)]
            if idx:
                mean = sum(self.predicted[i] for i in idx) / len(idx)
                share = sum(self.made[i] for i in idx) / len(idx)
                out.append((f"{lo:.0%}-{hi:.0%}", len(idx), mean, share))
        return out


def auction_position(preset: str, rng: random.Random) -> Hand | None:
    """A hand bid by the heuristic bot up to a random decision where a numeric bid is legal."""
    rules = make_rules(preset)
    game = Game(rules, seed=rng.getrandbits(32))
    hand = game.hand
    bot = make_bot("heuristic", seed=rng.getrandbits(32))
    stop = rng.randrange(rules.players)
    for _ in range(rules.players * 3):
        if hand.phase != Phase.AUCTION:
            return None
        seat = hand.to_act
        assert seat is not None
        view = make_view(hand, seat)
        numeric = any(isinstance(a, Bid) and a.amount is not None for a in view.legal)
        if numeric and stop <= 0:
            return hand
        stop -= 1
        hand.apply(bot.choose(view))
    return None


def play_out(hand: Hand, advice: BidAdvice, player: str, rng: random.Random) -> bool | None:
    """Pitch ``advice``'s bid from the seat to act, the others passing, and play the hand out;
    whether the bid was made (None when the hand ended otherwise)."""
    seat = hand.to_act
    assert seat is not None
    hand.apply(Bid(seat, advice.bid))
    bots = [make_bot(player, seed=rng.getrandbits(32)) for _ in range(hand.rules.players)]
    while not hand.done:
        s = hand.to_act
        assert s is not None
        if hand.phase == Phase.AUCTION:
            view = make_view(hand, s)
            passing = Bid(s, None)
            hand.apply(passing if passing in view.legal else bots[s].choose(view))
            continue
        hand.apply(bots[s].choose(make_view(hand, s)))
    result = hand.result
    if result is None or result.pitcher != seat or result.bid != advice.bid:
        return None
    return result.made


def calibrate(preset: str, *, positions: int, seconds: float, samples: int, player: str,
              seed: int) -> Calibration:
    """Predictions and outcomes for up to ``positions`` auction positions of ``preset``."""
    rng = random.Random(f"{seed}:{preset}")
    out = Calibration(preset)
    start = time.perf_counter()
    tries = 0
    while len(out.made) < positions and time.perf_counter() - start < seconds and tries < 20 * positions:
        tries += 1
        hand = auction_position(preset, rng)
        if hand is None:
            continue
        seat = hand.to_act
        assert seat is not None
        advice = advise_bids(make_view(hand, seat), random.Random(rng.getrandbits(32)), samples=samples)
        if not advice.bids:
            continue
        best = max(advice.bids, key=lambda b: b.expected)
        made = play_out(hand, best, player, rng)
        if made is None:
            continue
        out.predicted.append(best.make)
        out.made.append(made)
        out.bids.append(best.bid)
    out.seconds = time.perf_counter() - start
    return out


def report(cals: Sequence[Calibration]) -> str:
    """The reliability tables and Brier scores as Markdown."""
    lines = []
    for c in cals:
        if not c.made:
            lines.append(f"**{c.preset}**: no positions in the time given\n")
            continue
        base = c.base()
        lines.append(f"**{c.preset}**: {len(c.made)} positions in {c.seconds:.0f} s; made "
                     f"{base:.0%}; Brier {c.brier():.3f} (base rate alone {base * (1 - base):.3f})\n")
        lines.append("| predicted | positions | mean prediction | made |")
        lines.append("|---|---:|---:|---:|")
        for name, n, mean, share in c.table():
            lines.append(f"| {name} | {n} | {mean:.0%} | {share:.0%} |")
        lines.append("")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--presets", default=",".join(PRESETS))
    ap.add_argument("--positions", type=int, default=2000)
    ap.add_argument("--seconds", type=float, default=600.0)
    ap.add_argument("--samples", type=int, default=16)
    ap.add_argument("--player", default="pimc")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    cals = []
    for preset in a.presets.split(","):
        c = calibrate(preset, positions=a.positions, seconds=a.seconds, samples=a.samples,
                      player=a.player, seed=a.seed)
        cals.append(c)
        if a.json:
            print(json.dumps({"preset": preset, "n": len(c.made), "predicted": c.predicted,
                              "made": c.made, "bids": c.bids}), file=sys.stderr, flush=True)
    print(report(cals))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
