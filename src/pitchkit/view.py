"""What one seat may know: its own cards and discards, the auction, the cards played, the scores.
Bots and network clients only ever receive a :class:`View`.

A view is a snapshot: its fields are tuples of immutable values and its rules are a copy, so
changing a view (even with ``object.__setattr__``) cannot change the game. It is no sandbox: code
running in the engine's process can reach the engine through the interpreter, so bots from other
authors run in a separate process and receive views as data (see docs/architecture.md)."""

from __future__ import annotations

from dataclasses import dataclass

from pitchkit.actions import Action, Discard, PassCards, Phase
from pitchkit.cards import CARDS, Card, Suit, cards_of
from pitchkit.errors import PitchError, quote
from pitchkit.rules import Rules


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

    @property
    def my_turn(self) -> bool:
        """True when this seat is to act."""
        return self.to_act == self.seat


def make_view(hand: object, seat: int) -> View:
    """Build the view of ``seat`` from a :class:`~pitchkit.hand.Hand`."""
    from pitchkit.hand import Hand

    assert isinstance(hand, Hand)
    if type(seat) is not int or not 0 <= seat < hand.n_seats:
        raise PitchError(f"no seat {quote(seat)} at a {hand.n_seats}-seat table")
    turn = hand.to_act == seat
    discarding = turn and hand.phase == Phase.DISCARD
    options = None
    if discarding:
        cards, lo, hi = hand.discard_options(seat)
        options = (tuple(cards), lo, hi)
    received = hand.received(seat)
    aside = bool(hand.set_aside())
    partner = hand.rules.partner_of(seat) if received else None
    log = tuple(a for a in hand.log
                if not isinstance(a, Discard | PassCards) or a.seat == seat
                or (isinstance(a, PassCards) and a.seat == partner))
    return View(
        seat=seat,
        rules=rules_copy(hand.rules),
        n_seats=hand.n_seats,
        seats=hand.seats,
        dealer=hand.dealer,
        phase=hand.phase,
        to_act=hand.to_act,
        hand=tuple(cards_of(hand.hands[seat])),
        discards=tuple(cards_of(hand.discards[seat])),
        passed=tuple(cards_of(hand.passed[seat])),
        received=tuple(cards_of(received)),
        hand_sizes=tuple(h.bit_count() for h in hand.hands),
        discard_counts=tuple(d.bit_count() for d in hand.discards),
        set_aside_counts=tuple(m.bit_count() if aside else 0 for m in hand.passed),
        stock_size=len(hand.stock),
        bids=tuple(hand.auction.bids),
        ran=hand.auction.ran,
        pitcher=hand.pitcher,
        bid=hand.bid,
        trump=None if hand.trump is None else Suit(hand.trump),
        trick=tuple((s, CARDS[c]) for s, c in hand.trick),
        tricks=tuple((tuple((s, CARDS[c]) for s, c in plays), w) for plays, w in hand.tricks),
        scores=hand.scores_before,
        log=log,
        legal=tuple(hand.legal_actions()) if turn and not discarding else (),
        discard_options=options,
    )


def rules_copy(rules: Rules) -> Rules:
    """An equal :class:`Rules` object that is not ``rules`` (every value in it is immutable, so a
    shallow copy is a full one)."""
    other = object.__new__(Rules)
    other.__dict__.update(rules.__dict__)
    return other
