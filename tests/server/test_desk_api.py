"""The tournament desk online, through its HTTP API on a real ``pitch serve`` (each database).

- ``test_wrong_password_or_pin_is_refused_with_one_line``: every director request with a wrong or
  missing password, and every judge request with a wrong PIN, is a 403 whose body is one line;
  nothing changes. Unknown events are 404; bad settings and bodies are 400. Ten wrong secrets in a
  minute shut the event's door for a minute, to the right password too.
- ``test_public_board_shows_no_link_token_or_card``: the board of a seated round names the
  entrants and their seats but holds none of the invites, table ids, passwords or PINs, and no
  card; the director's view has the invite links.
- ``test_knockout_runs_to_its_champion_with_every_record_verified``: bots play every seat; the
  results come in by themselves and every exported game record replays to the entered scores; the
  standings are there as CSV too.
- ``test_rule_35_judge_verification_holds_results_until_every_hand_is_confirmed``: with
  ``verify: judge`` a finished game's result waits for a judge's confirmation of each hand.
- ``test_rules_36_to_38_misplays_are_logged_and_the_second_disqualifies``: rulings by a judge's
  PIN or the director go through the desk's misplay log; an uncorrectable one ends the hand in
  progress at the online table (a ruling action in the record the desk then verifies), and the
  second in the round disqualifies.
- ``test_unl_match_clock_stops_the_game_after_the_hand_in_progress``: a match clock that runs out
  mid-game: the result is the record to the end of the hand in progress (one side ahead).
- ``test_unl_match_clock_stop_closes_the_online_table``: once the clock has decided a match, the
  table itself stops: its players are told with a ``closed`` message, an action after it is refused
  in one line, the table's status is ``closed`` and its record does not change any more.
"""

from __future__ import annotations

import asyncio
import json

from pitchkit.engine.record import score_game
from tests.server.client import JSON, Conn, cards_in, choose, http, my_turn, ok, play, run
from tests.server.conftest import Server
from tests.server.desk_client import Event, call, round_complete

NAMES = "name\nAnn\nBob\nCy\nDee\n"


def one_line_error(text: str) -> str:
    body = json.loads(text)
    assert set(body) == {"error"}, text
    assert "\n" not in body["error"] and "Traceback" not in body["error"], text
    return str(body["error"])


def test_wrong_password_or_pin_is_refused_with_one_line(server: Server) -> None:
    event = Event.create(server.base, format="knockout")
    ok(event.post("entrants", {"csv": NAMES}))
    judge = ok(event.post("judges", {"name": "Judy"}), 201)
    wrong = ["wrong", event.password[:-1], "x"]
    requests: list[tuple[str, dict[str, object]]] = [
        ("entrants", {"csv": "Eve"}), ("seat", {"bot": "random"}), ("advance", {}),
        ("judges", {"name": "Mo"}), ("rulings", {"table": 1, "seat": 0, "correctable": True})]
    for i, (path, body) in enumerate(requests):
        reply = event.post(path, body, secret=wrong[i % 3])
        assert reply.status == 403, (path, reply.text)
        assert "wrong" in one_line_error(reply.text)
    for path, secret in [("director", None), ("export", "wrong"), ("judge", event.password)]:
        reply = event.get(path, secret=secret, anonymous=secret is None)
        assert reply.status == 403, (path, reply.text)
        one_line_error(reply.text)
    assert "wrong judge PIN" in one_line_error(event.get("judge", secret=judge["pin"] + "0").text)
    assert ok(event.get("judge", secret=judge["pin"]))["judge"] == "Judy"
    board = event.board()
    assert board["entrants"] == ["Ann", "Bob", "Cy", "Dee"] and board["round"] is None
    assert Event(server.base, "no-such-event", "x").get().status == 404
    for settings in [{"format": "swiss"}, {"format": "unl", "verify": "sometimes"},
                     {"format": "darrtown", "table_size": 9}, {"format": "knockout", "options": []},
                     {"format": "knockout", "options": {"target": "many"}},
                     {"format": "knockout", "clock": "soon"}]:
        reply = call(server.base, "POST", "/api/desk", settings)
        assert reply.status == 400, (settings, reply.text)
        one_line_error(reply.text)
    assert event.post("entrants", {"csv": "Ann"}).status == 400  # entered already
    assert event.post("seat", {"bot": "nobody"}).status == 400
    assert event.board()["round"] is None
    # guessing: after ten wrong secrets in a minute even the right one waits
    for _ in range(10):
        event.get("director", secret="guess")
    assert "too many" in one_line_error(event.get("director").text)


