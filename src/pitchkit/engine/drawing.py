"""The steps between the auction and the first lead that change the hands: discard and draw
(ten-point), and the partner exchange. A part of :class:`~pitchkit.engine.hand.Hand`, kept apart by
concern."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from pitchkit.engine.actions import Action, Discard, Phase
from pitchkit.engine.cards import Card, cards_of, mask_of
from pitchkit.engine.errors import IllegalActionError
from pitchkit.engine.rules import Rules, TrumpBy
from pitchkit.engine.scoring import point_card
from pitchkit.engine.trump import TrumpTable

_AUCTION, _TRUMP, _DISCARD, _EXCHANGE, _PLAY = (Phase.AUCTION, Phase.TRUMP, Phase.DISCARD, Phase.EXCHANGE,
                                               Phase.PLAY)
_CARD_POINTS = ("jack", "off-jack", "big-joker", "little-joker", "ace", "ten", "two", "three")


class DrawAndExchange:
    """Discard and draw, and the partner exchange, on the state of a :class:`~pitchkit.engine.hand.Hand`."""

    rules: Rules
    seats: tuple[int, ...]
    hands: list[int]
    stock: list[int]
    discards: list[int]
    passed: list[int]
    phase: Phase
    to_act: int | None
    pitcher: int | None
    trump: int | None
    _tt: TrumpTable | None
    _order: tuple[int, ...]
    _discard_queue: list[int]
    _pass_queue: list[int]
    _need: int
    _second_discard: bool
    _points_for: int
    _points: int

    def _finish_misdeal(self, *, buried: bool = False) -> None:
        raise NotImplementedError

    if TYPE_CHECKING:  # the upcard's rules, from pitchkit.engine.making
        def _leader(self) -> int: ...

        def _upcard_discard_bounds(self, seat: int) -> tuple[int, int, int]: ...

        def _upcard_discarded(self, seat: int, mask: int) -> None: ...

        def _best_queue(self) -> list[int]: ...

        def _apply_best_pass(self, seat: int, mask: int) -> None: ...

    # -- discard and draw -------------------------------------------------------------------------

    def _point_mask(self) -> int:
        assert self.trump is not None and self._tt is not None
        if self._points_for == self.trump:
            return self._points
        m = 0
        for point in _CARD_POINTS:
            if point in self.rules.points:
                c = point_card(point, self.trump, self._tt.off_jack)
                if c is not None:
                    m |= 1 << c
        self._points_for, self._points = self.trump, m
        return m

    def _discard_bounds(self, seat: int) -> tuple[int, int, int]:
        """(allowed mask, fewest, most) cards the seat may discard now."""
        if self.rules.trump_by == TrumpBy.UPCARD:
            return self._upcard_discard_bounds(seat)
        held = self.hands[seat].bit_count()
        keep_max = self.rules.draw_to
        allowed = self.hands[seat] & ~self._point_mask()
        if self._second_discard:
            k = held - keep_max
            return allowed, k, k
        spare = len(self.stock) - self._need
        keep_min = max(0, keep_max - spare)
        return allowed, max(0, held - keep_max), min(held - keep_min, allowed.bit_count())

    def _legal_discards(self, seat: int) -> list[Action]:
        allowed, lo, hi = self._discard_bounds(seat)
        pool = cards_of(allowed)
        return [Discard(seat, combo) for k in range(lo, hi + 1) for combo in combinations(pool, k)]

    def discard_options(self, seat: int) -> tuple[list[Card], int, int]:
        """The cards ``seat`` may discard now and how many (fewest, most): a compact form of the
        discard actions, whose full list can be long."""
        allowed, lo, hi = self._discard_bounds(seat)
        return cards_of(allowed), lo, hi

    def _verify_discard(self, seat: int, cards: tuple[Card, ...]) -> None:
        m = mask_of(cards)
        if len(set(cards)) != len(cards):
            raise IllegalActionError("a card is discarded twice")
        if m & ~self.hands[seat]:
            missing = cards_of(m & ~self.hands[seat])[0]
            raise IllegalActionError(f"{missing} is not in seat {seat}'s hand")
        allowed, lo, hi = self._discard_bounds(seat)
        if m & ~allowed:
            why = "the upcard must be kept (keep-upcard = true)" if self.rules.keep_upcard else \
                "a point card and may not be buried"
            raise IllegalActionError(f"{cards_of(m & ~allowed)[0]} is {why}")
        if self.rules.trump_by == TrumpBy.UPCARD:
            if len(cards) != lo:
                raise IllegalActionError(
                    "the dealer discards exactly one card after picking up" if lo == 1 else
                    f"a farmer's hand exchanges exactly {lo} cards with the kitty (farmers-hand = {lo})")
            return
        keep = self.rules.draw_to
        if len(cards) < lo:
            raise IllegalActionError(f"must discard down to {keep} cards ({lo} at least)")
        if len(cards) > hi:
            if self._second_discard:
                raise IllegalActionError(f"must keep exactly {keep} cards")
            raise IllegalActionError(f"the stock cannot refill that many; discard at most {hi}")

    def _apply_discard(self, seat: int, cards: tuple[Card, ...]) -> None:
        m = mask_of(cards)
        self.hands[seat] &= ~m
        if self.rules.trump_by == TrumpBy.UPCARD:
            self._upcard_discarded(seat, m)
            return
        self.discards[seat] |= m
        if self._second_discard:
            self._second_discard = False
            self._begin_play()
            return
        self._need += self.rules.draw_to - self.hands[seat].bit_count()
        self._next_discarder()

    def _next_discarder(self) -> None:
        if self._discard_queue:
            seat = self._discard_queue.pop(0)
            if (self.hands[seat] & self._point_mask()).bit_count() > self.rules.draw_to:
                self._finish_misdeal(buried=True)
                return
            self.to_act = seat
            return
        for s in self._order:
            while self.hands[s].bit_count() < self.rules.draw_to and self.stock:
                self.hands[s] |= 1 << self.stock.pop(0)
        assert self.pitcher is not None
        if self.rules.bidder_takes_stock:
            while self.stock:
                self.hands[self.pitcher] |= 1 << self.stock.pop(0)
        held = self.hands[self.pitcher]
        if (held & self._point_mask()).bit_count() > self.rules.draw_to:
            self._finish_misdeal(buried=True)
        elif held.bit_count() > self.rules.draw_to:
            self._second_discard = True
            self.to_act = self.pitcher
        else:
            self._begin_play()

    # -- the partner exchange ---------------------------------------------------------------------

    def _begin_play(self) -> None:
        """Go to the first lead, through the partner exchange when the rules have one (or a loner's
        partner's best, see :mod:`pitchkit.engine.alone`)."""
        queue = list(self._order) if self.rules.partner_pass else self._best_queue()
        if queue:
            self.phase = _EXCHANGE
            self._pass_queue = queue[1:]
            self.to_act = queue[0]
        else:
            self.phase, self.to_act = _PLAY, self._leader()

    def _verify_pass(self, seat: int, cards: tuple[Card, ...]) -> None:
        k = self.rules.partner_pass or 1  # one card for a loner's partner's best
        if len(set(cards)) != len(cards):
            raise IllegalActionError("a card is passed twice")
        missing = mask_of(cards) & ~self.hands[seat]
        if missing:
            raise IllegalActionError(f"{cards_of(missing)[0]} is not in seat {seat}'s hand")
        if len(cards) != k:
            raise IllegalActionError(f"each player passes exactly {k} card(s) to the partner")

    def _apply_pass(self, seat: int, cards: tuple[Card, ...]) -> None:
        m = mask_of(cards)
        if not self.rules.partner_pass:
            self._apply_best_pass(seat, m)
            return
        self.hands[seat] &= ~m
        self.passed[seat] = m
        if self._pass_queue:
            self.to_act = self._pass_queue.pop(0)
            return
        for s in self.seats:
            partner = self.rules.partner_of(s)
            assert partner is not None
            self.hands[partner] |= self.passed[s]
        self.phase, self.to_act = _PLAY, self._leader()

    def set_aside(self) -> int:
        """Mask of the cards passed face down and not yet taken up (during the exchange; a partner's
        best card is taken up at once)."""
        if self.phase != _EXCHANGE or not self.rules.partner_pass:
            return 0
        out = 0
        for m in self.passed:
            out |= m
        return out

    def received(self, seat: int) -> int:
        """Mask of the cards ``seat`` received from its partner (0 until the exchange is done; no
        card is passed before the exchange, and after it the pass stays known, also while a led
        joker or off-jack names trump; a partner's best card as soon as it is passed)."""
        partner = self.rules.partner_of(seat)
        if partner is None or (self.phase is _EXCHANGE and self.rules.partner_pass):
            return 0
        return self.passed[partner]
