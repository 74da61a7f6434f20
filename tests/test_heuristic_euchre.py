"""The heuristic bot's making of trump at Euchre: it orders up and names trump with about two tricks of
its own (the partner is counted on for about one), passes with less, goes alone with a hand that
should take every trick, and in self-play trump is made in nearly every hand while the makers are
still euchred now and then."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit import Hand, make_rules
from pitchkit.bots.heuristic import HeuristicBot
from pitchkit.bots.tricks import MAKING, MakingPolicy, choose_making, strength
from pitchkit.engine.actions import Bid, Choice, Choose, DeclareTrump
from pitchkit.engine.cards import Card, Suit, parse_cards
from pitchkit.engine.making import Making
from pitchkit.engine.view import make_view

EUCHRE = make_rules("euchre")
DECK = [int(c) for c in EUCHRE.deck_cards]


def deal_to_first(cards: str, upcard: str, *, dealer: int = 3, seed: int = 0, holder: int | None = None
                  ) -> Hand:
    """A hand whose first seat to speak (dealer's left; or ``holder``) holds ``cards`` with ``upcard``
    turned up, the other cards dealt at random by ``seed``."""
    mine = [int(c) for c in parse_cards(cards.split())]
    up = int(Card.parse(upcard))
    rest = [c for c in DECK if c not in mine and c != up]
    random.Random(seed).shuffle(rest)
    first = (dealer + 1) % 4 if holder is None else holder
    hands = [mine if s == first else [rest.pop() for _ in range(5)] for s in range(4)]
    return Hand(EUCHRE, dealer=dealer, hands=hands, stock=[up, *rest])


def first_call(cards: str, upcard: str, *, dealer: int = 3) -> object:
    hand = deal_to_first(cards, upcard, dealer=dealer)
    seat = hand.to_act
    assert seat is not None
    return choose_making(make_view(hand, seat))


def test_order_up_with_three_trumps_and_the_right_bower() -> None:
    assert first_call("JH QH 9H AC TD", "KH", dealer=2) == DeclareTrump(3, Suit.H)


def test_order_up_with_both_bowers_and_an_off_ace_even_giving_the_dealer_the_upcard() -> None:
    assert first_call("JH JD AC 9S TS", "9H") == DeclareTrump(0, Suit.H)


def test_pass_with_one_trump() -> None:
    assert first_call("9H AC KS QD TD", "KH") == Bid(0, None)


def test_pass_with_two_low_trumps_and_no_ace() -> None:
    assert first_call("9H TH KS QD TD", "QH") == Bid(0, None)


def test_go_alone_with_the_bowers_the_ace_of_trump_and_an_off_ace() -> None:
    hand = deal_to_first("JH JD AH AC 9S", "KH", dealer=2)
    seat = hand.to_act
    assert seat is not None
    hand.apply(choose_making(make_view(hand, seat)))
    assert hand.pitcher == seat
    assert choose_making(make_view(hand, seat)) == Choose(seat, Choice.ALONE)


def test_with_the_partner_on_an_ordinary_make() -> None:
    hand = deal_to_first("JH QH 9H AC TD", "KH", dealer=2)
    seat = hand.to_act
    assert seat is not None
    hand.apply(choose_making(make_view(hand, seat)))
    assert choose_making(make_view(hand, seat)) == Choose(seat, Choice.PARTNER)


@settings(max_examples=25, deadline=None)
@given(st.permutations(DECK), st.sampled_from(range(4)))
def test_a_void_never_lowers_a_holdings_strength(deck: list[int], suit: int) -> None:
    """Strength counts a void only as a gain: the same cards score at least as much with the void
    weight as without it."""
    hand = Hand.deal_from(EUCHRE, deck, dealer=0)
    view = make_view(hand, 1)
    cards = [int(c) for c in view.hand]
    plain = MakingPolicy(make_at=MAKING.make_at, name_at=MAKING.name_at, alone_at=MAKING.alone_at,
                         defend_alone_at=MAKING.defend_alone_at, void=0.0)
    assert strength(view, cards, suit) >= strength(view, cards, suit, plain)


@pytest.mark.parametrize("preset", ["euchre", "euchre-stick", "euchre-uk"])
def test_self_play_makes_trump_in_nearly_every_hand_and_is_sometimes_euchred(preset: str) -> None:
    """Over 200 deals of heuristic self-play, at most 5% are thrown in, and the makers make it in
    between 70% and 95% of the rest (a bot that never risks a euchre passes too much)."""
    rules = make_rules(preset)
    thrown = made = 0
    deals = 200
    for i in range(deals):
        hand = Hand.deal(rules, random.Random(i), dealer=i % 4)
        bots = [HeuristicBot(random.Random(i * 4 + s)) for s in range(4)]
        while not hand.done:
            seat = hand.to_act
            assert seat is not None
            hand.apply(bots[seat].choose(make_view(hand, seat)))
        assert hand.result is not None and isinstance(hand.auction, Making)
        if hand.result.pitcher is None:
            thrown += 1
        else:
            made += bool(hand.result.made)
    assert thrown <= deals * 0.05
    assert 0.70 <= made / (deals - thrown) <= 0.95
