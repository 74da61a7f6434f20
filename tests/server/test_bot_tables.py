"""One person and three bots finish a game over the websocket; the bots decide in the server's
worker process, and the person is asked only on their own turn.

``test_person_and_three_bots_finish_a_game``, with ``heuristic`` bots (pct to its normal target)
and with the search bot ``pimc`` (a short game: target 3): the game ends, all four seats acted,
and the exported record scores to the table's final scores.

``test_a_bot_worker_killed_mid_game_is_replaced``: the bots' worker process is killed (SIGKILL)
during a game; the game still ends, and the server has started a new worker that plays on.
"""

from __future__ import annotations

import os
import signal

import pytest

from pitchkit.engine.record import score_document
from tests.server.client import JSON, events, over, person_and_bots, play, run
from tests.server.conftest import Server


def finish(server: Server, bot: str, options: JSON | None) -> tuple[JSON, list[JSON], list[JSON]]:
    """Play seat 0 against three ``bot`` bots to the end: the last frame, every event, the record."""
    async def go() -> tuple[JSON, list[JSON], list[JSON]]:
        table, conn = await person_and_bots(server.base, server.ws_base, [bot] * 3, options=options)
        final = await play(conn, timeout=150)
        await conn.close()
        return final, events(conn.frames), table.record()
    return run(go(), timeout=180)


@pytest.mark.parametrize(("bot", "options"), [("heuristic", None), ("pimc", {"target": 3})],
                         ids=["heuristic", "pimc"])
def test_person_and_three_bots_finish_a_game(server: Server, bot: str, options: JSON | None) -> None:
    final, seen, record = finish(server, bot, options)
    assert over(final)
    actors = {e["action"]["seat"] for e in seen if e["kind"] == "action"}
    assert actors == {0, 1, 2, 3}
    assert [s["kind"] for s in final["table"]["seats"]] == ["human", "bot", "bot", "bot"]
    result = score_document(record)
    assert result["complete"] is True
    assert result["scores"] == final["table"]["scores"]


def test_a_bot_worker_killed_mid_game_is_replaced(server: Server) -> None:
    async def go() -> tuple[JSON, list[JSON], list[int], list[int]]:
        table, conn = await person_and_bots(server.base, server.ws_base, ["heuristic"] * 3)
        await play(conn, stop=lambda f: f["version"] >= 12)
        killed = server.bot_workers()
        for pid in killed:
            os.kill(pid, signal.SIGKILL)
        final = await play(conn, timeout=150)
        await conn.close()
        return final, table.record(), killed, server.bot_workers()

    final, record, killed, now = run(go(), timeout=180)
    assert len(killed) == 1
    assert over(final)
    assert score_document(record)["scores"] == final["table"]["scores"]
    assert len(now) == 1 and now != killed
    assert server.alive()
