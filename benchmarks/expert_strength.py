"""The ``expert`` bot against ``heuristic``: points per hand, bid / pitch / make / set rates, game
win rates and decision times, per preset, on duplicate deals.

The bots measured:

* ``expert``: the bot as registered (bidding from sampled deals, search play);
* ``expert-bids``: its bidding with the ``heuristic`` bot's card play, to see what the bidding alone
  is worth;
* ``expert-play``: its card play with the ``heuristic`` bot's bids;
* ``expert-tuned``: the bot with the samples, prior and margin given here.

``--won-bids H`` checks the chance of making a bid *that the seat wins* over H hands (the expert
bidding at every other seat, the ``heuristic`` bot at the others, both playing as the heuristic):
for the bids won, the mean chance the expert gave them against the share made, by the auction's
competition (the first bid, an overcall of an opponent, the dealer's), and by tenths of the chance.

Run: ``python benchmarks/expert_strength.py [--bot expert|expert-bids|expert-play|expert-tuned]
[--variants V,...] [--deals N] [--games G] [--seed S] [--jobs J] [--samples K] [--prior P]
[--margin M] [--log FILE] [--timing H] [--won-bids H] [--report FILE]
[--compare BEFORE AFTER] [--json]``.

``--games`` plays whole games (to the target, 200 hands at most) instead of single hands from
scores of zero. ``--timing H`` only times the expert's decisions (wall clock and CPU) over H hands
with the expert in every seat. ``--log FILE`` appends every finished board to FILE, and
``--report FILE`` reports what a log holds (a long run stopped early still counts);
``--compare BEFORE AFTER`` compares two logs of the same seed board by board (before and after a
change, on the boards both finished).
The samples, prior and margin reach the worker processes through the environment
(``PITCHKIT_EXPERT_SAMPLES``, ``PITCHKIT_EXPERT_PRIOR``, ``PITCHKIT_EXPERT_MARGIN``). The figures
in ``docs/benchmarks.md`` ("The `expert` bot") come from it.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import statistics
import sys
import time

from pitchkit import Hand, make_rules
from pitchkit.bench.arena import ArenaConfig, BoardResult, SeatHand, run, summarize
from pitchkit.bots.base import register
from pitchkit.bots.heuristic import HeuristicBot
from pitchkit.engine.actions import Bid, Phase
from pitchkit.engine.view import View, make_view
from pitchkit.search.expert import MARGIN, PRIOR, SAMPLES, ExpertBot

VARIANTS = ("pct", "auction-partners", "ten-point")


def _settings() -> dict[str, float]:
    return {"samples": int(os.environ.get("PITCHKIT_EXPERT_SAMPLES", SAMPLES)),
            "prior": float(os.environ.get("PITCHKIT_EXPERT_PRIOR", PRIOR)),
            "margin": float(os.environ.get("PITCHKIT_EXPERT_MARGIN", MARGIN))}


def _bids_only(rng: random.Random) -> ExpertBot:
    s = _settings()
    return ExpertBot(rng, search=False, samples=int(s["samples"]), prior=s["prior"], margin=s["margin"])


def _play_only(rng: random.Random) -> ExpertBot:
    return ExpertBot(rng, sampled_bids=False)


def _tuned(rng: random.Random) -> ExpertBot:
    s = _settings()
    return ExpertBot(rng, samples=int(s["samples"]), prior=s["prior"], margin=s["margin"])


register("expert-bids", _bids_only)
register("expert-play", _play_only)
register("expert-tuned", _tuned)


def _times(report: dict[str, object], results: list[BoardResult], bots: tuple[str, ...]) -> None:
    """Median, 99th percentile and slowest decision of each bot, into ``report``."""
    times = {name: [t for r in results for t in r.times.get(name, [])] for name in bots}
    times = {k: sorted(v) for k, v in times.items() if v}
    report["decision_seconds_median"] = {k: round(statistics.median(v), 4) for k, v in times.items()}
    report["decision_seconds_p99"] = {k: round(v[int(0.99 * (len(v) - 1))], 3) for k, v in times.items()}
    report["decision_seconds_max"] = {k: round(v[-1], 3) for k, v in times.items()}


def measure(variant: str, bot: str, *, deals: int, games: int, seed: int, jobs: int,
            log: str | None = None) -> dict[str, object]:
    """One arena run of ``bot`` against ``heuristic``, with its decision times; with ``log``, each
    board is appended to that file as it finishes (see :func:`from_log`)."""
    cfg = ArenaConfig(variant=variant, bots=(bot, "heuristic"), boards=games or deals,
                      games=bool(games), seed=seed, jobs=jobs)
    results: list[BoardResult] = []
    if log is not None:
        with open(log, "a", encoding="utf-8") as f:
            f.write(json.dumps({"config": dataclasses.asdict(cfg)}) + "\n")

    def seen(res: BoardResult) -> None:
        results.append(res)
        if log is not None:
            with open(log, "a", encoding="utf-8") as f:
                f.write(json.dumps({"board": dataclasses.asdict(res)}) + "\n")

    report = run(cfg, on_board=seen)
    _times(report, results, cfg.bots)
    return report


def from_log(path: str) -> list[dict[str, object]]:
    """The reports of the runs in a log written by :func:`measure`, with the boards that finished
    (a run stopped early reports what it played)."""
    runs: list[tuple[ArenaConfig, list[BoardResult]]] = []
    with open(path, encoding="utf-8") as f:
        for row in map(json.loads, f):
            if "config" in row:
                c = row["config"]
                c["bots"] = tuple(c["bots"])
                c["options"] = tuple(tuple(o) for o in c["options"])
                runs.append((ArenaConfig(**c), []))
            else:
                b = row["board"]
                b["hands"] = [SeatHand(**h) for h in b["hands"]]
                b["games"] = [tuple(g) for g in b["games"]]
                runs[-1][1].append(BoardResult(**b))
    out: list[dict[str, object]] = []
    for cfg, results in runs:
        if results:
            report = summarize(cfg, results)
            report["seconds"] = None
            _times(report, results, cfg.bots)
            out.append(report)
    return out


def _margins(path: str) -> dict[str, dict[int, float]]:
    """Per preset of a log, per board: the first bot's points a hand minus the second's."""
    out: dict[str, dict[int, float]] = {}
    with open(path, encoding="utf-8") as f:
        for row in map(json.loads, f):
            if "config" in row:
                first, second = row["config"]["bots"][:2]
                boards = out.setdefault(row["config"]["variant"], {})
            else:
                hands = row["board"]["hands"]
                mine = [h["delta"] for h in hands if h["bot"] == first]
                theirs = [h["delta"] for h in hands if h["bot"] == second]
                boards[row["board"]["board"]] = statistics.mean(mine) - statistics.mean(theirs)
    return out


def compare(before: str, after: str) -> list[dict[str, object]]:
    """Per preset in both logs, on the boards both finished: the first bot's margin over the
    second before and after, and after minus before with a 95% interval (paired by board)."""
    old, new = _margins(before), _margins(after)
    out: list[dict[str, object]] = []
    for variant in old.keys() & new.keys():
        boards = sorted(old[variant].keys() & new[variant].keys())
        if len(boards) < 2:
            continue
        d = [new[variant][b] - old[variant][b] for b in boards]
        mean = statistics.mean(d)
        half = 1.96 * statistics.stdev(d) / len(d) ** 0.5
        out.append({"variant": variant, "boards": len(boards),
                    "before": round(statistics.mean(old[variant][b] for b in boards), 3),
                    "after": round(statistics.mean(new[variant][b] for b in boards), 3),
                    "difference": {"value": round(mean, 3), "low": round(mean - half, 3),
                                   "high": round(mean + half, 3)}})
    return out


def timing(variant: str, hands: int, seed: int) -> dict[str, object]:
    """Decision times of ``expert`` in every seat over ``hands`` hands: wall-clock and CPU seconds
    (the CPU time is what the decision costs; on a loaded machine the wall clock waits for a core
    too), median, 99th percentile and maximum, all decisions and by phase."""
    rules = make_rules(variant)
    rng = random.Random(seed)
    bots = [ExpertBot(random.Random(seed * 10 + s)) for s in range(rules.players)]
    wall: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    for i in range(hands):
        hand = Hand.deal(rules, rng, dealer=i % rules.players)
        while not hand.done:
            seat = hand.to_act
            assert seat is not None
            view = make_view(hand, seat)
            t0, c0 = time.perf_counter(), time.process_time()
            action = bots[seat].choose(view)
            t1, c1 = time.perf_counter(), time.process_time()
            for key in ("all", view.phase.value):
                wall.setdefault(key, []).append(t1 - t0)
                cpu.setdefault(key, []).append(c1 - c0)
            hand.apply(action)

    def stats(v: list[float]) -> dict[str, float]:
        v = sorted(v)
        return {"n": len(v), "median": round(statistics.median(v), 4),
                "p99": round(v[int(0.99 * (len(v) - 1))], 3), "max": round(v[-1], 3)}

    return {"variant": variant, "hands": hands, "load": os.getloadavg()[0],
            "wall": {k: stats(v) for k, v in wall.items()}, "cpu": {k: stats(v) for k, v in cpu.items()}}


def _competition(view: View) -> str:
    """The auction the seat bids in: ``first`` (nobody has bid), ``over opponent``, ``over
    partner``, with `` (dealer)`` for the seat that speaks last."""
    r = view.rules
    high = next((s for s, b in reversed(view.bids) if b is not None), None)
    kind = "first" if high is None else \
        "over partner" if r.team_of(high) == r.team_of(view.seat) else "over opponent"
    return kind + (" (dealer)" if view.seat == view.dealer else "")


def won_bids(variant: str, hands: int, seed: int) -> dict[str, object]:
    """The chance the expert gave each bid it won against whether it was made, by the auction's
    competition and by tenths of the chance (see the module)."""
    rules = make_rules(variant)
    rng = random.Random(seed)
    rows: list[tuple[str, float, bool]] = []
    asked = 0
    for i in range(hands):
        hand = Hand.deal(rules, rng, dealer=i % rules.players)
        bots: dict[int, ExpertBot | HeuristicBot] = {
            s: ExpertBot(random.Random(seed * 1000 + i * 10 + s), search=False) if (s + i) % 2 == 0
            else HeuristicBot(random.Random(seed * 1000 + i * 10 + s)) for s in range(rules.players)}
        bids: dict[int, tuple[str, float]] = {}
        while not hand.done:
            seat = hand.to_act
            assert seat is not None
            view = make_view(hand, seat)
            bot = bots[seat]
            if isinstance(bot, ExpertBot) and view.phase == Phase.AUCTION and len(view.legal) > 1:
                action, chances = bot.auction(view, sets_in_a_row=bot.sets.observe(view))
                got = next((c for c in chances if isinstance(action, Bid) and c.bid == action.amount), None)
                if got is not None:
                    bids[seat] = (_competition(view), got.chance)
                    asked += 1
            else:
                action = bot.choose(view)
            hand.apply(action)
        res = hand.result
        if res is not None and res.pitcher in bids and res.made is not None:
            kind, chance = bids[res.pitcher]
            rows.append((kind, chance, res.made))

    def summary(sel: list[tuple[str, float, bool]]) -> dict[str, float]:
        n = len(sel)
        return {"won": n, "chance": round(sum(c for _, c, _ in sel) / n, 3),
                "made": round(sum(m for _, _, m in sel) / n, 3)}

    kinds = sorted({k for k, _, _ in rows})
    tenths = sorted({min(9, int(c * 10)) for _, c, _ in rows})
    return {"variant": variant, "hands": hands, "bids": asked, "load": os.getloadavg()[0],
            "all": summary(rows) if rows else None,
            "by_competition": {k: summary([x for x in rows if x[0] == k]) for k in kinds},
            "by_tenth": {f"{t / 10:.1f}": summary([x for x in rows if min(9, int(x[1] * 10)) == t])
                         for t in tenths}}


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
    parts.append(f"median {report['decision_seconds_median']} p99 {report['decision_seconds_p99']} "
                 f"max {report['decision_seconds_max']} ({report['seconds']} s)")
    return " | ".join(parts)


def main(argv: list[str] | None = None) -> int:
    """Run the measurements and print them."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bot", default="expert", help="expert, expert-bids or expert-tuned")
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--deals", type=int, default=100, help="duplicate deals per preset (hands mode)")
    ap.add_argument("--games", type=int, default=0, help="game seeds per preset (games mode) instead")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--samples", type=int, default=None, help="deals sampled per auction decision")
    ap.add_argument("--prior", type=float, default=None, help="the heuristic's weight, in sampled deals")
    ap.add_argument("--margin", type=float, default=None, help="points a bid must be worth beyond passing")
    ap.add_argument("--timing", type=int, default=0,
                    help="only time the expert's decisions over this many hands per preset")
    ap.add_argument("--won-bids", type=int, default=0,
                    help="only check the chance of the bids won over this many hands per preset")
    ap.add_argument("--log", default=None, help="append each finished board to this file")
    ap.add_argument("--report", default=None, help="only report the runs of a --log file")
    ap.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"), default=None,
                    help="compare two logs of the same seed board by board")
    ap.add_argument("--json", action="store_true", help="one JSON report per preset")
    args = ap.parse_args(argv)
    if args.timing:
        for variant in args.variants.split(","):
            print(json.dumps(timing(variant, args.timing, args.seed)), flush=True)
        return 0
    if args.won_bids:
        for variant in args.variants.split(","):
            print(json.dumps(won_bids(variant, args.won_bids, args.seed)), flush=True)
        return 0
    if args.compare is not None:
        for row in compare(*args.compare):
            print(json.dumps(row), flush=True)
        return 0
    if args.report is not None:
        for report in from_log(args.report):
            print(json.dumps(report) if args.json else line(report), flush=True)
        return 0
    if args.samples is not None:
        os.environ["PITCHKIT_EXPERT_SAMPLES"] = str(args.samples)
    if args.prior is not None:
        os.environ["PITCHKIT_EXPERT_PRIOR"] = str(args.prior)
    if args.margin is not None:
        os.environ["PITCHKIT_EXPERT_MARGIN"] = str(args.margin)
    for variant in args.variants.split(","):
        start = time.perf_counter()
        report = measure(variant, args.bot, deals=args.deals, games=args.games, seed=args.seed,
                         jobs=args.jobs, log=args.log)
        report["wall_seconds"] = round(time.perf_counter() - start, 1)
        print(json.dumps(report) if args.json else line(report), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
