"""The Euchre hint's judgement of a call with the upcard, played: the ``heuristic`` bot making trump
as the hint recommends, against the ``heuristic`` bot, on duplicate deals.

The hint (:func:`pitchkit.advice.hints.hint_json`) takes the call the heuristic bot would make, or
passes up (:func:`pitchkit.advice.making_advice.making_reason`), and its odds over 32 sampled deals
solved with every card seen. ``--rule best`` makes the call when it is worth more than passing
(:func:`pitchkit.advice.making_advice.call_worth`, the hint's judgement); ``--rule odds`` when its
expected score over the solved deals (made, marched or euchred) is above 0; ``--rule clear`` keeps
the heuristic bot's choice unless that expected score is more than two standard errors from 0 (the
hint's judgement before). Everything else (going alone, the dealer's discard, the play) is the
heuristic bot's.

Run: ``python benchmarks/hint_making.py [--rule best|odds|clear] [--deals N] [--seed S] [--jobs J]
[--variant V]``; prints the arena's report (points a hand for each bot, with 95% intervals).
"""

from __future__ import annotations

import argparse
import json
import random
from functools import partial

from pitchkit.advice.hints import warm_up
from pitchkit.advice.making_advice import CLEAR, judged, making_reason, odds_action
from pitchkit.bench.arena import ArenaConfig, run
from pitchkit.bots.base import register
from pitchkit.bots.heuristic import HeuristicBot
from pitchkit.engine.actions import Action, Bid, DeclareTrump, Phase
from pitchkit.engine.cards import Suit
from pitchkit.engine.view import View

RULES = ("best", "odds", "clear")


class HintedMaking:
    """The heuristic bot, making trump with the upcard as the hint's ``rule`` says."""

    def __init__(self, rng: random.Random, rule: str) -> None:
        self.rng = rng
        self.rule = rule
        self.heuristic = HeuristicBot(rng)
        self.name = f"hint-{rule}"

    def choose(self, view: View) -> Action:
        """A legal action for the seat's turn."""
        action = self.heuristic.choose(view)
        if view.upcard is None or view.phase != Phase.AUCTION:
            return action
        _, odds = making_reason(view, action, self.rng)
        if odds is None or not judged(odds):
            return action
        if self.rule == "best":
            better = odds_action(view, action, odds)
            return action if better is None else better
        value, error = odds.call_value(view.rules)
        call, stay = DeclareTrump(view.seat, Suit(odds.suit)), Bid(view.seat, None)
        margin = CLEAR * error if self.rule == "clear" else 0.0
        if action == stay and value - margin > 0 and call in view.legal:
            return call
        if action == call and value + margin <= 0 and stay in view.legal:
            return stay
        return action


def main() -> None:
    """Parse the arguments, play the boards and print the report."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rule", choices=RULES, default="best")
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--variant", default="euchre")
    args = ap.parse_args()
    for rule in RULES:
        register(f"hint-{rule}", partial(HintedMaking, rule=rule))
    warm_up()
    report = run(ArenaConfig(args.variant, (f"hint-{args.rule}", "heuristic"), args.deals, seed=args.seed,
                             jobs=args.jobs))
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
