"""Stalls of the event loop: every table on a server process waits while its event loop does not
run, so a stall is what players feel as lag.

:class:`LagProbe` logs them: a task wakes every :data:`TICK` seconds and logs a warning when it
woke ``threshold`` late, with what the stall was made of: the event loop thread's own CPU time in
it (a loop that computed), the whole process's (other threads holding the interpreter), the
garbage collector's, and where the loop thread was once it was ``threshold`` late (written by
:mod:`faulthandler`'s watchdog thread, which needs no interpreter lock; a loop that waited for the
processor or the disk has little CPU time and is found in the call that waited). A collection of
the oldest generation that takes as long is logged too. The longest stalls of a busy server were
those full collections (they visit every object of every table in memory), so
:func:`planned_collections` makes them happen on a schedule instead of whenever the objects have
grown by a quarter.
"""

from __future__ import annotations

import asyncio
import faulthandler
import gc
import logging
import tempfile
import threading
import time
from typing import IO, Any

log = logging.getLogger("pitchkit.server")

#: seconds between the probe's wake-ups
TICK = 0.01
#: frames of the loop thread's stack named in a stall's ``where`` (innermost first)
STACK_DEPTH = 8


def loop_stack(dump: str, thread: int, depth: int = STACK_DEPTH) -> str:
    """The stack of ``thread`` in a :mod:`faulthandler` dump of every thread, innermost first:
    ``folder/module.py:line function`` joined by `` < ``."""
    header = f"Thread {thread:#018x}"
    frames: list[str] = []
    inside = False
    for line in dump.splitlines():
        if line.startswith(("Thread ", "Current thread ")):
            inside = header in line
            continue
        if inside and line.strip().startswith("File "):
            path, _, rest = line.strip()[5:].partition(", line ")
            number, _, function = rest.partition(" in ")
            module = "/".join(path.strip('"').rsplit("/", 2)[-2:])
            frames.append(f"{module}:{number} {function}")
            if len(frames) == depth:
                break
    return " < ".join(frames)


class LagProbe:
    """Watches the running event loop; ``threshold`` in seconds."""

    def __init__(self, threshold: float) -> None:
        self.threshold = threshold
        self._gc_start = 0.0
        self._gc_full_start = 0.0
        #: seconds the collector ran (any generation) since the probe's last wake-up
        self._gc_seconds = 0.0
        self._task: asyncio.Task[None] | None = None
        self._dump: IO[bytes] | None = None

    def start(self) -> None:
        """Start watching (on the running loop)."""
        self._dump = tempfile.TemporaryFile()  # noqa: SIM115 (open while the probe watches)
        self._task = asyncio.get_running_loop().create_task(self._watch(threading.get_ident()))
        gc.callbacks.append(self._on_gc)

    def stop(self) -> None:
        """Stop watching."""
        if self._task is not None:
            self._task.cancel()
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)
        faulthandler.cancel_dump_traceback_later()
        if self._dump is not None:
            self._dump.close()

    async def _watch(self, thread: int) -> None:
        clock = time.perf_counter
        dump = self._dump
        assert dump is not None
        while True:
            # faulthandler's own thread writes every thread's stack to ``dump`` if the loop is
            # ``threshold`` late; it needs no interpreter lock, so a loop holding it is seen too
            faulthandler.dump_traceback_later(TICK + self.threshold, file=dump)
            start, cpu, process = clock(), time.thread_time(), time.process_time()
            self._gc_seconds = 0.0
            await asyncio.sleep(TICK)
            late = clock() - start - TICK
            faulthandler.cancel_dump_traceback_later()
            if late < self.threshold:
                continue
            dump.seek(0)
            where = loop_stack(dump.read().decode(errors="replace"), thread)
            dump.seek(0)
            dump.truncate()
            log.warning("the event loop stalled", extra={
                "ms": round(late * 1000, 1), "at": round(time.time(), 3),
                "cpu_ms": round((time.thread_time() - cpu) * 1000, 1),
                "process_cpu_ms": round((time.process_time() - process) * 1000, 1),
                "gc_ms": round(self._gc_seconds * 1000, 1),
                "where": where,
            })

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


async def planned_collections(seconds: float) -> None:
    """Turn the automatic full collections off and make one every ``seconds`` (the younger
    generations are still collected as usual; almost all of a server's garbage is freed by
    reference counting, and what is cyclic waits for the next planned collection)."""
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, 1 << 30)
    while True:
        await asyncio.sleep(seconds)
        gc.collect()
