"""Calibration of the bid advisor (:mod:`pitchkit.advice.advisor`): is a bid it gives 70% made
about 70% of the time?

Auction positions come from games of the ``heuristic`` bot: a deal is bid by it up to a randomly
chosen decision of the auction where a numeric bid is legal. There the advisor samples and solves
its deals (``--samples``, the advisor's default), and one bid is pitched by the seat (the others
pass, so the contract is the seat's): half of the positions the bid the advisor rates best, the
others a legal bid drawn at random, so every bid the hint shows is tested. The hand is then played
out from there by each of ``--players`` in every seat (``heuristic``, the table's default opponent,
unless told; ``pimc``, the hint's bot with the compiled solver, costs more than the advice itself)
and whether the bid was made is recorded for each.

Positions are numbered per preset and each has its own seed, so a run may be stopped, resumed
(``--cache``: one JSON line per position) and spread over ``--jobs`` processes with the same
results. Even-numbered positions are the fit set, odd-numbered ones the held-out set: ``--fit
FILE`` fits each family's logistic curve (:class:`pitchkit.search.calibration.Calibration`) on the fit
set and writes the calibration file; the report is always on the held-out set, with the table in
``FILE`` if given (else the package's), and the fit set's in-sample Brier score next to it.

Per preset: the reliability table (predictions in tenths: how many, the mean prediction, the share
made), the Brier score (the mean squared error of the prediction), the base rate's Brier score
(always saying the held-out share made, ``base * (1 - base)``), and the Brier score of the
uncalibrated advisor (the sampled share times ``PLAYED_OUT_DISCOUNT``).

Run (the package's table)::

    nice -n 5 python benchmarks/advisor_calibration.py --positions 2400 --jobs 2 \\
        --cache calibration.jsonl --fit src/pitchkit/search/advisor_calibration.json

Needs ``pitchkit[fast]`` (the compiled solver) to be quick, and scipy to fit.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pitchkit import Game, make_rules
from pitchkit.advice.advisor import SAMPLES, bid_advice, sample_bids
from pitchkit.bots import make_bot
from pitchkit.engine.actions import Bid, Phase
from pitchkit.engine.hand import Hand
from pitchkit.engine.rules import Rules
from pitchkit.engine.view import make_view
from pitchkit.search.calibration import (
    Calibration,
    auction_place,
    bid_height,
    calibrations,
    parse_calibrations,
)

PRESETS = ("pct", "auction-partners", "ten-point")
#: the presets each family's curve is for (the first is the one measured; pct-tournament has pct's
#: cards, bids and scoring)
FAMILIES = {"pct": ("pct", "pct-tournament"), "auction-partners": ("auction-partners",),
            "ten-point": ("ten-point",)}
#: the bots that may play the hands out: the table's default opponent, and the hint's bot
PLAYERS = ("heuristic", "pimc")
BINS = 10
#: weight of the fit's L2 penalty, per position
RIDGE = 1e-3


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


def play_out(hand: Hand, bid: int, player: str, rng: random.Random) -> bool | None:
    """Pitch ``bid`` from the seat to act, the others passing, and play the hand out with
    ``player`` in every seat; whether the bid was made (None when the hand ended otherwise)."""
    seat = hand.to_act
    assert seat is not None
    hand.apply(Bid(seat, bid))
    bots = [make_bot(player, seed=rng.getrandbits(32)) for _ in range(hand.rules.players)]
    while not hand.done:
        s = hand.to_act
        assert s is not None
        view = make_view(hand, s)
        passing = Bid(s, None)
        if hand.phase == Phase.AUCTION and passing in view.legal:
            hand.apply(passing)
        else:
            hand.apply(bots[s].choose(view))
    result = hand.result
    if result is None or result.pitcher != seat or result.bid != bid:
        return None
    return result.made


def measure(task: tuple[str, int, int, int, tuple[str, ...]]) -> dict[str, Any]:
    """One numbered position of a preset: the advisor's samples, the bid pitched and the outcome
    with each of ``players`` in every seat (``{"skip": true}`` when the deal gave no position or
    no estimate)."""
    preset, index, seed, samples, players = task
    rng = random.Random(f"{seed}:{preset}:{index}")
    key = {"preset": preset, "index": index}
    hand = auction_position(preset, rng)
    if hand is None:
        return key | {"skip": True}
    seat = hand.to_act
    assert seat is not None
    view = make_view(hand, seat)
    sampled = sample_bids(view, random.Random(rng.getrandbits(32)), samples=samples)
    if sampled is None:
        return key | {"skip": True}
    points, in_play = sampled
    rules = view.rules
    bids = sorted(a.amount for a in view.legal if isinstance(a, Bid) and a.amount is not None)
    place = auction_place(view)
    if rng.random() < 0.5:
        best = max(bid_advice(rules, bids, place, points, in_play, None), key=lambda b: b.expected)
        bid, chosen = best.bid, "best"
    else:
        bid, chosen = rng.choice(bids), "random"
    made = {p: play_out(hand.clone(), bid, p, random.Random(f"{seed}:{preset}:{index}:{p}")) for p in players}
    return key | {"place": place, "high": view.bid, "bids": bids, "bid": bid, "chosen": chosen, "made": made,
                  "points": {str(s): v for s, v in points.items()},
                  "in_play": {str(s): v for s, v in in_play.items()}}


@dataclass(frozen=True, slots=True)
class Position:
    """A measured position, read back from the cache."""

    rules: Rules
    index: int
    place: float
    bids: tuple[int, ...]
    bid: int
    chosen: str
    made: Mapping[str, bool | None]
    points: Mapping[int, Sequence[int]]
    in_play: Mapping[int, Sequence[int]]

    @staticmethod
    def from_json(d: Mapping[str, Any], rules: Rules) -> Position:
        return Position(rules, d["index"], d["place"], tuple(d["bids"]), d["bid"], d["chosen"], d["made"],
                        {int(s): v for s, v in d["points"].items()},
                        {int(s): v for s, v in d["in_play"].items()})

    def advice(self, cal: Calibration | None) -> tuple[float, int, int]:
        """The advisor's chance for the pitched bid, with the made and solved deals of its suit."""
        got = next(b for b in bid_advice(self.rules, self.bids, self.place, self.points, self.in_play, cal)
                   if b.bid == self.bid)
        solved = len(self.points[got.suit])
        return got.make, round(got.share * solved), solved


