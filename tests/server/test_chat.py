"""Chat and reactions at the online tables, on a real server (each database) with real websocket
clients:

- a line and a reaction go to every connection of the table (seats and spectators), as sent (HTML
  and all: the server stores and sends text, a page shows it as text); a line does not move the
  table's version, so an action sent at the version its player had is taken while lines go by;
- only the host (the ``owner`` secret) changes the chat: 403 for a token, an invite, the spectator
  key or nothing; a muted seat is refused with a clear message, spectators are refused until the
  host lets them chat (then under the name they give, or "Spectator"), chat switched off refuses
  everyone; every refusal goes to its sender only and the connection stays open;
- limits: 300 characters are taken, 301 refused; a burst past 5 lines in 10 seconds is refused
  with a message; empty and control characters are refused;
- ``kill -9`` right after a line is acknowledged (its ``chat`` message received): after a restart
  the line is in the recent lines a new connection is sent, and the host's settings are kept;
- a tournament table (made by the desk) has chat off for good;
- with chat in play through a whole hand, no frame a spectator receives holds a card it may not see.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator

import pytest

from tests.server.client import (
    JSON,
    Conn,
    Table,
    cards_in,
    create_table,
    frames_with_state,
    hidden_cards,
    http,
    my_turn,
    ok,
    play,
    run,
    watch,
)
from tests.server.conftest import Database, Server
from tests.server.desk_client import Event

BOT = {"bot": "heuristic"}
#: the keys of a chat line as the server sends it
LINE_KEYS = {"id", "at", "seat", "name", "kind", "text"}


@pytest.fixture(scope="module")
def chat_server(database: Database) -> Iterator[Server]:
    """A server of this module's own (one test kills it and starts it again)."""
    server = Server(database.new_url(), database.folder).start()
    yield server
    server.stop()
    assert not server.errors(), "\n".join(server.errors())


def chat_rules(server: Server, table: Table, body: JSON, owner: str | None = None) -> tuple[int, JSON]:
    """``POST /api/tables/{id}/chat`` as the host (or with ``owner``)."""
    reply = http(server.base, "POST", f"/api/tables/{table.id}/chat",
                 {"owner": table.owner if owner is None else owner, **body})
    return reply.status, reply.body


async def said(conn: Conn, text: str) -> JSON:
    """Wait for the chat line ``text`` (or a refusal of chat); the line, or the error."""
    frame = await conn.until(lambda f: (f["type"] == "chat" and any(x["text"] == text for x in f["lines"]))
                             or (f["type"] == "error" and f.get("about") == "chat"))
    if frame["type"] == "error":
        return frame
    line: JSON = next(x for x in frame["lines"] if x["text"] == text)
    return line


async def refusal(conn: Conn) -> str:
    """The next chat refusal's message."""
    frame = await conn.until(lambda f: f["type"] == "error")
    assert frame.get("about") == "chat", frame
    message: str = frame["message"]
    assert "\n" not in message and "Traceback" not in message
    return message


async def still_open(conn: Conn) -> None:
    """The connection answers a ping."""
    await conn.send({"type": "ping"})
    await conn.until(lambda f: f["type"] == "pong", timeout=10)


async def two_people_and_a_spectator(server: Server, seats: list[JSON]) -> tuple[Table, Conn, Conn, Conn]:
    """A private table where seats 0 and 1 are people (Ann, Bob) and a spectator watches by the key."""
    table = await asyncio.to_thread(create_table, server.base, "pct", seats)
    tokens = [await asyncio.to_thread(table.join, seat, name) for seat, name in enumerate(("Ann", "Bob"))]
    ann = await Conn.open(server.ws_base, table.id, token=tokens[0], seat=0)
    bob = await Conn.open(server.ws_base, table.id, token=tokens[1], seat=1)
    spectator = await Conn.open(server.ws_base, table.id, watch=table.watch)
    for conn in (ann, bob, spectator):
        await conn.recv()
    return table, ann, bob, spectator


