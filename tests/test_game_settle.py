"""``Game.settle``: a hand played through ``game.hand`` itself is counted once, as ``Game.apply``
counts it."""

from __future__ import annotations

import random

from pitchkit import make_rules
from pitchkit.bench.selfplay import pick
from pitchkit.engine.game import Game


def test_a_hand_applied_to_itself_is_settled_once_as_game_apply_settles_it() -> None:
    rules = make_rules("pct")
    direct, through = Game(rules, rng=random.Random(5)), Game(rules, rng=random.Random(5))
    choices, again = random.Random(6), random.Random(6)
    for _ in range(3):
        while True:
            hand = direct.hand
            hand.apply(pick(hand.legal_actions(), choices))
            settled = direct.settle()
            assert (settled is None) == (not hand.done)
            expected = through.apply(pick(through.legal_actions(), again))
            assert settled == expected
            if settled is not None:
                assert direct.settle() is None, "a finished hand is counted once"
                break
        assert direct.scores == through.scores and direct.hands_scored == through.hands_scored


def test_settle_while_a_hand_goes_on_changes_nothing() -> None:
    game = Game(make_rules("euchre"), rng=random.Random(1))
    before = (list(game.scores), game.hand, game.hands_scored)
    assert game.settle() is None
    assert (list(game.scores), game.hand, game.hands_scored) == before
