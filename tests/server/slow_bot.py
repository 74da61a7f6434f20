"""A bot that thinks far past any time cap, for the bot pool's tests: ``pitch serve --bot-module
tests.server.slow_bot`` registers it as ``sleepy``."""

from __future__ import annotations

import random
import time

from pitchkit.bots import random_action, register
from pitchkit.engine.actions import Action
from pitchkit.engine.view import View

#: seconds one decision takes
THINKING = 600.0


class SleepyBot:
    """Sleeps, then plays a random legal action."""

    name = "sleepy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View) -> Action:
        """A random legal action, after :data:`THINKING` seconds."""
        time.sleep(THINKING)
        return random_action(view, self.rng)


register("sleepy", SleepyBot)
