"""Play again: when a game ends, the same table starts the next one with the same seats and links, once
every player at it has asked to (bots at once); the deal moves on to the next seat, the host may
choose other rules for it, and each game keeps its own record.

- Both people ask: the next game starts, dealt by the seat after the last game's first dealer; the
  same tokens go on working; ``record?game=1`` and ``record?game=2`` are each a game of their own.
- Asking mid-game, twice, or as a spectator is refused with a clear message.
- Only the host changes the next game's rules; a change asks everyone again.
- A player who left the seat to a bot is not waited for.
- ``kill -9`` right after the next game starts: after a restart both games are there.
- A tournament's table plays one game only.
No frame to the spectator shows a card it may not see.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator

import pytest

from pitchkit.server.store import LogEntry
from pitchkit.server.tables import TableError, TableState
from tests.server.client import (
    JSON,
    Conn,
    Table,
    create_table,
    frames_with_state,
    hidden_cards,
    http,
    ok,
    over,
    play,
    run,
    watch,
)
from tests.server.conftest import Database, Server

BOT = {"bot": "heuristic"}
#: a short game: the first hand that scores a point ends it
SHORT = {"target": 1}


@pytest.fixture(scope="module")
def again_server(database: Database) -> Iterator[Server]:
    """A server of this module's own (one test stops and starts it again)."""
    server = Server(database.new_url(), database.folder, grace=60.0).start()
    yield server
    server.stop()
    assert not server.errors(), "\n".join(server.errors())


def started_game(number: int) -> Callable[[JSON], bool]:
    """A test for the update that starts game ``number``."""
    return lambda f: (
        f["type"] == "update"
        and any(e.get("kind") == "start" and e.get("game") == number for e in f.get("events", []))
    )


async def two_friends_finish(server: Server, options: JSON = SHORT) -> tuple[Table, Conn, Conn, Conn]:
    """Ann (the host) and Bob with two bots play a short game to its end; a spectator watches."""
    table = await asyncio.to_thread(
        create_table, server.base, "pct", [{"human": True}] * 2 + [BOT] * 2, public=True, options=options
    )
    ann = await Conn.open(
        server.ws_base, table.id, token=await asyncio.to_thread(table.join, 0, "Ann"), seat=0
    )
    bob = await Conn.open(
        server.ws_base, table.id, token=await asyncio.to_thread(table.join, 1, "Bob"), seat=1
    )
    spectator = await Conn.open(server.ws_base, table.id)
    await asyncio.gather(play(ann), play(bob))
    await watch(spectator)
    return table, ann, bob, spectator


def test_play_again_starts_the_next_game_when_every_player_asks_and_the_deal_moves_on(
    again_server: Server,
) -> None:
    async def go() -> None:
        table, ann, bob, spectator = await two_friends_finish(again_server)
        info = await asyncio.to_thread(table.info)
        assert info["status"] == "over" and info["game"] == 1 and info["games"] == []
        assert info["again"] == [] and info["waiting"] == [0, 1]
        first = await asyncio.to_thread(
            lambda: ok(http(again_server.base, "GET", f"/api/tables/{table.id}/record"))
        )
        first_dealer = first[0]["dealer"]

        await ann.send({"type": "again"})
        asked = await bob.until(lambda f: f["type"] == "update" and f["table"].get("again") == [0])
        assert asked["table"]["status"] == "over" and asked["table"]["waiting"] == [1]
        await ann.send({"type": "again"})
        twice = await ann.until(lambda f: f["type"] == "error")
        assert "already" in twice["message"]

        await bob.send({"type": "again"})
        start = await spectator.until(started_game(2))
        event = next(e for e in start["events"] if e["kind"] == "start")
        assert event["dealer"] == (first_dealer + 1) % 4
        assert start["table"]["status"] == "playing" and start["table"]["game"] == 2
        assert [g["game"] for g in start["table"]["games"]] == [1]
        assert start["table"]["games"][0]["winner"] == info["winner"]
        assert start["table"]["scores"] == [0, 0, 0, 0] and start["table"]["hand"] == 1

        # the same connections (the same links) play the second game to its end
        await asyncio.gather(
            play(ann, stop=lambda f: over(f) and f["table"]["game"] == 2),
            play(bob, stop=lambda f: over(f) and f["table"]["game"] == 2),
        )
        await watch(spectator, stop=lambda f: over(f) and f["table"]["game"] == 2)
        one, two = [
            await asyncio.to_thread(http, again_server.base, "GET", f"/api/tables/{table.id}/record?game={n}")
            for n in (1, 2)
        ]
        one, two = ok(one), ok(two)
        assert one == first and two and two[0]["dealer"] == (first_dealer + 1) % 4
        assert two == await asyncio.to_thread(table.record)
        missing = await asyncio.to_thread(
            http, again_server.base, "GET", f"/api/tables/{table.id}/record?game=3"
        )
        assert missing.status == 400 and "game 3" in missing.body["error"]
        assert not any(hidden_cards(f) for f in frames_with_state(spectator.frames))
        for conn in (ann, bob, spectator):
            await conn.close()

    run(go(), timeout=240)