def run(presets: Sequence[str], positions: int, *, seed: int, samples: int, players: tuple[str, ...],
        jobs: int, cache: Path | None) -> dict[str, list[dict[str, Any]]]:
    """Every position's record per preset, measuring those the cache does not have."""
    done: dict[tuple[str, int], dict[str, Any]] = {}
    if cache is not None and cache.exists():
        for line in cache.read_text().splitlines():
            if line.strip():
                d = json.loads(line)
                done[(d["preset"], d["index"])] = d
    todo = [(p, i, seed, samples, players) for i in range(positions) for p in presets if (p, i) not in done]
    out = cache.open("a") if cache is not None else None
    start = time.perf_counter()
    try:
        for k, d in enumerate(_map(measure, todo, jobs), 1):
            done[(d["preset"], d["index"])] = d
            if out is not None:
                out.write(json.dumps(d) + "\n")
                out.flush()
            if k % 50 == 0:
                print(f"{k}/{len(todo)} positions in {time.perf_counter() - start:.0f} s", file=sys.stderr,
                      flush=True)
    finally:
        if out is not None:
            out.close()
    return {p: [done[(p, i)] for i in range(positions) if not done[(p, i)].get("skip")] for p in presets}


def _map(fn: Any, tasks: list[Any], jobs: int) -> Iterator[dict[str, Any]]:
    if jobs <= 1:
        yield from map(fn, tasks)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap_unordered(fn, tasks, chunksize=4)


def outcomes(ps: Sequence[Position], player: str) -> list[Position]:
    """The positions whose hand ended with the pitched bid made or set under ``player``."""
    return [p for p in ps if p.made.get(player) is not None]


