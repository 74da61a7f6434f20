"""One environment's state as a row of int64 values, and what reads it for the player: the
observation tensor and the legal-action mask (:mod:`pitchkit.envs.vector_kernel` advances it).

Compiled with the fast path's numba settings by :data:`jit`, whose cache key holds a hash of the
vector modules and of the fast path's: a change to any of them compiles every function here, in
``vector_kernel``, ``vector_making`` and ``vector_drawing`` again.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pitchkit.fast.bits import popcount
from pitchkit.fast.codes import DECK, N_CATS, PARTNER_PASS, TEAMS, UPCARD, N
from pitchkit.fast.jitting import FAST_PATH, KeyedJit, sources

#: the decorator of every compiled function of the vector environment
jit = KeyedJit(FAST_PATH + sources(__file__, "vector_rows", "vector_kernel", "vector_making",
                                   "vector_drawing"))


#: most seats of any rules
MAXP = 9
#: number of action ids (``encoding.N_ACTIONS``; checked by the tests)
N_ACTIONS = 201
#: first ids of the action kinds (``encoding``'s table)
ID_RUN, ID_SELL, ID_MISDEAL, ID_TRUMP, ID_PLAY = 23, 24, 25, 26, 30
ID_DISCARD_CARD, ID_DISCARD_DONE, ID_PASS_CARD = 84, 138, 139
#: going alone or with the partner (the named choices' ids)
ID_ALONE, ID_PARTNER = 193, 194

# phases, in the order of ``encoding.PHASES``
PH_AUCTION, PH_TRUMP, PH_DISCARD, PH_EXCHANGE, PH_PLAY, PH_DONE = 0, 1, 2, 3, 4, 5

# -- one environment's row: scalars, then per-seat and per-card arrays ---------------------------
RNG = 0            # SplitMix64 state of the deals
SRNG = 1           # SplitMix64 state of random_actions
DEALER = 2
PHASE = 3
TO_ACT = 4
POS = 5            # cards dealt so far (the stock starts here)
ROUND = 6          # auction round: 1, or 2 after running it
TURN = 7           # turns taken in this auction round
HIGH = 8           # highest bid so far, -1 none
BIDDER = 9
RAN = 10
PITCHER = 11
BID = 12
TRUMP = 13
LED = 14           # the led card whose suit the leader is naming, -1 none
PENDING = 15       # cards picked in the discard or partner pass under way
TRICKS = 16        # finished tricks
J = 17             # cards in the current trick
K = 18             # cards played
WON_BY = 19        # mask of the seats that won a trick
PASS_I = 20        # seats that have passed to their partner
LEGAL = 21         # 4 words of 63 bits (no sign bit): the legal action ids
NEED = 25          # cards the seats that have discarded will draw
SECOND = 26        # 1 during the bidder's discard after taking the stock
DQ_I = 27          # seats that have been called to discard
POINTS = 28        # the cards that score by themselves under trump (never discarded)
HANDS = 29
PASSED = HANDS + MAXP
LATEST = PASSED + MAXP      # each seat's latest bid: 0 none, 1 pass, 1 + v a bid of v
PLAYED_BY = LATEST + MAXP
CAPT_BY = PLAYED_BY + MAXP
DISCARDS = CAPT_BY + MAXP
PTS = DISCARDS + MAXP
TRICK_SEAT = PTS + MAXP
TRICK_CARD = TRICK_SEAT + MAXP
SIDE = TRICK_CARD + MAXP
SIDE_TOT = SIDE + MAXP
DELTA = SIDE_TOT + MAXP
AWARD = DELTA + MAXP
PLAYER_OF = AWARD + N_CATS
CAPT_OF = PLAYER_OF + 54
ORDER_OF = CAPT_OF + 54
DECK_AT = ORDER_OF + 54
UP = DECK_AT + 54  # the upcard (trump made with it), -1 none
UP_SUIT = UP + 1   # the upcard's suit, or the suit the dealer named for a Benny turned up
OUT = UP + 2       # the seat sitting out (its partner went alone), -1 none
ROW = UP + 3

# observation sections, in the order of ``encoding.Layout.sections``
SECTIONS = ("hand", "discards", "passed", "received", "pending", "played", "trick", "captured",
            "phase", "to_act", "dealer", "pitcher", "in_hand", "trump", "contract", "bids", "ran",
            "hand_sizes", "discard_counts", "set_aside_counts", "stock", "scores")
(O_HAND, O_DISCARDS, O_PASSED, O_RECEIVED, O_PENDING, O_PLAYED, O_TRICK, O_CAPTURED, O_PHASE,
 O_TO_ACT, O_DEALER, O_PITCHER, O_IN_HAND, O_TRUMP, O_CONTRACT, O_BIDS, O_RAN, O_HAND_SIZES,
 O_DISCARD_COUNTS, O_SET_ASIDE, O_STOCK, _O_SCORES) = range(len(SECTIONS))
#: after the sections' starts: the card rows' width, then the upcard's and the sitting-out seats'
#: starts (-1 when the rules have none)
O_WIDTH, O_UPCARD, O_OUT = len(SECTIONS), len(SECTIONS) + 1, len(SECTIONS) + 2
BID_SLOTS = 24
#: bits used in each word of the legal ids
WORD = 63


@jit
def allow(r: Any, a: int) -> None:
    """Mark action id ``a`` legal in row ``r``."""
    r[LEGAL + a // WORD] |= 1 << (a % WORD)


@jit
def low_index(m: int) -> int:
    """Index of the lowest set bit of a non-empty mask."""
    return popcount((m & -m) - 1)


@jit
def _cards(out: Any, at: int, m: int) -> None:
    while m:
        out[at + low_index(m)] = 1.0
        m &= m - 1


@jit
def write_obs(P: Any, offs: Any, r: Any, out: Any) -> None:
    """The observation of the seat to act in row ``r`` (``offs``: each section's start)."""
    n = P[N]
    d = offs[O_WIDTH]
    me = r[TO_ACT]
    ph = r[PHASE]
    out[:] = 0.0
    _cards(out, offs[O_HAND], r[HANDS + me])
    _cards(out, offs[O_DISCARDS], r[DISCARDS + me])
    _cards(out, offs[O_PASSED], r[PASSED + me])
    if P[PARTNER_PASS] and ph != PH_EXCHANGE:
        _cards(out, offs[O_RECEIVED], r[PASSED + (me + P[TEAMS]) % n])
    _cards(out, offs[O_PENDING], r[PENDING])
    for s in range(n):
        rel = (s - me) % n
        _cards(out, offs[O_PLAYED] + rel * d, r[PLAYED_BY + s])
        _cards(out, offs[O_CAPTURED] + rel * d, r[CAPT_BY + s])
        out[offs[O_BIDS] + rel * BID_SLOTS + r[LATEST + s]] = 1.0
        out[offs[O_IN_HAND] + rel] = 1.0
        out[offs[O_HAND_SIZES] + rel] = np.float32(popcount(r[HANDS + s]) / d)
        out[offs[O_DISCARD_COUNTS] + rel] = np.float32(popcount(r[DISCARDS + s]) / d)
        if ph == PH_EXCHANGE:
            out[offs[O_SET_ASIDE] + rel] = np.float32(popcount(r[PASSED + s]) / d)
    for j in range(r[J]):
        rel = (r[TRICK_SEAT + j] - me) % n
        out[offs[O_TRICK] + rel * d + r[TRICK_CARD + j]] = 1.0
    out[offs[O_PHASE] + ph] = 1.0
    out[offs[O_TO_ACT]] = 1.0
    out[offs[O_DEALER] + (r[DEALER] - me) % n] = 1.0
    if r[PITCHER] >= 0:
        out[offs[O_PITCHER] + (r[PITCHER] - me) % n] = 1.0
        out[offs[O_CONTRACT] + r[BID] - 1] = 1.0
    if r[TRUMP] >= 0:
        out[offs[O_TRUMP] + r[TRUMP]] = 1.0
    if r[RAN]:
        out[offs[O_RAN]] = 1.0
    out[offs[O_STOCK]] = np.float32((P[DECK] - r[POS]) / d)
    if P[UPCARD]:
        out[offs[O_UPCARD] + r[UP]] = 1.0
        if r[OUT] >= 0:
            out[offs[O_OUT] + (r[OUT] - me) % n] = 1.0


@jit
def write_mask(r: Any, out: Any) -> None:
    """The legal ids of row ``r`` as 0/1 entries."""
    out[:] = 0
    for w in range(4):
        m = r[LEGAL + w]
        while m:
            out[w * WORD + low_index(m)] = 1
            m &= m - 1
