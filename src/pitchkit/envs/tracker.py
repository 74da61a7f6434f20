"""Each seat's observation tensor of one game, kept up to date action by action (the environments'
hot path; :meth:`pitchkit.envs.encoding.Layout.encode` of a view is the specification).

Each seat has its own observation buffer, written by compiled code (:mod:`pitchkit.envs.shown`)
when the seat is observed. Python only records what happened, in one int64 array: a snapshot of
the hand (a few integers per seat) when a hand is dealt or after an action other than a play, a bid
or trump named, and after that each card played, bid, or change of phase, trump, contract or
pitcher as an event of a few integers. Observing a seat writes its buffer whole from the snapshot when the
snapshot is newer than the buffer, then the events it has not seen, the seat to act and (given)
the play ids of its mask, in one call. The cards picked in a discard or pass under way are
written into a buffer when its seat is observed.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from itertools import chain
from struct import Struct
from typing import TYPE_CHECKING, cast

import numpy as np
import numpy.typing as npt

from pitchkit.engine.actions import Bid, DeclareTrump, Phase, Play
from pitchkit.engine.cards import Card
from pitchkit.engine.errors import RulesError
from pitchkit.engine.making import out_seats
from pitchkit.engine.view import own_cards
from pitchkit.envs import shown as sh
from pitchkit.envs.encoding import PHASES, Layout

if TYPE_CHECKING:
    from pitchkit.engine.hand import Hand

Cells = MutableSequence[float]

_PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
_BID, _COUNT = sh.BID, sh.COUNT
#: the events recorded before a snapshot is taken instead (one event is kept free)
_LAST_EVENT = sh.MAX_EVENTS - 1
# a card played, packed as sh.pack does (its kind is 0)
_SEAT, _VALUE, _WON = sh.SEAT_BIT, sh.VALUE_BIT, sh.WON_BIT
#: the byte where a snapshot's values start in the game's memory
_SNAPSHOT_AT = sh.TRICK_CARDS * 8


def cells_of(array: npt.NDArray[np.float32]) -> Cells:
    """``array``'s memory for writing one entry at a time (a third of a numpy item write's time)."""
    return cast(Cells, memoryview(array))  # type: ignore[arg-type]


class Tracker:
    """The observation tensors of one game's seats, equal to :meth:`Layout.encode` of each seat's
    view (the tests check it at every decision of every preset) at a fraction of the cost.

    :meth:`follow` brings a seat's own buffer (in :attr:`buffers`) up to date, which later
    actions change in place; it also writes the play ids of the seat's row of :attr:`masks` (int8,
    one row per seat) when asked to."""

    def __init__(self, layout: Layout) -> None:
        n = layout.n
        if n > sh.MAX_SEATS:
            raise RulesError(f"the observation tracker follows at most {sh.MAX_SEATS} seats, not {n}")
        self.layout = layout
        offsets = layout.offsets
        #: the byte array the compiled code reads and writes, and its parts
        self.memory, self.state, stacked, self.masks = sh.allocate(n, layout.size)
        self._show = sh.direct(sh.show, self.memory, 0, 0, 0, 0, 0)
        #: writes a snapshot's values (from TRICK_CARDS on: the scalars, then each seat's) into memory
        self._bytes = self.memory.data
        self._write_values = Struct(f"={sh.SEATS - sh.TRICK_CARDS + sh.STRIDE * n}q").pack_into
        self.state[[sh.N, sh.D, sh.SCALE, sh.SIZE]] = n, layout.deck, layout.scale, layout.size
        self.state[sh.O_HAND:sh.O_HAND + len(sh.PARTS)] = [
            offsets[name][0] if name in offsets else -1 for name in sh.PARTS]
        cells = memoryview(self.state)  # type: ignore[arg-type]
        self._cells = cast("MutableSequence[int]", cells)
        self._pending_at = offsets["pending"][0]
        #: each seat's observation buffer (rows of one array)
        self.buffers: list[npt.NDArray[np.float32]] = list(stacked)
        self._seat_cells = [cells_of(b) for b in self.buffers]
        #: the events each seat's buffer shows (-1: older than the snapshot), the seat to act it
        #: shows, and the ``pending`` entries set in it
        self._seen = [-1] * n
        self._shown_to_act = [-1] * n
        self._shown_pending: list[tuple[int, ...]] = [()] * n
        #: what the state shows: the hand, its log length, finished tricks, phase, trump, and the
        #: count of events
        self._hand: Hand | None = None
        self._at = 0
        self._tricks = 0
        self._phase = Phase.DONE
        self._trump: int | None = None
        self._events = 0

    def clear(self) -> None:
        """Forget the game followed so far (for a new game): masks all zero, every buffer written
        whole when next observed."""
        n = self.layout.n
        self.masks[:] = 0
        self._hand = None
        self._seen = [-1] * n
        self._shown_to_act = [-1] * n
        self._shown_pending = [()] * n

    def follow(self, hand: Hand, seat: int = -1, pending: tuple[Card, ...] = (), plays: int = -1) -> None:
        """Record ``hand``'s log up to its end and, unless ``seat`` is -1, bring that seat's buffer
        up to date (with ``pending`` its picks under way; when ``plays`` is not negative, the play
        ids of its mask are set from that bitmask). The buffers of other seats follow when they
        are observed."""
        log = hand.log
        at = len(log)
        packed = -1
        if hand is not self._hand or at != self._at:
            if at == self._at + 1 and hand is self._hand and self._events < _LAST_EVENT:
                last = log[-1]
                if type(last) is Play:
                    packed = self._event(hand, last.seat << _SEAT | last.card << _VALUE)
                elif type(last) is Bid:
                    packed = self._event(hand, _BID | last.seat << _SEAT | 1 + (last.amount or 0) << _VALUE)
                elif type(last) is DeclareTrump:
                    packed = self._declared(hand, last.seat)
            if packed < 0:
                # a new hand, several actions, or another kind of action
                self._snapshot(hand)
            else:
                self._at = at
        if seat < 0:
            if packed >= 0:
                self._events = self._show(self.memory, -1, 0, -1, -1, packed)
            return
        to_act = hand.to_act
        if to_act is None:
            to_act = -1
        seen_by = self._seen
        seen = seen_by[seat]
        if packed >= 0 or plays >= 0 or seen != self._events or to_act != self._shown_to_act[seat]:
            self._events = seen_by[seat] = self._show(self.memory, seat, seen, to_act, plays, packed)
            self._shown_to_act[seat] = to_act
            if seen < 0:
                self._shown_pending[seat] = ()
        if pending or self._shown_pending[seat]:
            self._show_pending(seat, pending)

    def turn(self, hand: Hand, seat: int, plays: int) -> None:
        """:meth:`follow` for ``seat``, the seat to act with nothing picked (``plays`` as there): the
        commonest call, made quicker where at most a card or a bid was made since the hand was last
        followed."""
        log = hand.log
        if hand is not self._hand or self._events >= _LAST_EVENT:
            self.follow(hand, seat, (), plays)
            return
        at = len(log)
        seen_by = self._seen
        seen = seen_by[seat]
        if at == self._at:
            if plays < 0 and seen == self._events and self._shown_to_act[seat] == seat \
                    and not self._shown_pending[seat]:
                return
            packed = -1
        elif at == self._at + 1 and type(last := log[-1]) is Play:
            self._at = at
            packed = last.seat << _SEAT | last.card << _VALUE
            if not (hand.trick and hand.phase is self._phase and hand.trump == self._trump):
                packed = self._event(hand, packed)  # a trick or the phase ended, or trump is known
        elif at == self._at + 1 and type(last) is Bid:
            self._at = at
            packed = self._event(hand, _BID | last.seat << _SEAT | 1 + (last.amount or 0) << _VALUE)
        elif at == self._at + 1 and type(last) is DeclareTrump:
            self._at = at
            packed = self._declared(hand, last.seat)
        else:
            self.follow(hand, seat, (), plays)
            return
        self._events = seen_by[seat] = self._show(self.memory, seat, seen, seat, plays, packed)
        self._shown_to_act[seat] = seat
        if seen < 0:
            self._shown_pending[seat] = ()
        elif self._shown_pending[seat]:
            self._show_pending(seat, ())

    def _declared(self, hand: Hand, seat: int) -> int:
        """The event of trump named by ``seat`` (which changes only the state and, where naming trump
        is the seat's call in the making, its latest call in the bids row)."""
        slot = 0
        for s, amount in reversed(hand.auction.bids):
            if s == seat:
                slot = 1 + (amount or 0)
                break
        return self._event(hand, _BID | seat << _SEAT | slot << _VALUE)

    def _event(self, hand: Hand, packed: int) -> int:
        """``packed``, the last action of ``hand`` (a card played or a bid), with the end of the
        trick it ended and the change of phase or trump after it."""
        tricks = hand.tricks
        if len(tricks) != self._tricks:
            self._tricks = len(tricks)
            packed |= tricks[-1][1] + 1 << _WON
        phase, trump = hand.phase, hand.trump
        if phase is not self._phase or trump != self._trump:
            self._phase, self._trump = phase, trump
            packed |= sh.pack_state(
                _PHASE_INDEX[phase], -1 if trump is None else trump,
                -1 if hand.bid is None else hand.bid, -1 if hand.pitcher is None else hand.pitcher)
        return packed

    def _show_pending(self, seat: int, pending: tuple[Card, ...]) -> None:
        """Set the ``pending`` entries of ``seat``'s buffer to its picks under way."""
        picked = tuple(self._pending_at + c for c in pending)
        if picked != self._shown_pending[seat]:
            cells = self._seat_cells[seat]
            for i in self._shown_pending[seat]:
                cells[i] = 0.0
            for i in picked:
                cells[i] = 1.0
            self._shown_pending[seat] = picked

    def _snapshot(self, hand: Hand) -> None:
        """Record the whole of ``hand`` afresh; every buffer is written whole when next observed."""
        n, layout = self.layout.n, self.layout
        self._hand, self._at = hand, len(hand.log)
        self._tricks, self._phase, self._trump = len(hand.tricks), hand.phase, hand.trump
        played, captured, trick = [0] * n, [0] * n, [0] * n
        for plays, winner in hand.tricks:
            for s, c in plays:
                played[s] |= 1 << c
                captured[winner] |= 1 << c
        on_table = 0
        for s, c in hand.trick:
            played[s] |= 1 << c
            trick[s] |= 1 << c
            on_table |= 1 << c
        upcard = hand.upcard if layout.upcard else None
        # the entries from TRICK_CARDS on, in order: the scalars, then STRIDE entries per seat
        values = [on_table, _PHASE_INDEX[hand.phase], -1 if hand.trump is None else hand.trump,
                  -1 if hand.bid is None else hand.bid, -1 if hand.pitcher is None else hand.pitcher,
                  hand.dealer, len(hand.stock), hand.auction.ran, -1 if upcard is None else upcard]
        seats = range(n)
        out = set(out_seats(hand.rules, hand.log, hand.pitcher)) if layout.upcard and hand.log else ()
        slots = [0] * n
        for s, amount in hand.auction.bids:
            slots[s] = 1 + (amount or 0)
        # cards are received only from a partner's pass, and unseen only where a blind loner may be called
        passed, discards, none = hand.passed, hand.discards, [0] * n
        passes = any(passed)
        own = [own_cards(hand, s) for s in seats] if hand.rules.blind_loner_points else hand.hands
        # each seat's STRIDE entries, in the order of the S_ indices, column by column
        columns = (map(hand.seats.__contains__, seats), own, discards, passed,
                   map(hand.received, seats) if passes else none, map(int.bit_count, hand.hands),
                   map(int.bit_count, discards), map(int.bit_count, passed) if hand.set_aside() else none,
                   slots, hand.scores_before, map(out.__contains__, seats), played, captured, trick)
        values += chain.from_iterable(zip(*columns, strict=True))
        self._write_values(self._bytes, _SNAPSHOT_AT, *values)
        self._events = self._cells[_COUNT] = 0
        self._seen = [-1] * n
