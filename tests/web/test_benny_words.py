"""euchre-uk in the browser names the big joker the Benny: on its card, in the log, in a hint's words
and its table of cards (it was "Big joker"); where the rules have no Benny it stays the big joker.

The page is a real euchre-uk table joined by its invite, whose websocket is answered by the test
(Playwright's websocket routes) so that the Benny is surely in the person's hand.
"""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import BrowserContext, WebSocketRoute

from tests.server.client import http, ok
from tests.server.conftest import Server
from tests.web.driver import Player, create_table

HAND = ["BJ", "AS", "9C", "KH", "QD"]
#: seat 1 ordered up the ten of spades; seat 0 leads the first trick
STATE: dict[str, Any] = {
    "dealer": 3, "seats": [0, 1, 2, 3], "phase": "play", "to_act": 0, "hand_sizes": [5, 5, 5, 5],
    "discard_counts": [0, 0, 0, 0], "stock_size": 3, "bids": [[0, "pass"]], "ran": False, "pitcher": 1,
    "bid": None, "trump": "S", "upcard": "TS", "trick": [], "tricks": [], "scores_before": [0, 0, 0, 0],
    "log": [{"seat": 0, "bid": "pass"}, {"seat": 1, "trump": "S"}, {"seat": 1, "choose": "partner"}],
    "seat": 0, "hand": HAND, "discards": [], "passed": [], "received": [],
    "legal": [{"play": c} for c in HAND]}
HINT = {"type": "hint", "bot": "pimc", "action": {"play": "BJ"}, "reason": "takes 4 tricks on average",
        "cards": [{"play": "BJ", "value": 1.5}, {"play": "AS", "value": 0.8}]}


class BennyTable:
    """The table's websocket as the test answers it: a snapshot with the Benny in seat 0's hand, a
    hint, and the update that plays it."""

    def __init__(self, table: dict[str, Any]) -> None:
        self.table = table
        self.version = int(table["version"])

    def connect(self, ws: WebSocketRoute) -> None:
        ws.on_message(lambda message: self.answer(ws, json.loads(message)))
        ws.send(json.dumps({"type": "snapshot", "version": self.version, "seat": 0, "table": self.table,
                            "state": STATE}))

    def answer(self, ws: WebSocketRoute, message: dict[str, Any]) -> None:
        if message["type"] == "hint":
            ws.send(json.dumps({**HINT, "version": self.version}))
        elif message["type"] == "act" and message["action"] == {"play": "BJ"}:
            self.version += 1
            played = {"seat": 0, "play": "BJ"}
            state = {**STATE, "to_act": 1, "trick": [[0, "BJ"]], "hand": HAND[1:], "legal": [],
                     "hand_sizes": [4, 5, 5, 5], "log": [*STATE["log"], played]}
            table = {**self.table, "version": self.version}
            ws.send(json.dumps({"type": "update", "version": self.version, "seat": 0, "table": table,
                                "state": state, "events": [{"seq": self.version, "kind": "action",
                                                            "action": played}]}))


def test_euchre_uk_names_the_big_joker_the_benny_in_the_log_and_the_hint(
        web_server: Server, context: BrowserContext) -> None:
    made = create_table(web_server.base, "euchre-uk", [{"human": True}, *[{"bot": "heuristic"}] * 3])
    page = context.new_page()
    player = Player(page)
    table = ok(http(web_server.base, "GET", f"/api/tables/{made['id']}"))
    assert table["options"]["benny"] is True
    answering = BennyTable(table)
    page.route_web_socket(re.compile(r".*/ws/tables/.*"), answering.connect)
    player.join(made["invites"][0]["link"], "Ann")

    benny = page.locator('#hand button.card[data-card="BJ"]')
    assert benny.get_attribute("aria-label") == "the Benny"
    page.click("#hint-btn")
    page.wait_for_selector("#hint-box:not([hidden])")
    assert page.inner_text("#notice") == "Hint (pimc): play the Benny"
    assert page.inner_text("#hint-box .reason") == "play the Benny: takes 4 tricks on average."
    assert page.locator("#hint-box table.odds th[scope=row]").all_inner_texts() == ["the Benny", "A\u2660"]
    benny.click()
    page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=int(table["version"]))
    assert page.locator("#log li").all_inner_texts()[-1] == "You play the Benny"
    assert page.locator("#trick figure.played .card").get_attribute("aria-label") == "the Benny"
    for part in ("#log", "#notice", "#info", "#hint-box", "#prompt"):
        assert "joker" not in page.inner_text(part).lower(), part
    assert not player.errors

    # where the rules have no Benny the big joker keeps its name
    names = page.evaluate("""async () => { const cards = await import('/static/cards.js');
        cards.nameCards({jokers: 2}); return [cards.cardShort('BJ'), cards.cardName('BJ')]; }""")
    assert names == ["Big joker", "big joker"]
