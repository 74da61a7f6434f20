"""Making trump with the upcard (Euchre), going alone, and scoring by tricks.

Under ``trump-by = upcard`` the top card of the stock is turned up after the deal. In round one each
player from the dealer's left may pass or order the dealer to pick it up (naming its suit); in round
two each may pass or name another suit, and with ``stick-dealer`` the dealer may not pass. The maker
may then go alone (``going-alone``): the partner sits out the hand, and with ``defend-alone-points`` each
defender in turn may then defend alone. With ``blind-loner-points`` each player, before looking at the
cards, may first call a blind double loner; with ``farmers-hand`` a player dealt a farmer's hand may
exchange cards with the kitty on the first turn. A call in round one gives the upcard to the dealer,
who discards one card. A part of :class:`~pitchkit.engine.hand.Hand`, kept apart by concern, like
:mod:`pitchkit.engine.drawing` (the steps of a loner's hand between the make and the first lead are in
:mod:`pitchkit.engine.alone`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pitchkit.engine.actions import Action, Bid, Choice, Choose, DeclareTrump, Phase, Ruling
from pitchkit.engine.alone import AloneSteps, nines_and_tens
from pitchkit.engine.auction import Auction
from pitchkit.engine.cards import BIG_JOKER, Suit, iter_mask
from pitchkit.engine.errors import IllegalActionError
from pitchkit.engine.lookup import CHOOSES, DECLARES, PASSES
from pitchkit.engine.rules import FirstLead, Rules
from pitchkit.engine.scoring import Tally, Trick, trick_tally
from pitchkit.engine.trump import TrumpTable

_AUCTION, _DISCARD = Phase.AUCTION, Phase.DISCARD
#: the cards above ten a throw-in hand may hold besides nines and tens (seed 004 "Throw-ins"): none
#: (nines and tens), a lone jack ("jack nothing"), a lone king ("king nothing"), a lone ace ("ace, no
#: face"), three queens
_THROW_IN_FACES: tuple[list[int], ...] = ([], [11], [13], [14], [12, 12, 12])


class Making:
    """The two rounds of making trump with the upcard, and the decisions around them: a blind double
    loner before round one, a farmer's hand on the first turn, going alone and defending alone.

    It stands where :class:`~pitchkit.engine.auction.Auction` stands in a Pitch hand: ``bids`` holds the
    passes (``None``) and the call (the tricks the makers need)."""

    def __init__(self, rules: Rules, *, dealer: int, order: Sequence[int], upcard: int,
                 hands: Sequence[int] = ()) -> None:
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
        #: the defenders still to say whether they defend alone against the loner, in turn
        self.defending: list[int] = []
        self.defender: int | None = None
        #: the round before round one in which each player may call a blind double loner
        self.blinding = bool(rules.blind_loner_points)
        self.blind = False
        #: the seat dealt a farmer's hand, until its first turn has passed; its exchange is pending
        self.farmer = farmer_seat(rules, order, hands)
        self.farming = False
        #: every player passed twice: the hand is thrown in
        self.thrown_in = False
        #: a Benny turned up: the dealer names the suit that stands for it before anyone speaks
        self.naming = upcard >= BIG_JOKER
        self.named: int | None = None

    def clone(self) -> Making:
        """An independent copy."""
        # each attribute named: faster than copy.copy
        other = object.__new__(Making)
        other.rules = self.rules
        other.dealer = self.dealer
        other.order = self.order
        other.upcard = self.upcard
        other.round = self.round
        other.pos = self.pos
        other.ran = self.ran
        other.bids = list(self.bids)
        other.maker = self.maker
        other.trump = self.trump
        other.deciding = self.deciding
        other.alone = self.alone
        other.defending = list(self.defending)
        other.defender = self.defender
        other.blinding = self.blinding
        other.blind = self.blind
        other.farmer = self.farmer
        other.farming = self.farming
        other.thrown_in = self.thrown_in
        other.naming = self.naming
        other.named = self.named
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
        if self.defending:
            return self.defending[0]
        if self.naming:
            return self.dealer
        return self.order[self.pos]

    @property
    def done(self) -> bool:
        """True once trump is made (and going alone decided), or the hand is thrown in."""
        return self.thrown_in or (self.trump is not None and not self.deciding and not self.defending)

    def looked(self, seat: int) -> bool:
        """Whether ``seat`` has looked at its cards (only a blind double loner's round keeps them
        unseen: each player looks once it has said it does not call one)."""
        return not self.blinding or self.order.index(seat) < self.pos

    def legal(self, seat: int, *, misdeal_ok: bool = False) -> list[Action]:
        """The legal calls of ``seat``: pass or a suit, or alone or with the partner."""
        if self.deciding:
            if self.rules.canadian and self.round == 1 and seat == self.rules.partner_of(self.dealer):
                return [CHOOSES[seat][Choice.ALONE]]
            return [CHOOSES[seat][Choice.ALONE], CHOOSES[seat][Choice.PARTNER]]
        if self.defending:
            return [CHOOSES[seat][Choice.ALONE], CHOOSES[seat][Choice.PARTNER]]
        if self.naming:
            return list(DECLARES[seat])
        if self.blinding:
            return [CHOOSES[seat][Choice.BLIND], CHOOSES[seat][Choice.LOOK]]
        out: list[Action] = [CHOOSES[seat][Choice.MISDEAL]] if misdeal_ok else []
        if seat == self.farmer:
            out.append(CHOOSES[seat][Choice.FARMER])
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
        if self.blinding:
            raise IllegalActionError("first each player in turn calls a blind double loner or looks at the "
                                     "cards (blind-loner-points): choose blind or look")
        if action == Choose(action.seat, Choice.FARMER):
            raise IllegalActionError("only a player dealt a farmer's hand (nines and tens) may call it, on "
                                     "the first turn (farmers-hand)")
        up = Suit(self.up_suit).long_name
        if self.deciding:
            if len(self.legal(action.seat)) == 1:
                raise IllegalActionError("ordering up one's partner means going alone (canadian = true)")
            raise IllegalActionError("the maker says first whether to go alone: choose alone or partner")
        if self.defending:
            raise IllegalActionError("against a loner each defender says whether to defend alone: choose "
                                     "alone or partner (defend-alone-points)")
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
        raise IllegalActionError(f"{up} were turned down: name another suit")

    def apply(self, action: Action) -> None:
        """Apply a verified call."""
        seat = action.seat
        if self.naming:
            assert type(action) is DeclareTrump
            self.naming, self.named = False, int(action.suit)
            return
        if self.blinding:
            assert type(action) is Choose
            if action.option == Choice.BLIND:
                self.blinding, self.blind = False, True
                self._make(seat, self.up_suit)
                self._go_alone()
            elif seat == self.dealer:
                self.blinding, self.pos = False, 0
            else:
                self.pos += 1
            return
        if type(action) is Choose:
            if action.option == Choice.FARMER:
                self.farmer, self.farming = None, True
            elif self.defending:
                self.defending.pop(0)
                if action.option == Choice.ALONE:
                    self.defender, self.defending = seat, []
            else:
                self.deciding = False
                if action.option == Choice.ALONE:
                    self._go_alone()
            return
        if seat == self.farmer:
            self.farmer = None
        if type(action) is DeclareTrump:
            self._make(seat, int(action.suit))
            self.deciding = self.rules.going_alone
            return
        self.bids.append((seat, None))
        if seat != self.dealer:
            self.pos += 1
        elif self.round == 1:
            self.round, self.pos = 2, 0
        else:
            self.thrown_in = True

    def _make(self, seat: int, suit: int) -> None:
        self.maker, self.trump = seat, suit
        self.bids.append((seat, self.rules.tricks_needed))

    def _go_alone(self) -> None:
        """The maker goes alone: with ``defend-alone-points`` each defender in turn from the dealer's left
        (as they spoke when trump was made) may defend alone."""
        self.alone = True
        maker = self.maker
        assert maker is not None
        if self.rules.defend_alone_points:
            team = self.rules.team_of(maker)
            self.defending = [s for s in self.order if self.rules.team_of(s) != team]


def out_seats(rules: Rules, log: Sequence[Action], pitcher: int | None) -> tuple[int, ...]:
    """The seats sitting out a hand, read from its (public) log: the partner of a maker who went alone
    or called a blind double loner, and the partner of a defender who defends alone."""
    if pitcher is None or not rules.going_alone:
        return ()
    team = rules.team_of(pitcher)
    loners = [a.seat for a in log if type(a) is Choose and (a.option == Choice.BLIND or (
        a.option == Choice.ALONE and (a.seat == pitcher or rules.team_of(a.seat) != team)))]
    return tuple(p for p in (rules.partner_of(s) for s in loners) if p is not None)


def farmer_seat(rules: Rules, order: Sequence[int], hands: Sequence[int]) -> int | None:
    """The seat dealt a farmer's hand (nines and tens only: at most one seat can hold it), when the
    rules have ``farmers-hand``."""
    if not rules.farmers_hand or not hands:
        return None
    return next((s for s in order if nines_and_tens(hands[s])), None)


class UpcardHand(AloneSteps):
    """Making trump with the upcard, going alone and trick scoring on the state of a
    :class:`~pitchkit.engine.hand.Hand`."""

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
    auction: Auction | Making
    tricks: list[Trick]
    scores_before: tuple[int, ...]
    _tt: TrumpTable | None
    _order: tuple[int, ...]
    _next: dict[int, int]
    _n_active: int

    #: the seat that sits out this hand (the partner of a maker going alone), if any
    sitting_out: int | None = None
    #: the defender playing alone against the loner (``defend-alone-points``), if any; the partner sits out
    lone_defender: int | None = None

    if TYPE_CHECKING:  # from pitchkit.engine.hand and pitchkit.engine.drawing
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
                or making.naming or making.blinding or making.defending:
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

    def looked(self, seat: int) -> bool:
        """Whether ``seat`` has seen its cards: always, except before it says whether it calls a blind
        double loner (``blind-loner-points``); its view holds no cards until then."""
        making = self.auction
        return not isinstance(making, Making) or making.looked(seat)

    @property
    def blind(self) -> bool:
        """Whether the maker called a blind double loner."""
        making = self.auction
        return isinstance(making, Making) and making.blind

    def _apply_making(self, action: Action) -> None:
        making = self.auction
        assert isinstance(making, Making)
        if type(action) is Choose and action.option is Choice.MISDEAL:  # a throw-in: the same dealer again
            self._finish_unscored(misdeal=True, delta=(0,) * self.n_seats, deal_passes=False)
            return
        making.apply(action)
        if making.farming:  # a farmer's hand: first the exchange with the kitty
            self.phase = _DISCARD
            return
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
            assert making.maker is not None
            self.sitting_out = self.rules.partner_of(making.maker)
        if making.defender is not None:
            self.lone_defender = making.defender
        self._seat_players()
        self._late_throw_in = self.rules.throw_in_no_trump
        if making.round == 1:
            self.hands[self.dealer] |= 1 << self.stock.pop(0)
            self.phase, self.to_act = _DISCARD, self.dealer
        else:
            self._begin_play()

    def _seat_players(self) -> None:
        """Take the seats sitting out (a loner's partner, a lone defender's partner) out of the turn."""
        out = self.out_seats
        if not out:
            return
        playing = [s for s in self.seats if s not in out]
        nxt = dict(self._next)
        for s in self.seats:
            nxt[s] = next(t for t in (*self.seats[self.seats.index(s) + 1:], *self.seats) if t in playing)
        self._next = nxt
        self._n_active = len(playing)

    @property
    def out_seats(self) -> tuple[int, ...]:
        """The seats sitting out this hand: a loner's partner, and a lone defender's partner."""
        out: tuple[int, ...] = () if self.sitting_out is None else (self.sitting_out,)
        if self.lone_defender is not None:
            partner = self.rules.partner_of(self.lone_defender)
            assert partner is not None
            out += (partner,)
        return out

    def _leader(self) -> int:
        """Who leads to the first trick."""
        if self.rules.first_lead == FirstLead.PITCHER:
            assert self.pitcher is not None
            return self.pitcher
        out = self.out_seats
        return next(s for s in self._order if s not in out)

    def _upcard_discard_bounds(self, seat: int) -> tuple[int, int, int]:
        """(allowed mask, fewest, most) cards to discard: one after picking up the upcard (any card, or
        any but the upcard with ``keep-upcard``), or a farmer's hand's exchange with the kitty."""
        held = self.hands[seat]
        making = self.auction
        if isinstance(making, Making) and making.farming:
            k = self.rules.farmers_hand
            return held, k, k
        up = self.upcard
        if self.rules.keep_upcard and up is not None:
            return held & ~(1 << up), 1, 1
        return held, 1, 1

    def _upcard_discarded(self, seat: int, mask: int) -> None:
        """After a discard: a farmer's cards are exchanged with the kitty's face-down cards below the
        upcard, and the farmer goes on to speak; the dealer's discard after picking up ends the making."""
        making = self.auction
        if isinstance(making, Making) and making.farming:
            making.farming = False
            k = self.rules.farmers_hand
            taken = self.stock[1:1 + k]
            self.stock[1:1 + k] = iter_mask(mask)
            for c in taken:
                self.hands[seat] |= 1 << c
            self.phase, self.to_act = _AUCTION, making.to_act
            return
        self.discards[seat] |= mask
        self._begin_play()

    def _finish_tricks(self) -> None:
        assert self.pitcher is not None
        tally, made = trick_tally(self.rules, seats=self.seats, n_seats=self.n_seats, maker=self.pitcher,
                                  alone=self.sitting_out is not None, tricks=self.tricks, blind=self.blind,
                                  lone_defender=self.lone_defender)
        self._finish_result(tally, made=made)
