"""What keeps a long-running server's event loop quick, in the server's own process.

``test_a_stalled_event_loop_is_logged``: a call that blocks the loop for 0.2 s is logged as a stall
of about that length, at the function that blocked, with little of the loop's CPU time in it
(it slept).

``test_a_loop_that_computes_is_logged_with_its_cpu_time``: a loop that computes for 0.2 s is logged
at the function that computed, with the CPU time it took.

``test_full_collections_run_when_planned``: with planned collections the oldest generation is no
longer collected automatically (the younger ones at the server's thresholds), and one collection is
made each period.

``test_a_finished_game_nobody_watches_leaves_memory``: four bots play a whole game with nobody
connected; once it is over the table is no longer in memory, and asking for it reads it back from
its log, finished.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pitchkit.server.config import Settings
from pitchkit.server.probe import MIDDLE_THRESHOLD, YOUNG_THRESHOLD, LagProbe, planned_collections
from pitchkit.server.service import TableService


def _stalls(caplog: pytest.LogCaptureFixture, block: Callable[[], None]) -> list[dict[str, Any]]:
    async def go() -> None:
        probe = LagProbe(0.1)
        probe.start()
        await asyncio.sleep(0.05)
        block()  # the loop cannot run meanwhile
        await asyncio.sleep(0.05)
        probe.stop()

    with caplog.at_level(logging.WARNING, logger="pitchkit.server"):
        asyncio.run(go())
    return [r.__dict__ for r in caplog.records if r.getMessage() == "the event loop stalled"]


def _sleep_a_while() -> None:
    time.sleep(0.2)


def _compute_a_while() -> None:
    end = time.thread_time() + 0.2
    while time.thread_time() < end:
        pass


def test_a_stalled_event_loop_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    stalls = _stalls(caplog, _sleep_a_while)
    assert len(stalls) == 1
    assert 150 <= stalls[0]["ms"] < 2000
    assert stalls[0]["where"].startswith("server/test_loop_health.py:")
    assert "_sleep_a_while" in stalls[0]["where"].split(" < ")[0]
    assert stalls[0]["cpu_ms"] < 100


def test_a_loop_that_computes_is_logged_with_its_cpu_time(caplog: pytest.LogCaptureFixture) -> None:
    stalls = _stalls(caplog, _compute_a_while)
    assert len(stalls) == 1
    assert stalls[0]["cpu_ms"] >= 190
    assert "_compute_a_while" in stalls[0]["where"].split(" < ")[0]


def test_full_collections_run_when_planned() -> None:
    before = gc.get_threshold()
    full: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and info["generation"] == 2:
            full.append(1)

    async def go() -> None:
        task = asyncio.get_running_loop().create_task(planned_collections(0.1))
        deadline = time.monotonic() + 10
        while len(full) < 2 and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        assert gc.get_threshold() == (YOUNG_THRESHOLD, MIDDLE_THRESHOLD, 1 << 30)
        task.cancel()

    gc.callbacks.append(count)
    try:
        asyncio.run(go())
    finally:
        gc.callbacks.remove(count)
        gc.set_threshold(*before)
    assert len(full) >= 2


def test_a_finished_game_nobody_watches_leaves_memory(tmp_path: Path) -> None:
    async def go() -> tuple[bool, str]:
        service = TableService(Settings(database_url=f"sqlite:///{tmp_path / 'memory.db'}", bot_processes=0))
        await service.start()
        try:
            made = await service.create(variant="pct", players=4, options={"target": 3},
                                        seats=[{"bot": "heuristic"}] * 4, public=False)
            table_id = made["id"]
            deadline = time.monotonic() + 60
            while table_id in service.live and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            gone = table_id not in service.live
            again = await service.table(table_id)
            return gone, again.state.status
        finally:
            await service.close()

    gone, status = asyncio.run(go())
    assert gone
    assert status == "over"
