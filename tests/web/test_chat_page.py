"""Chat at the browser table, in Chromium with three browser profiles (the host's, a friend's, a
spectator's):

- a line typed by the friend is shown on the host's page and the spectator's, a reaction in its
  words; a line holding ``<img src=x onerror=...>`` shows its characters on every page and runs
  nothing (the global it would set stays undefined, and no image is made);
- the host's settings: the spectator may not write until the host lets spectators chat; a muted
  friend is told so and offered no input; chat switched off is shown to everyone;
- on a 360 x 640 phone the chat is folded below the hand, which stays on the first screen, and a
  line that comes while it is folded is counted as unread.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import Browser, Page, ViewportSize

from tests.server.client import http, ok
from tests.server.conftest import Server
from tests.web.driver import WAIT_MS, Player, create_table

BOT = {"bot": "heuristic"}
EVIL = "<img src=x onerror=window.__x=1>"


@contextmanager
def three_pages(browser: Browser, server: Server, *, phone: bool = False,
                target: int = 99) -> Iterator[tuple[Page, Player, Page]]:
    """The host (Ann, seat 0, with the owner secret kept as the lobby keeps it), a friend (Bob, by
    his invite link) and a spectator (by the spectator link), each in a profile of its own, at a
    table of two people and two bots (a long game: it lasts the test)."""
    made: dict[str, Any] = create_table(server.base, "pct", [{"human": True}, {"human": True}, BOT, BOT],
                                        options={"target": target})
    invites = made["invites"]
    joined = ok(http(server.base, "POST", f"/api/tables/{made['id']}/join",
                     {"seat": 0, "invite": invites[0]["invite"], "name": "Ann"}))
    entry = {"id": made["id"], "owner": made["owner"], "seat": 0, "token": joined["token"], "name": "Ann",
             "invites": [i for i in invites if i["seat"] != 0]}
    size: ViewportSize = {"width": 360, "height": 640} if phone else {"width": 1280, "height": 800}
    contexts = [browser.new_context(viewport=size) for _ in range(3)]
    try:
        for c in contexts:
            c.set_default_timeout(WAIT_MS)
        contexts[0].add_init_script(
            f"localStorage.setItem('pitchkit.tables', {json.dumps(json.dumps([entry]))})")
        host = contexts[0].new_page()
        host.goto(f"{server.base}/t/{made['id']}?pace=fast")
        host.wait_for_selector("body[data-version]")
        friend = Player(contexts[1].new_page())
        friend.join(invites[1]["link"], "Bob")
        spectator = contexts[2].new_page()
        spectator.goto(made["watch_link"] + "&pace=fast")
        spectator.wait_for_selector("body[data-version]")
        yield host, friend, spectator
    finally:
        for c in contexts:
            c.close()


def lines(page: Page) -> list[str]:
    """The chat's lines as the page shows them."""
    return list(page.locator("#chat-lines li").all_inner_texts())


def wait_line(page: Page, text: str) -> None:
    """Wait until a chat line of the page shows ``text``."""
    page.wait_for_function("(text) => [...document.querySelectorAll('#chat-lines li')]"
                           ".some((li) => li.textContent.includes(text))", arg=text)


def set_host(page: Page, box: str, on: bool) -> None:
    """The host ticks or clears one of the chat settings, and the page shows the table's answer."""
    locator = page.locator(box)
    if locator.is_checked() != on:
        locator.click()
    page.wait_for_function(f"() => document.querySelector('{box}').checked === {json.dumps(on)}")


def test_a_line_reaches_the_others_and_markup_in_it_is_only_text(web_server: Server,
                                                                 browser: Browser) -> None:
    with three_pages(browser, web_server) as (host, friend, spectator):
        page = friend.page
        page.fill("#chat-text", "Hello from Bob")
        page.click("#chat-form button[type=submit]")
        for p in (host, page, spectator):
            wait_line(p, "Bob: Hello from Bob")
        page.fill("#chat-text", EVIL)
        page.press("#chat-text", "Enter")
        host.click("#chat-react button[data-react='sorry']")
        for p in (host, page, spectator):
            wait_line(p, EVIL)
            wait_line(p, "Ann: Sorry, partner")
            assert f"Bob: {EVIL}" in lines(p)
            assert p.evaluate("() => window.__x") is None
            assert p.locator("#chat-lines img").count() == 0
        assert page.input_value("#chat-text") == ""
        # the spectator reads but may not write until the host allows it
        assert spectator.locator("#chat-form").is_hidden()
        assert "host has not let them write" in spectator.inner_text("#chat-why")
        set_host(host, "#chat-spectators", True)
        spectator.wait_for_selector("#chat-form", state="visible")
        spectator.fill("#chat-text", "Go Ann!")
        spectator.click("#chat-form button[type=submit]")
        wait_line(host, "Spectator (watching): Go Ann!")
        assert not friend.errors, friend.errors


def test_the_host_mutes_a_player_and_switches_chat_off(web_server: Server, browser: Browser) -> None:
    with three_pages(browser, web_server) as (host, friend, spectator):
        page = friend.page
        host.wait_for_selector("#chat-host button[data-chat-mute='1']")
        assert host.locator("#chat-host").is_visible() and page.locator("#chat-host").is_hidden()
        host.click("#chat-host button[data-chat-mute='1']")
        page.wait_for_function("() => document.querySelector('#chat-why').textContent.includes('muted you')")
        assert page.locator("#chat-form").is_hidden() and page.locator("#chat-react").is_hidden()
        host.wait_for_selector("#chat-host button[data-chat-mute='1'][aria-pressed='true']")
        # a line sent anyway (an old page, say) is refused with the server's words
        page.evaluate("() => document.querySelector('#chat-form').hidden = false")
        page.fill("#chat-text", "can you hear me")
        page.click("#chat-form button[type=submit]")
        page.wait_for_function("() => document.querySelector('#chat-note').textContent.includes('muted')")
        assert page.input_value("#chat-text") == "can you hear me"  # given back to be sent later
        host.click("#chat-host button[data-chat-mute='1']")
        page.wait_for_selector("#chat-form", state="visible")
        set_host(host, "#chat-on", False)
        for p in (host, page, spectator):
            p.wait_for_function("() => document.querySelector('#chat-why').textContent"
                                ".includes('switched chat off')")
        assert host.locator("#chat-form").is_hidden()
        assert not friend.errors, friend.errors


def test_on_a_phone_the_chat_is_folded_below_the_hand_and_counts_unread_lines(
        web_server: Server, browser: Browser) -> None:
    with three_pages(browser, web_server, phone=True) as (host, friend, _):
        page = friend.page
        assert not page.evaluate("() => document.querySelector('#chat-box').open")
        hand = page.locator("#me").bounding_box()
        chat = page.locator("#chat-box").bounding_box()
        assert hand is not None and chat is not None and chat["y"] >= hand["y"] + hand["height"]
        host.evaluate("() => document.querySelector('#chat-box').open = true")
        host.fill("#chat-text", "first")
        host.press("#chat-text", "Enter")
        host.click("#chat-react button[data-react='nice']")
        page.wait_for_function("() => document.querySelector('#chat-unread').textContent === '2 new'")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
        page.click("#chat-box summary")
        page.wait_for_selector("#chat-unread", state="hidden")
        assert lines(page)[-2:] == ["Ann: first", "Ann: Nice!"]
