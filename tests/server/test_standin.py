"""A person away past the grace period (a server started with ``--grace 1``).

``test_bot_stands_in_for_a_person_away_past_the_grace_period``: a person closes their only
connection on their own turn. No sooner than the grace period later, a ``standin`` event tells
everyone (the spectator here) that a bot plays for the seat (``standin: true``, ``connected:
false`` in the table) and the bot acts for it. When the person connects again a ``standin`` event
turns it off, the table shows the person connected, and on the person's next turn nobody acts for
them, for longer than the grace period, until they act themselves. The spectator and the person
are never sent a card they may not know, also while the bot plays.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from tests.server.client import (
    JSON,
    Conn,
    choose,
    frames_with_state,
    hidden_cards,
    my_turn,
    person_and_bots,
    play,
    run,
)
from tests.server.conftest import Database, Server

GRACE = 1.0


@pytest.fixture(scope="module")
def quick_server(database: Database) -> Iterator[Server]:
    """A server whose grace period is one second."""
    server = Server(database.new_url(), database.folder, grace=GRACE).start()
    yield server
    server.stop()
    assert not server.errors(), "\n".join(server.errors())


def standin(frame: JSON, on: bool) -> JSON | None:
    """The seat as a ``standin`` event of ``frame`` shows it, when the event turns the stand-in
    ``on`` (or off)."""
    return next((e["seat"] for e in frame.get("events", [])
                 if e["kind"] == "standin" and e["seat"]["standin"] is on), None)


def acted(seat: int, frame: JSON) -> bool:
    return any(e["kind"] == "action" and e["action"]["seat"] == seat for e in frame.get("events", []))


def test_bot_stands_in_for_a_person_away_past_the_grace_period(quick_server: Server) -> None:
    server = quick_server

    async def go() -> None:
        table, conn = await person_and_bots(server.base, server.ws_base, ["heuristic"] * 3,
                                            options={"target": 21})
        spectator = await Conn.open(server.ws_base, table.id, watch=table.watch)
        await play(conn, stop=lambda f: my_turn(conn, f))
        left = time.monotonic()
        await conn.close()

        on = await spectator.until(lambda f: standin(f, True) is not None, timeout=15)
        assert time.monotonic() - left >= GRACE
        assert standin(on, True) == {"seat": 0, "kind": "human", "name": "Ann", "connected": False,
                                     "standin": True}
        await spectator.until(lambda f: acted(0, f))
        assert table.info()["seats"][0]["standin"] is True

        back = await Conn.open(server.ws_base, table.id, token=table.tokens[0], seat=0)
        off = await spectator.until(lambda f: standin(f, False) is not None)
        assert standin(off, False) == {"seat": 0, "kind": "human", "name": "Ann", "connected": True,
                                       "standin": False}
        seat = table.info()["seats"][0]
        assert seat["standin"] is False and seat["connected"] is True

        await back.until(lambda f: standin(f, False) is not None)
        turn = await play(back, stop=lambda f: my_turn(back, f))
        with pytest.raises(TimeoutError):
            await back.recv(timeout=GRACE + 1.5)
        action = choose(turn["state"]["legal"])
        await back.act(action, turn["version"])
        taken = await back.until(lambda f: f["type"] in ("update", "error"))
        assert taken["type"] == "update" and taken["events"][0]["action"] == {"seat": 0, **action}
        for c in (back, spectator):
            await c.close()
        for c in (conn, back, spectator):
            assert not any(hidden_cards(f) for f in frames_with_state(c.frames))

    run(go(), timeout=90)
