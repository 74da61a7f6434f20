"""The host runs the table (the creator's ``owner`` secret), and a player leaves the seat and takes it
back; every change is a log entry, committed before anyone is told, and kept through ``kill -9``.

- A friend who never comes: the host seats a bot in the open seat and the game starts.
- Only the host changes seats or closes the table (403 for anyone else).
- A person at the table is moved only when the host says remove: the seat becomes a bot, the
  removed person's connection is closed (4403) and their token opens nothing any more.
- A bot's seat given back to a person gets a fresh invite; while it is open the stand-in bot plays
  it, and a person who takes it mid-game plays on from there.
- A player leaves: the stand-in plays, reconnecting does not take the seat back, ``back`` does.
- The host closes the table: everyone is told and no action is taken after.
- ``kill -9`` right after a removal and a leave: after a restart both are as acknowledged.
No frame to the spectator shows a card it may not see.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator

import pytest

from tests.server.client import (
    JSON,
    Conn,
    Table,
    create_table,
    frames_with_state,
    hidden_cards,
    http,
    my_turn,
    ok,
    over,
    play,
    refused,
    run,
    watch,
)
from tests.server.conftest import Database, Server

BOT = {"bot": "heuristic"}


@pytest.fixture(scope="module")
def host_server(database: Database) -> Iterator[Server]:
    """A server of this module's own (one test stops and starts it again)."""
    server = Server(database.new_url(), database.folder, grace=60.0).start()
    yield server
    server.stop()
    assert not server.errors(), "\n".join(server.errors())


def seat_change(server: Server, table: Table, seat: int, body: JSON) -> tuple[int, JSON]:
    reply = http(server.base, "POST", f"/api/tables/{table.id}/seats/{seat}", {"owner": table.owner, **body})
    return reply.status, reply.body


def seat_of(frame: JSON, seat: int) -> JSON:
    out: JSON = frame["table"]["seats"][seat]
    return out


def seat_of_update(frame: JSON, seat: int) -> JSON:
    """The seat as an update shows it (nothing for other messages)."""
    return seat_of(frame, seat) if frame["type"] == "update" else {}


def acted(seat: int) -> Callable[[JSON], bool]:
    """A test for an update in which ``seat`` acted."""
    return lambda f: any(
        e.get("kind") == "action" and e["action"]["seat"] == seat for e in f.get("events", [])
    )


def test_the_host_seats_a_bot_for_a_friend_who_never_comes_and_the_game_starts(host_server: Server) -> None:
    table = create_table(host_server.base, "pct", [{"human": True}, {"human": True}, BOT, BOT])
    table.join(0, "Ann")
    assert table.info()["status"] == "waiting"
    status, body = seat_change(host_server, table, 1, {"bot": "heuristic"})
    assert status == 200 and body == {"seat": 1, "invite": None}
    info = table.info()
    assert info["status"] == "playing" and info["seats"][1]["kind"] == "bot"


def test_only_the_host_changes_seats_or_closes_the_table(host_server: Server) -> None:
    table = create_table(host_server.base, "pct", [{"human": True}, BOT, BOT, BOT])
    token = table.join(0, "Ann")
    for stranger in ("", token, table.watch, table.invites[0]):
        reply = http(
            host_server.base, "POST", f"/api/tables/{table.id}/seats/1", {"owner": stranger, "bot": None}
        )
        assert reply.status == 403 and "host" in reply.body["error"]
        reply = http(host_server.base, "POST", f"/api/tables/{table.id}/close", {"owner": stranger})
        assert reply.status == 403
    assert (
        http(host_server.base, "POST", "/api/tables/no-such-table/close", {"owner": table.owner}).status
        == 404
    )
    assert table.info()["status"] == "playing"


def test_a_removed_player_is_disconnected_and_their_token_opens_nothing(host_server: Server) -> None:
    async def go() -> None:
        table = await asyncio.to_thread(
            create_table, host_server.base, "pct", [{"human": True}] * 2 + [BOT] * 2, public=True
        )
        host = await Conn.open(
            host_server.ws_base, table.id, token=await asyncio.to_thread(table.join, 0, "Ann"), seat=0
        )
        friend_token = await asyncio.to_thread(table.join, 1, "Bob")
        friend = await Conn.open(host_server.ws_base, table.id, token=friend_token, seat=1)
        spectator = await Conn.open(host_server.ws_base, table.id)
        await friend.recv()
        status, body = await asyncio.to_thread(seat_change, host_server, table, 1, {"bot": "heuristic"})
        assert status == 400 and "remove" in body["error"]
        status, body = await asyncio.to_thread(
            seat_change, host_server, table, 1, {"bot": "heuristic", "remove": True}
        )
        assert status == 200
        assert await friend.closed_code() == 4403
        assert await refused(host_server.ws_base, f"/ws/tables/{table.id}?token={friend_token}") == 4403
        # the game goes on with a bot in seat 1: it plays when its turn comes
        await host.until(lambda f: seat_of_update(f, 1).get("kind") == "bot")
        await play(host, stop=lambda f: acted(1)(f) and seat_of(f, 1)["kind"] == "bot")
        await watch(spectator, stop=lambda f: acted(1)(f))
        assert not any(hidden_cards(f) for f in frames_with_state(spectator.frames))
        for conn in (host, spectator):
            await conn.close()

    run(go(), timeout=90)


