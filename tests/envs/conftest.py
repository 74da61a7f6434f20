"""Shared helpers of the environment tests: random play through the decision interface."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from pitchkit.engine.presets import make_rules, presets

if TYPE_CHECKING:
    from pitchkit.envs.core import Decisions

#: the presets the environments play: every one
PRESETS = list(presets())


def random_decisions(variant: str, seed: int, *, max_hands: int = 2,
                     options: Mapping[str, object] | None = None) -> Iterator[Decisions]:
    """Yield the game before every decision of a seeded random player, for ``max_hands`` hands."""
    from pitchkit.envs.core import Decisions

    game = Decisions(make_rules(variant, dict(options or {})), seed=seed, max_hands=max_hands)
    rng = random.Random(seed)
    while not game.over:
        yield game
        game.step(rng.choice(game.legal_ids()))
