"""How a deck in dealing order is shared out: packets clockwise from the dealer's left."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from operator import itemgetter

from pitchkit.engine.cards import BITS

#: a card index's bit in a hand's mask
BIT = BITS.__getitem__
#: a seat's cards taken from a deck in dealing order
Take = Callable[[Sequence[int]], Sequence[int]]


@cache
def deal_plan(seats: int, packet: int, size: int) -> tuple[tuple[Take, ...], int]:
    """How a deck in dealing order is dealt to ``seats`` seats, ``size`` cards each in packets of
    ``packet``: for each seat from the dealer's left the getter of its cards, and how many cards are
    dealt (the rest is the stock)."""
    positions: list[list[int]] = [[] for _ in range(seats)]
    pos = 0
    while len(positions[-1]) < size:
        for got in positions:
            k = min(packet, size - len(got))
            got.extend(range(pos, pos + k))
            pos += k
    return tuple(itemgetter(*p) if len(p) > 1 else _one(p[0]) for p in positions), pos


def _one(position: int) -> Take:
    return lambda cards: (cards[position],)


@cache
def seating(active: tuple[int, ...], dealer: int) -> tuple[dict[int, int], tuple[int, ...]]:
    """The next seat clockwise of each seat in the hand, and the seats from the dealer's left
    round to the dealer (shared by every hand with these seats and dealer: never mutated)."""
    nxt = {s: active[(i + 1) % len(active)] for i, s in enumerate(active)}
    order = [nxt[dealer]]
    while len(order) < len(active):
        order.append(nxt[order[-1]])
    return nxt, tuple(order)
