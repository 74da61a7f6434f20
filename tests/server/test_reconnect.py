"""Coming back with a stale version, and two tabs of one seat (a person and three heuristic bots).

- ``test_reconnect_with_a_stale_version_gets_the_current_state``: a person closes the websocket
  mid-game right after acting, when a bot is to act; the bots play on to the person's turn; the
  person reconnects and sends ``sync`` with the version it had: the answer is a snapshot at the
  table's current version. An ``act`` carrying the old version is refused with an error and
  changes nothing (a ``sync`` at the current version answers ``synced``, the table's version is the
  same); the same action with the current version is taken.
- ``test_two_tabs_of_one_seat_see_every_update_and_act_once``: two connections with one seat's
  token receive the same updates; an action from one is taken, the same action from the other with
  the old version is refused, and the seat's actions in the table's events are exactly those its
  tabs sent with a current version.
- ``test_first_snapshot_shows_the_seat_connected``: the snapshot that greets a person's
  connection, the first or another, shows the person's seat as connected.
"""

from __future__ import annotations

from tests.server.client import JSON, Conn, choose, events, my_turn, over, person_and_bots, play, run
from tests.server.conftest import Server

LONG_GAME = {"target": 21}


def acted(seat: int, frame: JSON) -> bool:
    """True when ``frame`` announces an action of ``seat``."""
    return any(e["kind"] == "action" and e["action"]["seat"] == seat for e in frame.get("events", []))


def test_reconnect_with_a_stale_version_gets_the_current_state(server: Server) -> None:
    async def go() -> None:
        table, conn = await person_and_bots(server.base, server.ws_base, ["heuristic"] * 3, options=LONG_GAME)
        turns = 0

        def acted_twice_and_waits(frame: JSON) -> bool:
            nonlocal turns
            turns += acted(0, frame)
            return turns >= 2 and frame.get("state", {}).get("to_act") != 0

        left = await play(conn, stop=acted_twice_and_waits)
        old = left["version"]
        await conn.close()

        back = await Conn.open(server.ws_base, table.id, token=table.tokens[0], seat=0)
        turn = await back.until(lambda f: my_turn(back, f))
        now = turn["version"]
        assert now > old
        await back.send({"type": "sync", "version": old})
        snapshot = await back.recv()
        assert snapshot["type"] == "snapshot" and snapshot["version"] == now
        assert snapshot["state"] == turn["state"]

        action = choose(turn["state"]["legal"])
        await back.act(action, old)
        refused = await back.recv()
        assert refused["type"] == "error" and refused["version"] == now, refused
        await back.send({"type": "sync", "version": now})
        assert await back.recv() == {"type": "synced", "version": now}
        assert table.info()["version"] == now

        await back.act(action, now)
        taken = await back.recv()
        assert taken["type"] == "update" and taken["version"] > now
        assert taken["events"][0] == {"seq": now + 1, "kind": "action", "action": {"seat": 0, **action}}
        await back.close()

    run(go(), timeout=90)


def test_two_tabs_of_one_seat_see_every_update_and_act_once(server: Server) -> None:
    async def go() -> None:
        table, first = await person_and_bots(server.base, server.ws_base, ["heuristic"] * 3,
                                             options=LONG_GAME)
        second = await Conn.open(server.ws_base, table.id, token=table.tokens[0], seat=0)
        turn = await second.until(lambda f: my_turn(second, f))
        v = turn["version"]
        await first.until(lambda f: f.get("version") == v)
        assert my_turn(first, first.frames[-1])

        action = choose(turn["state"]["legal"])
        await first.act(action, v)
        update = await first.until(lambda f: f["type"] == "update")
        assert update["events"][0]["action"] == {"seat": 0, **action}
        assert await second.until(lambda f: f["type"] == "update") == update
        await second.act(action, v)
        refused = await second.until(lambda f: f["type"] == "error")
        assert "moved on" in refused["message"]

        final = await play(first, stop=lambda f: over(f) or f["version"] >= v + 40)
        await second.until(lambda f: f.get("version") == final["version"])
        for conn in (first, second):
            await conn.close()

        def updates(conn: Conn) -> list[JSON]:
            return [f for f in conn.frames if f["type"] == "update" and f["version"] > v]

        assert updates(first) == updates(second)
        mine = [e for e in events(updates(first)) if e["kind"] == "action" and e["action"]["seat"] == 0]
        current = [m for m in first.sent if isinstance(m, dict) and m["type"] == "act"]
        assert len(mine) == len(current) >= 1
        assert mine[0]["seq"] == v + 1

    run(go(), timeout=90)


def test_first_snapshot_shows_the_seat_connected(server: Server) -> None:
    async def go() -> tuple[JSON, JSON]:
        table, conn = await person_and_bots(server.base, server.ws_base, ["heuristic"] * 3)
        first = await conn.recv()
        second = await Conn.open(server.ws_base, table.id, token=table.tokens[0], seat=0)
        other = await second.recv()
        for c in (conn, second):
            await c.close()
        return first, other

    for snapshot in run(go(), timeout=60):
        assert snapshot["type"] == "snapshot"
        assert snapshot["table"]["seats"][0]["connected"] is True
