"""The expert's ten-point bidding: the heuristic's chance of the points the expert's own play takes
(a point more than the heuristic estimate), against the same score-dependent threshold."""

from __future__ import annotations

import random

from pitchkit import Hand, make_rules
from pitchkit.bots import make_bot
from pitchkit.bots.bidding import best_estimate, make_chance
from pitchkit.engine.actions import Bid, Phase
from pitchkit.engine.view import View, make_view
from pitchkit.search import tenpoint
from pitchkit.search.expert import threshold

RULES = make_rules("ten-point")


def _opening_views(n: int) -> list[View]:
    """The first bidder's view of ``n`` ten-point deals, scores at zero (misdeal claims left out)."""
    out = []
    for seed in range(n):
        hand = Hand.deal(RULES, random.Random(seed), dealer=3)
        view = make_view(hand, 0)
        if view.phase == Phase.AUCTION and any(isinstance(a, Bid) and a.amount for a in view.legal) \
                and len(view.legal) > 1 and all(isinstance(a, Bid) for a in view.legal):
            out.append(view)
    return out


def test_the_expert_bids_ten_point_hands_a_point_weaker_than_the_heuristic() -> None:
    """Where the heuristic bids, the expert bids at least as high; some hands the heuristic passes
    the expert bids, and every bid it makes has the chance the threshold asks of the estimate plus
    the play's point."""
    views = _opening_views(120)
    weaker = 0
    for i, view in enumerate(views):
        mine = make_bot("expert", seed=i).choose(view)
        theirs = make_bot("heuristic", seed=i).choose(view)
        assert isinstance(mine, Bid) and isinstance(theirs, Bid)
        if theirs.amount is not None:
            assert mine.amount is not None and mine.amount >= theirs.amount
        elif mine.amount is not None:
            weaker += 1
        if mine.amount is not None and not RULES.is_special_bid(mine.amount):
            points = tenpoint.expected_points(best_estimate(view).points)
            assert make_chance(points, mine.amount, RULES) >= threshold(view, mine.amount)
    assert weaker >= 3

