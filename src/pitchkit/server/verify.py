"""Checking a finished game's deals against the commitments the server published.

Every hand of a record that ``pitch serve`` exports carries its proof, ``deal`` (deck, salt,
commitment). A hand without one, a proof that belongs to no hand, and a proof that belongs to
another hand of the record (moved or copied) are refused, each naming the hand, as is a deck that
does not match its commitment or does not deal the hand's cards.

A record holds no times: that each commitment was published before the hand's first action is
the server's log order (the ``deal`` entry, announced to everyone in the ``deal`` event, is stored
before any action of that hand), which a client checks as the events arrive, not this module.
"""

from __future__ import annotations

from typing import Any

from pitchkit.engine.cards import Card
from pitchkit.engine.errors import RecordError
from pitchkit.engine.hand import Hand
from pitchkit.engine.record import record_hands, replay_game
from pitchkit.server.deals import verify

__all__ = ["DealProofError", "verify_deals"]

#: fields of a game record's object form that would hold proofs outside the hands
_OUTSIDE = ("deal", "deals")


class DealProofError(RecordError):
    """A hand's deal proof is missing, extra, out of order or does not match the hand."""


def _proof(i: int, entry: dict[str, Any]) -> tuple[list[str], str, str]:
    """Hand ``i``'s proof: its deck (card names), salt and commitment."""
    deal = entry.get("deal")
    if deal is None:
        raise DealProofError(f"hand {i}: no deal proof; every hand must carry its 'deal' "
                             "(deck, salt, commitment)")
    if not isinstance(deal, dict) or not {"deck", "salt", "commitment"} <= set(deal):
        raise DealProofError(f"hand {i}: 'deal' must have deck, salt and commitment")
    deck, salt, committed = deal["deck"], deal["salt"], deal["commitment"]
    if not (isinstance(deck, list) and all(isinstance(c, str) for c in deck)
            and isinstance(salt, str) and isinstance(committed, str)):
        raise DealProofError(f"hand {i}: the deal's deck is a list of cards, salt and commitment text")
    return deck, salt, committed


def _dealt_from(deck: list[Card], hand: Hand) -> bool:
    """True when dealing ``deck`` as ``hand`` was dealt gives its cards and stock."""
    dealt = Hand.deal_from(hand.rules, deck, dealer=hand.dealer, seats=hand.seats, scores=hand.scores_before)
    return dealt.initial_hands == hand.initial_hands and dealt.initial_stock == hand.initial_stock


def _check_shape(doc: object, docs: list[object]) -> None:
    """Proofs where no hand is: outside the hands of an object record, or an entry of the record
    that carries a proof and no cards dealt."""
    if isinstance(doc, dict) and doc.get("hands") == docs:
        for key in _OUTSIDE:
            if key in doc:
                raise DealProofError(f"record: {key!r} outside the hands: each hand carries its own "
                                     "proof, and no proof may belong to no hand")
    for i, entry in enumerate(docs):
        if isinstance(entry, dict) and "deal" in entry and "hands" not in entry:
            raise DealProofError(f"hand {i}: an extra deal proof, with no hand dealt from it")


def verify_deals(doc: object) -> dict[str, Any]:
    """Check every hand of a game record: each carries a ``deal`` (deck, salt, commitment), the
    commitment is the SHA-256 of that salt and deck, and dealing that deck gives the hand's cards
    (a proof moved or copied from another hand is named as such). Raises :class:`DealProofError` (a
    :class:`~pitchkit.engine.errors.RecordError`) naming the first hand that fails."""
    docs = record_hands(doc)
    _check_shape(doc, docs)
    _, hands = replay_game(docs)
    proofs: list[tuple[list[str], str, str]] = []
    for i, entry in enumerate(docs):
        assert isinstance(entry, dict)
        proofs.append(_proof(i, entry))
    for i, ((deck, salt, committed), hand) in enumerate(zip(proofs, hands, strict=True)):
        if not verify(deck, salt, committed):
            raise DealProofError(f"hand {i}: the deck and salt do not match the commitment")
        cards = [Card.parse(c) for c in deck]
        if not _dealt_from(cards, hand):
            other = next((j for j, h in enumerate(hands) if j != i and _fits(cards, h)), None)
            if other is not None:
                raise DealProofError(f"hand {i}: its deal proof is hand {other}'s "
                                     "(proofs moved or copied between hands)")
            raise DealProofError(f"hand {i}: the hands were not dealt from the committed deck")
    return {"hands": len(hands), "verified": len(hands)}


def _fits(deck: list[Card], hand: Hand) -> bool:
    """:func:`_dealt_from`, false for a deck that cannot be dealt as ``hand`` (another deck size)."""
    try:
        return _dealt_from(deck, hand)
    except (ValueError, IndexError):
        return False
