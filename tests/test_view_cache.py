"""Views share the part every seat may see, taken once per state of a hand: a view from the shared
part equals one built afresh, stays as it was taken when the hand goes on, and owns its rules."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit.bots import random_action
from pitchkit.engine import view as view_module
from pitchkit.engine.game import Game
from pitchkit.engine.hand import Hand
from pitchkit.engine.presets import make_rules, presets
from pitchkit.engine.view import View, make_view

PRESETS = list(presets())


def fresh(hand: Hand, seat: int) -> View:
    """The view built with nothing remembered."""
    hand.view_cache = None
    view_module._CARDS.clear()
    return make_view(hand, seat)


def fields(view: View) -> dict[str, object]:
    return {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}


@pytest.mark.parametrize("variant", PRESETS)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**6), asking=st.randoms(use_true_random=False))
def test_a_view_from_the_shared_part_equals_one_built_afresh(variant: str, seed: int,
                                                             asking: random.Random) -> None:
    """Seats asked in any order, not after every action (so the shared part is carried over
    several actions), and sometimes of a copy of the hand."""
    game = Game(make_rules(variant), seed=seed)
    rng = random.Random(seed)
    kept: list[tuple[View, Hand, int]] = []
    while not game.over and game.hands_scored < 2:
        hand = game.hand
        for seat in asking.sample(range(hand.n_seats), asking.randint(0, hand.n_seats)):
            target = hand.clone() if asking.random() < 0.2 else hand
            view = make_view(target, seat)
            kept.append((view, target.clone(), seat))
        actor = game.to_act
        assert actor is not None
        game.apply(random_action(game.view(actor), rng))
    for view, then, seat in kept:
        assert fields(view) == fields(fresh(then, seat))


def test_views_of_one_state_share_the_table_but_not_the_rules() -> None:
    game = Game(make_rules("pct"), seed=3)
    for _ in range(6):
        seat = game.to_act
        assert seat is not None
        game.apply(random_action(game.view(seat), random.Random(1)))
    a, b = game.view(0), game.view(1)
    assert a.tricks is b.tricks and a.bids is b.bids
    assert a.rules == b.rules and a.rules is not b.rules
    object.__setattr__(a.rules, "target", 1)
    assert game.view(1).rules.target == game.rules.target != 1
    assert game.view(0).rules.target == game.rules.target
