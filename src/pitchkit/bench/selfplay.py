"""Random self-play through the public engine API, and its speed.

A random player picks uniformly among ``hand.legal_actions()``; in the discard phase, whose full
list of actions can be long, it draws from ``hand.discard_options(seat)`` with the same
distribution (:func:`uniform_discard`), as the compiled fast path does, so that ``pitch simulate``
gives the same figures on either path.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from pitchkit.engine.actions import Action, Discard, Phase
from pitchkit.engine.cards import Card
from pitchkit.engine.hand import Hand
from pitchkit.engine.rules import Rules

T = TypeVar("T")
_DISCARD = Phase.DISCARD


def pick(items: Sequence[T], rng: random.Random) -> T:
    """A uniformly random item: one ``rng.random()`` call, the cheapest uniform choice ``random``
    offers (the same for every engine the suite compares)."""
    return items[int(rng.random() * len(items))]


def random_engine_action(hand: Hand, rng: random.Random) -> Action:
    """A uniformly random legal action of the seat to act (a random discard when discarding)."""
    seat = hand.to_act
    assert seat is not None
    if hand.phase == Phase.DISCARD:
        return uniform_discard(seat, *hand.discard_options(seat), rng)
    return pick(hand.legal_actions(), rng)


def uniform_discard(seat: int, cards: Sequence[Card], lo: int, hi: int, rng: random.Random) -> Discard:
    """A discard of ``lo`` to ``hi`` of ``cards``, every such set equally likely (as a uniform pick
    from the engine's list of legal discards): a size ``k`` with weight C(len(cards), k), then ``k``
    cards at random."""
    sizes = range(lo, hi + 1)
    k = rng.choices(sizes, weights=[math.comb(len(cards), k) for k in sizes])[0]
    return Discard(seat, tuple(sorted(rng.sample(list(cards), k))))


def play_out(hand: Hand, rng: random.Random) -> int:
    """Play ``hand`` to its end with random players; returns the decisions taken.

    Every decision is :func:`pick` over ``hand.legal_actions()``, the same choice the OpenSpiel loop
    of :mod:`pitchkit.bench.openspiel` makes over ``state.legal_actions()``; only a discard before
    the draw (ten-point), whose list of legal sets can hold thousands, is drawn by
    :func:`uniform_discard` with the same distribution."""
    draws = bool(hand.rules.draw_to)
    decisions = 0
    while not hand.done:
        if draws and hand.phase is _DISCARD:
            hand.apply(random_engine_action(hand, rng))
        else:
            hand.apply(pick(hand.legal_actions(), rng))
        decisions += 1
    return decisions


def play_random_hand(rules: Rules, rng: random.Random, *, dealer: int) -> tuple[Hand, int]:
    """Deal and play one hand with random players; returns the finished hand and its decisions."""
    hand = Hand.deal(rules, rng, dealer=dealer)
    return hand, play_out(hand, rng)


@dataclass(frozen=True)
class Rate:
    """Hands (or games) played in a measured time, and the decisions they took."""

    hands: int
    decisions: int
    seconds: float

    @property
    def hands_per_s(self) -> float:
        """Hands per second."""
        return self.hands / self.seconds if self.seconds else 0.0

    @property
    def decisions_per_s(self) -> float:
        """Decisions (actions applied) per second."""
        return self.decisions / self.seconds if self.seconds else 0.0

    @property
    def decisions_per_hand(self) -> float:
        """Mean decisions per hand."""
        return self.decisions / self.hands if self.hands else 0.0

    def as_json(self) -> dict[str, float]:
        """Rounded figures for reports."""
        return {"hands_per_s": round(self.hands_per_s, 1),
                "decisions_per_s": round(self.decisions_per_s, 1),
                "decisions_per_hand": round(self.decisions_per_hand, 2),
                "hands": self.hands, "seconds": round(self.seconds, 3)}


def engine_rate(rules: Rules, *, seconds: float, seed: int = 0) -> Rate:
    """Random self-play hands per second through ``Hand.deal``, ``legal_actions`` and ``apply``.

    The dealer rotates; at least one hand is played whatever ``seconds`` is."""
    rng = random.Random(seed)
    n = rules.players
    hands = decisions = 0
    clock = time.process_time
    start = clock()
    end = start + seconds
    while True:
        decisions += play_out(Hand.deal(rules, rng, dealer=hands % n), rng)
        hands += 1
        now = clock()
        if now >= end:
            return Rate(hands, decisions, now - start)


def fast_rate(rules: Rules, *, seconds: float, seed: int = 0, chunk: int = 20_000) -> Rate | None:
    """Random hands per second of the compiled fast path (``None`` if unavailable or the rules are
    not supported). Compilation is done before the clock starts."""
    from pitchkit import fast

    if not fast.available() or not fast.supports(rules):
        return None
    decisions_per_hand = _fast_decisions_per_hand(rules, seed)
    hands = 0
    clock = time.process_time
    start = clock()
    end = start + seconds
    i = 0
    while True:
        fast.play_random(rules, chunk, seed=seed + i)
        hands += chunk
        i += 1
        now = clock()
        if now >= end:
            return Rate(hands, round(hands * decisions_per_hand), now - start)


def _fast_decisions_per_hand(rules: Rules, seed: int) -> float:
    from pitchkit import fast

    batch = fast.play_random(rules, 2000, seed=seed, trace=True)
    assert batch.trace is not None
    return float(batch.trace.n_actions.mean())
