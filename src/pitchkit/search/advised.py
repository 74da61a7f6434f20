"""The ``advised`` bot: bids from the estimated distribution of points its hand takes, plays as
``pimc``.

In the auction, deals consistent with the seat's view and the bids so far are sampled
(:func:`pitchkit.search.contract.simulate`, the hidden hands weighed by the auction as in
:mod:`pitchkit.search.inference`) and solved with the seat pitching in its most promising suits.
Each legal bid gets its chance of being made (the sampled share times :data:`DISCOUNT`, from the
calibration in ``docs/benchmarks.md``) and its expected score change against the other sides
(:func:`pitchkit.search.contract.bid_values`), plus, when making it reaches the target and the
rules let the pitcher go out, the chance of winning the game there and then
(:func:`going_out_bonus`). The best bid is made when it is worth more than passing
(:func:`pitchkit.search.contract.pass_value`: lower when an opponent is near the target, when
pitching is the way out, or in ten-point's last ten points where only the bidder can go out), so
the bot overcalls and steals whenever the estimate says it pays. The suit the bid was made for is
the one it names when trump is declared.

Everything else (trump by the first lead, discards, card play) is the ``pimc`` bot's.
"""

from __future__ import annotations

import math
import random

from pitchkit.bots.base import register
from pitchkit.engine.actions import Action, Bid, Choice, Choose, DeclareTrump, Phase
from pitchkit.engine.rules import GoingOut
from pitchkit.engine.view import View
from pitchkit.search import contract
from pitchkit.search.budget import DEFAULT, Budget
from pitchkit.search.pimc import PimcBot

#: deals sampled per auction decision, trump suits tried, and solver nodes allowed
SAMPLES = 12
SUITS = 2
NODES = 2_000_000
#: the sampled share of deals making a bid, times this, is the chance used
DISCOUNT = contract.PLAYED_OUT_DISCOUNT
#: bids worth within this many points of the best count as equal
NEAR = 0.1
#: what winning the game with this hand is worth, in hands' worth of points
WIN_HANDS = 1.0


def going_out_bonus(view: View, bid: int, make: float, in_play: float) -> float:
    """The value of the game won if ``bid`` is made and making it is enough to go out."""
    r = view.rules
    if r.target is None or r.is_special_bid(bid):
        return 0.0
    mine = view.scores[view.seat]
    if mine + bid < r.target:
        return 0.0
    rivals = [view.scores[s] for s in view.seats if r.team_of(s) != r.team_of(view.seat)]
    pitcher_out = r.going_out == GoingOut.PITCHER or (
        r.bidder_only_within is not None and mine >= r.target - r.bidder_only_within)
    if not pitcher_out and rivals and max(rivals) >= r.target - in_play / 2:
        return 0.0  # a rival may reach the target in the same hand
    return make * WIN_HANDS * in_play


class AdvisedBot:
    """Bids by simulation and the score (see the module documentation); plays as ``pimc``."""

    name = "advised"

    def __init__(self, rng: random.Random, budget: Budget = DEFAULT, *, samples: int = SAMPLES,
                 nodes: int = NODES) -> None:
        self.rng = rng
        #: deals sampled, and solver nodes, per auction decision
        self.samples = samples
        self.nodes = nodes
        self.player = PimcBot(rng, budget)
        #: the suit of the last bid made, named if the bot declares trump
        self.suit: int | None = None

    def choose(self, view: View) -> Action:
        """A legal action for the seat's turn."""
        if view.phase == Phase.AUCTION and len(view.legal) > 1:
            got = self._bid(view)
            if got is not None:
                return got
        if view.phase == Phase.TRUMP and not view.trick and self.suit is not None:
            for a in view.legal:
                if isinstance(a, DeclareTrump) and int(a.suit) == self.suit:
                    return a
        return self.player.choose(view)

    def _bid(self, view: View) -> Action | None:
        seat, legal, r = view.seat, view.legal, view.rules
        bids = sorted(a.amount for a in legal if isinstance(a, Bid) and a.amount is not None)
        if not bids or Choose(seat, Choice.MISDEAL) in legal:
            return None
        if (r.draw_to or len(view.hand)) > contract.MAX_SIMULATED_CARDS:
            return None
        hand = 0
        for c in view.hand:
            hand |= 1 << c
        suits = contract.candidate_suits(view, hand, limit=SUITS)
        if not suits:
            return None
        sim = contract.simulate(view, self.rng, suits=suits, samples=self.samples, node_budget=self.nodes)
        if not contract.enough(sim):
            return None
        values = contract.bid_values(view, sim, bids, discount=DISCOUNT)
        if not values:
            return None
        in_play = max((sum(t) / len(t) for t in sim.in_play.values() if t), default=1.0)
        worth = {b: v.value + going_out_bonus(view, b, v.make, in_play) for b, v in values.items()}
        # near ties go to the higher bid: the simulation does not see a lower one overcalled
        top = max(worth.values())
        best = max(b for b in worth if worth[b] >= top - NEAR)
        passing = Bid(seat, None)
        floor = contract.pass_value(view, in_play) if passing in legal else -math.inf
        if worth[best] > floor:
            self.suit = values[best].suit
            return Bid(seat, best)
        return passing


register("advised", AdvisedBot)
