"""Deals consistent with what one seat knows.

From a :class:`~pitchkit.engine.view.View`: the unseen cards are the deck minus the seat's hand, its own
discards and every card played. They are shared out among the other seats' hands (sizes from
``view.hand_sizes``), the other seats' hidden discards (``view.discard_counts``; never a point card
of trump, which may not be buried) and the stock (``view.stock_size``).

Constraints come from the play ("follow or trump": a player may trump while holding the led suit,
so only a card that is neither of the led suit nor a trump proves a void in the led suit; a
non-trump card on a trump lead proves a void in trump), and from ``bidder-leads-trump`` (a
non-trump first lead by the bidder proves he held no trump). A seat known void in a suit is never
given a card of it. Where every seat discards and draws after trump is named (ten-point), a seat
is taken to have kept its trumps (:mod:`pitchkit.search.draws`): its hand gets at least the trumps
its count of discards says it kept, and its discards no trump when it kept fewer cards than it
draws to, unless no deal fits that.

Cards move between the hands, the discards and the stock before the play, and the sampled deal
follows every move the seat knows of: cards it passed to its partner stay there (at once for a
Euchre loner's partner's best, where the card is handed over as it is passed); the upcard stays on
top of the stock until the dealer picks it up, and is then the dealer's, or the dealer's partner's
once the dealer has passed a card to that partner in partner's best; a farmer's cards given to the
kitty lie below the upcard, where the farmer knows them and the others know them to be nines and
tens, as was the rest of the farmer's dealt hand; and a seat that has not looked at its cards (a
blind double loner may still be called) has them sampled too.

Sampling is uniform over the consistent deals when a plain shuffle passes the constraints within a
few tries (rejection sampling, tried when a shuffle has a fair chance to fit); otherwise the most
constrained cards are placed first, each into a random open place weighted by the room left, and a
backtracking search guarantees an answer whenever one exists.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from pitchkit.engine.actions import Bid, Choice, Choose, DeclareTrump, Discard, Phase
from pitchkit.engine.alone import nines_and_tens
from pitchkit.engine.cards import BIG_JOKER, bits_of, mask_of
from pitchkit.engine.errors import PitchError
from pitchkit.engine.rules import Rules
from pitchkit.engine.scoring import point_card
from pitchkit.engine.trump import TrumpTable, table_for
from pitchkit.engine.view import View
from pitchkit.search import draws

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
    #: the unseen part of the stock from the top down (below ``top`` and ``stock_known``), as runs of
    #: (how many, mask of cards they may be); empty: ``stock`` cards of any kind
    stock_runs: tuple[tuple[int, int], ...] = ()
    #: cards known to lie in the stock in this order, below ``top``: a farmer's own cards given to the
    #: kitty (not among ``unseen``)
    stock_known: tuple[int, ...] = ()
    #: the slots are filled most constrained first (:func:`pitchkit.search.draws.fill_by_slot`):
    #: set when the discards' inference shapes them
    by_slot: bool = False
    #: (seat, mask, n): at least ``n`` cards of ``mask`` lie in the seat's hand and hidden discards
    #: together (a farmer's nines and tens kept in the exchange, some of which the farmer may have
    #: discarded as the dealer); a drawn deal that breaks it is drawn again
    at_least: tuple[tuple[int, int, int], ...] = ()

    def places(self) -> list[tuple[str, int]]:
        """What each of :meth:`slots` stands for: ``("hand", seat)`` (a seat's hand may come in
        several parts), ``("discards", seat)`` or ``("stock", how many)``, in the stock's order."""
        out = [("hand", s) for s, _, _ in self.hands] + [("discards", s) for s, _, _ in self.discards]
        return out + [("stock", n) for n, _ in self._runs()]

    def slots(self) -> list[tuple[int, int]]:
        """The places the unseen cards are shared out among: (how many, mask of cards allowed)."""
        out = [(n, allowed) for _, n, allowed in self.hands]
        out += [(n, allowed) for _, n, allowed in self.discards]
        return out + list(self._runs())

    def _runs(self) -> tuple[tuple[int, int], ...]:
        return self.stock_runs or ((self.stock, -1),)


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
    """The constraints a seat's view puts on the unseen cards, with what the other seats' discards
    tell where players discard and draw (:mod:`pitchkit.search.draws`) whenever a deal still fits it."""
    kept = draws.kept_trumps(view, trump_table_of(view))
    if kept is not draws.NOTHING:
        k = _knowledge(view, kept)
        if draws.fits(k.unseen, k.slots()):
            return dataclasses.replace(k, by_slot=True)
    return _knowledge(view, draws.NOTHING)


