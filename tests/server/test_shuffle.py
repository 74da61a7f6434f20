"""The server's shuffle (``pitchkit.server.deals``).

``test_a_shuffle_is_a_permutation_of_the_deck``: every deck of every preset comes back with each
card once.

``test_draws_below_a_bound_are_uniform``: draws below 3, 5 and 7 fall in each value about equally
often (a chi-square test, with a bound that a fair draw exceeds about once in a million runs).

``test_every_order_of_a_small_deck_comes_up``: three cards shuffled 3,000 times give all six
orders, each about equally often.
"""

from __future__ import annotations

import collections

import pytest

from pitchkit.engine.presets import make_rules, presets
from pitchkit.server import deals


@pytest.mark.parametrize("preset", sorted(presets()))
def test_a_shuffle_is_a_permutation_of_the_deck(preset: str) -> None:
    cards = make_rules(preset).deck_cards
    deal = deals.shuffle(cards)
    assert sorted(deal.deck) == sorted(cards)
    assert deals.verify(deal.deck_names(), deal.salt, deal.commitment)


def _chi_square(counts: collections.Counter[int], values: int, draws: int) -> float:
    expected = draws / values
    return sum((counts[v] - expected) ** 2 / expected for v in range(values))


@pytest.mark.parametrize("bound", [3, 5, 7])
def test_draws_below_a_bound_are_uniform(bound: int) -> None:
    draws = deals.Entropy()
    n = 6000
    counts = collections.Counter(draws.below(bound) for _ in range(n))
    assert set(counts) == set(range(bound))
    # the 99.9999th percentile of chi-square with 6 degrees of freedom is about 38
    assert _chi_square(counts, bound, n) < 40


def test_every_order_of_a_small_deck_comes_up() -> None:
    n = 3000
    counts = collections.Counter(deals.shuffle([0, 1, 2]).deck for _ in range(n))
    assert len(counts) == 6
    orders = {order: i for i, order in enumerate(sorted(counts))}
    assert _chi_square(collections.Counter({orders[o]: c for o, c in counts.items()}), 6, n) < 40
