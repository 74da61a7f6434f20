"""A bot whose first decision in a process is slow, as a search bot's is while it loads its
compiled solver, for the bot pool's tests: ``pitch serve --bot-module tests.server.cold_bot``
registers it as ``cold``. Each answer is written as a line to the file named by
``PITCHKIT_TEST_COLD_LOG``: ``first`` for the slow one, ``next`` for the others."""

from __future__ import annotations

import os
import random
import time

from pitchkit.bots import random_action, register
from pitchkit.engine.actions import Action
from pitchkit.engine.view import View

#: seconds the first decision in a process takes
LOADING = 4.0

_first = [True]


class ColdBot:
    """Slow once per process, then quick; plays random legal actions."""

    name = "cold"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View) -> Action:
        """A random legal action, after :data:`LOADING` seconds the first time in this process."""
        first = _first[0]
        if first:
            time.sleep(LOADING)
            _first[0] = False
        with open(os.environ["PITCHKIT_TEST_COLD_LOG"], "a", encoding="utf-8") as out:
            out.write("first\n" if first else "next\n")
        return random_action(view, self.rng)


register("cold", ColdBot)