def test_a_line_and_a_reaction_go_to_everyone_and_leave_the_version_alone(chat_server: Server) -> None:
    async def go() -> None:
        # a third seat waits for a person: the table stays at its version unless something changes
        table, ann, bob, spectator = await two_people_and_a_spectator(
            chat_server, [{"human": True}] * 3 + [BOT])
        before = (await asyncio.to_thread(table.info))["version"]
        assert (await asyncio.to_thread(table.info))["chat"] == {
            "on": True, "spectators": False, "muted": [], "tournament": False}
        text = "hi <img src=x onerror=alert(1)> & \"you\""
        await ann.send({"type": "chat", "text": f"  {text}  "})
        for conn in (ann, bob, spectator):
            line = await said(conn, text)
            assert set(line) == LINE_KEYS and line["seat"] == 0 and line["name"] == "Ann"
            assert line["kind"] == "text" and line["id"] > 0
        await bob.send({"type": "react", "reaction": "gg"})
        for conn in (ann, bob, spectator):
            line = await said(conn, "gg")
            assert line["kind"] == "reaction" and line["seat"] == 1 and line["name"] == "Bob"
        await bob.send({"type": "react", "reaction": "boo"})
        assert "reactions are: nice, sorry, gg" in await refusal(bob)
        assert (await asyncio.to_thread(table.info))["version"] == before
        # a connection that opens now is sent the recent lines after its snapshot
        late = await Conn.open(chat_server.ws_base, table.id, watch=table.watch)
        assert (await late.recv())["type"] == "snapshot"
        recent = await late.recv()
        assert recent["type"] == "chat" and recent["recent"] is True
        assert [x["text"] for x in recent["lines"]] == [text, "gg"]
        assert not [f for f in spectator.frames if f["type"] == "error"]
        for conn in (ann, bob, spectator, late):
            await conn.close()

    run(go(), timeout=60)


async def newest(conn: Conn, done: Callable[[JSON], bool]) -> JSON:
    """The newest snapshot or update ``conn`` has, if it satisfies ``done``; else the next that does."""
    frame = conn.last
    if frame is not None and done(frame):
        return frame
    return await conn.until(lambda f: f["type"] in ("snapshot", "update") and done(f), timeout=30)


def test_an_action_at_its_version_is_taken_while_chat_lines_go_by(chat_server: Server) -> None:
    async def go() -> None:
        _, ann, bob, spectator = await two_people_and_a_spectator(
            chat_server, [{"human": True}] * 2 + [BOT] * 2)
        people = {0: ann, 1: bob}
        version = -1
        for _ in range(3):
            def person_to_act(f: JSON, seen: int = version) -> bool:
                return bool(f["version"] >= seen and (f.get("state") or {}).get("to_act") in people)

            frame = await newest(ann, person_to_act)
            actor = people[frame["state"]["to_act"]]
            other = bob if actor is ann else ann

            def turn(f: JSON, at: int = frame["version"], conn: Conn = actor) -> bool:
                return f["version"] == at and my_turn(conn, f)

            mine = await newest(actor, turn)
            await other.send({"type": "chat", "text": f"your turn at {mine['version']}"})
            await said(actor, f"your turn at {mine['version']}")
            await actor.act(mine["state"]["legal"][0], mine["version"])
            answer = await actor.until(lambda f: f["type"] in ("update", "error"))
            assert answer["type"] == "update", answer
            version = answer["version"]
        for conn in (ann, bob, spectator):
            await conn.close()

    run(go(), timeout=90)


