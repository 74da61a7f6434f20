"""The seats' badges follow who is connected at once, in Chromium on the real server.

``test_a_friend_shows_connected_and_away_as_it_happens``: Ann and Bob (two browsers) and two bots.
Once Bob's page is open, Ann's shows him without the *away* badge; on a person's turn (nobody acts:
the version stays), Bob closing his page shows him away on Ann's page, and opening it again shows
him back, while the hint Ann asked for on her turn stays on show.

``test_presence_keeps_the_cards_chosen_the_hint_on_show_and_a_click_on_its_way``: the same news
while Ann chooses her discard, and after she confirmed it, changes nothing else on her page.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, BrowserContext

from tests.server.client import http, ok
from tests.server.conftest import Server
from tests.web.driver import WAIT_MS, AnsweredTable, Player, create_table

#: whether Ann's page shows Bob (seat 1) away
BOB_AWAY = "() => Boolean(document.querySelector('#seats .seat[data-seat=\"1\"] .tag.away'))"


def test_a_friend_shows_connected_and_away_as_it_happens(web_server: Server, browser: Browser) -> None:
    made = create_table(web_server.base, "pct",
                        [{"human": True}, {"human": True}, {"bot": "heuristic"}, {"bot": "heuristic"}],
                        options={"target": 21})
    first, second = browser.new_context(), browser.new_context()
    try:
        ann = Player(first.new_page())
        ann.join(made["invites"][0]["link"], "Ann")
        bob = Player(second.new_page())
        bob.join(made["invites"][1]["link"], "Bob")
        ann.page.wait_for_function(f"() => !({BOB_AWAY})()", timeout=WAIT_MS)
        assert "Bob" in ann.page.inner_text("#seats")

        for _ in range(400):  # until it is Ann's turn (in the first auction); Bob takes his own turns
            if ann.my_turn():
                break
            if bob.my_turn():
                bob.step(try_illegal=False)
            ann.page.wait_for_timeout(50)
        assert ann.my_turn()
        ann.page.click("#hint-btn")
        ann.page.wait_for_selector("#hint-box:not([hidden])")
        version = ann.version()

        bob.page.close()
        ann.page.wait_for_function(BOB_AWAY, timeout=WAIT_MS)
        assert ann.version() == version  # no change of the table told it: the presence did
        bob = Player(second.new_page())
        bob.page.goto(f"{web_server.base}/t/{made['id']}?pace=fast")
        bob.wait_board()
        ann.page.wait_for_function(f"() => !({BOB_AWAY})()", timeout=WAIT_MS)
        assert ann.version() == version
        assert ann.page.locator("#hint-box").is_visible() and ann.my_turn()
        assert not ann.errors and not bob.errors
    finally:
        first.close()
        second.close()


HAND = ["AS", "KS", "2S", "9H", "8H", "7D", "5D", "4C", "3C"]
#: ten-point's discard, seat 0's turn: keep three to eight of nine cards
DISCARD: dict[str, Any] = {
    "dealer": 3, "seats": [0, 1, 2, 3], "phase": "discard", "to_act": 0, "hand_sizes": [9, 9, 9, 9],
    "discard_counts": [0, 0, 0, 0], "stock_size": 16, "bids": [[0, 6], [1, "pass"], [2, "pass"], [3, "pass"]],
    "ran": False, "pitcher": 0, "bid": 6, "trump": "S", "upcard": None, "trick": [], "tricks": [],
    "scores_before": [0, 0, 0, 0], "log": [{"seat": 0, "bid": 6}, {"seat": 0, "trump": "S"}], "seat": 0,
    "hand": HAND, "discards": [], "passed": [], "received": [],
    "legal": [{"discard": {"choose_from": HAND, "count": [3, 8]}}]}


def test_presence_keeps_the_cards_chosen_the_hint_on_show_and_a_click_on_its_way(
        web_server: Server, context: BrowserContext) -> None:
    """Bob (seat 1) leaving and coming back, while Ann chooses her discard and after she confirmed it
    (the table's answer not yet there), changes only his badge (the websocket answered by the test)."""
    made = create_table(web_server.base, "ten-point", [{"human": True}, *[{"bot": "heuristic"}] * 3])
    table = ok(http(web_server.base, "GET", f"/api/tables/{made['id']}"))
    table["seats"][1] = {"seat": 1, "kind": "human", "name": "Bob", "connected": True, "standin": False}
    seats = table["seats"]

    def presence(connected: bool) -> dict[str, Any]:
        bob = {**seats[1], "connected": connected}
        return {"type": "presence", "version": table["version"], "seats": [seats[0], bob, *seats[2:]]}

    hint = {"type": "hint", "version": table["version"], "bot": "heuristic", "action": {"discard": HAND[3:]},
            "reason": ""}
    page = context.new_page()
    player = Player(page)
    first = {"type": "snapshot", "version": table["version"], "seat": 0, "table": table, "state": DISCARD}
    answered = AnsweredTable(page, first, lambda m: [hint] if m["type"] == "hint" else [])
    player.join(made["invites"][0]["link"], "Ann")
    bob_away = page.locator('#seats .seat[data-seat="1"] .tag.away')
    chosen = page.locator("#hand button.card[aria-pressed=true]")
    assert bob_away.count() == 0
    page.click("#hint-btn")
    page.wait_for_selector("#hint-box:not([hidden])")
    for card in HAND[:3]:
        page.click(f'#hand button.card[data-card="{card}"]')
    answered.send(presence(False))
    bob_away.wait_for()
    assert chosen.count() == 3 and page.locator("#hint-box").is_visible()
    assert page.inner_text("#discard-go") == "Discard 3 cards"

    page.click("#discard-go")
    answered.send(presence(True))
    bob_away.wait_for(state="detached")
    assert page.evaluate("() => document.body.dataset.pending") == "1" and not player.my_turn()
    page.click(f'#hand button.card[data-card="{HAND[3]}"]')  # the page waits for the table's answer
    assert [m["action"] for m in answered.sent if m["type"] == "act"] == [{"discard": HAND[:3]}]
    assert chosen.count() == 3 and not player.errors
