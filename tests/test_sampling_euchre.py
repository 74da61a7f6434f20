"""Deals sampled from a seat's view of a Euchre hand agree with every card movement that seat knows
of: the dealer's pick-up of the upcard, a farmer's hand exchanged with the kitty, partner's best, and
a blind double loner's unseen cards."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pitchkit import Hand, make_rules
from pitchkit.bots import random_action
from pitchkit.engine.actions import Action, Bid, Choice, Choose, DeclareTrump, Discard, PassCards
from pitchkit.engine.alone import nines_and_tens
from pitchkit.engine.cards import Card, Suit, bits_of, parse_cards
from pitchkit.engine.rules import Rules
from pitchkit.engine.view import View, make_view
from pitchkit.search.inference import auction_likelihood
from pitchkit.search.sampling import Knowledge, Sample, knowledge, sample
from tests.test_sampling import mask, shown_void

ALL: dict[str, object] = {"partners-best": True, "defend-alone-points": 8, "blind-loner-points": 8,
                          "throw-in-no-trump": True, "throw-in": True}


def nines_tens(rules: Rules) -> int:
    return mask(c for c in rules.deck_cards if nines_and_tens(1 << c))


def played_by(hand: Hand) -> dict[int, int]:
    out = {s: 0 for s in range(hand.n_seats)}
    for plays, _ in [*hand.tricks, (hand.trick, -1)]:
        for s, c in plays:
            out[s] |= 1 << c
    return out


def farmer_exchange(log: Iterable[Action]) -> tuple[int, int] | None:
    """(the farmer, the cards it gave the kitty) from a log that shows its exchange."""
    for call, a in itertools.pairwise(log):
        farmer = type(call) is Choose and call.option is Choice.FARMER
        if farmer and type(a) is Discard and a.seat == call.seat:
            return a.seat, mask(a.cards)
    return None


def best_passers(hand: Hand) -> set[int]:
    return {a.seat for a in hand.log if type(a) is PassCards}


def fits(know: Knowledge, places: list[int]) -> bool:
    """Whether the cards really in each of ``know``'s places can be shared out among its slots (the
    real deal is one of those the knowledge admits)."""
    slots = [(n, allowed & places[i]) for i, (n, allowed) in enumerate(know.slots())]
    cards = bits_of(know.unseen)

    def go(k: int, room: list[int]) -> bool:
        if k == len(cards):
            return not any(room)
        for j, (_, allowed) in enumerate(slots):
            if room[j] and allowed >> cards[k] & 1:
                room[j] -= 1
                if go(k + 1, room):
                    return True
                room[j] += 1
        return False

    return go(0, [n for n, _ in slots])


def true_places(view: View, know: Knowledge, hand: Hand) -> list[int]:
    """For each of ``know``'s slots, the cards really in the place it stands for."""
    out = []
    stock_at = int(know.top >= 0) + len(know.stock_known)
    for where, who in know.places():
        if where == "hand":
            out.append(hand.hands[who] | hand.passed[who] * bool(hand.set_aside()))
        elif where == "discards":
            out.append(hand.discards[who])
        else:
            out.append(mask(hand.stock[stock_at:stock_at + who]))
            stock_at += who
    return out


