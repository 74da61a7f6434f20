"""Fast random self-play: whole hands played by uniformly random players in compiled code.

For batch simulation (``pitch simulate``) and benchmarks. Install ``pitchkit[fast]`` (numba) to
compile the kernel; without numba it still runs as plain Python (slowly), and without numpy it is
unavailable and callers fall back to the engine.

The fast path covers every rule of the engine except these, which make :func:`unsupported_reason`
return a reason (callers then use the engine):

* discard and draw (``draw-to``, the ten-point preset) and misdeal calls (``misdeal-no-face``);
* ``going-out = scoring-order`` with a target one hand can reach from zero, since that rule can cut
  a hand's score short;
* bids above 17.

Hands are independent: each starts from zero scores with a random dealer, as a simulator wants.
Supported presets: pct, pct-tournament, smudge, auction, auction-partners, seven-point.

Example::

    from pitchkit import make_rules
    from pitchkit.fast import play_random

    batch = play_random(make_rules("pct"), 100_000, seed=1)
    batch.delta.shape        # (100000, 4): each seat's score change per hand
    batch.made.mean()        # how often the contract was made
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pitchkit.rules import POINT_VALUES, GoingOut, Rules

if TYPE_CHECKING:
    from pitchkit.fast.tables import I64

#: Bid values the kernel can encode (option bits 1..19 of an auction turn).
MAX_FAST_BID = 17


def available() -> bool:
    """True when the fast path is compiled (numba and numpy are installed, and numba's JIT is not
    disabled by ``NUMBA_DISABLE_JIT``)."""
    try:
        from pitchkit.fast.kernel import COMPILED
    except ImportError:
        return False
    return COMPILED


def unsupported_reason(rules: Rules) -> str | None:
    """Why the fast path cannot play ``rules`` (``None`` when it can)."""
    if rules.draw_to:
        return "discard and draw (draw-to) is played by the engine only"
    if rules.misdeal_no_face:
        return "misdeal calls (misdeal-no-face) are played by the engine only"
    if rules.going_out == GoingOut.SCORING_ORDER and rules.target is not None:
        most = sum(POINT_VALUES[p] for p in rules.points)
        if rules.target <= most:
            return "scoring-order going out with a target one hand can reach"
    if rules.top_bid > MAX_FAST_BID:
        return f"bids above {MAX_FAST_BID}"
    return None


def supports(rules: Rules) -> bool:
    """True when :func:`play_random` can play ``rules``."""
    return unsupported_reason(rules) is None


@dataclass(frozen=True)
class Trace:
    """Everything needed to replay a batch in the engine: per hand the shuffled deck (as
    ``random.shuffle`` would leave it), each decision as (seat, kind, value, legal-option bits)
    and each trick's winner. Kinds and option bits are those of :mod:`pitchkit.fast.tables`."""

    deck: I64
    actions: I64
    n_actions: I64
    winners: I64


@dataclass(frozen=True)
class Batch:
    """The outcome of a batch of random hands, one row per hand."""

    rules: Rules
    dealer: I64
    pitcher: I64
    #: the contract
    bid: I64
    #: 1 when the pitcher's side made the bid
    made: I64
    #: 1 when the dealer ran it
    ran: I64
    trump: I64
    #: [hand, category code] the seat credited, -1 if not awarded (codes: ``tables.CATEGORIES``)
    award: I64
    #: [hand, seat] score change
    delta: I64
    trace: Trace | None

    def __len__(self) -> int:
        return int(self.pitcher.shape[0])


def play_random(rules: Rules, n_hands: int, *, seed: int, trace: bool = False) -> Batch:
    """Play ``n_hands`` independent random hands under ``rules`` from ``seed`` (any int).

    Raises :class:`~pitchkit.errors.RulesError` for rules the fast path does not support."""
    import numpy as np

    from pitchkit.errors import RulesError
    from pitchkit.fast.kernel import N_CATS, play_hands
    from pitchkit.fast.tables import kernel_rules

    reason = unsupported_reason(rules)
    if reason is not None:
        raise RulesError(f"the fast path does not support {rules.preset}: {reason}")
    kr = kernel_rules(rules)
    n = rules.players
    seed64 = (seed & ((1 << 64) - 1)) - (1 << 64 if seed & (1 << 63) else 0)

    def col() -> I64:
        return np.zeros(n_hands, dtype=np.int64)

    dealer, pitcher, bid, made, ran, trump = col(), col(), col(), col(), col(), col()
    award = np.zeros((n_hands, N_CATS), dtype=np.int64)
    delta = np.zeros((n_hands, n), dtype=np.int64)
    t_hands = n_hands if trace else 0
    tr_deck = np.zeros((t_hands, 54), dtype=np.int64)
    tr_act = np.zeros((t_hands, kr.max_decisions, 4), dtype=np.int64)
    tr_nact = np.zeros(t_hands, dtype=np.int64)
    tr_win = np.zeros((t_hands, kr.max_tricks), dtype=np.int64)
    play_hands(kr.params, kr.cats, kr.values, kr.suit, kr.power, kr.trump_mask, kr.suit_mask,
               kr.off_jack, kr.game_value, seed64, n_hands, dealer, pitcher, bid, made, ran, trump,
               award, delta, trace, tr_deck, tr_act, tr_nact, tr_win)
    return Batch(
        rules=rules, dealer=dealer, pitcher=pitcher, bid=bid, made=made, ran=ran, trump=trump,
        award=award, delta=delta,
        trace=Trace(tr_deck, tr_act, tr_nact, tr_win) if trace else None,
    )
