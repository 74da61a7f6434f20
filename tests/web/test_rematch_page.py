"""Play again at the same table, in Chromium with three browser profiles (the host, a friend, a
spectator): a short game is played to its end through the pages; the host chooses the next game's
rules, both players press "Play again", and the next game starts at the same address with the same
links; every frame the spectator received carries no card it may not see.
"""

from __future__ import annotations

import json

from playwright.sync_api import Browser, BrowserContext

from tests.server.client import frames_with_state, hidden_cards, http, ok
from tests.server.conftest import Server
from tests.web.driver import WAIT_MS, Player, create_table, host_page

BOT = {"bot": "heuristic"}


def _play_to_the_end(players: list[Player], limit: int = 400) -> None:
    """Both people play (their legal choices, by clicking) and close each hand's summary until both
    pages show the game over."""
    for _ in range(limit):
        if all(p.game_over() for p in players):
            return
        for p in players:
            if p.game_over():
                continue
            if p.summary_open():
                p.close_summary()
            elif p.my_turn():
                p.step(try_illegal=False)
        players[0].page.wait_for_timeout(30)
    raise AssertionError("the game did not end")


def test_both_players_play_again_at_the_same_table_under_the_hosts_new_rules(
    web_server: Server, browser: Browser, context: BrowserContext
) -> None:
    made = create_table(web_server.base, "pct", [{"human": True}, {"human": True}, BOT, BOT],
                        options={"target": 1}, public=True)
    host = Player(host_page(browser, web_server.base, made))
    friend = Player(context.new_page())
    friend.join(made["invites"][1]["link"], "Bob")
    watcher_context = browser.new_context()
    spectator = Player(watcher_context.new_page())
    spectator.page.goto(f"{made['watch_link']}&pace=fast")
    spectator.wait_board()
    host_url = host.page.url

    _play_to_the_end([host, friend])
    for p in (host, friend):
        p.page.wait_for_selector("dialog#summary[open] button[data-again]")
    # the host closes the summary and sets the next game's points to win
    host.page.click("dialog#summary button.close:not([data-again])")
    host.page.wait_for_selector("#next-rules")
    host.page.fill("#next-target", "2")
    host.page.click("#next-rules button[type=submit]")
    friend.page.wait_for_function(
        "() => document.querySelector('#again').textContent.includes('Next game')", timeout=WAIT_MS)
    assert "target 2" in friend.page.inner_text("#again")

    host.page.click("#again-btn")
    host.page.wait_for_function(
        "() => document.querySelector('#again').textContent.includes('Waiting for Bob')", timeout=WAIT_MS)
    friend.page.click("dialog#summary button[data-again]")
    for p in (host, friend, spectator):
        p.page.wait_for_function("() => document.body.dataset.status === 'playing'", timeout=WAIT_MS)
    assert "Game 2 begins" in host.page.inner_text("#notice")
    assert host.page.url == host_url  # the same table, the same address, the same seats' links
    info = ok(http(web_server.base, "GET", f"/api/tables/{made['id']}"))
    assert info["game"] == 2 and info["options"]["target"] == 2 and [g["game"] for g in info["games"]] == [1]
    assert [s["name"] for s in info["seats"][:2]] == ["Ann", "Bob"]
    assert ok(http(web_server.base, "GET", f"/api/tables/{made['id']}/record?game=1"))
    seen = [json.loads(raw) for raw in spectator.received]
    assert not any(hidden_cards(f) for f in frames_with_state(seen))
    for p in (host, friend, spectator):
        assert not p.errors, p.errors
    host.page.context.close()
    watcher_context.close()