def check_view(hand: Hand, seat: int, rng: random.Random) -> None:
    """Every sampled deal agrees with what ``seat`` knows, and the real deal is among those admitted."""
    view = make_view(hand, seat)
    rules = view.rules
    know = knowledge(view)
    assert fits(know, true_places(view, know, hand)), "the real deal is not among the sampled ones"
    looked = bool(view.hand) or not view.hand_sizes[seat]
    played = played_by(hand)
    gone = mask(c for plays in played.values() for c in bits_of(plays))
    void = shown_void(view)
    nt = nines_tens(rules)
    up = -1 if view.upcard is None else int(view.upcard)
    on_top = bool(hand.stock) and hand.stock[0] == up
    dealer, partner = view.dealer, rules.partner_of(view.dealer)
    mine = farmer_exchange(view.log)  # this seat's own exchange with the kitty
    public_farmer = next((a.seat for a in view.log if type(a) is Choose and a.option is Choice.FARMER), None)
    farmed = farmer_exchange(hand.log)
    k = rules.farmers_hand
    for _ in range(4):
        smp: Sample = sample(view, rng, know=know)
        if looked:
            assert smp.hands[seat] == mask(view.hand), "the seat's own cards changed"
        assert smp.discards[seat] == mask(view.discards)
        placed = 0
        for s in range(view.n_seats):
            assert smp.hands[s].bit_count() == view.hand_sizes[s]
            assert smp.discards[s].bit_count() == view.discard_counts[s]
            assert smp.hands[s] & void[s] == 0, f"seat {s} got a card of a suit it showed out of"
            for m in (smp.hands[s], smp.discards[s]):
                assert placed & m == 0, "a card placed twice"
                placed |= m
        assert len(smp.stock) == view.stock_size and placed & mask(smp.stock) == 0
        placed |= mask(smp.stock)
        assert placed & gone == 0 and placed | gone == rules.deck_mask, "a card lost or played twice"
        # partner's best: a card this seat passed is with its partner until played or handed back
        mate = rules.partner_of(seat)
        for a in view.log:
            if type(a) is PassCards and a.seat == seat and mate is not None:
                still = mask(a.cards) & ~gone & ~mask(view.hand)
                assert smp.hands[mate] & still == still, "a passed card left the partner's hand"
        if received := mask(view.received) & ~gone:
            assert received & ~(smp.hands[seat] | smp.hands[mate or 0]) == 0
        # the upcard: on the stock until the dealer picks it up, then the dealer's (or passed on in
        # partner's best by the dealer, to the dealer's partner)
        if up >= 0:
            if on_top:
                assert smp.stock[0] == up, "the upcard left the top of the stock"
            else:
                holders = smp.hands[dealer] | smp.discards[dealer] | gone
                if dealer in best_passers(hand) and partner is not None:
                    holders |= smp.hands[partner]
                assert holders >> up & 1, "the picked-up upcard is not the dealer's"
        # a farmer's hand: its own cards given to the kitty lie below the upcard, as it placed them;
        # for everyone, the kitty's exchanged cards are nines and tens, and so is the rest of the
        # farmer's dealt hand
        if mine is not None:
            at = int(on_top)
            assert list(smp.stock[at:at + k]) == hand.stock[at:at + k], "the farmer's own cards moved"
        if public_farmer is not None and farmed is not None:
            at = int(on_top)
            assert mask(smp.stock[at:at + k]) & ~nt == 0, "a card not a nine or ten in the farmer's place"
            kept = (smp.hands[public_farmer] | smp.discards[public_farmer] | played[public_farmer]) & nt
            passed = public_farmer in best_passers(hand)
            assert kept.bit_count() + passed >= rules.hand_size - k, "the farmer's nines and tens are gone"


def choose(view: View, rng: random.Random) -> Action:
    """A random legal action, with the rarer variations made likely: a farmer's hand always
    exchanged, going and defending alone often, a blind double loner seldom."""
    legal = view.legal
    for option, chance in ((Choice.FARMER, 1.0), (Choice.ALONE, 0.6), (Choice.BLIND, 0.15),
                           (Choice.LOOK, 1.0)):
        if Choose(view.seat, option) in legal and rng.random() < chance:
            return Choose(view.seat, option)
    calls = [a for a in legal if type(a) is DeclareTrump]
    if calls and rng.random() < 0.4:
        return rng.choice(calls)
    return random_action(view, rng)


def euchre_hand(rules: Rules, rng: random.Random, *, farmer: int | None, dealer: int) -> Hand:
    """A random deal; ``farmer`` (if any) is dealt five nines and tens."""
    deck = list(rules.deck_cards)
    rng.shuffle(deck)
    n = rules.hand_size
    if farmer is not None:
        nt = [c for c in deck if nines_and_tens(1 << c)]
        rest = [c for c in deck if c not in nt[:n]]
        deck = rest[:farmer * n] + nt[:n] + rest[farmer * n:]
    hands = [deck[s * n:(s + 1) * n] for s in range(rules.players)]
    return Hand(rules, dealer=dealer, hands=hands, stock=deck[rules.players * n:])


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), preset=st.sampled_from(["euchre", "euchre-uk"]),
       farmer=st.sampled_from([None, 0, 1, 2, 3]), k=st.integers(1, 3))
# the dealer is the farmer: after its exchange it orders up, goes alone, discards for the upcard and
# gives its partner's best back, so its kept nines and tens may lie in its hand or its discard
@pytest.mark.slow
@example(seed=1277, preset="euchre", farmer=1, k=1)
def test_sampled_deals_agree_with_every_known_card_movement(seed: int, preset: str, farmer: int | None,
                                                            k: int) -> None:
    rules = make_rules(preset, {**ALL, "farmers-hand": k})
    rng = random.Random(seed)
    hand = euchre_hand(rules, rng, farmer=farmer, dealer=seed % 4)
    while not hand.done:
        for seat in hand.seats:
            check_view(hand, seat, rng)
        assert hand.to_act is not None
        hand.apply(choose(make_view(hand, hand.to_act), rng))