def test_only_the_host_changes_the_chat_and_refusals_go_to_their_sender(chat_server: Server) -> None:
    async def go() -> None:
        table, ann, bob, spectator = await two_people_and_a_spectator(
            chat_server, [{"human": True}] * 3 + [BOT])
        for stranger in ("", table.tokens[0], table.watch, table.invites[2], "x" * 40):
            status, body = await asyncio.to_thread(chat_rules, chat_server, table, {"on": False}, stranger)
            assert status == 403 and body == {"error": "only the table's host may change its chat"}
        for bad in ({"on": "no"}, {"muted": [7]}, {"muted": "1"}, {}):
            status, body = await asyncio.to_thread(chat_rules, chat_server, table, bad)
            assert status == 400 and set(body) == {"error"}, (bad, body)

        # spectators are refused until the host lets them chat
        await spectator.send({"type": "chat", "text": "hello from the rail"})
        assert "spectators may not chat" in await refusal(spectator)
        status, body = await asyncio.to_thread(chat_rules, chat_server, table, {"spectators": True})
        assert status == 200 and body["chat"]["spectators"] is True
        told = await ann.until(lambda f: f["type"] == "update")
        assert told["events"][0]["kind"] == "chat_rule" and told["table"]["chat"]["spectators"] is True
        await spectator.send({"type": "chat", "text": "hello from the rail", "name": "  Zed  the  fan "})
        line = await said(ann, "hello from the rail")
        assert line["seat"] == -1 and line["name"] == "Zed the fan"
        await spectator.send({"type": "react", "reaction": "nice"})
        assert (await said(bob, "nice"))["name"] == "Spectator"

        # a muted seat is refused, to itself only; the others chat on
        status, body = await asyncio.to_thread(chat_rules, chat_server, table, {"muted": [1]})
        assert status == 200 and body["chat"]["muted"] == [1]
        await bob.until(lambda f: f["type"] == "update" and f["table"]["chat"]["muted"] == [1])
        await bob.send({"type": "chat", "text": "let me speak"})
        assert await refusal(bob) == "the host has muted you: your chat lines are not sent"
        await bob.send({"type": "react", "reaction": "sorry"})
        assert "muted" in await refusal(bob)
        await still_open(bob)
        await ann.send({"type": "chat", "text": "still here"})
        assert (await said(bob, "still here"))["seat"] == 0

        # chat off: everyone is refused; on again, and the mute lifted, Bob speaks
        status, body = await asyncio.to_thread(chat_rules, chat_server, table, {"on": False})
        assert status == 200 and body["chat"]["on"] is False
        await ann.until(lambda f: f["type"] == "update" and f["table"]["chat"]["on"] is False)
        await ann.send({"type": "chat", "text": "anyone?"})
        assert await refusal(ann) == "the host has switched chat off at this table"
        await still_open(ann)
        status, _ = await asyncio.to_thread(chat_rules, chat_server, table, {"on": True, "muted": []})
        assert status == 200
        await bob.until(lambda f: f["type"] == "update" and f["table"]["chat"]["on"] is True)
        await bob.send({"type": "chat", "text": "thanks"})
        assert (await said(spectator, "thanks"))["seat"] == 1
        # nobody was told of another's refusal
        assert not [f for f in spectator.frames if f["type"] == "error" and "muted" in f["message"]]
        assert not [f for f in ann.frames if f["type"] == "error" and "spectators" in f["message"]]
        for conn in (ann, bob, spectator):
            await conn.close()

    run(go(), timeout=60)


def test_301_characters_and_a_burst_are_refused_and_the_connection_stays_open(chat_server: Server) -> None:
    async def go() -> None:
        _, ann, bob, spectator = await two_people_and_a_spectator(chat_server, [{"human": True}] * 3 + [BOT])
        longest = "é" * 299 + "!"
        await ann.send({"type": "chat", "text": longest})
        assert (await said(bob, longest))["text"] == longest
        await ann.send({"type": "chat", "text": "x" * 301})
        assert await refusal(ann) == "a chat line has at most 300 characters (this one has 301)"
        for empty in ("", "   \n\t ", None, 7):
            await ann.send({"type": "chat", "text": empty})
            assert "text" in await refusal(ann)
        await ann.send({"type": "chat", "text": "bell\x07"})
        assert "printable" in await refusal(ann)
        await ann.send({"type": "chat", "text": "right\u202eto left"})
        assert "printable" in await refusal(ann)
        await still_open(ann)
        # the rate: Bob's connection has sent nothing; five lines go, the sixth is refused
        for i in range(5):
            await bob.send({"type": "chat", "text": f"line {i}"})
        await bob.send({"type": "chat", "text": "line 5"})
        message = await refusal(bob)
        assert message.startswith("too many chat lines: at most 5 in 10 seconds; wait "), message
        await still_open(bob)
        texts = [x["text"] for f in spectator.frames if f["type"] == "chat" for x in f["lines"]]
        for _ in range(20):
            if len(texts) >= 6:
                break
            await spectator.recv()
            texts = [x["text"] for f in spectator.frames if f["type"] == "chat" for x in f["lines"]]
        assert texts == [longest, *(f"line {i}" for i in range(5))]
        for conn in (ann, bob, spectator):
            await conn.close()

    run(go(), timeout=60)


