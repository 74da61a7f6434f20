"""Well-formed actions: the types of an action's fields, checked before any rule is asked.

The action records are plain frozen dataclasses, so ``Bid(0, 2.0)``, ``Play(0, "AS")`` or ``None``
can reach :meth:`pitchkit.hand.Hand.apply` from a caller. :func:`check_action` turns each of them
into an :class:`~pitchkit.errors.IllegalActionError` before anything is compared, shifted or logged.
"""

from __future__ import annotations

import typing

from pitchkit.actions import Action, Bid, Choice, Choose, DeclareTrump, Play
from pitchkit.cards import CARDS, Card, Suit
from pitchkit.errors import IllegalActionError, quote
from pitchkit.rules import BID_LIMIT

_KINDS = frozenset(typing.get_args(Action))


def check_card(card: object) -> None:
    """Raise :class:`IllegalActionError` unless ``card`` is a :class:`~pitchkit.cards.Card`."""
    if type(card) is not Card or not 0 <= card < len(CARDS):
        raise IllegalActionError(f"not a card: {quote(card)} (use Card.parse)")


def check_action(action: object, n_seats: int) -> None:
    """Raise :class:`IllegalActionError` unless ``action`` is an action record whose seat is a seat
    of an ``n_seats`` table and whose fields have their declared types."""
    if type(action) not in _KINDS:
        raise IllegalActionError(f"not an action: {quote(action)}")
    act = typing.cast(Action, action)
    if type(act.seat) is not int or not 0 <= act.seat < n_seats:
        raise IllegalActionError(f"not a seat of this {n_seats}-seat table: {quote(act.seat)}")
    match act:
        case Play(_, card):
            check_card(card)
        case Bid(_, amount):
            if amount is not None and (type(amount) is not int or not 0 <= amount <= BID_LIMIT):
                raise IllegalActionError(f"not a bid: {quote(amount)} (a whole number, or None to pass)")
        case DeclareTrump(_, suit):
            if type(suit) is not Suit:
                raise IllegalActionError(f"not a suit: {quote(suit)} (use Suit.parse)")
        case Choose(_, option):
            if type(option) is not Choice:
                raise IllegalActionError(f"not a choice: {quote(option)}")
        case _:
            if type(act.cards) is not tuple or len(act.cards) > len(CARDS):
                raise IllegalActionError(f"cards must be a tuple of Card, not {quote(act.cards)}")
            for card in act.cards:
                check_card(card)
