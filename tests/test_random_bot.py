"""The random bot: each legal action equally likely, a discard too (drawn from every legal set of cards
to discard, not a size first)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pitchkit import Game, make_rules
from pitchkit.bots import make_bot, random_action
from pitchkit.engine.actions import Discard
from pitchkit.engine.view import View


def discard_position(variant: str) -> tuple[Game, View]:
    """A game at a discard: of several sizes where the hand is drawn to a size, else the dealer's
    one card after picking up the upcard."""
    for seed in range(200):
        game = Game(make_rules(variant), seed=seed)
        bots = [make_bot("random", seed=seed + s) for s in range(game.rules.players)]
        while not game.over:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            if view.discard_options is not None and (
                    view.discard_options[1] < view.discard_options[2] or not game.rules.draw_to):
                return game, view
            if len(game.history) > 3:
                break
            game.apply(bots[seat].choose(view))
    pytest.fail(f"no {variant} deal gave a discard of several sizes")


@pytest.mark.parametrize("variant", ["ten-point", "euchre"])
def test_random_discard_is_uniform_over_the_engines_legal_discards(variant: str) -> None:
    game, view = discard_position(variant)
    legal = {a for a in game.legal_actions() if isinstance(a, Discard)}
    assert len(legal) > 5 or variant == "euchre"
    rng = random.Random(1)
    draws = 60 * len(legal)
    counts = Counter(random_action(view, rng) for _ in range(draws))
    assert set(counts) <= legal
    expected = draws / len(legal)
    chi2 = sum((counts[a] - expected) ** 2 / expected for a in legal)
    df = len(legal) - 1
    assert chi2 < df + 6 * (2 * df) ** 0.5, (chi2, df)  # far beyond chance for a non-uniform draw
