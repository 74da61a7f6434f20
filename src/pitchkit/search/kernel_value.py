"""The value of a hand's end, compiled, for the search of :mod:`pitchkit.search.kernel`: a finished
hand scored as :class:`~pitchkit.search.position.Scorer` does (by the points of a plan and the
contract, or by the makers' tricks) and turned into the objective, and the bounds on what an
unfinished hand can still reach (:meth:`Scorer.remaining_bounds`).
"""

from __future__ import annotations

from typing import Any

from pitchkit.search.kernel_layout import (
    BY_ORDER_HIGH,
    BY_ORDER_LOW,
    C_FIELD,
    C_GV,
    C_PSIDE,
    GAME_BY_POINTS,
    GAME_NOBODY,
    INF,
    K_CAPTURER,
    K_GAME,
    K_PLAYER,
    P_BID,
    P_BIG_JOKER,
    P_BY_TRICKS,
    P_EUCHRE_POINTS,
    P_HAND_SIZE,
    P_HOLE_TO_ZERO,
    P_LITTLE_JOKER,
    P_MADE_POINTS,
    P_MARCH_POINTS,
    P_MINE,
    P_N_IN,
    P_OBJECTIVE,
    P_PSIDE,
    P_PUNIT,
    P_SMUDGE_VALUE,
    P_SPECIAL,
    P_SUPER_EUCHRE_POINTS,
    P_TRICKS_NEEDED,
    P_UNITS,
    P_USES_GAME,
    P_USES_ORDER,
    P_USES_WINNERS,
    PC_HIGH,
    PC_JACK,
    PC_LOW,
    jit,
)


@jit
def leaf_value(par: Any, plan: Any, cards: Any, unit_side: Any, seat_rows: Any, units: Any,
               scratch: Any, cap: int, cpk: int, wm: int, fj: int, game: int) -> int:
    """The value of a finished hand with this capture state (:meth:`Scorer.value`)."""
    pts = scratch[0]
    for i in range(pts.shape[0]):
        pts[i] = 0
    if par[P_BY_TRICKS] == 1:
        return _trick_value(par, seat_rows, units, pts, scratch[2], cpk)
    total = 0
    aw_high = -1
    aw_low = -1
    aw_jack = -1
    for i in range(plan.shape[0]):
        kind = plan[i, 0]
        card = plan[i, 1]
        if card == BY_ORDER_HIGH:
            card = fj
        elif card == BY_ORDER_LOW:
            card = par[P_BIG_JOKER] + par[P_LITTLE_JOKER] - fj
        got = -1
        if kind == K_PLAYER:
            got = cards[card, C_PSIDE]
        elif kind == K_CAPTURER:
            got = unit_side[((cap >> (4 * cards[card, C_FIELD])) & 15) - 1]
        elif kind == K_GAME:
            if game == GAME_NOBODY:
                continue
            if game >= 0:
                got = unit_side[game]
            else:
                by_side = scratch[1]
                for j in range(by_side.shape[0]):
                    by_side[j] = -1
                for j in range(units.shape[0]):
                    u = units[j]
                    sd = unit_side[u]
                    if by_side[sd] < 0:
                        by_side[sd] = 0
                    by_side[sd] += (cpk >> (8 * u)) & 255
                best = -1
                leaders = 0
                for sd in range(by_side.shape[0]):
                    if by_side[sd] < 0:
                        continue
                    if by_side[sd] > best:
                        best = by_side[sd]
                        leaders = 1
                        got = sd
                    elif by_side[sd] == best:
                        leaders += 1
                if leaders != 1:
                    continue
        else:
            won_side = -1
            n_won = 0
            for j in range(units.shape[0]):
                u = units[j]
                if (wm >> u) & 1:
                    sd = unit_side[u]
                    if n_won == 0 or sd != won_side:
                        n_won += 1
                        won_side = sd
            if not (n_won == 1 and aw_jack >= 0 and aw_high == aw_low and aw_low == aw_jack
                    and aw_jack == won_side):
                continue
            got = aw_high
        pc = plan[i, 3]
        if pc == PC_HIGH:
            aw_high = got
        elif pc == PC_LOW:
            aw_low = got
        elif pc == PC_JACK:
            aw_jack = got
        pts[got] += plan[i, 2]
        total += plan[i, 2]
    p_side = par[P_PSIDE]
    won = pts[p_side]
    if par[P_OBJECTIVE] == 1:
        return int(won)
    bid = par[P_BID]
    special = par[P_SPECIAL] == 1
    made = (total > 0 and won == total) if special else won >= bid
    dlt = scratch[2]
    for r in range(seat_rows.shape[0]):
        u = seat_rows[r, 0]
        sd = seat_rows[r, 1]
        if sd != p_side:
            d = pts[sd]
        elif not made:
            d = -(par[P_SMUDGE_VALUE] if special else bid)
        elif special:
            d = par[P_SMUDGE_VALUE]
            if par[P_HOLE_TO_ZERO] == 1 and seat_rows[r, 2] < 0:
                d = min(d, -seat_rows[r, 2])
        else:
            d = won
        dlt[u] = d
    return _objective(par, units, dlt)


