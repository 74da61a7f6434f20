"""What a player sees of the card table, measured in Chromium: where the seats sit round the felt
(the viewer at the bottom, the partner across, the next seat to play on the left; a spectator sees
seat 0 at the bottom; nine seats fit without overlapping on a wide screen and on a phone), what
each seat shows (its kind, its cards, the dealer's chip, the ring of the seat to act), where a
played card lies (in front of its seat), how it lands (it flies in, unless motion is reduced), the
last trick shown again on demand, the turn's cues (the tab's title, a sound that can be muted and
stays muted) and a phone's first screen on the person's turn (every card and bid in view).

Some pages are real tables whose bots play on the server; others are real tables joined by invite
whose websockets are answered by the test (:class:`~tests.web.driver.AnsweredTable`), so that the
trick on the table is exactly the one described.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.server.client import http, ok
from tests.server.conftest import Server
from tests.web.driver import WAIT_MS, AnsweredTable, Player, create_table, on_turn_among_bots

BOT = {"bot": "heuristic"}


@dataclass(frozen=True)
class Box:
    """An element's rectangle on screen, in CSS pixels of the viewport."""

    left: float
    top: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.left + self.width

    @property
    def bottom(self) -> float:
        return self.top + self.height

    @property
    def cx(self) -> float:
        return self.left + self.width / 2

    @property
    def cy(self) -> float:
        return self.top + self.height / 2

    def overlaps(self, other: Box) -> bool:
        """True when the two rectangles share some area (touching edges do not count)."""
        return (min(self.right, other.right) - max(self.left, other.left) > 0.5
                and min(self.bottom, other.bottom) - max(self.top, other.top) > 0.5)

    def inside(self, other: Box) -> bool:
        """True when this rectangle lies entirely within ``other``."""
        return (self.left >= other.left - 0.5 and self.top >= other.top - 0.5
                and self.right <= other.right + 0.5 and self.bottom <= other.bottom + 0.5)

    def distance(self, other: Box) -> float:
        """The distance between the two centres."""
        return math.hypot(self.cx - other.cx, self.cy - other.cy)


#: every element matching each selector (by its data attribute, else its index) as [left, top, width,
#: height]; all in one go, so that no change of the layout falls between two of them
MEASURE_JS = """(groups) => Object.fromEntries(Object.entries(groups).map(([name, [selector, key]]) =>
    [name, Object.fromEntries([...document.querySelectorAll(selector)].map((e, i) => {
        const r = e.getBoundingClientRect();
        const k = key && e.dataset[key] !== undefined ? e.dataset[key] : String(i);
        return [k, [r.left, r.top, r.width, r.height]];
    }))]))"""
#: the felt and the seats on it
TABLE = {"felt": ("#felt", ""), "seats": ("#seats .seat", "seat")}


def _measure(page: Page, groups: dict[str, tuple[str, str]]) -> dict[str, dict[str, Box]]:
    """The rectangles of the elements of each group, by the group's name and each element's key."""
    found: dict[str, dict[str, list[float]]] = page.evaluate(MEASURE_JS, groups)
    return {name: {k: Box(*r) for k, r in rects.items()} for name, rects in found.items()}


def _table_boxes(page: Page) -> tuple[Box, dict[int, Box]]:
    """The felt and each seat's box by its number."""
    got = _measure(page, TABLE)
    return got["felt"]["0"], {int(k): b for k, b in got["seats"].items()}


