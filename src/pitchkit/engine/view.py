"""What one seat may know: its own cards and discards, the auction, the cards played, the scores.
Bots and network clients only ever receive a :class:`View`.

A view is a snapshot: its fields are tuples of immutable values and its rules are a copy, so
changing a view (even with ``object.__setattr__``) cannot change the game. It is no sandbox: code
running in the engine's process can reach the engine through the interpreter, so bots from other
authors run in a separate process and receive views as data (see docs/architecture.md)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, NamedTuple

from pitchkit.engine.actions import Action, Discard, PassCards, Phase
from pitchkit.engine.cards import CARDS, Card, Suit, cards_of
from pitchkit.engine.errors import PitchError, quote
from pitchkit.engine.rules import Rules

if TYPE_CHECKING:
    from pitchkit.engine.hand import Hand


@dataclass(frozen=True, slots=True)
class View:
    """The information set of one seat."""

    seat: int
    rules: Rules
    n_seats: int
    #: seats in this hand, clockwise
    seats: tuple[int, ...]
    dealer: int
    phase: Phase
    to_act: int | None
    #: the seat's cards (none before it has looked at them, while a blind double loner may be called)
    hand: tuple[Card, ...]
    discards: tuple[Card, ...]
    #: the cards this seat passed to its partner (partner exchange), and those it received once
    #: both partners have passed
    passed: tuple[Card, ...]
    received: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    discard_counts: tuple[int, ...]
    #: cards each seat has set aside face down for its partner and not yet handed over (during
    #: the partner exchange)
    set_aside_counts: tuple[int, ...]
    stock_size: int
    #: bids in order, ``None`` a pass
    bids: tuple[tuple[int, int | None], ...]
    ran: bool
    pitcher: int | None
    bid: int | None
    trump: Suit | None
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[tuple[tuple[tuple[int, Card], ...], int], ...]
    #: scores before this hand
    scores: tuple[int, ...]
    #: the public actions of the hand plus this seat's own discards and passes (and its partner's
    #: pass, once received)
    log: tuple[Action, ...]
    #: the legal actions when it is this seat's turn, else empty; in the discard phase empty too,
    #: see :attr:`discard_options`
    legal: tuple[Action, ...]
    #: in the discard phase, on this seat's turn: (cards it may discard, fewest, most)
    discard_options: tuple[tuple[Card, ...], int, int] | None
    #: the card turned face up for making trump (``trump-by = upcard``): public, even once the
    #: dealer has picked it up
    upcard: Card | None = None

    @property
    def my_turn(self) -> bool:
        """True when this seat is to act."""
        return self.to_act == self.seat


class _Public(NamedTuple):
    """The part of a view every seat shares, for one state of one hand."""

    #: the hand's log length when this was taken (a hand changes only by appending to its log)
    at: int
    phase: Phase
    to_act: int | None
    #: the view's fields from ``hand_sizes`` to ``tricks``, in order
    table: tuple[object, ...]
    upcard: Card | None
    #: the log when it holds no discard or pass (every seat sees all of it), else ``None``
    log: tuple[Action, ...] | None


#: the cards of a bitmask as a tuple, for the masks met lately
_CARDS: dict[int, tuple[Card, ...]] = {}
_CARDS_KEPT = 1 << 16
#: actions only their seat (and for a pass, once received, its partner) may see
_PRIVATE = frozenset((Discard, PassCards))
_DISCARD, _DONE = Phase.DISCARD, Phase.DONE
_NO_CARDS: tuple[Card, ...] = ()


def _cards(mask: int) -> tuple[Card, ...]:
    if not mask:
        return _NO_CARDS
    out = _CARDS.get(mask)
    if out is None:
        if len(_CARDS) >= _CARDS_KEPT:
            _CARDS.clear()
        out = _CARDS[mask] = tuple(cards_of(mask))
    return out


def _trick(plays: Iterable[tuple[int, int]]) -> tuple[tuple[int, Card], ...]:
    return tuple([(s, CARDS[c]) for s, c in plays])


def _public(hand: Hand) -> _Public:
    """The shared part of the views of ``hand`` now: taken once per state of the hand, the tricks
    already converted carried over from the previous state."""
    log = hand.log
    at = len(log)
    old = hand.view_cache if type(hand.view_cache) is _Public else None
    if old is not None and old.at == at:
        return old
    if old is not None and old.at > at:
        old = None
    done: tuple[tuple[tuple[tuple[int, Card], ...], int], ...] = \
        old.table[-1] if old is not None else ()  # type: ignore[assignment]
    raw = hand.tricks
    tricks = done if len(done) == len(raw) else \
        done + tuple([(_trick(plays), w) for plays, w in raw[len(done):]])
    # the log only grows: a prefix known to hold no discard or pass need not be looked at again
    seen = 0 if old is None or old.log is None else old.at
    private = (old is not None and old.log is None) or any(type(a) in _PRIVATE for a in log[seen:])
    aside = hand.set_aside()
    auction = hand.auction
    upcard = hand.upcard
    table = (tuple([h.bit_count() for h in hand.hands]), tuple([d.bit_count() for d in hand.discards]),
             tuple([m.bit_count() for m in hand.passed]) if aside else (0,) * hand.n_seats,
             len(hand.stock), tuple(auction.bids), auction.ran, hand.pitcher, hand.bid,
             None if hand.trump is None else Suit(hand.trump), _trick(hand.trick), tricks)
    pub = _Public(at, hand.phase, hand.to_act, table, None if upcard is None else CARDS[upcard],
                  None if private else tuple(log))
    hand.view_cache = pub
    return pub


def own_cards(hand: Hand, seat: int) -> int:
    """The cards ``seat`` holds and has seen (a bitmask): none before it has looked at them, while a
    blind double loner may be called."""
    return hand.hands[seat] if not hand.rules.blind_loner_points or hand.looked(seat) else 0


def make_view(hand: Hand, seat: int) -> View:
    """Build the view of ``seat`` from a :class:`~pitchkit.engine.hand.Hand`.

    The part every seat shares is taken once per state of the hand and reused by the other seats'
    views (its values are immutable); the seat's own cards, log, legal actions and copy of the rules
    are its own."""
    if type(seat) is not int or not 0 <= seat < hand.n_seats:
        raise PitchError(f"no seat {quote(seat)} at a {hand.n_seats}-seat table")
    pub = _public(hand)
    turn = pub.to_act == seat
    discarding = turn and pub.phase is _DISCARD
    options = None
    if discarding:
        cards, lo, hi = hand.discard_options(seat)
        options = (tuple(cards), lo, hi)
    received = hand.received(seat)
    log = pub.log
    if log is None:
        partner = hand.rules.partner_of(seat) if received else None
        log = tuple([a for a in hand.log if type(a) not in _PRIVATE or a.seat == seat
                     or (type(a) is PassCards and a.seat == partner)])
    view = _new_view(View)
    for put, value in zip(_SLOTS, (
            seat, rules_copy(hand.rules), hand.n_seats, hand.seats, hand.dealer, pub.phase, pub.to_act,
            _cards(own_cards(hand, seat)),
            _cards(hand.discards[seat]), _cards(hand.passed[seat]),
            _cards(received), *pub.table, hand.scores_before,
            log, tuple(hand.legal_actions()) if turn and not discarding else (), options, pub.upcard),
            strict=True):
        put(view, value)
    return view


#: the setters of the view's fields in declaration order: filling the slots directly costs a
#: fraction of the frozen dataclass's ``__init__`` (which goes through ``object.__setattr__``)
_SLOTS = tuple(View.__dict__[f.name].__set__ for f in fields(View))
_new_view = object.__new__


def rules_copy(rules: Rules) -> Rules:
    """An equal :class:`Rules` object that is not ``rules`` (every value in it is immutable, so a
    shallow copy is a full one)."""
    other = object.__new__(Rules)
    other.__dict__.update(rules.__dict__)
    return other
