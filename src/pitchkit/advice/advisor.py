"""The figures behind a hint: the chance of making each bid and what it is expected to change, the
same for the bid won in each trump suit, and what each card is worth.

In the auction, deals consistent with the seat's view are sampled
(:mod:`pitchkit.search.sampling`) and each is solved with every card visible, the seat pitching in
each of its most promising trump suits (:func:`pitchkit.search.contract.simulate`, the solver of
:func:`~pitchkit.search.solving.make_solver`, as the ``pimc`` bot does). Per legal bid, in its best
suit: the chance of making it and the expected change of the seat's side's score (points taken
when made, the bid lost when set). A pitcher who sees every card makes more than one at the table,
so the sampled share is calibrated (:class:`Calibration`): per family of presets, a logistic curve
in the share, the bid's height and the seat's place in the auction, fitted on hands the ``pimc`` bot
played out (``benchmarks/advisor_calibration.py`` writes the table, ``advisor_calibration.json``).
Presets without a table take the share times
:data:`~pitchkit.search.contract.PLAYED_OUT_DISCOUNT`.

When the pitcher names trump after the auction (ten-point), the same simulation is solved in every
suit the seat may name, and each suit gets the chance of making the bid won and its expected score
change.

In the play, each legal card's average value over sampled deals
(:func:`pitchkit.search.pimc.pimc_values`): the seat's side's score change against the others'.

The work is bounded by counts (samples, solver nodes), so a seed gives the same advice on any
machine; ``seconds`` adds a clock limit for a server that must answer in time (then the answer
depends on the machine's speed).
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pitchkit.engine.actions import Action, Bid, Choice, Choose, DeclareTrump, Phase, Play
from pitchkit.engine.cards import Card, Suit, card_label, suit_label
from pitchkit.engine.rules import Rules
from pitchkit.engine.view import View
from pitchkit.search import contract
from pitchkit.search.calibration import Calibration, auction_place, calibrated, calibration_for
from pitchkit.search.pimc import MAX_SOLVED_CARDS, pimc_values
from pitchkit.search.solver import SolveStats

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
    #: the share of solved deals that make it, before calibration
    share: float = 0.0


@dataclass(frozen=True, slots=True)
class TrumpAdvice:
    """One suit the pitcher may name trump: the chance of making the bid won with it, and the
    expected score change."""

    suit: int
    make: float
    expected: float
    #: the share of solved deals that make it, before calibration
    share: float = 0.0


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
    #: naming trump after the auction: each legal suit, best expected first
    trumps: tuple[TrumpAdvice, ...] = ()
    #: deals solved
    samples: int = 0

    def bid(self, amount: int) -> BidAdvice | None:
        """The advice for one bid, if it was estimated."""
        return next((b for b in self.bids if b.bid == amount), None)


def _bidding(view: View) -> bool:
    return view.phase == Phase.AUCTION and any(
        isinstance(a, Bid) and a.amount is not None for a in view.legal)


def _playing(view: View) -> bool:
    return view.phase == Phase.PLAY and view.trump is not None and any(
        isinstance(a, Play) for a in view.legal)


def _naming(view: View) -> bool:
    """The pitcher names trump after the auction (not the suit a jack or joker lead names)."""
    return view.phase == Phase.TRUMP and not view.trick and view.bid is not None and any(
        isinstance(a, DeclareTrump) for a in view.legal)


def advisable(view: View) -> bool:
    """True on a turn :func:`advise` estimates: a bid of a number, trump named after the auction, or
    a card once trump is known."""
    return _bidding(view) or _naming(view) or _playing(view)


def advise(view: View, rng: random.Random, *, samples: int | None = None, nodes: int | None = None,
           seconds: float | None = None) -> Advice:
    """Advice for the seat's turn: bids in the auction, each suit when naming trump after it, cards
    in the play, nothing otherwise (discards, the partner exchange, choices, the lead that names
    trump, hands too long to solve)."""
    if _bidding(view):
        return advise_bids(view, rng, samples=samples or SAMPLES, nodes=nodes or NODES, seconds=seconds)
    if _naming(view):
        return advise_trumps(view, rng, samples=samples or SAMPLES, nodes=nodes or NODES, seconds=seconds)
    if _playing(view):
        return advise_cards(view, rng, samples=samples or PLAY_SAMPLES, nodes=nodes or PLAY_NODES,
                            seconds=seconds)
    return Advice()


def advise_bids(view: View, rng: random.Random, *, samples: int = SAMPLES, nodes: int = NODES,
                seconds: float | None = None) -> Advice:
    """The chance of making each legal bid and its expected score change (see the module)."""
    sampled = sample_bids(view, rng, samples=samples, nodes=nodes, seconds=seconds)
    if sampled is None:
        return Advice()
    points, in_play = sampled
    r = view.rules
    bids = [a.amount for a in view.legal if isinstance(a, Bid) and a.amount is not None]
    return Advice(bids=bid_advice(r, bids, auction_place(view), points, in_play, calibration_for(r)),
                  samples=len(next(iter(points.values()))))


def advise_trumps(view: View, rng: random.Random, *, samples: int = SAMPLES, nodes: int = NODES,
                  seconds: float | None = None) -> Advice:
    """The chance of making the bid won and its expected score change in each suit the pitcher may
    name trump, best expected first (see the module)."""
    assert view.bid is not None
    suits = sorted({int(a.suit) for a in view.legal if isinstance(a, DeclareTrump)})
    sampled = sample_bids(view, rng, samples=samples, nodes=nodes, seconds=seconds, suits=suits)
    if sampled is None:
        return Advice()
    points, in_play = sampled
    r, place, cal = view.rules, auction_place(view), calibration_for(view.rules)
    out: list[TrumpAdvice] = []
    for suit in suits:
        got = bid_advice(r, [view.bid], place, {suit: points[suit]}, {suit: in_play[suit]}, cal)
        if got:
            out.append(TrumpAdvice(suit, got[0].make, got[0].expected, got[0].share))
    out.sort(key=lambda t: (-t.expected, t.suit))
    return Advice(trumps=tuple(out), samples=len(points[suits[0]]))


def sample_bids(view: View, rng: random.Random, *, samples: int = SAMPLES, nodes: int = NODES,
                seconds: float | None = None, suits: Sequence[int] | None = None,
                ) -> tuple[dict[int, list[int]], dict[int, list[int]]] | None:
    """Per trump suit worth trying (or each of ``suits``), the points the seat's side is sure of in
    each solved deal with the seat pitching, and the points in play (None when nothing could be
    solved)."""
    r = view.rules
    if (r.draw_to or len(view.hand)) > contract.MAX_SIMULATED_CARDS:
        return None
    hand = 0
    for c in view.hand:
        hand |= 1 << c
    suits = list(suits) if suits is not None else contract.candidate_suits(view, hand, limit=SUITS)
    if not suits:
        return None
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
    return (points, in_play) if points[suits[0]] else None


def bid_advice(rules: Rules, bids: Sequence[int], place: float, points: Mapping[int, Sequence[int]],
               in_play: Mapping[int, Sequence[int]],
               calibration: Calibration | None) -> tuple[BidAdvice, ...]:
    """Each bid's advice in its best suit, from the points the seat's side is sure of in each solved
    deal per suit (``points``, of ``in_play``), the chance calibrated by ``calibration`` (the
    sampled share times :data:`~pitchkit.search.contract.PLAYED_OUT_DISCOUNT` if None)."""
    out: list[BidAdvice] = []
    for bid in bids:
        loss = rules.smudge_value if rules.is_special_bid(bid) else bid
        best: BidAdvice | None = None
        for suit, pts in points.items():
            if not pts:
                continue
            odds = contract.bid_odds(rules, bid, pts, in_play[suit], discount=1.0)
            # the mean points taken in the deals that make it
            won = (odds.expected + (1.0 - odds.make) * loss) / odds.make if odds.make else 0.0
            make = calibrated(rules, bid, round(odds.make * len(pts)), len(pts), place, calibration)
            expected = make * won - (1.0 - make) * loss
            if best is None or expected > best.expected:
                best = BidAdvice(bid, rules.bid_name(bid), suit, make, expected, odds.make)
        if best is not None:
            out.append(best)
    return tuple(out)


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


#: what not bidding is, in words, by the auction's choice that makes no contract: each counts as 0
_NOT_BIDDING = {Choice.RUN: "running it (not estimated: counted as 0, as passing)",
                Choice.SELL: "selling the bid (counted as 0, as passing)",
                Choice.MISDEAL: "claiming a misdeal (counted as 0, as passing)"}


def not_bidding(action: Action) -> bool:
    """True for an auction choice that makes the seat no contract: a pass, running it, selling the
    bid, claiming a misdeal. Each counts as 0 against a bid's expected score change."""
    if isinstance(action, Bid):
        return action.amount is None
    return isinstance(action, Choose) and action.option in _NOT_BIDDING


