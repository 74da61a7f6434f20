"""``kill -9`` in the middle of a Go-Round of an online event, and a restart on the same database.

``test_sigkill_mid_go_round_and_the_event_completes``: a Darrtown event of eight entrants played by
bots, with a match clock. When the first table's result is in and another's is still missing, the
server is killed with SIGKILL. Started again on the same database, it picks the round's tables up
where their logs left them: the result entered before the kill is unchanged, the clock still ends
when it did (it counts from the stored time the round was seated), the missing results come in by
themselves and the event runs on to its champion. Every game record exported replays to the
result entered for it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from pitchkit.record import score_game
from tests.server.client import ok
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
    ok(event.post("entrants", {"csv": "\n".join(f"Player {i}" for i in range(1, 13))}))
    ok(event.post("seat", {"bot": "heuristic"}))
    before = event.wait(some_in_some_missing, 120)
    desk_server.kill()

    desk_server.start()
    after = event.board()
    for old, new in zip(before["round"]["tables"], after["round"]["tables"], strict=True):
        assert new["clock_ends"] == old["clock_ends"]
        if old["result"] is not None:
            assert new["result"] == old["result"]
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
        if name in first and first[name] is not None:
            assert first[name]["scores"] == scored["scores"]
