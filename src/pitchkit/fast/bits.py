"""The fast path's random generator, bit-mask helpers and trace writer.

Randomness is a SplitMix64 generator whose state lives in a one-element array, written so that
compiled and plain runs give the same hands for a seed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pitchkit.fast.codes import BOUNDS_SHIFT, KIND_DISCARD
from pitchkit.fast.jitting import COMPILED, fast_jit

# SplitMix64 constants as signed 64-bit values (the kernel works in int64).
_GOLDEN = 0x9E3779B97F4A7C15 - (1 << 64)
_MIX1 = 0xBF58476D1CE4E5B9 - (1 << 64)
_MIX2 = 0x94D049BB133111EB - (1 << 64)
_LOW53 = (1 << 53) - 1
_LOW34 = (1 << 34) - 1
_LOW37 = (1 << 37) - 1
_LOW33 = (1 << 33) - 1


def _wrap_plain(x: int) -> int:
    return ((x + (1 << 63)) & ((1 << 64) - 1)) - (1 << 63)


def _wrap_compiled(x: int) -> int:
    return x


#: Reduce to a signed 64-bit value: a no-op when compiled (int64 arithmetic wraps by itself).
wrap64: Callable[[int], int] = fast_jit(_wrap_compiled) if COMPILED else _wrap_plain


@fast_jit
def rng_next(st: Any) -> int:
    """Next 64-bit output (signed) of the SplitMix64 generator whose state is ``st[0]``."""
    s = wrap64(int(st[0]) + _GOLDEN)
    st[0] = s
    z = wrap64((s ^ ((s >> 30) & _LOW34)) * _MIX1)
    z = wrap64((z ^ ((z >> 27) & _LOW37)) * _MIX2)
    return z ^ ((z >> 31) & _LOW33)


@fast_jit
def rng_below(st: Any, n: int) -> int:
    """A uniform integer in ``[0, n)`` for ``n`` below 1024 (bias below n / 2**53; larger ``n``
    would overflow: :func:`rng_index` takes any)."""
    u = (rng_next(st) >> 11) & _LOW53
    return (u * n) >> 53


@fast_jit
def rng_index(st: Any, n: int) -> int:
    """An exactly uniform integer in ``[0, n)`` for any ``n`` up to 2**53 (53-bit draws, the few
    above the last whole multiple of ``n`` drawn again)."""
    limit = ((1 << 53) // n) * n
    while True:
        u = (rng_next(st) >> 11) & _LOW53
        if u < limit:
            return u % n


@fast_jit
def popcount(x: int) -> int:
    """Number of set bits of a non-negative mask."""
    c = 0
    while x:
        x &= x - 1
        c += 1
    return c


@fast_jit
def nth_bit(m: int, k: int) -> int:
    """Index of the ``k``-th lowest set bit of ``m`` (k from 0)."""
    while k > 0:
        m &= m - 1
        k -= 1
    return popcount((m & -m) - 1)


@fast_jit
def pick(st: Any, m: int) -> int:
    """Index of a uniformly chosen set bit of a non-empty mask."""
    return nth_bit(m, rng_below(st, popcount(m)))


@fast_jit
def record(trace: bool, tr_act: Any, tr_nact: Any, h: int, seat: int, kind: int, value: int,
           legal: int) -> None:
    """With ``trace``, append a decision of hand ``h`` to its trace (``TRACE_WIDTH`` columns)."""
    if trace:
        k = tr_nact[h]
        tr_act[h, k, 0] = seat
        tr_act[h, k, 1] = kind
        tr_act[h, k, 2] = value
        tr_act[h, k, 3] = legal
        tr_nact[h] = k + 1


@fast_jit
def record_discard(trace: bool, tr_act: Any, tr_nact: Any, h: int, seat: int, cards: int,
                   allowed: int, lo: int, hi: int) -> None:
    """:func:`record` a discard, with its fewest and most cards in the bounds column."""
    record(trace, tr_act, tr_nact, h, seat, KIND_DISCARD, cards, allowed)
    if trace:
        tr_act[h, tr_nact[h] - 1, 4] = lo + (hi << BOUNDS_SHIFT)
