"""Seed 004's misconduct at an online Euchre table, and the ``closed`` message a spectator gets, through
the desk's HTTP API on a real ``pitch serve`` (each database).

- ``test_seed_004_table_talk_at_an_online_euchre_table_forfeits_the_hand``: a judge (PIN) rules table
  talk against a seat: the hand in progress ends with 4 points to each seat of the other team (a
  ruling action in the table's record), the desk logs it with its detail, and the console offers
  the misconduct rulings of the event's rules and no misplay (it would sit a seat out of Euchre's
  four); a misplay, a renege by a seat that has not followed, an unknown
  misconduct and a table that does not exist are refused in one line.
- ``test_seed_004_failing_to_offer_the_cut_passes_the_deal_at_an_online_euchre_table``: the dealer's
  failing to offer the cut is offered and ruled as passing the deal (``deal_passes``), not as points
  to the other team: nobody scores and the next seat deals.
- ``test_a_pitch_event_offers_no_misconduct``: at a Pitch table the misconduct is refused in one line
  and the consoles offer none, but both misplays.
- ``test_a_spectator_is_told_when_the_desk_closes_the_table``: archiving an event closes its tables,
  and a spectator watching one gets the table's ``closed`` message with the reason.
"""

from __future__ import annotations

import json
import re

from pitchkit.server import store
from tests.server.client import Conn, Reply, http, ok, run
from tests.server.conftest import Server
from tests.server.desk_client import Event


def one_line_error(text: str) -> str:
    body = json.loads(text)
    assert set(body) == {"error"} and "\n" not in body["error"], text
    return str(body["error"])


def test_seed_004_table_talk_at_an_online_euchre_table_forfeits_the_hand(server: Server) -> None:
    event = Event.create(server.base, format="knockout", preset="euchre")
    pin = ok(event.post("judges", {"name": "Judy"}), 201)["pin"]
    ok(event.post("entrants", {"csv": "Ann,Bea\nCy,Dee\n"}))
    others = event.board()["entrants"][1]
    ok(event.post("seat", {"bots": {others: "heuristic"}}))
    table_id = event.join_every_open_seat()  # the game starts; it waits for Ann's side at its turn
    offered = ok(event.get("judge", secret=pin))["misconduct"]
    assert offered == [{"name": "renege", "points": 2, "deal_passes": False},
                       {"name": "table talk", "points": 4, "deal_passes": False},
                       {"name": "dealing out of turn", "points": 2, "deal_passes": False},
                       {"name": "failing to offer the cut", "points": 0, "deal_passes": True}
                       ] == event.board()["misconduct"]
    assert ok(event.get("judge", secret=pin))["misplay"] == [] == event.board()["misplay"]
    for correctable in (False, True):  # a misplay would sit a seat out of Euchre's four
        refused = event.post("rulings", {"table": 1, "seat": 1, "correctable": correctable}, secret=pin)
        assert refused.status == 400 and "which has no" in one_line_error(refused.text)
    refused = event.post("rulings", {"table": 1, "seat": 0, "misconduct": "renege"}, secret=pin)
    assert refused.status == 400 and "has not followed" in one_line_error(refused.text)
    for body in ({"table": 1, "seat": 1, "misconduct": "cheating"},
                 {"table": 7, "seat": 1, "misconduct": "table talk"}):
        assert event.post("rulings", body, secret=pin).status == 400
    ruled = ok(event.post("rulings", {"table": 1, "seat": 1, "misconduct": "table talk"}, secret=pin))
    seated = event.board()["round"]["tables"][0]["seats"]
    assert ruled == {"player": seated[1], "ruling": "table talk", "delta": [4, 0, 4, 0], "hand": 0,
                     "hand_ended": True, "deal_passes": False}
    record = ok(http(server.base, "GET", f"/api/tables/{table_id}/record"))
    assert record[0]["actions"][-1] == {"seat": 1, "ruling": "table talk", "delta": [4, 0, 4, 0],
                                        "sit_out": []}
    (logged,) = event.board()["rulings"]
    assert logged["kind"] == "table talk" and logged["detail"] == "table talk: +4, +0, +4, +0"
    assert ok(http(server.base, "GET", f"/api/tables/{table_id}"))["scores"] == [4, 0, 4, 0]


