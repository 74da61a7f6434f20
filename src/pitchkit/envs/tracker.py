"""Each seat's observation tensor of one game, kept up to date action by action (the environments'
hot path; :meth:`pitchkit.envs.encoding.Layout.encode` of a view is the specification).

Each seat has its own observation buffer. A played card (the commonest action by far) and a bid are
written straight into every seat's buffer, at that seat's relative row: a few writes through
memoryviews. A new hand, or any other action, writes a table-wide tensor afresh from the hand (in
table order as seat 0 sees it, followed by every seat's own cards: held, discarded, passed,
received) and copies it into every buffer with one gather each, which turns the rows to the seat
and takes only its own cards. The seat to act and the cards picked in a discard or pass under way
are written into a buffer when its seat is observed.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from functools import cache
from typing import TYPE_CHECKING, cast

import numpy as np
import numpy.typing as npt

from pitchkit.actions import Bid, Phase, Play
from pitchkit.cards import Card
from pitchkit.envs.encoding import MAX_BID, PHASES, Layout
from pitchkit.making import out_seats
from pitchkit.view import own_cards

if TYPE_CHECKING:
    from pitchkit.hand import Hand

#: the parts of the tensor that hold one row per seat, and the width of a row (the card rows are
#: a deck wide, the bids ``MAX_BID + 2``, the rest one entry)
_SEAT_ROWS = {"played": 0, "trick": 0, "captured": 0, "to_act": 1, "dealer": 1, "pitcher": 1,
              "in_hand": 1, "bids": MAX_BID + 2, "hand_sizes": 1, "discard_counts": 1,
              "set_aside_counts": 1, "scores": 1, "out": 1}
#: the parts that hold a seat's own cards
_OWN = ("hand", "discards", "passed", "received")
_BID_ROW = MAX_BID + 2

Cells = MutableSequence[float]


def cells_of(array: npt.NDArray[np.float32]) -> Cells:
    """``array``'s memory for writing one entry at a time (a third of a numpy item write's time)."""
    return cast(Cells, memoryview(array))  # type: ignore[arg-type]


def _set_bits(out: Cells, start: int, mask: int) -> None:
    """Set ``out[start + c]`` to 1 for every card ``c`` of ``mask``."""
    while mask:
        low = mask & -mask
        out[start + low.bit_length() - 1] = 1.0
        mask ^= low


@cache
def _turns(layout: Layout) -> npt.NDArray[np.intp]:
    """The gather from the table-wide tensor to every seat's observation, a row per seat."""
    n, d, size = layout.n, layout.deck, layout.size
    o = {name: start for name, (start, _) in layout.offsets.items()}
    base = np.arange(size + len(_OWN) * n * d, dtype=np.intp)
    turns = []
    for me in range(n):
        perm = base[:size].copy()
        for name, width in _SEAT_ROWS.items():
            if name not in o:
                continue
            w = width or d
            start = o[name]
            for r in range(n):
                perm[start + r * w:start + (r + 1) * w] = base[start + (me + r) % n * w:][:w]
        for k, part in enumerate(_OWN):
            own = size + (k * n + me) * d
            perm[o[part]:o[part] + d] = base[own:own + d]
        turns.append(perm)
    out = np.stack(turns)
    out.flags.writeable = False
    return out