def test_public_board_shows_no_link_token_or_card(server: Server) -> None:
    event = Event.create(server.base, format="knockout")
    judge = ok(event.post("judges", {"name": "Judy"}), 201)
    ok(event.post("entrants", {"csv": NAMES}))
    ok(event.post("seat", {"bots": {"Bob": "random", "Cy": "random", "Dee": "random"}}))
    director = ok(event.get("director"))
    links = [link["link"] for t in director["round"]["tables"] for link in t["links"]]
    assert len(links) == 1 and "invite=" in links[0]  # Ann's seat waits for her link
    invite = links[0].split("invite=")[1]
    table_id = links[0].split("/t/")[1].split("?")[0]
    board = event.board()
    text = json.dumps(board)
    for secret in (invite, table_id, event.password, judge["pin"]):
        assert secret not in text
    assert not set(cards_in(board))
    seats = board["round"]["tables"][0]["seats"]
    assert sorted(seats) == ["Ann", "Bob", "Cy", "Dee"]
    assert director["round"]["tables"][0]["links"][0]["seat"] == seats.index("Ann")
    assert board["round"]["tables"][0]["live"]["status"] == "waiting"


def test_knockout_runs_to_its_champion_with_every_record_verified(server: Server) -> None:
    event = Event.create(server.base, format="knockout")
    ok(event.post("entrants", {"csv": "\n".join(f"Player {i}" for i in range(1, 9))}))
    final = event.play_out()
    assert final["champion"] in final["entrants"]
    assert final["standings"][0] == {**final["standings"][0], "entrant": final["champion"], "place": 1}
    export = ok(event.get("export"))
    assert len(export["games"]) == 3  # two tables, then the final
    lines = event.get("standings.csv", anonymous=True).text.splitlines()
    assert lines[0] == "place,entrant,round,score,status" and len(lines) == 9
    assert lines[1].startswith(f"1,{final['champion']},2,")
    for name, doc in export["games"].items():
        scored = score_game(doc["hands"])
        assert scored["complete"], name
        table = int(name.split("table")[1].split(".")[0])
        results = [t for t in export["round"]["tables"] if t["table"] == table]
        if name.startswith("round2"):
            assert results[0]["result"]["scores"] == scored["scores"]


def test_rule_35_judge_verification_holds_results_until_every_hand_is_confirmed(server: Server) -> None:
    event = Event.create(server.base, format="knockout", verify="judge")
    pin = ok(event.post("judges", {"name": "Judy"}), 201)["pin"]
    ok(event.post("entrants", {"csv": NAMES}))
    ok(event.post("seat", {"bot": "heuristic"}))
    event.wait(lambda b: b["round"]["tables"][0]["live"]["status"] == "over")
    view = ok(event.get("judge", secret=pin))
    hands = view["tables"][0]["hands"]
    assert hands and all(h["confirmed_by"] is None for h in hands)
    assert event.post("confirm", {"table": 1, "hand": len(hands) + 1}, secret=pin).status == 400
    for h in hands[:-1]:
        ok(event.post("confirm", {"table": 1, "hand": h["hand"]}, secret=pin))
    assert event.post("confirm", {"table": 1, "hand": 1}, secret=pin).status == 400  # confirmed already
    assert not round_complete(event.board())
    ok(event.post("confirm", {"table": 1, "hand": hands[-1]["hand"]}, secret=pin))
    board = event.wait(round_complete, 30)
    assert board["round"]["tables"][0]["result"]["hands"] <= len(hands)
    seen = ok(event.get("judge", secret=pin))["tables"][0]["hands"]
    assert all(h["confirmed_by"] == "Judy" for h in seen)


