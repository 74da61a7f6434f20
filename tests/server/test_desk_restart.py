"""``kill -9`` in the middle of a Go-Round of an online event, and a restart on the same database.

``test_sigkill_mid_go_round_and_the_event_completes``: a Darrtown event of eight entrants with a
match clock: one person (Player 1, through the invite link the director hands out), bots for the
rest. When the bots' table has its result and Player 1's table is in its second hand, waiting for
Player 1, the server is killed with SIGKILL. Started again on the same database, it picks the
round's tables up where their logs left them: the result entered before the kill is unchanged, the
clock still ends when it did (it counts from the stored time the round was seated), Player 1
reconnects with the same token and plays on, the missing result comes in by itself and the event
runs on to its champion. Every game record exported replays to the result entered for it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from pitchkit.engine.record import score_game
from tests.server.client import Conn, my_turn, ok, play, run
from tests.server.conftest import Database, Server
from tests.server.desk_client import Event, round_complete


@pytest.fixture(scope="module")
def desk_server(database: Database) -> Iterator[Server]:
    """A server of this module's own, which its test kills and starts again."""
    server = Server(database.new_url(), database.folder).start()
    yield server
    server.stop()
    assert not server.errors(), "\n".join(server.errors())


def some_in_some_missing(board: dict[str, Any]) -> bool:
    done = [t["result"] is not None for t in board["round"]["tables"]]
    return any(done) and not all(done)


def test_sigkill_mid_go_round_and_the_event_completes(desk_server: Server) -> None:
    event = Event.create(desk_server.base, format="darrtown", clock=30)
    names = [f"Player {i}" for i in range(1, 9)]
    ok(event.post("entrants", {"csv": "\n".join(names)}))
    ok(event.post("seat", {"bots": {n: "heuristic" for n in names[1:]}}))
    table_id, seat, token = event.join_the_open_seat("Player 1")

    async def play_into_the_second_hand() -> None:
        conn = await Conn.open(desk_server.ws_base, table_id, token=token, seat=seat)
        await play(conn, stop=lambda f: f.get("table", {}).get("hand", 0) >= 2 and my_turn(conn, f))
        await conn.close()

    run(play_into_the_second_hand(), timeout=120)
    before = event.wait(some_in_some_missing, 120)  # Player 1's table waits for Player 1, mid-game
    desk_server.kill()

    desk_server.start()
    after = event.board()
    for old, new in zip(before["round"]["tables"], after["round"]["tables"], strict=True):
        assert new["clock_ends"] == old["clock_ends"]
        if old["result"] is not None:
            assert new["result"] == old["result"]

    async def play_to_the_end() -> None:
        conn = await Conn.open(desk_server.ws_base, table_id, token=token, seat=seat)
        await play(conn)
        await conn.close()

    run(play_to_the_end(), timeout=120)
    event.wait(round_complete, 120)
    ok(event.post("advance"))
    final = event.play_out()
    assert final["stage"] == "finished" and final["champion"] in final["entrants"]
    export = ok(event.get("export"))
    first = {f"round1-table{t['table']}.json": t["result"] for t in after["round"]["tables"]}
    assert set(first) <= set(export["games"])
    for name, doc in export["games"].items():
        scored = score_game(doc["hands"])
        assert scored["complete"], name
        if first.get(name) is not None:
            assert first[name]["scores"] == scored["scores"]