def _last_state(player: Player, ready: Callable[[dict[str, Any]], bool] = lambda s: True) -> dict[str, Any]:
    """The state of the newest frame the page received, once it is one ``ready`` accepts (frames are
    reported to the test as events of their own, which may come after the page drew them)."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while True:
        for raw in reversed(player.received):
            message = json.loads(raw)
            if message.get("type") in ("snapshot", "update") and message.get("state"):
                state: dict[str, Any] = message["state"]
                if ready(state):
                    return state
                break
        assert time.monotonic() < deadline, "the page received no state as expected"
        player.page.wait_for_timeout(20)


# -- tables answered by the test ------------------------------------------------------------------

def _answered_table(server: Server, variant: str, players: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """A real table (seat 0 by invite, bots elsewhere) and its public part as a started table."""
    made = create_table(server.base, variant, [{"human": True}, *[BOT] * (players - 1)])
    table: dict[str, Any] = ok(http(server.base, "GET", f"/api/tables/{made['id']}"))
    seats = list(table["seats"])
    seats[0] = {"seat": 0, "kind": "human", "name": "Ann", "connected": True, "standin": False}
    return made, {**table, "seats": seats, "status": "playing", "hand": 1}


def _play_state(players: int, *, dealer: int, to_act: int, hand: list[str], trick: list[list[Any]],
                tricks: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Seat 0's view in the play of a hand: seat ``dealer`` dealt, the seat after it bid 2 in spades
    and everyone else passed; ``tricks`` finished and ``trick`` on the table."""
    done = tricks or []
    pitcher = (dealer + 1) % players
    order = [(pitcher + k) % players for k in range(players)]
    bids: list[list[Any]] = [[s, 2 if s == pitcher else "pass"] for s in order]
    plays = [{"seat": s, "play": c} for t in done for s, c in t["plays"]]
    plays += [{"seat": s, "play": c} for s, c in trick]
    played = [sum(1 for p in plays if p["seat"] == s) for s in range(players)]
    return {
        "dealer": dealer, "seats": list(range(players)), "phase": "play", "to_act": to_act,
        "hand_sizes": [6 - played[s] for s in range(players)], "discard_counts": [0] * players,
        "stock_size": 0, "bids": bids, "ran": False, "pitcher": pitcher, "bid": 2, "trump": "S",
        "upcard": None, "trick": trick, "tricks": done, "scores_before": [0] * players,
        "log": [{"seat": s, "bid": b} for s, b in bids] + plays, "draws": [], "seat": 0, "hand": hand,
        "discards": [], "passed": [], "received": [],
        "legal": [{"play": c} for c in hand] if to_act == 0 else []}


def _message(kind: str, version: int, table: dict[str, Any], state: dict[str, Any],
             acted: list[list[Any]] | None = None) -> dict[str, Any]:
    """A snapshot or update for seat 0; ``acted``: the plays (seat, card) it tells of."""
    events = [{"seq": version, "kind": "action", "action": {"seat": s, "play": c}} for s, c in acted or []]
    return {"type": kind, "version": version, "seat": 0, "table": {**table, "version": version},
            "state": state, "events": events}


def _open_answered(page: Page, made: dict[str, Any], first: dict[str, Any],
                   answer: Callable[[dict[str, Any]], list[dict[str, Any]]] | None = None,
                   ) -> tuple[Player, AnsweredTable]:
    """Seat 0's page joined by invite, its websocket answered with ``first`` and then ``answer``."""
    player = Player(page)
    answered = AnsweredTable(page, first, answer)
    player.join(made["invites"][0]["link"], "Ann")
    return player, answered


def _settled(page: Page, count: int) -> None:
    """Wait until ``count`` cards lie on the table and none of them moves any more."""
    page.wait_for_function("""n => { const f = [...document.querySelectorAll('#trick figure.played')];
        return f.length === n && f.every(e => e.getAnimations().length === 0); }""",
                           arg=count, timeout=WAIT_MS)


def _at_version(page: Page, version: int) -> None:
    """Wait until the page has drawn the table's ``version``."""
    page.wait_for_function("v => Number(document.body.dataset.version) === v", arg=version, timeout=WAIT_MS)


# -- seats round the table -----------------------------------------------------------------------

def test_the_viewer_sits_at_the_bottom_the_partner_across_and_the_next_seat_on_the_left(
        web_server: Server, context: BrowserContext) -> None:
    made = create_table(web_server.base, "auction-partners", [{"human": True}, BOT, BOT, BOT])
    player = Player(context.new_page())
    player.join(made["invites"][0]["link"], "Ann")
    page = player.page
    felt, seats = _table_boxes(page)
    assert sorted(seats) == [0, 1, 2, 3]
    assert page.eval_on_selector_all("#seats .seat.mine", "els => els.map(e => e.dataset.seat)") == ["0"]
    mine, partner, left, right = seats[0], seats[2], seats[1], seats[3]
    # the viewer at the bottom centre, the partner at the top centre
    assert abs(mine.cx - felt.cx) < 0.05 * felt.width and mine.cy > felt.cy + 0.25 * felt.height, (mine, felt)
    assert abs(partner.cx - felt.cx) < 0.05 * felt.width and partner.cy < felt.cy - 0.25 * felt.height
    # the next seat to play on the left, the last on the right, both about halfway down
    assert left.cx < felt.cx - 0.25 * felt.width and abs(left.cy - felt.cy) < 0.1 * felt.height, (left, felt)
    assert right.cx > felt.cx + 0.25 * felt.width and abs(right.cy - felt.cy) < 0.1 * felt.height
    assert mine.top > max(left.bottom, right.bottom) and partner.bottom < min(left.top, right.top)
    assert all(box.inside(felt) for box in seats.values()), (seats, felt)
    assert not player.errors, player.errors


