"""``Hand.play_card``: a card played by its index does what ``apply(Play(seat, card))`` does, and
refuses what ``apply`` refuses, changing nothing."""

from __future__ import annotations

import random

import pytest

from pitchkit import make_rules
from pitchkit.bench.selfplay import pick
from pitchkit.engine.actions import Play
from pitchkit.engine.errors import IllegalActionError
from pitchkit.engine.hand import Hand
from pitchkit.engine.presets import presets


def _state(hand: Hand) -> tuple[object, ...]:
    return (list(hand.log), list(hand.hands), hand.to_act, hand.phase, list(hand.trick), hand.result)


@pytest.mark.parametrize("variant", sorted(presets()))
def test_a_card_played_by_index_plays_as_apply_plays_it(variant: str) -> None:
    rules = make_rules(variant)
    for seed in range(3):
        by_index = Hand.deal(rules, random.Random(seed), dealer=0)
        applied = Hand.deal(rules, random.Random(seed), dealer=0)
        choices = random.Random(seed + 100)
        while not applied.done:
            action = pick(applied.legal_actions(), choices)
            if type(action) is Play:
                by_index.play_card(action.seat, int(action.card))
            else:
                by_index.apply(action)
            applied.apply(action)
            assert _state(by_index) == _state(applied)


def test_an_illegal_card_by_index_is_refused_and_changes_nothing() -> None:
    rules = make_rules("pct")
    hand = Hand.deal(rules, random.Random(2), dealer=0)
    choices = random.Random(3)
    while hand.phase.value != "play":
        hand.apply(pick(hand.legal_actions(), choices))
    seat = hand.to_act
    assert seat is not None
    other = (seat + 1) % rules.players
    held_by_other = hand.holding(other)[0]
    before = _state(hand)
    with pytest.raises(IllegalActionError):
        hand.play_card(seat, int(held_by_other))  # a card the seat does not hold
    with pytest.raises(IllegalActionError):
        hand.play_card(other, int(held_by_other))  # not this seat's turn
    for bad in (-1, 54, 10**6):
        with pytest.raises(IllegalActionError, match="not the index of a card"):
            hand.play_card(seat, bad)
    with pytest.raises(IllegalActionError):
        hand.play_card(seat, "AS")  # type: ignore[arg-type]
    assert _state(hand) == before
