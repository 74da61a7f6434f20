"""How to play and your games, over HTTP on a real server (SQLite and PostgreSQL):

- ``test_a_tables_rules_are_the_sheet_pitch_rules_prints``: ``GET /api/tables/{id}/rules`` is, line
  for line, what ``pitch rules PRESET --option ...`` prints for the table's own options (its first
  line and every section), and ``POST /api/rules`` gives the same sheet before the table exists,
  with every rule's value; the table says its game as players call it (``game_name``).
- ``test_bad_rules_requests_are_one_line_400s``.
- ``test_public_tables_in_play_are_listed_to_watch``: ``GET /api/tables?status=playing`` lists a
  public table in play with its game's name, and neither a private one nor one that waits.
- ``test_stats_count_a_finished_game_for_the_seat_its_token_proves``: a short game played to its
  end by a person and three bots; ``POST /api/stats`` with the person's token counts the game, the
  win, the bids made and set as the engine scores the exported record; a wrong token, another
  table's token and an unknown table are each an entry with an error; no seat is taken on its
  number.
- ``test_bad_stats_requests_are_one_line_400s``: no traceback, the server logs no error.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from pitchkit.engine.record import score_document
from tests.server.client import JSON, Conn, create_table, http, ok, play, run
from tests.server.conftest import Server

BOTS: list[JSON] = [{"bot": "heuristic"}] * 3
#: a short game: the first hand that scores a point ends it
SHORT = {"target": 1}


def pitch_rules(preset: str, options: dict[str, object]) -> tuple[str, list[JSON]]:
    """What ``pitch rules PRESET --option NAME=VALUE ...`` prints: its first line (unwrapped) and the
    sheet's sections (``--json``)."""
    flags = [arg for name, value in options.items() for arg in ("--option", f"{name}={value}")]
    command = [sys.executable, "-m", "pitchkit.cli", "rules", preset, *flags]
    text = subprocess.run(command, capture_output=True, text=True, check=True, timeout=60).stdout
    sheet = json.loads(subprocess.run([*command, "--json"], capture_output=True, text=True, check=True,
                                      timeout=60).stdout)["sheet"]
    first = " ".join(text.split("\n\n", 1)[0].split())
    return first, sheet


@pytest.mark.parametrize(("preset", "options"), [
    ("pct", {"target": 15, "smudge-bids": True}),
    ("ten-point", {}),
    ("euchre", {"stick-dealer": True}),
])
def test_a_tables_rules_are_the_sheet_pitch_rules_prints(server: Server, preset: str,
                                                         options: dict[str, object]) -> None:
    table = create_table(server.base, preset, [{"human": True}, *BOTS], options=options)
    sheet = ok(http(server.base, "GET", f"/api/tables/{table.id}/rules"))
    title, sections = pitch_rules(preset, {**options, "players": 4})
    assert sheet["title"] == title and sheet["sections"] == sections
    assert sheet["players"] == 4
    info = table.info()
    assert sheet["game_name"] == info["game_name"] != ""
    asked = {"variant": preset, "players": 4, "options": options}
    before = ok(http(server.base, "POST", "/api/rules", asked))
    assert before["title"] == title and before["sections"] == sections
    assert before["options"] == info["options"]
    words = " ".join(p for s in sections for p in s["paragraphs"])
    if preset == "ten-point":
        assert "jick" in words and "jokers" in words and info["game_name"] == "Ten-Point Pitch"
    if preset == "pct":
        assert "reach 15" in words and "modified: smudge-bids" in title


def test_bad_rules_requests_are_one_line_400s(server: Server) -> None:
    for body, said in (({"variant": 3}, "'variant'"), ({"variant": "nope"}, "unknown variant"),
                       ({"options": [1]}, "'options'"), ({"players": "four"}, "'players'"),
                       ({"variant": "pct", "options": {"target": "lots"}}, "target"),
                       ({"variant": "euchre", "players": 7}, "players")):
        reply = http(server.base, "POST", "/api/rules", body)
        assert reply.status == 400, (body, reply.text)
        error = reply.body["error"]
        assert said in error and "\n" not in error and "Traceback" not in error, (body, error)
    assert http(server.base, "POST", "/api/rules", raw=b"[").status == 400
    assert http(server.base, "GET", "/api/tables/no-such-table/rules").status == 404


