"""The tournament desk's pages in Chromium, as a director, a judge and a projected board.

- ``test_desk_pages_and_their_modules_are_served``: every desk page and every module it imports.
- ``test_director_runs_a_knockout_a_judge_confirms_a_hand_and_the_board_follows``: the director
  creates a 4-entrant knockout in the browser, pastes the entrants, makes a judge's PIN and seats
  the round with bots in every seat. The public board, open all along and never reloaded, shows
  the table, then its result; a judge opens the console with a wrong PIN (refused, in words), then
  with the right one, and confirms a hand; every text of the three pages has AA contrast; the
  director closes the round and the board shows the champion. No page shows a script error.
- ``test_rule_35_judge_enters_and_confirms_a_physical_tables_hand_and_the_sheets_print``: the
  director seats a round at physical tables; a judge enters table 1's first hand as written on its
  score sheet and confirms it with the PIN (seed 000 tournament rule 35), and the director sees the
  judge's initials on it; the director's "Print" opens the round's score sheets and table cards,
  which print to PDF in Chromium with the table's players on them.
- ``test_director_finds_his_events_in_this_browser_and_archives_one``: events created in this
  browser are listed on /desk (and only these: another browser's list is empty); the director opens
  one from the list, archives it, and the list says so.
- ``test_a_hand_ended_by_a_misplay_ruling_names_the_ruling_in_the_summary``: an entrant plays at
  the browser table through the director's invite link; the director rules an uncorrectable misplay
  (seed 000 tournament rules 36-37) and the entrant's end-of-hand summary names the ruling.
- ``test_a_closed_tables_page_offers_no_action``: a table the desk closes (the event archived) shows
  its last state with no bid, card or hint to click.
- ``test_the_judges_clock_stopped_tick_stays_when_the_console_redraws``: the "match clock stopped"
  box a judge ticked stays ticked across the console's redraws.
- ``test_seed_004_a_judge_rules_table_talk_at_a_euchre_table_from_the_console``: the console of a
  Euchre event offers seed 004's misconduct; table talk forfeits the hand, the director sees it;
  the dealer's failing to offer the cut passes the deal, and the console says so.
"""

from __future__ import annotations

import io
import re
from typing import Any

from playwright.sync_api import Browser, Page

from tests.server.client import http, ok
from tests.server.conftest import Server
from tests.server.desk_client import Event
from tests.web.driver import LOW_CONTRAST_JS, Player

#: the longest wait for a page (bots play the whole game meanwhile)
WAIT_MS = 90_000


def test_desk_pages_and_their_modules_are_served(web_server: Server) -> None:
    for path in ("/desk", "/desk/x", "/desk/x/director", "/desk/x/judge"):
        page = http(web_server.base, "GET", path)
        assert page.status == 200 and page.text.startswith("<!doctype html>"), path
        for asset in re.findall(r'(?:src|href)="(/(?:desk-)?static/[^"]+)"', page.text):
            got = http(web_server.base, "GET", asset)
            assert got.status == 200, asset
            for module in re.findall(r'from "\./([^"]+)"', got.text):
                assert http(web_server.base, "GET", f"/desk-static/{module}").status == 200, module
    assert http(web_server.base, "GET", "/desk-static/../desk.py").status == 404


def watch_errors(page: Page, errors: list[str]) -> Page:
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


def judge_console(page: Page, base: str, event_id: str, pin: str, errors: list[str]) -> Page:
    """The judges' console of the event, opened with the judge's PIN."""
    watch_errors(page, errors)
    page.goto(f"{base}/desk/{event_id}/judge")
    page.fill("#pin", pin)
    page.click("#login-form button[type=submit]")
    return page