@jit
def _objective(par: Any, units: Any, dlt: Any) -> int:
    """The objective's value from every unit's score change ``dlt``."""
    mine = par[P_MINE]
    if par[P_OBJECTIVE] == 2 and mine != par[P_PUNIT]:
        return int(dlt[mine] - dlt[par[P_PUNIT]])
    v = (par[P_UNITS] - 1) * dlt[mine]
    for j in range(units.shape[0]):
        if units[j] != mine:
            v -= dlt[units[j]]
    return int(v)


@jit
def _trick_value(par: Any, seat_rows: Any, units: Any, pts: Any, dlt: Any, cpk: int) -> int:
    """:func:`leaf_value` of a hand scored by the makers' tricks (``Scorer._trick_points``)."""
    p_side = par[P_PSIDE]
    tricks = ((cpk >> (8 * par[P_PUNIT])) & 255) // par[P_N_IN]
    got = p_side
    if tricks < par[P_TRICKS_NEEDED]:
        for r in range(seat_rows.shape[0]):
            if seat_rows[r, 1] != p_side:
                got = seat_rows[r, 1]
        pts[got] = par[P_EUCHRE_POINTS]
        if tricks == 0 and par[P_SUPER_EUCHRE_POINTS] > 0:
            pts[got] = par[P_SUPER_EUCHRE_POINTS]
    elif tricks < par[P_HAND_SIZE]:
        pts[got] = par[P_MADE_POINTS]
    else:
        pts[got] = par[P_MARCH_POINTS]
    if par[P_OBJECTIVE] == 1:
        return int(pts[p_side])
    for r in range(seat_rows.shape[0]):
        dlt[seat_rows[r, 0]] = pts[seat_rows[r, 1]]
    return _objective(par, units, dlt)


@jit
def _give(par: Any, tracked: Any, u: int, live: int, cap: int, cpk: int,
          wm: int) -> tuple[int, int, int]:
    for i in range(tracked.shape[0]):
        if (live >> tracked[i]) & 1:
            cap |= (u + 1) << (4 * i)
    if par[P_USES_WINNERS] == 1 and live:
        wm |= 1 << u
    if par[P_BY_TRICKS] == 1:  # every trick left to unit ``u``
        n = 0
        m = live
        while m:
            m &= m - 1
            n += 1
        cpk += n << (8 * u)
    return cap, cpk, wm


@jit
def bounds(par: Any, plan: Any, cards: Any, unit_side: Any, seat_rows: Any, units: Any,
           scratch: Any, tracked: Any, groups: Any, min_units: Any, live: int, cap: int, cpk: int,
           wm: int, fj: int) -> tuple[int, int]:
    """(lowest, highest) value any play of the ``live`` cards can reach
    (:meth:`Scorer.remaining_bounds`)."""
    rem = 0
    if par[P_USES_GAME] == 1:
        m = live
        while m:
            low = m & -m
            rem += cards[popcount_low(low), C_GV]
            m ^= low
    games = scratch[3]
    n_games = 0
    if rem == 0:
        games[0] = GAME_BY_POINTS
        n_games = 1
    else:
        ng = groups.shape[0]
        top0 = -1
        top1 = -1
        for g in range(ng):
            c = _group_points(groups, g, cpk)
            if c > top0:
                top1 = top0
                top0 = c
            elif c > top1:
                top1 = c
            other = -1
            for h in range(ng):
                if h != g:
                    other = max(other, _group_points(groups, h, cpk))
            if c + rem > other:
                games[n_games] = groups[g, 0]
                n_games += 1
        if ng > 1 and top0 - top1 <= rem:
            games[n_games] = GAME_NOBODY
            n_games += 1
    n_fj = 1
    fj0 = fj
    fj1 = fj
    if par[P_USES_ORDER] == 1 and fj == 0:
        n_fj = 2
        fj0 = par[P_BIG_JOKER]
        fj1 = par[P_LITTLE_JOKER]
    mine = par[P_MINE]
    hi = -INF
    lo = INF
    gcap, gcpk, gwm = _give(par, tracked, mine, live, cap, cpk, wm)
    for f in range(n_fj):
        ff = fj0 if f == 0 else fj1
        for gi in range(n_games):
            v = leaf_value(par, plan, cards, unit_side, seat_rows, units, scratch, gcap, gcpk, gwm, ff,
                           games[gi])
            hi = max(hi, v)
    for j in range(min_units.shape[0]):
        gcap, gcpk, gwm = _give(par, tracked, min_units[j], live, cap, cpk, wm)
        for f in range(n_fj):
            ff = fj0 if f == 0 else fj1
            for gi in range(n_games):
                v = leaf_value(par, plan, cards, unit_side, seat_rows, units, scratch, gcap, gcpk, gwm,
                               ff, games[gi])
                lo = min(lo, v)
    return lo, hi


@jit
def _group_points(groups: Any, g: int, cpk: int) -> int:
    """Card points of a side group (row ``g`` of ``groups``: its units, padded with -1)."""
    c = 0
    for i in range(groups.shape[1]):
        u = groups[g, i]
        if u < 0:
            break
        c += (cpk >> (8 * u)) & 255
    return c


@jit
def popcount_low(low: int) -> int:
    """Index of the single set bit of ``low``."""
    i = 0
    while low > 1:
        low >>= 1
        i += 1
    return i