def test_a_spectator_sees_seat_0_at_the_bottom(web_server: Server, context: BrowserContext) -> None:
    made = create_table(web_server.base, "ten-point", [BOT] * 4, public=True)
    page = context.new_page()
    page.goto(f"{web_server.base}/t/{made['id']}?pace=fast")
    page.wait_for_selector("body[data-version]")
    assert page.locator("#seats .seat.mine").count() == 0
    felt, seats = _table_boxes(page)
    assert sorted(seats) == [0, 1, 2, 3]
    assert abs(seats[0].cx - felt.cx) < 0.05 * felt.width
    assert seats[0].cy == max(b.cy for b in seats.values()) and seats[0].cy > felt.cy + 0.25 * felt.height
    assert seats[2].cy == min(b.cy for b in seats.values())
    assert seats[1].cx < felt.cx < seats[3].cx


@pytest.mark.parametrize(("width", "height"), [(1100, 850), (360, 740)])
def test_nine_seats_neither_overlap_nor_leave_the_felt(web_server: Server, browser: Browser,
                                                       width: int, height: int) -> None:
    made = create_table(web_server.base, "seven-point", [{"human": True}, *[BOT] * 8], players=9)
    phone = width < 760
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=phone,
                                  has_touch=phone)
    context.set_default_timeout(WAIT_MS)
    try:
        player = Player(context.new_page())
        player.join(made["invites"][0]["link"], "Ann")
        assert player.wait_turn_or_summary() == "turn"
        page = player.page
        felt, seats = _table_boxes(page)
        assert sorted(seats) == list(range(9))
        outside = {s: b for s, b in seats.items() if not b.inside(felt)}
        assert not outside, f"seats beyond the felt {felt}: {outside}"
        overlapping = [(a, b) for a in seats for b in seats if a < b and seats[a].overlaps(seats[b])]
        assert not overlapping, f"seats that overlap: {overlapping} ({seats})"
        assert seats[0].cy == max(b.cy for b in seats.values())
        assert not player.errors, player.errors
    finally:
        context.close()


def test_each_seat_shows_its_kind_its_cards_the_dealer_chip_and_the_turn_ring(
        web_server: Server, context: BrowserContext) -> None:
    made = create_table(web_server.base, "auction-partners", [{"human": True}, BOT, BOT, BOT])
    player = Player(context.new_page())
    player.join(made["invites"][0]["link"], "Ann")
    assert player.wait_turn_or_summary() == "turn"
    page = player.page
    state = _last_state(player, lambda s: s["to_act"] == 0)
    shown: list[dict[str, Any]] = page.eval_on_selector_all("#seats .seat", """els => els.map(e => ({
        seat: Number(e.dataset.seat), who: e.querySelector('.who').textContent,
        kind: (e.querySelector('.m-kind') || {}).textContent || '',
        cards: e.querySelector('.m-cards').textContent,
        chip: e.querySelectorAll('.chip').length, turn: e.classList.contains('turn'),
        ring: getComputedStyle(e).boxShadow }))""")
    assert [s["seat"] for s in sorted(shown, key=lambda s: s["seat"])] == [0, 1, 2, 3]
    for seat in shown:
        s = seat["seat"]
        if s == 0:
            assert seat["who"].endswith("You") and seat["kind"] == ""
        else:
            assert seat["who"] == f"Bot {s + 1}" and seat["kind"] == "heuristic bot", seat
        count = state["hand_sizes"][s]
        assert seat["cards"] == f"{count} card{'' if count == 1 else 's'}", (seat, state["hand_sizes"])
        assert seat["chip"] == (1 if s == state["dealer"] else 0), (seat, state["dealer"])
        assert seat["turn"] == (s == state["to_act"]), (seat, state["to_act"])
        assert (seat["ring"] != "none") == (s == state["to_act"]), seat
    got = _measure(page, {**TABLE, "chip": ("#seats .chip", "")})
    chip, dealer_box = got["chip"]["0"], got["seats"][str(state["dealer"])]
    assert chip.overlaps(dealer_box), (chip, dealer_box)
    assert not player.errors, player.errors


# -- cards on the table ----------------------------------------------------------------------------