def test_sigkill_right_after_a_line_is_acknowledged_keeps_it(chat_server: Server) -> None:
    async def go() -> Table:
        table, ann, _, _ = await two_people_and_a_spectator(chat_server, [{"human": True}] * 3 + [BOT])
        status, _ = await asyncio.to_thread(chat_rules, chat_server, table,
                                            {"muted": [1], "spectators": True})
        assert status == 200
        await ann.until(lambda f: f["type"] == "update")
        await ann.send({"type": "chat", "text": "before the crash"})
        await ann.send({"type": "react", "reaction": "nice"})
        await said(ann, "before the crash")
        await said(ann, "nice")  # acknowledged: stored before it was sent
        return table

    table = run(go(), timeout=60)
    chat_server.kill()
    chat_server.start()

    async def back() -> None:
        conn = await Conn.open(chat_server.ws_base, table.id, token=table.tokens[1], seat=1)
        snapshot = await conn.recv()
        assert snapshot["type"] == "snapshot"
        assert snapshot["table"]["chat"] == {"on": True, "spectators": True, "muted": [1],
                                             "tournament": False}
        recent = await conn.recv()
        assert recent["type"] == "chat" and recent["recent"] is True
        assert [(x["name"], x["kind"], x["text"]) for x in recent["lines"]] == [
            ("Ann", "text", "before the crash"), ("Ann", "reaction", "nice")]
        await conn.send({"type": "chat", "text": "after"})
        assert "muted" in await refusal(conn)
        await conn.close()

    run(back(), timeout=30)


def test_a_tournament_table_has_chat_off(chat_server: Server) -> None:
    event = Event.create(chat_server.base, format="knockout")
    ok(event.post("entrants", {"csv": "name\nAnn\nBob\nCy\nDee\n"}))
    ok(event.post("seat", {"bots": {"Bob": "random", "Cy": "random", "Dee": "random"}}))
    table_id, seat, token = event.join_the_open_seat("Ann")
    info = ok(http(chat_server.base, "GET", f"/api/tables/{table_id}"))
    assert info["chat"] == {"on": False, "spectators": False, "muted": [], "tournament": True}
    reply = http(chat_server.base, "POST", f"/api/tables/{table_id}/chat", {"owner": token, "on": True})
    assert reply.status == 403

    async def go() -> None:
        conn = await Conn.open(chat_server.ws_base, table_id, token=token, seat=seat)
        await conn.recv()
        await conn.send({"type": "react", "reaction": "gg"})
        assert await refusal(conn) == "there is no chat at a tournament table: table talk is a misconduct"
        await still_open(conn)
        await conn.close()

    run(go(), timeout=30)


def test_a_spectator_is_sent_no_hidden_card_with_chat_in_play(chat_server: Server) -> None:
    async def go() -> None:
        table, ann, bob, spectator = await two_people_and_a_spectator(
            chat_server, [{"human": True}] * 2 + [BOT] * 2)
        status, _ = await asyncio.to_thread(chat_rules, chat_server, table, {"spectators": True})
        assert status == 200
        for conn in (ann, bob, spectator):  # a change of the settings is a change of the table
            await conn.until(lambda f: f["type"] == "update")

        def second_hand(frame: JSON) -> bool:
            return frame["type"] in ("snapshot", "update") and frame["table"]["hand"] >= 2

        async def chatter(conn: Conn, who: str) -> None:
            for i in range(4):
                await conn.send({"type": "chat", "text": f"{who} says {i}"} if i % 2 == 0
                                else {"type": "react", "reaction": ("nice", "sorry", "gg")[i % 3]})
                await asyncio.sleep(0.3)

        await asyncio.gather(play(ann, stop=second_hand), play(bob, stop=second_hand),
                             watch(spectator, stop=second_hand),
                             chatter(ann, "Ann"), chatter(bob, "Bob"), chatter(spectator, "Zed"))
        def lines() -> int:
            return sum(len(x["lines"]) for x in spectator.frames if x["type"] == "chat")

        while lines() < 12:
            await spectator.recv()
        assert not any(hidden_cards(f) for f in frames_with_state(spectator.frames))
        for frame in spectator.frames:
            if frame["type"] == "chat":
                assert set(frame) <= {"type", "version", "lines", "recent"}
                assert all(set(x) == LINE_KEYS for x in frame["lines"])
                assert not list(cards_in(frame))
            assert "hand" not in frame.get("state", {}) and "seat" not in frame
        assert not [f for f in spectator.frames if f["type"] == "error"]
        for conn in (ann, bob, spectator):
            await conn.close()

    run(go(), timeout=120)