def test_director_runs_a_knockout_a_judge_confirms_a_hand_and_the_board_follows(
        browser: Browser, web_server: Server) -> None:
    errors: list[str] = []
    director = watch_errors(browser.new_page(), errors)
    director.goto(web_server.base + "/desk")
    director.select_option("#format", "knockout")
    director.click("#create button[type=submit]")
    director.wait_for_selector("#created:not([hidden])", timeout=WAIT_MS)
    password = director.input_value("#password")
    link = director.get_attribute("#director-link", "href")
    assert link is not None and password in link
    event_id = link.split("/desk/")[1].split("/")[0]

    director.click("#director-link")
    director.wait_for_selector("#console:not([hidden])", timeout=WAIT_MS)
    assert "#key=" not in director.url  # the password leaves the address bar
    director.fill("#csv", "name\nAnn\nBob\nCy\nDee\n")
    director.click("#add-form button[type=submit]")
    director.wait_for_function("() => document.querySelector('#entrant-list').textContent.includes('Dee')",
                               timeout=WAIT_MS)
    director.fill("#judge-name", "Judy")
    director.click("#judge-form button[type=submit]")
    pin = director.wait_for_selector("#pin-value", timeout=WAIT_MS).inner_text()  # type: ignore[union-attr]

    board = watch_errors(browser.new_page(), errors)
    board.goto(f"{web_server.base}/desk/{event_id}")
    board.wait_for_function("() => document.body.dataset.status === 'entry'", timeout=WAIT_MS)
    assert "Ann" in board.inner_text("body")

    director.wait_for_function("() => document.querySelectorAll('#seat-bot option').length > 1",
                               timeout=WAIT_MS)
    director.select_option("#seat-bot", "heuristic")
    director.click("#seat")
    board.wait_for_selector("article.desk-table[data-table='1']", timeout=WAIT_MS)
    board.wait_for_selector("article.desk-table[data-done='yes']", timeout=WAIT_MS)
    assert "won" in board.inner_text("article.desk-table")

    judge = watch_errors(browser.new_page(), errors)
    judge.goto(f"{web_server.base}/desk/{event_id}/judge")
    judge.fill("#pin", "0" if pin != "0" else "1")
    judge.click("#login-form button[type=submit]")
    judge.wait_for_function("() => document.querySelector('#login-error').textContent.includes('wrong')",
                            timeout=WAIT_MS)
    judge.fill("#pin", pin)
    judge.click("#login-form button[type=submit]")
    judge.wait_for_selector("button.confirm[data-hand='1']", timeout=WAIT_MS)
    judge.click("button.confirm[data-hand='1']")
    judge.wait_for_function("() => document.querySelector('tr[data-hand=\"1\"]').textContent"
                            ".includes('confirmed by Judy')", timeout=WAIT_MS)

    for page in (director, judge, board):  # every text of the three pages, AA contrast
        assert page.evaluate(LOW_CONTRAST_JS, 4.5) == [], page.url
    director.click("#advance")
    board.wait_for_function("() => document.body.dataset.status === 'finished'", timeout=WAIT_MS)
    champion = board.inner_text("#title")
    assert champion.startswith("Champion: ") and champion[len("Champion: "):] in ("Ann", "Bob", "Cy", "Dee")
    assert ok(Event(web_server.base, event_id, password).get("export"))["champion"] == champion[10:]
    assert not errors, errors


def darrtown_seat_for_ann(base: str) -> tuple[Event, dict[str, Any]]:
    """A Darrtown event seated with bots but for Ann, and the invite link of her seat."""
    event = Event.create(base, format="darrtown")
    ok(event.post("entrants", {"csv": "Ann\nBob\nCy\nDee\n"}))
    ok(event.post("seat", {"bots": {n: "heuristic" for n in ("Bob", "Cy", "Dee")}}))
    (link,) = [x for t in ok(event.get("director"))["round"]["tables"] for x in t["links"]]
    return event, link