class Tracker:
    """The observation tensors of one game's seats, equal to :meth:`Layout.encode` of each seat's
    view (the tests check it at every decision of every preset) at a fraction of the cost.

    :meth:`observe` returns the seat's own buffer, which later actions change in place."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        n, d, size = layout.n, layout.deck, layout.size
        self.offset = o = {name: start for name, (start, _) in layout.offsets.items()}
        #: where each seat's own cards lie after the table part: ``own[part][seat]``
        self.own = {part: [size + (k * n + s) * d for s in range(n)] for k, part in enumerate(_OWN)}
        #: the table as seat 0 sees it (without its own cards, nor the seat to act), then every
        #: seat's own cards: written afresh for a new hand, then gathered into every buffer
        self.whole = np.zeros(size + len(_OWN) * n * d, dtype=np.float32)
        self._cells = cells_of(self.whole)
        self._turns = _turns(layout)
        #: each seat's observation buffer, and the same memory for single writes
        self._stacked = np.zeros((n, size), dtype=np.float32)
        self.buffers = list(self._stacked)
        self._seat_cells = [cells_of(b) for b in self.buffers]
        #: the entry of ``to_act`` set in each buffer (-1: none), and the ``pending`` entries
        self._shown_to_act = [-1] * n
        self._shown_pending: list[tuple[int, ...]] = [()] * n
        #: ``rel[me][seat]``: the row of ``seat`` in the tensor of ``me``
        self._rel = [[(s - me) % n for s in range(n)] for me in range(n)]
        #: for a card played by ``seat``, ``plays[seat]`` holds for every observer its buffer and the
        #: starts of the seat's rows of played cards, the trick, and its hand size
        self._plays = [[(self._seat_cells[me], o["played"] + (s - me) % n * d, o["trick"] + (s - me) % n * d,
                         o["hand_sizes"] + (s - me) % n) for me in range(n)] for s in range(n)]
        self._bid_rows = [[(self._seat_cells[me], o["bids"] + (s - me) % n * _BID_ROW) for me in range(n)]
                          for s in range(n)]
        self._deck = d
        self._hand_at, self._pending = o["hand"], o["pending"]
        self._trick_at, self._captured, self._to_act_at = o["trick"], o["captured"], o["to_act"]
        #: what the buffers show: the hand, its log length, finished tricks, the trick on the
        #: table, phase, trump, each seat's entry in its row of the bids (0 none, 1 pass, 1 + v a
        #: bid of v), the entries :meth:`_write_state` set in each buffer
        self._hand: Hand | None = None
        self._at = 0
        self._tricks = 0
        self._trick: list[tuple[int, int]] = []
        self._phase = Phase.DONE
        self._trump: int | None = None
        self._slot = [0] * n
        self._state: list[list[int]] = [[] for _ in range(n)]
        #: every seat's tensor of a hand just dealt (before the scores and the cards), by the
        #: seats, stock size, dealer, state entries and hand sizes
        self._new_hands: dict[tuple[object, ...], npt.NDArray[np.float32]] = {}

    def observe(self, hand: Hand, seat: int, pending: tuple[Card, ...] = ()) -> npt.NDArray[np.float32]:
        """The observation tensor of ``seat`` now: its buffer, which later actions change."""
        if hand is not self._hand or len(hand.log) != self._at:
            self.sync(hand)
        cells = self._seat_cells[seat]
        to_act = hand.to_act
        want = -1 if to_act is None else self._to_act_at + self._rel[seat][to_act]
        shown = self._shown_to_act[seat]
        if want != shown:
            if shown >= 0:
                cells[shown] = 0.0
            if want >= 0:
                cells[want] = 1.0
            self._shown_to_act[seat] = want
        if pending or self._shown_pending[seat]:
            picked = tuple(self._pending + c for c in pending)
            if picked != self._shown_pending[seat]:
                for i in self._shown_pending[seat]:
                    cells[i] = 0.0
                for i in picked:
                    cells[i] = 1.0
                self._shown_pending[seat] = picked
        return self.buffers[seat]

    def sync(self, hand: Hand) -> None:
        """Bring every buffer up to ``hand``'s log (but the seat to act and the picks under way)."""
        log = hand.log
        at = len(log)
        if hand is self._hand and at == self._at:
            return
        if hand is not self._hand or at != self._at + 1:
            self._rebuild(hand)
            return
        last = log[-1]
        if type(last) is Play:
            self._play(hand, last.seat, last.card)
        elif type(last) is Bid:
            self._bid(last.seat, 1 + (last.amount or 0))
        else:
            self._rebuild(hand)
            return
        self._at = at
        if hand.phase is not self._phase or hand.trump != self._trump:
            self._write_state(hand)

    def _play(self, hand: Hand, seat: int, card: int) -> None:
        """One card played, into every seat's buffer."""
        d = self._deck
        size = hand.hands[seat].bit_count() / d
        self._seat_cells[seat][self._hand_at + card] = 0.0
        if len(hand.tricks) == self._tricks:
            self._trick.append((seat, card))
            for out, played, trick, held in self._plays[seat]:
                out[played + card] = 1.0
                out[trick + card] = 1.0
                out[held] = size
            return
        for out, played, _, held in self._plays[seat]:
            out[played + card] = 1.0
            out[held] = size
        # the trick is over: off the table, under the seat that won it
        plays, winner = hand.tricks[-1]
        trick_at, captured = self._trick_at, self._captured
        for me, out in enumerate(self._seat_cells):
            rows = self._rel[me]
            for s, c in self._trick:
                out[trick_at + rows[s] * d + c] = 0.0
            won = captured + rows[winner] * d
            for _, c in plays:
                out[won + c] = 1.0
        self._trick = []
        self._tricks = len(hand.tricks)

    def _bid(self, seat: int, slot: int) -> None:
        """One bid (or pass): the bidder's row of the bids, in every buffer."""
        old = self._slot[seat]
        self._slot[seat] = slot
        for out, row in self._bid_rows[seat]:
            out[row + old] = 0.0
            out[row + slot] = 1.0

    def _state_entries(self, hand: Hand) -> list[int]:
        """The entries of phase, trump and contract (the same in every seat's tensor)."""
        o = self.offset
        state = [o["phase"] + PHASES.index(hand.phase)]
        if hand.trump is not None:
            state.append(o["trump"] + int(hand.trump))
        if hand.bid is not None:
            state.append(o["contract"] + hand.bid - 1)
        return state

    def _write_state(self, hand: Hand) -> None:
        """The parts a play or bid may change besides the cards and bids: phase, pitcher, trump and
        contract (the rest changes only with other actions, which write everything afresh)."""
        self._phase, self._trump = hand.phase, hand.trump
        state, pitcher, at = self._state_entries(hand), hand.pitcher, self.offset["pitcher"]
        for me, out in enumerate(self._seat_cells):
            for i in self._state[me]:
                out[i] = 0.0
            mine = state if pitcher is None else [*state, at + self._rel[me][pitcher]]
            for i in mine:
                out[i] = 1.0
            self._state[me] = mine

    def _fresh(self, hand: Hand) -> None:
        """:meth:`_rebuild` for a hand just dealt: every seat's buffer copied from what a new hand
        with these seats, stock, hand sizes and dealer shows it (kept once gathered), then the
        scores and each seat's cards."""
        o, n, d = self.offset, self.layout.n, self.layout.deck
        state = self._state_entries(hand)
        key = (hand.seats, len(hand.stock), hand.dealer, tuple(state),
               tuple([h.bit_count() for h in hand.hands]))
        shown = self._new_hands.get(key)
        if shown is None:
            cells = self._cells
            self.whole.fill(0.0)
            for s in hand.seats:
                cells[o["in_hand"] + s] = 1.0
            cells[o["stock"]] = len(hand.stock) / d
            for s in range(n):
                cells[o["bids"] + s * _BID_ROW] = 1.0
                cells[o["hand_sizes"] + s] = hand.hands[s].bit_count() / d
            cells[o["dealer"] + hand.dealer] = 1.0
            for i in state:
                cells[i] = 1.0
            self.whole.take(self._turns, out=self._stacked, mode="wrap")
            shown = self._new_hands[key] = self._stacked.copy()
        else:
            self._stacked[:] = shown
        self._hand, self._at, self._tricks, self._trick = hand, 0, 0, []
        self._phase, self._trump = hand.phase, hand.trump
        self._slot = [0] * n
        self._state = [state] * n
        self._shown_to_act = [-1] * n
        self._shown_pending = [()] * n
        held, at, scale = o["hand"], o["scores"], self.layout.scale
        scores = [min(2.0, max(-2.0, x / scale)) for x in hand.scores_before]
        upcard = hand.upcard if self.layout.upcard else None
        for me, out in enumerate(self._seat_cells):
            _set_bits(out, held, own_cards(hand, me))
            rows = self._rel[me]
            for s, x in enumerate(scores):
                if x:
                    out[at + rows[s]] = x
            if upcard is not None:
                out[o["upcard"] + upcard] = 1.0

    def _rebuild(self, hand: Hand) -> None:
        """Write the table afresh from ``hand`` and gather every seat's buffer from it."""
        if not hand.log:
            self._fresh(hand)
            return
        pub, cells, o, n, d = self.whole, self._cells, self.offset, self.layout.n, self.layout.deck
        pub[:] = 0.0
        self._hand, self._at = hand, len(hand.log)
        aside = bool(hand.set_aside())
        scale = self.layout.scale
        for s in range(n):
            held, discarded, passed = hand.hands[s], hand.discards[s], hand.passed[s]
            _set_bits(cells, self.own["hand"][s], own_cards(hand, s))
            if discarded:
                _set_bits(cells, self.own["discards"][s], discarded)
                cells[o["discard_counts"] + s] = discarded.bit_count() / d
            if passed:
                _set_bits(cells, self.own["passed"][s], passed)
                if aside:
                    cells[o["set_aside_counts"] + s] = passed.bit_count() / d
            received = hand.received(s)
            if received:
                _set_bits(cells, self.own["received"][s], received)
            cells[o["hand_sizes"] + s] = held.bit_count() / d
            cells[o["scores"] + s] = min(2.0, max(-2.0, hand.scores_before[s] / scale))
        for s in hand.seats:
            cells[o["in_hand"] + s] = 1.0
        cells[o["dealer"] + hand.dealer] = 1.0
        cells[o["stock"]] = len(hand.stock) / d
        if hand.auction.ran:
            cells[o["ran"]] = 1.0
        if self.layout.upcard:
            if hand.upcard is not None:
                cells[o["upcard"] + hand.upcard] = 1.0
            for s in out_seats(hand.rules, hand.log, hand.pitcher):
                cells[o["out"] + s] = 1.0
        played, captured, trick = o["played"], o["captured"], o["trick"]
        for plays, winner in hand.tricks:
            for s, c in plays:
                cells[played + s * d + c] = 1.0
                cells[captured + winner * d + c] = 1.0
        for s, c in hand.trick:
            cells[played + s * d + c] = 1.0
            cells[trick + s * d + c] = 1.0
        self._tricks, self._trick = len(hand.tricks), list(hand.trick)
        latest = dict(hand.auction.bids)
        for s in range(n):
            slot = self._slot[s] = 0 if s not in latest else 1 + (latest[s] or 0)
            cells[o["bids"] + s * _BID_ROW + slot] = 1.0
        self._gather(hand)

    def _gather(self, hand: Hand) -> None:
        """Write the state entries into the table, then gather every seat's buffer from it."""
        cells, o, n = self._cells, self.offset, self.layout.n
        self._phase, self._trump = hand.phase, hand.trump
        state = self._state_entries(hand)
        pitcher = hand.pitcher
        for i in state:
            cells[i] = 1.0
        if pitcher is not None:
            cells[o["pitcher"] + pitcher] = 1.0
        # every index is in range: "wrap" only skips numpy's bounds checks
        self.whole.take(self._turns, out=self._stacked, mode="wrap")
        for me in range(n):
            self._state[me] = state if pitcher is None else [*state, o["pitcher"] + self._rel[me][pitcher]]
        self._shown_to_act = [-1] * n
        self._shown_pending = [()] * n
