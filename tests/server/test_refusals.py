"""What the server refuses, and how: websocket close codes, HTTP errors, rate and size limits.

- ``test_wrong_secret_closes_the_socket_with_4403``: a made-up token, another table's token, a
  wrong spectator key and no key at all on a private table are all closed with 4403.
- ``test_unknown_table_closes_the_socket_with_4404``.
- ``test_public_table_may_be_watched_without_a_key``: the first message is a snapshot.
- ``test_http_errors_are_json_one_liners``: each bad request gets 400, 403 or 404 and a body that
  is exactly ``{"error": "one line"}`` with no stack trace or internal detail.
- ``test_burst_of_messages_closes_with_4429``: far above 20 messages a second, the socket is
  closed with 4429.
- ``test_oversize_message_is_answered_with_an_error``: a message over 4,096 bytes gets an error
  and the connection stays usable; ``test_size_limit_counts_bytes_not_characters``: also when it
  has fewer characters than that, in UTF-8 of two bytes each.
- ``test_websocket_from_another_site_closes_with_4403``: the ``Origin`` header is checked; the
  server's own origin is let in.
"""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Origin

from tests.server.client import (
    JSON,
    RECV_TIMEOUT,
    Conn,
    Reply,
    Table,
    create_table,
    http,
    person_and_bots,
    refused,
    run,
)
from tests.server.conftest import Server

FOUR_HUMANS: list[JSON] = [{"human": True}] * 4
THREE_BOTS: list[JSON] = [{"bot": "heuristic"}] * 3


@pytest.fixture(scope="module")
def private_table(server: Server) -> Table:
    """A private table waiting for four people."""
    return create_table(server.base, "pct", FOUR_HUMANS)


def test_wrong_secret_closes_the_socket_with_4403(server: Server, private_table: Table) -> None:
    other = create_table(server.base, "pct", [{"human": True}, *THREE_BOTS])
    other_token = other.join(0)
    paths = [f"/ws/tables/{private_table.id}?token=not-a-token",
             f"/ws/tables/{private_table.id}?token={other_token}",
             f"/ws/tables/{private_table.id}?watch=not-the-key",
             f"/ws/tables/{private_table.id}?watch={other.watch}",
             f"/ws/tables/{private_table.id}"]
    for path in paths:
        assert run(refused(server.ws_base, path), timeout=30) == 4403, path


def test_unknown_table_closes_the_socket_with_4404(server: Server) -> None:
    for path in ["/ws/tables/no-such-table", "/ws/tables/no-such-table?watch=x", "/ws/tables/" + "x" * 500]:
        assert run(refused(server.ws_base, path), timeout=30) == 4404, path


def test_public_table_may_be_watched_without_a_key(server: Server) -> None:
    table = create_table(server.base, "pct", FOUR_HUMANS, public=True)

    async def go() -> JSON:
        conn = await Conn.open(server.ws_base, table.id)
        first = await conn.recv()
        await conn.close()
        return first

    first = run(go(), timeout=30)
    assert first["type"] == "snapshot" and first["table"]["status"] == "waiting" and "seat" not in first


def bad_requests(table: Table) -> list[tuple[str, str, object, int]]:
    """(method, path, body, status): bodies of ``bytes`` are sent as they are."""
    tid = table.id
    invite = table.invites[1]
    seats = FOUR_HUMANS
    return [
        ("POST", "/api/tables", b"{not json", 400),
        ("POST", "/api/tables", b"[1, 2]", 400),
        ("POST", "/api/tables", b"\xff\xfe", 400),
        ("POST", "/api/tables", b"{" * 5000, 400),
        ("POST", "/api/tables", b'{"seats": ' + b"[" * 20_000, 400),
        ("POST", "/api/tables", {"variant": "pct"}, 400),
        ("POST", "/api/tables", {"variant": "no-such-game", "seats": seats}, 400),
        ("POST", "/api/tables", {"variant": "pct", "players": 4, "seats": seats[:3]}, 400),
        ("POST", "/api/tables", {"variant": "pct", "seats": "four"}, 400),
        ("POST", "/api/tables", {"variant": "pct", "seats": [{"bot": "nobody"}] * 4}, 400),
        ("POST", "/api/tables", {"variant": "pct", "seats": [{"bot": 7}] * 4}, 400),
        ("POST", "/api/tables", {"variant": "pct", "seats": seats, "options": {"target": "far"}}, 400),
        ("POST", "/api/tables", {"variant": "pct", "seats": seats, "options": {"no-such-rule": 1}}, 400),
        ("POST", "/api/tables", {"variant": "pct", "seats": seats, "options": [1]}, 400),
        ("POST", "/api/tables", {"variant": "pct", "seats": seats, "players": "four"}, 400),
        ("POST", "/api/tables", {"variant": "pct", "seats": seats, "players": 99}, 400),
        ("POST", "/api/tables", {"variant": ["pct"], "seats": seats}, 400),
        ("POST", f"/api/tables/{tid}/join", {"seat": 1, "invite": "wrong", "name": "Bo"}, 403),
        ("POST", f"/api/tables/{tid}/join", {"seat": 2, "invite": invite, "name": "Bo"}, 403),
        ("POST", f"/api/tables/{tid}/join", {"seat": 9, "invite": invite, "name": "Bo"}, 400),
        ("POST", f"/api/tables/{tid}/join", {"seat": "1", "invite": invite, "name": "Bo"}, 400),
        ("POST", f"/api/tables/{tid}/join", {"seat": 1, "invite": invite, "name": ""}, 400),
        ("POST", f"/api/tables/{tid}/join", {"seat": 1, "invite": invite, "name": "\x00\x01"}, 400),
        ("POST", f"/api/tables/{tid}/join", {"seat": 1, "invite": [invite], "name": "Bo"}, 403),
        ("POST", "/api/tables/no-such-table/join", {"seat": 1, "invite": invite, "name": "Bo"}, 404),
        ("POST", f"/api/tables/{tid}/seats/1", {"owner": "wrong", "bot": "heuristic"}, 403),
        ("POST", f"/api/tables/{tid}/seats/1", {"owner": table.owner, "bot": "nobody"}, 400),
        ("POST", f"/api/tables/{tid}/seats/7", {"owner": table.owner, "bot": "heuristic"}, 400),
        ("POST", f"/api/tables/{tid}/seats/one", {"owner": table.owner, "bot": "heuristic"}, 400),
        ("GET", "/api/tables/no-such-table", None, 404),
        ("GET", "/api/tables/no-such-table/record", None, 404),
        ("GET", "/api/tables/" + "x" * 300, None, 404),
        ("GET", "/api/no-such-call", None, 404),
    ]


