"""A traced fast-path hand in the engine's terms: its decisions as engine actions, and the hand
replayed through :class:`~pitchkit.engine.hand.Hand` (to check the fast path, or to keep a hand as a
hand record).

Example::

    batch = play_random(make_rules("ten-point"), 100, seed=1, trace=True)
    hand = replay(batch, 17)          # the engine's Hand, finished
    hand.result.delta == tuple(batch.delta[17])
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

from pitchkit.engine.actions import Action, Bid, Choice, Choose, DeclareTrump, Discard, PassCards, Play
from pitchkit.engine.cards import CARDS, Suit, cards_of
from pitchkit.engine.errors import PitchError
from pitchkit.engine.hand import Hand
from pitchkit.fast.codes import (
    BOUNDS_SHIFT,
    KIND_ALONE,
    KIND_BID,
    KIND_DECLARE,
    KIND_DISCARD,
    KIND_MISDEAL,
    KIND_PASS,
    KIND_PLAY,
    KIND_RUN,
    KIND_SELL,
)

if TYPE_CHECKING:
    from pitchkit.fast import Batch


class Decision(NamedTuple):
    """One traced decision of the fast path (a partner pass of several cards is several)."""

    seat: int
    kind: int
    value: int
    #: the legal-option bits the fast path chose from (for a discard: the cards it may discard)
    legal: int
    #: for a discard, the fewest and the most cards; (0, 0) otherwise
    bounds: tuple[int, int]


def decisions(batch: Batch, h: int) -> list[Decision]:
    """The traced decisions of hand ``h`` of ``batch``, in order."""
    tr = batch.trace
    if tr is None:
        raise PitchError("the batch was played without a trace (play_random(..., trace=True))")
    out = []
    for seat, kind, value, legal, bounds in tr.actions[h, : int(tr.n_actions[h])].tolist():
        lo, hi = bounds & ((1 << BOUNDS_SHIFT) - 1), bounds >> BOUNDS_SHIFT
        out.append(Decision(seat, kind, value, legal, (lo, hi)))
    return out


def action_of(d: Decision) -> Action:
    """The engine action of one traced decision (a single card passed is a pass of one card)."""
    if d.kind == KIND_BID:
        return Bid(d.seat, None if d.value < 0 else d.value)
    if d.kind == KIND_RUN:
        return Choose(d.seat, Choice.RUN)
    if d.kind == KIND_SELL:
        return Choose(d.seat, Choice.SELL)
    if d.kind == KIND_MISDEAL:
        return Choose(d.seat, Choice.MISDEAL)
    if d.kind == KIND_ALONE:
        return Choose(d.seat, Choice.ALONE if d.value else Choice.PARTNER)
    if d.kind == KIND_DECLARE:
        return DeclareTrump(d.seat, Suit(d.value))
    if d.kind == KIND_DISCARD:
        return Discard(d.seat, tuple(cards_of(d.value)))
    if d.kind == KIND_PASS:
        return PassCards(d.seat, (CARDS[d.value],))
    if d.kind == KIND_PLAY:
        return Play(d.seat, CARDS[d.value])
    raise PitchError(f"unknown decision kind {d.kind}")


def engine_actions(batch: Batch, h: int) -> Iterator[tuple[Action, list[Decision]]]:
    """Each engine action of hand ``h`` with the traced decisions it is made of: one, or for a
    partner pass, one per card passed (``partner-pass`` of them)."""
    group: list[Decision] = []
    for d in decisions(batch, h):
        if d.kind != KIND_PASS:
            yield action_of(d), [d]
            continue
        group.append(d)
        if len(group) == batch.rules.partner_pass:
            cards = tuple(sorted(CARDS[g.value] for g in group))
            yield PassCards(d.seat, cards), group
            group = []


def deal(batch: Batch, h: int) -> Hand:
    """The engine's hand as hand ``h`` of ``batch`` was dealt, before any decision."""
    tr = batch.trace
    if tr is None:
        raise PitchError("the batch was played without a trace (play_random(..., trace=True))")
    deck = tr.deck[h, : batch.rules.deck_size].tolist()
    return Hand.deal_from(batch.rules, deck, dealer=int(batch.dealer[h]))


def replay(batch: Batch, h: int) -> Hand:
    """Hand ``h`` of ``batch`` played through the engine, every action checked by ``apply``."""
    hand = deal(batch, h)
    for action, _ in engine_actions(batch, h):
        hand.apply(action)
    return hand