#: tables and screens where the cards are checked: four seats on a laptop's and a wide screen, six,
#: nine on a wide screen and on a phone
TRICKS = [("auction-partners", 4, 1100, 850), ("auction-partners", 4, 1440, 900), ("pct", 6, 1100, 850),
          ("seven-point", 9, 1100, 850), ("seven-point", 9, 360, 740)]


@pytest.mark.parametrize(("variant", "players", "width", "height"), TRICKS)
def test_a_played_card_lies_in_front_of_the_seat_that_played_it(
        web_server: Server, browser: Browser, variant: str, players: int, width: int, height: int) -> None:
    made, table = _answered_table(web_server, variant, players)
    # seat 2 led and every seat but the viewer's left one (seat 1, to act) has played
    cards = ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S"]
    trick = [[(2 + k) % players, cards[k]] for k in range(players - 1)]
    to_act, dealer = 1, 3
    state = _play_state(players, dealer=dealer, to_act=to_act, hand=["2H", "3H", "4H"], trick=trick)
    phone = width < 760
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=phone,
                                  has_touch=phone)
    context.set_default_timeout(WAIT_MS)
    try:
        _check_trick(context.new_page(), made, _message("snapshot", table["version"], table, state))
    finally:
        context.close()


def _check_trick(page: Page, made: dict[str, Any], first: dict[str, Any]) -> None:
    """Each card of ``first``'s trick lies nearer its seat than any other seat, between its seat and the
    middle; the turn ring and the dealer's chip are where ``first`` says."""
    player, _ = _open_answered(page, made, first)
    state = first["state"]
    trick, to_act, dealer = state["trick"], state["to_act"], state["dealer"]
    _settled(page, len(trick))
    got = _measure(page, {**TABLE, "played": ("#trick figure.played", "seat")})
    felt, played = got["felt"]["0"], got["played"]
    seats = {int(k): b for k, b in got["seats"].items()}
    assert sorted(played) == sorted(str(s) for s, _ in trick)
    for key, card in played.items():
        nearest = min(seats, key=lambda s: card.distance(seats[s]))
        assert nearest == int(key), f"seat {key}'s card {card} lies nearest to seat {nearest}: {seats}"
        # between its seat and the middle of the table
        assert card.distance(felt) < seats[int(key)].distance(felt)
    turn = page.eval_on_selector_all("#seats .seat.turn", "els => els.map(e => e.dataset.seat)")
    chips = page.eval_on_selector_all("#seats .chip", "els => els.map(e => e.closest('.seat').dataset.seat)")
    assert turn == [str(to_act)] and chips == [str(dealer)], (turn, chips)
    assert not player.errors, player.errors


def _land_a_card(web_server: Server, context: BrowserContext) -> tuple[Player, dict[str, Any]]:
    """Seat 1 led the ace of spades; then seat 2's king lands. How each card was drawn at that moment
    (classes, running animations, rectangle), how the ace lay before, and each seat's box."""
    made, table = _answered_table(web_server, "auction-partners", 4)
    hand = ["2H", "3H", "4H", "5H", "6H", "7H"]
    first = _play_state(4, dealer=0, to_act=2, hand=hand, trick=[[1, "AS"]])
    page = context.new_page()
    player, answered = _open_answered(page, made, _message("snapshot", table["version"], table, first))
    _settled(page, 1)
    page.evaluate("""() => {
        const rect = (e) => {
            const r = e.getBoundingClientRect();
            return [r.left, r.top, r.width, r.height]; };
        const seat = (f) => rect(document.querySelector(`#seats .seat[data-seat="${f.dataset.seat}"]`));
        const ace = document.querySelector('#trick figure[data-played="AS"]');
        window.before = {at: rect(ace), seat: seat(ace)};
        window.landed = {};
        new MutationObserver(() => {
            for (const f of document.querySelectorAll('#trick figure.played')) {
                if (f.dataset.played in window.landed) continue;
                const names = f.getAnimations().map(a => a.animationName);
                window.landed[f.dataset.played] = {cls: [...f.classList], names, at: rect(f), seat: seat(f)};
            }
        }).observe(document.getElementById('trick'), {childList: true, subtree: true}); }""")
    later = _play_state(4, dealer=0, to_act=3, hand=hand, trick=[[1, "AS"], [2, "KS"]])
    answered.send(_message("update", table["version"] + 1, table, later, acted=[[2, "KS"]]))
    page.wait_for_function("() => window.landed.KS && window.landed.AS", timeout=WAIT_MS)
    seen: dict[str, Any] = page.evaluate("() => ({...window.landed, before: window.before})")
    seen["computed"] = page.eval_on_selector('#trick figure[data-played="KS"]',
                                             "e => getComputedStyle(e).animationName")
    _settled(page, 2)
    seen["settled"] = page.evaluate("""() => {
        const rect = (e) => {
            const r = e.getBoundingClientRect();
            return [r.left, r.top, r.width, r.height]; };
        return {at: rect(document.querySelector('#trick figure[data-played="KS"]')),
                seat: rect(document.querySelector('#seats .seat[data-seat="2"]'))}; }""")
    return player, seen