def test_a_hand_ended_by_a_misplay_ruling_names_the_ruling_in_the_summary(
        browser: Browser, web_server: Server) -> None:
    event, link = darrtown_seat_for_ann(web_server.base)
    context = browser.new_context()
    try:
        ann = Player(context.new_page())
        ann.join(link["link"], "Ann")
        ruled = ok(event.post("rulings", {"table": 1, "seat": link["seat"], "correctable": False}))
        assert ruled["hand_ended"], ruled
        ann.page.wait_for_selector("dialog#summary[open]", timeout=WAIT_MS)
        made = ann.page.inner_text("dialog#summary p.made")
        assert "ruling ended the hand: misplay" in made and "No bid" not in made, made
        assert not ann.errors, ann.errors
    finally:
        context.close()


def test_rule_35_judge_enters_and_confirms_a_physical_tables_hand_and_the_sheets_print(
        browser: Browser, web_server: Server) -> None:
    from pypdf import PdfReader

    event = Event.create(web_server.base, format="knockout")
    pin = ok(event.post("judges", {"name": "Judy Day"}), 201)["pin"]
    ok(event.post("entrants", {"csv": "Ann\nBob\nCy\nDee\n"}))
    errors: list[str] = []
    context = browser.new_context()
    try:
        director = watch_errors(context.new_page(), errors)
        director.goto(f"{web_server.base}/desk/{event.id}/director#key={event.password}")
        director.wait_for_selector("#console:not([hidden])", timeout=WAIT_MS)
        director.select_option("#seat-bot", "physical")
        director.click("#seat")
        director.wait_for_selector("article.desk-table[data-table='1'] .sheet", timeout=WAIT_MS)

        judge = judge_console(context.new_page(), web_server.base, event.id, pin, errors)
        judge.wait_for_selector("#sheet-form", timeout=WAIT_MS)
        written = {"#sheet-table": "1", "#sheet-dealer": "3", "#sheet-bids": "2,pass,pass,pass",
                   "#sheet-awards": "high=0:AS low=1 jack=0 game=0", "#sheet-points": "20,5,0,90"}
        for field, value in written.items():
            judge.fill(field, value)
        judge.select_option("#sheet-trump", "S")
        judge.click("#sheet-form button[type=submit]")  # card points beyond the deck's: refused
        judge.wait_for_function("() => document.querySelector('#notice').textContent.includes('80')",
                                timeout=WAIT_MS)
        judge.fill("#sheet-points", "20,5,0,0")
        judge.click("#sheet-form button[type=submit]")
        judge.wait_for_selector("button.confirm-sheet[data-table='1']", timeout=WAIT_MS)
        assert "seat 0 bid 2 (made)" in judge.inner_text("[data-table='1'] .sheet-hands")
        judge.click("button.confirm-sheet[data-table='1']")
        judge.wait_for_function("() => (document.querySelector('[data-table=\"1\"] .sheet-hands') || {})"
                                ".textContent?.includes('confirmed by JD')", timeout=WAIT_MS)
        director.wait_for_function("() => document.querySelector('[data-table=\"1\"] .sheet-hands')"
                                   "?.textContent.includes('confirmed by JD')", timeout=WAIT_MS)

        with context.expect_page(timeout=WAIT_MS) as opened:
            director.click("#print-sheets")
        sheets = opened.value
        sheets.wait_for_load_state()
        pdf = PdfReader(io.BytesIO(sheets.pdf(prefer_css_page_size=True)))
        text = " ".join(page.extract_text() for page in pdf.pages)
        assert len(pdf.pages) == 2  # the table card, then the score sheet
        assert all(name in text for name in ("Ann", "Bob", "Cy", "Dee")), text[:300]
        assert not errors, errors
    finally:
        context.close()


