"""Fair, verifiable deals: a shuffle from the operating system's CSPRNG, and a commitment to it.

Before a hand is dealt the server publishes ``commitment = SHA-256(salt ":" deck)`` (the deck as
card names separated by spaces, top first); after the hand it reveals the deck and the salt, and
anyone can check both the hash and that the hand was dealt from that deck.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import struct
from collections.abc import Sequence
from dataclasses import dataclass

from pitchkit.engine.cards import CARDS

#: the operating system's CSPRNG as a ``random.Random``
SYSTEM = secrets.SystemRandom()


@dataclass(frozen=True, slots=True)
class Deal:
    """A shuffled deck (card indexes, top first), its salt and its commitment."""

    deck: tuple[int, ...]
    salt: str
    commitment: str

    def deck_names(self) -> list[str]:
        """The deck as card names."""
        return [str(CARDS[c]) for c in self.deck]


def commitment(deck_names: Sequence[str], salt: str) -> str:
    """SHA-256 of the salt and the deck, as hex."""
    text = salt + ":" + " ".join(deck_names)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Entropy:
    """Uniform draws from the CSPRNG, read a block at a time: each read of ``os.urandom`` is a
    system call that lets go of the interpreter, and a busy server may wait to get it back, so a
    shuffle reads once instead of once a card."""

    def __init__(self, words: int = 64) -> None:
        self._words: list[int] = []
        self._block = words

    def below(self, n: int) -> int:
        """A uniform choice in ``range(n)`` (``0 < n < 2**32``): a 32-bit draw, redrawn when it
        falls in the incomplete last multiple of ``n``, which would favour the low numbers."""
        limit = (1 << 32) - (1 << 32) % n
        while True:
            if not self._words:
                self._words = list(struct.unpack(f"<{self._block}I", secrets.token_bytes(4 * self._block)))
            word = self._words.pop()
            if word < limit:
                return word % n


def shuffle(cards: Sequence[int]) -> Deal:
    """The deck of ``cards`` (card indexes) shuffled with the operating system's CSPRNG
    (Fisher-Yates), a fresh salt and the commitment."""
    deck = list(cards)
    draws = Entropy(len(deck) + 8)
    for i in range(len(deck) - 1, 0, -1):
        j = draws.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    salt = secrets.token_hex(16)
    names = [str(CARDS[c]) for c in deck]
    return Deal(tuple(deck), salt, commitment(names, salt))


def verify(deck_names: Sequence[str], salt: str, committed: str) -> bool:
    """True when the deck and salt are the ones committed to."""
    return hmac.compare_digest(commitment(deck_names, salt), committed.lower())


def random_below(n: int) -> int:
    """A uniform choice in ``range(n)`` from the CSPRNG."""
    return secrets.randbelow(n)
