"""The browser table and its replay at Euchre speak Euchre: the maker (no pitcher, no bid of 3), the
upcard ordered up or picked up (named only in round two), no stock, "making trump" while it is made;
a Pitch table keeps its own words."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from pitchkit import Game, make_rules
from pitchkit.engine.actions import Bid, Choice, Choose, DeclareTrump
from pitchkit.engine.cards import CARDS
from pitchkit.engine.record import game_record
from pitchkit.web.replay import replay_steps
from tests.server.conftest import Server
from tests.web.driver import bot_game, open_replay_file

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

EUCHRE = {"score-by": "tricks"}
PITCH = {"score-by": "points"}

#: seat 0 passes, seat 1 orders up the ten of spades, which the dealer (seat 3) picks up
ORDERED: dict[str, Any] = {
    "dealer": 3, "pitcher": 1, "bid": 3, "trump": "S", "upcard": "TS", "stock_size": 3, "ran": False,
    "phase": "play", "to_act": 0, "bids": [[0, "pass"]], "hand_sizes": [5, 5, 5, 5], "tricks": [],
    "trick": [], "legal": [], "hand": None,
    "log": [{"seat": 0, "bid": "pass"}, {"seat": 1, "trump": "S"}, {"seat": 1, "choose": "partner"}]}

RENDER_JS = """async ([state, options]) => {
    const render = await import('/static/render.js');
    const table = {players: 4, hand: 1, scores: [0, 0, 0, 0], status: 'playing', options,
                   seats: [0, 1, 2, 3].map(s => ({seat: s, kind: 'bot', bot: 'heuristic'}))};
    const c = {table, state, seat: 2, name: render.namer(table, 2), options, teams: 2,
               groups: render.sides(4, 2), handTeams: null, selected: new Set(), hint: null};
    const box = document.createElement('div');
    box.innerHTML = render.actionsHtml(c);
    const buttons = [...box.querySelectorAll('button')].map(b => b.textContent);
    return {info: render.infoText(c), seats: render.seatsHtml(c), log: render.logLines(c),
            prompt: render.promptText(c), buttons}; }"""


def _render(context: BrowserContext, base: str, state: dict[str, Any], options: dict[str, str]) -> Any:
    page = context.new_page()
    page.goto(base + "/replay")
    return page.evaluate(RENDER_JS, [state, options])


def test_a_euchre_table_names_the_maker_and_the_upcard_ordered_up(
        web_server: Server, context: BrowserContext) -> None:
    got = _render(context, web_server.base, ORDERED, EUCHRE)
    assert "Bot 2 made trump" in got["info"] and " bid " not in got["info"] and "stock" not in got["info"]
    assert "Maker" in got["seats"] and "Pitcher" not in got["seats"]
    assert got["log"] == ["Bot 1 passes", "Bot 2 orders up 10\u2660", "Bot 2 plays with the partner"]


def test_the_euchre_dealer_picks_up_and_a_round_two_suit_is_named(
        web_server: Server, context: BrowserContext) -> None:
    picked = {**ORDERED, "pitcher": 3, "log": [*([{"seat": s, "bid": "pass"} for s in range(3)]),
                                               {"seat": 3, "trump": "S"}]}
    assert _render(context, web_server.base, picked, EUCHRE)["log"][-1] == "Bot 4 picks up 10\u2660"
    named = {**ORDERED, "trump": "H", "log": [*([{"seat": s, "bid": "pass"} for s in range(4)]),
                                              {"seat": 0, "bid": "pass"}, {"seat": 1, "trump": "H"}]}
    assert _render(context, web_server.base, named, EUCHRE)["log"][-1] == "Bot 2 names \u2665 hearts trump"


def test_waiting_for_a_euchre_seat_says_making_trump(web_server: Server, context: BrowserContext) -> None:
    making = {**ORDERED, "phase": "auction", "to_act": 1, "pitcher": None, "trump": None,
              "log": ORDERED["log"][:1]}
    assert _render(context, web_server.base, making, EUCHRE)["prompt"] == "Waiting for Bot 2 (making trump)."
    assert _render(context, web_server.base, making, PITCH)["prompt"] == "Waiting for Bot 2 (auction)."


def test_a_pitch_table_keeps_the_pitcher_the_bid_and_the_stock(
        web_server: Server, context: BrowserContext) -> None:
    pitch = {**ORDERED, "upcard": None, "log": [{"seat": 0, "bid": "pass"}, {"seat": 1, "bid": 3},
                                                 {"seat": 1, "trump": "S"}]}
    got = _render(context, web_server.base, pitch, PITCH)
    assert "Bot 2 bid 3" in got["info"] and "3 cards in the stock" in got["info"]
    assert "Pitcher \u00b7 3" in got["seats"]
    assert got["log"][-1] == "Bot 2 names \u2660 spades trump"


@pytest.mark.parametrize("seed", [1, 2])
def test_a_euchre_replay_carries_the_rules_and_the_upcard(seed: int) -> None:
    game = Game(make_rules("euchre"), seed=seed)
    while game.hand.phase.value == "auction":
        seat = game.to_act
        assert seat is not None
        legal = game.hand.legal_actions()
        partner = Choose(seat, Choice.PARTNER)
        game.apply(partner if partner in legal else next((a for a in legal if isinstance(a, DeclareTrump)),
                                                          Bid(seat, None)))
    replay = replay_steps(game_record(game))
    assert replay["options"]["score-by"] == "tricks"
    steps = replay["hands"][0]["steps"]
    assert game.hand.upcard is not None
    assert {s["upcard"] for s in steps} == {str(CARDS[game.hand.upcard])}


def test_the_replay_page_of_a_euchre_record_names_the_maker_and_counts_tricks_by_team(
        web_server: Server, context: BrowserContext, tmp_path: Path) -> None:
    hands = bot_game("euchre", 3, 1)
    page = context.new_page()
    open_replay_file(page, web_server.base, hands, tmp_path)
    infos = []
    for _ in range(len(hands[0]["actions"]) + 1):
        infos.append(page.inner_text("#info"))
        page.click("#next")
    assert any("turned up" in info for info in infos)
    assert any("made trump" in info for info in infos) and not any(" bid " in info for info in infos)
    page.click("#last")
    result = page.inner_text("#result")
    # each team's count after a colon: "Seat 2 & Seat 4 4" would read as a seat named "Seat 4 4"
    assert re.search(r"Tricks taken: Seat 1 & Seat 3: \d, Seat 2 & Seat 4: \d\.", result), result


WORDS_JS = """async ([actions, state]) => {
    const words = await import('/static/words.js');
    const panel = await import('/static/panel.js');
    return actions.map(a => [words.hintWords(a, state),
                             panel.hintHtml({action: a, bot: 'heuristic'}, state)]);
}"""


def _hints(context: BrowserContext, base: str, actions: list[dict[str, Any]], state: dict[str, Any]) -> Any:
    page = context.new_page()
    page.goto(base + "/replay")
    return page.evaluate(WORDS_JS, [actions, state])


def test_the_seats_say_team_a_and_team_b_as_the_terminal_does(
        web_server: Server, context: BrowserContext) -> None:
    seats = _render(context, web_server.base, ORDERED, EUCHRE)["seats"]
    assert seats.count("team A") == 2 and seats.count("team B") == 2 and "team 1" not in seats


def test_a_hint_is_an_instruction_order_up_name_trump_or_go_alone(
        web_server: Server, context: BrowserContext) -> None:
    making = {**ORDERED, "phase": "auction", "to_act": 2, "log": ORDERED["log"][:1]}
    round_two = {**making, "log": [{"seat": s, "bid": "pass"} for s in range(6)]}
    got = _hints(context, web_server.base, [{"seat": 2, "trump": "S"}, {"seat": 2, "choose": "alone"},
                                            {"seat": 2, "bid": "pass"}], making)
    assert [words for words, _ in got] == ["order up 10\u2660", "go alone", "Pass"]
    assert all(words in html for words, html in got)
    [(named, _)] = _hints(context, web_server.base, [{"seat": 2, "trump": "H"}], round_two)
    assert named == "name \u2665 hearts trump"


def test_a_benny_turned_up_stands_for_the_suit_the_dealer_names(
        web_server: Server, context: BrowserContext) -> None:
    """euchre-uk: the dealer names the suit the Benny stands for; making that suit trump is ordering
    up (or, the dealer, picking up) the Benny, not naming trump."""
    log = [{"seat": 3, "trump": "H"}, {"seat": 0, "bid": "pass"}, {"seat": 1, "trump": "H"},
           {"seat": 1, "choose": "partner"}]
    benny = {**ORDERED, "upcard": "BJ", "trump": "H", "log": log}
    assert _render(context, web_server.base, benny, EUCHRE)["log"][:3] == [
        "Bot 4 names \u2665 hearts for the Benny", "Bot 1 passes", "Bot 2 orders up the Benny"]
    picked = {**benny, "pitcher": 3, "log": [log[0], *({"seat": s, "bid": "pass"} for s in range(3)),
                                             {"seat": 3, "trump": "H"}]}
    assert _render(context, web_server.base, picked, EUCHRE)["log"][-1] == "Bot 4 picks up the Benny"
    naming = {**benny, "phase": "auction", "to_act": 3, "log": []}
    [(first, _)] = _hints(context, web_server.base, [{"seat": 3, "trump": "S"}], naming)
    [(then, _)] = _hints(context, web_server.base, [{"seat": 0, "trump": "H"}], {**naming, "log": log[:1]})
    assert (first, then) == ("name \u2660 spades for the Benny", "order up the Benny")


def test_the_making_prompt_says_order_up_pick_up_name_trump_and_a_throw_in(
        web_server: Server, context: BrowserContext) -> None:
    """The seat to speak is asked to order up the upcard (the dealer: to pick it up), in round two to
    name trump (the upcard is turned down then), and a throw-in hand is thrown in, not a misdeal."""
    turn = {**ORDERED, "phase": "auction", "to_act": 2, "pitcher": None, "trump": None,
            "log": ORDERED["log"][:1], "legal": [{"seat": 2, "bid": "pass"}, {"seat": 2, "trump": "S"},
                                                 {"seat": 2, "choose": "misdeal"}]}
    got = _render(context, web_server.base, turn, EUCHRE)
    assert got["prompt"] == "Your turn: order up 10\u2660 or pass."
    assert "Throw in your hand" in got["buttons"] and "Call a misdeal" not in got["buttons"]
    dealer = _render(context, web_server.base, {**turn, "dealer": 2}, EUCHRE)
    assert dealer["prompt"] == "Your turn: pick up 10\u2660 or pass."
    round_two = {**turn, "log": [{"seat": s, "bid": "pass"} for s in range(6)],
                 "legal": [{"seat": 2, "bid": "pass"}, *({"seat": 2, "trump": s} for s in "CDH")]}
    assert _render(context, web_server.base, round_two, EUCHRE)["prompt"] == "Your turn: name trump or pass."
    thrown = {**turn, "log": [{"seat": 0, "choose": "misdeal"}], "legal": []}
    assert _render(context, web_server.base, thrown, EUCHRE)["log"] == ["Bot 1 throws in the hand"]
    pitch = {**turn, "upcard": None, "log": [{"seat": 0, "choose": "misdeal"}], "legal": []}
    assert _render(context, web_server.base, pitch, PITCH)["log"] == ["Bot 1 calls a misdeal"]


def test_the_dealers_discard_is_one_card_face_down(web_server: Server, context: BrowserContext) -> None:
    """Euchre's dealer discards one card (not "1 cards") face down, a farmer's hand gives its cards to
    the kitty; a Pitch discard keeps its words."""
    discard = {**ORDERED, "phase": "discard", "to_act": 2, "dealer": 2,
               "legal": [{"seat": 2, "discard": {"choose_from": ["9C", "TS"], "count": [1, 1]}}]}
    got = _render(context, web_server.base, discard, EUCHRE)
    assert got["prompt"] == "Your turn: choose 1 card to discard face down, then confirm."
    farmer = {**discard, "trump": None, "pitcher": None,
              "legal": [{"seat": 2, "discard": {"choose_from": ["9C", "TS", "9S"], "count": [3, 3]}}]}
    assert _render(context, web_server.base, farmer, EUCHRE)["prompt"] == (
        "Your turn: choose 3 cards to give to the kitty for as many of its own, then confirm.")
    many = {**discard, "upcard": None,
            "legal": [{"seat": 2, "discard": {"choose_from": ["9C", "TS"], "count": [0, 2]}}]}
    assert _render(context, web_server.base, many, PITCH)["prompt"] == (
        "Your turn: choose 0 to 2 cards to discard, then confirm.")


SUMMARY_JS = """async () => {
    const words = await import('/static/words.js');
    const name = (s) => `Bot ${s}`;
    return [words.madeWords({misdeal: true}, name, {tricks: true}), words.madeWords({misdeal: true}, name),
            words.awardWords({point: 'low', card: '2S', seat: 1, scored: false}, name)]; }"""


def test_a_thrown_in_hand_and_an_award_not_scored_are_told_in_words(
        web_server: Server, context: BrowserContext) -> None:
    page = context.new_page()
    page.goto(web_server.base + "/replay")
    thrown, misdeal, award = page.evaluate(SUMMARY_JS)
    assert thrown == "The hand is thrown in: it is not scored and the cards are dealt again."
    assert misdeal == "Misdeal: the hand is dealt again."
    assert award == "Low (2\u2660): Bot 1 \u2014 not scored"


def test_a_loner_is_shown_alone_and_the_partner_sits_out(web_server: Server, context: BrowserContext) -> None:
    """Going alone shows on the seats (the maker's badge says alone, the partner sits out) and in the
    hand's line; playing with the partner shows neither."""
    alone = {**ORDERED, "log": [*ORDERED["log"][:2], {"seat": 1, "choose": "alone"}],
             "hand_sizes": [5, 5, 5, 0]}
    got = _render(context, web_server.base, alone, EUCHRE)
    assert "Bot 2 made trump alone" in got["info"]
    assert "Maker \u00b7 alone" in got["seats"] and got["seats"].count("Sits out") == 1
    seat3 = got["seats"].split('data-seat="3"')[1].split('data-seat=')[0]
    assert "Sits out" in seat3
    partner = _render(context, web_server.base, ORDERED, EUCHRE)
    assert "alone" not in partner["info"] and "Sits out" not in partner["seats"]


def test_a_defender_against_a_loner_is_asked_to_defend_alone(
        web_server: Server, context: BrowserContext) -> None:
    """With ``defend-alone-points``, a defender asked after the maker went alone sees *Defend alone*,
    and one who does is told as defending alone, not going alone."""
    loner = [*ORDERED["log"][:2], {"seat": 1, "choose": "alone"}]
    asked = {**ORDERED, "phase": "auction", "to_act": 2, "log": loner,
             "legal": [{"seat": 2, "choose": "alone"}, {"seat": 2, "choose": "partner"}]}
    got = _render(context, web_server.base, asked, EUCHRE)
    assert got["buttons"] == ["Defend alone", "Play with your partner"]
    assert got["prompt"] == "Your turn: defend alone or play with your partner."
    told = _render(context, web_server.base, {**asked, "log": [*loner, {"seat": 0, "choose": "alone"}],
                                            "legal": []}, EUCHRE)
    assert told["log"][-2:] == ["Bot 2 goes alone", "Bot 1 defends alone"]


GROUP_JS = """async ([cards, trump, options]) => {
    const { groupHand } = await import('/static/cards.js');
    const { drawingOptions } = await import('/static/panel.js');
    const o = drawingOptions(options);
    return groupHand(cards, trump, o.offJack, o.bowers); }"""


def test_euchre_trumps_are_sorted_with_the_benny_and_the_bowers_first(
        web_server: Server, context: BrowserContext) -> None:
    """Your cards show trumps highest first: at Euchre the right bower, the left bower, then the ace
    (the Benny above them at euchre-uk); at Pitch the ace first, then the jack and the off-jack."""
    page = context.new_page()
    page.goto(web_server.base + "/replay")
    hand = ["AC", "JS", "9C", "JC", "KH"]
    euchre = {"off-jack": True, "bowers": True}
    assert page.evaluate(GROUP_JS, [hand, "C", euchre]) == [["C", ["JC", "JS", "AC", "9C"]], ["H", ["KH"]]]
    assert page.evaluate(GROUP_JS, [["AC", "JC", "BJ"], "C", {**euchre, "benny": True}]) == [
        ["C", ["BJ", "JC", "AC"]]]
    assert page.evaluate(GROUP_JS, [hand, "C", {"off-jack": True}]) == [["C", ["AC", "JC", "JS", "9C"]],
                                                                        ["H", ["KH"]]]


SUMMARY_HTML_JS = """async ([over, options]) => {
    const { summaryHtml } = await import('/static/summary.js');
    const render = await import('/static/render.js');
    const table = {players: 4, seats: [0, 1, 2, 3].map(s => ({seat: s, kind: 'bot', bot: 'heuristic'}))};
    const ctx = {name: render.namer(table, 2), groups: render.sides(4, 2), options, seat: 2};
    const box = document.createElement('div');
    box.innerHTML = summaryHtml(over, ctx);
    return [...box.querySelectorAll('ul.awards li')].map(li => li.textContent); }"""


def test_a_euchre_summary_credits_the_side_that_scores(web_server: Server, context: BrowserContext) -> None:
    """The award of a hand scored by tricks names the side that scores, both partners."""
    result = {"maker": 0, "trump": "S", "made": False, "scores": [0, 2, 0, 2], "delta": [0, 2, 0, 2],
              "tricks": [1, 3, 0, 1], "awards": [{"point": "euchre", "card": None, "seat": 1, "value": 2}]}
    page = context.new_page()
    page.goto(web_server.base + "/replay")
    got = page.evaluate(SUMMARY_HTML_JS, [{"hand": 0, "result": result, "tricks": []}, EUCHRE])
    assert got == ["Euchre: Bot 2 & Bot 4, 2 points"]


HAND_JS = """async ([state, options]) => {
    const render = await import('/static/render.js');
    const { drawingOptions } = await import('/static/panel.js');
    const c = {state, seat: 2, opts: drawingOptions(options), offJack: true, selected: new Set(), hint: null,
               name: (s) => `Bot ${s}`};
    const box = document.createElement('div');
    box.innerHTML = render.handHtml(c);
    return [...box.querySelectorAll('.glabel')].map(e => e.textContent); }"""


def test_the_benny_in_hand_before_trump_is_made_is_grouped_as_the_benny(
        web_server: Server, context: BrowserContext) -> None:
    page = context.new_page()
    page.goto(web_server.base + "/replay")
    state = {**ORDERED, "phase": "auction", "trump": None, "to_act": 0, "hand": ["BJ", "9C", "AH"]}
    labels = page.evaluate(HAND_JS, [state, {**EUCHRE, "benny": True, "off-jack": True, "bowers": True}])
    assert labels[-1] == "The Benny" and "Jokers" not in labels
    pitch = page.evaluate(HAND_JS, [{**state, "hand": ["BJ", "9C"]}, {**PITCH, "jokers": 2}])
    assert pitch[-1] == "Jokers"
