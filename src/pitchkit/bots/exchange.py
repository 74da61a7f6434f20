"""The partner exchange as a player sees it: help a partner who bids, shed what is least useful
otherwise."""

from __future__ import annotations

from pitchkit.actions import Action, PassCards
from pitchkit.bots.bidding import trump_table_for
from pitchkit.cards import BIG_JOKER, CARDS
from pitchkit.view import View


def choose_pass(view: View) -> Action:
    """The cards to pass to the partner.

    The bidder's partner passes the strongest cards: its best trumps once trump is named, else its
    highest cards. Everyone else passes the weakest: the lowest cards outside trump first."""
    k = view.rules.partner_pass
    cards = [int(c) for c in view.hand]
    tt = None if view.trump is None else trump_table_for(view.rules, int(view.trump))

    def strength(c: int) -> tuple[int, int]:
        if tt is not None and tt.is_trump(c):
            return 100 + tt.power[c], c
        return (13 if c >= BIG_JOKER else c % 13), c

    helping = view.pitcher is not None and view.rules.partner_of(view.seat) == view.pitcher
    ranked = sorted(cards, key=strength, reverse=helping)
    return PassCards(view.seat, tuple(sorted(CARDS[c] for c in ranked[:k])))
