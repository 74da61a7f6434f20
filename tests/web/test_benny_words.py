"""euchre-uk in the browser names the big joker the Benny: on its card, in the log, in a hint's words
and its table of cards (it was "Big joker"); where the rules have no Benny it stays the big joker.

The page is a real euchre-uk table joined by its invite, whose websocket is answered by the test
(:class:`~tests.web.driver.AnsweredTable`) so that the Benny is surely in the person's hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import BrowserContext

from tests.server.client import http, ok
from tests.server.conftest import Server
from tests.web.driver import AnsweredTable, Player, create_table

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


def answer(table: dict[str, Any]) -> Callable[[dict[str, Any]], list[dict[str, Any]]]:
    """The replies to the page: the hint, and the update that plays the Benny."""
    version = int(table["version"])

    def reply(message: dict[str, Any]) -> list[dict[str, Any]]:
        if message["type"] == "hint":
            return [{**HINT, "version": version}]
        if message["type"] == "act" and message["action"] == {"play": "BJ"}:
            played = {"seat": 0, "play": "BJ"}
            state = {**STATE, "to_act": 1, "trick": [[0, "BJ"]], "hand": HAND[1:], "legal": [],
                     "hand_sizes": [4, 5, 5, 5], "log": [*STATE["log"], played]}
            later = version + 1
            return [{"type": "update", "version": later, "seat": 0, "table": {**table, "version": later},
                     "state": state, "events": [{"seq": later, "kind": "action", "action": played}]}]
        return []
    return reply


def test_euchre_uk_names_the_big_joker_the_benny_in_the_log_and_the_hint(
        web_server: Server, context: BrowserContext) -> None:
    made = create_table(web_server.base, "euchre-uk", [{"human": True}, *[{"bot": "heuristic"}] * 3])
    page = context.new_page()
    player = Player(page)
    table = ok(http(web_server.base, "GET", f"/api/tables/{made['id']}"))
    assert table["options"]["benny"] is True
    first = {"type": "snapshot", "version": table["version"], "seat": 0, "table": table, "state": STATE}
    AnsweredTable(page, first, answer(table))
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
