"""The solver's search compiled with numba: the alpha-beta of :class:`~pitchkit.search.solver.Solver`
on int64 arrays, for :class:`~pitchkit.search.compiled.CompiledSolver`.

It searches the same tree in the same order (equal cards merged, the same move ordering, a
transposition table at the start of every trick, the same bounds) and scores the end of the hand
as :class:`~pitchkit.search.position.Scorer` does, from the tables that
:mod:`pitchkit.search.compiled` builds out of a scorer. The transposition table is a fixed-size
array shared by every search in the process: entries carry the number of the search that wrote
them, so a new search never reads an old one's entries and needs no clearing.

The search is a loop over an explicit stack, not a recursion, so that numba can cache it on disk
(it cannot reload a function that calls itself): a new process loads it instead of compiling it.
The arrays' layout is in :mod:`pitchkit.search.kernel_layout` and the value of a hand's end in
:mod:`pitchkit.search.kernel_value`; numba keeps the code of the functions a compiled function
calls and the values of the globals it reads, so the cache key of each holds a hash of all three
files (:class:`pitchkit.fast.jitting.KeyedJit`).
"""

from __future__ import annotations

from typing import Any

from pitchkit.search.kernel_layout import (
    C_GV,
    C_LOWER,
    C_NEUTRAL,
    C_SUIT,
    C_TUNIT,
    F_A0,
    F_ALPHA,
    F_B0,
    F_BASE,
    F_BEST,
    F_BEST_CARD,
    F_BETA,
    F_BSEAT,
    F_BSTR,
    F_CAP,
    F_CPK,
    F_FJ,
    F_HI0,
    F_I,
    F_K,
    F_LEAD,
    F_LED,
    F_LIVE,
    F_LO0,
    F_N,
    F_SEAT,
    F_TMASK,
    F_WM,
    GAME_BY_POINTS,
    INF,
    P_BIG_JOKER,
    P_GEN,
    P_N_IN,
    P_RUFF_MASK,
    P_TRUMP,
    P_TRUMP_MASK,
    P_USES_ORDER,
    P_USES_WINNERS,
    S_MAX,
    S_NEXT,
    S_UNIT,
    ST_ABORTED,
    ST_LIMIT,
    ST_NODES,
    TT_WAYS,
    jit,
)
from pitchkit.search.kernel_value import bounds, leaf_value, popcount_low

_MULT = 0x9E3779B97F4A7C15 - (1 << 64)
_MASK62 = (1 << 62) - 1


@jit
def _legal(par: Any, cards: Any, suit_mask: Any, hand: int, led: int) -> int:
    if led == par[P_TRUMP]:
        t = hand & par[P_TRUMP_MASK]
        return t if t else hand
    follow = hand & suit_mask[led]
    return (follow | (hand & par[P_RUFF_MASK])) if follow else hand


@jit
def _moves(cards: Any, strength: Any, seats: Any, hands: Any, seat: int, legal: int, live: int,
           tmask: int, k: int, bstr: int, bseat: int, led: int, out: Any, keys: Any) -> int:
    """Representatives of the legal cards (the lowest of each run of equal cards), ordered as
    :meth:`Solver._order` orders them, into ``out``; returns how many."""
    n = 0
    others = (live & ~hands[seat]) | tmask
    m = legal
    single = legal & (legal - 1) == 0
    while m:
        low = m & -m
        c = popcount_low(low)
        m ^= low
        if not single and cards[c, C_NEUTRAL] == 1:
            d = cards[c, C_LOWER]
            while d >= 0 and not ((others >> d) & 1) and not ((legal >> d) & 1):
                d = cards[d, C_LOWER]
            if d >= 0 and (legal >> d) & 1 and cards[d, C_NEUTRAL] == 1 and cards[d, C_GV] == cards[c, C_GV]:
                continue
        out[n] = c
        n += 1
    if n < 2:
        return n
    mine_winning = k > 0 and seats[bseat, S_MAX] == seats[seat, S_MAX]
    for i in range(n):
        c = out[i]
        if k == 0:
            keys[i] = -strength[cards[c, C_SUIT], c]
        else:
            st = strength[led, c]
            if mine_winning:
                keys[i] = (100_000 if st > bstr else 0) + (64 - cards[c, C_GV]) * 1000 + st
            elif st > bstr:
                keys[i] = st
            else:
                keys[i] = 100_000 + cards[c, C_GV] * 32 + st
    for i in range(1, n):
        c = out[i]
        key = keys[i]
        j = i - 1
        while j >= 0 and keys[j] > key:
            out[j + 1] = out[j]
            keys[j + 1] = keys[j]
            j -= 1
        out[j + 1] = c
        keys[j + 1] = key
    return n


