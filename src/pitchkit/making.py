"""Making trump with the upcard (Euchre), going alone, and scoring by tricks.

Under ``trump-by = upcard`` the top card of the stock is turned up after the deal. In round one each
player from the dealer's left may pass or order the dealer to pick it up (naming its suit); in round
two each may pass or name another suit, and with ``stick-dealer`` the dealer may not pass. The maker
may then go alone (``going-alone``): the partner sits out the hand. A call in round one gives the
upcard to the dealer, who discards one card. A part of :class:`~pitchkit.hand.Hand`, kept apart by
concern, like :mod:`pitchkit.drawing`.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pitchkit.actions import Action, Bid, Choice, Choose, DeclareTrump, Phase, Ruling
from pitchkit.cards import BIG_JOKER, Suit, iter_mask
from pitchkit.errors import IllegalActionError
from pitchkit.lookup import DECLARES, PASSES
from pitchkit.rules import FirstLead, Rules
from pitchkit.scoring import Tally, Trick, trick_tally
from pitchkit.trump import TrumpTable

_DISCARD, _DONE = Phase.DISCARD, Phase.DONE
#: the cards above ten a throw-in hand may hold besides nines and tens (seed 004 "Throw-ins"): none
#: (nines and tens), a lone jack ("jack nothing"), a lone king ("king nothing"), a lone ace ("ace, no
#: face"), three queens
_THROW_IN_FACES: tuple[list[int], ...] = ([], [11], [13], [14], [12, 12, 12])


class Making:
    """The two rounds of making trump with the upcard, and the maker's going-alone decision.

    It stands where :class:`~pitchkit.auction.Auction` stands in a Pitch hand: ``bids`` holds the
    passes (``None``) and the call (the tricks the makers need)."""

    def __init__(self, rules: Rules, *, dealer: int, order: Sequence[int], upcard: int) -> None:
        self.rules = rules
        self.dealer = dealer
        self.order = order
        self.upcard = upcard
        self.round = 1
        self.pos = 0
        self.ran = False
        self.bids: list[tuple[int, int | None]] = []
        self.maker: int | None = None
        self.trump: int | None = None
        #: the maker still has to say whether to go alone
        self.deciding = False
        self.alone = False
        #: every player passed twice: the hand is thrown in
        self.thrown_in = False
        #: a Benny turned up: the dealer names the suit that stands for it before anyone speaks
        self.naming = upcard >= BIG_JOKER
        self.named: int | None = None

    def clone(self) -> Making:
        """An independent copy."""
        other = copy.copy(self)
        other.bids = list(self.bids)
        return other

    @property
    def up_suit(self) -> int:
        """The suit of the upcard (for a Benny, the suit the dealer named)."""
        return self.named if self.named is not None else self.upcard // 13

    @property
    def to_act(self) -> int:
        """The seat whose turn it is."""
        if self.deciding:
            assert self.maker is not None
            return self.maker
        if self.naming:
            return self.dealer
        return self.order[self.pos]

    @property
    def done(self) -> bool:
        """True once trump is made (and going alone decided), or the hand is thrown in."""
        return self.thrown_in or (self.trump is not None and not self.deciding)

    def legal(self, seat: int, *, misdeal_ok: bool = False) -> list[Action]:
        """The legal calls of ``seat``: pass or a suit, or alone or with the partner."""
        if self.deciding:
            if self.rules.canadian and self.round == 1 and seat == self.rules.partner_of(self.dealer):
                return [Choose(seat, Choice.ALONE)]
            return [Choose(seat, Choice.ALONE), Choose(seat, Choice.PARTNER)]
        if self.naming:
            return list(DECLARES[seat])
        out: list[Action] = [Choose(seat, Choice.MISDEAL)] if misdeal_ok else []
        clubs = self.round == 1 and self.rules.club_euchre and self.up_suit == 0 and not self.named
        if not self._must_call(seat) and not (clubs and seat == self.dealer):
            out.append(PASSES[seat])
        if self.round == 1:
            if not (clubs and seat != self.dealer):
                out.append(DECLARES[seat][self.up_suit])
        else:
            out.extend(DECLARES[seat][s] for s in range(4) if s != self.up_suit)
        return out

    def _must_call(self, seat: int) -> bool:
        return self.round == 2 and seat == self.dealer and self.rules.stick_dealer

    def verify(self, action: Action, *, misdeal_ok: bool = False) -> None:
        """Raise :class:`IllegalActionError` unless ``action`` is a legal call now."""
        if action in self.legal(action.seat, misdeal_ok=misdeal_ok):
            return
        if action == Choose(action.seat, Choice.MISDEAL):
            raise IllegalActionError("only a player dealt a throw-in hand may throw it in, on the first turn "
                                     "(throw-in = true)")
        if self.naming:
            raise IllegalActionError("a Benny turned up: the dealer first names the suit it stands for")
        up = Suit(self.up_suit).long_name
        if self.deciding:
            if len(self.legal(action.seat)) == 1:
                raise IllegalActionError("ordering up one's partner means going alone (canadian = true)")
            raise IllegalActionError("the maker says first whether to go alone: choose alone or partner")
        if self.round == 1 and self.rules.club_euchre and self.up_suit == 0:
            raise IllegalActionError("a club turned up: the dealer must pick it up (club-euchre = true)")
        if type(action) is Choose:
            raise IllegalActionError(f"cannot choose {action.option.value} while trump is being made")
        if type(action) is Bid:
            if action.amount is not None:
                raise IllegalActionError("trump is made with the upcard: pass, or name a suit")
            raise IllegalActionError("the dealer must name trump (stick-dealer = true)")
        if self.round == 1:
            raise IllegalActionError(f"in round one only the upcard's suit ({up}) may be made trump")
        raise IllegalActionError(f"{up} was turned down: name another suit")

    def apply(self, action: Action) -> None:
        """Apply a verified call."""
        seat = action.seat
        if self.naming:
            assert type(action) is DeclareTrump
            self.naming, self.named = False, int(action.suit)
            return
        if type(action) is Choose:
            self.deciding = False
            self.alone = action.option == Choice.ALONE
            return
        if type(action) is DeclareTrump:
            self.maker, self.trump = seat, int(action.suit)
            self.bids.append((seat, self.rules.tricks_needed))
            self.deciding = self.rules.going_alone
            return
        self.bids.append((seat, None))
        if seat != self.dealer:
            self.pos += 1
        elif self.round == 1:
            self.round, self.pos = 2, 0
        else:
            self.thrown_in = True


class UpcardHand:
    """Making trump with the upcard, going alone and trick scoring on the state of a
    :class:`~pitchkit.hand.Hand`."""

    rules: Rules
    n_seats: int
    seats: tuple[int, ...]
    dealer: int
    hands: list[int]
    stock: list[int]
    discards: list[int]
    phase: Phase
    to_act: int | None
    pitcher: int | None
    bid: int | None
    trump: int | None
    auction: Making | object
    tricks: list[Trick]
    scores_before: tuple[int, ...]
    _tt: TrumpTable | None
    _order: tuple[int, ...]
    _next: dict[int, int]
    _n_active: int

    #: the seat that sits out this hand (the partner of a maker going alone), if any
    sitting_out: int | None = None

    if TYPE_CHECKING:  # from pitchkit.hand and pitchkit.drawing
        def _set_trump(self, suit: int) -> None: ...

        def _begin_play(self) -> None: ...

        def _finish_unscored(self, *, misdeal: bool, delta: tuple[int, ...], deal_passes: bool,
                             ruling: Ruling | None = None) -> None: ...

        def _finish_result(self, tally: Tally, *, made: bool) -> None: ...

    def _throw_in(self, seat: int) -> bool:
        """Whether ``seat`` may throw its hand in now: ``throw-in``, its first turn to speak, and a
        throw-in hand (nines and tens only, or with them a lone ace, king or jack, or three queens)."""
        making = self.auction
        if not self.rules.throw_in or not isinstance(making, Making) or making.round != 1 or making.deciding \
                or making.naming:
            return False
        ranks = [c % 13 + 2 if c < BIG_JOKER else 0 for c in iter_mask(self.hands[seat])]
        if min(ranks) < 9:  # the Benny is no throw-in card
            return False
        return sorted(r for r in ranks if r > 10) in _THROW_IN_FACES

    @property
    def upcard(self) -> int | None:
        """The card turned up for making trump (``None`` when the rules have none)."""
        making = self.auction
        return making.upcard if isinstance(making, Making) else None

    def _apply_making(self, action: Action) -> None:
        making = self.auction
        assert isinstance(making, Making)
        if action == Choose(action.seat, Choice.MISDEAL):  # a throw-in: the same dealer deals again
            self._finish_unscored(misdeal=True, delta=(0,) * self.n_seats, deal_passes=False)
            return
        making.apply(action)
        if making.thrown_in:
            self._finish_unscored(misdeal=True, delta=(0,) * self.n_seats, deal_passes=True)
            return
        if making.maker is not None and self.trump is None:
            assert making.trump is not None
            self.pitcher, self.bid = making.maker, self.rules.tricks_needed
            self._set_trump(making.trump)
        if not making.done:
            self.to_act = making.to_act
            return
        if making.alone:
            self._sit_out(making)
        if making.round == 1:
            self.hands[self.dealer] |= 1 << self.stock.pop(0)
            self.phase, self.to_act = _DISCARD, self.dealer
        else:
            self._begin_play()

    def _sit_out(self, making: Making) -> None:
        assert making.maker is not None
        partner = self.rules.partner_of(making.maker)
        assert partner is not None
        nxt = dict(self._next)
        before = next(s for s, t in nxt.items() if t == partner)
        nxt[before] = nxt[partner]
        self._next = nxt
        self._n_active -= 1
        self.sitting_out = partner

    def _leader(self) -> int:
        """Who leads to the first trick."""
        if self.rules.first_lead == FirstLead.PITCHER:
            assert self.pitcher is not None
            return self.pitcher
        return next(s for s in self._order if s != self.sitting_out)

    def _upcard_discard_mask(self, seat: int) -> int:
        """The cards the dealer may discard after picking up the upcard."""
        held = self.hands[seat]
        up = self.upcard
        if self.rules.keep_upcard and up is not None:
            return held & ~(1 << up)
        return held

    def _finish_tricks(self) -> None:
        assert self.pitcher is not None
        tally, made = trick_tally(self.rules, seats=self.seats, n_seats=self.n_seats, maker=self.pitcher,
                                  alone=self.sitting_out is not None, tricks=self.tricks)
        self._finish_result(tally, made=made)
