"""The hint while trump is made with the upcard (Euchre): it says why in a player's words (the trumps
and bowers held, the off aces and voids, where the upcard goes) and the chance of making it and of a
march from sampled deals solved with every card seen, or the heuristic bot's estimate when no deal
could be solved; and it never uses a card the seat cannot see."""

from __future__ import annotations

import random
import statistics
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit import Hand
from pitchkit.advice import making_advice
from pitchkit.advice.hints import hint_json, hint_label
from pitchkit.advice.making_advice import MakingOdds, holding, making_odds, making_reason
from pitchkit.bots import make_bot
from pitchkit.engine.actions import Bid, DeclareTrump
from pitchkit.engine.cards import Suit
from pitchkit.engine.view import View, make_view
from tests.test_heuristic_euchre import DECK, EUCHRE, deal_to_first


def first_view(cards: str, upcard: str, *, dealer: int = 3, seed: int = 0) -> View:
    hand = deal_to_first(cards, upcard, dealer=dealer, seed=seed)
    assert hand.to_act is not None
    return make_view(hand, hand.to_act)


@pytest.mark.parametrize(("cards", "upcard", "dealer"), [
    ("JH QH 9H AC TD", "KH", 2), ("9H AC KS QD TD", "KH", 3), ("JH JD AH AC 9S", "KH", 2)])
@pytest.mark.slow
def test_the_hint_is_the_same_whoever_holds_the_cards_the_seat_cannot_see(
        cards: str, upcard: str, dealer: int) -> None:
    """The same seat's cards and upcard with the other hands dealt three ways: the same hint, reason
    and odds for the same seed."""
    hints = [hint_json("heuristic", first_view(cards, upcard, dealer=dealer, seed=s), 7) for s in range(3)]
    hidden = [deal_to_first(cards, upcard, dealer=dealer, seed=s).hands for s in range(3)]
    assert hidden[0] != hidden[1] != hidden[2]
    assert hints[0]["reason"] and hints[0] == hints[1] == hints[2]


@pytest.mark.slow
@settings(max_examples=6, deadline=None)
@given(st.permutations(DECK), st.integers(0, 3), st.randoms(use_true_random=False))
def test_a_hint_depends_only_on_what_the_seat_sees(deck: list[int], dealer: int, rng: random.Random) -> None:
    """Any deal, and the same deal with the cards the first seat to speak cannot see shuffled among the
    other hands and the stock below the upcard: the same hint, reason and odds."""
    hand = Hand.deal_from(EUCHRE, deck, dealer=dealer)
    seat = hand.to_act
    assert seat is not None
    hidden = [c for s in range(4) if s != seat for c in bits(hand.hands[s])] + list(hand.stock[1:])
    rng.shuffle(hidden)
    hands = [bits(hand.hands[s]) if s == seat else [hidden.pop() for _ in range(5)] for s in range(4)]
    other = Hand(EUCHRE, dealer=dealer, hands=hands, stock=[hand.stock[0], *hidden])
    seen = hint_json("heuristic", make_view(hand, seat), 5)
    assert seen["reason"] and seen == hint_json("heuristic", make_view(other, seat), 5)


def bits(mask: int) -> list[int]:
    return [c for c in DECK if mask >> c & 1]


def test_ordering_up_says_three_trumps_with_the_right_bower_and_the_chance_of_making_it() -> None:
    view = first_view("JH QH 9H AC TD", "KH", dealer=2)
    hint = hint_json("heuristic", view, 1)
    assert hint["action"] == {"trump": "H"}
    reason = hint["reason"]
    assert reason.startswith("three trumps with the right bower, plus an off ace and a void"), reason
    assert "the K♥ goes to the dealer, an opponent" in reason
    assert "sampled deals solved with every card seen" in reason
    odds = hint["making"]
    assert odds["trump"] == "H" and odds["deals"] == making_advice.SAMPLES
    assert 0 <= odds["march"] <= odds["make"] <= 1
    assert f"made in {odds['make']:.0%} of {odds['deals']}" in reason


def test_passing_says_one_trump_and_what_ordering_up_would_make() -> None:
    view = first_view("9H AC KS QD TD", "KH")
    hint = hint_json("heuristic", view, 1)
    assert hint["action"] == {"bid": "pass"}
    reason = hint["reason"]
    assert reason.startswith("♥ hearts: one trump, plus an off ace"), reason
    assert "ordering up would be made in " in reason and "making" in hint


def test_the_dealer_counts_the_upcard_it_picks_up() -> None:
    hand = deal_to_first("9C JH AH TS KD", "QH", dealer=0, holder=0)
    while hand.to_act != 0:
        seat = hand.to_act
        assert seat is not None
        hand.apply(Bid(seat, None))
    view = make_view(hand, 0)
    assert holding(view, int(Suit.H)).startswith("three trumps with the right bower and the ace")
    reason, _ = making_reason(view, DeclareTrump(0, Suit.H), random.Random(1))
    assert "you pick up the Q♥" in reason