def _from_seat(drawn: dict[str, Any]) -> tuple[float, float]:
    """Where a card was drawn, from the centre of its seat's box (the page may move as a whole)."""
    card, seat = Box(*drawn["at"]), Box(*drawn["seat"])
    return card.cx - seat.cx, card.cy - seat.cy


def test_a_card_that_lands_flies_in_from_its_seat(web_server: Server, context: BrowserContext) -> None:
    player, seen = _land_a_card(web_server, context)
    king, ace = seen["KS"], seen["AS"]
    assert "fly" in king["cls"] and "fly" in king["names"], king
    assert seen["computed"] == "fly"
    # it sets off from the middle of seat 2's box and ends in front of it
    assert all(abs(d) < 2 for d in _from_seat(king)), king
    assert math.hypot(*_from_seat(seen["settled"])) > 40, seen["settled"]
    # the card already on the table neither flies again nor moves
    assert "fly" not in ace["cls"] and ace["names"] == [], ace
    assert _from_seat(ace) == _from_seat(seen["before"]), (ace, seen["before"])
    assert not player.errors, player.errors


def test_with_reduced_motion_a_card_lands_without_moving(web_server: Server, browser: Browser) -> None:
    calm = browser.new_context(viewport={"width": 1100, "height": 850}, reduced_motion="reduce")
    calm.set_default_timeout(WAIT_MS)
    try:
        player, seen = _land_a_card(web_server, calm)
        assert seen["KS"]["names"] == [] and seen["computed"] == "none", seen
        assert _from_seat(seen["KS"]) == _from_seat(seen["settled"]), "the card moved as it landed"
        assert _from_seat(seen["AS"]) == _from_seat(seen["before"]), seen
        assert not player.errors, player.errors
    finally:
        calm.close()


# -- the last trick --------------------------------------------------------------------------------

def test_the_last_trick_can_be_shown_again_until_the_next_trick_closes(
        web_server: Server, context: BrowserContext) -> None:
    made, table = _answered_table(web_server, "auction-partners", 4)
    hand = ["2H", "3H", "4H", "5H", "6H"]
    first_trick: dict[str, Any] = {"plays": [[1, "AS"], [2, "KS"], [3, "QS"], [0, "7H"]], "winner": 1}
    second_trick: dict[str, Any] = {"plays": [[1, "JS"], [2, "TS"], [3, "9S"], [0, "6H"]], "winner": 1}
    version = int(table["version"])
    playing = _play_state(4, dealer=0, to_act=0, hand=[*hand, "7H"], trick=first_trick["plays"][:3])
    page = context.new_page()
    player, answered = _open_answered(page, made, _message("snapshot", version, table, playing))
    button = page.locator("#last-trick-btn")
    _settled(page, 3)
    assert button.is_hidden(), "a last trick is offered before any trick has finished"

    after_first = _play_state(4, dealer=0, to_act=1, hand=hand, trick=[], tricks=[first_trick])
    answered.send(_message("update", version + 1, table, after_first, acted=[[0, "7H"]]))
    button.wait_for(state="visible")
    page.wait_for_function("() => !document.querySelector('#trick figure.played')", timeout=WAIT_MS)

    def peeking(on: bool, trick: dict[str, Any] = first_trick) -> None:
        page.wait_for_function("on => document.getElementById('last-trick-btn').getAttribute('aria-pressed')"
                               " === String(on)", arg=on, timeout=WAIT_MS)
        cards = page.eval_on_selector_all("#trick figure.played", "els => els.map(e => e.dataset.played)")
        caption = page.inner_text("#trick")
        if on:
            assert sorted(cards) == sorted(c for _, c in trick["plays"]), cards
            assert "Last trick" in caption, caption
        else:
            assert cards == [] and "Last trick" not in caption, (cards, caption)

    button.click()
    peeking(True)
    page.keyboard.press("l")
    peeking(False)
    page.keyboard.press("l")
    peeking(True)
    page.keyboard.press("Escape")
    peeking(False)
    page.keyboard.press("l")
    peeking(True)

    # the next trick closes: its cards are shown as it finishes, then the table is clear, no peek
    shown = _play_state(4, dealer=0, to_act=1, hand=hand, trick=second_trick["plays"][:3],
                        tricks=[first_trick])
    answered.send(_message("update", version + 2, table, shown, acted=[[1, "JS"], [2, "TS"], [3, "9S"]]))
    after_second = _play_state(4, dealer=0, to_act=1, hand=hand[:-1], trick=[],
                               tricks=[first_trick, second_trick])
    answered.send(_message("update", version + 3, table, after_second, acted=[[0, "6H"]]))
    _at_version(page, version + 3)
    peeking(False)
    assert button.is_visible()
    button.click()
    peeking(True, second_trick)
    assert not player.errors, player.errors


