"""One hand of Pitch: deal, auction, trump, discard and draw, play, score.

A :class:`Hand` is pure: no I/O and no global random state. It is built from an explicit deal
(:meth:`Hand.from_deal`) or dealt with an injected ``random.Random`` (:meth:`Hand.deal`). Each
action is checked by :meth:`verify` (a typed error naming the reason) before :meth:`apply` changes
anything, so an illegal action leaves the state as it was.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import combinations, repeat
from operator import is_

from pitchkit.engine import auction
from pitchkit.engine.actions import (
    PLAYS,
    Action,
    Bid,
    Choice,
    Choose,
    DeclareTrump,
    Discard,
    PassCards,
    Phase,
    Play,
    Ruling,
    describe,
)
from pitchkit.engine.cards import (
    BIG_JOKER,
    BITS,
    CARDS,
    JACK,
    Card,
    Suit,
    cards_of,
    iter_mask,
    mask_of,
    shuffled,
)
from pitchkit.engine.checks import card_indices, check_action, check_deal, check_dealt
from pitchkit.engine.dealing import BIT, deal_plan, seating
from pitchkit.engine.drawing import DrawAndExchange
from pitchkit.engine.errors import DealError, IllegalActionError, quote
from pitchkit.engine.finish import HandEnd
from pitchkit.engine.lookup import DECLARES, MAX_SEATS, strengths
from pitchkit.engine.making import Making, UpcardHand
from pitchkit.engine.rules import Rules, TrumpBy
from pitchkit.engine.scoring import HandResult as HandResult
from pitchkit.engine.scoring import Trick
from pitchkit.engine.trump import TrumpTable, table_for

# phases as module constants: the hot path compares them per action, and enum lookups cost
_AUCTION, _TRUMP, _DISCARD, _PLAY, _DONE = Phase.AUCTION, Phase.TRUMP, Phase.DISCARD, Phase.PLAY, Phase.DONE
_EXCHANGE = Phase.EXCHANGE
_PHASE_ACTIONS: dict[Phase, tuple[type, ...]] = {
    _AUCTION: (Bid, Choose), _TRUMP: (DeclareTrump,), _DISCARD: (Discard,), _EXCHANGE: (PassCards,),
    _PLAY: (Play,), _DONE: (),
}
_N_CARDS = len(CARDS)
_FACE_OR_POINT = frozenset({14, 13, 12, 11, 10, 3, 2})


class Hand(HandEnd, DrawAndExchange, UpcardHand):
    """The state of one hand. Seats are 0..n-1 clockwise; a seat dealt no cards sits out."""

    def __init__(self, rules: Rules, *, dealer: int, hands: Sequence[Iterable[int]],
                 stock: Sequence[int] = (), scores: Sequence[int] | None = None) -> None:
        dealt, stock = check_deal(rules, dealer=dealer, hands=hands, stock=stock, scores=scores)
        held = [mask_of(h) for h in dealt]
        active = tuple(s for s in range(len(dealt)) if held[s])
        check_dealt(rules, dealer=dealer, hands=dealt, active=active, stock=stock)
        self._setup(rules, dealer=dealer, dealt=dealt, held=held, active=active, stock=stock, scores=scores)

    def _setup(self, rules: Rules, *, dealer: int, dealt: Sequence[Sequence[int]], held: list[int],
               active: tuple[int, ...], stock: list[int], scores: Sequence[int] | None) -> None:
        n = len(dealt)
        self.rules = rules
        self.n_seats = n
        self.seats = active
        self._n_active = len(active)
        self._legal_at = -1
        self._points_for = -1
        self._points = 0
        #: the cards ``to_act`` may play, once legal_actions() has worked them out (0: not yet)
        self._legal_mask = 0
        #: the cards that follow the trick's led card, and those that may be played instead
        self._follow = self._ruff = 0
        self._strength: tuple[tuple[int, ...], ...] = ()
        self.dealer = dealer
        self._dealt = tuple(dealt)
        self._stock0 = tuple(stock)
        self._legal_list: Sequence[Action] = ()
        self.scores_before: tuple[int, ...] = tuple(scores) if scores is not None else (0,) * n
        if len(self.scores_before) != n:
            raise DealError(f"scores: {len(self.scores_before)} given for {n} seats")
        nxt, order = seating(active, dealer)
        self._next = nxt
        self._order = order
        self.hands: list[int] = held
        self.stock: list[int] = stock
        self.discards: list[int] = [0] * n
        #: cards each seat passed to its partner (set aside face down until everyone has passed)
        self.passed: list[int] = [0] * n
        self._pass_queue: list[int] = []
        self.log: list[Action] = []
        self.phase = _AUCTION
        #: True once the hand is scored (or ended in a misdeal or by a ruling)
        self.done = False
        self.to_act: int | None = nxt[dealer]
        self.auction: auction.Auction | Making = (
            Making(rules, dealer=dealer, order=order, upcard=stock[0], hands=held)
            if rules.trump_by == TrumpBy.UPCARD
            else auction.Auction(rules, dealer=dealer, order=order))
        self.sitting_out: int | None = None
        if type(self.auction) is Making:
            self.to_act = self.auction.to_act  # the dealer first, to name a Benny's suit
        self.pitcher: int | None = None
        self.bid: int | None = None
        self.trump: int | None = None
        self._tt: TrumpTable | None = None
        self.trick: list[tuple[int, int]] = []
        self.tricks: list[Trick] = []
        self.captured: list[int] = [0] * n
        self._discard_queue: list[int] = []
        self._need = 0
        self._second_discard = False
        self._declare_led: int | None = None
        self.result: HandResult | None = None
        #: the shared part of the latest view taken of this hand (kept by :mod:`pitchkit.engine.view`)
        self.view_cache: object = None

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def deal(cls, rules: Rules, rng: random.Random, *, dealer: int,
             seats: Sequence[int] | None = None, scores: Sequence[int] | None = None) -> Hand:
        """Shuffle with ``rng`` (:func:`pitchkit.engine.cards.shuffled`) and deal the deck as
        :meth:`deal_from` does. ``seats`` limits the hand to some seats (the others sit out)."""
        deck = shuffled(rules.deck_size, rng)
        cards = rules.deck_cards
        if cards[-1] != len(cards) - 1:
            # a short deck: the shuffled positions name its cards
            deck = list(map(cards.__getitem__, deck))
        return cls._deal_order(rules, deck, dealer=dealer, seats=seats, scores=scores)

    @classmethod
    def deal_from(cls, rules: Rules, deck: Sequence[int], *, dealer: int,
                  seats: Sequence[int] | None = None, scores: Sequence[int] | None = None) -> Hand:
        """Deal a deck in the given order: packets clockwise from the dealer's left, the dealer
        last; the rest is the stock, in order. ``deck`` must hold the whole deck once."""
        cards = card_indices(deck, what="deck")
        if sorted(cards) != list(rules.deck_cards):
            raise DealError(f"the deck must hold each of the {rules.deck_size} cards once")
        return cls._deal_order(rules, cards, dealer=dealer, seats=seats, scores=scores)

    @classmethod
    def _deal_order(cls, rules: Rules, cards: list[int], *, dealer: int,
                    seats: Sequence[int] | None, scores: Sequence[int] | None) -> Hand:
        n = rules.players
        playing = tuple(sorted(seats)) if seats is not None else _EVERYONE[n]
        if dealer not in playing:
            raise DealError(f"dealer {quote(dealer)} is not a seat in this hand")
        takes, dealt = deal_plan(len(playing), rules.deal_packet, rules.hand_size)
        hands: list[Sequence[int]] = [()] * n
        for s, take in zip(seating(playing, dealer)[1], takes, strict=True):
            hands[s] = take(cards)
        # a whole deck dealt in order is a valid deal by construction: skip the explicit-deal checks
        hand = object.__new__(cls)
        hand._setup(rules, dealer=dealer, dealt=hands, held=[sum(map(BIT, h)) for h in hands],
                    active=playing, stock=cards[dealt:], scores=scores)
        return hand

    def clone(self) -> Hand:
        """An independent copy (shares only immutable parts)."""
        other = object.__new__(Hand)
        other._copy_of(self)
        return other

    def _copy_of(self, h: Hand) -> None:
        # every attribute, in the order _setup() makes them, each named (faster than copying the
        # instance dict); the lists and the auction copied
        self.rules = h.rules
        self.n_seats = h.n_seats
        self.seats = h.seats
        self._n_active = h._n_active
        self._legal_at = h._legal_at
        self._points_for = h._points_for
        self._points = h._points
        self._legal_mask = h._legal_mask
        self._follow = h._follow
        self._ruff = h._ruff
        self._strength = h._strength
        self.dealer = h.dealer
        self._dealt = h._dealt
        self._stock0 = h._stock0
        self._legal_list = h._legal_list
        self.scores_before = h.scores_before
        self._next = h._next
        self._order = h._order
        self.hands = list(h.hands)
        self.stock = list(h.stock)
        self.discards = list(h.discards)
        self.passed = list(h.passed)
        self._pass_queue = list(h._pass_queue)
        self.log = list(h.log)
        self.phase = h.phase
        self.done = h.done
        self.to_act = h.to_act
        self.auction = h.auction.clone()
        self.sitting_out = h.sitting_out
        self.lone_defender = h.lone_defender
        self._late_throw_in = h._late_throw_in
        self.pitcher = h.pitcher
        self.bid = h.bid
        self.trump = h.trump
        self._tt = h._tt
        self.trick = list(h.trick)
        self.tricks = list(h.tricks)
        self.captured = list(h.captured)
        self._discard_queue = list(h._discard_queue)
        self._need = h._need
        self._second_discard = h._second_discard
        self._declare_led = h._declare_led
        self.result = h.result
        self.view_cache = None

    # -- queries --------------------------------------------------------------------------------

    @property
    def initial_hands(self) -> tuple[tuple[Card, ...], ...]:
        """What each seat was dealt."""
        return tuple(tuple(CARDS[c] for c in h) for h in self._dealt)

    @property
    def initial_stock(self) -> tuple[Card, ...]:
        """The undealt cards as they were after the deal, in drawing order."""
        return tuple(CARDS[c] for c in self._stock0)

    @property
    def trump_table(self) -> TrumpTable | None:
        """The rank and suit table for the current trump, once trump is known."""
        return self._tt

    def holding(self, seat: int) -> list[Card]:
        """The cards a seat holds now."""
        return cards_of(self.hands[seat])

    def next_seat(self, seat: int) -> int:
        """The next seat clockwise among the seats in this hand."""
        return self._next[seat]

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act (empty when the hand is done)."""
        seat = self.to_act
        if seat is None:
            return []
        phase = self.phase
        if phase is _PLAY:
            mask = self.legal_play_mask(seat)
            plays = PLAYS[seat]
            out: list[Action] = []
            while mask:
                low = mask & -mask
                out.append(plays[low.bit_length() - 1])
                mask ^= low
            if self._late_throw_in and not self.tricks:
                out += self.late_choices(seat)
            return out
        if phase is _EXCHANGE:
            k = self.rules.partner_pass or 1  # one card for a loner's partner's best
            return [PassCards(seat, combo) for combo in combinations(self.holding(seat), k)]
        legal: Sequence[Action]
        if phase is _DISCARD:
            legal = self._legal_discards(seat)
        elif phase is _AUCTION:
            legal = self.auction.legal(seat, misdeal_ok=self._may_call_misdeal(seat))
            if legal and type(legal[-1]) is Choose and not self._stock_can_run():
                legal = [a for a in legal if a != Choose(seat, Choice.RUN)]
        else:
            legal = [DECLARES[seat][s] for s in self._declarable()]
        # remembered so that apply() need not verify an action taken from this very list
        self._legal_list, self._legal_at = legal, len(self.log)
        return list(legal)

    def legal_play_mask(self, seat: int) -> int:
        """Bitmask of the cards ``seat`` may play now (follow suit or trump); for the seat to act it
        is kept until the next action, so that :meth:`apply` need not work it out again."""
        hand = self.hands[seat]
        if self.trick:
            follow = hand & self._follow
            mask = follow | hand & self._ruff if follow else hand
        elif self.rules.bidder_leads_trump and not self.tricks and seat == self.pitcher and self._tt:
            mask = hand & self._tt.trump_mask or hand
        else:
            mask = hand
        if seat == self.to_act:
            self._legal_mask = mask
        return mask

    def _set_follow(self, led: int) -> None:
        """The cards that follow the card ``led`` and those that may be played instead (trumps,
        unless the rules make a player who can follow do so), once trump is known."""
        tt = self._tt
        assert tt is not None
        suit = tt.suit[led]
        if suit == tt.trump:
            self._follow, self._ruff = tt.trump_mask, 0
        else:
            self._follow, self._ruff = tt.suit_mask[suit], tt.ruff_mask

    # -- verify / apply ---------------------------------------------------------------------------

    def verify(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` with the reason if ``action`` is not legal now (also
        when it is not an action record with fields of the declared types)."""
        check_action(action, self.n_seats)
        if self.phase is _DONE:
            raise IllegalActionError("the hand is over")
        if type(action) is Ruling:
            self._verify_ruling(action)
            return
        late = type(action) is Choose and self.phase is _PLAY and self._late_throw_in
        if type(action) not in _PHASE_ACTIONS[self.phase] and not late and not (
                type(action) is DeclareTrump and self.phase is _AUCTION and type(self.auction) is Making):
            verb = {Bid: "bid", Play: "play a card", DeclareTrump: "name trump", Discard: "discard",
                    PassCards: "pass cards to the partner", Choose: "choose"}[type(action)]
            why = f"the hand is in the {self.phase.value} phase"
            if self.phase == _EXCHANGE and self.rules.partner_pass:
                why += (f": partners first exchange {self.rules.partner_pass} card(s) each "
                        f"(partner-pass = {self.rules.partner_pass})")
            raise IllegalActionError(f"cannot {verb} now: {why}")
        if action.seat != self.to_act:
            raise IllegalActionError(f"it is seat {self.to_act}'s turn, not seat {action.seat}'s")
        seat = action.seat
        if late:
            self._verify_late_choice(action)  # type: ignore[arg-type]
            return
        if type(self.auction) is Making and self.phase is _AUCTION:
            self.auction.verify(action, misdeal_ok=self._may_call_misdeal(seat))
            return
        match action:
            case Bid() | Choose():
                self.auction.verify(action, misdeal_ok=self._may_call_misdeal(seat))
                if action == Choose(seat, Choice.RUN) and not self._stock_can_run():
                    raise IllegalActionError(f"running it needs {self._run_needs()} cards in the stock, "
                                             f"{len(self.stock)} given")
            case DeclareTrump(_, suit):
                if suit not in self._declarable():
                    raise IllegalActionError(f"cannot name {suit.long_name} as trump")
            case Discard(_, cards):
                self._verify_discard(seat, cards)
            case PassCards(_, cards):
                self._verify_pass(seat, cards)
            case Play(_, card):
                self._verify_play(seat, card)

    def apply(self, action: Action) -> None:
        """Check and apply one action; an illegal action raises and changes nothing."""
        if type(action) is Play and self.phase is _PLAY:
            seat, card = action.seat, action.card
            # the legal mask legal_actions() or legal_play_mask() left for this state (0: not asked)
            if seat == self.to_act and type(seat) is int and type(card) is Card \
                    and (self._legal_mask or self.legal_play_mask(seat)) >> card & 1:
                self.log.append(action)
                self._legal_mask = 0
                self._apply_play(seat, card)
                return
        # taken from the list legal_actions() just returned (the same object): legal as it stands
        fresh = self._legal_at == len(self.log)
        if not (fresh and any(map(is_, self._legal_list, repeat(action)))):
            # the types first, before any comparison: Bid(0, 2.0) == Bid(0, 2), and an object's own
            # __eq__ may raise
            check_action(action, self.n_seats)
            if not (fresh and action in self._legal_list):
                self.verify(action)
        self.log.append(action)
        self._legal_mask = 0
        if type(self.auction) is Making and type(action) is not Ruling and (
                self.phase is _AUCTION or type(action) is Choose):  # a Choose in play: a throw-in
            self._apply_making(action)
            return
        match action:
            case Bid() | Choose():
                self._apply_auction(action)
            case DeclareTrump(seat, suit):
                self._apply_trump(seat, int(suit))
            case Discard(seat, cards):
                self._apply_discard(seat, cards)
            case PassCards(seat, cards):
                self._apply_pass(seat, cards)
            case Ruling():
                self._finish_ruling(action)
            case Play(seat, card):
                self._apply_play(seat, int(card))

    def play_card(self, seat: int, card: int) -> None:
        """:meth:`apply` of ``Play(seat, CARDS[card])`` for a caller holding the card's index as a plain
        int (the research environments): the same checks, with less work for a legal play."""
        if type(card) is not int or not 0 <= card < _N_CARDS:
            raise IllegalActionError(f"{quote(card)} is not the index of a card (0 to {_N_CARDS - 1})")
        if self.phase is _PLAY and seat == self.to_act \
                and (self._legal_mask or self.legal_play_mask(seat)) >> card & 1:
            self.log.append(PLAYS[seat][card])
            self._legal_mask = 0
            self._apply_play(seat, card)
            return
        self.apply(Play(seat, CARDS[card]))

    def describe(self, action: Action) -> str:
        """Short text of an action, with this hand's bid names."""
        names: dict[int | None, str] = {None: "pass"}
        if isinstance(action, Bid) and action.amount is not None:
            names[action.amount] = self.rules.bid_name(action.amount)
        return describe(action, names)

    # -- auction --------------------------------------------------------------------------------

    def _may_call_misdeal(self, seat: int) -> bool:
        if self.rules.throw_in:
            return self._throw_in(seat)
        if not self.rules.misdeal_no_face or self.auction.round != 1:
            return False
        return not any(c >= BIG_JOKER or c % 13 + 2 in _FACE_OR_POINT for c in iter_mask(self.hands[seat]))

    def _apply_auction(self, action: Bid | Choose) -> None:
        assert type(self.auction) is auction.Auction
        if isinstance(action, Choose) and action.option == Choice.MISDEAL:
            self._finish_misdeal()
            return
        if isinstance(action, Choose) and action.option == Choice.RUN:
            self._deal_extra()
        outcome = self.auction.apply(action)
        if outcome is None:
            self.to_act = self.auction.to_act
            return
        self.pitcher, self.bid = outcome
        if self.rules.trump_by == TrumpBy.DECLARE:
            self.phase, self.to_act = _TRUMP, self.pitcher
        else:
            self._begin_play()

    def _run_needs(self) -> int:
        return self.rules.run_extra(len(self.seats)) * len(self.seats)

    def _stock_can_run(self) -> bool:
        return len(self.stock) >= self._run_needs()

    def _deal_extra(self) -> None:
        extra = self.rules.run_extra(len(self.seats))
        for s in self._order:
            for _ in range(extra):
                self.hands[s] |= 1 << self.stock.pop(0)

    # -- trump ----------------------------------------------------------------------------------

    def _declarable(self) -> list[int]:
        if self._declare_led is None:
            return [0, 1, 2, 3]
        c = self._declare_led
        if c >= BIG_JOKER:
            return [0, 1, 2, 3]
        return sorted({c // 13, c // 13 ^ 3})

    def _set_trump(self, suit: int) -> None:
        r = self.rules
        self.trump = suit
        self._tt = table_for(r, suit)
        self._strength = strengths(suit, jokers=r.jokers, off_jack=r.off_jack, equal_jokers=r.equal_jokers,
                                   bowers=r.bowers, benny=r.benny)

    def _apply_trump(self, seat: int, suit: int) -> None:
        self._set_trump(suit)
        if self._declare_led is not None:
            self._set_follow(self._declare_led)
            self._declare_led = None
            self.phase = _PLAY
            self.to_act = self._next[seat]
        elif self.rules.draw_to:
            self.phase = _DISCARD
            self._discard_queue = list(self._order)
            self._next_discarder()
        else:
            self._begin_play()

    # -- play -----------------------------------------------------------------------------------

    def _verify_play(self, seat: int, card: Card) -> None:
        if not self.hands[seat] >> card & 1:
            raise IllegalActionError(f"{card} is not in seat {seat}'s hand")
        if self.legal_play_mask(seat) >> card & 1:
            return
        tt = self._tt
        assert tt is not None
        if not self.trick:
            raise IllegalActionError("the bidder's first lead must be a trump")
        led = tt.suit[self.trick[0][1]]
        if led == tt.trump:
            raise IllegalActionError(f"must follow trump ({Suit(led).long_name})")
        if self.rules.must_follow:
            raise IllegalActionError(f"must follow {Suit(led).long_name} (must-follow = true)")
        if self.hands[seat] & tt.trump_mask:
            raise IllegalActionError(f"must follow {Suit(led).long_name} or play a trump")
        raise IllegalActionError(f"must follow {Suit(led).long_name}")

    def _apply_play(self, seat: int, card: int) -> None:
        self.hands[seat] ^= BITS[card]
        trick = self.trick
        trick.append((seat, card))
        if len(trick) == 1:
            if self.trump is None:
                needs_name = card >= BIG_JOKER or (self.rules.off_jack and card % 13 + 2 == JACK)
                if needs_name:
                    self._declare_led = card
                    self.phase = _TRUMP
                    return
                self._set_trump(card // 13)
            self._set_follow(card)
        if len(trick) < self._n_active:
            self.to_act = self._next[seat]
            return
        st = self._strength[self._tt.suit[trick[0][1]]]  # type: ignore[union-attr]
        winner, best = trick[0][0], st[trick[0][1]]
        won = 1 << trick[0][1]
        for s, c in trick[1:]:
            won |= 1 << c
            if st[c] > best:
                winner, best = s, st[c]
        self.tricks.append((tuple(trick), winner))
        self.captured[winner] |= won
        self.trick = []
        if self.hands[winner]:
            self.to_act = winner
        else:
            self._finish_scored()


_EVERYONE: tuple[tuple[int, ...], ...] = tuple(tuple(range(n)) for n in range(MAX_SEATS + 1))
