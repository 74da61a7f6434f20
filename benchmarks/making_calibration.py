"""What the Euchre hint's odds of a call are worth at the table: each call the hint judges, played out
both ways.

Positions: every turn of the heuristic bot's self-play where trump is made with the upcard and the
seat may both call and pass (hands dealt from ``--seed``, ``euchre``, ``euchre-stick`` and
``euchre-uk`` in turn). At each, the hint's odds (:func:`pitchkit.advice.making_advice.making_reason`:
the call the heuristic bot makes, or passes up, over 32 sampled deals solved with every card seen)
give the call's expected score ``V`` (made, marched or euchred, passing counted as 0), and the
heuristic bot's strength for the call less the strength it makes trump from, ``M``
(:func:`pitchkit.bots.tricks.making_score`, :func:`~pitchkit.bots.tricks.threshold`). Then the true
deal is played out twice by the heuristic bot in every seat, once with the call and once with a
pass, and ``D`` is the difference of the seat's side's margin (its score change less the other
side's). So ``D`` is what calling is worth against passing at this table, and ``V`` what the odds say.

The positions are split: ``D = a + b V + c M + d [M >= 0]`` is fitted on the even-numbered ones
(least squares; ``[M >= 0]`` is 1 where the heuristic bot makes the call), and on the odd-numbered
ones (held out) each rule is scored by what it gains over the heuristic bot's own choice, per
decision: "call when V > 0" (the odds as they are), "call when V is two standard errors above or
below 0, else the bot's choice" (the hint's rule before), "call when a + b V + c M > 0" (the same
fit without the bot's choice) and "call when a + b V + c M + d [M >= 0] > 0" (the fitted worth;
the hint's weights are :data:`pitchkit.advice.making_advice.AGAINST_PASSING`).

Run: ``python benchmarks/making_calibration.py [--positions N] [--seed S] [--cache FILE]`` (the
positions are written to, or read from, ``FILE``, one JSON line each); prints the report as JSON.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from pathlib import Path
from typing import Any

from pitchkit import Hand, make_rules
from pitchkit.advice.hints import warm_up
from pitchkit.advice.making_advice import CLEAR, against_passing, judged, making_reason
from pitchkit.bots.heuristic import HeuristicBot
from pitchkit.bots.tricks import making_score, threshold
from pitchkit.engine.actions import Action, Bid, DeclareTrump, Phase
from pitchkit.engine.cards import Suit
from pitchkit.engine.view import make_view

PRESETS = ("euchre", "euchre-stick", "euchre-uk")


def margin(hand: Hand, seat: int) -> int:
    """The seat's side's score change less the other side's, for a finished hand."""
    res = hand.result
    assert res is not None
    r = hand.rules
    mine = res.delta[seat]
    theirs = next(res.delta[s] for s in hand.seats if r.team_of(s) != r.team_of(seat))
    return mine - theirs


def played_out(hand: Hand, action: Action, seat: int, seed: int) -> int:
    """The seat's side's margin when ``action`` is taken now and the heuristic bot plays the rest."""
    h = hand.clone()
    h.apply(action)
    bots = [HeuristicBot(random.Random(seed * 7 + s)) for s in range(4)]
    while not h.done:
        s = h.to_act
        assert s is not None
        h.apply(bots[s].choose(make_view(h, s)))
    return margin(h, seat)


def positions(count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` judged positions with their odds and both outcomes (see the module)."""
    out: list[dict[str, Any]] = []
    rng = random.Random(seed)
    deal = 0
    while len(out) < count:
        preset = PRESETS[deal % len(PRESETS)]
        rules = make_rules(preset)
        hand = Hand.deal(rules, rng, dealer=deal % 4)
        bots = [HeuristicBot(random.Random(seed * 1000 + deal * 4 + s)) for s in range(4)]
        deal += 1
        while not hand.done and hand.phase == Phase.AUCTION:
            seat = hand.to_act
            assert seat is not None
            view = make_view(hand, seat)
            action = bots[seat].choose(view)
            stay = Bid(seat, None)
            if view.upcard is not None and stay in view.legal:
                _, odds = making_reason(view, action, random.Random(len(out) * 31 + seed))
                if odds is not None and judged(odds):
                    call = DeclareTrump(seat, Suit(odds.suit))
                    if call in view.legal:
                        value, error = odds.call_value(rules)
                        n = len(out)
                        gain = played_out(hand, call, seat, n) - played_out(hand, stay, seat, n)
                        excess = making_score(view, odds.suit)[0] - threshold(view)
                        out.append({"preset": preset, "value": value, "error": error, "excess": excess,
                                    "bot_calls": action == call, "gain": gain})
                        if len(out) >= count:
                            break
            hand.apply(action)
    return out


def features(row: dict[str, Any], *, made: bool = True) -> list[float]:
    """1, ``V``, ``M`` and (with ``made``) ``[M >= 0]`` of a position."""
    return [1.0, row["value"], row["excess"], *([float(row["excess"] >= 0)] if made else [])]


def fit(rows: list[dict[str, Any]], *, made: bool = True) -> list[float]:
    """Least squares weights of :func:`features` for ``gain``."""
    import numpy as np

    x = np.array([features(r, made=made) for r in rows])
    y = np.array([float(r["gain"]) for r in rows])
    return [float(w) for w in np.linalg.lstsq(x, y, rcond=None)[0]]


def worth(weights: list[float], row: dict[str, Any]) -> float:
    """The fitted worth of a position's call."""
    return sum(w * f for w, f in zip(weights, features(row, made=len(weights) == 4), strict=True))


def score(rows: list[dict[str, Any]], calls: list[bool]) -> tuple[float, float]:
    """What calling where ``calls`` says gains over the bot's own choices, per decision, and its
    standard error."""
    diffs = [(r["gain"] if c else 0) - (r["gain"] if r["bot_calls"] else 0)
             for r, c in zip(rows, calls, strict=True)]
    return statistics.fmean(diffs), statistics.stdev(diffs) / len(diffs) ** 0.5


def main() -> None:
    """Collect (or read) the positions, fit on the even ones and score the rules on the odd ones."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--cache", type=Path)
    opts = ap.parse_args()
    if opts.cache is not None and opts.cache.exists():
        rows = [json.loads(line) for line in opts.cache.read_text().splitlines()][:opts.positions]
    else:
        warm_up()
        rows = positions(opts.positions, opts.seed)
        if opts.cache is not None:
            opts.cache.write_text("".join(json.dumps(r) + "\n" for r in rows))
    fitted, held = rows[0::2], rows[1::2]
    weights, without = fit(fitted), fit(fitted, made=False)
    rules = {
        "odds (V > 0)": [r["value"] > 0 for r in held],
        "two standard errors, else the bot": [
            True if r["value"] - CLEAR * r["error"] > 0 else False if r["value"] + CLEAR * r["error"] < 0
            else r["bot_calls"] for r in held],
        "fitted without the bot's choice (a + b V + c M > 0)": [worth(without, r) > 0 for r in held],
        "fitted (a + b V + c M + d [M >= 0] > 0)": [worth(weights, r) > 0 for r in held],
        "the package's (AGAINST_PASSING)": [against_passing(r["value"], r["excess"]) > 0 for r in held],
    }
    report = {"positions": len(rows), "fit": dict(zip(("intercept", "value", "excess", "made"), weights,
                                                      strict=True)),
              "bot_calls": statistics.fmean(r["bot_calls"] for r in held),
              "rules": {name: dict(zip(("gain", "error"), score(held, calls), strict=True),
                                   calls=statistics.fmean(calls)) for name, calls in rules.items()}}
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
