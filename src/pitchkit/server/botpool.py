"""Bots off the event loop: decisions run in worker processes (the search bots are CPU-bound), with a
cap on the time one decision may take."""

from __future__ import annotations

import asyncio
import multiprocessing
import secrets
import signal
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from pitchkit.actions import Action
from pitchkit.bots import make_bot
from pitchkit.view import View

#: the bot that decides when another takes too long (instant)
QUICK_BOT = "heuristic"


def decide(name: str, view: View, seed: int) -> Action:
    """One decision of bot ``name`` (run in a worker)."""
    return make_bot(name, seed=seed).choose(view)


def _leave_stopping_to_the_server() -> None:
    # a service manager or Ctrl-C signals the whole process group; the server stops its workers
    # itself once it has finished, so a decision under way is not lost to the signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


class BotPool:
    """Bot decisions in ``processes`` worker processes (0: threads of this process)."""

    def __init__(self, processes: int, *, seconds: float) -> None:
        self.seconds = seconds
        self.processes = processes
        self._quick = ThreadPoolExecutor(max_workers=2, thread_name_prefix="pitchkit-quick-bot")
        self._pool: Executor = self._new_pool() if processes > 0 else self._quick

    def _new_pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=self.processes, initializer=_leave_stopping_to_the_server,
                                   mp_context=multiprocessing.get_context("spawn"))

    async def decide(self, name: str, view: View) -> Action:
        """The bot's action, or the quick bot's when the bot has not answered in time."""
        loop = asyncio.get_running_loop()
        seed = secrets.randbits(63)
        pool = self._pool
        try:
            return await asyncio.wait_for(loop.run_in_executor(pool, decide, name, view, seed), self.seconds)
        except TimeoutError:
            return await loop.run_in_executor(self._quick, decide, QUICK_BOT, view, seed)
        except BrokenProcessPool:  # a worker died (killed, out of memory): start new ones
            if self._pool is pool:
                self._pool = self._new_pool()
                pool.shutdown(wait=False, cancel_futures=True)
            return await loop.run_in_executor(self._quick, decide, QUICK_BOT, view, seed)

    def close(self) -> None:
        """Stop the workers (decisions under way are abandoned)."""
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._quick.shutdown(wait=False, cancel_futures=True)
