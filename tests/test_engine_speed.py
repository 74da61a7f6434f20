"""The engine's fast paths give what the plain definitions give: the deal, the shuffle, the shared
legal lists, and apply's checks."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit import Hand, IllegalActionError, make_rules
from pitchkit.bench.selfplay import pick, play_random_hand
from pitchkit.engine.actions import Bid, Phase, Play
from pitchkit.engine.cards import CARDS, Card, shuffled
from pitchkit.engine.presets import presets

SHORT = settings(max_examples=25, deadline=None)


def dealt_packet_by_packet(deck: list[int], *, seats: list[int], dealer: int, size: int,
                           packet: int) -> tuple[dict[int, list[int]], list[int]]:
    """The deal as the rules say it: packets clockwise from the dealer's left, the dealer last."""
    start = seats.index(dealer) + 1
    order = seats[start:] + seats[:start]
    hands: dict[int, list[int]] = {s: [] for s in seats}
    pos = 0
    while len(hands[order[-1]]) < size:
        for s in order:
            k = min(packet, size - len(hands[s]))
            hands[s].extend(deck[pos:pos + k])
            pos += k
    return hands, deck[pos:]


@SHORT
@given(seed=st.integers(0, 10**6), packet=st.integers(1, 6), dealer=st.integers(0, 3),
       sit_out=st.sampled_from([None, 0, 1, 2, 3]))
def test_the_deal_gives_packets_clockwise_from_the_dealers_left(seed: int, packet: int, dealer: int,
                                                                 sit_out: int | None) -> None:
    rules = make_rules("pct", {"deal-packet": packet})
    seats = [s for s in range(4) if s != sit_out]
    if dealer not in seats:
        dealer = seats[0]
    deck = shuffled(52, random.Random(seed))
    hand = Hand.deal_from(rules, deck, dealer=dealer, seats=seats if sit_out is not None else None)
    hands, stock = dealt_packet_by_packet(deck, seats=seats, dealer=dealer, size=rules.hand_size,
                                          packet=packet)
    assert [list(h) for h in hand.initial_hands] == [hands.get(s, []) for s in range(4)]
    assert list(hand.initial_stock) == stock and hand.stock == stock
    assert hand.hands == [sum(1 << c for c in hands.get(s, [])) for s in range(4)]
    assert hand.seats == tuple(seats)


@SHORT
@given(seed=st.integers(0, 10**6), size=st.integers(1, 54))
def test_the_shuffle_sorts_the_cards_by_keys_drawn_in_card_order(seed: int, size: int) -> None:
    draw = random.Random(seed).random
    keys = [draw() for _ in range(size)]
    assert shuffled(size, random.Random(seed)) == sorted(range(size), key=lambda c: keys[c])


def test_a_legal_list_is_the_callers_own() -> None:
    rules = make_rules("pct")
    hand = Hand.deal(rules, random.Random(2), dealer=0)
    first = hand.legal_actions()
    first.clear()
    again = hand.legal_actions()
    assert again and again == hand.clone().legal_actions()
    assert all(type(a) is Bid and a.seat == hand.to_act for a in again)


def test_apply_takes_an_equal_action_built_by_the_caller_and_refuses_one_of_another_type() -> None:
    rules = make_rules("pct")
    rng = random.Random(4)
    hand = Hand.deal(rules, rng, dealer=0)
    while hand.phase is not Phase.PLAY:
        hand.apply(pick(hand.legal_actions(), rng))
    seat = hand.to_act
    assert seat is not None
    legal = hand.legal_actions()
    card = legal[0].card  # type: ignore[union-attr]
    for bad in (Play(seat, int(card)), Play(True if seat == 1 else float(seat), card)):  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError):
            hand.apply(bad)
    hand.apply(Play(seat, Card(card)))
    assert hand.log[-1] == Play(seat, card) and not hand.hands[seat] >> card & 1


def test_a_card_is_checked_against_the_state_it_is_played_in() -> None:
    """The legal cards legal_actions() worked out before a play are not taken for the next seat's:
    a card the next seat holds but may not play is refused, and changes nothing."""
    rules = make_rules("pct")
    rng = random.Random(9)
    refused = 0
    for _ in range(30):
        hand = Hand.deal(rules, rng, dealer=1)
        while not hand.done:
            hand.apply(pick(hand.legal_actions(), rng))
            nxt = hand.to_act
            if hand.phase is not Phase.PLAY or nxt is None:
                continue
            allowed = hand.clone().legal_play_mask(nxt)
            for card in [c for c in CARDS if hand.hands[nxt] >> c & 1 and not allowed >> c & 1]:
                log = list(hand.log)
                with pytest.raises(IllegalActionError, match="must follow"):
                    hand.apply(Play(nxt, card))
                assert hand.log == log and hand.hands[nxt] >> card & 1
                refused += 1
    assert refused


@pytest.mark.parametrize("name", sorted(presets()))
def test_random_hands_of_every_preset_follow_suit(name: str) -> None:
    """Every card played was legal by the plain rule: follow the suit led, or play a trump where
    the rules allow it, or any card when void."""
    rules = make_rules(name)
    rng = random.Random(12)
    for i in range(25):
        hand, _ = play_random_hand(rules, rng, dealer=i % rules.players)
        tt = hand.trump_table
        for plays, _ in hand.tricks:
            assert tt is not None
            led = tt.suit[plays[0][1]]
            for seat, card in plays[1:]:
                assert tt.suit[card] == led or (tt.is_trump(card) and not rules.must_follow) or not any(
                    tt.suit[c] == led for c in _held_at(hand, seat, plays[0][1]))


def _held_at(hand: Hand, seat: int, led: int) -> list[int]:
    """The cards ``seat`` held when ``led`` was led (its cards from that trick on)."""
    out: list[int] = []
    seen = False
    for plays, _ in hand.tricks:
        if plays[0][1] == led:
            seen = True
        if seen:
            out.extend(c for s, c in plays if s == seat)
    return out
