"""The browser table in Chromium: people and bots play whole hands by clicking only legal choices,
spectators see nothing private, the keyboard and a phone-sized screen are enough, a player who
reloads mid-trick carries on, and a name the server refuses is said under the join form."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from pitchkit import make_rules
from pitchkit.engine.presets import presets
from pitchkit.engine.record import score_hand
from tests.server.client import http, ok
from tests.server.conftest import Server
from tests.web.driver import (
    CARD,
    LOW_CONTRAST_JS,
    RULES_SHOWN,
    Network,
    Player,
    bot_game,
    create_table,
    expected_awards,
    fill_new_table,
    host_and_friend,
    on_turn_among_bots,
    open_replay_file,
    record,
)

BOTS = [{"bot": "heuristic"}] * 3
#: what only a seat is sent (its cards, discards, passes, choices, and its number)
PRIVATE = {"hand", "discards", "passed", "received", "legal", "seat"}


def _check_summary(player: Player, base: str, table_id: str, hand: int) -> None:
    hands = record(base, table_id)
    assert len(hands) > hand
    assert player.summary_awards() == expected_awards(score_hand(hands[hand]))


@pytest.mark.parametrize("variant", sorted(presets()))
def test_a_person_and_three_bots_play_a_hand_of_every_preset_by_clicking_legal_choices(
        web_server: Server, context: BrowserContext, variant: str) -> None:
    page = context.new_page()
    player = Player(page)
    page.goto(web_server.base + "/?pace=fast")
    page.fill("#name", "Ann")
    page.select_option("#variant", variant)
    players = len(page.locator("#seats select").all())
    page.click("#create button[type=submit]")
    page.click("#open-table")
    assert players >= 2
    # the click starts the navigation; the address changes once it commits
    page.wait_for_url(re.compile(r"/t/[^/?]+"))
    table_id = page.url.split("/t/")[1].split("?")[0]
    page.goto(f"{web_server.base}/t/{table_id}?pace=fast")
    player.wait_board()
    player.play_hand()
    _check_summary(player, web_server.base, table_id, 0)
    _check_tricks_and_teams(player, web_server.base, table_id, variant)
    _check_card_points(player, web_server.base, table_id, variant, players)
    assert not player.errors


def _check_tricks_and_teams(player: Player, base: str, table_id: str, variant: str) -> None:
    """The summary lists who won each trick with which card, as the engine's replay has them, and
    in seven-point the teams the hand formed: who played the high and the low against the rest."""
    replay = ok(http(base, "POST", "/api/replay", record(base, table_id)[:1]))["hands"][0]
    tricks = replay["steps"][-1]["tricks"]
    shown = player.page.evaluate("""() => [...document.querySelectorAll('dialog#summary ol.tricks li')]
        .map(li => [Number(li.dataset.winner), li.dataset.card])""")
    assert shown == [[t["winner"], dict(map(tuple, t["plays"]))[t["winner"]]] for t in tricks]
    if not make_rules(variant).dynamic_teams or not tricks:
        return
    played = {c: s for t in tricks for s, c in t["plays"]}
    awards = {a["point"]: a["card"] for a in replay["result"]["awards"]}
    makers = {played[awards["high"]], played[awards.get("low", awards["high"])]}
    text = player.page.inner_text("dialog#summary .hand-teams")
    first, _, rest = text.partition(" against ")
    name = player.page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#seats .seat')]
        .map(el => [el.dataset.seat, el.querySelector('.who').textContent.replace(/^to act: /, '')
        .replace('\u25b6', '').trim()]))""")
    seats = {int(k): v for k, v in name.items()}
    assert {s for s, n in seats.items() if n in first} == makers, text
    assert all(n in rest for s, n in seats.items() if s not in makers), text


def _check_card_points(player: Player, base: str, table_id: str, variant: str, players: int) -> None:
    """The page's running count of card points for game ends where the engine's does."""
    rules = make_rules(variant)
    by_points = str(getattr(rules, "score_by", "points")) == "points"  # not a trick-scoring game
    if "game" not in rules.points or rules.dynamic_teams or not by_points:
        return
    replay = ok(http(base, "POST", "/api/replay", record(base, table_id)[:1]))["hands"][0]
    tricks = replay["steps"][-1]["tricks"]
    won = player.page.evaluate(
        "async ([tricks, n]) => (await import('/static/render.js')).cardPoints(tricks, n)", [tricks, players])
    teams = rules.teams or players
    for team in range(teams):
        seats = [s for s in range(players) if s % teams == team]
        assert sum(won[s] for s in seats) == replay["result"]["card_points"][seats[0]]


