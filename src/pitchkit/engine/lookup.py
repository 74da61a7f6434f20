"""Precomputed, immutable lookups for the engine's hot paths.

Actions are frozen records, so one object per (seat, bid) or (seat, suit) can be shared by every
hand (as :data:`pitchkit.engine.actions.PLAYS` does for plays): building them once saves a dataclass
construction per legal action. Trick strengths are per trump and suit led, so a trick winner is a
list lookup per card.
"""

from __future__ import annotations

from functools import cache

from pitchkit.engine.actions import Bid, Choice, Choose, DeclareTrump
from pitchkit.engine.cards import Suit
from pitchkit.engine.trump import table

#: most seats a table can have
MAX_SEATS = 9

#: ``PASSES[seat]``: a pass by ``seat``.
PASSES: tuple[Bid, ...] = tuple(Bid(s, None) for s in range(MAX_SEATS))

#: ``DECLARES[seat][suit]``: ``seat`` naming ``suit`` as trump.
DECLARES: tuple[tuple[DeclareTrump, ...], ...] = tuple(
    tuple(DeclareTrump(s, suit) for suit in Suit) for s in range(MAX_SEATS))

#: ``CHOOSES[seat][choice]``: ``seat`` choosing ``choice``.
CHOOSES: tuple[dict[Choice, Choose], ...] = tuple({c: Choose(s, c) for c in Choice} for s in range(MAX_SEATS))


@cache
def bid_action(seat: int, amount: int) -> Bid:
    """The (shared) bid of ``amount`` by ``seat``."""
    return Bid(seat, amount)


@cache
def strengths(trump: int, *, jokers: int, off_jack: bool, equal_jokers: bool, bowers: bool = False,
              benny: bool = False) -> tuple[tuple[int, ...], ...]:
    """``strengths(...)[led][card]``: trick-taking strength of ``card`` when ``led`` (an effective
    suit) was led under ``trump``, as :meth:`pitchkit.engine.trump.TrumpTable.strength` gives it."""
    tt = table(trump, jokers=jokers, off_jack=off_jack, equal_jokers=equal_jokers, bowers=bowers, benny=benny)
    return tuple(tuple(tt.strength(c, led) for c in range(len(tt.suit))) for led in range(4))
