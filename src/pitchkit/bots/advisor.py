"""The reasons behind a hint: the chance of making each bid, and what each card is worth.

In the auction, deals consistent with the seat's view are sampled
(:mod:`pitchkit.search.sampling`) and each is solved with every card visible, the seat pitching in
each of its most promising trump suits (:func:`pitchkit.search.contract.simulate`, the solver of
:func:`~pitchkit.search.solver.make_solver`, as the ``pimc`` bot does). Per legal bid, in its best
suit: the chance of making it and the expected change of the seat's side's score (points taken
when made, the bid lost when set). The sampled share is discounted by
:data:`~pitchkit.search.contract.PLAYED_OUT_DISCOUNT`: a pitcher who sees every card makes a little
more than the ``pimc`` bot at the table (measured by ``benchmarks/advisor_calibration.py``).

In the play, each legal card's average value over sampled deals
(:func:`pitchkit.search.pimc.pimc_values`): the seat's side's score change against the others'.

The work is bounded by counts (samples, solver nodes), so a seed gives the same advice on any
machine; ``seconds`` adds a clock limit for a server that must answer in time (then the answer
depends on the machine's speed).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from pitchkit.actions import Action, Bid, Phase, Play
from pitchkit.cards import Card
from pitchkit.search import contract
from pitchkit.search.pimc import MAX_SOLVED_CARDS, pimc_values
from pitchkit.search.solver import SolveStats
from pitchkit.tui.cards import card_label
from pitchkit.view import View

#: suits tried per auction decision (the most promising ones)
SUITS = 2
#: deals sampled per auction advice, and per card-play advice
SAMPLES = 32
PLAY_SAMPLES = 24
#: solver nodes per advice
NODES = 3_000_000
PLAY_NODES = 600_000
#: deals sampled at a time when a clock limit applies, and the fewest before the clock may stop
#: (a bid's chance, to steps of about a tenth; a card's value, one few)
_CHUNK = 4
_LEAST = 8
_LEAST_CARDS = 4


@dataclass(frozen=True, slots=True)
class BidAdvice:
    """One legal bid: its chance of being made and its expected score change, in its best suit."""

    bid: int
    #: the bid as the table writes it (``"3"``, ``"smudge"``)
    name: str
    suit: int
    make: float
    expected: float


@dataclass(frozen=True, slots=True)
class CardAdvice:
    """One legal card: its average value over the sampled deals."""

    card: str
    value: float


@dataclass(frozen=True, slots=True)
class Advice:
    """What the samples say about the seat's choices (empty when nothing could be estimated)."""

    bids: tuple[BidAdvice, ...] = ()
    cards: tuple[CardAdvice, ...] = ()
    #: deals solved
    samples: int = 0

    def bid(self, amount: int) -> BidAdvice | None:
        """The advice for one bid, if it was estimated."""
        return next((b for b in self.bids if b.bid == amount), None)


def advise(view: View, rng: random.Random, *, samples: int | None = None, nodes: int | None = None,
           seconds: float | None = None) -> Advice:
    """Advice for the seat's turn: bids in the auction, cards in the play, nothing otherwise
    (discards, choices, trump naming, hands too long to solve)."""
    if view.phase == Phase.AUCTION and any(isinstance(a, Bid) and a.amount is not None for a in view.legal):
        return advise_bids(view, rng, samples=samples or SAMPLES, nodes=nodes or NODES, seconds=seconds)
    if view.phase == Phase.PLAY and view.trump is not None and any(isinstance(a, Play) for a in view.legal):
        return advise_cards(view, rng, samples=samples or PLAY_SAMPLES, nodes=nodes or PLAY_NODES,
                            seconds=seconds)
    return Advice()