def _check_replay(viewer: Player, base: str, table_id: str) -> None:
    """The replay of a finished game steps to each hand's end and shows its result."""
    hands = record(base, table_id)
    page = viewer.page
    page.goto(f"{base}/replay?table={table_id}")
    page.wait_for_selector("#replay:not([hidden])")
    for index, hand in enumerate(hands):
        page.select_option("#hand-pick", index=index)
        page.click("#last")
        shown = page.evaluate("""() => [...document.querySelectorAll('#result ul.awards li[data-point]')]
            .map(li => [li.dataset.point, li.dataset.seat, li.dataset.scored])""")
        want = [[a["point"], str(a["seat"]), "false" if a["scored"] is False else "true"]
                for a in expected_awards(score_hand(hand))]
        assert shown == want, f"hand {index}"
    page.click("#first")
    page.keyboard.press("ArrowRight")
    assert "step 1 of" in page.inner_text("#where")


def _public_cards(message: dict[str, Any]) -> set[str]:
    """Cards a spectator may be shown in this message: those played, the cut, and a finished hand's
    tricks and awards (its deck is revealed then too, but the page never draws it)."""
    seen: set[str] = {c for _, c in message.get("table", {}).get("cuts", [])}
    state = message.get("state") or {}
    seen |= {c for _, c in state.get("trick", [])}
    seen |= {c for t in state.get("tricks", []) for _, c in t["plays"]}
    seen |= {a["play"] for a in state.get("log", []) if "play" in a}
    for event in message.get("events", []):
        if event["kind"] == "action" and "play" in event["action"]:
            seen.add(event["action"]["play"])
        if event["kind"] == "hand_over":
            seen |= {a["card"] for a in event["result"].get("awards", []) if a.get("card")}
            seen |= {c for t in event.get("tricks", []) for _, c in t["plays"]}
    return seen


def _frame_cards(message: dict[str, Any]) -> set[str]:
    """Every card named in a message, apart from a finished hand's revealed deck."""
    stripped = json.loads(json.dumps(message))
    for event in stripped.get("events", []):
        event.pop("reveal", None)
    return set(CARD.findall(json.dumps(stripped)))


def test_a_spectator_sees_no_card_of_a_hand_it_may_not_see(web_server: Server, browser: Browser) -> None:
    short_game = {"target": 11}
    made = create_table(web_server.base, "ten-point", [{"human": True}, *BOTS], options=short_game)
    playing = browser.new_context()
    watching = browser.new_context()
    try:
        player = Player(playing.new_page())
        player.join(made["invites"][0]["link"], "Ann")
        spectator = Player(watching.new_page())
        spectator.page.goto(made["watch_link"] + "&pace=fast")
        spectator.wait_board()
        public: set[str] = set()
        dom_checks = 0

        def snapshot() -> None:
            nonlocal dom_checks
            # the page is read first: every frame it had drawn from has been reported by then
            shown = spectator.page.evaluate(
                "() => [...document.querySelectorAll('[data-card]')].map(e => e.dataset.card)")
            for raw in spectator.received:
                public.update(_public_cards(json.loads(raw)))
            leaked = set(shown) - public
            assert not leaked, f"the spectator's page shows {sorted(leaked)} before they were public"
            assert spectator.page.locator("#hand button").count() == 0
            dom_checks += 1

        while not player.game_over():
            player.play_hand(on_step=snapshot)
            snapshot()
            player.close_summary()
        _check_replay(spectator, web_server.base, made["id"])
        frames = [json.loads(raw) for raw in spectator.received]
        assert len(frames) > 20 and dom_checks > 10
        for message in frames:
            state = message.get("state") or {}
            private = PRIVATE & (state.keys() | message.keys())
            assert not private, f"a spectator was sent {sorted(private)}"
            leaked = _frame_cards(message) - _public_cards(message)
            assert not leaked, f"a spectator was sent {sorted(leaked)} in version {message['version']}"
    finally:
        playing.close()
        watching.close()


def test_a_name_the_server_refuses_is_said_under_the_join_form(web_server: Server,
                                                               context: BrowserContext) -> None:
    made = create_table(web_server.base, "pct", [{"human": True}, *BOTS])
    page = context.new_page()
    page.goto(made["invites"][0]["link"] + "&pace=fast")
    assert page.get_attribute("#join-name", "maxlength") == "24"
    # past the field's own limit (a page edited, or pasted into an old one): the server refuses it
    page.evaluate("() => { document.getElementById('join-name').value = 'x'.repeat(25); }")
    page.click("#join-form button[type=submit]")
    expect(page.locator("#join-error")).to_contain_text("a name has at most 24")
    assert page.locator("#join").is_visible()
    page.fill("#join-name", "y" * 24)
    page.click("#join-form button[type=submit]")
    Player(page).wait_board()
    seat = ok(http(web_server.base, "GET", f"/api/tables/{made['id']}"))["seats"][0]
    assert seat["name"] == "y" * 24


