"""The auction and the choice of trump by simulation.

For each trump suit worth trying, deals consistent with the seat's view are sampled and each is
solved with every card visible, the seat as pitcher, in the ``points`` objective: the value is the
points the seat's side can be sure to take, so a bid ``b`` is made in that deal exactly when the
value reaches ``b``. The samples give, per suit and bid, the chance of making it and the expected
score change (points taken when made, minus the bid when set; smudge bids win or lose
``smudge-value``). Comparing with what passing is worth (see :func:`pass_value`) picks the bid.

The search bots use it when their budget gives ``bid_samples`` (not by default: the simulated
chance of making a bid is higher than the chance at the table, see ``docs/benchmarks.md``).

Ten-point's discard and draw are simulated before solving: every seat keeps its trumps (point
cards first, then by rank) and sheds the rest within the stock's limits, draws in turn, and the
bidder takes the rest of the stock and keeps the best six.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from pitchkit.bots.bidding import decline
from pitchkit.engine.actions import Action, Bid, Choice, Choose, DeclareTrump, Phase
from pitchkit.engine.cards import BIG_JOKER, bits_of
from pitchkit.engine.rules import POINT_VALUES, GoingOut, Rules, TrumpBy
from pitchkit.engine.scoring import point_card
from pitchkit.engine.trump import TrumpTable, table
from pitchkit.engine.view import View
from pitchkit.search.budget import Budget
from pitchkit.search.fallback import Fallback
from pitchkit.search.inference import auction_likelihood, weighted_sample
from pitchkit.search.position import Deal, jack_suits
from pitchkit.search.sampling import Sample, knowledge
from pitchkit.search.solver import SearchLimit
from pitchkit.search.solving import make_solver

_BURY_BANNED = ("jack", "off-jack", "big-joker", "little-joker", "ace", "ten", "two", "three")
#: least chance of making a bid the seat will ask for
MIN_MAKE = 0.65
#: the sampled chance of making a bid, times this, is the chance used: with every card in view the
#: pitcher makes more than at the table (measured: 0.83 sampled, 0.61 made, over 31 pct bids)
MAKE_DISCOUNT = 0.75
#: the same for a hand the ``pimc`` bot plays out, fitted on 318 auction positions of pct,
#: auction-partners and ten-point (``benchmarks/advisor_calibration.py``: 0.92 to 1.0 by preset)
PLAYED_OUT_DISCOUNT = 0.95
#: what defending costs, relative to the pitching side, as a share of a unit's points in play
PASS_COST = 0.5
#: longer hands (run to nine cards) are left to the fallback: too big to solve many times; ten-point's
#: nine cards are simulated down to six by the discard before solving
MAX_SIMULATED_CARDS = 7
#: fewest solved deals per suit to decide on; with fewer (the node budget ran out) the fallback bids
MIN_SAMPLES = 6
#: first leads tried per sampled deal (the strongest)
LEADS_TRIED = 2
#: least chance of making a bid that must take every point
MIN_MAKE_SWEEP = 0.75


@dataclass(slots=True)
class Simulation:
    """Per trump suit, the points the seat's side can be sure of in each sampled deal."""

    points: dict[int, list[int]] = field(default_factory=dict)
    #: points in play in each sample (per suit), for what the other sides take
    in_play: dict[int, list[int]] = field(default_factory=dict)
    nodes: int = 0
    #: deals asked for
    wanted: int = MIN_SAMPLES
    #: the hidden hands of each deal solved in every suit (the seat's own hand included)
    hands: list[tuple[int, ...]] = field(default_factory=list)


def tt_of(rules: Rules, suit: int) -> TrumpTable:
    """Trump table of ``suit`` under ``rules``."""
    return table(suit, jokers=rules.jokers, off_jack=rules.off_jack, equal_jokers=rules.equal_jokers)


def point_mask(rules: Rules, tt: TrumpTable) -> int:
    """Trump's point cards, which may not be buried."""
    m = 0
    for p in _BURY_BANNED:
        if p in rules.points:
            c = point_card(p, tt.trump, tt.off_jack)
            if c is not None:
                m |= 1 << c
    return m


