"""The compiled state machine behind :class:`pitchkit.envs.vector.VectorEnv`.

Each environment's whole state is one row of an int64 array (the offsets below), so a batch is a
single 2-D array that numba walks without Python in the loop. A step applies one decision per row,
advances the row to its next decision (dealing a new hand when one ends), and writes the row's
legal-action mask and, optionally, the observation of the seat to act, in the layout of
:mod:`pitchkit.envs.encoding`.

The rules themselves are the fast path's (:mod:`pitchkit.fast.kernel`'s parts): its deal, auction
options, legal plays, trick strength and scoring are called here, so both agree with the engine
for the same reasons; this module only cuts its random play into single decisions.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pitchkit.envs.vector_drawing import (
    apply_discard,
    apply_pass_card,
    begin_play,
    discard_legal,
    exchange_legal,
    next_discarder,
)
from pitchkit.envs.vector_making import apply_making, making_legal
from pitchkit.envs.vector_rows import (
    AWARD,
    BID,
    BIDDER,
    CAPT_BY,
    CAPT_OF,
    DEALER,
    DECK_AT,
    DELTA,
    DISCARDS,
    DQ_I,
    HANDS,
    HIGH,
    ID_DISCARD_CARD,
    ID_DISCARD_DONE,
    ID_MISDEAL,
    ID_PASS_CARD,
    ID_PLAY,
    ID_RUN,
    ID_SELL,
    ID_TRUMP,
    LATEST,
    LED,
    LEGAL,
    MAXP,
    N_ACTIONS,
    NEED,
    ORDER_OF,
    OUT,
    PASS_I,
    PASSED,
    PENDING,
    PH_AUCTION,
    PH_DISCARD,
    PH_DONE,
    PH_EXCHANGE,
    PH_PLAY,
    PH_TRUMP,
    PHASE,
    PITCHER,
    PLAYED_BY,
    PLAYER_OF,
    POINTS,
    POS,
    PTS,
    RAN,
    RNG,
    ROUND,
    SECOND,
    SIDE,
    SIDE_TOT,
    SRNG,
    TO_ACT,
    TRICK_CARD,
    TRICK_SEAT,
    TRICKS,
    TRUMP,
    TURN,
    UP,
    UP_SUIT,
    WON_BY,
    WORD,
    J,
    K,
    allow,
    jit,
    low_index,
    write_mask,
    write_obs,
)
from pitchkit.fast.auction import deal, first_round_options, sell_round_options
from pitchkit.fast.bits import nth_bit, popcount, rng_below, rng_next
from pitchkit.fast.codes import (
    BY_TRICKS,
    DECK,
    DECLARE,
    DRAW_TO,
    FACE_OR_POINT,
    FORCED_BID,
    MAX_BID,
    MISDEAL_NO_FACE,
    N_CATS,
    OFF_JACK,
    OPT_MISDEAL,
    OPT_RUN,
    OPT_SELL,
    PITCH_ENDS,
    RUN_EXTRA,
    TEAMS,
    UPCARD,
    N,
)
from pitchkit.fast.drawing import point_mask
from pitchkit.fast.play import legal_play, strength
from pitchkit.fast.scoring import score, trick_score


@jit
def seed_rows(S: Any, seed: int) -> None:
    """Give every row its own two generators, drawn from one seeded SplitMix64."""
    st = np.zeros(1, dtype=np.int64)
    st[0] = seed
    for i in range(S.shape[0]):
        S[i, RNG] = rng_next(st)
        S[i, SRNG] = rng_next(st)


@jit
def new_hand(P: Any, r: Any) -> None:
    """Deal a new hand into row ``r``: a random dealer, then the fast path's shuffle and deal."""
    n = P[N]
    dealer = rng_below(r[RNG:RNG + 1], n)
    r[POS] = deal(r[RNG:RNG + 1], P, r[DECK_AT:DECK_AT + 54], r[HANDS:HANDS + MAXP], dealer)
    r[DEALER] = dealer
    r[PHASE] = PH_AUCTION
    r[TO_ACT] = (dealer + 1) % n
    r[ROUND] = 1
    r[TURN] = 0
    r[HIGH] = -1
    r[BIDDER] = -1
    r[RAN] = 0
    r[PITCHER] = -1
    r[BID] = -1
    r[TRUMP] = -1
    r[LED] = -1
    r[PENDING] = 0
    r[TRICKS] = 0
    r[J] = 0
    r[K] = 0
    r[WON_BY] = 0
    r[PASS_I] = 0
    r[NEED] = 0
    r[SECOND] = 0
    r[DQ_I] = 0
    r[POINTS] = 0
    for s in range(MAXP):
        r[DISCARDS + s] = 0
        r[PASSED + s] = 0
        r[LATEST + s] = 0
        r[PLAYED_BY + s] = 0
        r[CAPT_BY + s] = 0
        r[PTS + s] = 0
    for c in range(54):
        r[PLAYER_OF + c] = -1
        r[CAPT_OF + c] = -1
    r[OUT] = -1
    r[UP] = -1
    r[UP_SUIT] = -1
    if P[UPCARD]:
        up = r[DECK_AT + r[POS]]
        r[UP] = up
        if up >= 52:  # a Benny: the dealer names the suit to order up first
            r[ROUND] = 0
            r[TO_ACT] = dealer
        else:
            r[UP_SUIT] = up // 13


