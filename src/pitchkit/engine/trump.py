"""The one place that answers how a card follows suit and ranks once trump is known.

Trump order, high to low: A K Q J, the off-jack (jick) when the rules make it trump, the big and
little joker when the deck has them (equal when the rules say so), then 10 down to 2. Other suits
rank A..2 and lose their jick to trump. With bowers (Euchre) the jack of trump (right bower) and
the off-jack (left bower) rank above the ace, and the Benny (a lone joker) above them all.
:func:`table` precomputes this per trump suit as tuples and bitmasks, so the engine's hot paths are
lookups.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from pitchkit.engine.cards import BIG_JOKER, JACK, LITTLE_JOKER, card_index, rank_of, suit_of

if TYPE_CHECKING:
    from pitchkit.engine.rules import Rules

#: Trump power of the jokers and the off-jack, between the 10 (10) and the jack (14).
LITTLE_JOKER_POWER = 11
BIG_JOKER_POWER = 12
OFF_JACK_POWER = 13
#: Trump power of the left and right bower and the Benny, above the ace (17).
LEFT_BOWER_POWER = 18
RIGHT_BOWER_POWER = 19
BENNY_POWER = 20


@dataclass(frozen=True, slots=True)
class TrumpTable:
    """Per-card facts under one trump suit for one deck model."""

    trump: int
    #: effective suit of each card index (trumps, including jick and jokers, follow ``trump``)
    suit: tuple[int, ...]
    #: within-suit strength: natural rank for plain cards, trump power (2..17) for trumps
    power: tuple[int, ...]
    #: bitmask of all trumps in the deck
    trump_mask: int
    #: bitmask per effective suit
    suit_mask: tuple[int, ...]
    #: the off-jack's index, or -1
    off_jack: int
    #: the trumps a player may play instead of following suit: all of them, or none when the rules
    #: say a player who can follow must
    ruff_mask: int

    def is_trump(self, card: int) -> bool:
        """True if the card is a trump."""
        return bool(self.trump_mask >> card & 1)

    def strength(self, card: int, led_suit: int) -> int:
        """Trick-taking strength when ``led_suit`` was led: trumps beat the led suit beats others (0)."""
        if self.trump_mask >> card & 1:
            return 100 + self.power[card]
        if self.suit[card] == led_suit:
            return self.power[card]
        return 0


def table_for(rules: Rules, trump: int) -> TrumpTable:
    """The :class:`TrumpTable` of ``rules``'s deck model under ``trump``."""
    return table(trump, jokers=rules.jokers, off_jack=rules.off_jack, equal_jokers=rules.equal_jokers,
                 bowers=rules.bowers, benny=rules.benny, must_follow=rules.must_follow)


@cache
def table(trump: int, *, jokers: int, off_jack: bool, equal_jokers: bool, bowers: bool = False,
          benny: bool = False, must_follow: bool = False) -> TrumpTable:
    """The :class:`TrumpTable` for a trump suit (0..3) and deck model."""
    n = 52 + max(jokers, int(benny))
    off = card_index(JACK, trump ^ 3) if off_jack else -1
    suits: list[int] = []
    powers: list[int] = []
    for c in range(n):
        if c >= BIG_JOKER:
            suits.append(trump)
            big = c == BIG_JOKER and not equal_jokers
            powers.append(BENNY_POWER if benny else BIG_JOKER_POWER if big else LITTLE_JOKER_POWER)
        elif c == off:
            suits.append(trump)
            powers.append(LEFT_BOWER_POWER if bowers else OFF_JACK_POWER)
        else:
            s, r = suit_of(c), rank_of(c)
            suits.append(s)
            if bowers and s == trump and r == JACK:
                powers.append(RIGHT_BOWER_POWER)
            else:
                # natural 2..10 keep their number; J Q K A of trump sit above the off-jack
                powers.append(r + 3 if s == trump and r >= JACK else r)
    suit_mask = [0, 0, 0, 0]
    for c, s in enumerate(suits):
        suit_mask[s] |= 1 << c
    return TrumpTable(
        trump=trump,
        suit=tuple(suits),
        power=tuple(powers),
        trump_mask=suit_mask[trump],
        suit_mask=tuple(suit_mask),
        off_jack=off,
        ruff_mask=0 if must_follow else suit_mask[trump],
    )


def jokers_present(jokers: int) -> tuple[int, ...]:
    """Indices of the jokers in a deck with ``jokers`` jokers."""
    return (BIG_JOKER, LITTLE_JOKER)[:jokers]


def trick_winner(tt: TrumpTable, plays: Sequence[tuple[int, int]]) -> int:
    """The seat that wins a trick: highest trump, else highest card of the suit led; among equal
    cards (equal jokers) the first played."""
    led = tt.suit[plays[0][1]]
    best_seat, best = plays[0][0], tt.strength(plays[0][1], led)
    for seat, card in plays[1:]:
        s = tt.strength(card, led)
        if s > best:
            best_seat, best = seat, s
    return best_seat
