"""Euchre's making of trump with the upcard in a random hand, in compiled code: the rounds, going
alone, and the dealer's pick-up and discard."""

from __future__ import annotations

from typing import Any

from pitchkit.fast.bits import pick, record, record_discard
from pitchkit.fast.codes import (
    GOING_ALONE,
    KEEP_UPCARD,
    KIND_ALONE,
    KIND_BID,
    KIND_DECLARE,
    OPT_ALONE,
    OPT_MAKE,
    OPT_PARTNER,
    OPT_PASS,
    STICK_DEALER,
    TEAMS,
    N,
)
from pitchkit.fast.jitting import fast_jit


@fast_jit
def make_trump(st: Any, P: Any, deck: Any, hands: Any, dealer: int, pos: int, h: int, trace: bool,
               tr_act: Any, tr_nact: Any) -> tuple[int, int, int]:
    """Euchre's making of trump with the upcard (``deck[pos]``): a Benny's suit named by the dealer,
    round one (pass or order it up), round two (pass or name another suit; a stuck dealer must name
    one), going alone, and the dealer's pick-up and discard after a call in round one. Returns
    (maker, trump, seat sitting out or -1); the maker is -1 when everyone passed twice."""
    n = P[N]
    up = deck[pos]
    up_suit = up // 13
    if up >= 52:
        opts = 15 << OPT_MAKE
        b = pick(st, opts)
        up_suit = b - OPT_MAKE
        record(trace, tr_act, tr_nact, h, dealer, KIND_DECLARE, up_suit, opts)
    maker = -1
    trump = -1
    rnd = 1
    while rnd <= 2 and maker < 0:
        for i in range(n):
            seat = (dealer + 1 + i) % n
            if rnd == 1:
                opts = 1 | (1 << (OPT_MAKE + up_suit))
            else:
                opts = (15 & ~(1 << up_suit)) << OPT_MAKE
                if not (seat == dealer and P[STICK_DEALER]):
                    opts |= 1
            b = pick(st, opts)
            if b == OPT_PASS:
                record(trace, tr_act, tr_nact, h, seat, KIND_BID, -1, opts)
                continue
            maker = seat
            trump = b - OPT_MAKE
            record(trace, tr_act, tr_nact, h, seat, KIND_DECLARE, trump, opts)
            break
        rnd += 1
    if maker < 0:
        return -1, -1, -1
    out = -1
    if P[GOING_ALONE]:
        opts = (1 << OPT_ALONE) | (1 << OPT_PARTNER)
        b = pick(st, opts)
        record(trace, tr_act, tr_nact, h, maker, KIND_ALONE, 1 if b == OPT_ALONE else 0, opts)
        if b == OPT_ALONE:
            out = (maker + n // P[TEAMS]) % n
    if rnd == 2:  # made in round one: the dealer picks the upcard up and discards
        hands[dealer] |= 1 << up
        allowed = hands[dealer] & ~(1 << up) if P[KEEP_UPCARD] else hands[dealer]
        card = pick(st, allowed)
        record_discard(trace, tr_act, tr_nact, h, dealer, 1 << card, allowed, 1, 1)
        hands[dealer] &= ~(1 << card)
    return maker, trump, out