@jit
def _tt_slot(hands: Any, seat: int, cap: int, cpk: int, wm: int, fj: int, size: int) -> int:
    h = seat + 1
    for i in range(hands.shape[0]):
        h = ((h ^ hands[i]) * _MULT) & _MASK62
    h = ((h ^ cap) * _MULT) & _MASK62
    h = ((h ^ cpk) * _MULT) & _MASK62
    h = ((h ^ (wm * 64 + fj)) * _MULT) & _MASK62
    # a product's bits depend only on the bits below them: fold the high bits into the ones used
    h = ((h ^ (h >> 31)) * _MULT) & _MASK62
    return (h >> 20) & (size - 1) & ~(TT_WAYS - 1)


@jit
def _tt_find(par: Any, tt_key: Any, hands: Any, seat: int, cap: int, cpk: int, wm: int, fj: int,
             base: int) -> int:
    """The slot of the bucket at ``base`` holding this position for this search, or -1."""
    n_seats = hands.shape[0]
    for slot in range(base, base + TT_WAYS):
        if tt_key[slot, n_seats + 5] != par[P_GEN] or tt_key[slot, n_seats] != seat:
            continue
        same = (tt_key[slot, n_seats + 1] == cap and tt_key[slot, n_seats + 2] == cpk
                and tt_key[slot, n_seats + 3] == wm and tt_key[slot, n_seats + 4] == fj)
        for i in range(n_seats):
            if tt_key[slot, i] != hands[i]:
                same = False
                break
        if same:
            return slot
    return -1


@jit
def _tt_free(par: Any, tt_key: Any, base: int) -> int:
    """A slot of the bucket at ``base`` for a new entry: one left by another search, else the one
    with the fewest cards left (the cheapest to search again)."""
    gen_col = tt_key.shape[1] - 1
    n_seats = gen_col - 5
    pick = base
    fewest = 1 << 30
    for slot in range(base, base + TT_WAYS):
        if tt_key[slot, gen_col] != par[P_GEN]:
            return slot
        left = 0
        for i in range(n_seats):
            m = tt_key[slot, i]
            while m:
                m &= m - 1
                left += 1
        if left < fewest:
            fewest = left
            pick = slot
    return pick


@jit
def _last_trick(par: Any, plan: Any, cards: Any, strength: Any, seats: Any, unit_side: Any,
                seat_rows: Any, units: Any, scratch: Any, hands: Any, stats: Any, seat: int, cap: int,
                cpk: int, wm: int, fj: int) -> int:
    c = popcount_low(hands[seat])
    led = cards[c, C_SUIT]
    bstr = strength[led, c]
    win = seat
    tsum = cards[c, C_TUNIT]
    cp = cards[c, C_GV]
    big = par[P_BIG_JOKER] if par[P_USES_ORDER] == 1 else INF
    if fj == 0 and c >= big:
        fj = c
    s = seats[seat, S_NEXT]
    while s != seat:
        c = popcount_low(hands[s])
        if strength[led, c] > bstr:
            bstr = strength[led, c]
            win = s
        tsum += cards[c, C_TUNIT]
        cp += cards[c, C_GV]
        if fj == 0 and c >= big:
            fj = c
        s = seats[s, S_NEXT]
    stats[ST_NODES] += par[P_N_IN]
    u = seats[win, S_UNIT]
    wbit = (1 << u) if par[P_USES_WINNERS] == 1 else 0
    return leaf_value(par, plan, cards, unit_side, seat_rows, units, scratch, cap + (u + 1) * tsum,
                      cpk + (cp << (8 * u)), wm | wbit, fj, GAME_BY_POINTS)


@jit
def _save(fr: Any, seat: int, k: int, live: int, tmask: int, led: int, bstr: int, bseat: int,
          cap: int, cpk: int, wm: int, fj: int, alpha: int, beta: int, a0: int, b0: int, is_lead: int,
          base: int, lo0: int, hi0: int, n: int, i: int, best: int, best_card: int) -> None:
    fr[F_SEAT], fr[F_K], fr[F_LIVE], fr[F_TMASK], fr[F_LED], fr[F_BSTR] = seat, k, live, tmask, led, bstr
    fr[F_BSEAT], fr[F_CAP], fr[F_CPK], fr[F_WM], fr[F_FJ], fr[F_ALPHA] = bseat, cap, cpk, wm, fj, alpha
    fr[F_BETA], fr[F_A0], fr[F_B0], fr[F_LEAD], fr[F_BASE], fr[F_LO0] = beta, a0, b0, is_lead, base, lo0
    fr[F_HI0], fr[F_N], fr[F_I], fr[F_BEST], fr[F_BEST_CARD] = hi0, n, i, best, best_card


