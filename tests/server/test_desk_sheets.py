"""Physical tables of an online event (seed 000 tournament rule 35: after every hand the dealer
calls a judge who verifies the counts and initials the score), through the desk's HTTP API on a
real ``pitch serve`` (each database).

- ``test_rule_35_physical_table_hand_entered_then_confirmed_with_a_judges_pin``: a round seated at
  real tables has no online table; a hand written as on the score sheet is checked and scored by the
  engine, waits for a judge (the next hand is refused meanwhile), and a judge's PIN confirms it with
  the judge's initials; a hand that cannot add up is refused in one line and changes nothing; the
  board shows the sheet's hands and scores, and the director's printable sheets name the players.
  A misplay ruled at a physical table is logged and leaves the sheet to take the hand's ruling.
"""

from __future__ import annotations

from tests.server.client import ok
from tests.server.conftest import Server
from tests.server.desk_client import Event

#: a first hand of a four-player pct table: seat 0 bids 2 and takes high, jack and game
HAND = {"dealer": 3, "bids": "2,pass,pass,pass", "trump": "S", "awards": "high=0:AS low=1 jack=0 game=0",
        "points": "20,5,0,0"}


def test_rule_35_physical_table_hand_entered_then_confirmed_with_a_judges_pin(server: Server) -> None:
    event = Event.create(server.base, format="knockout")
    pin = ok(event.post("judges", {"name": "Judy Day"}), 201)["pin"]
    ok(event.post("entrants", {"csv": "Ann\nBob\nCy\nDee\n"}))
    ok(event.post("seat", {"physical": True}))
    director = ok(event.get("director"))
    (line,) = director["round"]["tables"]
    assert "links" not in line and line["sheet"] == {"hands": [], "waiting": False, "next_dealer": None,
                                                     "scores": None}
    assert event.post("tables/1/sheet", {**HAND, "dealer": None}).status == 400  # the first needs a dealer
    bad = event.post("tables/1/sheet", {**HAND, "points": "20,5,0,90"}, secret=pin)
    assert bad.status == 400 and "\n" not in bad.body["error"], bad.text
    entered = ok(event.post("tables/1/sheet", HAND, secret=pin))
    assert entered["hand"] == 0 and entered["words"].startswith("seat 0 bid 2 (made)"), entered
    assert event.post("tables/1/sheet", {**HAND, "dealer": None}).status == 400  # waits for a judge
    assert event.post("tables/1/sheet/confirm", {}, secret=pin + "1").status == 403
    assert event.post("tables/1/sheet/confirm", {}).status == 403  # the director is not a judge
    confirmed = ok(event.post("tables/1/sheet/confirm", {}, secret=pin))
    assert confirmed == {"table": 1, "hand": 0, "judge": "Judy Day", "result": False}
    sheet = ok(event.get("judge", secret=pin))["tables"][0]["sheet"]
    assert sheet["hands"] == [{"hand": 0, "words": entered["words"], "judge": "JD"}]
    assert sheet["next_dealer"] == 0 and not sheet["waiting"] and sheet["scores"][0] == 3
    assert event.board()["round"]["tables"][0]["live"] == {"status": "sheet", "hand": 1,
                                                            "scores": sheet["scores"]}
    second = ok(event.post("tables/1/sheet", {"bids": "pass,pass,pass,2", "trump": "H",
                                              "awards": "high=0 low=0 game=1", "points": "8,12,3,0"}))
    assert second["hand"] == 1
    ruled = ok(event.post("rulings", {"table": 1, "seat": 2, "correctable": False}))
    assert ruled == {"player": line["seats"][2], "correctable": False, "disqualified": False,
                     "hand_ended": False}
    printed = event.get("sheets?paper=letter")
    assert printed.status == 200 and "@page" in printed.text
    assert all(name in printed.text for name in ("Ann", "Bob", "Cy", "Dee"))
    assert event.get("sheets", secret=pin).status == 403
    assert event.get("sheets?paper=scroll").status == 400