def _knowledge(view: View, kept_trumps: draws.Kept) -> Knowledge:
    r = view.rules
    tt = trump_table_of(view)
    looked = bool(view.hand) or not view.hand_sizes[view.seat]
    played = _played(view)
    seen = mask_of(view.hand) | mask_of(view.discards) | mask_of(c for _, c in played)
    # partner's best hands a card over as it is passed; a partner exchange sets cards aside until
    # everyone has passed
    handed = bool(view.received) or not r.partner_pass
    if not handed:
        seen |= mask_of(view.passed)
    farmer, exchanged, given = _farmer(view)
    seen |= mask_of(given)
    unseen = r.deck_mask & ~seen
    passers = _best_passers(view)
    top, elsewhere = _upcard(view, seen)
    unseen &= ~top
    holders = {view.dealer}
    mate = r.partner_of(view.dealer)
    if view.dealer in passers and mate is not None:
        holders.add(mate)
    partner = r.partner_of(view.seat)
    known: tuple[tuple[int, int], ...] = ()
    held_known = {s: 0 for s in view.seats}
    if view.passed and handed and partner is not None:
        mask = mask_of(view.passed) & unseen
        if mask:
            known = ((partner, mask),)
            held_known[partner] = mask.bit_count()
            unseen &= ~mask
    void = voids(view)
    # cards set aside for a partner (during the exchange) are sampled with the hand they left
    held = {s: view.hand_sizes[s] + view.set_aside_counts[s] - held_known[s] for s in view.seats}
    stock = view.stock_size - bool(top) - len(given)
    stock_mask = r.deck_mask & ~elsewhere
    runs: tuple[tuple[int, int], ...] = ((stock, stock_mask),)
    farmed = farmer is not None and farmer != view.seat
    nines_tens = _nines_and_tens(r) & ~top & ~elsewhere if farmed else 0
    hands: list[tuple[int, int, int]] = []
    for s in view.seats:
        if (s == view.seat and looked) or not held[s]:
            continue
        allowed = unseen & ~void[s] & ~(elsewhere if s not in holders else 0)
        kept = 0
        if farmed and s == farmer:
            kept = held[s] if not exchanged else \
                min(held[s], _farmer_kept(view, s, nines_tens, played, passed=s in passers))
            if kept:
                hands.append((s, kept, allowed & nines_tens))
        trumps = min(kept_trumps.trumps.get(s, 0), held[s] - kept)
        if trumps and tt is not None:
            hands.append((s, trumps, allowed & tt.trump_mask))
        if held[s] > kept + trumps:
            hands.append((s, held[s] - kept - trumps, allowed))
    if farmed and exchanged:  # the cards the farmer gave the kitty lie below the upcard
        n = r.farmers_hand
        runs = ((n, unseen & nines_tens & stock_mask), (stock - n, stock_mask))
    buried = buried_ok_mask(view)
    plain = ~tt.trump_mask if tt is not None else -1
    discards = tuple((s, view.discard_counts[s], unseen & buried & ~(elsewhere if s != view.dealer else 0)
                      & (plain if s in kept_trumps.plain_discards else -1))
                     for s in view.seats if s != view.seat and view.discard_counts[s])
    at_least: tuple[tuple[int, int, int], ...] = ()
    if farmed and exchanged and farmer in view.seats and view.discard_counts[farmer]:
        assert farmer is not None
        kept = _farmer_kept(view, farmer, nines_tens, played, passed=farmer in passers,
                            discarded=False)
        at_least = ((farmer, unseen & nines_tens, kept),)
    k = Knowledge(seat=view.seat, unseen=unseen, hands=tuple(hands), discards=discards, stock=stock,
                  known=known, top=top.bit_length() - 1, stock_runs=runs, stock_known=given,
                  at_least=at_least)
    total = sum(n for n, _ in k.slots())
    if total != unseen.bit_count():
        raise SamplingError(f"{unseen.bit_count()} unseen cards for {total} places")
    return k


def _played(view: View) -> list[tuple[int, int]]:
    """Every card played in the hand so far, as (seat, card)."""
    out = [(s, int(c)) for plays, _ in view.tricks for s, c in plays]
    return out + [(s, int(c)) for s, c in view.trick]


def _nines_and_tens(rules: Rules) -> int:
    """The deck's nines and tens (the cards of a farmer's hand)."""
    return mask_of(c for c in rules.deck_cards if nines_and_tens(1 << c))


def _farmer(view: View) -> tuple[int | None, bool, tuple[int, ...]]:
    """The seat that called a farmer's hand (if any), whether it has exchanged cards with the kitty
    yet, and when it is this seat, the cards it gave the kitty in the order they lie there."""
    at = next((i for i, a in enumerate(view.log) if type(a) is Choose and a.option is Choice.FARMER), None)
    if at is None:
        return None, False, ()
    farmer = view.log[at].seat
    if farmer == view.seat:
        after = view.log[at + 1:at + 2]
        given = tuple(bits_of(mask_of(after[0].cards))) if after and type(after[0]) is Discard else ()
        return farmer, bool(given), given
    # the exchange is the farmer's next action, hidden from the others: it is still to come only
    # while nothing follows the call and the farmer is to discard (a dealer's discard of the upcard
    # comes later, after other actions)
    pending = at == len(view.log) - 1 and view.phase is Phase.DISCARD and view.to_act == farmer
    return farmer, not pending, ()


