"""Easy to start and to learn, and your games, in Chromium:

- How to play opens from the lobby for the game chosen in the form (its rules as the form has them)
  and from the table's header for the table's own options (a ten-point table has the jick and the
  jokers; a pct table says what it changes), on a desktop and on a 360 x 640 phone, by keyboard
  too; its glossary explains the words of the game;
- a word of the glossary where the page tells what happens is marked with its meaning as a tooltip,
  and a tap on it opens How to play at that word;
- seats are numbered from 1 wherever people read them (seat names, invite labels, the host panel),
  and the title names the game as players say it;
- a finished game is under your games with its replay and in your seats' stats; a public game in
  play is listed to watch.
"""

from __future__ import annotations

import json
import threading
from typing import TYPE_CHECKING, Any

from playwright.sync_api import expect

from tests.server.client import Conn, http, ok, play, run
from tests.server.conftest import Server
from tests.web.driver import WAIT_MS, Player, create_table, fill_new_table
from tests.web.test_accessibility import findings

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize

BOTS: list[dict[str, Any]] = [{"bot": "heuristic"}] * 3
PHONE: ViewportSize = {"width": 360, "height": 640}


def _open_how_to(page: Page) -> str:
    """Open How to play by its button and wait for the rules; the dialog's text."""
    page.get_by_role("button", name="How to play").click()
    page.wait_for_selector("#howto[open] #rules:not([aria-busy]) .glossary")
    return page.inner_text("#howto")


def _as_creator(browser: Browser, server: Server, made: dict[str, Any], *,
                viewport: ViewportSize | None = None, path: str = "") -> Page:
    """The creator's browser (seat 0 taken as Ann, the owner secret and invites kept as the lobby
    keeps them) at ``path`` (the table's page by default)."""
    joined = ok(http(server.base, "POST", f"/api/tables/{made['id']}/join",
                     {"seat": 0, "invite": made["invites"][0]["invite"], "name": "Ann"}))
    entry = {"id": made["id"], "variant": made.get("variant", ""), "owner": made["owner"], "seat": 0,
             "token": joined["token"], "name": "Ann",
             "invites": [i for i in made["invites"] if i["seat"] != 0]}
    context = browser.new_context(viewport=viewport or {"width": 1100, "height": 850})
    context.set_default_timeout(WAIT_MS)
    context.add_init_script(f"localStorage.setItem('pitchkit.tables', {json.dumps(json.dumps([entry]))})")
    page = context.new_page()
    page.goto(server.base + (path or f"/t/{made['id']}?pace=fast"))
    return page


def test_how_to_play_in_the_lobby_is_for_the_game_chosen_in_the_form(
        web_server: Server, context: BrowserContext) -> None:
    page = context.new_page()
    page.goto(web_server.base + "/")
    page.wait_for_selector("#variant option[value='ten-point']", state="attached")
    page.select_option("#variant", "ten-point")
    text = _open_how_to(page)
    assert "Ten-Point Pitch" in text and "jick" in text and "two jokers" in text
    assert page.locator("#howto dfn", has_text="Jick (off-jack)").count() == 1
    assert page.locator("#howto dfn", has_text="Bower").count() == 0  # not a word of this game
    assert not findings(page, "the lobby's How to play")
    page.keyboard.press("Escape")
    expect(page.locator("#howto")).not_to_have_attribute("open", "")
    assert page.evaluate("() => document.activeElement.id") == "howto-btn"
    # a rule changed in the form is in the rules shown
    page.select_option("#variant", "pct")
    page.wait_for_selector("#option-list[data-preset='pct']", state="attached")
    page.click("#options summary")
    page.fill("#option-list [data-option='target']", "15")
    text = _open_how_to(page)
    assert "reach 15" in text and "jick" not in text
    assert page.locator("#howto dfn", has_text="Run it").count() == 1


