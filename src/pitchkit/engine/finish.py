"""The end of a hand: scored when the last trick is taken, or ended unplayed by a misdeal or a
ruling. A part of :class:`~pitchkit.engine.hand.Hand`, kept apart by concern, like
:mod:`pitchkit.engine.drawing`."""

from __future__ import annotations

from operator import add
from typing import TYPE_CHECKING

from pitchkit.engine.actions import Phase, Ruling
from pitchkit.engine.cards import Suit
from pitchkit.engine.ending import going_out
from pitchkit.engine.errors import IllegalActionError
from pitchkit.engine.rules import MisdealDealer, Rules, ScoreBy
from pitchkit.engine.scoring import HandResult, Tally, Trick, contract_made, deltas, tally

_DONE = Phase.DONE
_SUITS: tuple[Suit, ...] = tuple(Suit)


class HandEnd:
    """Ending a hand and building its :class:`~pitchkit.engine.scoring.HandResult`, on the state of a
    :class:`~pitchkit.engine.hand.Hand`."""

    rules: Rules
    n_seats: int
    seats: tuple[int, ...]
    phase: Phase
    to_act: int | None
    done: bool
    pitcher: int | None
    bid: int | None
    trump: int | None
    tricks: list[Trick]
    scores_before: tuple[int, ...]
    result: HandResult | None

    if TYPE_CHECKING:  # the upcard's rules, from pitchkit.engine.making
        def _finish_tricks(self) -> None: ...

    # -- the end ----------------------------------------------------------------------------------

    def _finish_misdeal(self, *, buried: bool = False) -> None:
        self._finish_unscored(misdeal=True, delta=(0,) * self.n_seats,
                              deal_passes=buried and self.rules.bury_misdeal_dealer == MisdealDealer.NEXT)

    def _finish_unscored(self, *, misdeal: bool, delta: tuple[int, ...], deal_passes: bool,
                         ruling: Ruling | None = None) -> None:
        """End the hand without playing it out (a misdeal, a ruling): no awards, ``delta`` counted."""
        n = self.n_seats
        self.phase, self.to_act, self.done = _DONE, None, True
        self.result = HandResult(
            misdeal=misdeal, pitcher=self.pitcher, bid=self.bid,
            trump=None if self.trump is None else _SUITS[self.trump], awards=(), scored=(),
            side=tuple(self.rules.team_of(s) if s in self.seats else -1 for s in range(n)),
            side_points=(0,) * n, card_points=(0,) * n, made=None, delta=delta,
            scores=tuple(map(add, self.scores_before, delta)),
            winners=(), deal_passes=deal_passes, ruling=ruling,
        )

    def _verify_ruling(self, ruling: Ruling) -> None:
        if ruling.seat not in self.seats:
            raise IllegalActionError(f"seat {ruling.seat} is not in this hand")
        if any(d for s, d in enumerate(ruling.delta) if s not in self.seats):
            raise IllegalActionError("a ruling changes only the scores of seats in this hand")
        staying = [s for s in self.seats if s not in ruling.sit_out]
        if len(staying) < 2 or len(set(ruling.sit_out)) != len(ruling.sit_out):
            raise IllegalActionError("a ruling leaves two seats at least to play the next hand, each sit-out "
                                     "seat named once")

    def _finish_ruling(self, ruling: Ruling) -> None:
        self._finish_unscored(misdeal=False, delta=ruling.delta, deal_passes=ruling.deal_passes,
                              ruling=ruling)

    def _finish_scored(self) -> None:
        assert self.trump is not None and self.pitcher is not None and self.bid is not None
        r = self.rules
        if r.score_by == ScoreBy.TRICKS:
            self._finish_tricks()
            return
        t = tally(r, seats=self.seats, n_seats=self.n_seats, trump=self.trump, tricks=self.tricks)
        made = contract_made(r, t, pitcher=self.pitcher, bid=self.bid)
        delta = deltas(r, t, pitcher=self.pitcher, bid=self.bid, made=made, scores=self.scores_before)
        out = going_out(r, seats=self.seats, awards=t.awards, side=t.side, pitcher=self.pitcher,
                        made=made, before=self.scores_before, delta=delta)
        bidder = t.side[self.pitcher]
        counted = out.counted
        scored = tuple([i < counted and (made or t.side[a.seat] != bidder) for i, a in enumerate(t.awards)])
        decided: bool | None = made
        if made and out.counted < len(t.awards):
            # the game ended part-way through the count: the contract stands only on what was counted
            won = sum(a.value for a in t.awards[:out.counted] if t.side[a.seat] == bidder)
            if r.is_special_bid(self.bid) or won < self.bid:
                decided = None
        self.phase, self.to_act, self.done = _DONE, None, True
        self.result = HandResult(
            misdeal=False, pitcher=self.pitcher, bid=self.bid, trump=_SUITS[self.trump],
            awards=t.awards, scored=scored, side=t.side, side_points=t.side_points,
            card_points=t.card_points, made=decided, delta=out.delta,
            scores=tuple(map(add, self.scores_before, out.delta)),
            winners=out.winners, deal_passes=True,
        )

    def _finish_result(self, t: Tally, *, made: bool) -> None:
        """End a hand scored by tricks: every award counts."""
        assert self.trump is not None and self.pitcher is not None
        out = going_out(self.rules, seats=self.seats, awards=t.awards, side=t.side, pitcher=self.pitcher,
                        made=made, before=self.scores_before, delta=t.side_points)
        self.phase, self.to_act, self.done = _DONE, None, True
        self.result = HandResult(
            misdeal=False, pitcher=self.pitcher, bid=self.bid, trump=_SUITS[self.trump],
            awards=t.awards, scored=(True,) * len(t.awards), side=t.side, side_points=t.side_points,
            card_points=t.card_points, made=made, delta=out.delta,
            scores=tuple(map(add, self.scores_before, out.delta)),
            winners=out.winners, deal_passes=True,
        )
