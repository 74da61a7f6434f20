"""Every page checked by axe-core (``axe-playwright-python``) in the states a person meets, and the
table played from the keyboard.

- ``test_axe_finds_nothing_serious_in_the_lobby``: the lobby with its rules open, after a table is
  created (its invite links) and with a table in *My tables*.
- ``test_axe_finds_nothing_serious_at_a_table_in_play``: an invite's name form; the host's page
  while a seat waits for a friend (the invite links, the host's panel), then, a bot seated there,
  the host's turn in the auction (the hand and the bid buttons), a turn in the play (legal cards),
  a hint with its reason, the last trick and the hand's summary; a spectator's page.
- ``test_axe_finds_nothing_serious_on_a_phone``: the lobby and a ten-point seat's bid on a 360 x 640
  screen.
- ``test_axe_finds_nothing_serious_on_the_replay_page``: the page with no record, a record opened
  from disk, and a table's finished hand stepped through to its summary.
- ``test_axe_finds_nothing_serious_on_the_desk_pages``: the new event form and the event created,
  the director's console with entrants and a judge, the judge's PIN form and console, the board.
- ``test_tab_reaches_every_bid_and_legal_card_and_enter_or_space_takes_them``: on the seat's turn
  Tab reaches each bid button and, in the play, each legal card; Space bids and Enter plays.

A finding of impact *serious* or *critical* fails the test, and every one is printed (rule, its
help, the element); *moderate* and *minor* ones are printed only.
"""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Page

from tests.server.client import ok
from tests.server.conftest import Server
from tests.server.desk_client import Event
from tests.web.driver import RULES_SHOWN, Player, bot_game, create_table, host_page, open_replay_file

#: the impacts that fail a test
SEVERE = ("serious", "critical")
BOT = {"bot": "heuristic"}
#: the longest wait for a desk page (bots play meanwhile)
WAIT_MS = 90_000

_axe = Axe()


def findings(page: Page, where: str) -> list[str]:
    """axe-core's violations on the page as it is now, one line per element: the severe ones
    returned, every one printed. Animations are finished first: axe measures the page at rest (a
    caption fading in has, for its first frames, too little contrast)."""
    page.evaluate("() => document.getAnimations().forEach((a) => { try { a.finish(); } catch { } })")
    results: dict[str, Any] = _axe.run(page).response
    severe: list[str] = []
    for violation in results["violations"]:
        for node in violation["nodes"]:
            line = (f"{where}: {violation['id']} ({violation['impact']}): {violation['help']}: "
                    f"{', '.join(str(t) for t in node['target'])}: {node['html'][:200]}")
            print(line)
            if violation["impact"] in SEVERE:
                severe.append(line)
    return severe


def test_axe_finds_nothing_serious_in_the_lobby(web_server: Server, context: BrowserContext) -> None:
    page = context.new_page()
    page.goto(web_server.base + "/")
    page.wait_for_selector(RULES_SHOWN, state="attached")
    page.click("#options summary")
    found = findings(page, "lobby")
    page.fill("#name", "Ann")
    page.select_option("#seats select[data-seat='1']", "friend")
    page.click("#create button[type=submit]")
    page.wait_for_selector("#open-table")
    found += findings(page, "lobby, a table created")
    page.reload()
    page.wait_for_selector("#mine li")
    found += findings(page, "lobby, my tables")
    assert not found, "\n".join(found)


def _turn_with(player: Player, selector: str, steps: int = 60) -> bool:
    """Play on (closing summaries) until it is the seat's turn and ``selector`` is on the page."""
    for _ in range(steps):
        if player.wait_turn_or_summary() == "summary":
            player.close_summary()
            continue
        if player.page.locator(selector).count():
            return True
        player.step(try_illegal=False)
    return False


def test_axe_finds_nothing_serious_at_a_table_in_play(web_server: Server, browser: Browser) -> None:
    made = create_table(web_server.base, "pct", [{"human": True}, {"human": True}, BOT, BOT])
    found: list[str] = []
    guest = browser.new_context(viewport={"width": 1100, "height": 850})
    host = host_page(browser, web_server.base, made)
    try:
        invited = guest.new_page()
        invited.goto(made["invites"][1]["link"] + "&pace=fast")
        invited.wait_for_selector("#join-name")
        found += findings(invited, "table, the name form")
        host.wait_for_selector("#host-box:not([hidden])")
        found += findings(host, "table, the host waits for a friend")
        host.click('#host li[data-host-seat="1"] button[data-host="bot"]')
        host.wait_for_function("() => document.body.dataset.status === 'playing'")
        player = Player(host)
        assert _turn_with(player, "#actions button.act"), "no bid to make"
        found += findings(host, "table, a bid to make")
        assert _turn_with(player, "#hand button.card.legal"), "no card to play"
        found += findings(host, "table, a card to play")
        host.click("#hint-btn")
        host.wait_for_selector("#hint-box:not([hidden])")
        found += findings(host, "table, a hint")
        if host.locator("#last-trick-btn:not([hidden])").count():
            host.click("#last-trick-btn")
            found += findings(host, "table, the last trick")
            host.keyboard.press("Escape")
        for _ in range(200):
            if player.wait_turn_or_summary() == "summary":
                break
            player.step(try_illegal=False)
        found += findings(host, "table, the hand's summary")

        spectator = guest.new_page()
        spectator.goto(made["watch_link"] + "&pace=fast")
        spectator.wait_for_selector("body[data-version]")
        found += findings(spectator, "table, a spectator")
    finally:
        host.context.close()
        guest.close()
    assert not found, "\n".join(found)


