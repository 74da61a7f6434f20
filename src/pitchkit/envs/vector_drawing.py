"""The steps of a vector environment's hand between the auction and the first lead that change the
hands, one decision at a time, for :mod:`pitchkit.envs.vector_kernel`: each seat's discard (cards
picked one by one in increasing index, then the end of the discard), the draw, the bidder's taking
the stock and second discard, and the partner exchange, as the fast path's
:mod:`~pitchkit.fast.drawing` (and the engine) play them.
"""

from __future__ import annotations

from typing import Any

from pitchkit.envs.vector_making import begin_tricks
from pitchkit.envs.vector_rows import (
    DEALER,
    DECK_AT,
    DISCARDS,
    DQ_I,
    HANDS,
    ID_DISCARD_CARD,
    ID_DISCARD_DONE,
    ID_PASS_CARD,
    NEED,
    PASS_I,
    PASSED,
    PENDING,
    PH_DONE,
    PH_EXCHANGE,
    PH_PLAY,
    PHASE,
    PITCHER,
    POINTS,
    POS,
    SECOND,
    TO_ACT,
    UP,
    allow,
    jit,
    low_index,
)
from pitchkit.fast.bits import popcount
from pitchkit.fast.codes import (
    DECK,
    DRAW_TO,
    KEEP_UPCARD,
    PARTNER_PASS,
    TAKES_STOCK,
    TEAMS,
    UPCARD,
    N,
)


@jit
def begin_play(P: Any, r: Any) -> None:
    """After the auction and the discards: the partner exchange from the dealer's left, or the
    pitcher's lead."""
    if P[PARTNER_PASS]:
        r[PHASE] = PH_EXCHANGE
        r[TO_ACT] = (r[DEALER] + 1) % P[N]
    else:
        r[PHASE] = PH_PLAY
        r[TO_ACT] = r[PITCHER]


@jit
def discard_legal(P: Any, r: Any, seat: int) -> None:
    """Mark the legal ids of ``seat``'s discard under way in row ``r``: each card that can still be
    picked (picks go in increasing index) and, once enough are picked, the end of the discard."""
    allowed, lo, hi = discard_bounds(P, r, seat)
    picked = popcount(r[PENDING])
    later = _after(allowed, r[PENDING])
    left = popcount(later)
    m = later
    while m:
        if picked + 1 <= hi and picked + left >= lo:
            allow(r, ID_DISCARD_CARD + low_index(m))
        m &= m - 1
        left -= 1
    if lo <= picked <= hi:
        allow(r, ID_DISCARD_DONE)


@jit
def exchange_legal(P: Any, r: Any, seat: int) -> None:
    """Mark the legal ids of ``seat``'s pass to its partner under way in row ``r``: each card that
    leaves enough cards above it to complete the pass."""
    later = _after(r[HANDS + seat], r[PENDING])
    need = P[PARTNER_PASS] - popcount(r[PENDING])
    left = popcount(later)
    m = later
    while m:
        c = low_index(m)
        m &= m - 1
        if left >= need:
            allow(r, ID_PASS_CARD + c)
        left -= 1


@jit
def _after(cards: int, picked: int) -> int:
    """The cards of ``cards`` above every card of ``picked`` (picks go in increasing index)."""
    while picked:
        cards &= ~(((picked & -picked) << 1) - 1)
        picked &= picked - 1
    return cards


@jit
def discard_bounds(P: Any, r: Any, seat: int) -> tuple[int, int, int]:
    """(cards it may discard, fewest, most) for ``seat``'s discard now (as the engine's)."""
    if P[UPCARD]:  # the dealer's discard after picking up the upcard
        held = r[HANDS + seat]
        return (held & ~(1 << r[UP]) if P[KEEP_UPCARD] else held), 1, 1
    held = popcount(r[HANDS + seat])
    keep = P[DRAW_TO]
    allowed = r[HANDS + seat] & ~r[POINTS]
    if r[SECOND]:
        return allowed, held - keep, held - keep
    spare = P[DECK] - r[POS] - r[NEED]
    return allowed, max(0, held - keep), min(held - max(0, keep - spare), popcount(allowed))


@jit
def apply_discard(P: Any, r: Any) -> None:
    """End the discard of the seat to act with the cards it picked; then the next seat's discard,
    the draw, or the play."""
    seat = r[TO_ACT]
    m = r[PENDING]
    r[PENDING] = 0
    r[HANDS + seat] &= ~m
    r[DISCARDS + seat] |= m
    if P[UPCARD]:
        begin_tricks(P, r)
        return
    if r[SECOND]:
        r[SECOND] = 0
        begin_play(P, r)
        return
    r[NEED] += P[DRAW_TO] - popcount(r[HANDS + seat])
    next_discarder(P, r)


@jit
def next_discarder(P: Any, r: Any) -> None:
    """Call the next seat to discard; after the last, the draw, the bidder's taking the stock and
    maybe its second discard. A seat that would have to bury a point card throws the hand in."""
    n = P[N]
    keep = P[DRAW_TO]
    if r[DQ_I] < n:
        seat = (r[DEALER] + 1 + r[DQ_I]) % n
        r[DQ_I] += 1
        if popcount(r[HANDS + seat] & r[POINTS]) > keep:
            r[PHASE] = PH_DONE
            return
        r[TO_ACT] = seat
        return
    for i in range(n):
        s = (r[DEALER] + 1 + i) % n
        while popcount(r[HANDS + s]) < keep and r[POS] < P[DECK]:
            r[HANDS + s] |= 1 << r[DECK_AT + r[POS]]
            r[POS] += 1
    pitcher = r[PITCHER]
    if P[TAKES_STOCK]:
        while r[POS] < P[DECK]:
            r[HANDS + pitcher] |= 1 << r[DECK_AT + r[POS]]
            r[POS] += 1
    held = r[HANDS + pitcher]
    if popcount(held & r[POINTS]) > keep:
        r[PHASE] = PH_DONE
    elif popcount(held) > keep:
        r[SECOND] = 1
        r[TO_ACT] = pitcher
    else:
        begin_play(P, r)


@jit
def apply_pass_card(P: Any, r: Any, c: int) -> None:
    """Pick card ``c`` for the pass to the partner; a full pass goes to the next seat, and after the
    last seat's, every seat takes up its partner's cards and the play begins."""
    n = P[N]
    seat = r[TO_ACT]
    r[PENDING] |= 1 << c
    if popcount(r[PENDING]) < P[PARTNER_PASS]:
        return
    m = r[PENDING]
    r[PENDING] = 0
    r[HANDS + seat] &= ~m
    r[PASSED + seat] = m
    r[PASS_I] += 1
    if r[PASS_I] < n:
        r[TO_ACT] = (seat + 1) % n
        return
    for s in range(n):
        r[HANDS + (s + P[TEAMS]) % n] |= r[PASSED + s]
    r[PHASE] = PH_PLAY
    r[TO_ACT] = r[PITCHER]
