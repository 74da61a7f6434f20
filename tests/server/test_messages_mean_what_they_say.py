"""Messages mean what they say: what a message names is what the server takes, or it is refused.

- ``test_an_action_naming_another_seat_is_refused_and_changes_nothing``: on seat 1's turn, its own
  legal action naming seat 0 (or a seat that is not a number) is answered with a one-line
  ``error`` saying both seats, with and without ``version``, and ``sync`` at that version answers
  ``synced``: nothing was applied to seat 1. The same action naming seat 1 is taken.
- ``test_a_name_over_the_limit_is_refused_on_join``: ``POST /api/tables/{id}/join`` with a name of
  25 characters is a ``400`` naming the limit, 24; the seat stays open and a name of 24 characters
  takes it as it was given (runs of white space are made one space first).
- ``test_a_spectator_name_over_the_limit_is_refused_in_chat``: a spectator's chat line under a
  name of 25 characters is refused naming the limit; under 24 it is sent with that name.
- ``test_a_desk_entrant_name_over_the_limit_is_refused``: the tournament desk refuses an entrant
  (alone, or one player of a team) whose name is longer than a table keeps; one of 24 is entered.
"""

from __future__ import annotations

import asyncio

from tests.server.client import JSON, Conn, choose, create_table, http, ok, play, run, watch
from tests.server.conftest import Server
from tests.server.desk_client import Event

LIMIT = 24
LONG = "Maximiliana Quetzalcoatls"  # 25 characters
FITS = LONG[:LIMIT]


def test_an_action_naming_another_seat_is_refused_and_changes_nothing(server: Server) -> None:
    assert len(LONG) == LIMIT + 1

    async def go() -> None:
        seats: list[JSON] = [{"human": True}, {"human": True}, {"bot": "heuristic"}, {"bot": "heuristic"}]
        table = create_table(server.base, "pct", seats, options={"target": 21})
        first, second = [await Conn.open(server.ws_base, table.id, token=table.join(s), seat=s)
                         for s in (0, 1)]
        spectator = await Conn.open(server.ws_base, table.id, watch=table.watch)

        def seat_1_acts(frame: JSON) -> bool:
            state = frame.get("state")
            return state is not None and state["to_act"] == 1 and state["phase"] == "play"

        turn, _, _ = await asyncio.gather(play(second, stop=seat_1_acts), play(first, stop=seat_1_acts),
                                          watch(spectator, stop=seat_1_acts))
        v = turn["version"]
        action = choose(turn["state"]["legal"])
        for named in (0, 2, "1", 1.0, True, None):
            for version in (v, None):
                message: JSON = {"type": "act", "action": {**action, "seat": named}}
                if version is not None:
                    message["version"] = version
                await second.send(message)
                error = await second.until(lambda f: f["type"] in ("error", "update"))
                assert error["type"] == "error", f"an action naming seat {named!r} was taken"
                assert error["version"] == v and "\n" not in error["message"]
                assert "you play seat 1" in error["message"], error["message"]
                await second.send({"type": "sync", "version": v})
                assert await second.until(lambda f: f["type"] in ("synced", "snapshot")) == {
                    "type": "synced", "version": v}

        await second.act({**action, "seat": 1}, v)
        taken = await second.until(lambda f: f["type"] in ("update", "error"))
        assert taken["type"] == "update" and taken["version"] > v, taken
        done = [e for e in taken["events"] if e["kind"] == "action"]
        assert done[0]["action"] == {**action, "seat": 1}
        for conn in (first, second, spectator):
            await conn.close()

    run(go(), timeout=90)


def test_a_name_over_the_limit_is_refused_on_join(server: Server) -> None:
    table = create_table(server.base, "pct", [{"human": True}, {"human": True}, {"bot": "heuristic"}])
    path = f"/api/tables/{table.id}/join"
    for name in (LONG, "x" * 200, "Ann\x07"):
        reply = http(server.base, "POST", path, {"seat": 0, "invite": table.invites[0], "name": name})
        assert reply.status == 400 and set(reply.body) == {"error"}, reply.body
        assert str(LIMIT) in reply.body["error"] and "\n" not in reply.body["error"]
    assert table.info()["seats"][0]["kind"] == "open"
    table.join(0, FITS)
    table.join(1, "  Ann \t  Lee ")
    assert [s.get("name") for s in table.info()["seats"][:2]] == [FITS, "Ann Lee"]


def test_a_spectator_name_over_the_limit_is_refused_in_chat(server: Server) -> None:
    async def go() -> None:
        table = await asyncio.to_thread(create_table, server.base, "pct", [{"human": True}] * 2)
        host = {"owner": table.owner, "spectators": True}
        assert (await asyncio.to_thread(http, server.base, "POST", f"/api/tables/{table.id}/chat",
                                        host)).status == 200
        spectator = await Conn.open(server.ws_base, table.id, watch=table.watch)
        await spectator.recv()
        await spectator.send({"type": "chat", "text": "hello", "name": LONG})
        error = await spectator.until(lambda f: f["type"] in ("error", "chat"))
        assert error["type"] == "error" and error.get("about") == "chat", error
        assert str(LIMIT) in error["message"] and "\n" not in error["message"]
        await spectator.send({"type": "chat", "text": "hello again", "name": FITS})
        frame = await spectator.until(lambda f: f["type"] in ("error", "chat") and not f.get("recent"))
        assert frame["type"] == "chat", frame
        assert [(x["name"], x["text"]) for x in frame["lines"]] == [(FITS, "hello again")]
        await spectator.close()

    run(go(), timeout=60)


def test_a_desk_entrant_name_over_the_limit_is_refused(server: Server) -> None:
    event = Event.create(server.base, format="knockout")
    reply = event.post("entrants", {"csv": f"name\nAnn\n{LONG}\n"})
    assert reply.status == 400 and set(reply.body) == {"error"}, reply.body
    assert reply.body["error"].startswith("row 2: ") and str(LIMIT) in reply.body["error"]
    assert event.post("entrants", {"rows": [["Bob"], [LONG]]}).status == 400
    assert event.board()["entrants"] == []
    assert ok(event.post("entrants", {"csv": f"name\nAnn\n{FITS}\n"})) == {"added": 2}
    assert event.board()["entrants"] == ["Ann", FITS]
    partners = Event.create(server.base, format="round-robin", preset="auction-partners")
    assert partners.post("entrants", {"csv": f"Ann,{LONG}\nBob,Cy\n"}).status == 400
    assert ok(partners.post("entrants", {"csv": f"Ann,{FITS}\nBob,Cy\n"})) == {"added": 2}