# -- the scenarios ------------------------------------------------------------------------------------

#: seat 1 holds only nines and tens; the upcard is the 9 of hearts, the kitty's face-down cards QH JS KS
FARMER = ["JH JD AH KC AS", "9C TC 9S TS 9D", "KH QC JC QS TD", "TH AC AD KD QD"]
KITTY = "9H QH JS KS"


def deal(rules: Rules) -> Hand:
    return Hand(rules, dealer=3, hands=[[int(c) for c in parse_cards(h.split())] for h in FARMER],
                stock=[int(c) for c in parse_cards(KITTY.split())])


def cards(text: str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(text.split())))


def many(view: View, n: int = 60) -> list[Sample]:
    rng = random.Random(3)
    know = knowledge(view)
    return [sample(view, rng, know=know) for _ in range(n)]


def test_a_farmer_knows_the_cards_it_gave_the_kitty_lie_below_the_upcard() -> None:
    hand = deal(make_rules("euchre", {"farmers-hand": 3}))
    hand.apply(Bid(0, None))
    hand.apply(Choose(1, Choice.FARMER))
    hand.apply(Discard(1, cards("9C TC 9D")))
    given_away = tuple(map(int, cards("9C TC 9D")))
    for smp in many(make_view(hand, 1)):
        assert smp.stock[0] == int(parse_cards(["9H"])[0]) and smp.stock[1:4] == given_away
    # the others know only that the kitty's exchanged cards are nines and tens, and so are two of
    # the farmer's
    nt = nines_tens(hand.rules)
    for smp in many(make_view(hand, 2)):
        assert mask(smp.stock[1:4]) & ~nt == 0 and (smp.hands[1] & nt).bit_count() >= 2


def test_partners_best_the_passed_card_is_known_to_be_with_the_loner_at_once() -> None:
    hand = deal(make_rules("euchre", {"partners-best": True}))
    hand.apply(DeclareTrump(0, Suit.H))
    hand.apply(Choose(0, Choice.ALONE))
    hand.apply(Discard(3, cards("QD")))  # the dealer picked up the upcard
    hand.apply(PassCards(2, cards("KH")))
    assert hand.to_act == 0  # the loner has not given one back yet
    kh = int(parse_cards(["KH"])[0])
    assert all(smp.hands[0] >> kh & 1 for smp in many(make_view(hand, 2)))
    hand.apply(PassCards(0, cards("KC")))
    kc = int(parse_cards(["KC"])[0])
    assert all(smp.hands[2] >> kc & 1 and smp.hands[0] >> kh & 1 for smp in many(make_view(hand, 2)))
    assert all(smp.hands[2] >> kc & 1 for smp in many(make_view(hand, 0)))


def test_an_upcard_the_dealer_picked_up_may_have_been_passed_to_the_dealers_partner() -> None:
    """The dealer's partner goes alone: to the others, the dealer may have handed over the upcard."""
    hand = deal(make_rules("euchre", {"partners-best": True}))
    hand.apply(Bid(0, None))
    hand.apply(DeclareTrump(1, Suit.H))
    hand.apply(Choose(1, Choice.ALONE))
    hand.apply(Discard(3, cards("QD")))
    hand.apply(PassCards(3, cards("9H")))  # the dealer hands the upcard to the loner
    hand.apply(PassCards(1, cards("9C")))
    up = int(parse_cards(["9H"])[0])
    where = [1 if smp.hands[1] >> up & 1 else 3 if (smp.hands[3] | smp.discards[3]) >> up & 1 else -1
             for smp in many(make_view(hand, 0))]
    assert -1 not in where and 1 in where and 3 in where


def test_a_seat_that_has_not_looked_has_its_own_cards_sampled() -> None:
    hand = deal(make_rules("euchre", {"blind-loner-points": 8}))
    view = make_view(hand, 1)
    assert view.hand == () and view.hand_sizes[1] == 5
    hands = {smp.hands[1] for smp in many(view)}
    assert len(hands) > 1 and all(h.bit_count() == 5 for h in hands)


def test_the_calls_of_making_with_the_upcard_are_not_weighed_as_bids_of_points() -> None:
    hand = deal(make_rules("euchre"))
    hand.apply(Bid(0, None))
    hand.apply(Bid(1, None))
    assert auction_likelihood(make_view(hand, 2)) is None
