"""Bots off the event loop: decisions run in worker processes (the search bots are CPU-bound), with a
cap on the time one decision may take.

Each worker process takes one decision at a time. A decision that passes the cap is answered by
the quick bot instead, and its worker is stopped and replaced, so a slow decision never holds a
worker longer than the cap. The first decision of a fresh worker may take
:data:`FIRST_CALL_ALLOWANCE` seconds more, since a search bot loads its compiled solver then. A
table whose last decision passed the cap counts as slow until one of its decisions is on time:
slow tables together use at most all workers but one, so a table with a quick bot never waits for
a slow table's decisions.

A warming pool (:meth:`BotPool.warm_workers`) loads the compiled solver in each worker, one worker
at a time and without a cap, before the worker takes decisions: right after an install the first
worker compiles it into numba's cache (about ten seconds), the others then load it from there. A
hint asked of a worker not yet warm says so instead of starting that work itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import multiprocessing
import os
import secrets
import signal
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

from pitchkit.advice.hints import FAST_HINT_BOT, hint_json, warm_up
from pitchkit.bots import make_bot
from pitchkit.engine.actions import Action
from pitchkit.engine.record import action_json
from pitchkit.engine.view import View

log = logging.getLogger("pitchkit.server")

#: the bot that decides when another takes too long (instant)
QUICK_BOT = "heuristic"
#: the reason of a hint whose bot did not answer within the cap (the quick bot's choice instead)
LATE_HINT_REASON = "no estimate: the {bot} bot took longer than a hint may"
#: the same when that bot failed (or its worker was lost)
FAILED_HINT_REASON = "no estimate: the {bot} bot could not give one"
#: most bot worker processes by default
DEFAULT_MOST = 8

T = TypeVar("T")


def default_processes() -> int:
    """Bot worker processes when none are configured: one per core, at least two (so one slow
    decision leaves a worker free) and at most :data:`DEFAULT_MOST`."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(2, min(DEFAULT_MOST, cores))


def load_bot_modules(modules: Sequence[str]) -> None:
    """Import modules that register more bots (:func:`pitchkit.bots.register`)."""
    for name in modules:
        importlib.import_module(name)


def decide(name: str, view: View, seed: int) -> Action:
    """One decision of bot ``name`` (run in a worker)."""
    return make_bot(name, seed=seed).choose(view)


def _work(conn: Connection, modules: Sequence[str]) -> None:
    """A worker process: run each call received on ``conn`` and send back its result."""
    # a service manager or Ctrl-C signals the whole process group; the server stops its workers
    # itself once it has finished, so a decision under way is not lost to the signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    load_bot_modules(modules)
    while True:
        try:
            fn, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            result: tuple[bool, Any] = (True, fn(*args))
        except Exception as e:  # the server logs it and plays on
            result = (False, f"{type(e).__name__}: {e}")
        conn.send(result)


def _answered(answer: asyncio.Future[None]) -> None:
    if not answer.done():
        answer.set_result(None)


class WorkerLost(Exception):
    """A worker process died (killed, out of memory) or could not be reached."""


class BotError(Exception):
    """A bot raised an exception in its worker."""


def warm_worker() -> None:
    """Load the compiled solver in this worker (the pool's first call to a worker it warms)."""
    warm_up()


#: the most a worker's warm-up may take: compiling the solver after an install takes about ten
#: seconds on a quiet machine, and a warm-up stopped part way would only start again from nothing
WARM_UP_SECONDS = 600.0

#: seconds a fresh worker's first decision may take beyond the cap: a search bot loads its
#: compiled solver then (two to three seconds), and a worker stopped for passing the cap would be
#: replaced by another fresh one that never got past it
FIRST_CALL_ALLOWANCE = 10.0


class _Worker:
    """One worker process and the pipe to it."""

    def __init__(self, modules: Sequence[str]) -> None:
        #: no decision answered yet: the first may take :data:`FIRST_CALL_ALLOWANCE` more
        self.fresh = True
        #: the compiled solver is loaded (:func:`warm_worker` answered)
        self.warm = False
        ctx = multiprocessing.get_context("spawn")
        self.conn, theirs = ctx.Pipe()
        self.process: BaseProcess = ctx.Process(target=_work, args=(theirs, tuple(modules)),
                                                name="pitchkit-bot", daemon=True)
        self.process.start()
        theirs.close()

    async def call(self, fn: Callable[..., T], args: tuple[Any, ...], timeout: float) -> T:
        """``fn(*args)`` in the worker; ``TimeoutError`` after ``timeout`` seconds."""
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[None] = loop.create_future()
        fd = self.conn.fileno()
        try:
            self.conn.send((fn, args))
        except (OSError, ValueError) as e:
            raise WorkerLost(str(e)) from None
        loop.add_reader(fd, _answered, answer)
        try:
            await asyncio.wait_for(answer, timeout)
        finally:
            loop.remove_reader(fd)
        try:
            ok, value = self.conn.recv()
        except (EOFError, OSError) as e:
            self.process.join(timeout=1)
            raise WorkerLost(f"{e or 'the worker exited'} (exit code {self.process.exitcode})") from None
        if not ok:
            raise BotError(value)
        return value  # type: ignore[no-any-return]

    def stop(self) -> None:
        """Stop the process now (a decision under way is abandoned)."""
        with contextlib.suppress(OSError):
            self.conn.close()
        if self.process.is_alive():
            self.process.kill()
        self.process.join(timeout=5)