def test_a_bots_seat_given_back_gets_a_fresh_invite_and_a_person_takes_it_mid_game(
    host_server: Server,
) -> None:
    async def go() -> None:
        table = await asyncio.to_thread(
            create_table, host_server.base, "pct", [{"human": True}, BOT, BOT, BOT]
        )
        host = await Conn.open(
            host_server.ws_base, table.id, token=await asyncio.to_thread(table.join, 0, "Ann"), seat=0
        )
        status, body = await asyncio.to_thread(seat_change, host_server, table, 2, {"bot": None})
        assert status == 200 and body["invite"]
        # while the seat is open the stand-in bot plays it
        await host.until(lambda f: seat_of_update(f, 2).get("kind") == "open")
        await play(host, stop=lambda f: acted(2)(f) and seat_of(f, 2)["kind"] == "open")
        joined = ok(
            http(
                host_server.base,
                "POST",
                f"/api/tables/{table.id}/join",
                {"seat": 2, "invite": body["invite"], "name": "Cy"},
            )
        )
        cy = await Conn.open(host_server.ws_base, table.id, token=joined["token"], seat=2)
        first = await cy.recv()
        assert first["state"]["seat"] == 2 and seat_of(first, 2)["name"] == "Cy"
        assert first["table"]["status"] == "playing"
        await host.until(lambda f: seat_of_update(f, 2).get("kind") == "human")
        played = await asyncio.gather(
            play(host, stop=lambda f: acted(2)(f) and seat_of(f, 2)["kind"] == "human"),
            play(cy, stop=lambda f: acted(2)(f) or over(f)),
        )
        assert acted(2)(played[1]), played[1]
        for conn in (host, cy):
            await conn.close()

    run(go(), timeout=120)


def test_a_player_leaves_the_seat_and_takes_it_back(host_server: Server) -> None:
    async def go() -> None:
        table = await asyncio.to_thread(
            create_table, host_server.base, "pct", [{"human": True}, BOT, BOT, BOT]
        )
        token = await asyncio.to_thread(table.join, 0, "Ann")
        ann = await Conn.open(host_server.ws_base, table.id, token=token, seat=0)
        await ann.recv()
        await ann.send({"type": "leave"})
        left = await ann.until(lambda f: f["type"] == "error" or seat_of_update(f, 0).get("left") is True)
        assert left["type"] == "update" and seat_of(left, 0)["standin"] is True
        await ann.act({"bid": "pass"}, None)
        refusal = await ann.until(lambda f: f["type"] == "error")
        assert "take it back" in refusal["message"]
        await ann.until(acted(0))
        await ann.send({"type": "leave"})
        assert "already" in (await ann.until(lambda f: f["type"] == "error"))["message"]
        # connecting again watches on: the seat stays the bot's until Ann says so
        await ann.close()
        ann = await Conn.open(host_server.ws_base, table.id, token=token, seat=0)
        snapshot = await ann.recv()
        assert seat_of(snapshot, 0)["left"] is True
        await ann.send({"type": "back"})
        back = await ann.until(lambda f: f["type"] == "error" or seat_of_update(f, 0).get("standin") is False)
        assert back["type"] == "update" and "left" not in seat_of(back, 0)
        # the bot no longer plays for Ann: her turn comes to her (it may be now)
        frame = back if my_turn(ann, back) else await ann.until(lambda f: my_turn(ann, f), timeout=30)
        assert frame["state"]["legal"]
        await ann.close()

    run(go(), timeout=90)


def test_the_host_closes_the_table(host_server: Server) -> None:
    async def go() -> None:
        table = await asyncio.to_thread(
            create_table, host_server.base, "pct", [{"human": True}, BOT, BOT, BOT]
        )
        ann = await Conn.open(
            host_server.ws_base, table.id, token=await asyncio.to_thread(table.join, 0, "Ann"), seat=0
        )
        await ann.recv()
        got = await asyncio.to_thread(
            http, host_server.base, "POST", f"/api/tables/{table.id}/close", {"owner": table.owner}
        )
        assert got.status == 200 and got.body == {"closed": True}
        closed = await ann.until(lambda f: f["type"] == "closed")
        assert closed["reason"] == "the host closed the table"
        await ann.act({"bid": "pass"}, None)
        assert "closed" in (await ann.until(lambda f: f["type"] == "error"))["message"]
        again = await asyncio.to_thread(
            http, host_server.base, "POST", f"/api/tables/{table.id}/close", {"owner": table.owner}
        )
        assert again.body == {"closed": False}
        status, _ = await asyncio.to_thread(seat_change, host_server, table, 1, {"bot": None})
        assert status == 400
        await ann.close()

    run(go(), timeout=60)


def test_sigkill_after_a_removal_and_a_leave_keeps_both(host_server: Server) -> None:
    async def go() -> tuple[Table, str]:
        table = await asyncio.to_thread(
            create_table, host_server.base, "pct", [{"human": True}] * 2 + [BOT] * 2
        )
        token = await asyncio.to_thread(table.join, 0, "Ann")
        await asyncio.to_thread(table.join, 1, "Bob")
        ann = await Conn.open(host_server.ws_base, table.id, token=token, seat=0)
        await ann.recv()
        status, _ = await asyncio.to_thread(
            seat_change, host_server, table, 1, {"bot": "random", "remove": True}
        )
        assert status == 200
        await ann.send({"type": "leave"})
        await ann.until(lambda f: f["type"] == "update" and seat_of(f, 0).get("left") is True)
        return table, token

    table, _ = run(go(), timeout=60)
    host_server.kill()
    host_server.start()
    info = table.info()
    assert info["seats"][1]["kind"] == "bot" and info["seats"][1]["bot"] == "random"
    assert info["seats"][0]["left"] is True and info["seats"][0]["standin"] is True
    assert (
        run(refused(host_server.ws_base, f"/ws/tables/{table.id}?token={table.tokens[1]}"), timeout=20)
        == 4403
    )
