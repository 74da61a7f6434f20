"""Deals consistent with what one seat knows.

From a :class:`~pitchkit.view.View`: the unseen cards are the deck minus the seat's hand, its own
discards and every card played. They are shared out among the other seats' hands (sizes from
``view.hand_sizes``), the other seats' hidden discards (``view.discard_counts``; never a point card
of trump, which may not be buried) and the stock (``view.stock_size``).

Constraints come from the play ("follow or trump": a player may trump while holding the led suit,
so only a card that is neither of the led suit nor a trump proves a void in the led suit; a
non-trump card on a trump lead proves a void in trump), and from ``bidder-leads-trump`` (a
non-trump first lead by the bidder proves he held no trump). A seat known void in a suit is never
given a card of it.

Sampling is uniform over the consistent deals when a plain shuffle passes the constraints within a
few tries (rejection sampling, tried when a shuffle has a fair chance to fit); otherwise the most
constrained cards are placed first, each into a random open place weighted by the room left, and a
backtracking search guarantees an answer whenever one exists.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pitchkit.actions import Bid, DeclareTrump, Phase
from pitchkit.cards import BIG_JOKER, bits_of
from pitchkit.errors import PitchError
from pitchkit.scoring import point_card
from pitchkit.trump import TrumpTable, table_for
from pitchkit.view import View

_BURY_BANNED = ("jack", "off-jack", "big-joker", "little-joker", "ace", "ten", "two", "three")
_REJECTION_TRIES = 24
#: below this chance that a plain shuffle fits, the constrained placement starts at once
_MIN_FIT = 0.05


class SamplingError(PitchError):
    """No deal is consistent with the view (the view contradicts itself)."""


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What a seat knows about the cards it cannot see."""

    seat: int
    #: every card the seat has not seen
    unseen: int
    #: for each other seat in the hand: (cards it holds now, mask of cards it may hold)
    hands: tuple[tuple[int, int, int], ...]
    #: for each other seat with hidden discards: (seat, how many, mask of cards they may be)
    discards: tuple[tuple[int, int, int], ...]
    #: cards left in the stock
    stock: int
    #: cards known to be in another seat's hand, as (seat, mask): what this seat passed to its
    #: partner and the partner has not played yet; they are not among ``unseen``
    known: tuple[tuple[int, int], ...] = ()
    #: the upcard when it lies on top of the stock (not among ``unseen``), else -1
    top: int = -1
    #: the cards the stock may hold (-1: any)
    stock_mask: int = -1


@dataclass(frozen=True, slots=True)
class Sample:
    """One deal consistent with a seat's knowledge: every seat's hand (a mask per seat, the
    seat's own included), hidden discards per seat, and the stock in a random order."""

    hands: tuple[int, ...]
    discards: tuple[int, ...]
    stock: tuple[int, ...]


def trump_table_of(view: View) -> TrumpTable | None:
    """The view's trump table, once trump is known."""
    if view.trump is None:
        return None
    r = view.rules
    return table_for(r, int(view.trump))


def buried_ok_mask(view: View) -> int:
    """Cards that may lie among discards: all but trump's point cards (once trump is known); any
    card for the dealer's discard after picking up the upcard."""
    full = view.rules.deck_mask
    tt = trump_table_of(view)
    if tt is None or view.upcard is not None:
        return full
    banned = 0
    for point in _BURY_BANNED:
        if point in view.rules.points:
            c = point_card(point, tt.trump, tt.off_jack)
            if c is not None:
                banned |= 1 << c
    return full & ~banned


