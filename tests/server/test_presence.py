"""Who is connected reaches everyone at once (a ``presence`` message), not with the next action.

``test_a_friend_connecting_and_leaving_is_told_to_every_seat_and_spectator``: a table of Ann, Bob
and two bots, watched. When Bob connects, Ann and the spectator are sent a ``presence`` message
that shows him connected, at the version they already have; a second tab of Bob's and its closing
tell nobody anything (he stays connected); when his last connection closes they are sent one that
shows him away. Bob's own first message is his snapshot. No frame carries a card its recipient may
not see, and every change still reaches everyone in order.
"""

from __future__ import annotations

import asyncio

from tests.server.client import (
    JSON,
    Conn,
    create_table,
    events,
    frames_with_state,
    hidden_cards,
    run,
)
from tests.server.conftest import Server


def presence(frame: JSON) -> bool:
    return bool(frame["type"] == "presence")


def bob_connected(frame: JSON) -> bool:
    return bool(frame["seats"][1].get("connected"))  # an open seat has no connection to show


def test_a_friend_connecting_and_leaving_is_told_to_every_seat_and_spectator(server: Server) -> None:
    async def go() -> tuple[Conn, Conn, Conn]:
        seats: list[JSON] = [{"human": True}, {"human": True}, {"bot": "heuristic"}, {"bot": "heuristic"}]
        table = await asyncio.to_thread(create_table, server.base, "pct", seats, options={"target": 21})
        spectator = await Conn.open(server.ws_base, table.id, watch=table.watch)
        ann_token = await asyncio.to_thread(table.join, 0, "Ann")
        ann = await Conn.open(server.ws_base, table.id, token=ann_token, seat=0)
        await spectator.until(presence)  # Ann connected
        bob_token = await asyncio.to_thread(table.join, 1, "Bob")
        for conn in (ann, spectator):
            started = await conn.until(lambda f: f["type"] == "update" and f["table"]["status"] == "playing")
            assert started["table"]["seats"][1]["connected"] is False

        bob = await Conn.open(server.ws_base, table.id, token=bob_token, seat=1)
        first = await bob.recv()
        assert first["type"] == "snapshot" and first["table"]["seats"][1]["connected"] is True
        for conn in (ann, spectator):
            told = await conn.until(presence)
            assert bob_connected(told) and told["seats"][0]["connected"] is True
            assert told["seats"][1]["name"] == "Bob" and told["seats"][2] == {
                "seat": 2, "kind": "bot", "name": "heuristic bot", "bot": "heuristic"}

        second_tab = await Conn.open(server.ws_base, table.id, token=bob_token, seat=1)
        await second_tab.recv()
        await second_tab.close()
        await bob.close()
        for conn in (ann, spectator):
            gone = await conn.until(presence)
            assert not bob_connected(gone) and gone["seats"][1]["standin"] is False
        for conn in (ann, spectator):
            await conn.close()
        return ann, spectator, bob

    ann, spectator, bob = run(go(), timeout=90)
    # the spectator was told of Ann too; a second tab of Bob's is no news
    for conn, news in ((ann, [True, False]), (spectator, [False, True, False])):
        told = [f for f in conn.frames if presence(f)]
        assert [bob_connected(f) for f in told] == news
        for frame in told:
            # the version of the last change the connection had been told of: presence changes nothing
            earlier = conn.frames[:conn.frames.index(frame)]
            before = [f for f in earlier if f["type"] in ("snapshot", "update")]
            assert frame["version"] == before[-1]["version"]
        seqs = [e["seq"] for e in events(conn.frames)]
        assert seqs == list(range(conn.frames[0]["version"] + 1, conn.last["version"] + 1))  # type: ignore[index]
    assert not any(presence(f) for f in bob.frames)
    for conn in (ann, spectator, bob):
        assert not any(hidden_cards(f) for f in frames_with_state(conn.frames))