def test_how_to_play_at_a_table_is_for_its_own_options_on_a_desktop_and_a_phone(
        web_server: Server, browser: Browser) -> None:
    ten = create_table(web_server.base, "ten-point", [{"human": True}, *BOTS])
    page = _as_creator(browser, web_server, ten)
    page.wait_for_selector("body[data-version]")
    expect(page.locator("#title")).to_have_text("Ten-Point Pitch \u00b7 4 players")
    text = _open_how_to(page)
    assert "unchanged" in text and "jick" in text and "two jokers" in text
    assert "partners sitting opposite each other" in text and "seats 0" not in text
    assert page.locator("#howto dfn", has_text="Jokers").count() == 1
    assert not findings(page, "a table's How to play")
    page.click("#howto button.close")
    assert not findings(page, "the words of the game marked at the table")
    page.click("#howto-btn")
    page.click("#howto button.close")
    page.context.close()

    pct = create_table(web_server.base, "pct", [{"human": True}, *BOTS],
                       options={"target": 15, "smudge-bids": True})
    phone = _as_creator(browser, web_server, pct, viewport=PHONE)
    phone.wait_for_selector("body[data-version]")
    button = phone.get_by_role("button", name="How to play")
    box = button.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] and box["y"] < 60
    bar = phone.locator("header.bar").bounding_box()
    assert bar is not None and bar["height"] <= 56, bar  # the header keeps one row: the hand stays in view
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    # the keyboard reaches it from the top of the page
    phone.focus("header.bar a.home")
    for _ in range(6):
        phone.keyboard.press("Tab")
        if phone.evaluate("() => document.activeElement.id") == "howto-btn":
            break
    assert phone.evaluate("() => document.activeElement.id") == "howto-btn"
    phone.keyboard.press("Enter")
    phone.wait_for_selector("#howto[open] #rules ul.changed")
    changed = phone.inner_text("#rules ul.changed")
    assert "target: 15 (pct: 11)" in changed and "smudge-bids: true (pct: false)" in changed
    rules = phone.inner_text("#rules")
    assert "reach 15" in rules and "(modified: smudge-bids)" in rules
    dialog = phone.locator("#howto").bounding_box()
    assert dialog is not None and dialog["width"] <= PHONE["width"]
    phone.keyboard.press("Escape")
    assert phone.evaluate("() => document.activeElement.id") == "howto-btn"
    phone.context.close()


def test_a_word_of_the_game_has_its_meaning_as_a_tooltip(web_server: Server, context: BrowserContext) -> None:
    made = create_table(web_server.base, "pct", [{"human": True}, *BOTS])
    player = Player(context.new_page())
    page = player.page
    player.join(made["invites"][0]["link"], "Ann")
    page.wait_for_selector("#log abbr.term, #prompt abbr.term, #info abbr.term")
    term = page.locator("abbr.term").first
    title = term.get_attribute("title") or ""
    word = term.get_attribute("data-term")
    assert ": " in title and len(title) > 30, title
    # the same meaning is in the glossary of How to play, and a tap on the word opens it there
    term.click()
    page.wait_for_selector(f"#howto[open] #term-{word}")
    assert page.evaluate("() => document.activeElement.id") == f"term-{word}"
    assert title.split(": ", 1)[1] in page.inner_text(f"#term-{word}")
    page.keyboard.press("Escape")
    # a word of the log is marked where it first appears
    marked = page.eval_on_selector_all("#log abbr.term", "els => els.map(e => e.dataset.term)")
    assert len(marked) == len(set(marked))
    assert not player.errors, player.errors


def test_seats_are_numbered_from_1_where_people_read_them(web_server: Server, browser: Browser) -> None:
    made = create_table(web_server.base, "pct", [{"human": True}, {"human": True}, *BOTS[:2]])
    page = _as_creator(browser, web_server, made)
    page.wait_for_selector("#invites:not([hidden])")
    assert page.inner_text("#invites li span") == "Invite for seat 2"
    assert page.inner_text('#seats .seat[data-seat="2"] .who') == "Bot 3"
    assert page.inner_text('#seats .seat[data-seat="3"] .who') == "Bot 4"
    host = page.inner_text("#host")
    assert "Seat 2: open" in host and "Seat 3: Bot 3" in host and "Seat 4: Bot 4" in host
    assert "Bot 0" not in page.inner_text("body")
    page.context.close()
    lobby = browser.new_context()
    try:
        fill = lobby.new_page()
        fill_new_table(fill, web_server.base, name="Ann", variant="pct", players=3, friends=[1])
        fill.click("#create button[type=submit]")
        fill.wait_for_selector("#open-table")
        assert fill.locator("#created ul.links li span").first.inner_text() == "Invite for seat 2"
        fill.wait_for_selector("#mine li")
        assert "seat 1 as Ann" in fill.inner_text("#mine")
    finally:
        lobby.close()


