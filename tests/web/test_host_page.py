"""The host runs the table from its page, and a player leaves and takes back the seat, in Chromium
with two browser profiles (the host's, a friend's):

- a friend who never comes: the host seats a bot in the open seat and the game starts;
- remove and re-seat: the host removes the friend (the friend's page says so and can act no more),
  gives the seat back to a person, and the friend comes back by the new invite link;
- leave and retake: the friend leaves the seat (a bot plays it, the page says so and offers no
  choice), then takes it back.
"""

from __future__ import annotations

import json

from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.server.conftest import Server
from tests.web.driver import Player, create_table, host_page

BOT = {"bot": "heuristic"}


def _status(page: Page) -> str:
    return str(page.evaluate("() => document.body.dataset.status"))


def test_the_host_seats_a_bot_for_a_friend_who_never_comes(web_server: Server, browser: Browser) -> None:
    made = create_table(web_server.base, "pct", [{"human": True}, {"human": True}, BOT, BOT])
    host = host_page(browser, web_server.base, made)
    assert _status(host) == "waiting"
    host.wait_for_selector("#host-box:not([hidden])")
    host.click('#host li[data-host-seat="1"] button[data-host="bot"]')
    host.wait_for_function("() => document.body.dataset.status === 'playing'")
    assert "heuristic bot" in host.inner_text('#seats .seat[data-seat="1"]')
    host.context.close()


def test_the_host_removes_a_friend_and_gives_the_seat_back_by_a_new_link(
        web_server: Server, browser: Browser, context: BrowserContext) -> None:
    made = create_table(web_server.base, "pct", [{"human": True}, {"human": True}, BOT, BOT])
    host = host_page(browser, web_server.base, made)
    friend = Player(context.new_page())
    invites = made["invites"]
    assert isinstance(invites, list)
    friend.join(invites[1]["link"], "Bob")
    host.wait_for_function("() => document.body.dataset.status === 'playing'")
    host.click('#host li[data-host-seat="1"] button[data-host="remove"]')
    friend.page.wait_for_function("() => document.querySelector('#notice').textContent.includes('host')")
    assert friend.page.inner_text("#conn") == "not allowed"
    host.wait_for_selector('#host li[data-host-seat="1"] button[data-host="open"]')
    host.click('#host li[data-host-seat="1"] button[data-host="open"]')
    # the update that opens the seat may be drawn a moment before the new invite is kept
    host.wait_for_function(
        "old => [...document.querySelectorAll('#host ul.links input')].some(i => !i.value.includes(old))",
        arg=invites[1]["invite"])
    link = host.locator('#host ul.links input').first.input_value()
    assert "invite=" in link and invites[1]["invite"] not in link
    again = Player(context.new_page())
    again.join(link, "Bob")
    host.wait_for_function("() => document.querySelector('#seats .seat[data-seat=\"1\"]')"
                           ".textContent.includes('Bob')")
    assert again.page.evaluate("() => document.body.dataset.status") == "playing"
    assert not again.errors, again.errors
    host.context.close()


def test_a_player_leaves_the_seat_and_takes_it_back(web_server: Server, context: BrowserContext) -> None:
    # a long game: the bots do not finish it while the seat is theirs
    made = create_table(web_server.base, "pct", [{"human": True}, BOT, BOT, BOT], options={"target": 99})
    player = Player(context.new_page())
    invites = made["invites"]
    assert isinstance(invites, list)
    player.join(invites[0]["link"], "Ann")
    page = player.page
    page.click("#leave-btn")
    page.wait_for_selector("#back-btn")
    assert "bot plays" in page.inner_text("#prompt")
    assert page.locator("#hand button.card.legal, #actions button.act").count() == 0
    for _ in range(20):  # a hand's summary (it goes by itself) may be in the way for a moment
        try:
            page.click("#back-btn", timeout=1000)
            break
        except PlaywrightTimeout:
            continue
    try:
        page.wait_for_selector("#leave-btn")
    except PlaywrightTimeout:
        raise AssertionError(str([page.inner_text("#notice"), player.sent[-3:], len(player.received),
                                  page.evaluate("() => document.body.dataset.version"),
                                  json.loads(player.received[-1])["version"]])) from None
    assert player.wait_turn_or_summary() in ("turn", "summary")
    assert not player.errors, player.errors