def fit(family: str, ps: Sequence[Position], player: str) -> Calibration:
    """The family's logistic curve fitted to ``ps`` by maximum likelihood (a small L2 penalty; the
    share's weight kept at zero or above and the height's at zero or below, so a higher share is
    never less likely and a higher bid never likelier); each bid's suit is the one the advisor would
    pick, refitted once with the suits the first fit picks."""
    y = [bool(p.made[player]) for p in ps]
    cal = Calibration(family, FAMILIES[family], 0.0, 1.0, 0.0, 0.0, len(ps))
    for _ in range(2):
        rows = []
        for p in ps:
            _, made, solved = p.advice(cal)
            s = (made + 0.5) / (solved + 1)
            rows.append((1.0, math.log(s / (1 - s)), bid_height(p.rules, p.bid), p.place))
        w0, w1, w2, w3 = _logistic(rows, y)
        cal = Calibration(family, FAMILIES[family], w0, w1, w2, w3, positions=len(ps))
    return cal


def _logistic(rows: Sequence[Sequence[float]], made: Sequence[bool]) -> list[float]:
    """Weights of the intercept, share, height and place, rounded to four places."""
    import numpy as np
    from scipy.optimize import minimize  # type: ignore[import-untyped]

    x = np.array(rows)
    y = np.array(made, dtype=float)
    ridge = RIDGE * len(y)

    def loss(w: Any) -> tuple[float, Any]:
        z = x @ w
        nll = np.sum(np.logaddexp(0.0, z) - y * z) + ridge * np.sum(w[1:] ** 2)
        grad = x.T @ (1.0 / (1.0 + np.exp(-z)) - y) + 2 * ridge * np.concatenate([[0.0], w[1:]])
        return float(nll), grad

    got = minimize(loss, np.array([0.0, 1.0, 0.0, 0.0]), jac=True, method="L-BFGS-B",
                   bounds=[(None, None), (0.0, None), (None, 0.0), (None, None)])
    return [round(float(v), 4) for v in got.x]


@dataclass
class Scores:
    """Predictions and outcomes of one preset on one set of positions."""

    predicted: list[float] = field(default_factory=list)
    made: list[bool] = field(default_factory=list)

    def brier(self) -> float:
        """Mean squared error of the predictions."""
        return sum((p - m) ** 2 for p, m in zip(self.predicted, self.made, strict=True)) / len(self.made)

    def base(self) -> float:
        """Share of bids made."""
        return sum(self.made) / len(self.made)

    def table(self) -> list[tuple[str, int, float, float]]:
        """(tenth, positions, mean prediction, share made) for each tenth holding a prediction."""
        out = []
        for b in range(BINS):
            idx = [i for i, p in enumerate(self.predicted) if min(int(p * BINS), BINS - 1) == b]
            if idx:
                mean = sum(self.predicted[i] for i in idx) / len(idx)
                share = sum(self.made[i] for i in idx) / len(idx)
                out.append((f"{b * 10}-{b * 10 + 10}%", len(idx), mean, share))
        return out


def scores(ps: Sequence[Position], cal: Calibration | None, player: str) -> Scores:
    """The advisor's predictions (with ``cal``) against the outcomes under ``player``."""
    out = Scores()
    for p in outcomes(ps, player):
        out.predicted.append(p.advice(cal)[0])
        out.made.append(bool(p.made[player]))
    return out


def summary(preset: str, fit_set: Sequence[Position], held: Sequence[Position], cal: Calibration | None,
            player: str) -> dict[str, Any]:
    """The held-out figures of one preset (and the fit set's in-sample Brier score)."""
    s = scores(held, cal, player)
    if not s.made:
        return {"preset": preset, "held_out": 0}
    raw = scores(held, None, player)
    best = scores([p for p in held if p.chosen == "best"], cal, player)
    other = "heuristic" if player == "pimc" else "pimc"
    vs_other = scores(held, cal, other)
    fitted = scores(fit_set, cal, player)
    return {"preset": preset, "family": cal.family if cal else None, "held_out": len(s.made),
            "fit_set": len(fitted.made), "made": s.base(), "mean_prediction": sum(s.predicted) / len(s.made),
            "brier": s.brier(), "base_rate_brier": s.base() * (1 - s.base()),
            "uncalibrated_brier": raw.brier(),
            "fit_set_brier": fitted.brier() if fitted.made else None,
            "best_bid": {"n": len(best.made), "brier": best.brier() if best.made else None,
                         "made": best.base() if best.made else None,
                         "mean_prediction": sum(best.predicted) / len(best.made) if best.made else None},
            f"brier_{other}": vs_other.brier() if vs_other.made else None,
            "table": [{"tenth": t, "n": n, "mean_prediction": m, "made": sh} for t, n, m, sh in s.table()]}


