"""The minimal hands of ``benchmarks/engine_bound.py`` play whole, legal hands (they bound the
engine's speed only if they do the same work)."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

_PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "engine_bound.py"


@pytest.fixture(scope="module")
def bound() -> ModuleType:
    spec = importlib.util.spec_from_file_location("engine_bound", _PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _play(hand: object, rng: random.Random) -> int:
    decisions = 0
    while not hand.done:  # type: ignore[attr-defined]
        legal = hand.legal_actions()  # type: ignore[attr-defined]
        assert legal, "a seat to act always has an action"
        hand.apply(legal[int(rng.random() * len(legal))])  # type: ignore[attr-defined]
        decisions += 1
    return decisions


def test_minimal_pct_hand_plays_every_card_and_scores_at_most_four_points(bound: ModuleType) -> None:
    rng = random.Random(3)
    for dealer in range(40):
        hand = bound.PctHand(rng, dealer % 4)
        assert _play(hand, rng) >= 28  # four bids and 24 cards
        assert not any(hand.hands)
        won = hand.score
        assert sum(p for p in won if p > 0) <= 4
        assert min(won) >= -4


def test_minimal_euchre_hand_scores_one_side_one_two_or_four(bound: ModuleType) -> None:
    rng = random.Random(4)
    for dealer in range(40):
        hand = bound.EuchreHand(rng, dealer % 4)
        _play(hand, rng)
        assert sorted(hand.score)[0] == 0 and max(hand.score) in (1, 2, 4)
        assert sum(hand.tricks) == 5


def test_minimal_hand_rejects_an_action_out_of_turn(bound: ModuleType) -> None:
    hand = bound.PctHand(random.Random(5), 0)
    with pytest.raises(ValueError, match="turn"):
        hand.apply(bound.Act(0, -1))
