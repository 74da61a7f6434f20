"""The browser table's explanations: the hint with its reason, seven-point's teams as they form,
ten-point's team totals and bidding out, the rules a table changes, and Euchre's turned-up card."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.server.client import http, ok
from tests.server.conftest import Server
from tests.web.driver import LOW_CONTRAST_JS, WAIT_MS, Player, create_table

BOTS = [{"bot": "heuristic"}] * 3
SEVEN = {"off-jack": True, "jokers": 2, "equal-jokers": True, "dynamic-teams": True}


def test_the_hint_shows_its_reason_and_every_bid_then_the_value_of_cards(
        web_server: Server, context: BrowserContext) -> None:
    made = create_table(web_server.base, "pct", [{"human": True}, *BOTS])
    player = Player(context.new_page())
    page = player.page
    player.join(made["invites"][0]["link"], "Ann")
    for _ in range(60):  # to a turn with bids to make and nothing else (not taking or running it)
        if player.wait_turn_or_summary() == "summary":  # no such turn in this hand: the next one
            player.close_summary()
            continue
        acts = player.choices()["acts"]
        bids = [b for b in acts if re.fullmatch(r'\{"bid": ?\d+\}', b)]
        plain = all(re.fullmatch(r'\{"bid": ?(\d+|"pass")\}', b) for b in acts)
        if bids and plain and "take it" not in page.inner_text("#actions"):
            break
        player.step(try_illegal=False)
    else:
        pytest.fail("no turn with bids to make in 60 turns")
    reason = _ask_hint(page, "of the time")
    assert re.search(r"makes \d about \d+% of the time \([+\u2212]\d+\.\d expected\)", reason) or \
        re.search(r"passing; the best bid, \d, would make about \d+% of the time", reason), reason
    rows = page.locator("#hint-box table.odds tbody tr")
    assert rows.count() == len(bids) + 1  # and passing, worth 0, which the hint compared them with
    assert page.locator("#hint-box table.odds tbody tr.chosen").count() == 1
    for text in rows.all_inner_texts():
        if text.startswith("Pass"):
            assert re.match(r"Pass\s+\u2014\s+\u2014\s+0\.0$", text.strip()), text
        else:
            assert re.match(r"Bid \d\s+\S+ \w+\s+\d+%\s+([+\u2212]\d+\.\d|0\.0)$", text.strip()), text
    assert page.evaluate(LOW_CONTRAST_JS, 4.5) == []
    for _ in range(60):  # on to a card to play among several (in a later hand if need be)
        player.step(try_illegal=False)
        while player.wait_turn_or_summary() == "summary":
            player.close_summary()
        assert page.locator("#hint-box").is_hidden()  # a new turn clears the old hint
        if len(player.choices()["legal"]) > 1 and "trump" in page.inner_text("#info"):
            break  # (the lead that names trump is the heuristic bot's, without an estimate)
    else:
        pytest.fail("no card to choose among several in 60 turns")
    assert "on average" in _ask_hint(page, "on average")
    assert page.locator("#hint-box table.odds tbody tr.chosen").count() == 1
    assert page.locator("#me .hinted").count() == 1
    assert not player.errors


def _ask_hint(page: Page, wanted: str) -> str:
    """Click *Hint* until its reason says ``wanted``: a bot worker's first hint comes without a
    reason while it loads the compiled solver (a few seconds, more on a busy machine), and one
    past the server's time cap has none either; the next ones have it."""
    for _ in range(8):
        page.evaluate("() => { const box = document.getElementById('hint-box'); box.hidden = true; }")
        page.click("#hint-btn")
        page.wait_for_selector("#hint-box:not([hidden]) .reason", timeout=WAIT_MS)
        text = page.inner_text("#hint-box .reason")
        if wanted in text:
            return text
        page.wait_for_timeout(4000)
    return text


def _hand_teams(page: Page, state: dict[str, Any]) -> dict[str, Any]:
    got: dict[str, Any] = page.evaluate(
        "async ([state, opts]) => (await import('/static/teams.js')).handTeams(state, opts)", [state, SEVEN])
    return got


