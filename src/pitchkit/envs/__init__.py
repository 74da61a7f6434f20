"""Research environments: Pitch for PettingZoo, OpenSpiel and Gymnasium (``pitchkit[envs]``).

The observation and action encoding all of them share is :mod:`pitchkit.envs.encoding`,
specified in docs/observations.md; each adapter is imported on its own
(``pitchkit.envs.pettingzoo``, ``pitchkit.envs.openspiel``, ``pitchkit.envs.gym``) and needs
only its own framework.
"""

from __future__ import annotations

import importlib.util


def missing(error: ModuleNotFoundError) -> ModuleNotFoundError:
    """The error to raise for ``error``, a framework an environment needs that is not installed:
    it says how to install them."""
    return ModuleNotFoundError(f"{error.name} is not installed: pitchkit's research environments need "
                               "pip install 'pitchkit[envs]'", name=error.name)


if importlib.util.find_spec("numpy") is None:  # every environment's arrays
    raise missing(ModuleNotFoundError(name="numpy"))

