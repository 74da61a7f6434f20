"""Several server processes on one PostgreSQL database: a table whose players are connected to
different processes plays to the end, every process tells its connections every change (LISTEN/NOTIFY),
and the log in the database is the one truth (both processes export the same record)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from pitchkit.engine.record import score_document
from tests.server.client import Conn, create_table, http, ok, play, run, watch
from tests.server.conftest import Postgres, Server


@pytest.fixture(scope="module")
def two_servers(postgres: Postgres,
                tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Server]]:
    """Two ``pitch serve`` processes on one new PostgreSQL database."""
    url = postgres.new_database("pitchkit_workers")
    folder = tmp_path_factory.mktemp("workers")
    a, b = Server(url, folder).start(), Server(url, folder).start()
    yield a, b
    a.stop()
    b.stop()


@pytest.mark.parametrize("variant", ["pct", "ten-point"])
def test_players_on_two_processes_play_one_table_to_the_end(two_servers: tuple[Server, Server],
                                                            variant: str) -> None:
    a, b = two_servers
    table = create_table(a.base, variant, [{"human": True}] * 4, public=True)
    home = {seat: a if seat % 2 == 0 else b for seat in range(4)}
    for seat in range(4):  # each joins through the process it plays on
        body = {"seat": seat, "invite": table.invites[seat], "name": f"P{seat}"}
        table.tokens[seat] = ok(http(home[seat].base, "POST", f"/api/tables/{table.id}/join", body))["token"]

    async def game() -> tuple[list[dict[str, object]], dict[str, object]]:
        conns = [await Conn.open(home[s].ws_base, table.id, token=table.tokens[s], seat=s) for s in range(4)]
        spectator = await Conn.open(b.ws_base, table.id)
        ends = await asyncio.gather(*(play(c, timeout=150) for c in conns), watch(spectator, timeout=150))
        for c in [*conns, spectator]:
            await c.close()
        return [dict(e) for e in ends[:4]], dict(ends[4])

    ends, seen = run(game(), 200)
    versions = {e["version"] for e in ends} | {seen["version"]}
    assert len(versions) == 1, f"the processes disagree on the final version: {versions}"
    scores = {tuple(e["table"]["scores"]) for e in ends}  # type: ignore[index]
    assert len(scores) == 1
    record_a = ok(http(a.base, "GET", f"/api/tables/{table.id}/record"))
    record_b = ok(http(b.base, "GET", f"/api/tables/{table.id}/record"))
    assert record_a == record_b
    out = score_document(record_a)
    assert out["complete"] is True and tuple(out["scores"]) in scores  # type: ignore[arg-type]
    assert a.alive() and b.alive()


def test_workers_on_one_port(postgres: Postgres, tmp_path: Path) -> None:
    """``pitch serve --workers 2`` on PostgreSQL: a whole game over connections the kernel spreads
    over both workers."""
    server = Server(postgres.new_database("pitchkit_two_workers"), tmp_path, extra=["--workers", "2"])
    server.start()
    try:
        table = create_table(server.base, "pct", [{"human": True}] * 4)
        for seat in range(4):
            table.join(seat)

        async def game() -> list[dict[str, object]]:
            conns = [await Conn.open(server.ws_base, table.id, token=table.tokens[s], seat=s)
                     for s in range(4)]
            ends = await asyncio.gather(*(play(c, timeout=150) for c in conns))
            for c in conns:
                await c.close()
            return [dict(e) for e in ends]

        ends = run(game(), 200)
        assert len({e["version"] for e in ends}) == 1
        assert score_document(table.record())["complete"] is True
    finally:
        server.stop()
