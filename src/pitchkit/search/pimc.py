"""The ``pimc`` bot: perfect-information Monte Carlo, the method of GIB (Bridge) and Skat programs.

Card play: sample deals consistent with the seat's view, solve each with every card visible
(:mod:`pitchkit.search.solver`) from the deciding seat's perspective (its side against everyone
else; in a cutthroat hand a defender plays with the other defenders against the pitcher), and play
the card with the best average value.

The lead that sets trump in a lead-for-trump hand, and the suit a jack or joker lead names, are the
``heuristic`` bot's by default: solving those with every card visible rates leads that only work
when the pitcher knows where the defenders' trumps are, and measured weaker (see
``docs/benchmarks.md``). With ``Budget.lead_search`` they are searched too: each lead valued with
its trump (a jack or joker lead by its best suit).

Auction and declared trump: the ``heuristic`` bot's hand estimate by default, by simulation
(:mod:`pitchkit.search.contract`) when the budget gives ``bid_samples``. Discards and anything the
simulation cannot decide fall back to the ``heuristic`` bot.
"""

from __future__ import annotations

import random

from pitchkit.bots.base import register
from pitchkit.engine.actions import Action, DeclareTrump, Phase, Play
from pitchkit.engine.cards import CARDS
from pitchkit.engine.view import View
from pitchkit.search import contract
from pitchkit.search.budget import DEFAULT, Budget
from pitchkit.search.fallback import Fallback
from pitchkit.search.inference import auction_likelihood, weighted_sample
from pitchkit.search.position import Deal
from pitchkit.search.sampling import knowledge
from pitchkit.search.solver import SearchLimit, SolveStats
from pitchkit.search.solving import first_lead_values, make_solver

#: averages closer than this count as a tie
TIE = 1e-9
#: hands longer than this (a hand run to nine cards) are too big to solve per decision: until they
#: are this short, the fallback plays
MAX_SOLVED_CARDS = 7
#: the solver's objective for a defender of a cutthroat hand (see :mod:`pitchkit.search.position`):
#: the defenders against the pitcher, which measured stronger than each against everyone
DEFENDER_OBJECTIVE = "coalition"


def on_pitcher_side(view: View, seat: int) -> bool:
    """True if ``seat`` plays on the pitcher's side (the side the solver maximises)."""
    r = view.rules
    assert view.pitcher is not None
    if r.teams:
        return r.team_of(seat) == r.team_of(view.pitcher)
    return seat == view.pitcher


def deal_values(view: View, deal: Deal, *, node_limit: int | None,
                stats: SolveStats) -> dict[Action, int]:
    """Value of each legal action of the view in one fully known deal, for the deciding seat (its
    side against everyone else); raises :class:`SearchLimit` past ``node_limit`` nodes."""
    seat = view.seat
    objective = objective_for(view)
    if view.phase == Phase.TRUMP:
        leader, _ = view.trick[0]
        out: dict[Action, int] = {}
        for a in view.legal:
            assert isinstance(a, DeclareTrump)
            d = deal.copy()
            d.trump = int(a.suit)
            d.to_act = d.nxt[leader]
            solver = make_solver(d, objective=objective, node_limit=_left(node_limit, stats),
                                 perspective=seat)
            try:
                out[a] = solver.value()
            finally:
                stats.nodes += solver.stats.nodes
        return out
    if deal.trump is None:
        sub = SolveStats()
        try:
            by_lead = first_lead_values(deal, objective=objective, stats=sub,
                                        node_limit=_left(node_limit, stats),
                                        perspective=seat)
        finally:
            stats.nodes += sub.nodes
        best: dict[int, int] = {}
        for (c, _), v in by_lead.items():
            best[c] = max(best.get(c, v), v)
        return {Play(seat, CARDS[c]): v for c, v in best.items()}
    solver = make_solver(deal, objective=objective, node_limit=_left(node_limit, stats),
                         perspective=seat)
    try:
        vals = solver.move_values()
    finally:
        stats.nodes += solver.stats.nodes
    return {Play(seat, CARDS[c]): v for c, v in vals.items()}


def objective_for(view: View) -> str:
    """The solver's objective for the deciding seat: ``"delta"`` (its side against everyone
    else), or :data:`DEFENDER_OBJECTIVE` for a defender of a cutthroat hand."""
    if not view.rules.teams and view.seat != view.pitcher:
        return DEFENDER_OBJECTIVE
    return "delta"


def _left(limit: int | None, stats: SolveStats) -> int | None:
    return None if limit is None else max(1, limit - stats.nodes)


def pimc_values(view: View, rng: random.Random, *, samples: int, nodes: int,
                stats: SolveStats | None = None, inference: bool = True) -> dict[Action, float]:
    """Average value of each legal action over up to ``samples`` sampled deals, stopping early when
    ``nodes`` solver nodes are spent (the first deal may use twice that); empty if not even one
    deal could be solved."""
    st = stats if stats is not None else SolveStats()
    know = knowledge(view)
    fit = auction_likelihood(view) if inference else None
    sums: dict[Action, float] = {}
    done = 0
    for i in range(samples):
        if i and st.nodes >= nodes:
            break
        smp = weighted_sample(view, rng, know, fit)
        deal = Deal.from_view(view, smp.hands)
        limit = 2 * nodes if i == 0 else nodes
        try:
            vals = deal_values(view, deal, node_limit=limit, stats=st)
        except SearchLimit:
            break
        for a, v in vals.items():
            sums[a] = sums.get(a, 0.0) + v
        done += 1
    if not done:
        return {}
    return {a: s / done for a, s in sums.items()}


def pick_best(view: View, values: dict[Action, float]) -> Action:
    """The action with the best average for the deciding seat. Near ties (within :data:`TIE`) go
    to the card that gives away least: fewest card points, then the lowest rank (then the first
    legal action)."""
    order = {a: i for i, a in enumerate(view.legal)}
    top = max(values.values())
    near = [a for a in values if values[a] >= top - TIE]

    def thrift(a: Action) -> tuple[int, int, int]:
        if isinstance(a, Play):
            c = a.card
            return (c.game_value, c.rank if c.rank is not None else 15, order.get(a, 0))
        return (0, 0, order.get(a, 0))

    return min(near, key=thrift)


class PimcBot:
    """Samples deals and solves them exactly; see the module documentation."""

    name = "pimc"

    def __init__(self, rng: random.Random, budget: Budget = DEFAULT) -> None:
        self.rng = rng
        self.budget = budget
        self.fallback = Fallback(rng)
        #: solver nodes spent so far (all decisions)
        self.nodes = 0

    def choose(self, view: View) -> Action:
        """A legal action for the seat's turn."""
        if view.discard_options is not None or view.phase == Phase.EXCHANGE:
            return self.fallback.choose(view)
        if len(view.legal) == 1:
            return view.legal[0]
        b = self.budget
        if view.phase == Phase.AUCTION or (view.phase == Phase.TRUMP and not view.trick):
            return contract.decide(view, self.rng, b, self.fallback)
        sets_trump = view.phase == Phase.TRUMP or view.trump is None
        if max(view.hand_sizes) > MAX_SOLVED_CARDS or (sets_trump and not b.lead_search):
            return self.fallback.choose(view)
        st = SolveStats()
        values = pimc_values(view, self.rng, samples=b.samples, nodes=b.nodes, stats=st,
                             inference=bool(b.inference))
        self.nodes += st.nodes
        if not values:
            return self.fallback.choose(view)
        return pick_best(view, values)


register("pimc", PimcBot)
