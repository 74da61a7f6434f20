"""Stalls of the event loop: every table on a server process waits while its event loop does not
run, so a stall is what players feel as lag.

:class:`LagProbe` logs them: a task wakes every :data:`TICK` seconds and logs a warning when it
woke ``threshold`` late; a collection of the garbage collector's oldest generation that takes as
long is logged too. The longest stalls of a busy server are those full collections (they visit
every object of every table in memory), so :func:`planned_collections` makes them happen on a
schedule instead of whenever the objects have grown by a quarter.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from typing import Any

log = logging.getLogger("pitchkit.server")

#: seconds between the probe's wake-ups
TICK = 0.01


class LagProbe:
    """Watches the running event loop; ``threshold`` in seconds."""

    def __init__(self, threshold: float) -> None:
        self.threshold = threshold
        self._gc_start = 0.0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start watching (on the running loop)."""
        self._task = asyncio.get_running_loop().create_task(self._watch())
        gc.callbacks.append(self._on_gc)

    def stop(self) -> None:
        """Stop watching."""
        if self._task is not None:
            self._task.cancel()
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            start = loop.time()
            await asyncio.sleep(TICK)
            late = loop.time() - start - TICK
            if late >= self.threshold:
                log.warning("the event loop stalled", extra={"ms": round(late * 1000, 1)})

    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            self._gc_start = time.perf_counter()
            return
        took = time.perf_counter() - self._gc_start
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