def _state(plays: list[list[Any]], hand: list[str], sizes: list[int]) -> dict[str, Any]:
    return {"trump": "S", "seat": 0, "seats": [0, 1, 2, 3], "hand": hand, "hand_sizes": sizes,
            "tricks": [{"plays": plays[i:i + 4], "winner": plays[i][0]} for i in range(0, len(plays) - 3, 4)],
            "trick": plays[len(plays) // 4 * 4:]}


def test_seven_point_teams_are_revealed_when_high_and_low_are_certain(
        web_server: Server, context: BrowserContext) -> None:
    page = context.new_page()
    page.goto(web_server.base + "/replay")
    # the ace and the two of trump played: both certain, the teams are known
    t = _hand_teams(page, _state([[1, "AS"], [2, "5H"], [3, "2S"], [0, "9H"]], ["3C"], [5, 5, 5, 5]))
    assert t["high"]["sure"] and t["low"]["sure"] and t["teams"] == [[1, 3], [0, 2]]
    # the king is the highest trump so far, but the ace may still be in a hand
    t = _hand_teams(page, _state([[1, "KS"], [2, "3S"]], ["4C"], [5, 5, 4, 5]))
    assert t["high"] == {"seat": 1, "card": "KS", "held": False, "sure": False} and t["teams"] is None
    # ... unless the seat holds it: then it knows it will play the high
    t = _hand_teams(page, _state([[1, "KS"], [2, "2S"]], ["AS"], [5, 5, 4, 5]))
    assert t["high"] == {"seat": 0, "card": "AS", "held": True, "sure": True}
    assert t["low"]["sure"] and t["teams"] == [[0, 2], [1, 3]]
    # the off-jack and both jokers are trumps; the first of two equal jokers is the higher
    t = _hand_teams(page, _state([[1, "LJ"], [2, "BJ"], [3, "JC"], [0, "TS"]], [], [0, 0, 0, 0]))
    assert t["high"]["card"] == "JC" and t["low"]["card"] == "TS" and t["teams"] == [[3, 0], [1, 2]]
    t = _hand_teams(page, _state([[1, "LJ"], [2, "BJ"], [3, "5H"], [0, "6H"]], [], [0, 0, 0, 0]))
    assert (t["high"]["seat"], t["low"]["seat"]) == (1, 2)
    # one player with both: a team of one against everyone else
    t = _hand_teams(page, _state([[2, "AS"], [3, "5H"], [0, "6H"], [1, "7H"], [2, "2S"]], [], [4, 4, 4, 4]))
    assert t["teams"] == [[2], [0, 1, 3]]
    # no trump known yet: nothing to say
    assert page.evaluate("async () => (await import('/static/teams.js')).handTeams({}, {})") is None


def test_seven_point_seats_show_high_low_and_the_teams(web_server: Server, context: BrowserContext) -> None:
    page = context.new_page()
    page.goto(web_server.base + "/replay")
    state = {**_state([[1, "AS"], [2, "5H"], [3, "2S"], [0, "9H"]], ["3C"], [5, 5, 5, 5]), "dealer": 3,
             "pitcher": 1, "bid": 4, "bids": [], "phase": "play", "to_act": 1}
    html = page.evaluate("""async ([state, options]) => {
        const render = await import('/static/render.js');
        const panel = await import('/static/panel.js');
        const teams = await import('/static/teams.js');
        const table = {players: 4, scores: [0, 0, 0, 0], status: 'playing', options,
                       seats: [0, 1, 2, 3].map(s => ({seat: s, kind: 'bot', bot: 'heuristic'}))};
        const c = {table, state, seat: 0, name: render.namer(table, 0), opts: panel.drawingOptions(options),
                   groups: render.sides(4, 0), handTeams: teams.handTeams(state, options)};
        return render.seatsHtml(c) + panel.scoresHtml(c); }""", [state, SEVEN])
    page.set_content(f"<main>{html}</main>")
    assert "High A\u2660" in page.inner_text('.seat[data-seat="1"] .badges')
    assert "Low 2" in page.inner_text('.seat[data-seat="3"] .badges')
    assert "high & low team" in page.inner_text('.seat[data-seat="3"] .meta')
    assert "the other team" in page.inner_text('.seat[data-seat="2"] .meta')
    assert page.inner_text('[data-team="0"]') == "Bot 2 & Bot 4"
    assert page.inner_text('[data-team="1"]') == "You & Bot 3"


@pytest.mark.parametrize(("scores", "bid_out"), [([44, 45, 44, 45], True), ([30, 45, 30, 45], False)])
def test_ten_point_scores_are_team_totals_and_say_when_only_the_bidder_can_go_out(
        web_server: Server, context: BrowserContext, scores: list[int], bid_out: bool) -> None:
    made = create_table(web_server.base, "ten-point", [{"human": True}, *BOTS])
    player = Player(context.new_page())
    page = player.page
    player.join(made["invites"][0]["link"], "Ann")
    assert page.locator("#scores table.scores tr").all_inner_texts() == ["You & Bot 3\t0", "Bot 2 & Bot 4\t0"]
    html = page.evaluate("""async ([scores]) => {
        const render = await import('/static/render.js');
        const panel = await import('/static/panel.js');
        const res = await fetch(location.pathname.replace('/t/', '/api/tables/'));
        const table = {...await res.json(), scores, status: 'playing'};
        const opts = panel.drawingOptions(table.options);
        return panel.scoresHtml({table, seat: 0, name: render.namer(table, 0), opts,
                                 groups: render.sides(4, opts.teams), handTeams: null}); }""", [scores])
    page.set_content(f"<main>{html}</main>")
    assert page.locator("table.scores tr").all_inner_texts() == [f"You & Bot 3\t{scores[0]}",
                                                                   f"Bot 2 & Bot 4\t{scores[1]}"]
    note = page.locator(".must-bid-out")
    assert note.count() == int(bid_out)
    if bid_out:
        assert "within 10 of 52" in note.inner_text() and "must bid out" in note.inner_text()


def test_the_title_and_how_to_play_show_the_options_a_table_changes(
        web_server: Server, context: BrowserContext) -> None:
    """The title names the game as players say it; How to play (a button in the header) says what
    the table changes from its preset, then the table's rules sheet."""
    made = create_table(web_server.base, "pct", [{"human": True}, *BOTS], options={"target": 15})
    player = Player(context.new_page())
    page = player.page
    player.join(made["invites"][0]["link"], "Ann")
    pct = "Pitch \u2013 pitchcardtournament.com rules"
    expect(page.locator("#title")).to_have_text(f"{pct} (target 15) \u00b7 4 players")
    page.click("#howto-btn")
    page.wait_for_selector("#howto[open] #rules ul.changed")
    assert page.inner_text("#rules ul.changed").startswith("target: 15 (pct: 11)")
    plain = create_table(web_server.base, "pct", [{"human": True}, *BOTS])
    player.join(plain["invites"][0]["link"], "Ann")
    page.wait_for_function("() => document.querySelector('#rules').textContent.includes('unchanged')")
    expect(page.locator("#title")).to_have_text(f"{pct} \u00b7 4 players")


def test_a_card_played_while_a_finished_trick_is_shown_is_drawn_at_once(
        web_server: Server, context: BrowserContext) -> None:
    """The page's pauses for reading (a finished trick stays 1.6 s) never hold back the answer to the
    player's own action: with the page's clock stopped, a card led while the last trick is still
    shown is on the table as soon as the server answers."""
    context.clock.install()
    made = create_table(web_server.base, "pct", [{"human": True}, *BOTS])
    player = Player(context.new_page())
    page = player.page
    page.goto(made["invites"][0]["link"])  # the page's own pace, not ?pace=fast
    page.fill("#join-name", "Ann")
    page.click("#join-form button[type=submit]")
    player.wait_board()
    page.clock.pause_at(int(time.time() * 1000) + 2000)  # from now on the page's time moves only when told
    for _ in range(400):
        if player.summary_open():  # this seat led no trick of that hand: on to the next
            player.close_summary()
            continue
        if player.my_turn() and page.locator("#trick .trick-winner").count():
            break
        if player.my_turn():
            player.step(try_illegal=False)
        else:
            context.clock.run_for(400)  # the bots' actions one by one, and the tricks' pauses
            page.wait_for_timeout(30)
    else:
        pytest.fail("no lead of this seat's while a finished trick was shown")
    before = player.version()
    card = player.choices()["legal"][0]
    page.click(f'#hand button.card[data-card="{card}"]')
    page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before, polling=50)
    # on the table: the new trick (the bots may have finished it in the same update), not the old one
    assert page.locator(f'#trick [data-card="{card}"]').count() == 1


def test_euchre_shows_the_turned_up_card_and_offers_to_order_it_up(
        web_server: Server, context: BrowserContext) -> None:
    """Euchre (RULES-BRIEF section 6): while trump is made, the turned-up card lies in the middle of
    the table for everyone, and the player to act in the first round may order it up (its suit is
    the one trump choice) or pass; going alone is offered with its own words."""
    made = create_table(web_server.base, "euchre", [{"human": True}] * 4)
    for invite in made["invites"][1:]:
        ok(http(web_server.base, "POST", f"/api/tables/{made['id']}/join",
                {"seat": invite["seat"], "invite": invite["invite"], "name": f"P{invite['seat']}"}))
    player = Player(context.new_page())
    page = player.page
    player.join(made["invites"][0]["link"], "Ann")
    page.wait_for_selector("figure.upcard", timeout=WAIT_MS)
    upcard = page.inner_text("figure.upcard figcaption")
    assert upcard == "turned up"
    assert "turned up" in page.inner_text("#info")
    prompt = page.inner_text("#prompt")
    if prompt.startswith("Your turn"):
        verb = "Pick up" if "You dealt" in page.inner_text("#info") else "Order up"  # the dealer picks it up
        assert prompt.startswith(f"Your turn: {verb.lower()} ") and prompt.endswith(" or pass."), prompt
        buttons = page.locator("button.act").all_inner_texts()
        assert any(b.startswith(verb) for b in buttons) and "Pass" in " ".join(buttons)
    assert not player.errors


def test_a_euchre_hand_is_told_in_euchre_words(web_server: Server, context: BrowserContext) -> None:
    """Euchre against bots to the end of a hand: going alone is asked in its own words, and the summary
    says who made which suit trump and whether they made it or were euchred, with each team's tricks
    (five in all), not a bid and card points."""
    made = create_table(web_server.base, "euchre", [{"human": True}] + [{"bot": "heuristic"}] * 3)
    player = Player(context.new_page())
    page = player.page
    player.join(made["invites"][0]["link"], "Ann")
    asked: list[str] = []

    def note_the_prompt() -> None:
        if any(json.loads(a).get("choose") == "alone" for a in player.choices()["acts"]):
            asked.append(page.inner_text("#prompt"))

    for _ in range(6):
        player.play_hand(on_step=note_the_prompt)
        told = page.inner_text("dialog#summary p.made")
        if "trump" in told:
            break
        player.close_summary()
    else:
        pytest.fail("nobody made trump in six hands")
    words = r"(You|Bot \d) made . \w+ trump( alone)? and (made it|were euchred|was euchred)\."
    assert re.fullmatch(words, told), told
    taken = page.inner_text("dialog#summary").split("Tricks taken: ")[1].split(".")[0]
    assert sum(int(n) for n in re.findall(r" (\d+)(?:,|$)", taken)) == 5, taken
    assert "Card points" not in page.inner_text("dialog#summary")
    assert all(a == "Your turn: go alone or play with your partner." for a in asked), asked
    assert asked or not told.startswith("You")  # the maker is asked whether to go alone
    assert not player.errors
