"""Well-formed input to the engine's API: the types of an action's fields and of an explicit deal,
checked before any rule is asked.

The action records are plain frozen dataclasses, so ``Bid(0, 2.0)``, ``Play(0, "AS")`` or ``None``
can reach :meth:`pitchkit.engine.hand.Hand.apply` from a caller. :func:`check_action` turns each of them
into an :class:`~pitchkit.engine.errors.IllegalActionError` before anything is compared, shifted or logged.
"""

from __future__ import annotations

import typing
from collections.abc import Sequence

from pitchkit.engine.actions import Action, Bid, Choice, Choose, DeclareTrump, Play, Ruling
from pitchkit.engine.cards import CARDS, NAMES, Card, Suit
from pitchkit.engine.errors import DealError, IllegalActionError, RulesError, quote
from pitchkit.engine.lookup import MAX_SEATS
from pitchkit.engine.rules import BID_LIMIT, Rules, TrumpBy

_KINDS = frozenset(typing.get_args(Action))
#: the largest score (either sign) the engine takes from outside
SCORE_LIMIT = 10**9


def check_card(card: object) -> None:
    """Raise :class:`IllegalActionError` unless ``card`` is a :class:`~pitchkit.engine.cards.Card`."""
    if type(card) is not Card or not 0 <= card < len(CARDS):
        raise IllegalActionError(f"not a card: {quote(card)} (use Card.parse)")


def check_action(action: object, n_seats: int) -> None:
    """Raise :class:`IllegalActionError` unless ``action`` is an action record whose seat is a seat
    of an ``n_seats`` table and whose fields have their declared types."""
    kind = type(action)
    if kind not in _KINDS:
        raise IllegalActionError(f"not an action: {quote(action)}")
    seat = action.seat  # type: ignore[attr-defined]
    if type(seat) is not int or not 0 <= seat < n_seats:
        raise IllegalActionError(f"not a seat of this {n_seats}-seat table: {quote(seat)}")
    if kind is Play:
        check_card(action.card)  # type: ignore[attr-defined]
    elif kind is Bid:
        amount = action.amount  # type: ignore[attr-defined]
        if amount is not None and (type(amount) is not int or not 0 <= amount <= BID_LIMIT):
            raise IllegalActionError(f"not a bid: {quote(amount)} (a whole number, or None to pass)")
    elif kind is DeclareTrump:
        if type(action.suit) is not Suit:  # type: ignore[attr-defined]
            raise IllegalActionError(f"not a suit: {quote(action.suit)} (use Suit.parse)")  # type: ignore[attr-defined]
    elif kind is Choose:
        if type(action.option) is not Choice:  # type: ignore[attr-defined]
            raise IllegalActionError(f"not a choice: {quote(action.option)}")  # type: ignore[attr-defined]
    elif kind is Ruling:
        _check_ruling(action, n_seats)  # type: ignore[arg-type]
    else:  # the kinds that carry cards: a discard, a partner pass
        cards = action.cards  # type: ignore[attr-defined]
        if type(cards) is not tuple or len(cards) > len(CARDS):
            raise IllegalActionError(f"cards must be a tuple of Card, not {quote(cards)}")
        for card in cards:
            check_card(card)


#: the longest name of a ruling
RULING_NAME_LIMIT = 40


def _check_ruling(ruling: Ruling, n_seats: int) -> None:
    name, delta, sit_out = ruling.name, ruling.delta, ruling.sit_out
    if type(name) is not str or not 0 < len(name) <= RULING_NAME_LIMIT or not name.isprintable():
        raise IllegalActionError(f"a ruling needs a name of 1 to {RULING_NAME_LIMIT} characters, "
                                 f"not {quote(name)}")
    if (type(delta) is not tuple or len(delta) != n_seats
            or not all(type(x) is int and -SCORE_LIMIT <= x <= SCORE_LIMIT for x in delta)):
        raise IllegalActionError(f"a ruling's delta is a score change for each of the {n_seats} seats, "
                                 f"not {quote(delta)}")
    if type(sit_out) is not tuple or not all(type(s) is int and 0 <= s < n_seats for s in sit_out):
        raise IllegalActionError(f"a ruling's sit-out lists seats of this table, not {quote(sit_out)}")
    if type(ruling.deal_passes) is not bool:
        raise IllegalActionError(f"a ruling's deal_passes is true or false, not {quote(ruling.deal_passes)}")


