"""A director's events on a server, through the desk's HTTP API on a real ``pitch serve`` (each
database).

- ``test_director_lists_only_the_events_whose_passwords_he_holds``: the list answers for each event
  sent with its password, and for a wrong password or an unknown id only with the one-line reason;
  there is no other way to list events.
- ``test_archiving_an_event_closes_its_tables_and_refuses_changes_until_reopened``: archiving closes
  the open round's tables still playing (their players' actions are refused), every change to the
  event is refused in one line, the board says so; reopened, the event takes changes again.
"""

from __future__ import annotations

from tests.server.client import Conn, http, ok, run
from tests.server.conftest import Server
from tests.server.desk_client import Event, call


def test_director_lists_only_the_events_whose_passwords_he_holds(server: Server) -> None:
    mine = Event.create(server.base, format="knockout")
    other = Event.create(server.base, format="unl")
    ok(mine.post("entrants", {"csv": "Ann\nBob\n"}))
    held = [{"id": mine.id, "password": mine.password}, {"id": other.id, "password": "guess"},
            {"id": "nosuchevent", "password": "x"}]
    listed = ok(call(server.base, "POST", "/api/desk/mine", {"events": held}))["events"]
    assert listed[0] == {**listed[0], "id": mine.id, "format": "knockout", "entrants": 2, "archived": False}
    assert listed[1] == {"id": other.id, "error": "wrong director password for this event"}
    assert listed[2] == {"id": "nosuchevent", "error": "no such event"}
    assert call(server.base, "POST", "/api/desk/mine", {"events": "all"}).status == 400
    assert call(server.base, "GET", "/api/desk").status in (404, 405)


def test_archiving_an_event_closes_its_tables_and_refuses_changes_until_reopened(server: Server) -> None:
    event = Event.create(server.base, format="darrtown")
    ok(event.post("entrants", {"csv": "Ann\nBob\nCy\nDee\n"}))
    ok(event.post("seat", {"bots": {n: "heuristic" for n in ("Bob", "Cy", "Dee")}}))
    table_id, seat, token = event.join_the_open_seat("Ann")
    assert event.post("archive", {"archived": True}, secret="guess").status == 403
    assert ok(event.post("archive", {"archived": True}))["archived"] is True
    assert ok(http(server.base, "GET", f"/api/tables/{table_id}"))["status"] == "closed"

    async def ann_acts() -> str:
        conn = await Conn.open(server.ws_base, table_id, token=token, seat=seat)
        await conn.recv()
        await conn.act({"bid": "pass"}, None)
        refused = await conn.until(lambda f: f["type"] == "error")
        await conn.close()
        return str(refused["message"])

    assert run(ann_acts(), timeout=60) == "this table is closed: the director archived the event"
    refused = event.post("judges", {"name": "Judy"})
    assert refused.status == 400 and "archived" in refused.body["error"], refused.text
    assert event.post("advance").status == 400
    assert event.board()["archived"] is True
    listed = ok(call(server.base, "POST", "/api/desk/mine",
                     {"events": [{"id": event.id, "password": event.password}]}))["events"]
    assert listed[0]["archived"] is True
    assert ok(event.post("archive", {"archived": False}))["archived"] is False
    assert not event.board()["archived"]
    ok(event.post("judges", {"name": "Judy"}), 201)
