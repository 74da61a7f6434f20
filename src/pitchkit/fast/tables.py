"""Rules and trump facts as flat int64 arrays for the compiled kernel.

Everything the kernel needs to know about a rule set is here: the parameter vector ``P`` (indexed
by the constants below), the point categories as codes in scoring order, and per-trump tables
built from :func:`pitchkit.engine.trump.table`, the engine's single source of card order.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pitchkit.engine.cards import GAME_VALUE
from pitchkit.engine.rules import (
    POINT_VALUES,
    AllPass,
    Credit,
    DealerSteal,
    FirstLead,
    Rules,
    ScoreBy,
    StuckBid,
    TrumpBy,
)
from pitchkit.engine.trump import table
from pitchkit.fast.codes import (
    ALONE_MARCH_POINTS,
    BY_TRICKS,
    CAT_CODE,
    CATEGORIES,
    DECK,
    DECLARE,
    DRAW_TO,
    DYNAMIC,
    EUCHRE_POINTS,
    FORCED_BID,
    FORCED_EXACT,
    GOING_ALONE,
    HAND_SIZE,
    HIGH_BY_PLAYER,
    JACK_BY_PLAYER,
    KEEP_UPCARD,
    LEAD_LEFT,
    LEADS_TRUMP,
    LOW_BY_PLAYER,
    LOW_INDEX,
    MADE_POINTS,
    MARCH_POINTS,
    MAX_BID,
    MIN_BID,
    MISDEAL_NO_FACE,
    MUST_FOLLOW,
    N_PARAMS,
    OFF_JACK,
    PACKET,
    PARTNER_PASS,
    PITCH_ENDS,
    RUN_EXTRA,
    SINGLE_TRUMP_LOW,
    SMUDGE_BIDS,
    SMUDGE_VALUE,
    STEAL,
    STEAL_NONE,
    STEAL_ONE_MORE,
    STEAL_SAME,
    STICK_DEALER,
    SUPER_EUCHRE_POINTS,
    TAKE_OR_RUN,
    TAKES_STOCK,
    TEAMS,
    UPCARD,
    N,
)

I64 = npt.NDArray[np.int64]

@dataclass(frozen=True)
class KernelRules:
    """A rule set in the kernel's array form."""

    params: I64
    #: point category codes in scoring order
    cats: I64
    #: value of each category code
    values: I64
    #: [trump, card] effective suit
    suit: I64
    #: [trump, card] power within the effective suit
    power: I64
    #: [trump] bitmask of trumps
    trump_mask: I64
    #: [trump, suit] bitmask of the cards of each effective suit
    suit_mask: I64
    #: [trump] index of the off-jack, or -1
    off_jack: I64
    #: [card] card points toward "game"
    game_value: I64

    @property
    def max_tricks(self) -> int:
        """The most tricks a hand can have (a run-it deal adds cards)."""
        return int(self.params[HAND_SIZE] + self.params[RUN_EXTRA])

    @property
    def max_decisions(self) -> int:
        """An upper bound on the decisions in one hand."""
        n = int(self.params[N])
        discards = n + 1 if self.params[DRAW_TO] else 0
        return 2 * n + 2 + n * int(self.params[PARTNER_PASS]) + discards + n * self.max_tricks


