"""The layout of the arrays the compiled solver searches (:mod:`pitchkit.search.kernel`): the
indices of the scalar parameters, the columns of the card, seat and plan tables, the statistics and
a frame of the explicit stack, as :mod:`pitchkit.search.compiled` fills them from a scorer.

It also holds :data:`jit`, the decorator of the search's compiled functions: its cache key holds a
hash of this module, :mod:`~pitchkit.search.kernel_value` and :mod:`~pitchkit.search.kernel`, so a
change to any of them compiles them all again.
"""

from __future__ import annotations

from pitchkit.fast.jitting import KeyedJit, sources

#: the decorator of every compiled function of the search
jit = KeyedJit(sources(__file__, "kernel_layout", "kernel_value", "kernel"))

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
