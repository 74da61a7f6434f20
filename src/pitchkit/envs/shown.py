"""Compiled writers of each seat's observation buffer and the play ids of its mask (the hot path of
:class:`pitchkit.envs.tracker.Tracker`; numba, ``pitchkit[envs]``, else the same code as plain
Python, slowly).

One byte array per game holds all they read and write (:func:`allocate`), so that a call passes one
array: an int64 part with the layout (where each part of the tensor starts), a snapshot of the
hand (a few integers per seat, cards as bitmasks) and the actions taken since that snapshot as
events (a card played, a bid, a change of phase, trump, contract or pitcher); then every seat's
observation tensor (float32) and action mask (int8). :func:`show` records the latest action and
brings one seat's tensor up to date: written whole from the snapshot when it is stale, then the
events that seat has not seen, the seat to act and the play ids of its mask. Only the observer's
own row of each seat's cards is read, so no other seat's card is written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from pitchkit.envs.encoding import MAX_BID, MAX_CARDS, N_ACTIONS, PHASES, PLAY_BASE
from pitchkit.fast.jitting import KeyedJit

#: the files whose values the compiled code holds (this one, the encoding's constants, the phases)
_SOURCES = (Path(__file__), Path(__file__).with_name("encoding.py"),
            Path(__file__).parents[1] / "engine" / "actions.py")


#: compiled with numba when it is installed, cached on disk under a key that also holds
#: :data:`_SOURCES`. Unlike the fast path's functions these keep the GIL: a call is too short to
#: gain by releasing it, and releasing and taking it back is part of every call's cost.
jit = KeyedJit(_SOURCES, nogil=False)

#: the layout: seats, card row width, what a score of 1.0 is, the tensor's length, then the start
#: of each part (-1 for the Euchre parts of other games)
N, D, SCALE, SIZE = 0, 1, 2, 3
(O_HAND, O_DISCARDS, O_PASSED, O_RECEIVED, O_PENDING, O_PLAYED, O_TRICK, O_CAPTURED, O_PHASE, O_TO_ACT,
 O_DEALER, O_PITCHER, O_IN_HAND, O_TRUMP, O_CONTRACT, O_BIDS, O_RAN, O_SIZES, O_DISCARD_COUNTS,
 O_ASIDE_COUNTS, O_STOCK, O_SCORES, O_UPCARD, O_OUT) = range(4, 28)
#: the parts in the order of the ``O_`` entries
PARTS = ("hand", "discards", "passed", "received", "pending", "played", "trick", "captured", "phase",
         "to_act", "dealer", "pitcher", "in_hand", "trump", "contract", "bids", "ran", "hand_sizes",
         "discard_counts", "set_aside_counts", "stock", "scores", "upcard", "out")
#: events since the snapshot
COUNT = 28
#: where the observations and the masks start in the byte array
OBS_AT, MASKS_AT = 29, 30
#: the cards of the trick on the table (a bitmask), as recorded so far
TRICK_CARDS = 31
#: the snapshot (the trick's cards first): phase (index in ``PHASES``), trump, contract, pitcher
#: (-1: none), dealer, stock size, ran it, upcard (-1: none)
PHASE, TRUMP, CONTRACT, PITCHER, DEALER, STOCK, RAN, UPCARD = range(32, 40)
#: then ``STRIDE`` entries per seat, from ``SEATS``, in this order
SEATS = 40
(S_IN, S_OWN, S_DISCARDS, S_PASSED, S_RECEIVED, S_SIZE, S_DISCARD_COUNT, S_ASIDE, S_SLOT, S_SCORE, S_OUT,
 S_PLAYED, S_CAPTURED, S_TRICK) = range(14)
STRIDE = 14
MAX_SEATS = 9
#: events, ``EVENT`` entries each: kind, then PLAY: seat, card, cards the seat holds after,
#: the seat that won the trick this card ended (-1: none) and then the trick's cards; BID: seat,
#: its slot in the bids row; STATE: phase, trump, contract, pitcher
EVENTS = SEATS + STRIDE * MAX_SEATS
EVENT = 6
MAX_EVENTS = 128
LENGTH = EVENTS + EVENT * MAX_EVENTS
PLAY, BID, STATE = 0, 1, 2
#: an action and the change of state after it, packed into one int for :func:`show` (see
#: :func:`pack`): the bits of each field start at these
KIND_BIT, SEAT_BIT, VALUE_BIT, WON_BIT = 0, 2, 6, 18
_CHANGED, _PHASE, _TRUMP, _CONTRACT, _PITCHER = 22, 23, 26, 29, 34

_BID_ROW = MAX_BID + 2
_PHASES = len(PHASES)


def allocate(n: int, size: int) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64],
                                          npt.NDArray[np.float32], npt.NDArray[np.int8]]:
    """The byte array of a game of ``n`` seats with tensors of ``size`` entries, and its parts:
    the int64 state (layout entries ``OBS_AT``, ``MASKS_AT`` set), the observations ``(n, size)``
    and the masks ``(n, N_ACTIONS)``, all zero."""
    obs_at = LENGTH * 8
    masks_at = obs_at + -(-n * size * 4 // 8) * 8
    buf = np.zeros(masks_at + n * N_ACTIONS, dtype=np.uint8)
    st = buf[:obs_at].view(np.int64)
    st[OBS_AT], st[MASKS_AT] = obs_at, masks_at
    obs = buf[obs_at:obs_at + n * size * 4].view(np.float32).reshape(n, size)
    return buf, st, obs, buf[masks_at:].view(np.int8).reshape(n, N_ACTIONS)


def pack(kind: int, seat: int, value: int, won: int = -1) -> int:
    """A card played (``value`` the card, ``won`` the seat that won the trick it ended, -1 none)
    or a bid (``value`` its slot in the bids row)."""
    return kind | seat << SEAT_BIT | value << VALUE_BIT | (won + 1) << WON_BIT


def pack_state(phase: int, trump: int, contract: int, pitcher: int) -> int:
    """The change of phase, trump, contract or pitcher (-1: none) after an action, for ``|``."""
    return (1 << _CHANGED | phase << _PHASE | (trump + 1) << _TRUMP | (contract + 1) << _CONTRACT
            | (pitcher + 1) << _PITCHER)


@jit
def _field(packed: int, at: int, bits: int) -> int:
    return packed >> at & ((1 << bits) - 1)


@jit
def _record(st: Any, packed: int) -> None:
    """Append the events of a packed action (and change of state) to the list."""
    e = EVENTS + st[COUNT] * EVENT
    st[e] = _field(packed, KIND_BIT, 2)
    st[e + 1] = _field(packed, SEAT_BIT, 4)
    st[e + 2] = _field(packed, VALUE_BIT, 6)
    st[e + 4] = _field(packed, WON_BIT, 4) - 1
    st[COUNT] += 1
    if st[e] == PLAY:
        # the seat holds one card fewer (the snapshot's count is kept up to date)
        held = SEATS + st[e + 1] * STRIDE + S_SIZE
        st[held] -= 1
        st[e + 3] = st[held]
        cards = st[TRICK_CARDS] | 1 << st[e + 2]
        if st[e + 4] >= 0:
            st[e + 5] = cards
            cards = 0
        st[TRICK_CARDS] = cards
    if packed >> _CHANGED & 1:
        e += EVENT
        st[e] = STATE
        st[e + 1] = _field(packed, _PHASE, 3)
        st[e + 2] = _field(packed, _TRUMP, 3) - 1
        st[e + 3] = _field(packed, _CONTRACT, 5) - 1
        st[e + 4] = _field(packed, _PITCHER, 4) - 1
        st[COUNT] += 1



@jit
def _cards(out: Any, at: int, cards: int) -> None:
    """``out[at + c] = 1`` for every card ``c`` of the bitmask ``cards``."""
    c = 0
    while cards:
        if cards & 1:
            out[at + c] = 1.0
        cards >>= 1
        c += 1


@jit
def _state(st: Any, out: Any, me: int, phase: int, trump: int, contract: int, pitcher: int) -> None:
    """The one-hot parts of phase, trump, contract and pitcher, cleared and set."""
    n = st[N]
    out[st[O_PHASE]:st[O_PHASE] + _PHASES] = 0.0
    out[st[O_TRUMP]:st[O_TRUMP] + 4] = 0.0
    out[st[O_CONTRACT]:st[O_CONTRACT] + MAX_BID] = 0.0
    out[st[O_PITCHER]:st[O_PITCHER] + n] = 0.0
    out[st[O_PHASE] + phase] = 1.0
    if trump >= 0:
        out[st[O_TRUMP] + trump] = 1.0
    if contract >= 0:
        out[st[O_CONTRACT] + contract - 1] = 1.0
    if pitcher >= 0:
        out[st[O_PITCHER] + (pitcher - me + n) % n] = 1.0


@jit
def _write(st: Any, out: Any, me: int) -> None:
    """The whole tensor of seat ``me`` from the snapshot."""
    n, d = st[N], st[D]
    out[:] = 0.0
    for s in range(n):
        p = SEATS + s * STRIDE
        r = (s - me + n) % n
        if s == me:
            _cards(out, st[O_HAND], st[p + S_OWN])
            _cards(out, st[O_DISCARDS], st[p + S_DISCARDS])
            _cards(out, st[O_PASSED], st[p + S_PASSED])
            _cards(out, st[O_RECEIVED], st[p + S_RECEIVED])
        _cards(out, st[O_PLAYED] + r * d, st[p + S_PLAYED])
        _cards(out, st[O_TRICK] + r * d, st[p + S_TRICK])
        _cards(out, st[O_CAPTURED] + r * d, st[p + S_CAPTURED])
        if st[p + S_IN]:
            out[st[O_IN_HAND] + r] = 1.0
        out[st[O_BIDS] + r * _BID_ROW + st[p + S_SLOT]] = 1.0
        out[st[O_SIZES] + r] = st[p + S_SIZE] / d
        out[st[O_DISCARD_COUNTS] + r] = st[p + S_DISCARD_COUNT] / d
        out[st[O_ASIDE_COUNTS] + r] = st[p + S_ASIDE] / d
        out[st[O_SCORES] + r] = min(2.0, max(-2.0, st[p + S_SCORE] / st[SCALE]))
        if st[O_OUT] >= 0 and st[p + S_OUT]:
            out[st[O_OUT] + r] = 1.0
    _state(st, out, me, st[PHASE], st[TRUMP], st[CONTRACT], st[PITCHER])
    out[st[O_DEALER] + (st[DEALER] - me + n) % n] = 1.0
    out[st[O_STOCK]] = st[STOCK] / d
    if st[RAN]:
        out[st[O_RAN]] = 1.0
    if st[O_UPCARD] >= 0 and st[UPCARD] >= 0:
        out[st[O_UPCARD] + st[UPCARD]] = 1.0


@jit
def _event(st: Any, out: Any, me: int, at: int) -> None:
    """One event, as seat ``me`` sees it."""
    n, d = st[N], st[D]
    kind = st[at]
    if kind == STATE:
        _state(st, out, me, st[at + 1], st[at + 2], st[at + 3], st[at + 4])
        return
    s = st[at + 1]
    r = (s - me + n) % n
    if kind == BID:
        row = st[O_BIDS] + r * _BID_ROW
        out[row:row + _BID_ROW] = 0.0
        out[row + st[at + 2]] = 1.0
        return
    c, winner = st[at + 2], st[at + 4]
    out[st[O_PLAYED] + r * d + c] = 1.0
    out[st[O_SIZES] + r] = st[at + 3] / d
    if s == me:
        out[st[O_HAND] + c] = 0.0
    trick = st[O_TRICK]
    if winner < 0:
        out[trick + r * d + c] = 1.0
        return
    # the trick is over: off the table, under the seat that won it
    won = st[O_CAPTURED] + (winner - me + n) % n * d
    cards = st[at + 5]
    c = 0
    while cards:
        if cards & 1:
            for row in range(n):
                out[trick + row * d + c] = 0.0
            out[won + c] = 1.0
        cards >>= 1
        c += 1


@jit
def _plays(buf: Any, mask: int, plays: int) -> None:
    """The play ids of the mask at byte ``mask``: 1 for each card of the bitmask ``plays``."""
    for c in range(MAX_CARDS):
        buf[mask + PLAY_BASE + c] = plays >> c & 1


@jit
def show(buf: Any, me: int, seen: int, to_act: int, plays: int, packed: int) -> int:
    """Record the ``packed`` action first (-1: none), then, unless ``me`` is -1, bring the tensor of
    seat ``me`` up to date (written whole first when ``seen`` is negative, else from the
    ``seen``-th event on) with ``to_act`` the seat to act (-1: none), and when ``plays`` is not
    negative set the play ids of its mask from that bitmask; the count of events recorded."""
    st = buf[:LENGTH * 8].view(np.int64)
    if packed >= 0:
        _record(st, packed)
    count = st[COUNT]
    if me < 0:
        return int(count)
    n, size = st[N], st[SIZE]
    out = buf[st[OBS_AT] + me * size * 4:st[OBS_AT] + (me + 1) * size * 4].view(np.float32)
    if seen < 0:
        _write(st, out, me)
        seen = 0
    for i in range(seen, count):
        _event(st, out, me, EVENTS + i * EVENT)
    at = st[O_TO_ACT]
    out[at:at + n] = 0.0
    if to_act >= 0:
        out[at + (to_act - me + n) % n] = 1.0
    if plays >= 0:
        _plays(buf, st[MASKS_AT] + me * N_ACTIONS, plays)
    return int(count)


def direct(fn: Any, *sample: Any) -> Any:
    """``fn``'s compiled code for the argument types of ``sample`` (every call passes the same types):
    called without numba's choice of code by argument type, a third of a short call's cost; ``fn``
    itself when numba is not installed."""
    compile_for = getattr(fn, "compile", None)
    if compile_for is None:
        return fn
    return compile_for(tuple(fn.typeof_pyval(a) for a in sample))


@jit
def show_plays(buf: Any, me: int, plays: int) -> None:
    """Set the play ids of the mask of seat ``me`` from the bitmask ``plays``."""
    _plays(buf, buf[:LENGTH * 8].view(np.int64)[MASKS_AT] + me * N_ACTIONS, plays)
