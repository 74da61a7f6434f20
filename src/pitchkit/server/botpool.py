"""Bots off the event loop: decisions run in worker processes (the search bots are CPU-bound), with a
cap on the time one decision may take."""

from __future__ import annotations

import asyncio
import multiprocessing
import secrets
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

from pitchkit.actions import Action
from pitchkit.bots import make_bot
from pitchkit.view import View

#: the bot that decides when another takes too long (instant)
QUICK_BOT = "heuristic"


def decide(name: str, view: View, seed: int) -> Action:
    """One decision of bot ``name`` (run in a worker)."""
    return make_bot(name, seed=seed).choose(view)


class BotPool:
    """Bot decisions in ``processes`` worker processes (0: threads of this process)."""

    def __init__(self, processes: int, *, seconds: float) -> None:
        self.seconds = seconds
        self._quick = ThreadPoolExecutor(max_workers=2, thread_name_prefix="pitchkit-quick-bot")
        self._pool: Executor
        if processes > 0:
            self._pool = ProcessPoolExecutor(max_workers=processes,
                                             mp_context=multiprocessing.get_context("spawn"))
        else:
            self._pool = self._quick

    async def decide(self, name: str, view: View) -> Action:
        """The bot's action, or the quick bot's when the bot has not answered in time."""
        loop = asyncio.get_running_loop()
        seed = secrets.randbits(63)
        try:
            return await asyncio.wait_for(loop.run_in_executor(self._pool, decide, name, view, seed),
                                          self.seconds)
        except TimeoutError:
            return await loop.run_in_executor(self._quick, decide, QUICK_BOT, view, seed)

    def close(self) -> None:
        """Stop the workers (decisions under way are abandoned)."""
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._quick.shutdown(wait=False, cancel_futures=True)
