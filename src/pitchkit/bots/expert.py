"""The ``expert`` bot: the strongest player of the set.

**Auction.** The chance of making each legal bid comes from the distribution of points the hand
takes: deals consistent with the seat's view and the bids so far are sampled (the hidden hands
weighed by the auction, :mod:`pitchkit.search.inference`) and solved with the seat pitching in its
most promising suits (:func:`pitchkit.search.contract.simulate`). The sampled share is calibrated
(:data:`~pitchkit.search.contract.PLAYED_OUT_DISCOUNT`) and shrunk towards the ``heuristic`` bot's
estimate of the same chance, which counts as :data:`PRIOR` sampled deals: with a dozen deals a
share alone moves by a tenth from one sample to the next. The bot bids the highest bid whose chance
reaches the score-dependent threshold of :func:`pitchkit.bots.bidding.make_threshold` (lower when
making the bid goes out, when an opponent nears the target or would go out with his bid, and in
ten-point's last points where only the bidder may go out; higher after sets in a row) plus
:data:`MARGIN`, so it overcalls and steals whenever the chance says the higher bid is made often
enough. A bid that must take every point (a smudge, a shoot-the-moon top bid) needs the sampled
deals themselves to make it at least :data:`~pitchkit.search.contract.MIN_MAKE_SWEEP` of the time.
When everyone passed, the dealer takes it or runs it (or, outbid, steals or sells) by the same
rule. Hands that change after the auction (a discard and draw, whose simulation is a simple
rule: bids from it measured weaker than the heuristic's) go by the heuristic's chance alone, with
the same thresholds. A misdeal claim, making trump with an upcard, and hands too long to simulate
are bid by the ``heuristic`` bot.

**Play.** In games where every seat plays for itself, ``ismcts`` (its playouts judge a card against
plausible rather than perfect play, which measured stronger there); with partners or teams formed
during the hand, ``pimc``. Trump naming, discards and exchanges are the ``heuristic`` bot's.

The bot keeps nothing between decisions that changes its choice except the count of its side's
sets in a row, so a fresh bot per decision (as the server makes) plays the same way.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pitchkit.actions import Action, Bid, Choice, Choose, Phase
from pitchkit.bots.base import Bot, register
from pitchkit.bots.bidding import best_estimate, decline, make_chance, make_threshold, needs_sweep
from pitchkit.bots.bidding import total_points as hand_points
from pitchkit.bots.heuristic import HeuristicBot, SetStreak
from pitchkit.rules import GoingOut, Rules
from pitchkit.search import contract
from pitchkit.search.budget import DEFAULT, Budget
from pitchkit.search.ismcts import IsmctsBot
from pitchkit.search.pimc import PimcBot
from pitchkit.view import View

#: deals sampled per auction decision, trump suits tried, solver nodes allowed
SAMPLES = 12
SUITS = 2
NODES = 2_000_000
#: the heuristic estimate's chance of making a bid counts as this many sampled deals
PRIOR = 6
#: added to the threshold: the bids a seat wins are those whose chance came out high, so the
#: chance of a bid won is lower than the chance of a bid asked for (at 0, 150 auction-partners
#: deals made 75% of their bids against the heuristic's 89%; at 0.1, 85% against 83%)
MARGIN = 0.1
#: the threshold's cut when making the bid goes out, and when only the bidder may go out and one
#: side is within reach; the threshold's bounds
GOING_OUT = 0.08
BIDDER_OUT = 0.1
LEAST, MOST = 0.25, 0.9


@dataclass(frozen=True, slots=True)
class BidChance:
    """One legal bid: the sampled share of deals making it (calibrated; None when nothing was
    sampled), the heuristic's chance, and the two combined."""

    bid: int
    sampled: float | None
    estimated: float
    chance: float


def bid_chances(view: View, rng: random.Random, *, samples: int = SAMPLES, nodes: int = NODES,
                prior: float = PRIOR) -> list[BidChance]:
    """The chance of making each legal bid (see the module). Hands that change after the auction
    (a discard and draw: its simulation is a simple rule, and bids from it measured weaker than
    the heuristic's, see ``docs/benchmarks.md``) get the heuristic's chance alone; empty when the
    hand cannot be simulated (too long, no suit, the solver's nodes ran out)."""
    r = view.rules
    bids = sorted(a.amount for a in view.legal if isinstance(a, Bid) and a.amount is not None)
    if not bids:
        return []
    est = best_estimate(view)
    if r.draw_to:
        return [BidChance(b, None, e, e) for b in bids
                for e in [_estimated(r, b, est.points, est.sweep, est.has_ace)]]
    if len(view.hand) > contract.MAX_SIMULATED_CARDS:
        return []
    hand = 0
    for c in view.hand:
        hand |= 1 << c
    suits = contract.candidate_suits(view, hand, limit=SUITS)
    if not suits:
        return []
    sim = contract.simulate(view, rng, suits=suits, samples=samples, node_budget=nodes)
    if not contract.enough(sim):
        return []
    n = min(len(p) for p in sim.points.values())
    out: list[BidChance] = []
    for b in bids:
        sampled = max(contract.bid_odds(r, b, pts, sim.in_play[s],
                                        discount=contract.PLAYED_OUT_DISCOUNT).make
                      for s, pts in sim.points.items() if pts)
        estimated = _estimated(r, b, est.points, est.sweep, est.has_ace)
        out.append(BidChance(b, sampled, estimated, (n * sampled + prior * estimated) / (n + prior)))
    return out