def test_public_tables_in_play_are_listed_to_watch(server: Server) -> None:
    playing = create_table(server.base, "ten-point", [{"human": True}, *BOTS], public=True)
    playing.join(0)
    private = create_table(server.base, "pct", [{"human": True}, *BOTS])
    private.join(0)
    waiting = create_table(server.base, "pct", [{"human": True}] * 4, public=True)

    listed = ok(http(server.base, "GET", "/api/tables?status=playing"))["tables"]
    ids = [t["id"] for t in listed]
    assert playing.id in ids and private.id not in ids and waiting.id not in ids
    entry = next(t for t in listed if t["id"] == playing.id)
    assert entry["status"] == "playing" and entry["game_name"] == "Ten-Point Pitch" and entry["players"] == 4
    waiting_ids = [t["id"] for t in ok(http(server.base, "GET", "/api/tables"))["tables"]]
    assert waiting.id in waiting_ids and playing.id not in waiting_ids
    for status in ("over", "everything", ""):
        reply = http(server.base, "GET", f"/api/tables?status={status}")
        assert reply.status == 400 and "'status' must be one of: waiting, playing" in reply.body["error"]


def _my_counts(record: list[JSON], seat: int) -> tuple[int, int]:
    """The bids ``seat`` played out in a game record and how many it made, as ``pitch score`` scores
    them (a hand thrown in does not count)."""
    scored = score_document(record)
    hands: list[dict[str, Any]] = scored["hands"]  # type: ignore[assignment]
    mine = [h for h in hands if h.get("pitcher") == seat and h.get("made") is not None]
    return len(mine), sum(1 for h in mine if h["made"] is True)


def test_stats_count_a_finished_game_for_the_seat_its_token_proves(server: Server) -> None:
    table = create_table(server.base, "pct", [{"human": True}, *BOTS], options=SHORT)
    token = table.join(0, "Ann")

    async def finish() -> None:
        conn = await Conn.open(server.ws_base, table.id, token=token, seat=0)
        await play(conn)
        await conn.close()

    run(finish(), timeout=120)
    info = table.info()
    assert info["status"] == "over"
    other = create_table(server.base, "euchre", [{"human": True}, *BOTS])
    other_token = other.join(0, "Ann")

    asked = [{"id": table.id, "token": token}, {"id": table.id, "token": other_token},
             {"id": other.id, "token": other_token}, {"id": "no-such-table", "token": token}]
    got = ok(http(server.base, "POST", "/api/stats", {"tables": asked}))
    first, wrong, euchre, missing = got["tables"]
    bids, made = _my_counts(table.record(), 0)
    won = int(0 in info["winner"])
    assert first["id"] == table.id and first["seat"] == 0 and first["name"] == "Ann"
    assert first["status"] == "over" and first["variant"] == "pct" and first["game_name"] == info["game_name"]
    assert first["pitch"] == {"games": 1, "won": won, "unfinished": 0, "bids": bids, "made": made,
                              "set": bids - made}
    assert "euchre" not in first
    assert wrong == {"id": table.id, "error": "that token does not open a seat at this table"}
    assert missing == {"id": "no-such-table", "error": "no such table"}
    assert euchre["seat"] == 0 and euchre["status"] == "playing"
    assert euchre["euchre"] == {"games": 0, "won": 0, "unfinished": 1, "makes": 0, "made": 0, "euchred": 0}
    assert got["total"] == {"euchre": euchre["euchre"], "pitch": first["pitch"]}
    # a seat number proves nothing: without the seat's token no seat is counted
    reply = http(server.base, "POST", "/api/stats", {"tables": [{"id": table.id, "seat": 0}]})
    assert reply.status == 400 and "'token'" in reply.body["error"]
    assert ok(http(server.base, "POST", "/api/stats", {"tables": []})) == {"tables": [], "total": {}}


def test_bad_stats_requests_are_one_line_400s(server: Server) -> None:
    many = [{"id": "x", "token": "y"}] * 51
    for body, said in (({}, "'tables'"), ({"tables": "abc"}, "'tables'"), ({"tables": [3]}, "table 0"),
                       ({"tables": [{"id": 5, "token": "t"}]}, "'id'"),
                       ({"tables": [{"id": "a", "token": ["t"]}]}, "'token'"),
                       ({"tables": many}, "at most 50")):
        reply = http(server.base, "POST", "/api/stats", body)
        assert reply.status == 400, (body, reply.text)
        error = reply.body["error"]
        assert said in error and "\n" not in error and "Traceback" not in error, (body, error)
    for raw in (b"not json", b"[1, 2]", b"x" * 20_000):
        assert http(server.base, "POST", "/api/stats", raw=raw).status == 400
