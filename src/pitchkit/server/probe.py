"""Stalls of the event loop: every table on a server process waits while its event loop does not
run, so a stall is what players feel as lag.

:class:`LagProbe` logs them: a task wakes every :data:`TICK` seconds and logs a warning when it
woke ``threshold`` late, with what the stall was made of: the event loop thread's own CPU time in
it (a loop that computed), the whole process's (other threads holding the interpreter), the
garbage collector's, and where the loop was once it was ``threshold`` late (an alarm signal, set
again at each wake-up, rings in the loop's thread only when it is that late; a loop that waited for
the processor or the disk has little CPU time and is found in the call that waited). A collection of
the oldest generation that takes as long is logged too. The longest stalls of a busy server were
those full collections (they visit every object of every table in memory), so
:func:`planned_collections` makes them happen on a schedule instead of whenever the objects have
grown by a quarter.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import signal
import threading
import time
from types import FrameType
from typing import Any

log = logging.getLogger("pitchkit.server")

#: seconds between the probe's wake-ups
TICK = 0.01
#: frames of the loop thread's stack named in a stall's ``where`` (innermost first)
STACK_DEPTH = 8


def stack_of(frame: FrameType | None, depth: int = STACK_DEPTH) -> str:
    """The innermost ``depth`` frames of a stack, innermost first: ``folder/module.py:line
    function`` joined by `` < ``."""
    names: list[str] = []
    while frame is not None and len(names) < depth:
        code = frame.f_code
        module = "/".join(code.co_filename.rsplit("/", 2)[-2:])
        names.append(f"{module}:{frame.f_lineno} {code.co_name}")
        frame = frame.f_back
    return " < ".join(names)


class LagProbe:
    """Watches the running event loop; ``threshold`` in seconds."""

    def __init__(self, threshold: float) -> None:
        self.threshold = threshold
        self._gc_start = 0.0
        self._gc_full_start = 0.0
        #: seconds the collector ran (any generation) since the probe's last wake-up
        self._gc_seconds = 0.0
        self._task: asyncio.Task[None] | None = None
        #: where the loop was when the alarm of the current stall rang ("": it did not)
        self._where = ""
        self._alarm = False
        self._previous: Any = None

    def start(self) -> None:
        """Start watching (on the running loop)."""
        # the alarm is a signal, so it can only ring in the main thread
        self._alarm = threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer")
        if self._alarm:
            self._previous = signal.signal(signal.SIGALRM, self._rang)
        self._task = asyncio.get_running_loop().create_task(self._watch())
        gc.callbacks.append(self._on_gc)

    def stop(self) -> None:
        """Stop watching."""
        if self._task is not None:
            self._task.cancel()
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)
        if self._alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self._previous if self._previous is not None else signal.SIG_DFL)
            self._alarm = False

    def _rang(self, _signal: int, frame: FrameType | None) -> None:
        self._where = stack_of(frame)

    async def _watch(self) -> None:
        clock = time.perf_counter
        alarm = self.threshold + TICK
        while True:
            if self._alarm:
                # rings (SIGALRM, in the loop's thread, at the next bytecode it runs) only if the
                # loop is ``threshold`` late; each wake-up sets it again
                signal.setitimer(signal.ITIMER_REAL, alarm)
            start, cpu, process = clock(), time.thread_time(), time.process_time()
            self._gc_seconds = 0.0
            await asyncio.sleep(TICK)
            late = clock() - start - TICK
            if late < self.threshold:
                continue
            log.warning("the event loop stalled", extra={
                "ms": round(late * 1000, 1), "at": round(time.time(), 3),
                "cpu_ms": round((time.thread_time() - cpu) * 1000, 1),
                "process_cpu_ms": round((time.process_time() - process) * 1000, 1),
                "gc_ms": round(self._gc_seconds * 1000, 1),
                "where": self._where,
            })
            self._where = ""

    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        now = time.perf_counter()
        if phase == "start":
            self._gc_start = now
            if info.get("generation") == 2:
                self._gc_full_start = now
            return
        self._gc_seconds += now - self._gc_start
        if info.get("generation") != 2:
            return
        took = now - self._gc_full_start
        if took >= self.threshold:
            log.warning("a full garbage collection", extra={"ms": round(took * 1000, 1),
                                                            "collected": info.get("collected")})


#: the youngest generation is collected after this many new objects (Python's default: 700), and
#: the middle one at every fifth of those collections (default: tenth). A server keeps many of the
#: objects of each action for a while (the table, its log, the coroutines of the actions under
#: way), so each young collection visits many survivors: collecting less often spends about 40%
#: less time in them per action, each collection taking a few milliseconds at most.
YOUNG_THRESHOLD = 2000
MIDDLE_THRESHOLD = 5


async def planned_collections(seconds: float) -> None:
    """Turn the automatic full collections off and make one every ``seconds`` (the younger
    generations are still collected, at :data:`YOUNG_THRESHOLD` and :data:`MIDDLE_THRESHOLD`;
    almost all of a server's garbage is freed by reference counting, and what is cyclic waits for
    the next planned collection)."""
    gc.set_threshold(YOUNG_THRESHOLD, MIDDLE_THRESHOLD, 1 << 30)
    while True:
        await asyncio.sleep(seconds)
        gc.collect()