def _estimated(r: Rules, bid: int, points: float, sweep: bool, has_ace: bool) -> float:
    """The heuristic's chance of making ``bid`` with a hand expected to take ``points``."""
    if needs_sweep(r, bid):
        return 1.0 if sweep else 0.0
    everything = hand_points(r)
    if (bid >= everything or (everything <= 5 and bid >= 4)) and not has_ace:
        return 0.0
    return make_chance(points, bid, r)


def threshold(view: View, bid: int, *, sets_in_a_row: int = 0) -> float:
    """The least chance of making ``bid`` the seat asks for: the heuristic's
    (:func:`~pitchkit.bots.bidding.make_threshold`), lower still when making it goes out in a game
    the highest score wins, and, where only the bidder may go out near the target, when this side
    is there alone (bidding is its way out) or the other side is (taking the bid keeps it in)."""
    tau = make_threshold(view, bid, sets_in_a_row=sets_in_a_row)
    r = view.rules
    if r.target is None:
        return tau
    mine = view.scores[view.seat]
    rivals = [view.scores[s] for s in view.seats if r.team_of(s) != r.team_of(view.seat)]
    best_rival = max(rivals, default=-10**9)
    if r.bidder_only_within is not None:
        floor = r.target - r.bidder_only_within
        if mine >= floor and best_rival < floor:
            tau -= BIDDER_OUT
        if best_rival >= floor and mine < floor:
            tau -= BIDDER_OUT
    elif r.going_out != GoingOut.PITCHER and mine + bid >= r.target \
            and best_rival + hand_points(r) - bid < mine + bid:
        tau -= GOING_OUT
    return max(LEAST, min(MOST, tau))


def choose_bid(view: View, chances: list[BidChance], *, sets_in_a_row: int = 0,
               margin: float = 0.0) -> Action:
    """The highest bid whose chance reaches the seat's threshold (plus ``margin`` for a sampled
    chance), else not bidding."""
    r = view.rules

    def good(c: BidChance) -> bool:
        extra = 0.0 if c.sampled is None else margin
        if c.chance < threshold(view, c.bid, sets_in_a_row=sets_in_a_row) + extra:
            return False
        sure = c.estimated if c.sampled is None else c.sampled
        return not needs_sweep(r, c.bid) or sure >= contract.MIN_MAKE_SWEEP

    ok = [c.bid for c in chances if good(c)]
    if ok:
        return Bid(view.seat, max(ok))
    declined = decline(view)
    if declined is not None:
        return declined
    return Bid(view.seat, min(c.bid for c in chances))


class ExpertBot:
    """Bids from the sampled distribution of its hand's points, plays by search (see the module)."""

    name = "expert"

    def __init__(self, rng: random.Random, budget: Budget = DEFAULT, *, search: bool = True,
                 sampled_bids: bool = True, samples: int = SAMPLES, prior: float = PRIOR,
                 margin: float = MARGIN) -> None:
        self.rng = rng
        self.heuristic = HeuristicBot(rng)
        self.pimc = PimcBot(rng, budget)
        self.ismcts = IsmctsBot(rng, budget)
        self.sets = SetStreak()
        #: False: the card play is the heuristic's (to measure the bidding alone)
        self.search = search
        #: False: the bids are the heuristic's (to measure the card play alone)
        self.sampled_bids = sampled_bids
        self.samples = samples
        self.prior = prior
        #: added to every bid's threshold
        self.margin = margin

    def choose(self, view: View) -> Action:
        """A legal action for the seat's turn."""
        streak = self.sets.observe(view)
        if len(view.legal) == 1 and view.discard_options is None:
            return view.legal[0]
        if view.phase == Phase.AUCTION:
            return self._bid(view, streak)
        if view.phase != Phase.PLAY and not (view.phase == Phase.TRUMP and view.trick):
            return self.heuristic.choose(view)
        if not self.search:
            return self.heuristic.choose(view)
        r = view.rules
        player: Bot = self.ismcts if not r.teams and not r.dynamic_teams else self.pimc
        return player.choose(view)

    def _bid(self, view: View, streak: int) -> Action:
        if not self.sampled_bids or view.upcard is not None \
                or Choose(view.seat, Choice.MISDEAL) in view.legal:
            return self.heuristic.choose(view)
        chances = bid_chances(view, self.rng, samples=self.samples, prior=self.prior)
        if not chances:
            return self.heuristic.choose(view)
        return choose_bid(view, chances, sets_in_a_row=streak, margin=self.margin)


register("expert", ExpertBot)