@jit
def _team(P: Any, seat: int) -> int:
    return seat % P[TEAMS] if P[TEAMS] else seat


@jit
def auction_options(P: Any, r: Any) -> int:
    """The fast path's legal-option bits of the auction turn of row ``r``."""
    n = P[N]
    seat = r[TO_ACT]
    high = r[HIGH]
    if r[ROUND] == 1:
        bidder = r[BIDDER]
        other = bidder >= 0 and _team(P, bidder) != _team(P, seat)
        opts = first_round_options(P, r[TURN] == n - 1, high, other)
        if P[DECK] - r[POS] < P[RUN_EXTRA] * n:
            opts &= ~(1 << OPT_RUN)
        if P[MISDEAL_NO_FACE] and r[HANDS + seat] & FACE_OR_POINT == 0:
            opts |= 1 << OPT_MISDEAL
        return int(opts)
    return int(sell_round_options(P, high, r[TURN] >= n - 1))


@jit
def set_legal(P: Any, suit: Any, tmask: Any, smask: Any, r: Any) -> None:
    """Store the legal action ids of row ``r`` as bit words at ``LEGAL``."""
    for w in range(4):
        r[LEGAL + w] = 0
    ph = r[PHASE]
    seat = r[TO_ACT]
    if ph == PH_AUCTION and P[UPCARD]:
        making_legal(P, r)
    elif ph == PH_AUCTION:
        opts = auction_options(P, r)
        if opts & 1:
            allow(r, 0)
        for b in range(1, OPT_RUN):
            if (opts >> b) & 1:
                allow(r, b - 1)
        if (opts >> OPT_RUN) & 1:
            allow(r, ID_RUN)
        if (opts >> OPT_SELL) & 1:
            allow(r, ID_SELL)
        if (opts >> OPT_MISDEAL) & 1:
            allow(r, ID_MISDEAL)
    elif ph == PH_TRUMP:
        c = r[LED]
        if c < 0 or c >= 52:
            for t in range(4):
                allow(r, ID_TRUMP + t)
        else:
            allow(r, ID_TRUMP + c // 13)
            allow(r, ID_TRUMP + (c // 13 ^ 3))
    elif ph == PH_DISCARD:
        discard_legal(P, r, seat)
    elif ph == PH_EXCHANGE:
        exchange_legal(P, r, seat)
    elif ph == PH_PLAY:
        led = r[TRICK_CARD] if r[J] > 0 else -1
        m = legal_play(P, r[HANDS + seat], r[TRUMP], led, r[TRICKS] == 0 and seat == r[PITCHER],
                       tmask, smask, suit)
        while m:
            allow(r, ID_PLAY + low_index(m))
            m &= m - 1


@jit
def is_legal(r: Any, a: int) -> bool:
    """Whether action id ``a`` is legal in row ``r`` (as last stored by :func:`set_legal`)."""
    return 0 <= a < N_ACTIONS and bool((r[LEGAL + a // WORD] >> (a % WORD)) & 1)


@jit
def _end_auction(P: Any, r: Any, pitcher: int, bid: int) -> None:
    r[PITCHER] = pitcher
    r[BID] = bid
    if P[DECLARE]:
        r[PHASE] = PH_TRUMP
        r[TO_ACT] = pitcher
    else:
        begin_play(P, r)


@jit
def _apply_auction(P: Any, r: Any, a: int) -> None:
    n = P[N]
    seat = r[TO_ACT]
    dealer = r[DEALER]
    if a == ID_RUN:
        for i in range(n):
            s = (dealer + 1 + i) % n
            for _ in range(P[RUN_EXTRA]):
                r[HANDS + s] |= 1 << r[DECK_AT + r[POS]]
                r[POS] += 1
        r[RAN] = 1
        r[ROUND] = 2
        r[TURN] = 0
        r[HIGH] = P[FORCED_BID]
        r[BIDDER] = dealer
        r[TO_ACT] = (dealer + 1) % n
        return
    if a == ID_SELL:
        _end_auction(P, r, r[BIDDER], r[HIGH])
        return
    if a == ID_MISDEAL:
        r[PHASE] = PH_DONE
        return
    r[LATEST + seat] = 1 + a
    if a > 0:
        r[HIGH] = a
        r[BIDDER] = seat
        if P[PITCH_ENDS] and a == P[MAX_BID]:
            _end_auction(P, r, seat, a)
            return
    if seat == dealer:
        _end_auction(P, r, r[BIDDER], r[HIGH])
        return
    r[TURN] += 1
    if r[ROUND] == 2 and r[TURN] == n - 1 and r[BIDDER] == dealer:
        _end_auction(P, r, dealer, P[FORCED_BID])
        return
    r[TO_ACT] = (seat + 1) % n


@jit
def _continue_trick(P: Any, suit: Any, power: Any, tmask: Any, gval: Any, r: Any) -> bool:
    """After a card (and the naming of trump it asked for): the next seat, or the trick's winner
    leads, or the hand is over (True)."""
    n = P[N]
    seat = r[TRICK_SEAT + r[J] - 1]
    if r[J] < (n if r[OUT] < 0 else n - 1):
        nxt = (seat + 1) % n
        r[TO_ACT] = (nxt + 1) % n if nxt == r[OUT] else nxt
        return False
    trump = r[TRUMP]
    first = r[TRICK_CARD]
    led = suit[trump, first]
    winner = r[TRICK_SEAT]
    best = strength(trump, first, led, tmask, suit, power)
    for j in range(1, r[J]):
        s = strength(trump, r[TRICK_CARD + j], led, tmask, suit, power)
        if s > best:
            best = s
            winner = r[TRICK_SEAT + j]
    for j in range(r[J]):
        c = r[TRICK_CARD + j]
        r[CAPT_OF + c] = winner
        r[CAPT_BY + winner] |= 1 << c
        r[PTS + winner] += gval[c]
    r[WON_BY] |= 1 << winner
    r[TRICKS] += 1
    r[J] = 0
    if r[HANDS + winner]:
        r[TO_ACT] = winner
        return False
    return True


@jit
def _apply_play(P: Any, suit: Any, power: Any, tmask: Any, gval: Any, r: Any, c: int) -> bool:
    seat = r[TO_ACT]
    r[HANDS + seat] &= ~(1 << c)
    r[PLAYED_BY + seat] |= 1 << c
    r[TRICK_SEAT + r[J]] = seat
    r[TRICK_CARD + r[J]] = c
    r[J] += 1
    r[PLAYER_OF + c] = seat
    r[ORDER_OF + c] = r[K]
    r[K] += 1
    if r[TRUMP] < 0:
        if c >= 52 or (P[OFF_JACK] != 0 and c % 13 == 9):
            r[LED] = c
            r[PHASE] = PH_TRUMP
            return False
        r[TRUMP] = c // 13
    return _continue_trick(P, suit, power, tmask, gval, r)


@jit
def apply(P: Any, cats: Any, values: Any, suit: Any, power: Any, tmask: Any, smask: Any,
          off_jack: Any, gval: Any, r: Any, a: int) -> bool:
    """Apply the legal decision ``a`` to row ``r``; True when it ended the hand, whose score
    changes are then at ``DELTA`` (all zero for a misdeal)."""
    ph = r[PHASE]
    over = False
    if ph == PH_AUCTION and P[UPCARD]:
        apply_making(P, r, a)
    elif ph == PH_AUCTION:
        _apply_auction(P, r, a)
    elif ph == PH_TRUMP:
        r[TRUMP] = a - ID_TRUMP
        if r[LED] >= 0:
            r[LED] = -1
            r[PHASE] = PH_PLAY
            over = _continue_trick(P, suit, power, tmask, gval, r)
        elif P[DRAW_TO]:
            r[POINTS] = point_mask(cats, r[TRUMP], off_jack)
            r[PHASE] = PH_DISCARD
            next_discarder(P, r)
        else:
            begin_play(P, r)
    elif ph == PH_DISCARD:
        if a == ID_DISCARD_DONE:
            apply_discard(P, r)
        else:
            r[PENDING] |= 1 << (a - ID_DISCARD_CARD)
    elif ph == PH_EXCHANGE:
        apply_pass_card(P, r, a - ID_PASS_CARD)
    else:
        over = _apply_play(P, suit, power, tmask, gval, r, a - ID_PLAY)
    if over and P[BY_TRICKS]:
        r[PHASE] = PH_DONE
        trick_score(P, r[PITCHER], r[OUT], r[PTS:PTS + MAXP], r[DELTA:DELTA + MAXP])
        return True
    if over:
        r[PHASE] = PH_DONE
        score(P, cats, values, r[TRUMP], r[PITCHER], r[BID], r[WON_BY], tmask, power, off_jack,
              r[PLAYER_OF:PLAYER_OF + 54], r[CAPT_OF:CAPT_OF + 54], r[ORDER_OF:ORDER_OF + 54],
              r[PTS:PTS + MAXP], r[SIDE:SIDE + MAXP], r[SIDE_TOT:SIDE_TOT + MAXP],
              r[AWARD:AWARD + N_CATS], r[DELTA:DELTA + MAXP])
        return True
    if r[PHASE] == PH_DONE:
        for s in range(MAXP):
            r[DELTA + s] = 0
        return True
    return False


@jit
def finish_row(P: Any, suit: Any, tmask: Any, smask: Any, offs: Any, r: Any, obs: Any, mask: Any,
               observe: bool) -> None:
    """Refresh the legal ids, mask and (when ``observe``) observation of row ``r``."""
    set_legal(P, suit, tmask, smask, r)
    write_mask(r, mask)
    if observe:
        write_obs(P, offs, r, obs)


@jit
def reset_all(P: Any, suit: Any, tmask: Any, smask: Any, offs: Any, S: Any, obs: Any, mask: Any,
              to_play: Any, observe: bool) -> None:
    """Deal a new hand in every row."""
    for i in range(S.shape[0]):
        new_hand(P, S[i])
        finish_row(P, suit, tmask, smask, offs, S[i], obs[i], mask[i], observe)
        to_play[i] = S[i, TO_ACT]


@jit
def step_all(P: Any, cats: Any, values: Any, suit: Any, power: Any, tmask: Any, smask: Any,
             off_jack: Any, gval: Any, offs: Any, S: Any, actions: Any, obs: Any, mask: Any,
             rewards: Any, done: Any, to_play: Any, observe: bool) -> int:
    """One decision in every row; a finished hand's score changes go to ``rewards`` and a new
    hand is dealt. Returns -1, or the first row whose action is illegal (nothing is changed)."""
    n = P[N]
    for i in range(S.shape[0]):
        if not is_legal(S[i], actions[i]):
            return i
    for i in range(S.shape[0]):
        r = S[i]
        over = apply(P, cats, values, suit, power, tmask, smask, off_jack, gval, r, actions[i])
        done[i] = over
        for s in range(n):
            rewards[i, s] = r[DELTA + s] if over else 0.0
        if over:
            new_hand(P, r)
        finish_row(P, suit, tmask, smask, offs, r, obs[i], mask[i], observe)
        to_play[i] = r[TO_ACT]
    return -1


@jit
def random_actions(S: Any, out: Any) -> None:
    """A uniformly random legal action id per row, from each row's own second generator."""
    for i in range(S.shape[0]):
        r = S[i]
        total = 0
        for w in range(4):
            total += popcount(r[LEGAL + w])
        k = rng_below(r[SRNG:SRNG + 1], total)
        for w in range(4):
            m = r[LEGAL + w]
            c = popcount(m)
            if k < c:
                out[i] = w * WORD + nth_bit(m, k)
                break
            k -= c
