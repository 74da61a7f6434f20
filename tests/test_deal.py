"""Chance is explicit: a seeded shuffle or a deck in a given order."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pitchkit import DealError, Hand, make_rules
from pitchkit.engine.cards import shuffled


def test_deal_is_deal_from_of_the_seeded_shuffle() -> None:
    rules = make_rules("ten-point")
    a = Hand.deal(rules, random.Random(5), dealer=1)
    b = Hand.deal_from(rules, shuffled(54, random.Random(5)), dealer=1)
    assert a.hands == b.hands and a.stock == b.stock


def test_deal_from_refuses_a_deck_that_is_not_whole() -> None:
    rules = make_rules("pct")
    with pytest.raises(DealError, match="each of the 52 cards once"):
        Hand.deal_from(rules, [*range(51), 0], dealer=0)
    with pytest.raises(DealError, match="dealer 7 is not a seat"):
        Hand.deal_from(rules, list(range(52)), dealer=7)


def test_shuffle_is_a_uniform_permutation() -> None:
    rng = random.Random(11)
    first = Counter(shuffled(13, rng)[0] for _ in range(13_000))
    assert sorted(shuffled(52, rng)) == list(range(52))
    # each of 13 cards leads about 1,000 times; 4 standard deviations is about 120
    assert all(abs(n - 1000) < 130 for n in first.values()) and len(first) == 13