def test_director_finds_his_events_in_this_browser_and_archives_one(
        browser: Browser, web_server: Server) -> None:
    errors: list[str] = []
    context, stranger = browser.new_context(), browser.new_context()
    try:
        page = watch_errors(context.new_page(), errors)
        for fmt in ("knockout", "darrtown"):
            page.goto(web_server.base + "/desk")
            page.select_option("#format", fmt)
            page.click("#create button[type=submit]")
            page.wait_for_selector("#created:not([hidden])", timeout=WAIT_MS)
        page.goto(web_server.base + "/desk")
        page.wait_for_selector("#mine-list li:nth-child(2)", timeout=WAIT_MS)
        assert page.inner_text("#mine-list li:first-child").startswith("darrtown")
        other = watch_errors(stranger.new_page(), errors)
        other.goto(web_server.base + "/desk")
        other.wait_for_function("() => document.querySelector('#mine').textContent.includes('None yet')",
                                timeout=WAIT_MS)

        page.click("#mine-list li:first-child a")
        page.wait_for_selector("#console:not([hidden])", timeout=WAIT_MS)
        page.click("#archive")
        page.wait_for_selector("body[data-archived='yes']", timeout=WAIT_MS)
        page.fill("#judge-name", "Judy")
        page.click("#judge-form button[type=submit]")
        page.wait_for_function("() => document.querySelector('#notice').textContent.includes('archived')",
                               timeout=WAIT_MS)
        page.goto(web_server.base + "/desk")
        page.wait_for_selector("#mine-list li[data-archived='yes']", timeout=WAIT_MS)
        assert "archived" in page.inner_text("#mine-list li:first-child")
        assert page.evaluate(LOW_CONTRAST_JS, 4.5) == []
        assert not errors, errors
    finally:
        context.close()
        stranger.close()


def test_a_closed_tables_page_offers_no_action(browser: Browser, web_server: Server) -> None:
    """A table the desk closes (here by archiving the event) keeps its last state on the page, with no
    bid, card or hint left to click."""
    event, link = darrtown_seat_for_ann(web_server.base)
    context = browser.new_context()
    try:
        ann = Player(context.new_page())
        ann.join(link["link"], "Ann")
        assert ann.wait_turn_or_summary() == "turn"
        offered = ann.choices()
        assert offered["acts"] or offered["legal"], offered
        ok(event.post("archive", {"archived": True}))
        ann.page.wait_for_selector("body[data-status='closed']", timeout=WAIT_MS)
        ann.page.wait_for_function("() => document.querySelector('#notice').textContent.includes('closed')",
                                   timeout=WAIT_MS)
        left = ann.choices()
        assert left["acts"] == [] and left["legal"] == [] and not ann.my_turn(), left
        assert ann.page.is_disabled("#hint-btn")
        assert not ann.errors, ann.errors
    finally:
        context.close()


def redrawn(page: Page) -> None:
    """Wait until the console draws its tables again (the marked element is replaced)."""
    page.evaluate("() => { document.querySelector('#tables section').dataset.drawn = 'before'; }")
    page.wait_for_function("() => !document.querySelector('#tables section[data-drawn]')", timeout=WAIT_MS)


def test_the_judges_clock_stopped_tick_stays_when_the_console_redraws(
        browser: Browser, web_server: Server) -> None:
    """The judges' console redraws every two seconds; the "match clock stopped this game" box a judge
    ticked before confirming a physical table's hand stays ticked."""
    event = Event.create(web_server.base, format="knockout")
    pin = ok(event.post("judges", {"name": "Judy Day"}), 201)["pin"]
    ok(event.post("entrants", {"csv": "Ann\nBob\nCy\nDee\n"}))
    ok(event.post("seat", {"physical": True}))
    hand = {"dealer": 3, "bids": "2,pass,pass,pass", "trump": "S", "awards": "high=0:AS low=1 jack=0 game=0",
            "points": "20,5,0,0"}
    ok(event.post("tables/1/sheet", hand, secret=pin))
    errors: list[str] = []
    context = browser.new_context()
    try:
        judge = judge_console(context.new_page(), web_server.base, event.id, pin, errors)
        box = "input.stopped[data-table='1']"
        judge.wait_for_selector(box, timeout=WAIT_MS)
        judge.check(box)
        redrawn(judge)
        assert judge.is_checked(box)
        judge.uncheck(box)
        redrawn(judge)
        assert not judge.is_checked(box)
        assert not errors, errors
    finally:
        context.close()


