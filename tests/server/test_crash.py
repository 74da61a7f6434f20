"""``kill -9`` in the middle of a hand, and a restart on the same database.

``test_sigkill_mid_hand_loses_nothing_acknowledged``: four people play pct and a spectator watches;
in the second hand, after a trick (when the exported record holds the first hand only), one more
action is sent and its update received (acknowledged), then the server is killed with SIGKILL,
with no chance to finish anything. It is started again on the same database and port; everyone
reconnects and sends ``sync`` with the version they had: each gets the table at exactly the last
acknowledged version, with the acknowledged action in the hand's log. The game then completes;
the versions continue without a gap; the exported record holds every acknowledged action, in
order (what the spectator saw before the kill is a prefix of it), and it scores under ``pitch
score`` to the final scores and passes ``pitch verify-deal``. No frame, before or after the
restart, shows anyone a card they may not know.

``test_sigterm_exits_promptly_and_keeps_what_was_acknowledged``: SIGTERM (as a service manager
stops the server) right after an action is sent, with connections open: the server exits within
15 seconds (status 0, or the signal it was sent), and after a restart the table is at the version
its players were last told of, with the action in the log if its update reached them.
"""

from __future__ import annotations

import asyncio
import json
import signal
from collections.abc import Callable, Iterator

import pytest
from typer.testing import CliRunner

from pitchkit.cli.app import app
from pitchkit.engine.record import score_document
from tests.server.client import (
    JSON,
    Conn,
    as_others_see,
    choose,
    create_table,
    events,
    frames_with_state,
    hidden_cards,
    my_turn,
    over,
    play,
    run,
    watch,
)
from tests.server.conftest import Database, Server


def mid_hand(hand: int) -> Callable[[JSON], bool]:
    """A test for the frame that shows hand ``hand`` (counted from 1) in play with a trick done."""
    def test(frame: JSON) -> bool:
        state = frame.get("state")
        return (frame["type"] in ("snapshot", "update") and frame["table"]["hand"] >= hand
                and state is not None and state["phase"] == "play" and len(state["tricks"]) >= 1)
    return test


@pytest.fixture(scope="module")
def crashing_server(database: Database) -> Iterator[Server]:
    """A server of this module's own, which its tests stop and start again."""
    server = Server(database.new_url(), database.folder).start()
    yield server
    server.stop()
    assert not server.errors(), "\n".join(server.errors())


def public_actions(frames: list[JSON]) -> list[JSON]:
    return [e["action"] for e in events(frames) if e["kind"] == "action"]


async def reconnect(server: Server, table_id: str, token: str | None, watch: str | None, seat: int | None,
                    version: int) -> tuple[Conn, JSON]:
    """Connect again and ``sync`` with ``version``; the connection and the answer to the sync."""
    conn = await Conn.open(server.ws_base, table_id, token=token, watch=watch, seat=seat)
    first = await conn.recv()
    assert first["type"] == "snapshot"
    await conn.send({"type": "sync", "version": version})
    return conn, await conn.until(lambda f: f["type"] in ("synced", "snapshot", "error"))


def test_sigkill_mid_hand_loses_nothing_acknowledged(crashing_server: Server) -> None:
    run(sigkill_and_restart(crashing_server), timeout=150)


async def sigkill_and_restart(server: Server) -> None:
    table = create_table(server.base, "pct", [{"human": True}] * 4)
    spectator = await Conn.open(server.ws_base, table.id, watch=table.watch)
    seats = []
    for seat in range(4):
        seats.append(await Conn.open(server.ws_base, table.id, token=table.join(seat), seat=seat))
    second = mid_hand(2)
    frames = await asyncio.gather(*(play(c, stop=second) for c in seats), watch(spectator, stop=second))
    assert len({f["version"] for f in frames}) == 1
    before = public_actions(spectator.frames)
    finished = table.record()  # the hand in progress is not public: only finished hands
    assert len(finished) == frames[0]["table"]["hand"] - 1
    assert all(hand["complete"] for hand in score_document(finished)["hands"])  # type: ignore[attr-defined]

    actor = next(c for c in seats if my_turn(c, c.frames[-1]))
    action = choose(actor.frames[-1]["state"]["legal"])
    await actor.act(action, actor.frames[-1]["version"])
    ack = await actor.until(lambda f: f["type"] == "update")
    acknowledged = ack["version"]
    assert ack["events"][0]["action"] == {"seat": actor.seat, **action}
    server.kill()

    server.start()
    back = []
    for old in seats:
        assert old.seat is not None
        conn, answer = await reconnect(server, table.id, table.tokens[old.seat], None, old.seat, acknowledged)
        assert answer == {"type": "synced", "version": acknowledged}, answer
        assert conn.frames[0]["state"]["log"][-1] == {"seat": actor.seat, **action}
        back.append(conn)
    watcher, answer = await reconnect(server, table.id, None, table.watch, None, acknowledged - 1)
    assert answer["type"] == "snapshot" and answer["version"] == acknowledged

    finals = await asyncio.gather(*(play(c) for c in back), watch(watcher))
    assert all(over(f) for f in finals)
    for conn in [*back, watcher]:
        await conn.close()
    seqs = [e["seq"] for e in events(watcher.frames) if "seq" in e]
    assert seqs == list(range(acknowledged + 1, watcher.frames[-1]["version"] + 1))

    record = table.record()
    everything = [as_others_see(a) for hand in record for a in hand["actions"]]
    assert everything[: len(before) + 1] == [*before, {"seat": actor.seat, **action}]
    assert everything[len(before) + 1:] == public_actions(watcher.frames)
    for conn in [spectator, watcher, *seats, *back]:
        assert not any(hidden_cards(f) for f in frames_with_state(conn.frames))
    result = score_document(record)
    assert result["complete"] is True and result["scores"] == finals[-1]["table"]["scores"]
    assert CliRunner().invoke(app, ["verify-deal", "-"], input=json.dumps(record)).exit_code == 0


def test_sigterm_exits_promptly_and_keeps_what_was_acknowledged(crashing_server: Server) -> None:
    run(sigterm_and_restart(crashing_server), timeout=120)


async def sigterm_and_restart(server: Server) -> None:
    table = create_table(server.base, "pct", [{"human": True}] * 4)
    seats = [await Conn.open(server.ws_base, table.id, token=table.join(s), seat=s) for s in range(4)]
    await asyncio.gather(*(play(c, stop=mid_hand(1)) for c in seats))
    actor = next(c for c in seats if my_turn(c, c.frames[-1]))
    assert actor.seat is not None
    asked = actor.frames[-1]["version"]
    action = choose(actor.frames[-1]["state"]["legal"])
    await actor.act(action, asked)
    # uvicorn shuts down, then ends itself with the signal it was sent, as a process should
    assert await asyncio.to_thread(server.terminate) in (0, -signal.SIGTERM)
    await actor.closed_code()
    acknowledged = [f for f in actor.frames if f["type"] == "update" and f["version"] > asked]

    server.start()
    conn, _ = await reconnect(server, table.id, table.tokens[actor.seat], None, actor.seat, asked)
    snapshot = conn.frames[0]
    if acknowledged:
        assert snapshot["version"] == acknowledged[-1]["version"]
        assert snapshot["state"]["log"][-1] == {"seat": actor.seat, **action}
    else:
        assert snapshot["version"] in (asked, asked + 1)
    await conn.close()
