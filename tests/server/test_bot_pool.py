"""Bots decide in several worker processes, and a bot that is slow at one table never holds up the
bots of another.

``test_a_slow_bot_never_holds_up_another_tables_bots``: two bot workers and a cap of 6 s; a table
of four ``sleepy`` bots (each decision would take ten minutes) starts first, then a table of four
``heuristic`` bots, watched by a spectator. While the sleepy table's first decision is still under
way, the quick table plays on; once the cap has passed the sleepy table moves on too (the quick bot
answered for it, and its worker was replaced).
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from tests.server import cold_bot
from tests.server.client import Conn, create_table, run
from tests.server.conftest import Server

CAP = 6.0


def test_a_slow_bot_never_holds_up_another_tables_bots(tmp_path: Path) -> None:
    # no warm-up: a worker loading the compiled solver is busy for seconds, and this test times the
    # workers' decisions alone
    server = Server(f"sqlite:///{tmp_path / 'bots.db'}", tmp_path,
                    extra=["--bot-processes", "2", "--bot-module", "tests.server.slow_bot",
                           "--bot-seconds", str(CAP), "--no-warm-up"]).start()
    try:
        async def go() -> tuple[int, int, int, float]:
            slow = await asyncio.to_thread(create_table, server.base, "pct", [{"bot": "sleepy"}] * 4)
            started = time.monotonic()
            slow_version = (await asyncio.to_thread(slow.info))["version"]
            quick = await asyncio.to_thread(create_table, server.base, "pct", [{"bot": "heuristic"}] * 4)
            conn = await Conn.open(server.ws_base, quick.id, watch=quick.watch)
            first = (await conn.recv())["version"]
            # watch the quick table until shortly before the sleepy table's first decision is capped
            latest = first
            while time.monotonic() - started < CAP - 1.5:
                try:
                    frame = await conn.recv(timeout=max(0.05, CAP - 1.5 - (time.monotonic() - started)))
                except TimeoutError:
                    break
                latest = max(latest, frame.get("version", latest))
            slow_then = (await asyncio.to_thread(slow.info))["version"]
            await conn.close()
            # the sleepy table moves on once the cap has passed
            while (await asyncio.to_thread(slow.info))["version"] == slow_version:
                await asyncio.sleep(0.2)
            return latest - first, slow_version, slow_then, time.monotonic() - started

        quick_moves, slow_version, slow_then, slow_moved_after = run(go(), timeout=CAP + 60)
    finally:
        server.stop()
    assert slow_then == slow_version  # the sleepy bot was still thinking
    assert quick_moves >= 12  # meanwhile the quick table played on
    assert slow_moved_after >= CAP - 1.5
    assert not server.errors(), server.errors()


def test_a_fresh_workers_first_decision_may_load_past_the_cap(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh worker's first decision may take longer than the cap (a search bot loads its solver
    then): the bot itself answers it, instead of its worker being stopped and replaced by another
    fresh one, which would never get past its first decision."""
    answers = tmp_path / "answers.txt"
    monkeypatch.setenv("PITCHKIT_TEST_COLD_LOG", str(answers))
    cap = cold_bot.LOADING - 2.0
    server = Server(f"sqlite:///{tmp_path / 'cold.db'}", tmp_path,
                    extra=["--bot-processes", "2", "--bot-module", "tests.server.cold_bot",
                           "--bot-seconds", str(cap)]).start()
    try:
        async def go() -> int:
            table = await asyncio.to_thread(create_table, server.base, "pct", [{"bot": "cold"}] * 4)
            start = (await asyncio.to_thread(table.info))["version"]
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                version = (await asyncio.to_thread(table.info))["version"]
                if version >= start + 8:
                    return int(version - start)
                await asyncio.sleep(0.2)
            return 0

        moved = run(go(), timeout=90)
    finally:
        server.stop()
    lines = answers.read_text(encoding="utf-8").split() if answers.exists() else []
    assert moved >= 8
    assert "first" in lines and "next" in lines
    assert not server.errors(), server.errors()
