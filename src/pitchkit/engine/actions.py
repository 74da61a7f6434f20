"""Actions: frozen records of what a seat did. A hand's log of actions is its hand record."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from pitchkit.engine.cards import CARDS, Card, Suit, format_cards


class Phase(StrEnum):
    """Where a hand is."""

    AUCTION = "auction"
    TRUMP = "trump"
    DISCARD = "discard"
    EXCHANGE = "exchange"
    PLAY = "play"
    DONE = "done"


class Choice(StrEnum):
    """Named decisions of the ``choose`` action."""

    RUN = "run"
    SELL = "sell"
    MISDEAL = "misdeal"
    #: the maker plays alone (the partner sits out), or with the partner
    ALONE = "alone"
    PARTNER = "partner"
    #: before looking at the cards: call a blind double loner, or look (Euchre, ``blind-loner-points``)
    BLIND = "blind"
    LOOK = "look"
    #: a player dealt a farmer's hand exchanges cards with the kitty (Euchre, ``farmers-hand``)
    FARMER = "farmer"


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid; ``amount`` ``None`` is a pass."""

    seat: int
    amount: int | None


@dataclass(frozen=True, slots=True)
class Play:
    """A card played to the trick."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class DeclareTrump:
    """Naming the trump suit (a declared trump, or the suit of a led jack or joker)."""

    seat: int
    suit: Suit


@dataclass(frozen=True, slots=True)
class Discard:
    """The whole discard of one seat's turn (cards in index order; may be empty)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PassCards:
    """Cards passed face down to the partner before the first lead (cards in index order)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Ruling:
    """A judge's ruling that ends the hand in progress (a misplay that cannot be corrected, a foul,
    a void hand): every seat's score change, and the seats that sit out the next hand, which the same
    dealer deals again to the others (the next seat in turn when ``deal_passes``: the dealer forfeits
    the deal). No player chooses it: it is never among the legal actions."""

    seat: int
    name: str
    delta: tuple[int, ...]
    sit_out: tuple[int, ...] = ()
    deal_passes: bool = False


@dataclass(frozen=True, slots=True)
class Choose:
    """A named decision: run it, sell the bid, call a misdeal, go alone or play with the partner (as the
    maker, or as a defender against a loner), call a blind double loner or look, call a farmer's hand."""

    seat: int
    option: Choice


Action = Bid | Play | DeclareTrump | Discard | PassCards | Choose | Ruling

#: Interned play actions, ``PLAYS[seat][card]``, so the hot path allocates no action objects.
PLAYS: tuple[tuple[Play, ...], ...] = tuple(tuple(Play(s, c) for c in CARDS) for s in range(9))


def describe(action: Action, bid_name: dict[int | None, str] | None = None) -> str:
    """Short human text such as ``seat 2 play KH`` (used in error messages)."""
    match action:
        case Bid(seat, amount):
            name = (bid_name or {}).get(amount) or ("pass" if amount is None else str(amount))
            return f"seat {seat} bid {name}"
        case Play(seat, card):
            return f"seat {seat} play {card}"
        case DeclareTrump(seat, suit):
            return f"seat {seat} trump {suit}"
        case Discard(seat, cards):
            return f"seat {seat} discard [{format_cards(cards)}]"
        case PassCards(seat, cards):
            return f"seat {seat} pass [{format_cards(cards)}] to the partner"
        case Ruling(seat, name, _, _):
            return f"ruling {name} against seat {seat}"
        case Choose(seat, option):
            return f"seat {seat} choose {option.value}"
