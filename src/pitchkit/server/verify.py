"""Checking a finished game's deals against the commitments the server published."""

from __future__ import annotations

from typing import Any

from pitchkit.engine.cards import Card
from pitchkit.engine.errors import RecordError
from pitchkit.engine.hand import Hand
from pitchkit.engine.record import record_hands, replay_game
from pitchkit.server.deals import verify


def verify_deals(doc: object) -> dict[str, Any]:
    """Check every hand of a game record that carries a ``deal`` (deck, salt, commitment): the
    commitment is the SHA-256 of that salt and deck, and dealing that deck gives the hand's cards.
    Raises :class:`~pitchkit.engine.errors.RecordError` naming the first hand that fails."""
    docs = record_hands(doc)
    _, hands = replay_game(docs)
    checked = 0
    for i, (entry, hand) in enumerate(zip(docs, hands, strict=True)):
        assert isinstance(entry, dict)
        deal = entry.get("deal")
        if deal is None:
            continue
        if not isinstance(deal, dict) or not {"deck", "salt", "commitment"} <= set(deal):
            raise RecordError(f"hand {i}: 'deal' must have deck, salt and commitment")
        deck, salt, committed = deal["deck"], deal["salt"], deal["commitment"]
        if not (isinstance(deck, list) and all(isinstance(c, str) for c in deck)
                and isinstance(salt, str) and isinstance(committed, str)):
            raise RecordError(f"hand {i}: the deal's deck is a list of cards, salt and commitment text")
        if not verify(deck, salt, committed):
            raise RecordError(f"hand {i}: the deck and salt do not match the commitment")
        cards = [Card.parse(c) for c in deck]
        dealt = Hand.deal_from(hand.rules, cards, dealer=hand.dealer, seats=hand.seats,
                               scores=hand.scores_before)
        if dealt.initial_hands != hand.initial_hands or dealt.initial_stock != hand.initial_stock:
            raise RecordError(f"hand {i}: the hands were not dealt from the committed deck")
        checked += 1
    if checked == 0:
        raise RecordError("record: no hand carries a deal to verify")
    return {"hands": len(hands), "verified": checked}
