"""The cards that leave the undealt pack during a hand, and to whom: the extra cards after "run it",
the draw after discarding, the rest of the stock the bidder takes, the upcard the dealer picks up.
Which cards is private to the seat that took them; how many is public (everyone at a table sees a
seat take cards)."""

from __future__ import annotations

from typing import NamedTuple

from pitchkit.engine.cards import CARDS, Card
from pitchkit.engine.hand import Hand


class Taken(NamedTuple):
    """Cards a seat took from the stock at one moment; ``rest``: the rest of the stock, which the
    bidder takes after the draw."""

    seat: int
    cards: tuple[Card, ...]
    rest: bool = False


def pack_draws(hand: Hand) -> dict[int, list[Taken]]:
    """The cards seats took from the stock (the undealt pack), keyed by the number of actions after
    which they took them: the extra cards after "run it", the draw after discarding, the rest of the
    stock the bidder takes. The entries are in the order the cards left the stock."""
    rules = hand.rules
    fresh = Hand(rules, dealer=hand.dealer, hands=hand.initial_hands, stock=hand.initial_stock,
                 scores=hand.scores_before)
    out: dict[int, list[Taken]] = {}
    for i, action in enumerate(hand.log, start=1):
        pack = list(fresh.stock)
        before = list(fresh.hands)
        fresh.apply(action)
        if list(fresh.stock) == pack:
            continue
        taken: dict[int, list[Card]] = {}
        for c in pack:
            seat = next((s for s in fresh.seats if (fresh.hands[s] & ~before[s]) >> c & 1), None)
            if seat is not None:
                taken.setdefault(seat, []).append(CARDS[c])
        entries = [Taken(s, tuple(cards)) for s, cards in taken.items()]
        bidder = fresh.pitcher
        if rules.bidder_takes_stock and not fresh.stock and bidder in taken:
            cards = taken[bidder]
            held = fresh.hands[bidder].bit_count() - len(cards)
            drawn = min(len(cards), max(0, rules.draw_to - held))
            entries = [e for e in entries if e.seat != bidder or drawn]
            entries = [Taken(e.seat, tuple(cards[:drawn])) if e.seat == bidder else e for e in entries]
            entries.append(Taken(bidder, tuple(cards[drawn:]), rest=True))
        if entries:
            out[i] = entries
    return out