# -- the turn's cues -------------------------------------------------------------------------------

TURN = "\u25b6 Your turn"


def test_the_tab_title_says_when_it_is_your_turn(web_server: Server, context: BrowserContext) -> None:
    made, table = _answered_table(web_server, "auction-partners", 4)
    hand = ["2H", "3H", "4H", "5H", "6H", "7H"]
    version = int(table["version"])
    waiting = _play_state(4, dealer=2, to_act=3, hand=hand, trick=[])
    mine = _play_state(4, dealer=2, to_act=0, hand=hand, trick=[[3, "AS"]])
    answer = _play_state(4, dealer=2, to_act=1, hand=hand[1:], trick=[[3, "AS"], [0, "2H"]])

    def reply(message: dict[str, Any]) -> list[dict[str, Any]]:
        if message["type"] != "act":
            return []
        return [_message("update", version + 2, table, answer, acted=[[0, "2H"]])]

    page = context.new_page()
    player, answered = _open_answered(page, made, _message("snapshot", version, table, waiting), reply)
    assert not page.title().startswith(TURN), page.title()
    assert page.title().startswith("pitchkit")
    answered.send(_message("update", version + 1, table, mine, acted=[[3, "AS"]]))
    page.wait_for_function("t => document.title.startsWith(t)", arg=TURN, timeout=WAIT_MS)
    assert player.my_turn()
    page.click('#hand button.card[data-card="2H"]')
    _at_version(page, version + 2)
    assert not page.title().startswith(TURN), page.title()
    assert "\u25b6" not in page.title()
    assert not player.errors, player.errors


def test_the_sound_can_be_muted_and_stays_muted_after_a_reload(web_server: Server,
                                                               context: BrowserContext) -> None:
    page = context.new_page()
    player, _ = on_turn_among_bots(page, web_server.base)
    sound = page.locator("#sound-btn")
    assert sound.get_attribute("aria-pressed") == "true" and sound.inner_text() == "Sound on"
    sound.click()
    assert sound.get_attribute("aria-pressed") == "false" and sound.inner_text() == "Sound off"
    assert page.evaluate("() => localStorage.getItem('pitchkit.sound')") == "off"
    page.reload()
    player.wait_board()
    assert sound.get_attribute("aria-pressed") == "false" and sound.inner_text() == "Sound off"
    sound.click()
    assert sound.get_attribute("aria-pressed") == "true"
    assert page.evaluate("() => localStorage.getItem('pitchkit.sound')") == "on"
    assert not player.errors, player.errors


# -- a phone ---------------------------------------------------------------------------------------

def test_a_phone_shows_every_card_and_bid_on_the_first_screen_of_the_persons_turn(
        web_server: Server, browser: Browser) -> None:
    phone = browser.new_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True)
    phone.set_default_timeout(WAIT_MS)
    try:
        page = phone.new_page()
        player, _ = on_turn_among_bots(page, web_server.base)
        assert player.legal_with("bid"), "the person's first turn is not in the auction"
        assert page.evaluate("() => window.scrollY") == 0
        widths = page.evaluate(
            "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert widths[0] <= widths[1], f"the page is {widths[0]} px wide on a {widths[1]} px screen"
        got = _measure(page, {"cards": ("#hand button.card", "card"), "bids": ("#actions button.act", "act")})
        cards, bids = got["cards"], got["bids"]
        assert len(cards) == 6 and bids, (cards, bids)
        outside = {k: b for k, b in {**cards, **bids}.items() if not b.inside(Box(0, 0, 360, 640))}
        assert not outside, f"beyond the first screen: {outside}"
        assert page.evaluate("() => window.scrollY") == 0
        assert not player.errors, player.errors
    finally:
        phone.close()
