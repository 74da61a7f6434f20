"""Strength and speed of the search bots (``pimc``, ``ismcts``) against the ``heuristic`` bot.

Three measures:

* **strength**: for each variant (pct with four players, auction-partners, ten-point) and each
  search bot, ``pitch arena`` in hands mode with duplicate play: the search bot and the heuristic
  bot alternate round the table (pimc, heuristic, pimc, heuristic: in the partnership variants one
  team each), every deal is played once per seating, and the report gives the mean points per hand
  of each bot and their paired difference, each with a 95% confidence interval;
* **decision time**: the median seconds per decision of each search bot at its default budget,
  over the same games (all phases; the auction separately);
* **solver**: nodes per second, and the median time to solve a four-player pct hand of six cards
  from the first lead (every lead, each with the trump it sets), over random deals bid by the
  heuristic bot (hands the dealer ran to nine cards are skipped).

Run: ``python benchmarks/search_strength.py [--deals N] [--seconds T] [--positions P] [--jobs J]
[--seed S] [--variants V,...] [--bots B,...] [--budget SPEC] [--no-solver | --solver-only]
[--json]`` (with ``--json`` the one-line results go to stderr as they come); the figures in
``docs/benchmarks.md`` ("Search bots") come from it. ``PITCHKIT_COMPILED_SOLVER=0`` measures the
plain solver instead of the compiled one.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from pitchkit import Hand, make_rules
from pitchkit.bench.arena import ArenaConfig, BoardResult, play_board, run, summarize
from pitchkit.bots import make_bot
from pitchkit.engine.actions import Phase
from pitchkit.engine.view import make_view
from pitchkit.search import compiled
from pitchkit.search.position import Deal
from pitchkit.search.solver import SolveStats, first_lead_values

VARIANTS = ("pct", "auction-partners", "ten-point")
SEARCH_BOTS = ("pimc", "ismcts")


def solver_speed(positions: int, seed: int) -> dict[str, object]:
    """Nodes per second and the median time of full first-lead solves of four-player pct hands
    (the compiled solver when it is in use: compiled once, untimed, before the first)."""
    rng = random.Random(seed)
    rules = make_rules("pct", players=4)
    deals: list[Deal] = []
    while len(deals) < positions:
        hand = Hand.deal(rules, rng, dealer=rng.randrange(4))
        bot = make_bot("heuristic", rng=rng)
        while hand.phase == Phase.AUCTION:
            assert hand.to_act is not None
            hand.apply(bot.choose(make_view(hand, hand.to_act)))
        if hand.phase != Phase.PLAY or hand.hands[hand.pitcher or 0].bit_count() != rules.hand_size:
            continue  # a misdeal, or a hand run to nine cards
        deals.append(Deal.from_hand(hand))
    first_lead_values(deals[0])
    times: list[float] = []
    nodes = 0
    for deal in deals:
        stats = SolveStats()
        start = time.perf_counter()
        first_lead_values(deal, stats=stats)
        times.append(time.perf_counter() - start)
        nodes += stats.nodes
    return {"solver": "compiled" if compiled.enabled() else "plain", "positions": positions,
            "nodes": nodes, "nodes_per_s": round(nodes / sum(times)),
            "median_s": round(statistics.median(times), 4), "max_s": round(max(times), 4)}


def strength(variant: str, bot: str, deals: int, jobs: int, seed: int,
             seconds: float | None, budget: str | None = None) -> dict[str, object]:
    """One arena run of ``bot`` against ``heuristic``: ``deals`` deals, or as many as are started
    within ``seconds`` (in order, ``jobs`` at a time)."""
    cfg = ArenaConfig(variant=variant, bots=(bot, "heuristic"), boards=deals, seed=seed, jobs=jobs,
                      budget=budget)
    if seconds is None:
        return run(cfg)
    start = time.perf_counter()
    results: list[BoardResult] = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        board = 0
        while board < deals and time.perf_counter() - start < seconds:
            batch = list(range(board, min(deals, board + jobs)))
            results.extend(pool.map(play_board, [cfg] * len(batch), batch))
            board += len(batch)
    report = summarize(cfg, results)
    report["seconds"] = round(time.perf_counter() - start, 1)
    return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=40, help="deals per variant and bot (at most)")
    ap.add_argument("--seconds", type=float, default=None,
                    help="start no new deal after this many seconds per variant and bot")
    ap.add_argument("--positions", type=int, default=30, help="first-lead positions for the solver figure")
    ap.add_argument("--jobs", type=int, default=1, help="processes for the arena runs")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--bots", default=",".join(SEARCH_BOTS))
    ap.add_argument("--budget", default=None, help="search budget (as for pitch arena --budget)")
    ap.add_argument("--no-solver", action="store_true", help="skip the solver figures")
    ap.add_argument("--solver-only", action="store_true", help="only the solver figures")
    ap.add_argument("--json", action="store_true", help="print JSON instead of tables")
    args = ap.parse_args(argv)
    started = time.perf_counter()
    out: dict[str, object] = {} if args.no_solver else {"solver": solver_speed(args.positions, args.seed)}
    runs: dict[str, dict[str, object]] = {}
    for variant in [] if args.solver_only else args.variants.split(","):
        for bot in args.bots.split(","):
            rep = strength(variant, bot, args.deals, args.jobs, args.seed, args.seconds, args.budget)
            runs[f"{variant}/{bot}"] = rep
            print(_line(variant, bot, rep), flush=True, file=sys.stderr if args.json else sys.stdout)
    out["arena"] = runs
    out["seconds"] = round(time.perf_counter() - started, 1)
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    s = out.get("solver")
    if isinstance(s, dict):
        print(f"solver ({s['solver']}): {s['nodes_per_s']} nodes/s; first-lead pct solve median "
              f"{s['median_s']} s (max {s['max_s']} s) over {s['positions']} deals")
    print(f"total {out['seconds']} s")
    return 0


def _est(e: object) -> str:
    assert isinstance(e, dict)
    lo, hi = ("?" if e[k] is None else f"{e[k]:+.3f}" for k in ("low", "high"))
    return f"{e['value']:+.3f} [{lo}, {hi}]"


def _line(variant: str, bot: str, rep: dict[str, object]) -> str:
    res = rep["results"]
    diff = rep["difference"]
    assert isinstance(res, dict) and isinstance(diff, dict)
    me, heur = res[bot], res["heuristic"]
    return (f"{variant:17} {bot:7} deals {rep['boards']:4} hands {rep['hands_played']:4}  "
            f"{bot} {_est(me['points_per_hand'])}  heuristic {_est(heur['points_per_hand'])}  "
            f"diff {_est(diff['points_per_hand'])}  set {me['set_rate']['value']:.0%}/"
            f"{heur['set_rate']['value']:.0%}  median decision {me['decision_seconds_median']} s")


if __name__ == "__main__":
    sys.exit(main())
