"""Fuzzed websocket messages (hypothesis): random text, random JSON values, ``act``/``sync``
messages with random fields and binary frames, sent by a seated player over one websocket.

``test_every_message_is_answered_and_the_server_lives``: each message is answered (before the
``pong`` to the ``ping`` sent after it) with an ``error`` of one line or a valid message
(``snapshot``, ``update``, ``synced``, ``pong``), the connection stays open, and at the end the
server answers ``GET /healthz``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.sync.client import ClientConnection, connect

from tests.server.client import RECV_TIMEOUT, Bucket, create_table
from tests.server.conftest import Server

VALID = {"snapshot", "update", "synced", "pong", "error"}

text = st.text(st.characters(codec="utf-8"), max_size=300)
scalars = st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=12)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=10)
cards = st.sampled_from(["AS", "2C", "TD", "10h", "BJ", "LJ", "JS", "XX", "", "AS AS"]) | values
actions = values | st.fixed_dictionaries({}, optional={
    "bid": st.sampled_from(["pass", "smudge", 2, 3, 4, 5, 10, -1, 99, 2.0, "2"]) | values,
    "play": cards, "trump": st.sampled_from(["S", "H", "D", "C", "X", "spades"]) | values,
    "discard": st.lists(cards, max_size=9) | values, "pass": st.lists(cards, max_size=3) | values,
    "choose": st.sampled_from(["run", "take", "sell", "keep"]) | values, "seat": values})
messages = st.one_of(
    text,
    values.map(json.dumps),
    st.fixed_dictionaries({"type": st.sampled_from(["act", "sync", "ping", "PING", "", "snapshot"]) | values},
                          optional={"action": actions, "version": st.integers(-3, 3000) | values})
    .map(json.dumps),
    st.binary(max_size=300),
)


class Line:
    """A seat's websocket, kept open across hypothesis examples, paced under the rate limit."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.bucket = Bucket()

    def send(self, message: str | bytes) -> None:
        self.bucket.take_blocking()
        self.ws.send(message)

    def answers(self, message: str | bytes) -> list[dict[str, Any]]:
        """Send ``message`` then a ping; every message received up to the pong that answers the
        ping (a fuzzed ping is answered by a pong of its own first; a message left unanswered makes
        the wait for a second pong time out)."""
        self.send(message)
        self.send('{"type": "ping"}')
        got: list[dict[str, Any]] = []
        deadline = time.monotonic() + RECV_TIMEOUT
        while True:
            frame = json.loads(self.ws.recv(timeout=max(0.01, deadline - time.monotonic())))
            if frame["type"] == "pong" and got:
                return got
            got.append(frame)


@pytest.fixture(scope="module")
def line(server: Server) -> Iterator[Line]:
    """Seat 0 of a table with three heuristic bots, connected."""
    table = create_table(server.base, "ten-point", [{"human": True}, *[{"bot": "heuristic"}] * 3])
    token = table.join(0)
    with connect(f"{server.ws_base}/ws/tables/{table.id}?token={token}", proxy=None, compression=None,
                 max_queue=None, open_timeout=RECV_TIMEOUT) as ws:
        first = json.loads(ws.recv(timeout=RECV_TIMEOUT))
        assert first["type"] == "snapshot"
        yield Line(ws)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(message=messages)
def test_every_message_is_answered_and_the_server_lives(line: Line, server: Server,
                                                        message: str | bytes) -> None:
    answers = line.answers(message)
    assert answers, message
    for frame in answers:
        assert frame["type"] in VALID, frame
        if frame["type"] == "error":
            assert isinstance(frame["message"], str) and "\n" not in frame["message"]
            assert "Traceback" not in frame["message"] and len(frame["message"]) < 300


def test_server_is_alive_after_the_fuzz(server: Server) -> None:
    assert server.alive()