def suit_strength(rules: Rules, hand: int, suit: int) -> float:
    """A quick score of a hand for a trump suit, to rank the suits worth simulating."""
    tt = tt_of(rules, suit)
    score = 0.0
    trumps = hand & tt.trump_mask
    pts = point_mask(rules, tt)
    m = trumps
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        score += 1.0 + tt.power[c] / 6.0 + (2.0 if pts >> c & 1 else 0.0)
    return score


def candidate_suits(view: View, hand: int, *, limit: int) -> list[int]:
    """The most promising trump suits: those the seat can set by leading (or may declare)."""
    r = view.rules
    if r.trump_by == TrumpBy.DECLARE:
        options = [0, 1, 2, 3]
    else:
        options = sorted({s for c in bits_of(hand) for s in jack_suits(r, c)})
    options.sort(key=lambda s: -suit_strength(r, hand, s))
    return options[:limit]


def simulate(view: View, rng: random.Random, *, suits: Sequence[int], samples: int,
             node_budget: int, inference: bool = True) -> Simulation:
    """Sample ``samples`` deals (fitting the bids so far when ``inference``) and solve each for
    every suit in ``suits`` with the seat pitching."""
    sim = Simulation(points={s: [] for s in suits}, in_play={s: [] for s in suits}, wanted=samples)
    know = knowledge(view)
    fit = auction_likelihood(view) if inference else None
    for _ in range(samples):
        smp = weighted_sample(view, rng, know, fit)
        row: dict[int, tuple[int, int]] = {}
        for suit in suits:
            deal = _pitch_deal(view, smp, suit)
            if deal is None:
                break
            remaining = node_budget - sim.nodes
            if remaining <= 0:
                return sim
            solver = make_solver(deal, objective="points", node_limit=remaining)
            try:
                value = solver.value_over(_first_leads(deal, suit))
            except SearchLimit:
                sim.nodes += solver.stats.nodes
                return sim
            sim.nodes += solver.stats.nodes
            total = sum(v for p, _, how, v in solver.scorer.plan if p != "smudge")
            row[suit] = (value, total)
        if len(row) == len(suits):
            for suit, (value, total) in row.items():
                sim.points[suit].append(value)
                sim.in_play[suit].append(total)
            sim.hands.append(smp.hands)
    return sim


def _first_leads(deal: Deal, suit: int) -> list[int]:
    """The first leads tried: the :data:`LEADS_TRIED` strongest of those that set or lead trump
    (trying fewer can only lower the value, so the estimate errs on the side of caution)."""
    hand = deal.hands[deal.to_act]
    tt = tt_of(deal.rules, suit)
    if deal.rules.trump_by == TrumpBy.LEAD:
        leads = [c for c in bits_of(hand) if suit in jack_suits(deal.rules, c)]
    elif deal.rules.bidder_leads_trump and hand & tt.trump_mask:
        leads = bits_of(hand & tt.trump_mask)
    else:
        leads = bits_of(hand)
    leads.sort(key=lambda c: -tt.strength(c, suit))
    return leads[:LEADS_TRIED]


def _pitch_deal(view: View, smp: Sample, suit: int) -> Deal | None:
    """The play-phase deal of a sample with the seat pitching in ``suit`` (after a simulated
    discard and draw when the rules have one); None for a simulated misdeal."""
    r = view.rules
    hands = list(smp.hands)
    me = view.seat
    seats = view.seats
    if r.draw_to:
        tt = tt_of(r, suit)
        pts = point_mask(r, tt)
        stock = list(smp.stock)
        nxt = {x: seats[(i + 1) % len(seats)] for i, x in enumerate(seats)}
        order = [nxt[view.dealer]]
        while len(order) < len(seats):
            order.append(nxt[order[-1]])
        need = 0
        for s in order:
            spare = len(stock) - need
            keep_min = max(0, r.draw_to - spare)
            kept = _keep(hands[s], tt, pts, r.draw_to, keep_min)
            if kept is None:
                return None
            hands[s] = kept
            need += r.draw_to - kept.bit_count()
        for s in order:
            while hands[s].bit_count() < r.draw_to and stock:
                hands[s] |= 1 << stock.pop(0)
        if r.bidder_takes_stock:
            for c in stock:
                hands[me] |= 1 << c
        final = _keep(hands[me], tt, pts, r.draw_to, r.draw_to)
        if final is None:
            return None
        hands[me] = final
    return Deal(rules=r, n_seats=view.n_seats, seats=seats, hands=hands, trick=[], tricks=[],
                trump=suit, pitcher=me, bid=r.min_bid, scores=view.scores, to_act=me)


