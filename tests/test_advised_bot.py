"""The ``advised`` bot: legal and deterministic by seed on every Pitch preset, and bids by the score
situation (going out, an opponent at the target's door)."""

from __future__ import annotations

import random

import pytest

from pitchkit import make_rules
from pitchkit.bots import bot_names, make_bot
from pitchkit.engine.actions import Action, Bid, Phase
from pitchkit.engine.view import View, make_view
from pitchkit.search import contract
from pitchkit.search.advised import AdvisedBot, going_out_bonus
from pitchkit.search.budget import TINY
from tests.test_bots import HAND_NODES, HAND_SAMPLES, PITCH, deal_with, play_simulated_hand


def test_advised_is_registered() -> None:
    assert "advised" in bot_names()


def _hand(preset: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> list[Action]:
    return play_simulated_hand(preset, seed, lambda s: AdvisedBot(random.Random(seed * 10 + s), TINY,
                                                                samples=HAND_SAMPLES, nodes=HAND_NODES),
                               monkeypatch)


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["pct", "auction-partners", "ten-point"])
def test_advised_plays_a_legal_hand_the_same_way_for_a_seed(preset: str,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    assert _hand(preset, 1, monkeypatch) == _hand(preset, 1, monkeypatch)


@pytest.mark.slow
@pytest.mark.parametrize("preset", [p for p in PITCH if p not in ("pct", "auction-partners", "ten-point")])
def test_advised_plays_legal_hands_on_the_other_presets(preset: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    assert _hand(preset, 2, monkeypatch)


def _auction_view(preset: str, scores: list[int]) -> View:
    rules = make_rules(preset)
    hand = deal_with(rules, random.Random(4), dealer=3, fixed={}, scores=scores)
    assert hand.phase == Phase.AUCTION and hand.to_act == 0
    return make_view(hand, 0)


def test_making_the_bid_to_go_out_is_worth_a_hand() -> None:
    near = _auction_view("auction-partners", [5, 0, 5, 0])
    far = _auction_view("auction-partners", [1, 0, 1, 0])
    # partners at 5 of 7 go out by making 2 (the pitcher goes out), not by making 1
    assert going_out_bonus(near, 2, 0.6, 4.0) == pytest.approx(0.6 * 4.0)
    assert going_out_bonus(near, 1, 0.6, 4.0) == 0.0
    assert going_out_bonus(far, 4, 0.6, 4.0) == 0.0


def test_no_going_out_bonus_when_a_rival_may_go_out_first() -> None:
    # pct: the highest score goes out; a rival at 10 of 11 may get there in the same hand
    view = _auction_view("pct", [9, 10, 0, 0])
    assert going_out_bonus(view, 2, 0.7, 4.0) == 0.0
    assert going_out_bonus(_auction_view("pct", [9, 2, 0, 0]), 2, 0.7, 4.0) == pytest.approx(2.8)


def test_passing_costs_more_when_an_opponent_nears_the_target() -> None:
    calm = _auction_view("pct", [0, 0, 0, 0])
    danger = _auction_view("pct", [0, 10, 0, 0])
    assert contract.pass_value(danger, 4.0) < contract.pass_value(calm, 4.0)


@pytest.mark.slow
def test_advised_bids_with_a_sure_hand() -> None:
    rules = make_rules("pct")
    hand = deal_with(rules, random.Random(5), dealer=3, fixed={0: ["AS", "KS", "QS", "JS", "TS", "2S"]})
    action = make_bot("advised", seed=1).choose(make_view(hand, 0))
    assert isinstance(action, Bid) and action.amount == rules.max_bid
