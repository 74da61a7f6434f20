"""Actions the engine refuses, sent over the websocket.

``test_illegal_action_is_refused_and_changes_nothing``: two people and two bots. On a person's
turn to play, a card they do not hold, a bid (out of range, or in the wrong phase), a trump, a
card named wrongly and actions of the wrong shape; off their turn, a card they hold, and the other
person's card with that person's seat in it (the connection's seat is the one that acts); from a
spectator, the legal action. Each is answered with a one-line
``error`` at the current version, and afterwards ``sync`` at that version answers ``synced``: the
table did not change. The legal action sent next is taken.
"""

from __future__ import annotations

import asyncio

from tests.server.client import JSON, Conn, choose, create_table, play, run, watch
from tests.server.conftest import Server


async def refused(conn: Conn, action: object, version: int | None) -> JSON:
    """Send ``action``; the error it gets, after checking that the table stayed at ``version``."""
    message: JSON = {"type": "act", "action": action}
    if version is not None:
        message["version"] = version
    await conn.send(message)
    error = await conn.until(lambda f: f["type"] in ("error", "update"))
    assert error["type"] == "error", f"{action!r} was taken"
    assert "\n" not in error["message"] and 0 < len(error["message"]) < 300
    return error


async def unchanged(conn: Conn, version: int) -> None:
    await conn.send({"type": "sync", "version": version})
    assert await conn.until(lambda f: f["type"] in ("synced", "snapshot")) == {"type": "synced",
                                                                              "version": version}


def test_illegal_action_is_refused_and_changes_nothing(server: Server) -> None:
    async def go() -> None:
        seats: list[JSON] = [{"human": True}, {"human": True}, {"bot": "heuristic"}, {"bot": "heuristic"}]
        table = create_table(server.base, "pct", seats, options={"target": 21})
        first, second = [await Conn.open(server.ws_base, table.id, token=table.join(s), seat=s)
                         for s in (0, 1)]
        spectator = await Conn.open(server.ws_base, table.id, watch=table.watch)

        def seat_1_plays(frame: JSON) -> bool:
            state = frame.get("state")
            return state is not None and state["to_act"] == 1 and state["phase"] == "play"

        turn, off_turn, _ = await asyncio.gather(play(second, stop=seat_1_plays),
                                                 play(first, stop=seat_1_plays),
                                                 watch(spectator, stop=seat_1_plays))
        v = turn["version"]
        assert off_turn["version"] == v and off_turn["state"]["legal"] == []
        held = set(turn["state"]["hand"])
        other = next(c for c in ("AS", "KS", "QS", "JS", "TS", "2C", "3C") if c not in held)
        for action in ({"play": other}, {"bid": 99}, {"bid": 2}, {"play": "ZZ"}, {"play": ["AS"]},
                       {"trump": "S"}, {}, ["play", "AS"], "AS", None):
            for version in (v, None):
                error = await refused(second, action, version)
                assert error["version"] == v
                await unchanged(second, v)
        mine, theirs = next(iter(off_turn["state"]["hand"])), next(iter(held))
        for action in ({"play": mine}, {"seat": 1, "play": theirs}):
            await refused(first, action, None)
            await unchanged(first, v)
        await refused(spectator, choose(turn["state"]["legal"]), None)
        await unchanged(second, v)

        await second.act(choose(turn["state"]["legal"]), v)
        taken = await second.until(lambda f: f["type"] in ("update", "error"))
        assert taken["type"] == "update" and taken["version"] > v
        for c in (first, second, spectator):
            await c.close()

    run(go(), timeout=90)
