"""Shared helpers of the environment tests: random play through the decision interface."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING

from pitchkit.presets import make_rules, presets

if TYPE_CHECKING:
    from pitchkit.envs.core import Decisions

#: the presets the environments play (not yet Euchre's making of trump with the upcard)
PRESETS = [name for name, p in presets().items() if p.rules.trump_by != "upcard"]


def random_decisions(variant: str, seed: int, *, max_hands: int = 2) -> Iterator[Decisions]:
    """Yield the game before every decision of a seeded random player, for ``max_hands`` hands."""
    from pitchkit.envs.core import Decisions

    game = Decisions(make_rules(variant), seed=seed, max_hands=max_hands)
    rng = random.Random(seed)
    while not game.over:
        yield game
        game.step(rng.choice(game.legal_ids()))
