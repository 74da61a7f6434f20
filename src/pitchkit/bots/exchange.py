"""The partner exchange as a player sees it: help a partner who bids, shed what is least useful
otherwise."""

from __future__ import annotations

from pitchkit.bots.bidding import CARD_POINTS, trump_table_for
from pitchkit.engine.actions import Action, PassCards
from pitchkit.engine.cards import BIG_JOKER, CARDS
from pitchkit.engine.scoring import point_card
from pitchkit.engine.view import View


def choose_pass(view: View) -> Action:
    """The cards to pass to the partner.

    The bidder's partner passes its strongest cards: its best trumps once trump is named, else its
    highest cards. Everyone else passes the weakest cards that score nothing (the lowest outside
    trump first), and a point card only when every card is one."""
    rules = view.rules
    cards = [int(c) for c in view.hand]
    tt = None if view.trump is None else trump_table_for(rules, int(view.trump))
    points: set[int] = set()
    if tt is not None:
        for name in CARD_POINTS:
            c = point_card(name, tt.trump, tt.off_jack) if name in rules.points else None
            if c is not None:
                points.add(c)

    def strength(c: int) -> int:
        if tt is not None and tt.is_trump(c):
            return 100 + tt.power[c]
        return 13 if c >= BIG_JOKER else c % 13

    if view.pitcher is not None and rules.partner_of(view.seat) == view.pitcher:
        ranked = sorted(cards, key=lambda c: (-strength(c), c))
    else:
        ranked = sorted(cards, key=lambda c: (c in points, strength(c), c))
    return PassCards(view.seat, tuple(sorted(CARDS[c] for c in ranked[:rules.partner_pass])))