def kernel_rules(rules: Rules) -> KernelRules:
    """Translate ``rules`` (assumed supported by the kernel) into arrays."""
    p = np.zeros(N_PARAMS, dtype=np.int64)
    p[N] = rules.players
    p[HAND_SIZE] = rules.hand_size
    p[PACKET] = rules.deal_packet
    p[DECK] = rules.deck_size
    p[TEAMS] = rules.teams
    p[DYNAMIC] = rules.dynamic_teams
    p[MIN_BID] = rules.min_bid
    p[MAX_BID] = rules.max_bid
    p[FORCED_BID] = rules.forced_bid
    p[FORCED_EXACT] = rules.stuck_dealer_bid == StuckBid.EXACT
    p[PARTNER_PASS] = rules.partner_pass
    p[SMUDGE_BIDS] = rules.smudge_bids
    p[SMUDGE_VALUE] = rules.smudge_value
    p[PITCH_ENDS] = rules.pitch_ends_auction
    p[STEAL] = {DealerSteal.NONE: STEAL_NONE, DealerSteal.SAME: STEAL_SAME,
                DealerSteal.ONE_MORE: STEAL_ONE_MORE}[rules.dealer_steal]
    p[TAKE_OR_RUN] = rules.all_pass == AllPass.TAKE_OR_RUN
    p[RUN_EXTRA] = rules.run_extra(rules.players) if rules.all_pass == AllPass.TAKE_OR_RUN else 0
    p[DECLARE] = rules.trump_by == TrumpBy.DECLARE
    p[LEADS_TRUMP] = rules.bidder_leads_trump
    p[HIGH_BY_PLAYER] = rules.high_credit == Credit.PLAYER
    p[LOW_BY_PLAYER] = rules.low_credit == Credit.PLAYER
    p[JACK_BY_PLAYER] = rules.jack_credit == Credit.PLAYER
    p[SINGLE_TRUMP_LOW] = rules.single_trump_low
    p[OFF_JACK] = rules.off_jack
    p[DRAW_TO] = rules.draw_to
    p[TAKES_STOCK] = rules.bidder_takes_stock
    p[MISDEAL_NO_FACE] = rules.misdeal_no_face
    p[UPCARD] = rules.trump_by == TrumpBy.UPCARD
    p[STICK_DEALER] = rules.stick_dealer
    p[KEEP_UPCARD] = rules.keep_upcard
    p[GOING_ALONE] = rules.going_alone
    p[MUST_FOLLOW] = rules.must_follow
    p[LOW_INDEX] = rules.low_rank - 2
    by_tricks = rules.score_by == ScoreBy.TRICKS
    p[BY_TRICKS] = by_tricks
    p[MADE_POINTS] = rules.made_points
    p[MARCH_POINTS] = rules.march_points
    p[ALONE_MARCH_POINTS] = rules.alone_march_points
    p[EUCHRE_POINTS] = rules.euchre_points
    p[SUPER_EUCHRE_POINTS] = rules.super_euchre_points
    p[LEAD_LEFT] = rules.first_lead == FirstLead.DEALER_LEFT

    suit = np.zeros((4, 54), dtype=np.int64)
    power = np.zeros((4, 54), dtype=np.int64)
    trump_mask = np.zeros(4, dtype=np.int64)
    suit_mask = np.zeros((4, 4), dtype=np.int64)
    off_jack = np.full(4, -1, dtype=np.int64)
    for t in range(4):
        tt = table(t, jokers=rules.jokers, off_jack=rules.off_jack, equal_jokers=rules.equal_jokers,
                   bowers=rules.bowers, benny=rules.benny)
        suit[t, : len(tt.suit)] = tt.suit
        power[t, : len(tt.power)] = tt.power
        trump_mask[t] = tt.trump_mask
        suit_mask[t] = tt.suit_mask
        off_jack[t] = tt.off_jack
    # scored by tricks: every card counts one, so a seat's count is its tricks times the seats playing
    game_value = np.array([1 if by_tricks else GAME_VALUE.get(c % 13 + 2, 0) if c < 52 else 0
                           for c in range(54)], dtype=np.int64)
    return KernelRules(
        params=p,
        cats=np.array([CAT_CODE[c] for c in rules.points], dtype=np.int64),
        values=np.array([POINT_VALUES[c] for c in CATEGORIES], dtype=np.int64),
        suit=suit,
        power=power,
        trump_mask=trump_mask,
        suit_mask=suit_mask,
        off_jack=off_jack,
        game_value=game_value,
    )
