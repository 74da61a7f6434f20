"""The table page tells the whole hand: other seats' discards, draws and passes as counts in the log,
every point of the rules in the summary (one nobody scored says so), a ten-point summary without
card points for a game it does not score, and the finished hand kept on the table behind the
summary until "Next hand". A spectator gets no Hint button, and the replay says what each discard
was (seed 003: ten-point, where the bidder discards, draws, then takes the rest of the stock).

The pages are real ten-point tables joined by invite, whose websockets are answered by the test
(:class:`~tests.web.driver.AnsweredTable`) so that the hand is exactly the one described.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext

from tests.server.client import http, ok
from tests.server.conftest import Server
from tests.web.driver import AnsweredTable, Player, bot_game, create_table, open_replay_file

HAND = ["AS", "KS", "JS", "9H", "7D", "3C"]
#: seat 3 bid 6 in spades; everyone discarded and drew, seat 3 took the rest of the stock and
#: discarded again; the partners passed a card each; seat 0 leads
STATE: dict[str, Any] = {
    "dealer": 2, "seats": [0, 1, 2, 3], "phase": "play", "to_act": 0, "hand_sizes": [6, 6, 6, 6],
    "discard_counts": [3, 4, 2, 14], "stock_size": 0, "bids": [[3, 6], [0, "pass"], [1, "pass"], [2, "pass"]],
    "ran": False, "pitcher": 3, "bid": 6, "trump": "S", "upcard": None, "trick": [], "tricks": [],
    "scores_before": [0, 0, 0, 0],
    "log": [{"seat": 3, "bid": 6}, {"seat": 0, "bid": "pass"}, {"seat": 1, "bid": "pass"},
            {"seat": 2, "bid": "pass"}, {"seat": 3, "trump": "S"},
            {"seat": 0, "discard": ["2D", "4D", "8C"]}, {"seat": 1, "discard": 4}, {"seat": 2, "discard": 2},
            {"seat": 3, "discard": 4}, {"seat": 3, "discard": 10},
            {"seat": 1, "pass": 1}, {"seat": 3, "pass": 1}],
    "draws": [{"after": 9, "seat": 0, "count": 3, "rest": False, "upcard": False},
              {"after": 9, "seat": 1, "count": 4, "rest": False, "upcard": False},
              {"after": 9, "seat": 2, "count": 2, "rest": False, "upcard": False},
              {"after": 9, "seat": 3, "count": 4, "rest": False, "upcard": False},
              {"after": 9, "seat": 3, "count": 10, "rest": True, "upcard": False}],
    "seat": 0, "hand": HAND, "discards": ["2D", "4D", "8C"], "passed": [], "received": [],
    "legal": [{"play": c} for c in HAND]}


def _table(server: Server) -> tuple[dict[str, Any], dict[str, Any]]:
    made = create_table(server.base, "ten-point", [{"human": True}, *[{"bot": "heuristic"}] * 3])
    return made, ok(http(server.base, "GET", f"/api/tables/{made['id']}"))


def _snapshot(table: dict[str, Any]) -> dict[str, Any]:
    return {"type": "snapshot", "version": table["version"], "seat": 0, "table": table, "state": STATE}


def _log(page: Any) -> list[str]:
    lines: list[str] = page.eval_on_selector_all("#log li", "els => els.map(e => e.textContent)")
    return lines


def test_the_log_counts_the_other_seats_discards_draws_and_passes(web_server: Server,
                                                                  context: BrowserContext) -> None:
    made, table = _table(web_server)
    page = context.new_page()
    player = Player(page)
    AnsweredTable(page, _snapshot(table))
    player.join(made["invites"][0]["link"], "Ann")
    page.wait_for_selector("#log li")
    log = _log(page)
    assert "You discard 3 cards: 2\u2666 4\u2666 8\u2663" in log
    assert "Bot 2 discards 4 cards" in log and "Bot 3 discards 2 cards" in log
    # the bidder's two discards, the draw to six, then the rest of the stock, in order
    assert log.index("Bot 4 discards 4 cards") < log.index("Bot 4 takes 4 cards from the stock")
    assert "You take 3 cards from the stock" in log
    draw, rest = "Bot 4 takes 4 cards from the stock", "Bot 4 takes the rest of the stock: 10 cards"
    assert log.index(draw) < log.index(rest) < log.index("Bot 4 discards 10 cards")
    assert "Bot 2 passes 1 card to the partner" in log and "Bot 4 passes 1 card to the partner" in log
    assert not player.errors, player.errors


def _hand_over(table: dict[str, Any]) -> dict[str, Any]:
    """The update of seat 0's last card: the hand is over, with a joker's award, a point nobody took
    and card points (ten-point scores no game)."""
    version = int(table["version"]) + 1
    last = {"seat": 0, "play": "AS"}
    plays_of_trick: list[list[Any]] = [[0, "AS"], [1, "2S"], [2, "BJ"], [3, "4S"]]
    trick = {"plays": plays_of_trick, "winner": 2}
    result = {
        "complete": True, "pitcher": 3, "bid": 6, "trump": "S", "made": False,
        "awards": [{"point": "ace", "card": "AS", "seat": 2},
                   {"point": "big-joker", "card": "BJ", "seat": 2}],
        "unawarded": [{"point": "ten", "why": "not-in-play"}],
        "delta": [2, 2, 2, -6], "scores": [2, 2, 2, -6], "card_points": [4, 0, 15, 0], "winner": None}
    next_state = {**STATE, "dealer": 3, "phase": "auction", "to_act": 0, "pitcher": None, "bid": None,
                  "trump": None, "bids": [], "log": [], "draws": [],
                  "hand": ["2C", "3C", "4C", "5C", "6C", "7C"],
                  "discards": [], "legal": [{"bid": "pass"}, {"bid": 3}], "discard_counts": [0, 0, 0, 0]}
    plays = [{"seat": s, "play": c} for s, c in plays_of_trick]
    events = [{"seq": version, "kind": "action", "action": a} for a in plays]
    events.append({"kind": "hand_over", "hand": 0, "result": result, "tricks": [trick]})
    later_table = {**table, "version": version, "scores": result["scores"], "hand": 2}
    assert plays[0] == last
    return {"type": "update", "version": version, "seat": 0, "table": later_table, "state": next_state,
            "events": events}


def test_the_summary_says_every_point_and_the_finished_hand_stays_until_next_hand(
        web_server: Server, context: BrowserContext) -> None:
    made, table = _table(web_server)
    page = context.new_page()
    player = Player(page)
    over = _hand_over(table)
    AnsweredTable(page, _snapshot(table), lambda m: [over] if m["type"] == "act" else [])
    player.join(made["invites"][0]["link"], "Ann")
    page.click('#hand button.card[data-card="AS"]')
    page.wait_for_selector("dialog#summary[open]")
    summary = page.inner_text("dialog#summary")
    assert "Big joker: Bot 3" in summary and "Big joker (Big joker)" not in summary
    assert "Ace (A\u2660): Bot 3" in summary
    assert "Ten: not in play: nobody scores it" in summary
    assert "Card points for game" not in summary  # ten-point has no game point
    # behind the summary: the hand just finished, its last trick and its whole log
    log = _log(page)
    assert "You play A\u2660" in log and "Bot 4 takes the rest of the stock: 10 cards" in log
    assert "The last trick of the hand" in page.inner_text("#trick")
    assert page.locator("#hand button.card").count() == len(HAND) - 1
    player.close_summary()
    page.wait_for_function("() => !document.querySelector('#log li')")
    assert page.locator("#hand button.card").count() == 6
    assert "Bid 3" in page.inner_text("#actions")
    assert not player.errors, player.errors


def test_a_spectator_has_no_hint_button(web_server: Server, context: BrowserContext) -> None:
    made = create_table(web_server.base, "pct", [{"bot": "heuristic"}] * 4, public=True)
    page = context.new_page()
    page.goto(f"{web_server.base}/t/{made['id']}?pace=fast")
    page.wait_for_selector("body[data-version]")
    assert page.locator("#hint-btn").is_hidden()
    assert page.locator("#hint-btn").bounding_box() is None


def test_the_replay_says_each_discard_of_the_bidder_who_took_the_stock(tmp_path: Path, web_server: Server,
                                                                        context: BrowserContext) -> None:
    game = bot_game("ten-point", seed=3, hands=1)
    page = context.new_page()
    open_replay_file(page, web_server.base, game, tmp_path)
    page.click("#last")
    notes = page.eval_on_selector_all(".discarded", "els => els.map(e => e.textContent)")
    assert notes, "no seat discarded"
    pattern = re.compile(r"discarded \d+ cards?(, then \d+ cards? after taking the rest of the stock)?")
    assert all(pattern.fullmatch(n) for n in notes), notes
    assert any("after taking the rest of the stock" in n for n in notes), notes
