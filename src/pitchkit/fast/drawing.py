"""The steps between the auction and the first lead that change the hands, in compiled code: the
discards and the draw (a discard uniform over the engine's list of legal discards, never built:
:func:`random_discard`), and the partner exchange (cards picked one at a time, each uniform among
those left, which makes every set of that size equally likely).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from pitchkit.fast.bits import pick, popcount, record, record_discard, rng_index
from pitchkit.fast.codes import (
    DECK,
    DRAW_TO,
    KIND_PASS,
    MISDEAL_BURIED,
    PARTNER_PASS,
    PLAYED,
    TAKES_STOCK,
    TEAMS,
    N,
)
from pitchkit.fast.jitting import fast_jit
from pitchkit.fast.scoring import named_card


@fast_jit
def exchange(st: Any, P: Any, hands: Any, passed: Any, dealer: int, h: int, trace: bool, tr_act: Any,
             tr_nact: Any) -> None:
    """The partner exchange: each seat from the dealer's left sets aside ``PARTNER_PASS`` random
    cards, then every seat takes up its partner's (partners sit ``TEAMS`` seats apart)."""
    n = P[N]
    for i in range(n):
        s = (dealer + 1 + i) % n
        m = 0
        for _ in range(P[PARTNER_PASS]):
            left = hands[s] & ~m
            c = pick(st, left)
            record(trace, tr_act, tr_nact, h, s, KIND_PASS, c, left)
            m |= 1 << c
        passed[s] = m
        hands[s] &= ~m
    for s in range(n):
        hands[(s + P[TEAMS]) % n] |= passed[s]


#: Binomial coefficients C(n, k) for n, k up to 54 (the kernel reads them as a constant table).
BINOMIAL = np.array([[math.comb(n, k) for k in range(55)] for n in range(55)], dtype=np.int64)


@fast_jit
def choose(n: int, k: int) -> int:
    """The binomial coefficient: how many sets of ``k`` of ``n`` things (0 if k < 0 or k > n)."""
    if k < 0 or k > n:
        return 0
    return int(BINOMIAL[n, k])


@fast_jit
def random_discard(st: Any, allowed: int, lo: int, hi: int) -> int:
    """A uniformly random set of ``lo`` to ``hi`` cards of the mask ``allowed``, as a mask.

    It is the ``r``-th set, for ``r`` uniform (:func:`rng_index`), in the order of the engine's list
    of legal discards: by size, then each size's sets as ``itertools.combinations`` of the cards in
    index order. The list can be long (a bidder who took the stock may have to bury 14 of 18
    cards: 3,060 ways, and far more are possible), so it is never built: ``r`` is turned into its
    set directly."""
    m = popcount(allowed)
    total = 0
    for k in range(lo, hi + 1):
        total += choose(m, k)
    r = rng_index(st, total)
    k = lo
    while r >= choose(m, k):
        r -= choose(m, k)
        k += 1
    out = 0
    rest = allowed
    left = m
    while k > 0:
        low = rest & -rest
        rest ^= low
        left -= 1
        # the sets that take this card come first: there are choose(left, k - 1) of them
        with_card = choose(left, k - 1)
        if r < with_card:
            out |= low
            k -= 1
        else:
            r -= with_card
    return out


@fast_jit
def point_mask(cats: Any, trump: int, off_jack: Any) -> int:
    """The cards that score a point by themselves under ``trump`` (they may not be discarded)."""
    m = 0
    for i in range(cats.shape[0]):
        card = named_card(cats[i], trump, off_jack)
        if card >= 0:
            m |= 1 << card
    return m


@fast_jit
def discard_and_draw(st: Any, P: Any, cats: Any, off_jack: Any, deck: Any, hands: Any, dealer: int,
                     pitcher: int, trump: int, pos: int, h: int, trace: bool, tr_act: Any,
                     tr_nact: Any) -> int:
    """Random discards from the dealer's left, the draw back to ``DRAW_TO`` cards from the stock
    (which starts at ``deck[pos]``), the bidder taking the rest of the stock when the rules say so,
    and the bidder's second discard down to ``DRAW_TO``. Returns ``PLAYED``, or ``MISDEAL_BURIED``
    when a seat would have to bury a point card (the hand is thrown in there)."""
    n = P[N]
    keep = P[DRAW_TO]
    size = P[DECK]
    points = point_mask(cats, trump, off_jack)
    need = 0
    for i in range(n):
        s = (dealer + 1 + i) % n
        if popcount(hands[s] & points) > keep:
            return MISDEAL_BURIED
        held = popcount(hands[s])
        allowed = hands[s] & ~points
        spare = size - pos - need
        lo = max(0, held - keep)
        hi = min(held - max(0, keep - spare), popcount(allowed))
        d = random_discard(st, allowed, lo, hi)
        record_discard(trace, tr_act, tr_nact, h, s, d, allowed, lo, hi)
        hands[s] &= ~d
        need += keep - popcount(hands[s])
    for i in range(n):
        s = (dealer + 1 + i) % n
        held = popcount(hands[s])
        while held < keep and pos < size:
            hands[s] |= 1 << deck[pos]
            pos += 1
            held += 1
    if P[TAKES_STOCK]:
        while pos < size:
            hands[pitcher] |= 1 << deck[pos]
            pos += 1
    held = hands[pitcher]
    if popcount(held & points) > keep:
        return MISDEAL_BURIED
    k = popcount(held) - keep
    if k > 0:
        allowed = held & ~points
        d = random_discard(st, allowed, k, k)
        record_discard(trace, tr_act, tr_nact, h, pitcher, d, allowed, k, k)
        hands[pitcher] &= ~d
    return PLAYED