def _keep(hand: int, tt: TrumpTable, pts: int, most: int, least: int) -> int | None:
    """The cards a simple discard policy keeps: point cards, then trumps high first, then the
    highest plain cards only as far as ``least`` demands; None when the points alone exceed
    ``most`` (a misdeal)."""
    if (hand & pts).bit_count() > most:
        return None
    keep = hand & pts
    trumps = sorted(bits_of(hand & tt.trump_mask & ~pts), key=lambda c: -tt.power[c])
    for c in trumps:
        if keep.bit_count() >= most:
            break
        keep |= 1 << c
    plain = sorted(bits_of(hand & ~tt.trump_mask), key=lambda c: -(c % 13 if c < BIG_JOKER else 0))
    for c in plain:
        if keep.bit_count() >= least:
            break
        keep |= 1 << c
    return keep


# -- decisions ------------------------------------------------------------------------------------

def enough(sim: Simulation) -> bool:
    """True when every suit simulated has at least :data:`MIN_SAMPLES` solved deals (or all the
    deals asked for, if fewer)."""
    least = min(MIN_SAMPLES, sim.wanted)
    return bool(sim.points) and all(len(p) >= least for p in sim.points.values())


@dataclass(frozen=True, slots=True)
class BidValue:
    """What pitching for ``bid`` in the best suit is worth."""

    bid: int
    suit: int
    make: float
    #: expected change of (own delta - mean delta of the other scoring units)
    value: float


@dataclass(frozen=True, slots=True)
class BidOdds:
    """One bid in one trump suit over a simulation's samples."""

    #: chance of making it (the sampled share times :data:`MAKE_DISCOUNT`)
    make: float
    #: expected change of the pitching side's score: points taken when made, the bid lost when set
    expected: float
    #: mean points the other sides take
    others: float


def bid_odds(rules: Rules, bid: int, points: Sequence[int], in_play: Sequence[int], *,
             discount: float = MAKE_DISCOUNT) -> BidOdds:
    """What pitching for ``bid`` is worth over samples where the seat's side is sure of
    ``points[i]`` of the ``in_play[i]`` points (a smudge is made by taking every point); the
    sampled share of deals that make it, times ``discount``, is the chance of making it."""
    made = 0
    gain = others = 0.0
    special = rules.is_special_bid(bid)
    for p, t in zip(points, in_play, strict=True):
        ok = p >= t > 0 if special else p >= bid
        if ok:
            gain += rules.smudge_value if special else p
        made += ok
        others += t - p
    n = len(points)
    chance = made / n * discount
    won = gain / made if made else 0.0
    loss = rules.smudge_value if special else bid
    return BidOdds(chance, chance * won - (1.0 - chance) * loss, others / n)


def n_units(rules: Rules, seats: Sequence[int]) -> int:
    """Number of scoring units (teams, or players) in the hand."""
    return len({rules.team_of(s) for s in seats}) if rules.teams else len(seats)


def bid_values(view: View, sim: Simulation, bids: Sequence[int], *,
               discount: float = MAKE_DISCOUNT) -> dict[int, BidValue]:
    """Chance of making and expected relative value of each bid, in its best suit.

    The sampled chance is discounted by :data:`MAKE_DISCOUNT`: a pitcher who sees every card makes
    more than one who does not, and the bid chosen is the one whose sample looked best."""
    r = view.rules
    k = max(1, n_units(r, view.seats) - 1)
    out: dict[int, BidValue] = {}
    for b in bids:
        best: BidValue | None = None
        for suit, pts in sim.points.items():
            if not pts:
                continue
            odds = bid_odds(r, b, pts, sim.in_play[suit], discount=discount)
            value = odds.expected - odds.others / k
            bv = BidValue(b, suit, odds.make, value)
            if best is None or bv.value > best.value:
                best = bv
        if best is not None:
            out[b] = best
    return out


