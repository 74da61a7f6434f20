"""The fast path's numbers: the indices of the rules' parameter vector, the legal-option bits of a
decision, the kinds of a traced action, how a hand ended, and the point categories' codes.

Plain data, read by the compiled modules (:mod:`pitchkit.fast.kernel` and those it calls), by
:mod:`pitchkit.fast.tables`, which builds the arrays, and by :mod:`pitchkit.fast.trace`, which
reads a trace.
"""

from __future__ import annotations

# -- parameter vector indices -----------------------------------------------------------------
N = 0
HAND_SIZE = 1
PACKET = 2
DECK = 3
TEAMS = 4
DYNAMIC = 5
MIN_BID = 6
MAX_BID = 7
FORCED_BID = 8
SMUDGE_BIDS = 9
SMUDGE_VALUE = 10
PITCH_ENDS = 11
STEAL = 12
TAKE_OR_RUN = 13
RUN_EXTRA = 14
DECLARE = 15
LEADS_TRUMP = 16
HIGH_BY_PLAYER = 17
LOW_BY_PLAYER = 18
JACK_BY_PLAYER = 19
SINGLE_TRUMP_LOW = 20
OFF_JACK = 21
FORCED_EXACT = 22
PARTNER_PASS = 23
DRAW_TO = 24
TAKES_STOCK = 25
MISDEAL_NO_FACE = 26
#: Euchre: trump made with the upcard, stick the dealer, the upcard kept, going alone
UPCARD = 27
STICK_DEALER = 28
KEEP_UPCARD = 29
GOING_ALONE = 30
#: a seat that can follow the suit led must (no trumping in instead)
MUST_FOLLOW = 31
#: the lowest rank's index in a suit (0: twos; 7: nines, Euchre's short deck)
LOW_INDEX = 32
#: scored by the makers' tricks, and the points of each outcome
BY_TRICKS = 33
MADE_POINTS = 34
MARCH_POINTS = 35
ALONE_MARCH_POINTS = 36
EUCHRE_POINTS = 37
SUPER_EUCHRE_POINTS = 38
#: the first lead is the dealer's left (else the pitcher's)
LEAD_LEFT = 39
N_PARAMS = 40

STEAL_NONE, STEAL_SAME, STEAL_ONE_MORE = 0, 1, 2

#: Point category codes (the kernel's award arrays are indexed by these), in the order of
#: ``rules.POINT_VALUES`` (checked by the tests; written out so that no compiled module depends on
#: ``rules.py``).
CATEGORIES: tuple[str, ...] = ("high", "low", "jack", "off-jack", "big-joker", "little-joker", "ace",
                               "ten", "two", "three", "game", "smudge")
CAT_CODE: dict[str, int] = {name: i for i, name in enumerate(CATEGORIES)}
N_CATS = len(CATEGORIES)

# Legal-option bits of an auction turn: bit 0 pass, bit 1 + v a bid of v, then the choices.
OPT_PASS = 0
OPT_RUN = 20
OPT_SELL = 21
OPT_MISDEAL = 22
#: making trump with the upcard: bit ``OPT_MAKE + suit`` names a suit (bit 0 passes), then alone or not
OPT_MAKE = 23
OPT_ALONE = 27
OPT_PARTNER = 28

# Action kinds in a trace.
KIND_BID = 0
KIND_RUN = 1
KIND_SELL = 2
KIND_DECLARE = 3
KIND_PLAY = 4
#: one card passed to the partner (a pass of several cards is several entries)
KIND_PASS = 5
#: a misdeal called in the auction (value 0)
KIND_MISDEAL = 6
#: a seat's whole discard: the value is the mask of the cards discarded, the legal bits the mask of
#: the cards it may discard, and the trace's bounds column the fewest and most cards
KIND_DISCARD = 7
#: the maker goes alone (value 1) or with the partner (value 0)
KIND_ALONE = 8

#: Columns of a trace entry: seat, kind, value, legal-option bits, bounds (for a discard the fewest
#: cards plus ``BOUNDS_SHIFT``-shifted the most; 0 for other decisions).
TRACE_WIDTH = 5
BOUNDS_SHIFT = 8

# How a hand ended, per hand of a batch.
PLAYED = 0
#: a player dealt no face or point card called a misdeal (misdeal-no-face)
MISDEAL_CALLED = 1
#: a seat would have had to bury a point card in the draw (bury-misdeal-dealer says who deals next)
MISDEAL_BURIED = 2
#: every player passed twice with the upcard: thrown in, the next dealer deals
PASSED_OUT = 3

#: Cards whose holder may not call a misdeal: jokers and every A, K, Q, J, 10, 3 and 2.
FACE_OR_POINT = sum(1 << c for c in range(54) if c >= 52 or c % 13 in (12, 11, 10, 9, 8, 1, 0))

C_HIGH = CAT_CODE["high"]
C_LOW = CAT_CODE["low"]
C_JACK = CAT_CODE["jack"]
C_OFF_JACK = CAT_CODE["off-jack"]
C_BIG_JOKER = CAT_CODE["big-joker"]
C_LITTLE_JOKER = CAT_CODE["little-joker"]
C_ACE = CAT_CODE["ace"]
C_TEN = CAT_CODE["ten"]
C_TWO = CAT_CODE["two"]
C_THREE = CAT_CODE["three"]
C_GAME = CAT_CODE["game"]
C_SMUDGE = CAT_CODE["smudge"]
