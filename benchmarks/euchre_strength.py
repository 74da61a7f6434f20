"""Euchre strength: a pitchkit bot against OpenSpiel's IS-MCTS bot, with equal time per move.

    python benchmarks/euchre_strength.py [--boards N] [--bot pimc] [--budget B]
                                         [--seconds S | --simulations N] [--seed N]

Each board is a game to 10 played twice with the sides swapped, every hand in both engines at once
(:mod:`pitchkit.bench.versus`). Without ``--seconds`` or ``--simulations`` the time is matched:
calibration games (other deals) measure both bots' mean seconds per decision, IS-MCTS with
:data:`PROBE_SIMULATIONS` simulations, and IS-MCTS then gets the number of simulations that takes
as long per move as the pitchkit bot's decision on average (a count, not a clock: the run is
reproducible, and a busy machine slows both sides alike). ``--seconds`` gives IS-MCTS a wall clock
per move instead. Prints points per hand (pitchkit's side's score change minus OpenSpiel's) and the
game win rate with 95% intervals, and both bots' measured seconds per decision.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import sys

from pitchkit.bench.versus import BACKUP_SIMULATIONS, GameResult, VersusConfig, play_board, summarize

#: boards played to measure the bots' time per decision
CALIBRATION_BOARDS = 2
#: IS-MCTS simulations per move while calibrating
PROBE_SIMULATIONS = 500


def calibrate(cfg: VersusConfig) -> int:
    """IS-MCTS simulations per move that take as long as the pitchkit bot's mean decision, measured
    on boards the run does not use."""
    probe = dataclasses.replace(cfg, seed=cfg.seed + 7_777, simulations=PROBE_SIMULATIONS, seconds=None)
    games = [g for b in range(CALIBRATION_BOARDS) for g in play_board(probe, b)]
    ours = statistics.fmean(t for g in games for t in g.ours)
    theirs = statistics.fmean(t for g in games for t in g.theirs)
    return max(1, round(PROBE_SIMULATIONS * ours / theirs))


def main() -> None:
    """Run the match and print its statistics."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=50)
    parser.add_argument("--bot", default="pimc")
    parser.add_argument("--budget", default=None, help="the pitchkit search bot's budget (see pitch arena)")
    parser.add_argument("--seconds", type=float, default=None, help="IS-MCTS seconds per move")
    parser.add_argument("--simulations", type=int, default=None, help="IS-MCTS simulations per move")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    cfg = VersusConfig(boards=args.boards, bot=args.bot, budget=args.budget, seed=args.seed)
    if args.seconds is not None:
        cfg = dataclasses.replace(cfg, simulations=10**9, seconds=args.seconds)
    else:
        sims = args.simulations if args.simulations is not None else calibrate(cfg)
        cfg = dataclasses.replace(cfg, simulations=sims)
    how = (f"{cfg.simulations} simulations" if cfg.seconds is None
           else f"{cfg.seconds * 1000:.1f} ms per move")
    print(f"{cfg.bot} (budget {cfg.budget or 'default'}) against OpenSpiel IS-MCTS ({how}), "
          f"{cfg.boards} boards x 2 games, load {os.getloadavg()[0]:.2f}", flush=True)
    results: list[GameResult] = []
    for b in range(cfg.boards):
        results.extend(play_board(cfg, b))
        if (b + 1) % 10 == 0:
            print(f"  {b + 1} boards: {summarize(results).net_per_hand.text()}", file=sys.stderr, flush=True)
    s = summarize(results)
    print(f"hands                  {s.hands}")
    print(f"points per hand        {s.net_per_hand.text()}  (pitchkit's side minus OpenSpiel's)")
    print(f"game win rate          {s.win_rate.text(percent=True)}")
    print(f"ms per decision        pitchkit median {s.ours_seconds[0] * 1000:.1f} mean "
          f"{s.ours_seconds[1] * 1000:.1f}; OpenSpiel median {s.theirs_seconds[0] * 1000:.1f} mean "
          f"{s.theirs_seconds[1] * 1000:.1f}")
    if s.backups:
        print(f"OpenSpiel moves without a finished simulation in time, made with "
              f"{BACKUP_SIMULATIONS} simulations: {s.backups}")
    print(f"load average           {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
