"""Euchre's making of trump with the upcard, one decision at a time, for
:mod:`pitchkit.envs.vector_kernel`: the same rounds as the fast path's ``make_trump`` (and the
engine's), with the dealer's pick-up and the first lead past a seat sitting out."""

from __future__ import annotations

from typing import Any

from pitchkit.envs.vector_rows import (
    BID,
    DEALER,
    HANDS,
    ID_ALONE,
    ID_PARTNER,
    ID_TRUMP,
    LATEST,
    OUT,
    PH_DISCARD,
    PH_DONE,
    PH_PLAY,
    PHASE,
    PITCHER,
    POS,
    ROUND,
    SECOND,
    TO_ACT,
    TRUMP,
    TURN,
    UP,
    UP_SUIT,
    allow,
    jit,
)
from pitchkit.fast.codes import GOING_ALONE, HAND_SIZE, STICK_DEALER, TEAMS, N


@jit
def making_legal(P: Any, r: Any) -> None:
    """Euchre's making of trump with the upcard: a Benny's suit named, round one (pass or order it
    up), round two (pass or name another suit; a stuck dealer must name one), then alone or not."""
    rnd = r[ROUND]
    if rnd == 0:
        for t in range(4):
            allow(r, ID_TRUMP + t)
    elif rnd == 1:
        allow(r, 0)
        allow(r, ID_TRUMP + r[UP_SUIT])
    elif rnd == 2:
        for t in range(4):
            if t != r[UP_SUIT]:
                allow(r, ID_TRUMP + t)
        if not (r[TO_ACT] == r[DEALER] and P[STICK_DEALER]):
            allow(r, 0)
    else:
        allow(r, ID_ALONE)
        allow(r, ID_PARTNER)


@jit
def apply_making(P: Any, r: Any, a: int) -> None:
    """Apply the legal decision ``a`` of the making of trump to row ``r``: a Benny's suit, a pass,
    a suit ordered up or named, or alone or not."""
    n = P[N]
    seat = r[TO_ACT]
    rnd = r[ROUND]
    if rnd == 0:
        r[UP_SUIT] = a - ID_TRUMP
        r[ROUND] = 1
        r[TO_ACT] = (seat + 1) % n
        return
    if rnd == 3:
        if a == ID_ALONE:
            r[OUT] = (seat + n // P[TEAMS]) % n
        _made(P, r)
        return
    if a == 0:
        r[LATEST + seat] = 1
        r[TURN] += 1
        r[TO_ACT] = (seat + 1) % n
        if r[TURN] == n:
            r[TURN] = 0
            r[ROUND] += 1
            if r[ROUND] > 2:
                r[PHASE] = PH_DONE
        return
    r[PITCHER] = seat
    r[BID] = P[HAND_SIZE] // 2 + 1
    r[TRUMP] = a - ID_TRUMP
    r[LATEST + seat] = 1 + r[BID]
    r[SECOND] = 1 if rnd == 1 else 0
    if P[GOING_ALONE]:
        r[ROUND] = 3
        return
    _made(P, r)


@jit
def _made(P: Any, r: Any) -> None:
    """Trump is made (and alone or not): after an order-up the dealer picks the upcard up and
    discards, else the play begins."""
    if r[SECOND]:
        r[SECOND] = 0
        dealer = r[DEALER]
        r[HANDS + dealer] |= 1 << r[UP]
        r[POS] += 1
        r[PHASE] = PH_DISCARD
        r[TO_ACT] = dealer
        return
    begin_tricks(P, r)


@jit
def begin_tricks(P: Any, r: Any) -> None:
    """Euchre's first lead: the dealer's left, past a seat sitting out."""
    n = P[N]
    lead = (r[DEALER] + 1) % n
    if lead == r[OUT]:
        lead = (lead + 1) % n
    r[PHASE] = PH_PLAY
    r[TO_ACT] = lead