def advise_bids(view: View, rng: random.Random, *, samples: int = SAMPLES, nodes: int = NODES,
                seconds: float | None = None) -> Advice:
    """The chance of making each legal bid and its expected score change (see the module)."""
    r = view.rules
    if (r.draw_to or len(view.hand)) > contract.MAX_SIMULATED_CARDS:
        return Advice()
    hand = 0
    for c in view.hand:
        hand |= 1 << c
    suits = contract.candidate_suits(view, hand, limit=SUITS)
    if not suits:
        return Advice()
    points: dict[int, list[int]] = {s: [] for s in suits}
    in_play: dict[int, list[int]] = {s: [] for s in suits}
    spent = 0
    deadline = None if seconds is None else time.monotonic() + seconds
    while spent < nodes:
        asked = len(points[suits[0]])
        if asked >= samples or (deadline is not None and asked >= _LEAST and time.monotonic() > deadline):
            break
        step = samples - asked if deadline is None else min(_CHUNK, samples - asked)
        sim = contract.simulate(view, rng, suits=suits, samples=step, node_budget=nodes - spent,
                                inference=False)
        spent += max(sim.nodes, 1)
        for s in suits:
            points[s] += sim.points[s]
            in_play[s] += sim.in_play[s]
        if len(sim.points[suits[0]]) < step:  # the nodes ran out
            break
    solved = len(points[suits[0]])
    if not solved:
        return Advice()
    out: list[BidAdvice] = []
    for a in view.legal:
        if not isinstance(a, Bid) or a.amount is None:
            continue
        best: BidAdvice | None = None
        for s in suits:
            odds = contract.bid_odds(r, a.amount, points[s], in_play[s],
                                     discount=contract.PLAYED_OUT_DISCOUNT)
            if best is None or odds.expected > best.expected:
                best = BidAdvice(a.amount, r.bid_name(a.amount), s, odds.make, odds.expected)
        if best is not None:
            out.append(best)
    return Advice(bids=tuple(out), samples=solved)


def advise_cards(view: View, rng: random.Random, *, samples: int = PLAY_SAMPLES,
                 nodes: int = PLAY_NODES, seconds: float | None = None) -> Advice:
    """Each legal card's average value, best first (nothing for hands too long to solve). With
    ``seconds``, deals are solved a few at a time until the clock runs out, and the values are the
    mean of each few's averages."""
    if max(view.hand_sizes) > MAX_SOLVED_CARDS:
        return Advice()
    if seconds is None:
        values = pimc_values(view, rng, samples=samples, nodes=nodes, stats=SolveStats(), inference=False)
        done = samples if values else 0
    else:
        deadline = time.monotonic() + seconds
        sums: dict[Action, float] = {}
        done = chunks = 0
        while done < samples and (done < _LEAST_CARDS or time.monotonic() < deadline):
            step = min(_CHUNK, samples - done)
            got = pimc_values(view, rng, samples=step, nodes=nodes * step // samples, stats=SolveStats(),
                              inference=False)
            if not got:
                break
            for a, v in got.items():
                sums[a] = sums.get(a, 0.0) + v
            done += step
            chunks += 1
        values = {a: v / chunks for a, v in sums.items()}
    cards = sorted((CardAdvice(str(a.card), v) for a, v in values.items() if isinstance(a, Play)),
                   key=lambda c: (-c.value, c.card))
    return Advice(cards=tuple(cards), samples=done)


def _signed(x: float) -> str:
    return f"{round(x, 1) + 0.0:+.1f}".replace("-", "\u2212")


def reason(action: Action, advice: Advice) -> str:
    """The advice for ``action`` in one sentence ("" when there is none)."""
    if isinstance(action, Bid) and advice.bids:
        if action.amount is None:
            best = max(advice.bids, key=lambda b: b.expected)
            return (f"passing; the best bid, {best.name}, would make about {best.make:.0%} of the time "
                    f"({_signed(best.expected)} expected)")
        got = advice.bid(action.amount)
        if got is not None:
            return f"makes {got.name} about {got.make:.0%} of the time ({_signed(got.expected)} expected)"
    if isinstance(action, Play) and advice.cards:
        mine = next((c for c in advice.cards if c.card == str(action.card)), None)
        if mine is None:
            return ""
        words = f"{_label(mine.card)} is worth {_signed(mine.value)} on average"
        others = [c for c in advice.cards if c.card != mine.card]
        if others:
            words += f"; the next best, {_label(others[0].card)}, {_signed(others[0].value)}"
        return words + " (your side's score margin, averaged over sampled deals)"
    return ""


def _label(card: str) -> str:
    return card_label(Card.parse(card))