def test_five_top_trumps_always_march() -> None:
    view = first_view("JS JC AS KS QS", "9S", dealer=1)
    odds = making_odds(view, int(Suit.S), random.Random(3), samples=8)
    assert odds is not None and odds.solved == 8 and odds.made == odds.marched == 8


def test_without_a_solved_deal_the_reason_is_the_heuristic_estimate(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(making_advice, "making_odds", lambda *args, **kwargs: None)
    view = first_view("JH QH 9H AC TD", "KH", dealer=2)
    reason, odds = making_reason(view, DeclareTrump(view.seat, Suit.H), random.Random(1))
    assert odds is None and "the heuristic bot's estimate: strength " in reason and "sampled" not in reason


def test_a_calls_value_counts_made_marched_and_euchred_by_the_rules_points() -> None:
    """Two deals made, one marched, one euchred: the mean of the makers' points, the euchre negative."""
    odds = MakingOdds(suit=int(Suit.H), solved=4, made=3, marched=1, alone=False)
    value, error = odds.call_value(EUCHRE)
    outcomes = [EUCHRE.made_points] * 2 + [EUCHRE.march_points, -EUCHRE.euchre_points]
    assert value == pytest.approx(statistics.mean(outcomes))
    assert error == pytest.approx(statistics.stdev(outcomes) / 2)
    alone, _ = MakingOdds(suit=int(Suit.H), solved=4, made=3, marched=1, alone=True).call_value(EUCHRE)
    assert alone - value == pytest.approx((EUCHRE.alone_march_points - EUCHRE.march_points) / 4)


def test_a_hand_the_odds_favour_calling_gets_a_call_hint_where_the_bot_would_pass() -> None:
    """Both bowers, the upcard to an opponent: the heuristic bot passes, but ordering up is made in
    most sampled deals and is worth more than passing, so the hint orders up and says why."""
    view = first_view("9C JD JH AH TS", "9D", dealer=2)
    assert make_bot("heuristic", seed=0).choose(view) == Bid(view.seat, None)
    hint = hint_json("heuristic", view, 1)
    assert hint["action"] == {"trump": "D"} and hint["bot_action"] == {"bid": "pass"}
    reason = hint["reason"]
    assert reason.startswith("two trumps with the right bower and the left bower, plus an off ace"), reason
    assert "would be" not in reason and "where the heuristic bot would pass" in reason, reason
    worth = making_advice.call_worth(view, odds_of(hint))
    assert worth > 0 and hint["making"]["worth"] == round(worth, 2)
    assert f"the call is worth {worth:+.1f} points a hand against passing" in reason


def odds_of(hint: dict[str, Any]) -> MakingOdds:
    """The odds a hint quotes, back from its JSON."""
    m = hint["making"]
    return MakingOdds(int(Suit[m["trump"]]), m["deals"], round(m["make"] * m["deals"]),
                      round(m["march"] * m["deals"]), m["alone"])


def test_a_weak_hand_still_gets_a_pass_hint() -> None:
    view = first_view("9H AC KS QD TD", "KH")
    hint = hint_json("heuristic", view, 1)
    assert hint["action"] == {"bid": "pass"} and "bot_action" not in hint
    assert "ordering up would be made in " in hint["reason"]


@pytest.mark.slow
@settings(max_examples=6, deadline=None)
@given(st.permutations(DECK), st.integers(0, 3))
def test_a_hint_never_goes_against_its_own_odds(deck: list[int], dealer: int) -> None:
    """Whatever the deal, a pass is never hinted under a call its odds rate above passing, nor a call
    they rate below it (where both may be made)."""
    hand = Hand.deal_from(EUCHRE, deck, dealer=dealer)
    seat = hand.to_act
    assert seat is not None
    view = make_view(hand, seat)
    hint = hint_json("heuristic", view, 3)
    if "making" not in hint or Bid(seat, None) not in view.legal:
        return
    worth = making_advice.call_worth(view, odds_of(hint))
    if hint["action"] == {"bid": "pass"}:
        assert worth <= 0, hint
    elif hint["action"] == {"trump": hint["making"]["trump"]}:
        assert worth > 0, hint


def test_a_hint_that_follows_its_odds_is_headed_by_the_solved_deals_not_the_bot() -> None:
    """The terminal and the browser head a hint with who gave it: the bot, or the solved deals when
    the hint follows their odds against the bot's own choice."""
    called = hint_json("heuristic", first_view("9C JD JH AH TS", "9D", dealer=2), 1)
    passed = hint_json("heuristic", first_view("9H AC KS QD TD", "KH"), 1)
    assert hint_label(called) == "solved deals"
    assert hint_label(passed) == "heuristic bot"
