"""The compiled random-play kernel: whole hands of Pitch on int64 bitmasks.

Compiled with numba when it is installed (``pitchkit[fast]``); without it the same functions run
as plain Python, correct but slow. Randomness is a SplitMix64 generator whose state lives in a
one-element array, written so that compiled and plain runs give the same hands for a seed.

A random player picks uniformly among the engine's legal actions (``Hand.legal_actions()``) at
every decision. That holds for discards too: the fast path takes the ``r``-th of the engine's list
of legal discards (every size from the fewest to the most cards allowed, each size's card sets in
``itertools.combinations`` order) for ``r`` uniform over the list's length, without building the
list (:func:`random_discard`). The partner exchange picks its cards one at a time, each uniform
among those left, which makes every set of that size equally likely, as a uniform pick from the
engine's list of ``PassCards`` is. Supported rules are those of
:func:`pitchkit.fast.unsupported_reason`.

Everything the compiled functions use is in this one file (or comes in their arguments): numba
keys its on-disk cache by this file's contents and freezes the globals a function reads, so a
compiled function that called into another module would keep using that module's old code after
it changed. That is why this module is longer than the others; the pure Python around it lives in
:mod:`pitchkit.fast.tables` and :mod:`pitchkit.fast.trace`.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable
from types import ModuleType
from typing import Any, TypeVar, cast

import numpy as np

from pitchkit.rules import POINT_VALUES

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

#: Point category codes (the kernel's award arrays are indexed by these).
CATEGORIES: tuple[str, ...] = tuple(POINT_VALUES)
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

F = TypeVar("F", bound=Callable[..., Any])

_numba: ModuleType | None
try:
    _numba = importlib.import_module("numba")
except ImportError:
    _numba = None

#: True when the kernel is compiled (numba is installed and ``NUMBA_DISABLE_JIT`` is not set).
COMPILED = _numba is not None and not _numba.config.DISABLE_JIT


def jit(fn: F) -> F:
    """Compile ``fn`` with numba when available; else return it unchanged.

    The compiled code is cached on disk, where numba finds a writable directory: ``NUMBA_CACHE_DIR``,
    else the ``__pycache__`` next to the module, else the user's cache directory (``~/.cache/numba``
    on Linux). Where none is writable, ``fn`` is compiled again in each process."""
    if _numba is None or not COMPILED:
        return fn
    try:
        return cast(F, _numba.njit(cache=True, nogil=True)(fn))
    except RuntimeError:  # numba: "cannot cache function ...: no locator available"
        return cast(F, _numba.njit(nogil=True)(fn))


# SplitMix64 constants as signed 64-bit values (the kernel works in int64).
_GOLDEN = 0x9E3779B97F4A7C15 - (1 << 64)
_MIX1 = 0xBF58476D1CE4E5B9 - (1 << 64)
_MIX2 = 0x94D049BB133111EB - (1 << 64)
_LOW53 = (1 << 53) - 1
_LOW34 = (1 << 34) - 1
_LOW37 = (1 << 37) - 1
_LOW33 = (1 << 33) - 1

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


def _wrap_plain(x: int) -> int:
    return ((x + (1 << 63)) & ((1 << 64) - 1)) - (1 << 63)


def _wrap_compiled(x: int) -> int:
    return x


#: Reduce to a signed 64-bit value: a no-op when compiled (int64 arithmetic wraps by itself).
wrap64: Callable[[int], int] = jit(_wrap_compiled) if COMPILED else _wrap_plain


@jit
def rng_next(st: Any) -> int:
    """Next 64-bit output (signed) of the SplitMix64 generator whose state is ``st[0]``."""
    s = wrap64(int(st[0]) + _GOLDEN)
    st[0] = s
    z = wrap64((s ^ ((s >> 30) & _LOW34)) * _MIX1)
    z = wrap64((z ^ ((z >> 27) & _LOW37)) * _MIX2)
    return z ^ ((z >> 31) & _LOW33)


@jit
def rng_below(st: Any, n: int) -> int:
    """A uniform integer in ``[0, n)`` for ``n`` below 1024 (bias below n / 2**53; larger ``n``
    would overflow: :func:`rng_index` takes any)."""
    u = (rng_next(st) >> 11) & _LOW53
    return (u * n) >> 53


@jit
def rng_index(st: Any, n: int) -> int:
    """An exactly uniform integer in ``[0, n)`` for any ``n`` up to 2**53 (53-bit draws, the few
    above the last whole multiple of ``n`` drawn again)."""
    limit = ((1 << 53) // n) * n
    while True:
        u = (rng_next(st) >> 11) & _LOW53
        if u < limit:
            return u % n


@jit
def popcount(x: int) -> int:
    """Number of set bits of a non-negative mask."""
    c = 0
    while x:
        x &= x - 1
        c += 1
    return c


@jit
def nth_bit(m: int, k: int) -> int:
    """Index of the ``k``-th lowest set bit of ``m`` (k from 0)."""
    while k > 0:
        m &= m - 1
        k -= 1
    return popcount((m & -m) - 1)


@jit
def pick(st: Any, m: int) -> int:
    """Index of a uniformly chosen set bit of a non-empty mask."""
    return nth_bit(m, rng_below(st, popcount(m)))


@jit
def record(trace: bool, tr_act: Any, tr_nact: Any, h: int, seat: int, kind: int, value: int,
            legal: int) -> None:
    if trace:
        k = tr_nact[h]
        tr_act[h, k, 0] = seat
        tr_act[h, k, 1] = kind
        tr_act[h, k, 2] = value
        tr_act[h, k, 3] = legal
        tr_nact[h] = k + 1


@jit
def deal(st: Any, P: Any, deck: Any, hands: Any, dealer: int) -> int:
    """Shuffle (Fisher-Yates, as ``random.shuffle``) and deal packets from the dealer's left.

    Returns the index in ``deck`` where the stock starts."""
    n = P[N]
    size = P[DECK]
    low = P[LOW_INDEX]
    k = 0
    for c in range(52):
        if c % 13 >= low:
            deck[k] = c
            k += 1
    for i in range(k, size):
        deck[i] = 52 + i - k
    for i in range(size - 1, 0, -1):
        j = rng_below(st, i + 1)
        t = deck[i]
        deck[i] = deck[j]
        deck[j] = t
    for s in range(n):
        hands[s] = 0
    pos = 0
    got = 0
    while got < P[HAND_SIZE]:
        k = min(P[PACKET], P[HAND_SIZE] - got)
        for i in range(n):
            s = (dealer + 1 + i) % n
            for _ in range(k):
                hands[s] |= 1 << deck[pos]
                pos += 1
        got += k
    return pos


@jit
def first_round_options(P: Any, is_dealer: bool, high: int, other_side: bool) -> int:
    """Legal-option bits of a first-round auction turn (see ``tables.OPT_*``)."""
    top = P[MAX_BID]
    m = 0
    if is_dealer and high < 0:
        if P[FORCED_EXACT]:
            m |= 1 << (1 + P[FORCED_BID])
        else:
            for v in range(P[FORCED_BID], top + 1):
                m |= 1 << (1 + v)
            if P[SMUDGE_BIDS]:
                m |= 1 << (2 + top)
        if P[TAKE_OR_RUN]:
            m |= 1 << OPT_RUN
        return m
    m = 1
    lo = P[MIN_BID] if high < 0 else high + 1
    if is_dealer and high >= 0 and P[STEAL] == STEAL_SAME and high <= top:
        lo = high
    for v in range(lo, top + 1):
        m |= 1 << (1 + v)
    if P[SMUDGE_BIDS]:
        smudge = top + 1
        if high < smudge:
            m |= 1 << (1 + smudge)
        elif high == smudge and other_side:
            m |= 1 << (2 + smudge)
    return m


@jit
def _team(P: Any, seat: int) -> int:
    return seat % P[TEAMS] if P[TEAMS] else seat


@jit
def auction(st: Any, P: Any, deck: Any, hands: Any, dealer: int, pos: int, h: int, trace: bool,
            tr_act: Any, tr_nact: Any) -> tuple[int, int, int]:
    """A random auction; returns (pitcher, bid, ran), the pitcher -1 when a misdeal was called.
    Running it deals the extra cards."""
    n = P[N]
    top = P[MAX_BID]
    high = -1
    bidder = -1
    for i in range(n):
        seat = (dealer + 1 + i) % n
        is_dealer = i == n - 1
        other = bidder >= 0 and _team(P, bidder) != _team(P, seat)
        opts = first_round_options(P, is_dealer, high, other)
        if P[MISDEAL_NO_FACE] and hands[seat] & FACE_OR_POINT == 0:
            opts |= 1 << OPT_MISDEAL
        b = pick(st, opts)
        if b == OPT_MISDEAL:
            record(trace, tr_act, tr_nact, h, seat, KIND_MISDEAL, 0, opts)
            return -1, -1, 0
        if b == OPT_RUN:
            record(trace, tr_act, tr_nact, h, seat, KIND_RUN, 0, opts)
            return _second_round(st, P, deck, hands, dealer, pos, h, trace, tr_act, tr_nact)
        record(trace, tr_act, tr_nact, h, seat, KIND_BID, b - 1, opts)
        if b > 0:
            high = b - 1
            bidder = seat
            if P[PITCH_ENDS] and high == top:
                return seat, high, 0
    return bidder, high, 0


@jit
def sell_round_options(P: Any, high: int, is_dealer: bool) -> int:
    """Legal-option bits of a turn of the auction after the dealer ran it: a pass or a higher bid,
    and for the dealer, last, selling to the high bidder or a bid the steal rule allows."""
    top = P[MAX_BID]
    if not is_dealer:
        lo = high + 1
        opts = 1
    else:
        lo = top + 1
        if P[STEAL] == STEAL_SAME:
            lo = high
        elif P[STEAL] != STEAL_NONE:
            lo = high + 1
        opts = 1 << OPT_SELL
    for v in range(lo, top + 1):
        opts |= 1 << (1 + v)
    return opts


@jit
def _second_round(st: Any, P: Any, deck: Any, hands: Any, dealer: int, pos: int, h: int, trace: bool,
                  tr_act: Any, tr_nact: Any) -> tuple[int, int, int]:
    n = P[N]
    top = P[MAX_BID]
    for i in range(n):
        s = (dealer + 1 + i) % n
        for _ in range(P[RUN_EXTRA]):
            hands[s] |= 1 << deck[pos]
            pos += 1
    high = P[FORCED_BID]
    bidder = dealer
    for i in range(n - 1):
        seat = (dealer + 1 + i) % n
        opts = sell_round_options(P, high, False)
        b = pick(st, opts)
        record(trace, tr_act, tr_nact, h, seat, KIND_BID, b - 1, opts)
        if b > 0:
            high = b - 1
            bidder = seat
            if P[PITCH_ENDS] and high == top:
                return seat, high, 1
    if bidder == dealer:
        return dealer, P[FORCED_BID], 1
    opts = sell_round_options(P, high, True)
    b = pick(st, opts)
    if b == OPT_SELL:
        record(trace, tr_act, tr_nact, h, dealer, KIND_SELL, 0, opts)
        return bidder, high, 1
    record(trace, tr_act, tr_nact, h, dealer, KIND_BID, b - 1, opts)
    return dealer, b - 1, 1


@jit
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


@jit
def choose(n: int, k: int) -> int:
    """The binomial coefficient: how many sets of ``k`` of ``n`` things (0 if k < 0 or k > n)."""
    if k < 0 or k > n:
        return 0
    return int(BINOMIAL[n, k])


@jit
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


@jit
def point_mask(cats: Any, trump: int, off_jack: Any) -> int:
    """The cards that score a point by themselves under ``trump`` (they may not be discarded)."""
    m = 0
    for i in range(cats.shape[0]):
        card = named_card(cats[i], trump, off_jack)
        if card >= 0:
            m |= 1 << card
    return m


@jit
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
        _record_discard(trace, tr_act, tr_nact, h, s, d, allowed, lo, hi)
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
        _record_discard(trace, tr_act, tr_nact, h, pitcher, d, allowed, k, k)
        hands[pitcher] &= ~d
    return PLAYED


@jit
def _record_discard(trace: bool, tr_act: Any, tr_nact: Any, h: int, seat: int, cards: int,
                    allowed: int, lo: int, hi: int) -> None:
    record(trace, tr_act, tr_nact, h, seat, KIND_DISCARD, cards, allowed)
    if trace:
        tr_act[h, tr_nact[h] - 1, 4] = lo + (hi << BOUNDS_SHIFT)


@jit
def legal_play(P: Any, hand: int, trump: int, led_card: int, first_lead: bool, tmask: Any,
               smask: Any, suit: Any) -> int:
    """Cards a seat may play: anything to lead (a trump first for a bidder who must lead one),
    trump to a trump lead, else follow suit or trump."""
    if trump < 0:
        return hand
    tm = tmask[trump]
    if led_card < 0:
        if first_lead and P[LEADS_TRUMP] != 0 and hand & tm != 0:
            return int(hand & tm)
        return hand
    led = suit[trump, led_card]
    if led == trump:
        return hand & tm if hand & tm else hand
    follow = hand & smask[trump, led]
    if follow and P[MUST_FOLLOW]:
        return int(follow)
    return follow | (hand & tm) if follow else hand


@jit
def strength(trump: int, card: int, led: int, tmask: Any, suit: Any, power: Any) -> int:
    """Trick-taking strength: a trump beats the suit led, which beats the rest (0)."""
    if (tmask[trump] >> card) & 1:
        return 100 + int(power[trump, card])
    if suit[trump, card] == led:
        return int(power[trump, card])
    return 0


@jit
def play_out(st: Any, P: Any, hands: Any, pitcher: int, trump: int, tmask: Any, smask: Any, suit: Any,
             power: Any, gval: Any, player_of: Any, capt_of: Any, order_of: Any, pts_seat: Any,
             trick_seat: Any, trick_card: Any, h: int, trace: bool, tr_act: Any, tr_nact: Any,
             tr_win: Any, leader: int, out: int) -> tuple[int, int]:
    """Random play of every trick from ``leader``'s lead, seat ``out`` (or -1) sitting out; returns
    (trump, mask of the seats that won a trick). Fills who played and who captured each card, in
    which order, and card points."""
    n = P[N]
    n_in = n - 1 if out >= 0 else n
    tricks = popcount(hands[leader])
    k = 0
    won_by = 0
    for t in range(tricks):
        seat = leader
        for j in range(n_in):
            if j > 0:
                seat = (seat + 1) % n
                if seat == out:
                    seat = (seat + 1) % n
            led_card = trick_card[0] if j > 0 else -1
            legal = legal_play(P, hands[seat], trump, led_card, t == 0 and seat == pitcher,
                               tmask, smask, suit)
            card = pick(st, legal)
            record(trace, tr_act, tr_nact, h, seat, KIND_PLAY, card, legal)
            hands[seat] &= ~(1 << card)
            trick_seat[j] = seat
            trick_card[j] = card
            player_of[card] = seat
            order_of[card] = k
            k += 1
            if trump < 0:
                if card >= 52 or (P[OFF_JACK] != 0 and card % 13 == 9):
                    opts = 15 if card >= 52 else (1 << (card // 13)) | (1 << (card // 13 ^ 3))
                    trump = pick(st, opts)
                    record(trace, tr_act, tr_nact, h, seat, KIND_DECLARE, trump, opts)
                else:
                    trump = card // 13
        led = suit[trump, trick_card[0]]
        winner = trick_seat[0]
        best = strength(trump, trick_card[0], led, tmask, suit, power)
        for j in range(1, n_in):
            s = strength(trump, trick_card[j], led, tmask, suit, power)
            if s > best:
                best = s
                winner = trick_seat[j]
        for j in range(n_in):
            capt_of[trick_card[j]] = winner
            pts_seat[winner] += gval[trick_card[j]]
        if trace:
            tr_win[h, t] = winner
        won_by |= 1 << winner
        leader = winner
    return trump, won_by


@jit
def named_card(code: int, trump: int, off_jack: Any) -> int:
    """The card a card-point category names under ``trump``; -1 for high, low, game, smudge."""
    base = trump * 13
    if code == C_JACK:
        return base + 9
    if code == C_OFF_JACK:
        return int(off_jack[trump])
    if code == C_BIG_JOKER:
        return 52
    if code == C_LITTLE_JOKER:
        return 53
    if code == C_ACE:
        return base + 12
    if code == C_TEN:
        return base + 8
    if code == C_TWO:
        return base
    if code == C_THREE:
        return base + 1
    return -1


@jit
def score(P: Any, cats: Any, values: Any, trump: int, pitcher: int, bid: int, won_by: int, tmask: Any,
          power: Any, off_jack: Any, player_of: Any, capt_of: Any, order_of: Any, pts_seat: Any,
          side: Any, side_tot: Any, award: Any, delta: Any) -> bool:
    """Fill ``award`` (seat credited per category code, -1 none), ``side`` and ``delta``; return
    whether the contract was made. ``won_by`` is the mask of seats that won a trick."""
    n = P[N]
    tm = tmask[trump]
    high = -1
    low = -1
    n_trumps = 0
    for c in range(P[DECK]):
        if (tm >> c) & 1 and player_of[c] >= 0:
            n_trumps += 1
            # high and low by (power, -order): between equal jokers the first played ranks higher
            pc = power[trump, c]
            ph = power[trump, high] if high >= 0 else -1
            pl = power[trump, low] if low >= 0 else 99
            if high < 0 or pc > ph or (pc == ph and order_of[c] < order_of[high]):
                high = c
            if low < 0 or pc < pl or (pc == pl and order_of[c] > order_of[low]):
                low = c

    if P[DYNAMIC] and high >= 0:
        a = player_of[high]
        b = player_of[low]
        rest = -1
        for s in range(n):
            if s != a and s != b:
                rest = s
                break
        for s in range(n):
            side[s] = min(a, b) if s in (a, b) else rest
    else:
        for s in range(n):
            side[s] = s % P[TEAMS] if P[TEAMS] else s

    for i in range(award.shape[0]):
        award[i] = -1
    for s in range(n):
        side_tot[s] = 0
    total = 0
    for i in range(cats.shape[0]):
        code = cats[i]
        seat = -1
        if code == C_HIGH:
            if high >= 0:
                seat = player_of[high] if P[HIGH_BY_PLAYER] else capt_of[high]
        elif code == C_LOW:
            if low >= 0 and (n_trumps > 1 or P[SINGLE_TRUMP_LOW]):
                seat = player_of[low] if P[LOW_BY_PLAYER] else capt_of[low]
        elif code == C_GAME:
            seat = _game_taker(n, side, pts_seat)
        elif code == C_SMUDGE:
            seat = _smudge_taker(n, side, award, won_by)
        else:
            card = named_card(code, trump, off_jack)
            if card >= 0 and player_of[card] >= 0:
                seat = player_of[card] if code == C_JACK and P[JACK_BY_PLAYER] else capt_of[card]
        if seat >= 0:
            award[code] = seat
            side_tot[side[seat]] += values[code]
            total += values[code]

    special = P[SMUDGE_BIDS] != 0 and bid > P[MAX_BID]
    mine = side[pitcher]
    won = side_tot[mine]
    made = (total > 0 and won == total) if special else won >= bid
    for s in range(n):
        sd = side[s]
        if sd != mine:
            delta[s] = side_tot[sd]
        elif not made:
            delta[s] = -(P[SMUDGE_VALUE] if special else bid)
        elif special:
            delta[s] = P[SMUDGE_VALUE]
        else:
            delta[s] = side_tot[sd]
    return bool(made)


@jit
def _game_taker(n: int, side: Any, pts_seat: Any) -> int:
    """The seat credited with "game": the member with most card points of the one side that took
    most (ties between sides: nobody; between members: the lowest seat)."""
    best = -1
    leaders = 0
    lead_side = -1
    for u in range(n):
        present = False
        total = 0
        for s in range(n):
            if side[s] == u:
                present = True
                total += pts_seat[s]
        if not present:
            continue
        if total > best:
            best = total
            leaders = 1
            lead_side = u
        elif total == best:
            leaders += 1
    if leaders != 1:
        return -1
    taker = -1
    for s in range(n):
        if side[s] == lead_side and (taker < 0 or pts_seat[s] > pts_seat[taker]):
            taker = s
    return taker


@jit
def _smudge_taker(n: int, side: Any, award: Any, won_by: int) -> int:
    """The smudge: one side won every trick and high, low and jack (already awarded)."""
    w = -1
    for s in range(n):
        if (won_by >> s) & 1:
            if w < 0:
                w = side[s]
            elif side[s] != w:
                return -1
    hi, lo, jk = award[C_HIGH], award[C_LOW], award[C_JACK]
    if hi < 0 or lo < 0 or jk < 0:
        return -1
    if side[hi] == side[lo] == side[jk] == w:
        return int(hi)
    return -1


@jit
def make_trump(st: Any, P: Any, deck: Any, hands: Any, dealer: int, pos: int, h: int, trace: bool,
               tr_act: Any, tr_nact: Any) -> tuple[int, int, int]:
    """Euchre's making of trump with the upcard (``deck[pos]``): a Benny's suit named by the dealer,
    round one (pass or order it up), round two (pass or name another suit; a stuck dealer must name
    one), going alone, and the dealer's pick-up and discard after a call in round one. Returns
    (maker, trump, seat sitting out or -1); the maker is -1 when everyone passed twice."""
    n = P[N]
    up = deck[pos]
    up_suit = up // 13
    if up >= 52:
        opts = 15 << OPT_MAKE
        b = pick(st, opts)
        up_suit = b - OPT_MAKE
        record(trace, tr_act, tr_nact, h, dealer, KIND_DECLARE, up_suit, opts)
    maker = -1
    trump = -1
    rnd = 1
    while rnd <= 2 and maker < 0:
        for i in range(n):
            seat = (dealer + 1 + i) % n
            if rnd == 1:
                opts = 1 | (1 << (OPT_MAKE + up_suit))
            else:
                opts = (15 & ~(1 << up_suit)) << OPT_MAKE
                if not (seat == dealer and P[STICK_DEALER]):
                    opts |= 1
            b = pick(st, opts)
            if b == OPT_PASS:
                record(trace, tr_act, tr_nact, h, seat, KIND_BID, -1, opts)
                continue
            maker = seat
            trump = b - OPT_MAKE
            record(trace, tr_act, tr_nact, h, seat, KIND_DECLARE, trump, opts)
            break
        rnd += 1
    if maker < 0:
        return -1, -1, -1
    out = -1
    if P[GOING_ALONE]:
        opts = (1 << OPT_ALONE) | (1 << OPT_PARTNER)
        b = pick(st, opts)
        record(trace, tr_act, tr_nact, h, maker, KIND_ALONE, 1 if b == OPT_ALONE else 0, opts)
        if b == OPT_ALONE:
            out = (maker + n // P[TEAMS]) % n
    if rnd == 2:  # made in round one: the dealer picks the upcard up and discards
        hands[dealer] |= 1 << up
        allowed = hands[dealer] & ~(1 << up) if P[KEEP_UPCARD] else hands[dealer]
        card = pick(st, allowed)
        _record_discard(trace, tr_act, tr_nact, h, dealer, 1 << card, allowed, 1, 1)
        hands[dealer] &= ~(1 << card)
    return maker, trump, out


@jit
def trick_score(P: Any, maker: int, out: int, pts_seat: Any, delta: Any) -> bool:
    """Fill ``delta`` for a hand scored by the makers' tricks (``pts_seat``: cards each seat took);
    return whether the makers made it."""
    n = P[N]
    teams = P[TEAMS]
    n_in = n - 1 if out >= 0 else n
    taken = 0
    for s in range(n):
        if s % teams == maker % teams:
            taken += pts_seat[s]
    taken //= n_in
    made = taken >= P[HAND_SIZE] // 2 + 1
    side = maker % teams
    if not made:
        side = (maker + 1) % teams
        value = P[EUCHRE_POINTS]
        if taken == 0 and P[SUPER_EUCHRE_POINTS]:
            value = P[SUPER_EUCHRE_POINTS]
    elif taken < P[HAND_SIZE]:
        value = P[MADE_POINTS]
    else:
        value = P[ALONE_MARCH_POINTS] if out >= 0 else P[MARCH_POINTS]
    for s in range(n):
        delta[s] = value if s % teams == side else 0
    return bool(made)


@jit
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
