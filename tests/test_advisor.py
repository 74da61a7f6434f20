"""The hint's reasons: the chance of making each bid and its expected score change from sampled
deals, each card's average value, and the sentence the hint gives."""

from __future__ import annotations

import itertools
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit import Game, Hand, make_rules
from pitchkit.advice import advisor
from pitchkit.advice.advisor import advise, advise_bids, reason
from pitchkit.advice.hints import hint_json
from pitchkit.bots import make_bot
from pitchkit.engine.actions import Bid, Phase, Play
from pitchkit.engine.cards import Card
from pitchkit.engine.view import View, make_view

STRONG = ["AS", "KS", "QS", "JS", "TS", "3D"]
WEAK = ["2C", "3D", "4H", "5C", "6D", "7H"]


def first_bidder_holding(preset: str, cards: list[str]) -> View:
    """The first bidder's view of a deal where it holds ``cards`` (the others' hands from a fixed
    shuffle; the advisor samples them anyway)."""
    rules = make_rules(preset)
    held = [Card.parse(c) for c in cards]
    rest = [c for c in range(rules.deck_size) if c not in held]
    random.Random(0).shuffle(rest)
    n = rules.hand_size
    others = rules.players - 1
    hands = [held] + [rest[i * n:(i + 1) * n] for i in range(others)]
    hand = Hand(rules, dealer=rules.players - 1, hands=hands, stock=rest[others * n:])
    assert hand.to_act == 0
    return make_view(hand, 0)


@pytest.mark.slow
def test_advice_is_the_same_for_the_same_seed() -> None:
    view = first_bidder_holding("pct", STRONG)
    first = advise_bids(view, random.Random(5), samples=6)
    again = advise_bids(view, random.Random(5), samples=6)
    assert first == again
    assert first.samples == 6
    assert {b.bid for b in first.bids} == {a.amount for a in view.legal if isinstance(a, Bid) and a.amount}


@pytest.mark.slow
def test_ace_to_ten_of_a_suit_makes_four_far_more_often_than_low_off_suit_cards() -> None:
    """Auction Pitch (low to whoever takes it): A-K-Q-J-10 of spades makes 4 in most deals, six low
    cards of three suits almost never; in pct, where low goes to who played it, the same for 3."""
    for preset, bid in (("auction", 4), ("pct", 3)):
        strong = advise_bids(first_bidder_holding(preset, STRONG), random.Random(1), samples=8).bid(bid)
        weak = advise_bids(first_bidder_holding(preset, WEAK), random.Random(1), samples=8).bid(bid)
        assert strong is not None and weak is not None
        assert strong.make >= weak.make + 0.5, (preset, strong, weak)
        assert strong.expected > weak.expected
        assert strong.suit == 3  # spades


@settings(max_examples=6, deadline=None)
@given(preset=st.sampled_from(["pct", "smudge", "ten-point", "seven-point", "auction-partners"]),
       seed=st.integers(0, 10**6))
@pytest.mark.slow
def test_chances_are_probabilities_and_a_higher_bid_is_never_likelier(preset: str, seed: int) -> None:
    game = Game(make_rules(preset), seed=seed)
    assert game.to_act is not None
    view = game.view(game.to_act)
    advice = advise(view, random.Random(seed), samples=4, nodes=400_000)
    rules = view.rules
    plain = sorted((b for b in advice.bids if not rules.is_special_bid(b.bid)), key=lambda b: b.bid)
    for b in advice.bids:
        assert 0.0 <= b.make <= 1.0
        loss = rules.smudge_value if rules.is_special_bid(b.bid) else b.bid
        assert -loss <= b.expected
    # each bid in its own best suit: the chance of the best suit for the lower bid is at least as high
    for low, high in itertools.pairwise(plain):
        if low.suit == high.suit:
            assert low.make >= high.make


def _play_view(preset: str, seed: int) -> View:
    game = Game(make_rules(preset), seed=seed)
    bots = [make_bot("heuristic", seed=seed + s) for s in range(game.rules.players)]
    while True:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        if view.phase == Phase.PLAY and view.trump is not None and len(view.legal) > 1:
            return view
        game.apply(bots[seat].choose(view))


def test_card_advice_values_every_legal_card_best_first() -> None:
    view = _play_view("pct", 4)
    advice = advise(view, random.Random(2), samples=4)
    plays = [a for a in view.legal if isinstance(a, Play)]
    assert {c.card for c in advice.cards} == {str(a.card) for a in plays}
    values = [c.value for c in advice.cards]
    assert values == sorted(values, reverse=True)
    best = next(a for a in plays if str(a.card) == advice.cards[0].card)
    words = reason(best, advice)
    number = r"[+\u2212]\d+\.\d"
    assert re.match(rf"^\S+ is worth {number} on average; the next best, \S+, {number}", words), words


@pytest.mark.slow
def test_the_hint_of_a_bid_says_how_often_it_makes_and_lists_every_bid(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(advisor, "SAMPLES", 8)  # the least the advice rests on: its words are tested here
    view = first_bidder_holding("pct", STRONG)
    got = hint_json("heuristic", view, seed=3)
    assert got["bot"] == "heuristic"
    assert {"bid"} <= set(got["action"])
    bids = got["bids"]
    assert sorted(b["bid"] for b in bids) == [2, 3, 4]
    assert all(0 <= b["make"] <= 1 and b["trump"] in "CDHS" for b in bids)
    assert [b["expected"] for b in bids] == sorted((b["expected"] for b in bids), reverse=True)
    if got["action"]["bid"] == "pass":
        assert got["reason"].startswith("passing; the best bid")
    else:  # the figures' best bid, and what the bot would do where it differs
        assert re.fullmatch(r"makes \d about \d+% of the time \([+\u2212]\d+\.\d expected\)"
                            r"(, where the heuristic bot would (pass|bid \d))?", got["reason"])
        assert got["action"]["bid"] == max(bids, key=lambda b: b["expected"])["bid"]


def test_a_hint_without_an_estimate_says_it_is_the_bots_choice() -> None:
    """Ten-point's discard is not estimated: the hint is the bot's choice, and its reason says so."""
    game = Game(make_rules("ten-point"), seed=2)
    bots = [make_bot("heuristic", seed=s) for s in range(4)]
    while True:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        if view.discard_options is not None:
            break
        game.apply(bots[seat].choose(view))
    got = hint_json("heuristic", view, seed=1)
    assert got["reason"] == "the heuristic bot's choice: discards are not estimated"
    assert "bids" not in got and "cards" not in got and "choices" not in got
    assert "discard" in got["action"]


@pytest.mark.slow
def test_a_clock_limit_still_solves_the_least_number_of_deals() -> None:
    """With no time at all, a bid's estimate still rests on eight solved deals, a card's on four."""
    bids = advise(first_bidder_holding("pct", STRONG), random.Random(1), samples=32, seconds=0.0)
    cards = advise(_play_view("pct", 4), random.Random(1), samples=32, seconds=0.0)
    assert (bids.samples, len(bids.bids)) == (8, 3), bids
    assert cards.samples == 4 and cards.cards, cards