def test_play_again_is_refused_mid_game_and_to_a_spectator(again_server: Server) -> None:
    async def go() -> None:
        table = await asyncio.to_thread(
            create_table, again_server.base, "pct", [{"human": True}, BOT, BOT, BOT], public=True
        )
        ann = await Conn.open(
            again_server.ws_base, table.id, token=await asyncio.to_thread(table.join, 0, "Ann"), seat=0
        )
        spectator = await Conn.open(again_server.ws_base, table.id)
        await ann.recv()
        await ann.send({"type": "again"})
        refused = await ann.until(lambda f: f["type"] == "error")
        assert refused["message"] == "the game is not over"
        await spectator.send({"type": "again"})
        refused = await spectator.until(lambda f: f["type"] == "error")
        assert "spectators" in refused["message"]
        reply = await asyncio.to_thread(
            http,
            again_server.base,
            "POST",
            f"/api/tables/{table.id}/rules",
            {"owner": table.owner, "options": {}},
        )
        assert reply.status == 400 and reply.body["error"] == "the game is not over"
        await ann.close()
        await spectator.close()

    run(go(), timeout=60)


def test_only_the_host_chooses_the_next_games_rules_and_everyone_is_asked_again(again_server: Server) -> None:
    async def go() -> None:
        table, ann, bob, spectator = await two_friends_finish(again_server)
        await ann.send({"type": "again"})
        await bob.until(lambda f: f["type"] == "update" and f["table"].get("again") == [0])
        path = f"/api/tables/{table.id}/rules"
        for stranger in ("", table.tokens[1], table.watch):
            reply = await asyncio.to_thread(
                http, again_server.base, "POST", path, {"owner": stranger, "options": {"target": 2}}
            )
            assert reply.status == 403 and "host" in reply.body["error"]
        reply = await asyncio.to_thread(
            http, again_server.base, "POST", path, {"owner": table.owner, "options": {"target": "lots"}}
        )
        assert reply.status == 400 and "target" in reply.body["error"]
        reply = await asyncio.to_thread(
            http,
            again_server.base,
            "POST",
            path,
            {"owner": table.owner, "variant": "no-such-game", "options": {}},
        )
        assert reply.status == 400 and "no-such-game" in reply.body["error"]
        chosen = ok(
            await asyncio.to_thread(
                http, again_server.base, "POST", path, {"owner": table.owner, "options": {"target": 2}}
            )
        )
        assert chosen == {"variant": "pct", "options": {"target": 2}}
        told = await bob.until(lambda f: f["type"] == "update" and "next_rules" in f["table"])
        assert told["table"]["again"] == [] and told["table"]["next_rules"]["options"] == {"target": 2}
        for conn in (ann, bob):
            await conn.send({"type": "again"})
        start = await spectator.until(started_game(2))
        assert start["table"]["options"]["target"] == 2 and "next_rules" not in start["table"]
        assert start["table"]["games"][0]["options"] == {"target": 1}
        for conn in (ann, bob, spectator):
            await conn.close()

    run(go(), timeout=240)


def test_a_player_who_left_the_seat_is_not_waited_for(again_server: Server) -> None:
    async def go() -> None:
        _table, ann, bob, spectator = await two_friends_finish(again_server)
        await bob.send({"type": "leave"})
        await ann.until(
            lambda f: (
                f["type"] == "update"
                and f["table"]["seats"][1].get("left") is True
                and f["table"]["waiting"] == [0]
            )
        )
        await ann.send({"type": "again"})
        start = await ann.until(started_game(2))
        assert start["table"]["seats"][1]["left"] is True
        for conn in (ann, bob, spectator):
            await conn.close()

    run(go(), timeout=240)


def test_sigkill_after_the_next_game_starts_keeps_both_games(again_server: Server) -> None:
    async def go() -> Table:
        table, ann, bob, _spectator = await two_friends_finish(again_server)
        await ann.send({"type": "again"})
        await bob.send({"type": "again"})
        await ann.until(started_game(2))
        return table

    table = run(go(), timeout=240)
    first = ok(http(again_server.base, "GET", f"/api/tables/{table.id}/record?game=1"))
    again_server.kill()
    again_server.start()
    info = table.info()
    assert info["game"] == 2 and info["status"] == "playing" and len(info["games"]) == 1
    assert ok(http(again_server.base, "GET", f"/api/tables/{table.id}/record?game=1")) == first


def _entry(state: TableState, kind: str, data: JSON) -> None:
    state.replay(LogEntry(state.id, state.version + 1, kind, data, 0.0))


def test_a_tournament_table_plays_one_game() -> None:
    """A table made with ``rematch`` off (the desk's) never waits for a second game."""
    state = TableState("t")
    _entry(
        state,
        "create",
        {
            "variant": "pct",
            "options": {"target": 1},
            "players": 2,
            "rematch": False,
            "seats": [
                {"kind": "bot", "bot": "random", "name": "a"},
                {"kind": "bot", "bot": "random", "name": "b"},
            ],
        },
    )
    assert state.rematch is False
    _entry(state, "again", {"seat": 0})
    assert not state.ready_again()  # no game yet, and none to follow


def test_a_new_game_starts_only_after_the_last_one_is_over() -> None:
    state = TableState("t")
    _entry(
        state,
        "create",
        {
            "variant": "pct",
            "options": {},
            "players": 2,
            "seats": [
                {"kind": "bot", "bot": "random", "name": "a"},
                {"kind": "bot", "bot": "random", "name": "b"},
            ],
        },
    )
    _entry(state, "start", {"dealer": 0, "cuts": []})
    with pytest.raises(TableError, match="when the last one is over"):
        _entry(state, "start", {"dealer": 1, "cuts": []})
    with pytest.raises(TableError, match="no game 2"):
        state.game_at(2)
