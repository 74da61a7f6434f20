"""OpenSpiel's Euchre driven from Python the way the engine is, for a side-by-side ratio.

Needs the optional extra ``pitchkit[bench]`` (``open_spiel``); without it :func:`euchre_rate`
returns ``None``.
"""

from __future__ import annotations

import importlib
import random
import time
from types import ModuleType

from pitchkit.bench.selfplay import Rate, pick


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
    loop asks for ``legal_actions()`` and applies one chosen uniformly by a seeded
    ``random.Random`` (:func:`~pitchkit.bench.selfplay.pick`, as the engine's loop does).
    ``decisions`` counts player decisions only (not the dealing)."""
    pyspiel = _pyspiel()
    if pyspiel is None:
        return None
    g = pyspiel.load_game(game)
    rng = random.Random(seed)
    games = decisions = 0
    clock = time.process_time
    start = clock()
    end = start + seconds
    while True:
        state = g.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                decisions += 1
            actions = state.legal_actions()
            state.apply_action(pick(actions, rng))
        games += 1
        now = clock()
        if now >= end:
            return Rate(games, decisions, now - start)
