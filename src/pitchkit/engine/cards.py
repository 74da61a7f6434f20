"""Cards, suits, decks and card sets.

Inside the engine a card is an ``int`` index (0..53) and a set of cards is an ``int`` bitmask;
a short deck (Euchre's 9 to ace) keeps these indices and leaves the lower ranks out;
outside it is a :class:`Card` (an ``int`` subclass that prints as ``"AS"``). Suits are
clubs, diamonds, hearts, spades (0..3); index = ``suit * 13 + rank - 2`` for ranks 2..14, and the
jokers are 52 (``BJ``, big, the coloured joker) and 53 (``LJ``, little).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from enum import IntEnum

from pitchkit.engine.errors import CardError, quote

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "CDHS"
BIG_JOKER = 52
LITTLE_JOKER = 53
JACK = 11
ACE = 14

#: Card points for the "game" point: A=4, K=3, Q=2, J=1, 10=10, every other card 0.
GAME_VALUE: dict[int, int] = {14: 4, 13: 3, 12: 2, 11: 1, 10: 10}


class Suit(IntEnum):
    """A suit; ``str(Suit.S) == "S"``."""

    C = 0
    D = 1
    H = 2
    S = 3

    def __str__(self) -> str:
        return self.name

    @property
    def partner(self) -> Suit:
        """The other suit of the same colour (clubs-spades, diamonds-hearts)."""
        return Suit(self ^ 3)

    @property
    def long_name(self) -> str:
        """``"clubs"``, ``"diamonds"``, ``"hearts"`` or ``"spades"``."""
        return ("clubs", "diamonds", "hearts", "spades")[self]

    @classmethod
    def parse(cls, text: object) -> Suit:
        """Parse ``"S"``, ``"s"`` or ``"spades"``; raise :class:`CardError` otherwise."""
        if isinstance(text, str):
            t = text.strip().upper()
            if len(t) == 1 and t in SUIT_CHARS:
                return cls(SUIT_CHARS.index(t))
            for s in cls:
                if t == s.long_name.upper():
                    return s
        raise CardError(f"not a suit: {quote(text)} (use C, D, H or S)")


def suit_of(index: int) -> int:
    """Natural suit of a non-joker card index."""
    return index // 13


def rank_of(index: int) -> int:
    """Natural rank (2..14) of a non-joker card index."""
    return index % 13 + 2


def card_index(rank: int, suit: int) -> int:
    """Index of the card of ``rank`` (2..14) and ``suit`` (0..3)."""
    return suit * 13 + rank - 2


def is_joker(index: int) -> bool:
    """True for ``BJ`` and ``LJ``."""
    return index >= BIG_JOKER


def _name(index: int) -> str:
    if index == BIG_JOKER:
        return "BJ"
    if index == LITTLE_JOKER:
        return "LJ"
    return RANK_CHARS[index % 13] + SUIT_CHARS[index // 13]


NAMES: tuple[str, ...] = tuple(_name(i) for i in range(54))
_BY_NAME: dict[str, int] = {n: i for i, n in enumerate(NAMES)}


class Card(int):
    """A playing card. ``Card.parse("10h") == Card.parse("TH")``; ``str(card)`` is canonical."""

    __slots__ = ()

    def __new__(cls, index: int) -> Card:
        if (type(index) is not int and type(index) is not Card) or not 0 <= index < 54:
            raise CardError(f"no card has index {quote(index)}")
        return super().__new__(cls, index)

    @classmethod
    def parse(cls, text: object) -> Card:
        """Parse ``"AS"``, ``"10d"``, ``"td"``, ``"BJ"``; raise :class:`CardError` otherwise."""
        if isinstance(text, str):
            t = text.strip().upper()
            if t.startswith("10"):
                t = "T" + t[2:]
            index = _BY_NAME.get(t)
            if index is not None:
                return CARDS[index]
        raise CardError(f"not a card: {quote(text)}")

    @property
    def is_joker(self) -> bool:
        """True for the two jokers."""
        return self >= BIG_JOKER

    @property
    def suit(self) -> Suit | None:
        """Natural suit, ``None`` for a joker."""
        return None if self >= BIG_JOKER else Suit(self // 13)

    @property
    def rank(self) -> int | None:
        """Natural rank 2..14 (J=11, Q=12, K=13, A=14), ``None`` for a joker."""
        return None if self >= BIG_JOKER else self % 13 + 2

    @property
    def game_value(self) -> int:
        """Card points toward the "game" point."""
        return 0 if self >= BIG_JOKER else GAME_VALUE.get(self % 13 + 2, 0)

    def __str__(self) -> str:
        return NAMES[self]

    def __repr__(self) -> str:
        return f"Card({NAMES[self]!r})"


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(54))


def deck(jokers: int = 0) -> list[Card]:
    """A new deck in index order: 52 cards plus ``jokers`` (0 or 2) jokers."""
    if jokers not in (0, 2):
        raise CardError(f"a deck has 0 or 2 jokers, not {quote(jokers)}")
    return list(CARDS[: 52 + jokers])


def deck_indices(low_rank: int = 2, jokers: int = 0) -> tuple[int, ...]:
    """The card indices of a deck: ranks ``low_rank`` to ace of each suit, then ``jokers`` jokers
    (the big one first). ``deck_indices(9)`` is the 24-card Euchre deck."""
    return tuple(c for c in range(52) if c % 13 + 2 >= low_rank) + tuple(range(BIG_JOKER, BIG_JOKER + jokers))


def shuffled(size: int, rng: random.Random) -> list[int]:
    """Card indices ``0..size-1`` in a uniformly random order drawn from ``rng``.

    Sorting by independent uniform keys is a uniform shuffle, at half the cost of ``rng.shuffle``."""
    draw = rng.random
    keys = [draw() for _ in range(size)]
    return sorted(range(size), key=keys.__getitem__)


#: ``BITS[card]``: the bitmask of one card
BITS: tuple[int, ...] = tuple(1 << c for c in range(54))


def mask_of(cards: Iterable[int]) -> int:
    """Bitmask of a collection of card indices."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def bits_of(mask: int) -> list[int]:
    """The card indices of a bitmask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def cards_of(mask: int) -> list[Card]:
    """The cards of a bitmask, in index order."""
    return [CARDS[c] for c in bits_of(mask)]


def iter_mask(mask: int) -> Iterator[int]:
    """Card indices of a bitmask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def parse_cards(items: object, *, what: str = "cards") -> list[Card]:
    """Parse a list of card strings, rejecting non-lists and duplicates."""
    if isinstance(items, str) or not isinstance(items, list | tuple) or len(items) > len(CARDS):
        raise CardError(f"{what} must be a list of cards (at most {len(CARDS)})")
    out = [Card.parse(x) for x in items]
    if len(set(out)) != len(out):
        dup = next(c for c in out if out.count(c) > 1)
        raise CardError(f"{what}: {dup} appears twice")
    return out


def format_cards(cards: Iterable[int]) -> str:
    """Space-separated canonical names."""
    return " ".join(NAMES[c] for c in cards)


#: the suits' glyphs, as cards are written for people
GLYPHS = {Suit.C: "♣", Suit.D: "♦", Suit.H: "♥", Suit.S: "♠"}
_RANKS = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "10"}


def card_label(card: Card) -> str:
    """``"A♥"``, ``"10♠"``, ``"BJ"`` (the big joker) or ``"LJ"``."""
    if card.is_joker:
        return "BJ" if card == BIG_JOKER else "LJ"
    assert card.rank is not None and card.suit is not None
    return _RANKS.get(card.rank, str(card.rank)) + GLYPHS[card.suit]


def suit_label(suit: Suit) -> str:
    """``"♥ hearts"``."""
    return f"{GLYPHS[suit]} {suit.long_name}"