def test_keyboard_alone_plays_a_hand(web_server: Server, context: BrowserContext) -> None:
    made = create_table(web_server.base, "pct", [{"human": True}, *BOTS])
    page = context.new_page()
    player = Player(page)
    page.goto(made["invites"][0]["link"] + "&pace=fast")
    page.focus("#join-name")
    page.keyboard.type("Kim")
    page.keyboard.press("Enter")
    player.wait_board()
    for _ in range(100):
        if player.wait_turn_or_summary() == "summary":
            break
        before = player.version()
        for _ in range(80):
            focused = page.evaluate("""() => { const e = document.activeElement;
                if (!e || !e.matches('#me button')) return null;
                const style = getComputedStyle(e);
                return {legal: e.matches('button.act:not([aria-disabled]), button.card.legal'),
                        outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2}; }""")
            if focused and focused["legal"]:
                assert focused["outline"], "the focused control shows no focus ring"
                break
            page.keyboard.press("Tab")
        else:
            raise AssertionError("no legal control reachable with Tab")
        page.keyboard.press("Enter")
        player.wait_moved(before)
    assert player.summary_open()
    assert page.evaluate("() => document.activeElement.matches('dialog#summary button.close')")
    page.keyboard.press("Enter")
    page.wait_for_selector("dialog#summary[open]", state="detached")


