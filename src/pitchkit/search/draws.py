"""What the discard and draw tell about the other hands, for sampling deals (ten-point).

Where every player discards after trump is named and draws back to ``draw_to`` cards, players keep
their trumps and shed the rest (the ``heuristic`` bot's discard, and the usual play): a seat that
discarded ``d`` of its ``hand_size`` dealt cards kept ``hand_size - d`` trumps, and when it kept
fewer than ``draw_to`` cards, nothing it buried was a trump. Its hand now holds those trumps, less
the ones it has played and the card it may have passed to its partner, next to the cards it drew.

The pitcher's hand is left alone: it takes the rest of the stock and discards again, so its count
of discards does not say how many cards it kept the first time.

:func:`fits` tells whether cards can be shared out among places with such constraints at all (a
seat that kept other cards than trumps can make the inference impossible), so the sampler drops
the inference rather than search for a deal that does not exist.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pitchkit.engine.cards import bits_of
from pitchkit.engine.trump import TrumpTable
from pitchkit.engine.view import View


@dataclass(frozen=True, slots=True)
class Kept:
    """The inference from the discards of the seats other than the viewer and the pitcher."""

    #: seat -> the fewest trumps it holds now
    trumps: dict[int, int]
    #: seats whose hidden discards hold no trump
    plain_discards: frozenset[int]


NOTHING = Kept({}, frozenset())


def kept_trumps(view: View, tt: TrumpTable | None) -> Kept:
    """What each other seat's discard says about its hand and its discards (see the module);
    :data:`NOTHING` where there is no discard and draw, or before trump is named."""
    r = view.rules
    if not r.draw_to or tt is None or view.upcard is not None:
        return NOTHING
    played = dict.fromkeys(view.seats, 0)
    tricks = [plays for plays, _ in view.tricks] + [view.trick]
    for plays in tricks:
        for s, c in plays:
            if tt.trump_mask >> int(c) & 1:
                played[s] += 1
    trumps: dict[int, int] = {}
    plain: set[int] = set()
    for s in view.seats:
        d = view.discard_counts[s]
        if s in (view.seat, view.pitcher) or not d:
            continue
        kept = r.hand_size - d
        if kept < r.draw_to:
            plain.add(s)
        if r.partner_of(s) == view.seat and view.received:
            passed = sum(1 for c in view.received if tt.trump_mask >> int(c) & 1)
        else:
            passed = r.partner_pass
        least = kept - played[s] - passed
        if least > 0:
            trumps[s] = least
    return Kept(trumps, frozenset(plain))


def fits(cards: int, slots: list[tuple[int, int]]) -> bool:
    """True if the ``cards`` (a mask) can fill the ``slots`` (how many, mask of cards allowed)
    exactly: as many cards as places, and for every set of slots no more cards that may only go
    there than the room they have (Hall's condition, over the groups of cards allowed in the same
    slots)."""
    if cards.bit_count() != sum(n for n, _ in slots):
        return False
    groups: dict[int, int] = {}
    rest = cards
    while rest:
        low = rest & -rest
        sig = 0
        for i, (_, allowed) in enumerate(slots):
            if allowed & low:
                sig |= 1 << i
        if not sig:
            return False
        groups[sig] = groups.get(sig, 0) + 1
        rest ^= low
    room = [n for n, _ in slots]
    for subset in range(1, 1 << len(slots)):
        inside = sum(k for sig, k in groups.items() if sig & ~subset == 0)
        if inside and inside > sum(room[i] for i in range(len(slots)) if subset >> i & 1):
            return False
    return True


def fill_by_slot(cards: list[int], slots: list[tuple[int, int]],
                 rng: random.Random) -> list[list[int]] | None:
    """Fill the slots with the most constrained first, each with cards drawn at random from those
    left that it allows (a seat's kept trumps before anything else); None when a slot is left
    short."""
    left = 0
    for c in cards:
        left |= 1 << c
    order = sorted(range(len(slots)), key=lambda i: ((slots[i][1] & left).bit_count(), i))
    out: list[list[int]] = [[] for _ in slots]
    for i in order:
        n, allowed = slots[i]
        pool = bits_of(allowed & left)
        if len(pool) < n:
            return None
        out[i] = rng.sample(pool, n)
        for c in out[i]:
            left ^= 1 << c
    return out


def fill_checked(cards: list[int], slots: list[tuple[int, int]],
                 rng: random.Random) -> list[list[int]] | None:
    """Place the cards one at a time, each in a random slot (weighted by its room) after which the
    rest still :func:`fits`; None when the cards do not fit at all. Slower than
    :func:`fill_by_slot`, but it never fails when an answer exists."""
    left = 0
    for c in cards:
        left |= 1 << c
    room = [[n, allowed] for n, allowed in slots]
    if not fits(left, [(n, a) for n, a in room]):
        return None
    out: list[list[int]] = [[] for _ in slots]
    order = list(cards)
    rng.shuffle(order)
    for c in order:
        left ^= 1 << c
        options = [i for i, (n, a) in enumerate(room) if n and a >> c & 1]
        # a random order weighted by room (Efraimidis and Spirakis' keys)
        options.sort(key=lambda i: rng.random() ** (1.0 / room[i][0]), reverse=True)
        for i in options:
            room[i][0] -= 1
            if fits(left, [(n, a) for n, a in room]):
                out[i].append(c)
                break
            room[i][0] += 1
        else:
            return None
    return out