@jit
def search(par: Any, plan: Any, cards: Any, strength: Any, suit_mask: Any, seats: Any,
           unit_side: Any, seat_rows: Any, units: Any, scratch: Any, tracked: Any, groups: Any,
           min_units: Any, hands: Any, stats: Any, tt_key: Any, tt_val: Any, buf: Any, frames: Any,
           seat: int, k: int, live: int, tmask: int, led: int, bstr: int, bseat: int, cap: int,
           cpk: int, wm: int, fj: int, alpha: int, beta: int, root_legal: int,
           only: int) -> tuple[int, int]:
    """(value, best card) with ``k`` cards of the trick played and ``seat`` to play
    (:meth:`Solver._lead` when ``k`` is 0, else :meth:`Solver._play`). At the root, ``only`` (a
    card, or -1) plays just that card and ``root_legal`` (a mask, or -1) gives the legal cards;
    a plain trick start (both -1, ``k`` 0) uses the transposition table and the bounds.

    The solver's recursion as a loop over an explicit stack (numba can cache only a function that
    does not call itself): the locals hold the node being searched, and ``frames[p]`` the state of
    its ancestor at ply ``p``, whose move ``buf[p, 0, frames[p, F_I]]`` is being searched."""
    if stats[ST_ABORTED]:
        return 0, -1
    n_in = par[P_N_IN]
    big = par[P_BIG_JOKER] if par[P_USES_ORDER] == 1 else INF  # a joker played first orders them
    uses_winners = par[P_USES_WINNERS] == 1
    limit = stats[ST_LIMIT]
    ply = 0
    while True:
        # -- a node: its value at once, or its moves ----------------------------------------------
        is_lead = 1 if k == 0 and (ply > 0 or (only < 0 and root_legal < 0)) else 0
        base, tt_move, lo0, hi0 = 0, -1, -INF, INF
        done, v, card = False, 0, -1
        if is_lead:
            hand = hands[seat]
            if hand == 0:
                v = leaf_value(par, plan, cards, unit_side, seat_rows, units, scratch, cap, cpk, wm, fj,
                               GAME_BY_POINTS)
                done = True
            elif hand & (hand - 1) == 0:
                v = _last_trick(par, plan, cards, strength, seats, unit_side, seat_rows, units, scratch,
                                hands, stats, seat, cap, cpk, wm, fj)
                done = True
            else:
                base = _tt_slot(hands, seat, cap, cpk, wm, fj, tt_key.shape[0])
                slot = _tt_find(par, tt_key, hands, seat, cap, cpk, wm, fj, base)
                if slot >= 0:
                    lo0, hi0, tt_move = tt_val[slot, 0], tt_val[slot, 1], tt_val[slot, 2]
                    if lo0 >= beta or lo0 == hi0:
                        v, card, done = lo0, tt_move, True
                    elif hi0 <= alpha:
                        v, card, done = hi0, tt_move, True
                    else:
                        alpha = max(alpha, lo0)
                        beta = min(beta, hi0)
                if not done:
                    blo, bhi = bounds(par, plan, cards, unit_side, seat_rows, units, scratch, tracked,
                                      groups, min_units, live, cap, cpk, wm, fj)
                    if blo >= beta or blo == bhi:
                        v, done = blo, True
                    elif bhi <= alpha:
                        v, done = bhi, True
        n, best, best_card, i = 0, 0, -1, 0
        a0, b0 = alpha, beta
        if not done:
            out = buf[ply, 0]
            if ply == 0 and only >= 0:
                out[0] = only
                n = 1
            else:
                if is_lead:
                    legal = hands[seat]
                elif ply == 0 and root_legal >= 0:
                    legal = root_legal
                else:
                    legal = _legal(par, cards, suit_mask, hands[seat], led)
                n = _moves(cards, strength, seats, hands, seat, legal, live, tmask, k, bstr, bseat, led,
                           out, buf[ply, 1])
                if tt_move >= 0:
                    for t in range(n):
                        if out[t] == tt_move:
                            for j in range(t, 0, -1):
                                out[j] = out[j - 1]
                            out[0] = tt_move
                            break
            best = -INF if seats[seat, S_MAX] == 1 else INF
            best_card = out[0]
        # -- back up finished nodes, until one has a move left to search -------------------------
        while True:
            if done:
                if ply == 0:
                    return v, card
                ply -= 1
                fr = frames[ply]
                seat, k, live, tmask = fr[F_SEAT], fr[F_K], fr[F_LIVE], fr[F_TMASK]
                led, bstr, bseat, cap, cpk = fr[F_LED], fr[F_BSTR], fr[F_BSEAT], fr[F_CAP], fr[F_CPK]
                wm, fj, alpha, beta, a0, b0 = fr[F_WM], fr[F_FJ], fr[F_ALPHA], fr[F_BETA], fr[F_A0], fr[F_B0]
                is_lead, base, lo0, hi0 = fr[F_LEAD], fr[F_BASE], fr[F_LO0], fr[F_HI0]
                n, i, best, best_card = fr[F_N], fr[F_I], fr[F_BEST], fr[F_BEST_CARD]
                c = buf[ply, 0, i]
                hands[seat] ^= 1 << c
                if seats[seat, S_MAX] == 1:
                    if v > best:
                        best = v
                        best_card = c
                        alpha = max(alpha, v)
                elif v < best:
                    best = v
                    best_card = c
                    beta = min(beta, v)
                i += 1
            if not done or (alpha < beta and i < n):
                break
            if is_lead:
                _tt_store(par, tt_key, tt_val, hands, seat, cap, cpk, wm, fj, base, lo0, hi0, a0, b0,
                          best, best_card)
            v, card, done = best, best_card, True
        # -- search move ``i``: enter the node after it ------------------------------------------
        c = buf[ply, 0, i]
        stats[ST_NODES] += 1
        if limit >= 0 and stats[ST_NODES] > limit:
            stats[ST_ABORTED] = 1
            for p in range(ply):
                hands[frames[p, F_SEAT]] ^= 1 << buf[p, 0, frames[p, F_I]]
            return 0, -1
        bit = 1 << c
        hands[seat] ^= bit
        _save(frames[ply], seat, k, live, tmask, led, bstr, bseat, cap, cpk, wm, fj, alpha, beta, a0,
              b0, is_lead, base, lo0, hi0, n, i, best, best_card)
        ply += 1
        if k == 0:
            led = cards[c, C_SUIT]
            bstr, bseat = strength[led, c], seat
        elif strength[led, c] > bstr:
            bstr, bseat = strength[led, c], seat
        if fj == 0 and c >= big:
            fj = c
        live ^= bit
        if k + 1 == n_in:
            tsum = cp = 0
            m = tmask | bit
            while m:
                low = m & -m
                x = popcount_low(low)
                tsum += cards[x, C_TUNIT]
                cp += cards[x, C_GV]
                m ^= low
            u = seats[bseat, S_UNIT]
            cap += (u + 1) * tsum
            cpk += cp << (8 * u)
            if uses_winners:
                wm |= 1 << u
            seat, k, tmask, led, bstr, bseat = bseat, 0, 0, -1, -1, -1
        else:
            seat = seats[seat, S_NEXT]
            k += 1
            tmask |= bit


@jit
def _tt_store(par: Any, tt_key: Any, tt_val: Any, hands: Any, seat: int, cap: int, cpk: int, wm: int,
              fj: int, base: int, lo0: int, hi0: int, a0: int, b0: int, best: int, best_card: int) -> None:
    """Record a trick start's bounds (searched in the window ``a0``, ``b0``) and best lead."""
    lo, hi = lo0, hi0
    if best <= a0:
        hi = min(hi, best)
    elif best >= b0:
        lo = max(lo, best)
    else:
        lo = best
        hi = best
    n_seats = hands.shape[0]
    slot = _tt_find(par, tt_key, hands, seat, cap, cpk, wm, fj, base)
    if slot < 0:
        slot = _tt_free(par, tt_key, base)
    tt_key[slot, :n_seats] = hands
    tt_key[slot, n_seats] = seat
    tt_key[slot, n_seats + 1] = cap
    tt_key[slot, n_seats + 2] = cpk
    tt_key[slot, n_seats + 3] = wm
    tt_key[slot, n_seats + 4] = fj
    tt_key[slot, n_seats + 5] = par[P_GEN]
    tt_val[slot, 0] = lo
    tt_val[slot, 1] = hi
    tt_val[slot, 2] = best_card
