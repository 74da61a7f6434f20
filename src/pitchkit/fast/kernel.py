"""The compiled random-play kernel: whole hands of Pitch and Euchre on int64 bitmasks.

Compiled with numba when it is installed (``pitchkit[fast]``); without it the same functions run
as plain Python, correct but slow.

A random player picks uniformly among the engine's legal actions (``Hand.legal_actions()``) at
every decision. That holds for discards too: the fast path takes the ``r``-th of the engine's list
of legal discards (every size from the fewest to the most cards allowed, each size's card sets in
``itertools.combinations`` order) for ``r`` uniform over the list's length, without building the
list (:func:`pitchkit.fast.drawing.random_discard`). The partner exchange picks its cards one at a
time, each uniform among those left, which makes every set of that size equally likely, as a
uniform pick from the engine's list of ``PassCards`` is. Supported rules are those of
:func:`pitchkit.fast.unsupported_reason`.

:func:`play_hands` plays whole hands from the parts in :mod:`~pitchkit.fast.auction` (the deal and
the auction), :mod:`~pitchkit.fast.making` (Euchre's making of trump with the upcard),
:mod:`~pitchkit.fast.drawing` (discards, the draw, the partner exchange), :mod:`~pitchkit.fast.play`
(the tricks) and :mod:`~pitchkit.fast.scoring`, with the generator of :mod:`~pitchkit.fast.bits`;
their numbers are in :mod:`~pitchkit.fast.codes`. Each is compiled by
:data:`pitchkit.fast.jitting.fast_jit`, whose cache key holds a hash of all of them, so a change to
one compiles them all again. The pure Python around them lives in :mod:`pitchkit.fast.tables` and
:mod:`pitchkit.fast.trace`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pitchkit.fast.auction import auction, deal
from pitchkit.fast.bits import pick, record, rng_below
from pitchkit.fast.codes import (
    BY_TRICKS,
    DECK,
    DECLARE,
    DRAW_TO,
    HAND_SIZE,
    KIND_DECLARE,
    LEAD_LEFT,
    MISDEAL_CALLED,
    PARTNER_PASS,
    PASSED_OUT,
    PLAYED,
    UPCARD,
    N,
)
from pitchkit.fast.drawing import discard_and_draw, exchange
from pitchkit.fast.jitting import fast_jit
from pitchkit.fast.making import make_trump
from pitchkit.fast.play import play_out
from pitchkit.fast.scoring import score, trick_score


@fast_jit
def play_hands(P: Any, cats: Any, values: Any, suit: Any, power: Any, tmask: Any, smask: Any,
               off_jack: Any, gval: Any, seed: int, n_hands: int, out_dealer: Any, out_pitcher: Any,
               out_bid: Any, out_made: Any, out_ran: Any, out_trump: Any, out_award: Any,
               out_delta: Any, out_misdeal: Any, trace: bool, tr_deck: Any, tr_act: Any,
               tr_nact: Any, tr_win: Any) -> None:
    """Play ``n_hands`` random hands from ``seed``; one row of each ``out_*`` array per hand.

    A hand thrown in (``out_misdeal`` not ``PLAYED``) scores nothing: no awards, zero deltas, not
    made; its pitcher, bid and trump are -1 where the hand ended before they were known.
    With ``trace`` the shuffled deck, every decision (``TRACE_WIDTH`` columns: seat, kind, value,
    legal-option bits, bounds) and every trick's winner are recorded too (for differential tests
    against the engine)."""
    st = np.zeros(1, dtype=np.int64)
    st[0] = seed
    n = P[N]
    deck = np.zeros(54, dtype=np.int64)
    hands = np.zeros(n, dtype=np.int64)
    player_of = np.zeros(54, dtype=np.int64)
    capt_of = np.zeros(54, dtype=np.int64)
    order_of = np.zeros(54, dtype=np.int64)
    pts_seat = np.zeros(n, dtype=np.int64)
    side = np.zeros(n, dtype=np.int64)
    side_tot = np.zeros(n, dtype=np.int64)
    trick_seat = np.zeros(n, dtype=np.int64)
    trick_card = np.zeros(n, dtype=np.int64)
    passed = np.zeros(n, dtype=np.int64)
    for h in range(n_hands):
        dealer = rng_below(st, n)
        pos = deal(st, P, deck, hands, dealer)
        if trace:
            for i in range(P[DECK]):
                tr_deck[h, i] = deck[i]
        out = -1
        if P[UPCARD]:
            pitcher, trump, out = make_trump(st, P, deck, hands, dealer, pos, h, trace, tr_act, tr_nact)
            bid = P[HAND_SIZE] // 2 + 1 if pitcher >= 0 else -1
            ran = 0
            ended = PASSED_OUT if pitcher < 0 else PLAYED
        else:
            pitcher, bid, ran = auction(st, P, deck, hands, dealer, pos, h, trace, tr_act, tr_nact)
            trump = -1
            ended = MISDEAL_CALLED if pitcher < 0 else PLAYED
        if ended == PLAYED and P[DECLARE]:
            trump = pick(st, 15)
            record(trace, tr_act, tr_nact, h, pitcher, KIND_DECLARE, trump, 15)
        if ended == PLAYED and P[DRAW_TO]:
            ended = discard_and_draw(st, P, cats, off_jack, deck, hands, dealer, pitcher, trump, pos,
                                     h, trace, tr_act, tr_nact)
        out_dealer[h] = dealer
        out_pitcher[h] = pitcher
        out_bid[h] = bid
        out_ran[h] = ran
        out_misdeal[h] = ended
        if ended != PLAYED:
            out_made[h] = 0
            out_trump[h] = trump
            for i in range(out_award.shape[1]):
                out_award[h, i] = -1
            for s in range(n):
                out_delta[h, s] = 0
            continue
        if P[PARTNER_PASS]:
            exchange(st, P, hands, passed, dealer, h, trace, tr_act, tr_nact)
        for c in range(54):
            player_of[c] = -1
            capt_of[c] = -1
        for s in range(n):
            pts_seat[s] = 0
        leader = pitcher
        if P[LEAD_LEFT]:
            leader = (dealer + 1) % n
            if leader == out:
                leader = (leader + 1) % n
        trump, won_by = play_out(st, P, hands, pitcher, trump, tmask, smask, suit, power, gval,
                                 player_of, capt_of, order_of, pts_seat, trick_seat, trick_card, h,
                                 trace, tr_act, tr_nact, tr_win, leader, out)
        if P[BY_TRICKS]:
            for i in range(out_award.shape[1]):
                out_award[h, i] = -1
            made = trick_score(P, pitcher, out, pts_seat, out_delta[h])
        else:
            made = score(P, cats, values, trump, pitcher, bid, won_by, tmask, power, off_jack, player_of,
                         capt_of, order_of, pts_seat, side, side_tot, out_award[h], out_delta[h])
        out_made[h] = made
        out_trump[h] = trump
