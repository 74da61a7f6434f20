"""OpenSpiel's Euchre driven from Python the way the engine is, for a side-by-side ratio.

Needs the optional extra ``pitchkit[bench]`` (``open_spiel``); without it :func:`euchre_rate`
returns ``None``.
"""

from __future__ import annotations

import importlib
import random
import time
from types import ModuleType
from typing import Any

from pitchkit.bench.selfplay import Rate, pick

#: the rules of OpenSpiel's ``euchre`` (its defaults) as options of pitchkit's ``euchre`` preset: the
#: dealer is stuck in round two, and a dealer who picks the upcard up keeps it
OPENSPIEL_OPTIONS: dict[str, object] = {"stick-dealer": True, "keep-upcard": True}


def _pyspiel() -> ModuleType | None:
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        return None


def openspiel_version() -> str | None:
    """The installed open_spiel version, or ``None``."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("open_spiel")
    except PackageNotFoundError:
        return None


def euchre_rate(*, seconds: float, seed: int = 0, game: str = "euchre") -> Rate | None:
    """Random games per second of an OpenSpiel game: at every node, chance or player, the Python
    loop asks for ``legal_actions()`` and applies one chosen by :func:`~pitchkit.bench.selfplay.pick`
    from a seeded ``random.Random``, as the engine's loop (:func:`~pitchkit.bench.selfplay.play_out`)
    does. ``decisions`` counts player decisions only (not the dealing): their mean per game comes
    from games played before the clock starts, so the timed loop does nothing else."""
    pyspiel = _pyspiel()
    if pyspiel is None:
        return None
    g = pyspiel.load_game(game)
    rng = random.Random(seed)
    sample = 200
    counted = 0
    for _ in range(sample):
        state = _random_game(g, rng)
        counted += sum(1 for item in state.full_history() if item.player >= 0)
    games = 0
    clock = time.process_time
    start = clock()
    end = start + seconds
    while True:
        _random_game(g, rng)
        games += 1
        now = clock()
        if now >= end:
            return Rate(games, round(games * counted / sample), now - start)


def _random_game(game: Any, rng: random.Random) -> Any:
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(pick(state.legal_actions(), rng))
    return state
