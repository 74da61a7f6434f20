"""The ``expert`` bot: the strongest player of the set.

**Auction.** The chance of making each legal bid comes from the distribution of points the hand
takes: deals consistent with the seat's view and the bids so far are sampled (the hidden hands
weighed by the auction, :mod:`pitchkit.search.inference`) and solved with the seat pitching in its
most promising suits (:func:`pitchkit.search.contract.simulate`). The sampled share is calibrated
by the bid advisor's curve (:func:`pitchkit.search.calibration.calibrated`: the share, the bid's height
and the seat's place in the auction) and shrunk towards the ``heuristic`` bot's estimate of the
same chance, which counts as :data:`PRIOR` sampled deals: with a dozen deals a share alone moves
by a tenth from one sample to the next. Each bid is then worth what holding the contract there is
expected to change (:func:`worth`: the points the side takes when it makes it, the bid lost when
set, less what the other sides take), moved by the score situation (the threshold of
:func:`threshold` is lower when making the bid goes out, when an opponent nears the target or
would go out with his bid, in ten-point's last points where only the bidder may go out, and
higher after sets in a row). Passing is worth a share of the points in play lost, more against an
opponent's bid than while nobody has bid (unless a partner still speaks and may overcall it), or,
when the partner holds the contract, what the side's contract at that bid is worth
(:func:`pass_worth`). The bot bids when a bid is worth more than
passing: it pitches a hand worth more than defending, overcalls an opponent when the higher
contract pays, and leaves a contract to its partner. A bid an opponent still to speak may
overcall is worth, by the chance of that (each such opponent's sampled hand read as the auction's
inference reads a bid), what passing against his bid is. Of bids worth about the same, it bids
the highest, except the dealer, who speaks last and takes the best. A
bid that must take every point (a smudge, a shoot-the-moon top bid) needs the sampled deals
themselves to make it at least :data:`~pitchkit.search.contract.MIN_MAKE_SWEEP` of the time.
Hands that change after the auction (a discard and draw, whose simulation is a simple rule: bids
from it measured weaker than the heuristic's) go by the heuristic's chance of taking the points
the expert's play takes (:mod:`pitchkit.search.tenpoint`) against the threshold
(:func:`threshold_bid`). A misdeal claim, making trump with an upcard, and hands too long to
simulate are bid by the ``heuristic`` bot.

**Play.** In games where every seat plays for itself, ``ismcts`` (its playouts judge a card against
plausible rather than perfect play, which measured stronger there); with partners or teams formed
during the hand, ``pimc`` with :data:`PLAY_SCALE` times the budget's deals. Trump naming, discards
and exchanges are the ``heuristic`` bot's.

The bot keeps nothing between decisions that changes its choice except the count of its side's
sets in a row, so a fresh bot per decision (as the server makes) plays the same way.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from pitchkit.bots.base import Bot, register
from pitchkit.bots.bidding import best_estimate, decline, make_chance, make_threshold, needs_sweep
from pitchkit.bots.bidding import total_points as hand_points
from pitchkit.bots.heuristic import HeuristicBot, SetStreak
from pitchkit.engine.actions import Action, Bid, Choice, Choose, Phase
from pitchkit.engine.rules import DealerSteal, GoingOut, Rules
from pitchkit.engine.view import View
from pitchkit.search import contract, inference, tenpoint
from pitchkit.search.budget import DEFAULT, Budget
from pitchkit.search.calibration import auction_place, calibrated, calibration_for
from pitchkit.search.ismcts import IsmctsBot
from pitchkit.search.pimc import PimcBot

#: deals sampled per auction decision, trump suits tried, solver nodes allowed
SAMPLES = 12
SUITS = 2
NODES = 2_000_000
#: the ``pimc`` card play (with partners) solves this many times the budget's deals and nodes: its
#: decisions take a few hundredths of a second at the default, and four times as many deals
#: measured stronger in auction-partners (``docs/benchmarks.md``)
PLAY_SCALE = 4
#: the heuristic estimate's chance of making a bid counts as this many sampled deals
PRIOR = 6
#: points a bid must be worth beyond passing
MARGIN = 0.0
#: what passing is worth, in a seat's share of the points in play lost: while nobody has bid
#: and others may still speak, against an opponent's bid, and for a dealer declining when
#: everyone passed (from pct's self-play: -0.05, -0.44 and -0.64 points per hand)
PASS_OPEN = 0.05
PASS_OPPONENT = 0.45
PASS_DEALER = 0.65
#: against an opponent's bid when a partner of the seat still speaks and may overcall it
#: (auction-partners, the expert's bids with the heuristic's play: 0 measured +0.04 points a hand
#: over 0.45, see ``docs/benchmarks.md``)
PASS_COVERED = 0.0
#: bids worth within this many points of the best count as equal; the higher is bid, since the
#: sampled deals do not see a lower bid overcalled
NEAR = 0.25
#: the threshold's cut when making the bid goes out, and when only the bidder may go out and one
#: side is within reach; the threshold's bounds
GOING_OUT = 0.08
BIDDER_OUT = 0.1
LEAST, MOST = 0.25, 0.9


@dataclass(frozen=True, slots=True)
class BidChance:
    """One legal bid: the sampled chance of making it (calibrated; None when nothing was
    sampled), the heuristic's chance, the two combined, and over the sampled deals the mean
    points the seat's side takes when it makes the bid, the mean points each other side takes
    (0 when nothing was sampled) and the chance that the bid is not overcalled."""

    bid: int
    sampled: float | None
    estimated: float
    chance: float
    won: float = 0.0
    others: float = 0.0
    #: the chance that no opponent still to speak overcalls the bid (over the sampled deals)
    kept: float = 1.0


def bid_chances(view: View, rng: random.Random, *, samples: int = SAMPLES, nodes: int = NODES,
                prior: float = PRIOR, also: tuple[int, ...] = ()) -> list[BidChance]:
    """The chance of making each legal bid (and of each bid in ``also``, such as the partner's
    standing bid), see the module. Hands that change after the auction (a discard and draw: its
    simulation is a simple rule, and bids from it measured weaker than the heuristic's, see
    ``docs/benchmarks.md``) get the heuristic's chance alone; empty when the hand cannot be
    simulated (too long, no suit, the solver's nodes ran out)."""
    r = view.rules
    bids = sorted({a.amount for a in view.legal if isinstance(a, Bid) and a.amount is not None}
                  | set(also))
    if not bids:
        return []
    est = best_estimate(view)
    if r.draw_to:
        return [BidChance(b, None, e, e) for b in bids
                for e in [_estimated(r, b, tenpoint.expected_points(est.points), est.sweep,
                                     est.has_ace)]]
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
    k = max(1, contract.n_units(r, view.seats) - 1)
    kept = _kept(view, sim.hands, bids)
    cal = calibration_for(r)
    place = auction_place(view)
    out: list[BidChance] = []
    for b in bids:
        best: tuple[float, float, float] | None = None
        for s, pts in sim.points.items():
            if not pts:
                continue
            odds = contract.bid_odds(r, b, pts, sim.in_play[s], discount=1.0)
            made = round(odds.make * len(pts))
            chance = calibrated(r, b, made, len(pts), place, cal)
            loss = r.smudge_value if r.is_special_bid(b) else b
            won = (odds.expected + (1.0 - odds.make) * loss) / odds.make if made else float(b)
            if best is None or chance > best[0]:
                best = (chance, won, odds.others / k)
        assert best is not None
        sampled, won, others = best
        estimated = _estimated(r, b, est.points, est.sweep, est.has_ace)
        out.append(BidChance(b, sampled, estimated, (n * sampled + prior * estimated) / (n + prior),
                             won, others, kept[b]))
    return out


def _kept(view: View, hands: list[tuple[int, ...]], bids: list[int]) -> dict[int, float]:
    """For each bid, the chance that no opponent who still speaks overcalls it: over the sampled
    hands, each such opponent bids over it as :func:`~pitchkit.search.inference.bids_at_least`
    reads a hand of its worth (the dealer who may take the bid for the same, at the same)."""
    r = view.rules
    seats = view.seats
    worth = inference.estimator(view)
    if worth is None or not hands or len(view.bids) >= len(seats):
        return {b: 1.0 for b in bids}
    rivals = [s for s in seats if r.team_of(s) != r.team_of(view.seat)
              and _turn(view, s) > _turn(view, view.seat)]
    spread = inference.bid_spread(r)
    best = [[max(worth(h[s], suit) for suit in range(4)) for s in rivals] for h in hands]
    out: dict[int, float] = {}
    for b in bids:
        top = r.is_special_bid(b) or (r.pitch_ends_auction and b >= r.max_bid)
        needs = [b if s == view.dealer and r.dealer_steal == DealerSteal.SAME else b + 1
                 for s in rivals]
        total = 0.0
        for row in best:
            keep = 1.0
            for e, need in zip(row, needs, strict=True):
                if not top and need <= r.max_bid:
                    keep *= 1.0 - inference.bids_at_least(e, need, spread)
            total += keep
        out[b] = total / len(best)
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


def threshold_bid(view: View, chances: list[BidChance], *, sets_in_a_row: int = 0) -> Action:
    """The highest legal bid whose chance reaches the seat's :func:`threshold`, else not bidding
    (for hands that change after the auction, whose chances are the heuristic's)."""
    r = view.rules
    legal = {a.amount for a in view.legal if isinstance(a, Bid) and a.amount is not None}
    ok = [c.bid for c in chances if c.bid in legal
          and c.chance >= threshold(view, c.bid, sets_in_a_row=sets_in_a_row)
          and (not needs_sweep(r, c.bid) or c.estimated >= contract.MIN_MAKE_SWEEP)]
    if ok:
        return Bid(view.seat, max(ok))
    declined = decline(view)
    if declined is not None:
        return declined
    return Bid(view.seat, min(legal))


def worth(view: View, c: BidChance, *, sets_in_a_row: int = 0) -> float:
    """What holding the contract at ``c.bid`` is worth to the seat: the expected change of its
    side's score (the points taken when made, the bid lost when set) less what each other side
    takes, plus the score situation: the threshold's cut (:func:`threshold`) from the plain one,
    times what the chance moves (the points won plus the bid lost)."""
    r = view.rules
    loss = r.smudge_value if r.is_special_bid(c.bid) else c.bid
    won = max(c.won, float(c.bid))
    plain = 0.8 if r.draw_to else 0.6
    shift = plain - threshold(view, c.bid, sets_in_a_row=sets_in_a_row)
    held = (c.chance + shift) * (won + loss) - loss - c.others
    if c.kept >= 1.0:
        return held
    overcalled = -PASS_OPPONENT * hand_points(r) / len(view.seats)
    return c.kept * held + (1.0 - c.kept) * overcalled


def pass_worth(view: View, chances: list[BidChance], in_play: float, *,
               sets_in_a_row: int = 0) -> float:
    """What passing is worth in the same terms: with the partner holding the contract, what the
    side's contract at that bid is worth; else a share of a seat's points in play lost
    (:data:`PASS_OPEN` while nobody has bid, :data:`PASS_OPPONENT` against an opponent's bid,
    :data:`PASS_COVERED` against it when a partner still speaks, :data:`PASS_DEALER` for a
    dealer who declines when everyone passed)."""
    r = view.rules
    high = next(((s, b) for s, b in reversed(view.bids) if b is not None), None)
    share = in_play / len(view.seats)
    if high is None:
        return -(PASS_DEALER if view.seat == view.dealer else PASS_OPEN) * share
    if r.team_of(high[0]) == r.team_of(view.seat) and high[0] != view.seat:
        theirs = next((c for c in chances if c.bid == high[1]), None)
        if theirs is not None:
            return worth(view, theirs, sets_in_a_row=sets_in_a_row)
        return 0.0
    return -(PASS_COVERED if _partner_speaks(view) else PASS_OPPONENT) * share


def _turn(view: View, seat: int) -> int:
    """The seat's turn in the auction: 0 for the first to speak, the dealer last."""
    seats = view.seats
    return (seats.index(seat) - seats.index(view.dealer) - 1) % len(seats)


def _partner_speaks(view: View) -> bool:
    """True when a partner of the seat speaks after it in the auction (which the dealer ends)."""
    r = view.rules
    return bool(r.teams) and any(s != view.seat and r.team_of(s) == r.team_of(view.seat)
                                 and _turn(view, s) > _turn(view, view.seat) for s in view.seats)


def choose_bid(view: View, chances: list[BidChance], *, sets_in_a_row: int = 0,
               margin: float = 0.0, near: float = NEAR) -> Action:
    """The bid worth most to the seat (see :func:`worth`), when it is worth more than passing
    (:func:`pass_worth`) by ``margin`` points; among bids within ``near`` of the best, the highest,
    unless the seat speaks last (then the best). A bid that must take every point needs the
    sampled deals to make it at least :data:`~pitchkit.search.contract.MIN_MAKE_SWEEP` of the
    time. Else not bidding."""
    r = view.rules
    legal = {a.amount for a in view.legal if isinstance(a, Bid) and a.amount is not None}
    mine = [c for c in chances if c.bid in legal]
    in_play = float(hand_points(r))

    def sure(c: BidChance) -> bool:
        return not needs_sweep(r, c.bid) or \
            (c.estimated if c.sampled is None else c.sampled) >= contract.MIN_MAKE_SWEEP

    values = {c.bid: worth(view, c, sets_in_a_row=sets_in_a_row) for c in mine if sure(c)}
    floor = pass_worth(view, chances, in_play, sets_in_a_row=sets_in_a_row) + margin
    ok = {b: v for b, v in values.items() if v > floor}
    if ok:
        top = max(ok.values())
        if _speaks_last(view):
            return Bid(view.seat, max(ok, key=lambda b: (ok[b], -b)))
        return Bid(view.seat, max(b for b, v in ok.items() if v >= top - near))
    declined = decline(view)
    if declined is not None:
        return declined
    return Bid(view.seat, min(legal))


def _speaks_last(view: View) -> bool:
    """True for the dealer, who speaks last in the auction."""
    return view.seat == view.dealer


class ExpertBot:
    """Bids from the sampled distribution of its hand's points, plays by search (see the module)."""

    name = "expert"

    def __init__(self, rng: random.Random, budget: Budget = DEFAULT, *, search: bool = True,
                 sampled_bids: bool = True, samples: int = SAMPLES, nodes: int = NODES,
                 prior: float = PRIOR, margin: float = MARGIN) -> None:
        self.rng = rng
        self.heuristic = HeuristicBot(rng)
        self.pimc = PimcBot(rng, replace(budget, samples=budget.samples * PLAY_SCALE,
                                          nodes=budget.nodes * PLAY_SCALE))
        self.ismcts = IsmctsBot(rng, budget)
        self.sets = SetStreak()
        #: False: the card play is the heuristic's (to measure the bidding alone)
        self.search = search
        #: False: the bids are the heuristic's (to measure the card play alone)
        self.sampled_bids = sampled_bids
        #: deals sampled, and solver nodes, per auction decision
        self.samples = samples
        self.nodes = nodes
        self.prior = prior
        #: points a bid must be worth beyond passing
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
        return self.auction(view, sets_in_a_row=streak)[0]

    def auction(self, view: View, *, sets_in_a_row: int = 0) -> tuple[Action, list[BidChance]]:
        """The auction action and the chances it was chosen from (empty when the ``heuristic``
        bot bid: no sampled bids, a misdeal claim, trump made with an upcard, a hand not
        simulated)."""
        if not self.sampled_bids or view.upcard is not None \
                or Choose(view.seat, Choice.MISDEAL) in view.legal:
            return self.heuristic.choose(view), []
        r = view.rules
        high = next(((s, b) for s, b in reversed(view.bids) if b is not None), None)
        partner = () if high is None or r.team_of(high[0]) != r.team_of(view.seat) else (high[1],)
        chances = bid_chances(view, self.rng, samples=self.samples, nodes=self.nodes, prior=self.prior,
                              also=partner)
        if not chances:
            return self.heuristic.choose(view), []
        if r.draw_to:
            return threshold_bid(view, chances, sets_in_a_row=sets_in_a_row), chances
        return choose_bid(view, chances, sets_in_a_row=sets_in_a_row, margin=self.margin), chances


register("expert", ExpertBot)