def check_rules(rules: object) -> None:
    """Raise :class:`RulesError` unless ``rules`` is a :class:`~pitchkit.engine.rules.Rules`."""
    if not isinstance(rules, Rules):
        raise RulesError(f"not a Rules object: {quote(rules)} (use make_rules)")


def card_indices(items: object, *, what: str) -> list[int]:
    """A list of card indices (``int`` or :class:`~pitchkit.engine.cards.Card`, 0..53) given to the engine
    as cards; :class:`DealError` for anything else."""
    if not isinstance(items, list | tuple) or len(items) > len(CARDS):
        raise DealError(f"{what} must be a list of at most {len(CARDS)} cards, not {quote(items)}")
    for card in items:
        if type(card) not in (int, Card) or not 0 <= card < len(CARDS):
            raise DealError(f"{what}: not a card: {quote(card)}")
    return list(items)


def check_deal(rules: object, *, dealer: object, hands: object, stock: object,
               scores: object) -> tuple[list[list[int]], list[int]]:
    """Check the types and ranges of an explicit deal (the rules decide the rest); returns the
    hands and the stock as lists of card indices."""
    check_rules(rules)
    if type(dealer) is not int:
        raise DealError(f"dealer must be a seat number, not {quote(dealer)}")
    if not isinstance(hands, list | tuple) or len(hands) > MAX_SEATS:
        raise DealError(f"hands must be a list of at most {MAX_SEATS} card lists, not {quote(hands)}")
    dealt = [card_indices(h, what=f"hands[{s}]") for s, h in enumerate(hands)]
    if scores is not None and (not isinstance(scores, list | tuple) or not all(
            type(x) is int and -SCORE_LIMIT <= x <= SCORE_LIMIT for x in scores)):
        raise DealError(f"scores must be whole numbers from {-SCORE_LIMIT} to {SCORE_LIMIT}, "
                        f"not {quote(scores)}")
    return dealt, card_indices(stock, what="stock")


def check_dealt(rules: Rules, *, dealer: int, hands: list[list[int]],
                active: tuple[int, ...], stock: Sequence[int]) -> None:
    """The rules' checks of an explicit deal: the seats, hand sizes, every card in the deck once, and
    a card to turn up where trump is made with the upcard."""
    n = len(hands)
    if n != rules.players:
        raise DealError(f"{n} hands for a {rules.players}-seat table")
    if len(active) < 2:
        raise DealError("at least two seats must be dealt cards")
    if rules.trump_by == TrumpBy.UPCARD and not stock:
        raise DealError("the stock must hold the card to turn up (trump-by = upcard)")
    if not 0 <= dealer < n or dealer not in active:
        raise DealError(f"dealer {quote(dealer)} is not a seat in this hand")
    seen: set[int] = set()
    for s, h in enumerate(hands):
        cards = list(h)
        if cards and len(cards) != rules.hand_size:
            raise DealError(f"seat {s} was dealt {len(cards)} cards, not {rules.hand_size}")
        for c in cards:
            if not rules.deck_mask >> c & 1:
                raise DealError(f"{NAMES[c]} is not in a {rules.deck_size}-card deck")
            if c in seen:
                raise DealError(f"{NAMES[c]} is dealt twice")
            seen.add(c)
    for c in stock:
        if not rules.deck_mask >> c & 1:
            raise DealError(f"{NAMES[c]} is not in a {rules.deck_size}-card deck")
        if c in seen:
            raise DealError(f"{NAMES[c]} is in the stock and dealt, or in the stock twice")
        seen.add(c)