def _farmer_kept(view: View, farmer: int, nines_tens: int, played: list[tuple[int, int]], *,
                 passed: bool, discarded: bool = True) -> int:
    """How many of the nines and tens a farmer kept in the exchange are still in its hand at least
    (its hand and discards together when not ``discarded``): those kept, less as many as it may
    have played, discarded as the dealer or passed to its partner."""
    shown = sum(1 for s, c in played if s == farmer and nines_tens >> c & 1)
    kept = view.rules.hand_size - view.rules.farmers_hand
    return max(0, kept - shown - view.discard_counts[farmer] * discarded - passed)


def _best_passers(view: View) -> set[int]:
    """The seats that have passed a card in partner's best: the loner's partner and the loner (not a
    blind double loner), then a lone defender's partner and the lone defender, in that order."""
    r = view.rules
    pitcher = view.pitcher
    if not r.partners_best or r.partner_pass or pitcher is None:
        return set()
    team = r.team_of(pitcher)
    queue: list[int] = []
    for a in view.log:
        loner = type(a) is Choose and a.option is Choice.ALONE
        if loner and (a.seat == pitcher or r.team_of(a.seat) != team):
            mate = r.partner_of(a.seat)
            if mate is not None:
                queue += [mate, a.seat]
    if view.phase is Phase.EXCHANGE and view.to_act in queue:
        return set(queue[:queue.index(view.to_act)])
    return set(queue) if view.phase in (Phase.PLAY, Phase.DONE) else set()


def _upcard(view: View, seen: int) -> tuple[int, int]:
    """Where the unseen upcard is: (its bit when it lies on top of the stock, its bit when the dealer
    picked it up and holds or discarded it); (0, 0) when there is none or it is seen. The dealer
    picks it up once trump is made in round one (a blind double loner's call among them)."""
    up = view.upcard
    if up is None or seen >> up & 1:
        return 0, 0
    bit = 1 << up
    calls = [i for i, a in enumerate(view.log)
             if type(a) is DeclareTrump or (type(a) is Choose and a.option is Choice.BLIND)]
    if up >= BIG_JOKER:  # the dealer named the Benny's suit first: not a call
        calls = calls[1:]
    if view.phase == Phase.AUCTION or not calls:
        return bit, 0
    passes = sum(type(a) is Bid for a in view.log[:calls[0]])
    return (0, bit) if passes < len(view.seats) else (bit, 0)


def sample(view: View, rng: random.Random, *, know: Knowledge | None = None) -> Sample:
    """One deal consistent with ``view``, drawn with ``rng``."""
    k = know if know is not None else knowledge(view)
    for _ in range(_REJECTION_TRIES):
        filled = _assign_by_slot(bits_of(k.unseen), k.slots(), rng) if k.by_slot else \
            _assign(bits_of(k.unseen), k.slots(), rng)
        if not k.at_least or _holds_enough(k, filled):
            break
    hands = [0] * view.n_seats
    hands[view.seat] = mask_of(view.hand)
    discards = [0] * view.n_seats
    discards[view.seat] = mask_of(view.discards)
    stock = [k.top] if k.top >= 0 else []
    stock += k.stock_known
    for (where, who), cards in zip(k.places(), filled, strict=True):
        if where == "hand":
            hands[who] |= mask_of(cards)
        elif where == "discards":
            discards[who] = mask_of(cards)
        else:
            rng.shuffle(cards)
            stock += cards
    for s, mask in k.known:
        hands[s] |= mask
    return Sample(hands=tuple(hands), discards=tuple(discards), stock=tuple(stock))


def _holds_enough(k: Knowledge, filled: list[list[int]]) -> bool:
    """Whether a drawn deal keeps every ``at_least`` of ``k``."""
    for seat, mask, n in k.at_least:
        held = 0
        for (where, who), cards in zip(k.places(), filled, strict=True):
            if who == seat and where != "stock":
                held |= mask_of(cards)
        if (held & mask).bit_count() < n:
            return False
    return True


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


def _assign_by_slot(cards: list[int], slots: list[tuple[int, int]],
                    rng: random.Random) -> list[list[int]]:
    """Share ``cards`` among ``slots`` the most constrained slot first (see :mod:`draws`)."""
    for _ in range(_REJECTION_TRIES):
        got = draws.fill_by_slot(cards, slots, rng)
        if got is not None:
            return got
    got = draws.fill_checked(cards, slots, rng)
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
