"""The deal and the auction of a random hand of Pitch, in compiled code: the shuffle and the
packets, each turn's legal options and a uniform pick among them, and running it (the extra cards,
then selling or bidding again).
"""

from __future__ import annotations

from typing import Any

from pitchkit.fast.bits import pick, record, rng_below
from pitchkit.fast.codes import (
    DECK,
    FACE_OR_POINT,
    FORCED_BID,
    FORCED_EXACT,
    HAND_SIZE,
    KIND_BID,
    KIND_MISDEAL,
    KIND_RUN,
    KIND_SELL,
    LOW_INDEX,
    MAX_BID,
    MIN_BID,
    MISDEAL_NO_FACE,
    OPT_MISDEAL,
    OPT_RUN,
    OPT_SELL,
    PACKET,
    PITCH_ENDS,
    RUN_EXTRA,
    SMUDGE_BIDS,
    STEAL,
    STEAL_NONE,
    STEAL_SAME,
    TAKE_OR_RUN,
    TEAMS,
    N,
)
from pitchkit.fast.jitting import fast_jit


@fast_jit
def deal(st: Any, P: Any, deck: Any, hands: Any, dealer: int) -> int:
    """Shuffle (Fisher-Yates, as ``random.shuffle``) and deal packets from the dealer's left.

    Returns the index in ``deck`` where the stock starts."""
    n = P[N]
    size = P[DECK]
    low = P[LOW_INDEX]
    k = 0
    for c in range(52):
        if c % 13 >= low:
            deck[k] = c
            k += 1
    for i in range(k, size):
        deck[i] = 52 + i - k
    for i in range(size - 1, 0, -1):
        j = rng_below(st, i + 1)
        t = deck[i]
        deck[i] = deck[j]
        deck[j] = t
    for s in range(n):
        hands[s] = 0
    pos = 0
    got = 0
    while got < P[HAND_SIZE]:
        k = min(P[PACKET], P[HAND_SIZE] - got)
        for i in range(n):
            s = (dealer + 1 + i) % n
            for _ in range(k):
                hands[s] |= 1 << deck[pos]
                pos += 1
        got += k
    return pos


@fast_jit
def first_round_options(P: Any, is_dealer: bool, high: int, other_side: bool) -> int:
    """Legal-option bits of a first-round auction turn (see ``tables.OPT_*``)."""
    top = P[MAX_BID]
    m = 0
    if is_dealer and high < 0:
        if P[FORCED_EXACT]:
            m |= 1 << (1 + P[FORCED_BID])
        else:
            for v in range(P[FORCED_BID], top + 1):
                m |= 1 << (1 + v)
            if P[SMUDGE_BIDS]:
                m |= 1 << (2 + top)
        if P[TAKE_OR_RUN]:
            m |= 1 << OPT_RUN
        return m
    m = 1
    lo = P[MIN_BID] if high < 0 else high + 1
    if is_dealer and high >= 0 and P[STEAL] == STEAL_SAME and high <= top:
        lo = high
    for v in range(lo, top + 1):
        m |= 1 << (1 + v)
    if P[SMUDGE_BIDS]:
        smudge = top + 1
        if high < smudge:
            m |= 1 << (1 + smudge)
        elif high == smudge and other_side:
            m |= 1 << (2 + smudge)
    return m


@fast_jit
def _team(P: Any, seat: int) -> int:
    return seat % P[TEAMS] if P[TEAMS] else seat


@fast_jit
def auction(st: Any, P: Any, deck: Any, hands: Any, dealer: int, pos: int, h: int, trace: bool,
            tr_act: Any, tr_nact: Any) -> tuple[int, int, int]:
    """A random auction; returns (pitcher, bid, ran), the pitcher -1 when a misdeal was called.
    Running it deals the extra cards."""
    n = P[N]
    top = P[MAX_BID]
    high = -1
    bidder = -1
    for i in range(n):
        seat = (dealer + 1 + i) % n
        is_dealer = i == n - 1
        other = bidder >= 0 and _team(P, bidder) != _team(P, seat)
        opts = first_round_options(P, is_dealer, high, other)
        if P[MISDEAL_NO_FACE] and hands[seat] & FACE_OR_POINT == 0:
            opts |= 1 << OPT_MISDEAL
        b = pick(st, opts)
        if b == OPT_MISDEAL:
            record(trace, tr_act, tr_nact, h, seat, KIND_MISDEAL, 0, opts)
            return -1, -1, 0
        if b == OPT_RUN:
            record(trace, tr_act, tr_nact, h, seat, KIND_RUN, 0, opts)
            return _second_round(st, P, deck, hands, dealer, pos, h, trace, tr_act, tr_nact)
        record(trace, tr_act, tr_nact, h, seat, KIND_BID, b - 1, opts)
        if b > 0:
            high = b - 1
            bidder = seat
            if P[PITCH_ENDS] and high == top:
                return seat, high, 0
    return bidder, high, 0


@fast_jit
def sell_round_options(P: Any, high: int, is_dealer: bool) -> int:
    """Legal-option bits of a turn of the auction after the dealer ran it: a pass or a higher bid,
    and for the dealer, last, selling to the high bidder or a bid the steal rule allows."""
    top = P[MAX_BID]
    if not is_dealer:
        lo = high + 1
        opts = 1
    else:
        lo = top + 1
        if P[STEAL] == STEAL_SAME:
            lo = high
        elif P[STEAL] != STEAL_NONE:
            lo = high + 1
        opts = 1 << OPT_SELL
    for v in range(lo, top + 1):
        opts |= 1 << (1 + v)
    return opts


@fast_jit
def _second_round(st: Any, P: Any, deck: Any, hands: Any, dealer: int, pos: int, h: int, trace: bool,
                  tr_act: Any, tr_nact: Any) -> tuple[int, int, int]:
    n = P[N]
    top = P[MAX_BID]
    for i in range(n):
        s = (dealer + 1 + i) % n
        for _ in range(P[RUN_EXTRA]):
            hands[s] |= 1 << deck[pos]
            pos += 1
    high = P[FORCED_BID]
    bidder = dealer
    for i in range(n - 1):
        seat = (dealer + 1 + i) % n
        opts = sell_round_options(P, high, False)
        b = pick(st, opts)
        record(trace, tr_act, tr_nact, h, seat, KIND_BID, b - 1, opts)
        if b > 0:
            high = b - 1
            bidder = seat
            if P[PITCH_ENDS] and high == top:
                return seat, high, 1
    if bidder == dealer:
        return dealer, P[FORCED_BID], 1
    opts = sell_round_options(P, high, True)
    b = pick(st, opts)
    if b == OPT_SELL:
        record(trace, tr_act, tr_nact, h, dealer, KIND_SELL, 0, opts)
        return bidder, high, 1
    record(trace, tr_act, tr_nact, h, dealer, KIND_BID, b - 1, opts)
    return dealer, b - 1, 1