def test_axe_finds_nothing_serious_on_a_phone(web_server: Server, browser: Browser) -> None:
    made = create_table(web_server.base, "ten-point", [{"human": True}, BOT, BOT, BOT])
    phone = browser.new_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True)
    try:
        player = Player(phone.new_page())
        page = player.page
        page.goto(web_server.base + "/")
        page.wait_for_selector(RULES_SHOWN, state="attached")
        page.click("#options summary")
        found = findings(page, "phone, lobby")
        player.join(made["invites"][0]["link"], "Pat")
        assert _turn_with(player, "#actions button.act"), "no bid to make"
        found += findings(page, "phone, a bid to make")
    finally:
        phone.close()
    assert not found, "\n".join(found)


def test_axe_finds_nothing_serious_on_the_replay_page(web_server: Server, context: BrowserContext,
                                                      tmp_path: Any) -> None:
    page = context.new_page()
    page.goto(web_server.base + "/replay")
    page.wait_for_selector("#file")
    found = findings(page, "replay, no record")
    open_replay_file(page, web_server.base, bot_game("ten-point", 3, 2), tmp_path)
    found += findings(page, "replay, a record from disk")
    page.click("#last")
    found += findings(page, "replay, the end of a hand")
    assert not found, "\n".join(found)


def test_axe_finds_nothing_serious_on_the_desk_pages(web_server: Server, context: BrowserContext) -> None:
    page = context.new_page()
    page.goto(web_server.base + "/desk")
    page.wait_for_function("() => document.querySelectorAll('#preset option').length > 1")
    found = findings(page, "desk, a new event")
    page.click("#create button[type=submit]")
    page.wait_for_selector("#created:not([hidden])", timeout=WAIT_MS)
    found += findings(page, "desk, the event created")

    event = Event.create(web_server.base, format="knockout")
    pin = ok(event.post("judges", {"name": "Judy Day"}), 201)["pin"]
    ok(event.post("entrants", {"csv": "Ann\nBob\nCy\nDee\n"}))
    ok(event.post("seat", {"bots": {n: "heuristic" for n in ("Ann", "Bob", "Cy", "Dee")}}))
    director = context.new_page()
    director.goto(f"{web_server.base}/desk/{event.id}/director#key={event.password}")
    director.wait_for_selector("#console:not([hidden])", timeout=WAIT_MS)
    director.wait_for_selector("article.desk-table[data-table='1']", timeout=WAIT_MS)
    found += findings(director, "desk, the director")

    judge = context.new_page()
    judge.goto(f"{web_server.base}/desk/{event.id}/judge")
    judge.wait_for_selector("#pin")
    found += findings(judge, "desk, the judge's PIN")
    judge.fill("#pin", pin)
    judge.click("#login-form button[type=submit]")
    judge.wait_for_selector("button.confirm[data-hand='1']", timeout=WAIT_MS)
    found += findings(judge, "desk, the judge's console")

    board = context.new_page()
    board.goto(f"{web_server.base}/desk/{event.id}")
    board.wait_for_selector("article.desk-table[data-table='1']", timeout=WAIT_MS)
    found += findings(board, "desk, the board")
    assert not found, "\n".join(found)


def _tab_reaches(page: Page, selector: str, limit: int = 120) -> set[str]:
    """Press Tab (from the top of the page) until the focus has been on every element matching
    ``selector`` or ``limit`` presses; the ``data-act`` or ``data-card`` of each one reached."""
    page.evaluate("() => { document.activeElement?.blur(); window.getSelection()?.removeAllRanges(); }")
    wanted = set(page.eval_on_selector_all(selector, "all => all.map(e => e.dataset.act || e.dataset.card)"))
    reached: set[str] = set()
    for _ in range(limit):
        page.keyboard.press("Tab")
        key = page.evaluate(f"""() => {{ const e = document.activeElement;
            return e && e.matches({selector!r}) ? (e.dataset.act || e.dataset.card) : null; }}""")
        if key is not None:
            reached.add(key)
        if wanted <= reached:
            break
    return wanted - reached


def _focus_by_tab(page: Page, selector: str, limit: int = 120) -> None:
    """Press Tab until the focus is on ``selector``."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => document.activeElement?.matches({selector!r}) || false"):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_tab_reaches_every_bid_and_legal_card_and_enter_or_space_takes_them(
        web_server: Server, context: BrowserContext) -> None:
    made = create_table(web_server.base, "pct", [{"human": True}, *[{"bot": "heuristic"}] * 3])
    player = Player(context.new_page())
    page = player.page
    player.join(made["invites"][0]["link"], "Kim")
    assert _turn_with(player, "#actions button.act"), "no bid to make"
    assert _tab_reaches(page, "#actions button.act:not([aria-disabled])") == set()
    _focus_by_tab(page, "#actions button.act:not([aria-disabled])")
    bid = page.evaluate("() => document.activeElement.dataset.act")
    before = player.version()
    page.keyboard.press("Space")
    player.wait_moved(before)
    sent = [m for m in player.sent if '"act"' in m]
    assert sent, f"Space on {bid} sent nothing"

    assert _turn_with(player, "#hand button.card.legal"), "no card to play"
    assert _tab_reaches(page, "#hand button.card.legal") == set()
    _focus_by_tab(page, "#hand button.card.legal")
    card = page.evaluate("() => document.activeElement.dataset.card")
    before = player.version()
    page.keyboard.press("Enter")
    player.wait_moved(before)
    played = [m for m in player.sent if f'"play":"{card}"' in m.replace(" ", "")]
    assert played, f"Enter on {card} played nothing"
