"""What the auction says about the hidden hands: a likelihood of the bids for a sampled deal.

A seat that bid ``b`` probably holds a hand worth about ``b`` points in its best suit (the pitcher:
in the trump it chose); a seat that passed when it could have bid ``q`` probably holds less. The
worth of a hand is the ``heuristic`` bot's estimate of the points it takes as pitcher in a suit
(:func:`pitchkit.bots.bidding.estimate`), and each bid is read through a soft threshold (a normal
curve), since players misjudge and bid for the score as well. Sampled deals are kept with this
likelihood (rejection sampling), so the hidden hands fit the auction as well as the play. The same
reading (:func:`bids_at_least`) tells how likely a seat still to speak is to bid over a bid.

Hands the auction never saw whole (after a discard and draw) are not weighed, nor is Euchre's making
of trump with the upcard: its passes and calls are no bids of points, and the dealer's pick-up, a
farmer's exchange with the kitty and partner's best change the hands after them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from pitchkit.engine.rules import POINT_VALUES, Rules, TrumpBy
from pitchkit.engine.view import View
from pitchkit.search.sampling import Knowledge, Sample, sample

#: how far below the bid the estimate of a bidder's hand may fall, on average
SLACK = 0.4
#: spread of the threshold for a game of four points (grows with the points at stake)
SPREAD = 0.6
#: a pass is never taken as proof of weakness beyond this likelihood
PASS_FLOOR = 0.15
#: candidate deals drawn per sample kept, at most
TRIES = 12

Estimator = Callable[[int, int], float]


def estimator(view: View) -> Estimator | None:
    """The worth of a hand (a mask of cards) as pitcher in a suit, in points: the ``heuristic``
    bot's estimate (None when the bots are not importable)."""
    try:
        from pitchkit.bots.bidding import estimate
    except ImportError:
        return None
    r = view.rules
    n = len(view.seats)
    unseen = r.deck_size - r.hand_size
    others = min(unseen, (n - 1) * r.hand_size)

    def worth(cards: int, suit: int) -> float:
        return estimate(r, cards, suit, others=others, unseen=unseen, n_seats=n).points

    return worth


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def auction_likelihood(view: View) -> Callable[[Sample], float] | None:
    """The likelihood of the view's auction for a sampled deal, or None when there is nothing to
    weigh (no other seat's bid or pass, hands changed by a draw, or trump made with the upcard)."""
    r = view.rules
    if r.draw_to or not view.bids or r.trump_by is TrumpBy.UPCARD:
        return None
    worth = estimator(view)
    if worth is None:
        return None
    spread = bid_spread(r)
    high: int | None = None
    facts: list[tuple[int, int | None, int]] = []
    for seat, amount in view.bids:
        floor = r.min_bid if high is None else high + 1
        forced = seat == view.dealer and high is None
        if seat != view.seat and floor <= r.max_bid and not forced:
            facts.append((seat, amount, floor))
        if amount is not None:
            high = amount
    if not facts:
        return None
    played: dict[int, int] = {s: 0 for s in view.seats}
    for plays, _ in view.tricks:
        for s, c in plays:
            played[s] |= 1 << c
    for s, c in view.trick:
        played[s] |= 1 << c
    trump = None if view.trump is None else int(view.trump)
    pitcher = view.pitcher

    def likelihood(smp: Sample) -> float:
        out = 1.0
        best: dict[int, float] = {}
        for seat, amount, floor in facts:
            cards = smp.hands[seat] | played[seat]
            if amount is not None and seat == pitcher and trump is not None:
                e = worth(cards, trump)
            else:
                if seat not in best:
                    best[seat] = max(worth(cards, s) for s in range(4))
                e = best[seat]
            if amount is None:
                out *= max(PASS_FLOOR, 1.0 - bids_at_least(e, floor, spread))
            else:
                out *= bids_at_least(e, amount, spread)
        return out

    return likelihood


def bid_spread(rules: Rules) -> float:
    """The spread of the soft threshold a hand's worth is read through, for ``rules``' points."""
    total = sum(POINT_VALUES[p] for p in rules.points if p != "smudge")
    return SPREAD * math.sqrt(total / 4.0)


def bids_at_least(worth: float, amount: int, spread: float) -> float:
    """The chance that a seat whose hand is worth ``worth`` points bids ``amount`` or more."""
    return _phi((worth - amount + SLACK) / spread)


def weighted_sample(view: View, rng: random.Random, know: Knowledge,
                    likelihood: Callable[[Sample], float] | None) -> Sample:
    """A deal consistent with the view, kept with probability ``likelihood`` (after
    :data:`TRIES` candidates, the likeliest one seen)."""
    if likelihood is None:
        return sample(view, rng, know=know)
    best: tuple[float, Sample] | None = None
    for _ in range(TRIES):
        smp = sample(view, rng, know=know)
        w = likelihood(smp)
        if rng.random() < w:
            return smp
        if best is None or w > best[0]:
            best = (w, smp)
    assert best is not None
    return best[1]
