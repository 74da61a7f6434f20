"""Fast random self-play: whole hands played by uniformly random players in compiled code.

For batch simulation (``pitch simulate``) and benchmarks. Install ``pitchkit[fast]`` (numba) to
compile the kernel; without numba it still runs as plain Python (slowly), and without numpy it is
unavailable and callers fall back to the engine.

The fast path covers every rule of the engine except these, which make :func:`unsupported_reason`
return a reason (callers then use the engine):

* a rule outside :data:`PLAYED_RULES` changed from its default (any rule the kernel does not know);
* ``going-out = scoring-order`` with a target one hand can reach from zero, since that rule can cut
  a hand's score short;
* bids above 17.

Hands are independent: each starts from zero scores with a random dealer, as a simulator wants.
A hand thrown in (a misdeal called by a player dealt no face or point card, or a point card that
would have to be buried in the draw, or a Euchre hand everyone passed twice) is a row of its own,
marked in :attr:`Batch.misdeal`; who deals next after it is :attr:`Batch.deal_passes`. Supported
presets: pct, pct-tournament, smudge, auction, auction-partners, ten-point, seven-point, euchre,
euchre-stick, euchre-uk (a hand scored by tricks has no awards: its row of ``award`` is all -1).

Each random player chooses uniformly among the engine's legal actions, discards included (see
:mod:`pitchkit.fast.kernel`, which plays the hands; its numbers are in :mod:`pitchkit.fast.codes`).

Example::

    from pitchkit import make_rules
    from pitchkit.fast import play_random

    batch = play_random(make_rules("pct"), 100_000, seed=1)
    batch.delta.shape        # (100000, 4): each seat's score change per hand
    batch.made.mean()        # how often the contract was made
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pitchkit.engine.rules import (
    POINT_VALUES,
    FirstLead,
    GoingOut,
    MisdealDealer,
    Rules,
    ScoreBy,
    TrumpBy,
    option_name,
)

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from pitchkit.fast.tables import I64

#: Bid values the kernel can encode (option bits 1..19 of an auction turn).
MAX_FAST_BID = 17


def available() -> bool:
    """True when the fast path is compiled (numba and numpy are installed, and numba's JIT is not
    disabled by ``NUMBA_DISABLE_JIT``)."""
    try:
        import pitchkit.fast.kernel  # noqa: F401  (numpy is needed)
    except ImportError:
        return False
    from pitchkit.fast.jitting import COMPILED

    return COMPILED


#: The rules the kernel plays at any value, and those that cannot change one hand dealt from zero
#: scores (game-level rules, display names, what a team below zero gets for a smudge). Every other
#: rule must keep its default for the fast path to play it, so a rule added to the engine later is
#: refused until the kernel learns it.
PLAYED_RULES = frozenset({
    "preset", "players", "min_players", "max_players", "teams", "dynamic_teams", "jokers",
    "equal_jokers", "off_jack", "hand_size", "deal_packet", "min_bid", "max_bid", "max_bid_name",
    "smudge_bids", "smudge_value", "smudge_hole_to_zero", "pitch_ends_auction", "dealer_steal",
    "all_pass", "dealer_min_bid", "stuck_dealer_bid", "run_extra_cards", "misdeal_no_face",
    "trump_by", "draw_to", "bidder_takes_stock", "bidder_leads_trump", "partner_pass",
    "bury_misdeal_dealer", "points", "high_credit", "low_credit", "jack_credit", "single_trump_low",
    "target", "deals_per_player", "going_out", "pitcher_must_make", "bidder_only_within",
    "sets_to_lose", "first_dealer",
    # Euchre: the short deck, the bowers and the Benny, making trump with the upcard, going alone,
    # must-follow, the first lead from the dealer's left and scoring by the makers' tricks
    "low_rank", "benny", "bowers", "stick_dealer", "keep_upcard", "going_alone", "must_follow",
    "first_lead", "score_by", "made_points", "march_points", "alone_march_points", "euchre_points",
    "super_euchre_points",
})


#: Euchre's rules, played by the kernel only with trump made with the upcard
EUCHRE_RULES = ("low_rank", "benny", "bowers", "stick_dealer", "keep_upcard", "going_alone",
                "must_follow", "made_points", "march_points", "alone_march_points", "euchre_points",
                "super_euchre_points")
_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Rules)}


def unsupported_reason(rules: Rules) -> str | None:
    """Why the fast path cannot play ``rules`` (``None`` when it can)."""
    upcard = rules.trump_by == TrumpBy.UPCARD
    if upcard != (rules.score_by == ScoreBy.TRICKS) or upcard != (rules.first_lead == FirstLead.DEALER_LEFT):
        return "trick scoring and the dealer's left's lead are played with the upcard's making only"
    if upcard and (rules.players != 4 or rules.teams != 2):
        return "making trump with the upcard is played by four in two teams only"
    if not upcard:
        for name in EUCHRE_RULES:
            if getattr(rules, name) != _DEFAULTS[name]:
                return f"{option_name(name)} is played with the upcard's making only"
    for f in dataclasses.fields(rules):
        if f.name not in PLAYED_RULES and getattr(rules, f.name) != f.default:
            return f"{option_name(f.name)} is played by the engine only"
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
    ``random.shuffle`` would leave it), each decision as (seat, kind, value, legal-option bits,
    bounds) and each trick's winner. Kinds, option bits and bounds are those of
    :mod:`pitchkit.fast.codes`; :mod:`pitchkit.fast.trace` turns them into engine actions."""

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
    #: [hand, category code] the seat credited, -1 if not awarded (codes: ``codes.CATEGORIES``)
    award: I64
    #: [hand, seat] score change
    delta: I64
    #: how the hand ended: ``codes.PLAYED``, ``MISDEAL_CALLED``, ``MISDEAL_BURIED`` or ``PASSED_OUT``
    misdeal: I64
    trace: Trace | None

    def __len__(self) -> int:
        return int(self.pitcher.shape[0])

    @property
    def deal_passes(self) -> npt.NDArray[np.bool_]:
        """Whether the next dealer deals the following hand (as ``HandResult.deal_passes``): after
        a played or passed-out hand always, after a misdeal only when a point card would have been
        buried and the rules pass the deal then (``bury-misdeal-dealer = next``)."""
        from pitchkit.fast.codes import MISDEAL_BURIED, PASSED_OUT, PLAYED

        passes: npt.NDArray[np.bool_] = (self.misdeal == PLAYED) | (self.misdeal == PASSED_OUT)
        if self.rules.bury_misdeal_dealer == MisdealDealer.NEXT:
            passes = passes | (self.misdeal == MISDEAL_BURIED)
        return passes


