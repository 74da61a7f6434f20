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
Numba keys its cache by the text of this file and keeps the values of the globals a function
reads, so everything the compiled functions use is in this file or comes in their arguments
(the jokers' card numbers, for one).
"""

from __future__ import annotations

from typing import Any

from pitchkit.fast.jitting import jit

INF = 1 << 20
#: ``game`` argument of :func:`leaf_value` (as in :mod:`pitchkit.search.position`)
GAME_BY_POINTS = -2
GAME_NOBODY = -1

# -- par: scalar parameters -----------------------------------------------------------------------
P_OBJECTIVE = 0  # 0: delta, 1: points, 2: coalition
P_PSIDE = 1  # side of the pitcher
P_BID = 2
P_SPECIAL = 3
P_SMUDGE_VALUE = 4
P_HOLE_TO_ZERO = 5
P_MINE = 6  # unit of the perspective seat
P_UNITS = 7  # number of scoring units
P_USES_GAME = 8
P_USES_WINNERS = 9
P_USES_ORDER = 10
P_N_IN = 11  # seats in the hand
P_TRUMP = 12
P_TRUMP_MASK = 13
P_GEN = 14  # number of this search (transposition-table entries of others are ignored)
P_PUNIT = 15  # unit of the pitcher
P_BIG_JOKER = 16  # the jokers' card numbers
P_LITTLE_JOKER = 17
P_RUFF_MASK = 18  # cards that may be played on a plain suit that the seat can follow
P_BY_TRICKS = 19  # 1: scored by the makers' tricks (every card is one card point in ``cpk``)
P_TRICKS_NEEDED = 20  # tricks the makers need, and their score change made, marched or euchred
P_HAND_SIZE = 21
P_MADE_POINTS = 22
P_MARCH_POINTS = 23  # a loner's march points when the maker is alone
P_EUCHRE_POINTS = 24
P_SUPER_EUCHRE_POINTS = 25  # the makers took no trick (0: euchre points)
N_PAR = 26

# -- cards: per-card columns ----------------------------------------------------------------------
C_SUIT = 0
C_LOWER = 1  # next lower card of the same effective suit, or -1
C_NEUTRAL = 2  # 1 if its capture does not score
C_GV = 3  # card points
C_TUNIT = 4  # 1 << its field in the capture state, 0 if untracked
C_FIELD = 5  # its field (0, 1, ...) in the capture state, or -1
C_PSIDE = 6  # side of the seat that holds or played it
N_CARD_COLS = 7

# -- seats: per-seat columns ----------------------------------------------------------------------
S_NEXT = 0
S_MAX = 1
S_UNIT = 2
N_SEAT_COLS = 3

# -- plan: one row per point that can be awarded ---------------------------------------------------
K_PLAYER = 0
K_CAPTURER = 1
K_GAME = 2
K_SMUDGE = 3
#: the plan's card for a high or low that an equal joker's order of play decides
BY_ORDER_HIGH = -1
BY_ORDER_LOW = -2
PC_OTHER = 0
PC_HIGH = 1
PC_LOW = 2
PC_JACK = 3

# -- stats ----------------------------------------------------------------------------------------
ST_NODES = 0
ST_LIMIT = 1  # -1: none
ST_ABORTED = 2

# -- frames: per ply, a node whose move is being searched (see :func:`search`) ---------------------
# its trick and capture state, its window (and A0, B0: the one its moves are searched in), LEAD: 1
# at a trick start that uses the transposition table, its bucket and the bounds the table held,
# its number of moves, the move being searched, the best value and card so far
(F_SEAT, F_K, F_LIVE, F_TMASK, F_LED, F_BSTR, F_BSEAT, F_CAP, F_CPK, F_WM, F_FJ, F_ALPHA, F_BETA,
 F_A0, F_B0, F_LEAD, F_BASE, F_LO0, F_HI0, F_N, F_I, F_BEST, F_BEST_CARD, N_FRAME_COLS) = range(24)

MAX_PLY = 64
#: slots per transposition-table bucket
TT_WAYS = 4
_MULT = 0x9E3779B97F4A7C15 - (1 << 64)
_MASK62 = (1 << 62) - 1


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