def test_seed_004_failing_to_offer_the_cut_passes_the_deal_at_an_online_euchre_table(server: Server) -> None:
    """The dealer who failed to offer the cut forfeits the deal: the ruling says the deal passes
    (``deal_passes``), nobody scores, and the next seat deals the next hand."""
    event = Event.create(server.base, format="knockout", preset="euchre")
    pin = ok(event.post("judges", {"name": "Judy"}), 201)["pin"]
    ok(event.post("entrants", {"csv": "Ann,Bea\nCy,Dee\n"}))
    ok(event.post("seat", {"bots": {event.board()["entrants"][1]: "heuristic"}}))
    table_id = event.join_every_open_seat()
    cut = "failing to offer the cut"

    def rule(seat: int) -> Reply:
        return event.post("rulings", {"table": 1, "seat": seat, "misconduct": cut}, secret=pin)

    def dealer_named(refused: Reply) -> int:
        """The dealer that the refusal of the ruling against a seat that did not deal names."""
        assert refused.status == 400, refused.text
        found = re.search(r"did not deal this hand: the dealer \(seat (\d)\)", one_line_error(refused.text))
        assert found, refused.text
        return int(found.group(1))

    first = rule(0)
    dealer = 0 if first.status == 200 else dealer_named(first)
    ruled = ok(first if dealer == 0 else rule(dealer))
    assert ruled["deal_passes"] is True and ruled["delta"] == [0, 0, 0, 0] and ruled["hand_ended"], ruled
    (ended,) = ok(http(server.base, "GET", f"/api/tables/{table_id}/record"))
    assert ended["dealer"] == dealer and ended["actions"][-1]["deal_passes"] is True
    assert dealer_named(rule(dealer)) == (dealer + 1) % 4, "the next seat deals the next hand"
    assert ok(http(server.base, "GET", f"/api/tables/{table_id}"))["scores"] == [0, 0, 0, 0]


def test_a_pitch_event_offers_no_misconduct(server: Server) -> None:
    event = Event.create(server.base, format="darrtown")
    pin = ok(event.post("judges", {"name": "Judy"}), 201)["pin"]
    ok(event.post("entrants", {"csv": "Ann\nBob\nCy\nDee\n"}))
    ok(event.post("seat", {"bots": {n: "heuristic" for n in ("Bob", "Cy", "Dee")}}))
    event.join_the_open_seat("Ann")
    assert ok(event.get("judge", secret=pin))["misconduct"] == [] == event.board()["misconduct"]
    assert ok(event.get("judge", secret=pin))["misplay"] == [True, False] == event.board()["misplay"]
    refused = event.post("rulings", {"table": 1, "seat": 1, "misconduct": "table talk"}, secret=pin)
    assert refused.status == 400 and "misconduct of Euchre" in one_line_error(refused.text)
    assert event.board()["rulings"] == []


def test_a_spectator_is_told_when_the_desk_closes_the_table(server: Server) -> None:
    event = Event.create(server.base, format="darrtown")
    ok(event.post("entrants", {"csv": "Ann\nBob\nCy\nDee\n"}))
    ok(event.post("seat", {"bots": {n: "heuristic" for n in ("Bob", "Cy", "Dee")}}))
    table_id, _, _ = event.join_the_open_seat("Ann")
    row = store.read_table(store.connect(server.db_url), table_id)
    assert row is not None

    async def watch() -> dict[str, object]:
        spectator = await Conn.open(server.ws_base, table_id, watch=row["watch_key"])
        await spectator.until(lambda f: f["type"] == "snapshot")
        ok(event.post("archive", {"archived": True}))
        closed = await spectator.until(lambda f: f["type"] == "closed")
        await spectator.close()
        return closed

    closed = run(watch(), timeout=60)
    assert closed["reason"] == "the director archived the event"