def test_a_phone_screen_plays_a_hand_and_shows_the_lobby_and_replay_without_horizontal_scrolling(
        web_server: Server, browser: Browser) -> None:
    made = create_table(web_server.base, "ten-point", [{"human": True}, *BOTS])
    phone = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    try:
        player = Player(phone.new_page())
        player.join(made["invites"][0]["link"], "Pat")

        def fits() -> None:
            widths = player.page.evaluate(
                "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
            assert widths[0] <= widths[1], f"the page is {widths[0]} px wide on a {widths[1]} px screen"

        player.play_hand(on_step=fits)
        fits()
        player.page.goto(web_server.base + "/")
        player.page.click("#options summary")
        player.page.wait_for_selector(RULES_SHOWN, state="attached")
        fits()
        player.page.goto(f"{web_server.base}/replay?table={made['id']}")
        player.page.wait_for_selector("#replay:not([hidden])")
        fits()
    finally:
        phone.close()


def test_two_people_by_invite_links_and_one_reloads_mid_trick(web_server: Server, browser: Browser) -> None:
    made = create_table(web_server.base, "auction-partners",
                        [{"human": True}, {"bot": "heuristic"}, {"human": True}, {"bot": "heuristic"}])
    first = browser.new_context()
    second = browser.new_context()
    try:
        ann = Player(first.new_page())
        ann.join(made["invites"][0]["link"], "Ann")
        bob = Player(second.new_page(), rng=random.Random(8))
        bob.join(made["invites"][1]["link"], "Bob")
        reloaded = False
        for _ in range(300):
            if ann.summary_open() and bob.summary_open():
                break
            for person in (ann, bob):
                if person.summary_open() or not person.my_turn():
                    continue
                mid_trick = person.page.locator("#trick figure.played").count() > 0
                if not reloaded and mid_trick and person.choices()["legal"]:
                    person.page.reload()
                    person.wait_board()
                    person.page.wait_for_selector("#hand button.card.legal")
                    reloaded = True
                person.step()
            ann.page.wait_for_timeout(50)
        assert reloaded, "no trick was in progress on a person's turn"
        assert ann.summary_open() and bob.summary_open()
        assert ann.summary_awards() == bob.summary_awards()
        _check_summary(ann, web_server.base, made["id"], 0)
    finally:
        first.close()
        second.close()


def test_a_person_who_loses_the_network_is_replaced_by_a_bot_and_takes_the_seat_back(
        browser: Browser, tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'grace.db'}", tmp_path, grace=1.0).start()
    context = browser.new_context()
    try:
        page = context.new_page()
        network = Network(page)
        player, table_id = on_turn_among_bots(page, server.base)
        network.cut()
        page.wait_for_selector("#conn[data-kind='warn']")

        def seat() -> dict[str, Any]:
            got: dict[str, Any] = ok(http(server.base, "GET", f"/api/tables/{table_id}"))["seats"][0]
            return got

        deadline = time.monotonic() + 30
        while not seat()["standin"]:
            assert time.monotonic() < deadline, f"no bot stood in for the person away: {seat()}"
            time.sleep(0.2)
        network.restore()
        page.wait_for_selector("#conn[data-kind='ok']")
        deadline = time.monotonic() + 30
        while seat()["standin"]:
            assert time.monotonic() < deadline, "the person did not get the seat back"
            time.sleep(0.2)
        player.play_hand()
        assert not player.errors
    finally:
        context.close()
        server.stop()


def test_a_choice_made_while_the_connection_is_down_says_it_was_not_sent(
        web_server: Server, context: BrowserContext) -> None:
    """A click while the page is reconnecting says it was not sent (it was lost without a word, and
    the page ignored every click after it until it had reconnected); once connected it is taken."""
    page = context.new_page()
    network = Network(page)
    player, _ = on_turn_among_bots(page, web_server.base)
    network.cut()
    page.wait_for_selector("#conn[data-kind='warn']")
    page.locator("#actions button.act").first.click()
    assert page.inner_text("#notice").startswith("Not sent: the connection to the table is down")
    assert page.evaluate("() => document.body.dataset.pending") is None
    network.restore()
    page.wait_for_selector("#conn[data-kind='ok']")
    before = player.version()
    player.step(try_illegal=False)
    assert player.version() > before and not player.errors


def test_the_lobby_creates_a_table_with_a_changed_rule_and_an_invite_that_a_friend_uses(
        web_server: Server, browser: Browser) -> None:
    with host_and_friend(browser) as (page, friend):
        fill_new_table(page, web_server.base, name="Ann", variant="pct", players=3, friends=[1])
        page.click("#options summary")
        page.fill("#option-list [data-option='target']", "5")
        page.click("#create button[type=submit]")
        page.wait_for_selector("#open-table")
        links = page.locator("#created ul.links input")
        assert links.count() == 2  # seat 1's invite and the spectators' link
        invite = links.nth(0).input_value()
        assert "seat=1&invite=" in invite
        page.click("#created button.copy >> nth=0")
        expect(page.locator("#created button.copy >> nth=0")).to_have_text("Copied")
        assert page.evaluate("() => navigator.clipboard.readText()") == invite
        page.reload()  # the table is kept in this browser
        page.click("#mine a")
        page.wait_for_selector("body[data-version]")
        assert "Waiting" in page.inner_text("#prompt")
        Player(friend).join(invite, "Bob")
        page.wait_for_function("() => document.body.dataset.status === 'playing'")
        page.click("#howto-btn")
        expect(page.locator("#howto #rules")).to_contain_text("reach 5 points")
        assert "Bob" in page.inner_text("#seats")


def test_the_hint_button_marks_a_legal_choice(web_server: Server, context: BrowserContext) -> None:
    made = create_table(web_server.base, "smudge", [{"human": True}, *BOTS])
    player = Player(context.new_page())
    player.join(made["invites"][0]["link"], "Ann")
    for _ in range(40):
        assert player.wait_turn_or_summary() == "turn", "the hand ended before a hint was asked for"
        player.page.click("#hint-btn")
        player.page.wait_for_function(
            "() => document.querySelector('#notice').textContent.startsWith('Hint (')")
        hinted = player.page.locator("#me .hinted")
        if hinted.count():
            assert hinted.first.is_enabled() and "illegal" not in (hinted.first.get_attribute("class") or "")
            return
        player.step(try_illegal=False)  # a hint for a choice without a button of its own: go on
    raise AssertionError("no hint marked a card or a bid")


SPECIAL_STEPS = [
    ({"choose": "run"}, "Run it"), ({"choose": "sell"}, "Sell"), ({"choose": "misdeal"}, "Call a misdeal"),
    ({"bid": "smudge"}, "Smudge"), ({"bid": "over-smudge"}, "Over-smudge"), ({"bid": "pass"}, "Pass"),
    ({"bid": 3}, "Bid 3"), ({"trump": "H"}, "\u2665 hearts"),
]


@pytest.mark.parametrize(("action", "label"), SPECIAL_STEPS, ids=[label for _, label in SPECIAL_STEPS])
def test_every_special_step_has_its_button(web_server: Server, context: BrowserContext,
                                           action: dict[str, Any], label: str) -> None:
    page = context.new_page()
    page.goto(web_server.base + "/replay")
    state = {"to_act": 0, "bids": [[1, 3]], "dealer": 0, "legal": [action], "phase": "auction"}
    html = page.evaluate("""async ([state]) => (await import('/static/render.js')).actionsHtml(
        {state, seat: 0, selected: new Set(), hint: null})""", [state])
    page.set_content(f"<div id=actions>{html}</div>")
    button = page.locator("#actions button.act")
    assert button.count() == 1
    assert button.inner_text().startswith(label)
    assert json.loads(button.get_attribute("data-act") or "") == action


def test_a_dealer_who_may_take_it_or_run_it_sees_take_it_on_the_lowest_bid(
        web_server: Server, context: BrowserContext) -> None:
    """Everyone passed to the dealer (pct): the lowest bid is taking it, and its button says so, as the
    terminal table's does; a higher bid is not."""
    page = context.new_page()
    page.goto(web_server.base + "/replay")
    legal = [{"seat": 0, "bid": 2}, {"seat": 0, "bid": 3}, {"seat": 0, "choose": "run"}]
    state = {"to_act": 0, "bids": [[1, "pass"], [2, "pass"], [3, "pass"]], "dealer": 0, "legal": legal,
             "phase": "auction"}
    html = page.evaluate("""async ([state]) => (await import('/static/render.js')).actionsHtml(
        {state, seat: 0, selected: new Set(), hint: null})""", [state])
    page.set_content(f"<div id=actions>{html}</div>")
    assert page.locator("#actions button.act").all_inner_texts() == ["Bid 2 (take it)", "Bid 3", "Run it"]


@pytest.mark.parametrize("count", [[3, 6], [2, 2]])
def test_the_discard_is_confirmed_only_with_an_allowed_number_of_cards(
        web_server: Server, context: BrowserContext, count: list[int]) -> None:
    page = context.new_page()
    page.goto(web_server.base + "/replay")
    offer = ["2C", "3C", "4C", "5C", "6C", "7C"]
    state = {"to_act": 0, "bids": [], "dealer": 1, "phase": "discard",
             "legal": [{"discard": {"choose_from": offer, "count": count}}]}
    for picked in range(len(offer) + 1):
        enabled = page.evaluate("""async ([state, n, offer]) => {
            const html = (await import('/static/render.js')).actionsHtml(
                {state, seat: 0, selected: new Set(offer.slice(0, n)), hint: null});
            const box = document.createElement('div');
            box.innerHTML = html;
            return !box.querySelector('#discard-go').hasAttribute('aria-disabled'); }""",
                                [state, picked, offer])
        assert enabled == (count[0] <= picked <= count[1]), picked


def test_a_record_file_opened_from_disk_replays_with_its_results(
        web_server: Server, context: BrowserContext, tmp_path: Path) -> None:
    game = bot_game("ten-point", 5, 2)
    page = context.new_page()
    open_replay_file(page, web_server.base, game, tmp_path)
    assert page.inner_text("#where").startswith(f"Hand 1 of {len(game)}, step 0 of {len(game[0]['actions'])}")
    assert page.locator("#seat-hands [data-card]").count() == sum(len(h) for h in game[0]["hands"])
    page.click("#last")
    assert page.locator("#result ul.awards li").count() >= 1
    path = tmp_path / "game.json"
    path.write_text('{"variant": "pct", "dealer": 9}')
    page.goto(web_server.base + "/replay")
    page.set_input_files("#file", str(path))
    expect(page.locator("#load-error")).not_to_be_empty()
    assert "\n" not in page.inner_text("#load-error")


def test_text_has_aa_contrast_and_reduced_motion_stops_the_animations(
        web_server: Server, browser: Browser) -> None:
    made = create_table(web_server.base, "auction", [{"human": True}, *BOTS])
    calm = browser.new_context(reduced_motion="reduce")
    try:
        player = Player(calm.new_page())
        page = player.page
        page.goto(web_server.base + "/")
        page.click("#options summary")
        page.wait_for_selector(RULES_SHOWN, state="attached")
        assert page.evaluate(LOW_CONTRAST_JS, 4.5) == []
        player.join(made["invites"][0]["link"], "Ann")
        for _ in range(40):
            player.wait_turn_or_summary()
            if page.locator("#trick figure.played").count():
                break
            player.step(try_illegal=False)
        assert page.evaluate(LOW_CONTRAST_JS, 4.5) == []
        played = page.locator("#trick figure.played").first
        assert played.evaluate("e => getComputedStyle(e).animationName") == "none"
    finally:
        calm.close()
    moving = browser.new_context()
    try:
        page = moving.new_page()
        page.goto(web_server.base + "/replay")
        page.evaluate("() => document.body.insertAdjacentHTML('beforeend', '<figure class=played></figure>')")
        assert page.locator("figure.played").evaluate("e => getComputedStyle(e).animationName") == "land"
    finally:
        moving.close()