def play_random(rules: Rules, n_hands: int, *, seed: int, trace: bool = False) -> Batch:
    """Play ``n_hands`` independent random hands under ``rules`` from ``seed`` (any int).

    Raises :class:`~pitchkit.engine.errors.RulesError` for rules the fast path does not support."""
    import numpy as np

    from pitchkit.engine.errors import RulesError
    from pitchkit.fast.codes import N_CATS, TRACE_WIDTH
    from pitchkit.fast.kernel import play_hands
    from pitchkit.fast.tables import kernel_rules

    reason = unsupported_reason(rules)
    if reason is not None:
        raise RulesError(f"the fast path does not support {rules.preset}: {reason}")
    kr = kernel_rules(rules)
    n = rules.players
    seed64 = (seed & ((1 << 64) - 1)) - (1 << 64 if seed & (1 << 63) else 0)

    def col() -> I64:
        return np.zeros(n_hands, dtype=np.int64)

    dealer, pitcher, bid, made, ran, trump, misdeal = (col() for _ in range(7))
    award = np.zeros((n_hands, N_CATS), dtype=np.int64)
    delta = np.zeros((n_hands, n), dtype=np.int64)
    t_hands = n_hands if trace else 0
    tr_deck = np.zeros((t_hands, 54), dtype=np.int64)
    tr_act = np.zeros((t_hands, kr.max_decisions, TRACE_WIDTH), dtype=np.int64)
    tr_nact = np.zeros(t_hands, dtype=np.int64)
    tr_win = np.zeros((t_hands, kr.max_tricks), dtype=np.int64)
    play_hands(kr.params, kr.cats, kr.values, kr.suit, kr.power, kr.trump_mask, kr.suit_mask,
               kr.off_jack, kr.game_value, seed64, n_hands, dealer, pitcher, bid, made, ran, trump,
               award, delta, misdeal, trace, tr_deck, tr_act, tr_nact, tr_win)
    return Batch(
        rules=rules, dealer=dealer, pitcher=pitcher, bid=bid, made=made, ran=ran, trump=trump,
        award=award, delta=delta, misdeal=misdeal,
        trace=Trace(tr_deck, tr_act, tr_nact, tr_win) if trace else None,
    )