def assert_one_line_error(reply: Reply, status: int, what: str) -> None:
    assert reply.status == status, f"{what}: {reply.status} {reply.text[:300]}"
    body = json.loads(reply.text)
    assert isinstance(body, dict) and list(body) == ["error"], f"{what}: {reply.text[:300]}"
    message = body["error"]
    assert isinstance(message, str) and message and "\n" not in message and len(message) < 300, what
    for leak in ("Traceback", "File \"", "site-packages", "Exception", "sqlalchemy", "0x"):
        assert leak not in message, f"{what}: {message}"


def test_http_errors_are_json_one_liners(server: Server, private_table: Table) -> None:
    for method, path, body, status in bad_requests(private_table):
        reply = http(server.base, method, path, None if isinstance(body, bytes) else body,
                     raw=body if isinstance(body, bytes) else None)
        assert_one_line_error(reply, status, f"{method} {path} {str(body)[:60]}")
    assert server.alive()
    assert private_table.info()["version"] == 1


def test_burst_of_messages_closes_with_4429(server: Server) -> None:
    async def go() -> int | None:
        _, conn = await person_and_bots(server.base, server.ws_base, ["heuristic"] * 3)
        for _ in range(200):
            await conn.ws.send('{"type": "ping"}')
        return await conn.closed_code()

    assert run(go(), timeout=60) == 4429
    assert server.alive()


def test_oversize_message_is_answered_with_an_error(server: Server) -> None:
    async def go() -> tuple[JSON, JSON]:
        _, conn = await person_and_bots(server.base, server.ws_base, ["heuristic"] * 3)
        await conn.recv()
        await asyncio.sleep(0.2)
        await conn.send(json.dumps({"type": "ping", "padding": "x" * 5000}))
        answer = await conn.until(lambda f: f["type"] in ("error", "pong"))
        await conn.send({"type": "ping"})
        alive = await conn.until(lambda f: f["type"] in ("error", "pong"))
        await conn.close()
        return answer, alive

    answer, alive = run(go(), timeout=60)
    assert answer["type"] == "error" and "4096" in answer["message"]
    assert alive["type"] == "pong"


def test_size_limit_counts_bytes_not_characters(server: Server) -> None:
    async def go() -> JSON:
        _, conn = await person_and_bots(server.base, server.ws_base, ["heuristic"] * 3)
        await conn.send(json.dumps({"type": "ping", "padding": "é" * 3000}, ensure_ascii=False))
        answer = await conn.until(lambda f: f["type"] in ("error", "pong"))
        await conn.close()
        return answer

    answer = run(go(), timeout=60)
    assert answer["type"] == "error" and "4096" in answer["message"]


def test_websocket_from_another_site_closes_with_4403(server: Server, private_table: Table) -> None:
    async def go(origin: str) -> int | None:
        async with connect(f"{server.ws_base}/ws/tables/{private_table.id}?watch={private_table.watch}",
                           origin=Origin(origin), proxy=None) as ws:
            try:
                first = json.loads(await asyncio.wait_for(ws.recv(), RECV_TIMEOUT))
            except ConnectionClosed as e:
                return None if e.rcvd is None else e.rcvd.code
            assert first["type"] == "snapshot"
            return 0

    assert run(go("https://elsewhere.example"), timeout=30) == 4403
    assert run(go(server.base), timeout=30) == 0
