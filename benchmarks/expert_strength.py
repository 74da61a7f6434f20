"""The ``expert`` bot against ``heuristic``: points per hand, bid / pitch / make / set rates, game
win rates and decision times, per preset, on duplicate deals.

Two bots can be measured:

* ``expert``: the bot as registered (bidding from sampled deals, search play);
* ``expert-bids``: its bidding with the ``heuristic`` bot's card play, to see what the bidding alone
  is worth (the card play's share is the difference).

Run: ``python benchmarks/expert_strength.py [--bot expert|expert-bids] [--variants V,...]
[--deals N] [--games G] [--seed S] [--jobs J] [--samples K] [--prior P] [--json]``; ``--games``
plays whole games (to the target, 200 hands at most) instead of single hands from scores of zero.
The samples and prior reach the worker processes through the environment
(``PITCHKIT_EXPERT_SAMPLES``, ``PITCHKIT_EXPERT_PRIOR``). The figures in ``docs/benchmarks.md``
("The `expert` bot") come from it.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time

from pitchkit.bots.base import register
from pitchkit.bots.expert import PRIOR, SAMPLES, ExpertBot
from pitchkit.search.arena import ArenaConfig, BoardResult, run

VARIANTS = ("pct", "auction-partners", "ten-point")


def _settings() -> tuple[int, float]:
    return (int(os.environ.get("PITCHKIT_EXPERT_SAMPLES", SAMPLES)),
            float(os.environ.get("PITCHKIT_EXPERT_PRIOR", PRIOR)))


def _bids_only(rng: random.Random) -> ExpertBot:
    samples, prior = _settings()
    return ExpertBot(rng, search=False, samples=samples, prior=prior)


def _tuned(rng: random.Random) -> ExpertBot:
    samples, prior = _settings()
    return ExpertBot(rng, samples=samples, prior=prior)


register("expert-bids", _bids_only)
register("expert-tuned", _tuned)


def measure(variant: str, bot: str, *, deals: int, games: int, seed: int, jobs: int) -> dict[str, object]:
    """One arena run of ``bot`` against ``heuristic``, with the slowest decision of each bot."""
    cfg = ArenaConfig(variant=variant, bots=(bot, "heuristic"), boards=games or deals,
                      games=bool(games), seed=seed, jobs=jobs)
    slowest: dict[str, float] = {}
    times: dict[str, list[float]] = {}

    def seen(res: BoardResult) -> None:
        for name in (bot, "heuristic"):
            t = res.times.get(name, [])
            times.setdefault(name, []).extend(t)
            if t:
                slowest[name] = max(slowest.get(name, 0.0), max(t))

    report = run(cfg, on_board=seen)
    report["decision_seconds_max"] = {k: round(v, 3) for k, v in slowest.items()}
    report["decision_seconds_p99"] = {
        k: round(sorted(v)[int(0.99 * (len(v) - 1))], 3) for k, v in times.items() if v}
    report["decision_seconds_median"] = {k: round(statistics.median(v), 4) for k, v in times.items() if v}
    return report


def line(report: dict[str, object]) -> str:
    """One table row: the difference, each bot's rates, game wins and times."""
    res = report["results"]
    assert isinstance(res, dict)
    diff = report["difference"]
    assert isinstance(diff, dict)
    d = diff["points_per_hand"]

    def pct(x: dict[str, float]) -> str:
        return f"{x['value'] * 100:.0f}%"

    parts = [f"{report['variant']}: {report['boards']} {report['mode']}",
             f"diff {d['value']:+.2f} [{d['low']:+.2f}, {d['high']:+.2f}]"]
    for name, r in res.items():
        games = r["game_win_rate"]
        won = "" if games is None else (f" wins {pct(games)} [{games['low'] * 100:.0f}, "
                                        f"{games['high'] * 100:.0f}]")
        parts.append(f"{name} {r['points_per_hand']['value']:+.2f}/hand bid {pct(r['bid_rate'])} "
                     f"pitched {pct(r['pitch_rate'])} made {pct(r['make_rate'])} set {pct(r['set_rate'])}"
                     f"{won}")
    parts.append(f"median {report['decision_seconds_median']} max {report['decision_seconds_max']} "
                 f"({report['seconds']} s)")
    return " | ".join(parts)


def main(argv: list[str] | None = None) -> int:
    """Run the measurements and print them."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bot", default="expert", help="expert, expert-bids or expert-tuned")
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--deals", type=int, default=100, help="duplicate deals per preset (hands mode)")
    ap.add_argument("--games", type=int, default=0, help="game seeds per preset (games mode) instead")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--samples", type=int, default=None, help="deals sampled per auction decision")
    ap.add_argument("--prior", type=float, default=None, help="the heuristic's weight, in sampled deals")
    ap.add_argument("--json", action="store_true", help="one JSON report per preset")
    args = ap.parse_args(argv)
    if args.samples is not None:
        os.environ["PITCHKIT_EXPERT_SAMPLES"] = str(args.samples)
    if args.prior is not None:
        os.environ["PITCHKIT_EXPERT_PRIOR"] = str(args.prior)
    for variant in args.variants.split(","):
        start = time.perf_counter()
        report = measure(variant, args.bot, deals=args.deals, games=args.games, seed=args.seed,
                         jobs=args.jobs)
        report["wall_seconds"] = round(time.perf_counter() - start, 1)
        print(json.dumps(report) if args.json else line(report), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
