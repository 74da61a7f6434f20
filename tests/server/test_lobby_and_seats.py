"""The lobby and the creator's seats, over HTTP.

- ``test_lobby_lists_public_tables_waiting_for_players``: ``GET /api/tables`` lists a public table
  that waits for people, newest first, and neither a private table nor one that has started;
  ``?ids=`` lists exactly the tables named, whatever their state.
- ``test_creator_swaps_a_seat_for_a_bot_and_back``: before the start the creator's secret makes a
  seat a bot and opens it again with a new invite (the old invite no longer opens it); nobody else
  may; the game starts when the last seat is filled (after it, the host's controls of
  ``test_host_controls.py`` apply).
"""

from __future__ import annotations

from tests.server.client import JSON, create_table, http, ok
from tests.server.conftest import Server

HUMANS: list[JSON] = [{"human": True}] * 4


def lobby(server: Server, ids: str | None = None) -> list[JSON]:
    path = "/api/tables" + (f"?ids={ids}" if ids is not None else "")
    tables = ok(http(server.base, "GET", path))["tables"]
    assert isinstance(tables, list)
    return tables


def test_lobby_lists_public_tables_waiting_for_players(server: Server) -> None:
    older = create_table(server.base, "smudge", HUMANS, public=True)
    public = create_table(server.base, "pct", HUMANS, public=True)
    private = create_table(server.base, "pct", HUMANS)
    started = create_table(server.base, "pct", [{"human": True}, *[{"bot": "heuristic"}] * 3], public=True)
    started.join(0)

    listed = [t["id"] for t in lobby(server)]
    assert public.id in listed and older.id in listed
    assert listed.index(public.id) < listed.index(older.id)
    assert private.id not in listed and started.id not in listed
    entry = next(t for t in lobby(server) if t["id"] == public.id)
    assert entry["variant"] == "pct" and entry["status"] == "waiting" and entry["public"] is True

    named = {t["id"]: t["status"] for t in lobby(server, f"{private.id},{started.id},no-such-table")}
    assert named == {private.id: "waiting", started.id: "playing"}


def test_creator_swaps_a_seat_for_a_bot_and_back(server: Server) -> None:
    table = create_table(server.base, "pct", HUMANS)
    path = f"/api/tables/{table.id}/seats/1"
    assert http(server.base, "POST", path, {"owner": table.invites[1], "bot": "pimc"}).status == 403

    assert ok(http(server.base, "POST", path, {"owner": table.owner, "bot": "pimc"})) == {"seat": 1,
                                                                                          "invite": None}
    seat = table.info()["seats"][1]
    assert seat["kind"] == "bot" and seat["bot"] == "pimc"
    assert http(server.base, "POST", f"/api/tables/{table.id}/join",
                {"seat": 1, "invite": table.invites[1], "name": "Bo"}).status == 400

    reopened = ok(http(server.base, "POST", path, {"owner": table.owner, "bot": None}))
    assert reopened["seat"] == 1 and reopened["invite"] not in (None, table.invites[1])
    assert table.info()["seats"][1]["kind"] == "open"
    assert http(server.base, "POST", f"/api/tables/{table.id}/join",
                {"seat": 1, "invite": table.invites[1], "name": "Bo"}).status == 403
    table.invites[1] = reopened["invite"]

    for seat_no in (2, 3):
        ok(http(server.base, "POST", f"/api/tables/{table.id}/seats/{seat_no}",
                {"owner": table.owner, "bot": "heuristic"}))
    table.join(0)
    assert table.info()["status"] == "waiting"
    table.join(1)
    info = table.info()
    assert info["status"] == "playing" and info["hand"] == 1
    assert [s["kind"] for s in info["seats"]] == ["human", "human", "bot", "bot"]
    # after the start a seat whose person is away (nobody connected here) may be given to a bot
    late = ok(http(server.base, "POST", path, {"owner": table.owner, "bot": "heuristic"}))
    assert late == {"seat": 1, "invite": None} and table.info()["seats"][1]["kind"] == "bot"