class BotPool:
    """Bot decisions in ``processes`` worker processes (0: threads of this process, without a
    stop for a decision past the cap), ``modules`` imported in each first. With ``warm``, each
    worker loads the compiled solver before its first decision once :meth:`warm_workers` runs."""

    def __init__(self, processes: int, *, seconds: float, modules: Sequence[str] = (),
                 warm: bool = False) -> None:
        self.seconds = seconds
        self.processes = processes
        self.modules = tuple(modules)
        #: workers are warmed by :meth:`warm_workers` (hints in a cold one do not load the solver)
        self.warm = warm and processes > 0
        self._quick = ThreadPoolExecutor(max_workers=2, thread_name_prefix="pitchkit-quick-bot")
        #: every worker process running, idle or busy
        self._workers: set[_Worker] = set()
        #: set when a worker starts: :meth:`warm_workers` has one to warm
        self._started = asyncio.Event()
        self._idle: list[_Worker] = [self._new_worker() for _ in range(processes)]
        self._waiting: deque[tuple[asyncio.Future[_Worker], bool]] = deque()
        #: tables whose last decision passed the cap, and how many workers they use now
        self._slow: set[str] = set()
        self._slow_busy = 0
        self._closed = False

    # -- workers -----------------------------------------------------------------------------------

    def _new_worker(self) -> _Worker:
        worker = _Worker(self.modules)
        self._workers.add(worker)
        self._started.set()
        return worker

    def _retire(self, worker: _Worker) -> None:
        worker.stop()
        self._workers.discard(worker)

    @property
    def queued(self) -> int:
        """Decisions waiting for a free worker."""
        return len(self._waiting)

    def warmth(self) -> tuple[int, int]:
        """How many workers have loaded the compiled solver, of how many (0 of 0 without worker
        processes)."""
        return sum(w.warm for w in self._workers), len(self._workers)

    def warming(self) -> bool:
        """True while a warming pool has workers that have not loaded the compiled solver yet."""
        warm, workers = self.warmth()
        return self.warm and warm < workers

    async def warm_workers(self) -> None:
        """Load the compiled solver in each worker, one at a time, each as soon as it is idle,
        then in each worker started later (a replacement), until the pool closes. A worker being
        warmed takes no decisions; the first compiles the solver into numba's cache when it is not
        there yet (about ten seconds), the others load it (under a second each). Cancelled, it
        stops the worker it was warming."""
        while self.warm and not self._closed:
            worker = next((w for w in reversed(self._idle) if not w.warm), None)
            if worker is None:
                self._started.clear()
                await self._started.wait()
                continue
            self._idle.remove(worker)
            start = time.monotonic()
            try:
                await worker.call(warm_worker, (), WARM_UP_SECONDS)
            except BotError as e:  # the solver cannot be loaded here: hints load it themselves
                self.warm = False
                log.warning("the bot workers' warm-up failed", extra={"error": str(e)[:200]})
            except BaseException as e:
                self._retire(worker)
                if self._closed or not isinstance(e, TimeoutError | WorkerLost):
                    raise
                self.warm = False
                log.warning("the bot workers' warm-up failed", extra={"error": type(e).__name__})
                worker = self._new_worker()
            else:
                worker.warm = True
                log.info("bot worker warm", extra={"seconds": round(time.monotonic() - start, 2)})
            self._release(worker, False)

    def _may_take(self, slow: bool) -> bool:
        return bool(self._idle) and (not slow or self._slow_busy < max(1, self.processes - 1))

    async def _acquire(self, slow: bool, timeout: float) -> _Worker:
        if not self._waiting and self._may_take(slow):
            return self._take(slow)
        waiter: asyncio.Future[_Worker] = asyncio.get_running_loop().create_future()
        self._waiting.append((waiter, slow))
        try:
            return await asyncio.wait_for(waiter, timeout)
        except BaseException:
            # a waiter given a worker just as it gave up hands it on (a cancelled one is skipped)
            if waiter.done() and not waiter.cancelled():
                self._release(waiter.result(), slow)
            raise

    def _take(self, slow: bool) -> _Worker:
        # a warm worker when there is one: a cold one would load the solver during the decision
        worker = next((w for w in reversed(self._idle) if w.warm), self._idle[-1])
        self._idle.remove(worker)
        if not worker.process.is_alive():  # died while idle
            self._retire(worker)
            worker = self._new_worker()
        if slow:
            self._slow_busy += 1
        return worker

    def _release(self, worker: _Worker, slow: bool) -> None:
        if slow:
            self._slow_busy -= 1
        if self._closed:
            self._retire(worker)
            return
        self._idle.append(worker)
        # the first waiter that may take a worker now: a quick table may pass slow ones
        for entry in list(self._waiting):
            waiter, its_slow = entry
            if waiter.done():
                self._waiting.remove(entry)
                continue
            if self._may_take(its_slow):
                self._waiting.remove(entry)
                waiter.set_result(self._take(its_slow))
                if not self._idle:
                    return

    async def _call(self, table: str, fn: Callable[..., T], args: tuple[Any, ...]) -> T:
        """``fn(*args)`` in a worker within the cap (``TimeoutError`` past it) for ``table``."""
        if self.processes == 0:
            loop = asyncio.get_running_loop()
            return await asyncio.wait_for(loop.run_in_executor(self._quick, fn, *args), self.seconds)
        start = time.monotonic()
        slow = table in self._slow
        worker = await self._acquire(slow, self.seconds)
        allowance = FIRST_CALL_ALLOWANCE if worker.fresh else 0.0
        try:
            result = await worker.call(fn, args, self.seconds + allowance - (time.monotonic() - start))
            worker.fresh = False
        except BotError:
            worker.fresh = False
            raise  # the worker answered: it is ready for the next decision
        except BaseException as e:
            # stopped and replaced: a decision past the cap would hold the worker for as long as
            # it runs (and one abandoned for any other reason would answer the next call), and
            # the replacement starts while this table falls back to the quick bot
            self._retire(worker)
            if not self._closed:
                worker = self._new_worker()
            if isinstance(e, TimeoutError | WorkerLost):
                self._slow.add(table)
            raise
        finally:
            self._release(worker, slow)
        self._slow.discard(table)
        return result

    # -- decisions ---------------------------------------------------------------------------------

    async def decide(self, name: str, view: View, *, table: str = "") -> Action:
        """The bot's action for ``table``, or the quick bot's when the bot has not answered in
        time (or failed)."""
        seed = secrets.randbits(63)
        try:
            return await self._call(table, decide, (name, view, seed))
        except (TimeoutError, WorkerLost, BotError) as e:
            if self._closed:  # the server is stopping: nobody waits for this decision any more
                raise asyncio.CancelledError from None
            if not isinstance(e, TimeoutError):
                log.warning("a bot failed; the quick bot decides", extra={"bot": name, "error": str(e)[:200]})
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._quick, decide, QUICK_BOT, view, seed)

    async def hint(self, name: str, view: View, *, table: str = "") -> dict[str, Any]:
        """Bot ``name``'s choice with its reason (:func:`pitchkit.advice.hints.hint_json`), the
        estimate taking at most half the time cap; past the cap, the quick bot's choice, named as
        its own, with :data:`LATE_HINT_REASON` (:data:`FAILED_HINT_REASON` when the bot failed),
        without waiting a second cap. From a worker
        not warm yet in a warming pool, or past the cap while the workers warm (the only worker
        may be loading the solver), the plain hint bot's choice, marked ``warming``."""
        seed = secrets.randbits(63)
        try:
            return await self._call(table, hint_json, (name, view, seed, self.seconds / 2, not self.warm))
        except (TimeoutError, WorkerLost, BotError) as e:
            if self._closed:
                raise asyncio.CancelledError from None
            if name == FAST_HINT_BOT and self.warming():
                # the plain hint that says so, here (without ``load``: the solver is the workers')
                loop = asyncio.get_running_loop()
                return await loop.run_in_executor(self._quick, hint_json, name, view, seed, self.seconds / 2,
                                                  False)
            # the quick bot's choice, told as its own: the bot asked for did not answer in time
            loop = asyncio.get_running_loop()
            action = await loop.run_in_executor(self._quick, decide, QUICK_BOT, view, seed)
            entry = action_json(view.rules, action)
            entry.pop("seat", None)
            why = LATE_HINT_REASON if isinstance(e, TimeoutError) else FAILED_HINT_REASON
            return {"bot": QUICK_BOT, "action": entry, "reason": why.format(bot=name)}

    def close(self) -> None:
        """Stop the workers (decisions under way are abandoned)."""
        self._closed = True
        for worker in self._idle:
            self._retire(worker)
        self._idle.clear()
        self._quick.shutdown(wait=False, cancel_futures=True)