#: seed 004's misconduct that passes the deal rather than scoring
CUT = "failing to offer the cut"


def test_seed_004_a_judge_rules_table_talk_at_a_euchre_table_from_the_console(
        browser: Browser, web_server: Server) -> None:
    """The judges' console of a Euchre event offers seed 004's misconduct rulings and no misplay (it
    would sit a seat out of Euchre's four); table talk recorded
    there forfeits the hand in progress (4 points to the other team) and the director sees the ruling
    with its score change; failing to offer the cut is offered and told as the deal passing to the
    next seat, with no score."""
    event = Event.create(web_server.base, format="knockout", preset="euchre")
    pin = ok(event.post("judges", {"name": "Judy"}), 201)["pin"]
    ok(event.post("entrants", {"csv": "Ann,Bea\nCy,Dee\n"}))
    ok(event.post("seat", {"bots": {event.board()["entrants"][1]: "heuristic"}}))
    event.join_every_open_seat()
    errors: list[str] = []
    context = browser.new_context()
    try:
        judge = judge_console(context.new_page(), web_server.base, event.id, pin, errors)
        judge.wait_for_selector("#ruling-kind option[value='table talk']", state="attached", timeout=WAIT_MS)
        offered = judge.eval_on_selector_all("#ruling-kind option:not([disabled])",
                                             "options => options.map(o => o.value)")
        # no misplay: it sits a seat out
        assert offered == ["renege", "table talk", "dealing out of turn", "failing to offer the cut"]
        words = dict(judge.eval_on_selector_all("#ruling-kind option.misconduct",
                                                "options => options.map(o => [o.value, o.textContent])"))
        assert words["table talk"] == "table talk: the hand is forfeited, the other team receives 4 points"
        assert words[CUT] == f"{CUT}: the hand is not scored and the deal passes to the next seat", words

        def record(seat: int, kind: str) -> str:
            """The notice after recording the ruling ``kind`` against ``seat`` at table 1."""
            judge.evaluate("() => { document.querySelector('#notice').textContent = ''; }")
            judge.fill("#ruling-table", "1")
            judge.fill("#ruling-seat", str(seat))
            judge.select_option("#ruling-kind", kind)
            judge.click("#ruling-form button[type=submit]")
            judge.wait_for_function("() => document.querySelector('#notice').textContent !== ''",
                                    timeout=WAIT_MS)
            return judge.inner_text("#notice")

        said = record(1, "table talk")
        assert "the hand is forfeited (+4, +0, +4, +0)" in said, said
        said = record(1, CUT)  # refused unless seat 1 deals: the refusal names the dealer
        dealer = re.search(r"the dealer \(seat (\d)\)", said)
        if dealer:
            said = record(int(dealer.group(1)), CUT)
        assert re.fullmatch(f"{CUT} by [^:]+: the hand is not scored and the deal passes to the next seat",
                            said), said
        director = watch_errors(context.new_page(), errors)
        director.goto(f"{web_server.base}/desk/{event.id}/director#key={event.password}")
        director.wait_for_function("() => document.querySelector('#rulings').textContent"
                                   ".includes('table talk')", timeout=WAIT_MS)
        assert "table talk: +4, +0, +4, +0" in director.inner_text("#rulings")
        # the hand as the printed score sheet numbers it: the record's first hand (index 0) is hand 1
        assert re.search(r"Round 1, table 1, hand [1-9]\d*: ", director.inner_text("#rulings"))
        director.wait_for_function("() => document.querySelector('#rulings').textContent"
                                   f".includes('{CUT}')", timeout=WAIT_MS)
        assert not errors, errors
    finally:
        context.close()