def pass_value(view: View, in_play: float) -> float:
    """What passing is worth in the same relative terms: another side pitches and is expected to
    come out ahead of this seat by ``PASS_COST`` of a unit's share of the points in play; lower (bid
    more readily) when an opponent is close to the target, or when pitching is the way out."""
    r = view.rules
    units = n_units(r, view.seats)
    share = in_play / units
    v = -PASS_COST * share
    if r.target is not None:
        mine = view.scores[view.seat]
        rivals = [view.scores[s] for s in view.seats if r.team_of(s) != r.team_of(view.seat)]
        if rivals and max(rivals) >= r.target - in_play / 2:
            v -= share
        if r.going_out == GoingOut.PITCHER and mine >= r.target - in_play:
            v -= share / 2
        if r.bidder_only_within is not None and all(
                view.scores[s] >= r.target - r.bidder_only_within for s in view.seats):
            v -= share
    return v


def choose_bid(view: View, sim: Simulation) -> Action | None:
    """The auction action from a simulation; None if it has too few samples."""
    legal = view.legal
    seat = view.seat
    r = view.rules
    if Choose(seat, Choice.MISDEAL) in legal:
        return Choose(seat, Choice.MISDEAL)
    bids = sorted(a.amount for a in legal if isinstance(a, Bid) and a.amount is not None)
    if not enough(sim):
        return None
    values = bid_values(view, sim, bids)
    if not values:
        return None
    in_play = max((sum(t) / len(t) for t in sim.in_play.values() if t), default=1.0)
    floor = pass_value(view, in_play)

    def good(b: int) -> bool:
        bv = values[b]
        least = MIN_MAKE_SWEEP if r.is_special_bid(b) or b >= in_play else MIN_MAKE
        return bv.make >= least and bv.value >= floor

    ok = [b for b in bids if b in values and good(b)]
    dealer = seat == view.dealer
    if ok:
        return Bid(seat, min(ok) if dealer else max(ok))
    declined = decline(view)
    if declined is not None:
        return declined
    usable = [b for b in bids if b in values]
    if not usable:
        return None
    return Bid(seat, max(usable, key=lambda b: (values[b].value, -b)))


def choose_trump(view: View, sim: Simulation) -> Action | None:
    """Declare the suit with the best expected value for the bid won."""
    assert view.bid is not None
    if not enough(sim):
        return None
    values: dict[int, float] = {}
    for a in view.legal:
        if isinstance(a, DeclareTrump) and sim.points.get(int(a.suit)):
            one = Simulation(points={int(a.suit): sim.points[int(a.suit)]},
                             in_play={int(a.suit): sim.in_play[int(a.suit)]})
            got = bid_values(view, one, [view.bid]).get(view.bid)
            if got is not None:
                values[int(a.suit)] = got.value
    if not values:
        return None
    best = max(values, key=lambda s: (values[s], -s))
    return DeclareTrump(view.seat, next(a.suit for a in view.legal
                                        if isinstance(a, DeclareTrump) and int(a.suit) == best))


def decide(view: View, rng: random.Random, budget: Budget, fallback: Fallback) -> Action:
    """The auction action, or the declared trump, by simulation (``fallback`` if it has no
    samples, or when the budget asks for none)."""
    if not budget.bid_samples or (view.rules.draw_to or len(view.hand)) > MAX_SIMULATED_CARDS:
        return fallback.choose(view)
    if view.upcard is not None:  # making trump with the upcard is not simulated: the heuristic decides
        return fallback.choose(view)
    hand = 0
    for c in view.hand:
        hand |= 1 << c
    if view.phase == Phase.AUCTION:
        suits = candidate_suits(view, hand, limit=budget.bid_suits)
    else:
        suits = sorted({int(a.suit) for a in view.legal if isinstance(a, DeclareTrump)})
    sim = simulate(view, rng, suits=suits, samples=budget.bid_samples, node_budget=budget.bid_nodes,
                   inference=bool(budget.inference))
    act = choose_bid(view, sim) if view.phase == Phase.AUCTION else choose_trump(view, sim)
    return act if act is not None else fallback.choose(view)


def total_points(rules: Rules) -> int:
    """Points of a hand's categories."""
    return sum(POINT_VALUES[p] for p in rules.points)