def voids(view: View) -> dict[int, int]:
    """Mask of cards each seat is known not to hold, from its plays."""
    tt = trump_table_of(view)
    out = {s: 0 for s in view.seats}
    if tt is None:
        return out
    tricks = [plays for plays, _ in view.tricks]
    if view.trick:
        tricks.append(view.trick)
    for plays in tricks:
        led = tt.suit[plays[0][1]]
        for seat, card in plays[1:]:
            c = int(card)
            if tt.suit[c] != led and not tt.ruff_mask >> c & 1:
                out[seat] |= tt.suit_mask[led]
    r = view.rules
    if r.bidder_leads_trump and tricks and view.pitcher is not None:
        seat, card = tricks[0][0]
        if seat == view.pitcher and not tt.trump_mask >> int(card) & 1:
            out[seat] |= tt.trump_mask
    return out


def knowledge(view: View) -> Knowledge:
    """The constraints a seat's view puts on the unseen cards."""
    r = view.rules
    seen = 0
    for c in view.hand:
        seen |= 1 << c
    for c in view.discards:
        seen |= 1 << c
    for plays, _ in view.tricks:
        for _, c in plays:
            seen |= 1 << c
    for _, c in view.trick:
        seen |= 1 << c
    if not view.received:
        for c in view.passed:  # set aside, not yet handed over
            seen |= 1 << c
    unseen = r.deck_mask & ~seen
    top, elsewhere = _upcard(view, seen)
    unseen &= ~top
    partner = r.partner_of(view.seat)
    known: tuple[tuple[int, int], ...] = ()
    held_known = {s: 0 for s in view.seats}
    if view.passed and view.received and partner is not None:
        mask = 0
        for c in view.passed:
            mask |= 1 << c
        mask &= unseen
        if mask:
            known = ((partner, mask),)
            held_known[partner] = mask.bit_count()
            unseen &= ~mask
    void = voids(view)
    # cards set aside for a partner (during the exchange) are sampled with the hand they left
    held = {s: view.hand_sizes[s] + view.set_aside_counts[s] - held_known[s] for s in view.seats}
    hands = tuple((s, held[s], unseen & ~void[s] & ~(elsewhere if s != view.dealer else 0))
                  for s in view.seats if s != view.seat and held[s])
    buried = buried_ok_mask(view)
    discards = tuple((s, view.discard_counts[s], unseen & buried & ~(elsewhere if s != view.dealer else 0))
                     for s in view.seats if s != view.seat and view.discard_counts[s])
    k = Knowledge(seat=view.seat, unseen=unseen, hands=hands, discards=discards,
                  stock=view.stock_size - bool(top), known=known, top=top.bit_length() - 1,
                  stock_mask=r.deck_mask & ~elsewhere)
    total = sum(n for _, n, _ in hands) + sum(n for _, n, _ in discards) + k.stock
    if total != unseen.bit_count():
        raise SamplingError(f"{unseen.bit_count()} unseen cards for {total} places")
    return k


def _upcard(view: View, seen: int) -> tuple[int, int]:
    """Where the unseen upcard is: (its bit when it lies on top of the stock, its bit when the dealer
    picked it up and holds or discarded it); (0, 0) when there is none or it is seen."""
    up = view.upcard
    if up is None or seen >> up & 1:
        return 0, 0
    bit = 1 << up
    calls = [i for i, a in enumerate(view.log) if type(a) is DeclareTrump]
    if up >= BIG_JOKER:  # the dealer named the Benny's suit first: not a call
        calls = calls[1:]
    if view.phase == Phase.AUCTION or not calls:
        return bit, 0
    passes = sum(type(a) is Bid for a in view.log[:calls[0]])
    return (0, bit) if passes < len(view.seats) else (bit, 0)