def test_rules_36_to_38_misplays_are_logged_and_the_second_disqualifies(server: Server) -> None:
    event = Event.create(server.base, format="darrtown")
    pin = ok(event.post("judges", {"name": "Judy"}), 201)["pin"]
    ok(event.post("entrants", {"csv": NAMES}))
    ok(event.post("seat", {"bots": {n: "heuristic" for n in ("Bob", "Cy", "Dee")}}))
    table_id, seat, token = event.join_the_open_seat("Ann")

    async def ann_plays() -> None:
        conn = await Conn.open(server.ws_base, table_id, token=token, seat=seat)
        await conn.recv()
        first = ok(event.post("rulings", {"table": 1, "seat": seat, "correctable": True}, secret=pin))
        assert first == {"player": "Ann", "correctable": True, "disqualified": False, "hand_ended": False}
        assert event.post("rulings", {"table": 1, "seat": 9, "correctable": True}, secret=pin).status == 400
        second = ok(event.post("rulings", {"table": 1, "seat": seat, "correctable": False}))
        assert second["disqualified"] is True and second["hand_ended"] is True
        await conn.send({"type": "sync", "version": -1})  # the table as it is after the rulings
        await conn.until(lambda f: f["type"] == "snapshot")
        await play(conn)
        await conn.close()

    run(ann_plays(), timeout=120)
    board = event.wait(round_complete)
    assert [r["disqualified"] for r in board["rulings"]] == [False, True]
    (doc,) = ok(event.get("export"))["games"].values()
    misplays = [a for h in doc["hands"] for a in h["actions"] if a.get("ruling") == "misplay"]
    assert [a["seat"] for a in misplays] == [seat]  # the penalty is in the record the desk verified
    ok(event.post("advance"))
    final = event.board()
    out = [row for row in final["standings"] if row["entrant"] == "Ann"]
    assert out[0]["status"].startswith("disqualified") and final["standings"][-1]["entrant"] == "Ann"


def test_unl_match_clock_stops_the_game_after_the_hand_in_progress(server: Server) -> None:
    event = Event.create(server.base, format="unl", clock=0.001)  # stops in hand 1
    ok(event.post("entrants", {"csv": "Ann,Bob\nCy,Dee\n"}))
    ok(event.post("seat", {"bot": "heuristic"}))
    board = event.wait(round_complete)
    result = board["round"]["tables"][0]["result"]
    assert result["stopped"] and result["reason"] == "ahead at the stop", result
    assert len(set(result["scores"])) == 2
    export = ok(event.get("export"))
    (doc,) = export["games"].values()
    scored = score_game(doc["hands"])
    scores, hands = scored["scores"], scored["hands"]
    assert isinstance(scores, list) and isinstance(hands, list)
    assert not scored["complete"] and sum(not h.get("misdeal") for h in hands) == result["hands"]
    assert scores[:2] == result["scores"]


def test_unl_match_clock_stop_closes_the_online_table(server: Server) -> None:
    event = Event.create(server.base, format="unl", clock=0.001)  # stops in hand 1
    ok(event.post("entrants", {"csv": "Ann,Bob\nCy,Dee\n"}))
    ok(event.post("seat", {"bots": {"Cy & Dee": "heuristic"}}))
    links = [x for t in ok(event.get("director"))["round"]["tables"] for x in t["links"]]
    assert [x["player"] for x in links] == ["Ann", "Bob"]
    table_id = links[0]["link"].split("/t/")[1].split("?")[0]
    tokens = {x["seat"]: ok(http(server.base, "POST", f"/api/tables/{table_id}/join",
                                 {"seat": x["seat"], "invite": x["link"].split("invite=")[1],
                                  "name": x["player"]}))["token"] for x in links}

    async def play_until_closed(seat: int, token: str) -> tuple[JSON, JSON]:
        conn = await Conn.open(server.ws_base, table_id, token=token, seat=seat)
        frame = await conn.recv()
        while frame["type"] != "closed":
            if frame["type"] in ("snapshot", "update") and my_turn(conn, frame):
                await conn.act(choose(frame["state"]["legal"]), frame["version"])
            frame = await conn.recv(60)
        await conn.act({"bid": "pass"}, None)  # an action sent before the close may be refused as late first
        refused = await conn.until(lambda f: f["type"] == "error" and "moved on" not in f["message"])
        await conn.close()
        return frame, refused

    async def both() -> list[tuple[JSON, JSON]]:
        return list(await asyncio.gather(*(play_until_closed(s, t) for s, t in tokens.items())))

    told = run(both(), timeout=150)
    for closed, refused in told:
        assert closed["reason"].startswith("the match clock stopped this game"), closed
        assert refused["message"].startswith("this table is closed: the match clock"), refused
        assert "\n" not in refused["message"]
    board = event.wait(round_complete, 30)
    result = board["round"]["tables"][0]["result"]
    assert result["stopped"] and len(set(result["scores"])) == 2
    assert ok(http(server.base, "GET", f"/api/tables/{table_id}"))["status"] == "closed"
    record = ok(http(server.base, "GET", f"/api/tables/{table_id}/record"))
    assert ok(http(server.base, "GET", f"/api/tables/{table_id}/record")) == record
    (doc,) = ok(event.get("export"))["games"].values()
    assert doc["hands"] == record[:len(doc["hands"])]