def report(rows: Sequence[dict[str, Any]], player: str) -> str:
    """The figures as Markdown."""
    other = "heuristic" if player == "pimc" else "pimc"
    lines = [f"Outcomes: hands played out by `{player}`; held-out positions (odd-numbered) only.", "",
             "| preset | held out | made | mean prediction | Brier | base rate alone | uncalibrated "
             "| even positions (the fit set), in-sample | best bid: n, made, predicted, Brier "
             f"| Brier, `{other}` playing |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---|---:|"]
    for r in rows:
        if not r["held_out"]:
            lines.append(f"| {r['preset']} | 0 | | | | | | | | |")
            continue
        b = r["best_bid"]
        best = (f"{b['n']}, {b['made']:.0%}, {b['mean_prediction']:.0%}, {b['brier']:.3f}" if b["n"] else "")
        fs = f"{r['fit_set_brier']:.3f} ({r['fit_set']})" if r["fit_set_brier"] is not None else ""
        vo = r[f"brier_{other}"]
        lines.append(f"| {r['preset']} | {r['held_out']} | {r['made']:.0%} | {r['mean_prediction']:.0%} "
                     f"| **{r['brier']:.3f}** | {r['base_rate_brier']:.3f} | {r['uncalibrated_brier']:.3f} "
                     f"| {fs} | {best} | {'' if vo is None else f'{vo:.3f}'} |")
    lines += ["", "Reliability on the held-out positions (predicted tenth: positions, mean prediction, "
              "share made):", ""]
    lines += ["| preset | " + " | ".join(f"{b * 10}-{b * 10 + 10}%" for b in range(BINS)) + " |",
              "|---|" + "---|" * BINS]
    for r in rows:
        cells = {t["tenth"]: f"{t['n']}: {t['mean_prediction']:.0%} / {t['made']:.0%}"
                 for t in r.get("table", [])}
        lines.append(f"| {r['preset']} | " + " | ".join(cells.get(f"{b * 10}-{b * 10 + 10}%", "")
                                                         for b in range(BINS)) + " |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--presets", default=",".join(PRESETS))
    ap.add_argument("--positions", type=int, default=200, help="numbered positions per preset")
    ap.add_argument("--samples", type=int, default=SAMPLES, help="deals the advisor solves per position")
    ap.add_argument("--players", default="heuristic",
                    help="bots that play each position out, comma-separated")
    ap.add_argument("--player", choices=PLAYERS, default="heuristic",
                    help="whose play-outs to fit and report")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cache", type=Path, help="JSON lines of measured positions, read and extended")
    ap.add_argument("--fit", type=Path, help="fit on the even positions and write the calibration file")
    ap.add_argument("--json", action="store_true", help="the figures as JSON")
    a = ap.parse_args(argv)
    presets = a.presets.split(",")
    start = time.perf_counter()
    players = tuple(a.players.split(","))
    measured = run(presets, a.positions, seed=a.seed, samples=a.samples, players=players, jobs=a.jobs,
                   cache=a.cache)
    seconds = time.perf_counter() - start
    by_preset = {p: [Position.from_json(d, make_rules(p)) for d in ds] for p, ds in measured.items()}
    table = calibrations()
    if a.fit is not None:
        fams = {f: fit(f, outcomes([x for x in by_preset[f] if x.index % 2 == 0], a.player), a.player)
                for f in FAMILIES if f in by_preset}
        doc = {"command": "python benchmarks/advisor_calibration.py " + " ".join(sys.argv[1:] if argv is None
                                                                                 else argv),
               "samples": a.samples, "player": a.player, "seed": a.seed,
               "families": {f: c.to_json() for f, c in fams.items()}}
        a.fit.write_text(json.dumps(doc, indent=2) + "\n")
        table = parse_calibrations(doc)
    rows = [summary(p, [x for x in ps if x.index % 2 == 0], [x for x in ps if x.index % 2 == 1],
                    table.get(p), a.player) for p, ps in by_preset.items()]
    if a.json:
        print(json.dumps({"positions": a.positions, "samples": a.samples, "seed": a.seed, "seconds": seconds,
                          "presets": rows}, indent=2))
    else:
        print(report(rows, a.player))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