def _finish(server: Server, table_id: str, token: str) -> None:
    """Play seat 0 to the end of the game with a websocket client, in a thread of its own (this one
    runs Playwright's event loop)."""
    failed: list[BaseException] = []

    async def game() -> None:
        conn = await Conn.open(server.ws_base, table_id, token=token, seat=0)
        await play(conn)
        await conn.close()

    def go() -> None:
        try:
            run(game(), timeout=120)
        except BaseException as e:  # reported in the test's own thread
            failed.append(e)

    thread = threading.Thread(target=go)
    thread.start()
    thread.join(150)
    assert not thread.is_alive() and not failed, failed


def test_a_finished_game_is_under_your_games_with_its_replay_and_in_the_stats(
        web_server: Server, browser: Browser) -> None:
    made = create_table(web_server.base, "pct", [{"human": True}, *BOTS], options={"target": 1})
    page = _as_creator(browser, web_server, {**made, "variant": "pct"}, path="/")
    entry = json.loads(page.evaluate("() => localStorage.getItem('pitchkit.tables')"))[0]
    _finish(web_server, made["id"], entry["token"])
    info = ok(http(web_server.base, "GET", f"/api/tables/{made['id']}"))
    assert info["status"] == "over"
    page.reload()
    row = page.locator(f'#mine li[data-id="{made["id"]}"]')
    expect(row).to_have_attribute("data-status", "over")
    assert "Pitch \u2013 pitchcardtournament.com rules (pct)" in row.inner_text()
    assert "seat 1 as Ann" in row.inner_text()
    won = 0 in info["winner"]
    assert ("you won" if won else "you lost") in row.inner_text()
    stats = page.locator('#my-stats li[data-family="pitch"]')
    expect(stats).to_contain_text(f"1 game finished, {int(won)} won")
    mine = {"tables": [{"id": made["id"], "token": entry["token"]}]}
    counted = ok(http(web_server.base, "POST", "/api/stats", mine))
    pitch = counted["total"]["pitch"]
    said = f"your bids: {pitch['made']} made of {pitch['bids']}, {pitch['set']} set" if pitch["bids"] else \
        "your bids: none yet"
    assert said in stats.inner_text()
    assert row.locator("a.replay").get_attribute("href") == f"/replay?table={made['id']}&game=1"
    row.locator("a.replay").click()
    page.wait_for_selector("#replay:not([hidden])")
    assert "Bot 2" in page.inner_text("#seat-hands") and "Bot 0" not in page.inner_text("#seat-hands")
    page.context.close()


def test_a_public_game_in_play_is_listed_to_watch(web_server: Server, context: BrowserContext) -> None:
    made = create_table(web_server.base, "ten-point", [{"human": True}, *BOTS], public=True)
    ok(http(web_server.base, "POST", f"/api/tables/{made['id']}/join",
            {"seat": 0, "invite": made["invites"][0]["invite"], "name": "Bob"}))
    page = context.new_page()
    page.goto(web_server.base + "/")
    row = page.locator(f'#watch-list li[data-id="{made["id"]}"]')
    expect(row).to_contain_text("Ten-Point Pitch (ten-point) \u00b7 4 players")
    assert "playing" in row.inner_text()
    assert page.locator(f'#public-list li[data-id="{made["id"]}"]').count() == 0
    row.locator("a").first.click()
    page.wait_for_selector("body[data-version]")
    expect(page.locator("#title")).to_have_text("Ten-Point Pitch \u00b7 4 players \u00b7 watching")
    assert "Bob" in page.inner_text("#seats")