def reason(action: Action, advice: Advice) -> str:
    """The advice for ``action`` in one sentence ("" when there is none)."""
    if not_bidding(action) and advice.bids:
        best = max(advice.bids, key=lambda b: b.expected)
        doing = _NOT_BIDDING[action.option] if isinstance(action, Choose) else "passing"
        return (f"{doing}; the best bid, {best.name}, would make about {best.make:.0%} of the time "
                f"({_signed(best.expected)} expected)")
    if isinstance(action, Bid) and action.amount is not None and advice.bids:
        got = advice.bid(action.amount)
        if got is not None:
            return f"makes {got.name} about {got.make:.0%} of the time ({_signed(got.expected)} expected)"
    if isinstance(action, DeclareTrump) and advice.trumps:
        named = next((t for t in advice.trumps if t.suit == int(action.suit)), None)
        if named is None:
            return ""
        said = (f"{suit_label(Suit(named.suit))} makes the bid about {named.make:.0%} of the time "
                f"({_signed(named.expected)} expected)")
        rest = [t for t in advice.trumps if t.suit != named.suit]
        if rest:
            said += (f"; the next best, {suit_label(Suit(rest[0].suit))}, {rest[0].make:.0%} "
                     f"({_signed(rest[0].expected)})")
        return said
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