def sample(view: View, rng: random.Random, *, know: Knowledge | None = None) -> Sample:
    """One deal consistent with ``view``, drawn with ``rng``."""
    k = know if know is not None else knowledge(view)
    slots: list[tuple[int, int]] = [(n, allowed) for _, n, allowed in k.hands]
    slots += [(n, allowed) for _, n, allowed in k.discards]
    slots.append((k.stock, k.stock_mask))
    cards = bits_of(k.unseen)
    filled = _assign(cards, slots, rng)
    n_seats = view.n_seats
    hands = [0] * n_seats
    mine = 0
    for c in view.hand:
        mine |= 1 << c
    hands[view.seat] = mine
    discards = [0] * n_seats
    mine_d = 0
    for c in view.discards:
        mine_d |= 1 << c
    discards[view.seat] = mine_d
    i = 0
    for s, _, _ in k.hands:
        hands[s] = _mask(filled[i])
        i += 1
    for s, mask in k.known:
        hands[s] |= mask
    for s, _, _ in k.discards:
        discards[s] = _mask(filled[i])
        i += 1
    stock = filled[i]
    rng.shuffle(stock)
    if k.top >= 0:
        stock.insert(0, k.top)
    return Sample(hands=tuple(hands), discards=tuple(discards), stock=tuple(stock))


def samples(view: View, rng: random.Random, n: int) -> list[Sample]:
    """``n`` independent samples."""
    know = knowledge(view)
    return [sample(view, rng, know=know) for _ in range(n)]


def _assign(cards: list[int], slots: list[tuple[int, int]], rng: random.Random) -> list[list[int]]:
    """Share ``cards`` among ``slots`` (capacity, allowed mask), filling every slot exactly."""
    everything = 0
    for c in cards:
        everything |= 1 << c
    if all(allowed & everything == everything for _, allowed in slots):
        deck = list(cards)
        rng.shuffle(deck)
        out, pos = [], 0
        for n, _ in slots:
            out.append(deck[pos:pos + n])
            pos += n
        return out
    tries = _REJECTION_TRIES if _fit_chance(everything, len(cards), slots) >= _MIN_FIT else 0
    for _ in range(tries):
        deck = list(cards)
        rng.shuffle(deck)
        out, pos, ok = [], 0, True
        for n, allowed in slots:
            part = deck[pos:pos + n]
            pos += n
            if any(not allowed >> c & 1 for c in part):
                ok = False
                break
            out.append(part)
        if ok:
            return out
    for _ in range(_REJECTION_TRIES):
        got = _greedy(cards, slots, rng)
        if got is not None:
            return got
    got = _backtrack(cards, slots, rng)
    if got is None:
        raise SamplingError("no deal fits what this seat knows")
    return got


def _fit_chance(everything: int, n_cards: int, slots: list[tuple[int, int]]) -> float:
    """Roughly the chance that a plain shuffle fits every slot (slots taken as independent)."""
    p = 1.0
    for n, allowed in slots:
        k = (allowed & everything).bit_count()
        for i in range(n):
            p *= max(0, k - i) / (n_cards - i)
    return p


def _greedy(cards: list[int], slots: list[tuple[int, int]], rng: random.Random) -> list[list[int]] | None:
    order = list(cards)
    rng.shuffle(order)
    order.sort(key=lambda c: sum(1 for _, a in slots if a >> c & 1))
    room = [n for n, _ in slots]
    out: list[list[int]] = [[] for _ in slots]
    for c in order:
        options = [i for i, (_, a) in enumerate(slots) if a >> c & 1 and room[i]]
        if not options:
            return None
        i = rng.choices(options, weights=[room[j] for j in options])[0]
        out[i].append(c)
        room[i] -= 1
    return out


def _backtrack(cards: list[int], slots: list[tuple[int, int]],
               rng: random.Random) -> list[list[int]] | None:
    order = sorted(cards, key=lambda c: sum(1 for _, a in slots if a >> c & 1))
    room = [n for n, _ in slots]
    out: list[list[int]] = [[] for _ in slots]

    def go(i: int) -> bool:
        if i == len(order):
            return True
        c = order[i]
        options = [j for j, (_, a) in enumerate(slots) if a >> c & 1 and room[j]]
        rng.shuffle(options)
        for j in options:
            room[j] -= 1
            out[j].append(c)
            if go(i + 1):
                return True
            out[j].pop()
            room[j] += 1
        return False

    return out if go(0) else None




def _mask(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m
