"""The Gymnasium spaces the PettingZoo and Gymnasium environments share."""

from __future__ import annotations

from typing import Any

import numpy as np

from pitchkit.envs import missing

try:
    from gymnasium import spaces
except ModuleNotFoundError as error:  # without pitchkit[envs]
    raise missing(error) from None

from pitchkit.engine.rules import Rules
from pitchkit.envs import encoding as enc


def observation_space(rules: Rules) -> spaces.Dict:
    """A dict of the observation tensor (docs/observations.md) and the action mask."""
    low, high = enc.Layout.of(rules).bounds()
    return spaces.Dict({
        "observation": spaces.Box(low, high, dtype=np.float32),
        "action_mask": spaces.Box(0, 1, (enc.N_ACTIONS,), dtype=np.int8),
    })


def action_space() -> spaces.Space[Any]:
    """One integer per action id of the action table."""
    return spaces.Discrete(enc.N_ACTIONS)
