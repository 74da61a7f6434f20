"""Euchre strength: a pitchkit bot against OpenSpiel's IS-MCTS bot, with equal time per move.

    python benchmarks/euchre_strength.py [--boards N] [--bot pimc] [--budget B]
                                         [--seconds S | --simulations N] [--seed N]

Each board is a game to 10 played twice with the sides swapped, every hand in both engines at once
(:mod:`pitchkit.search.versus`). Without ``--seconds`` or ``--simulations`` the time is matched:
a few calibration games (other deals) measure the pitchkit bot's mean seconds per decision, and
OpenSpiel's IS-MCTS gets that much wall-clock time for every move. Prints points per hand
(pitchkit's side's score change minus OpenSpiel's) and the game win rate with 95% intervals, and
both bots' measured seconds per decision.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import sys

from pitchkit.search.versus import GameResult, VersusConfig, play_board, summarize

#: games played to measure the pitchkit bot's time per decision
CALIBRATION_BOARDS = 2


def calibrate(cfg: VersusConfig) -> float:
    """The pitchkit bot's mean seconds per decision, over games on boards the run does not use."""
    probe = dataclasses.replace(cfg, seed=cfg.seed + 7_777, simulations=200, seconds=None)
    times = [t for b in range(CALIBRATION_BOARDS) for g in play_board(probe, b) for t in g.ours]
    return statistics.fmean(times)


def main() -> None:
    """Run the match and print its statistics."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=50)
    parser.add_argument("--bot", default="pimc")
    parser.add_argument("--budget", default=None, help="the pitchkit search bot's budget (see pitch arena)")
    parser.add_argument("--seconds", type=float, default=None, help="IS-MCTS seconds per move")
    parser.add_argument("--simulations", type=int, default=None, help="IS-MCTS simulations per move")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    cfg = VersusConfig(boards=args.boards, bot=args.bot, budget=args.budget, seed=args.seed)
    if args.simulations is not None:
        cfg = dataclasses.replace(cfg, simulations=args.simulations, seconds=args.seconds)
    else:
        seconds = args.seconds if args.seconds is not None else calibrate(cfg)
        cfg = dataclasses.replace(cfg, simulations=10**9, seconds=seconds)
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
    print(f"load average           {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
