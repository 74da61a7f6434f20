"""The table explains the hand: partners and teams, special cards, the dealer's choices, why a
point went where it went; driven through Textual's pilot."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from textual.pilot import Pilot

from pitchkit import Bid, Game, make_rules
from pitchkit.bots import random_action
from pitchkit.engine.actions import Action, Choice, Choose, Phase, Play
from pitchkit.engine.cards import Card, card_label, parse_cards
from pitchkit.engine.record import load_hand
from pitchkit.engine.view import View, make_view
from pitchkit.tui.app import PlayApp
from pitchkit.tui.cards import card_markup
from pitchkit.tui.explain import known_high_low
from pitchkit.tui.narrate import result_lines
from pitchkit.tui.screens import SummaryScreen
from pitchkit.tui.session import Session
from tests.test_tui import PassingBot, log_text, make_app, play_out_hand, run, settle, text_of


class OutbiddingBot(PassingBot):
    """Passes in the first round of bidding; after the dealer runs it, bids the lowest it may."""

    def choose(self, view: View) -> Action:
        """Pass, or the lowest bid once the dealer ran it."""
        bids = [a for a in view.legal if isinstance(a, Bid) and a.amount is not None]
        if view.ran and view.phase == Phase.AUCTION and bids:
            return min(bids, key=lambda a: a.amount or 0)
        return super().choose(view)


def dealer_app(variant: str, tmp_path: Path, bot: type[PassingBot] = PassingBot,
               **options: object) -> PlayApp:
    """The human deals (seat 0, last to bid); the bots are ``bot``s."""
    return make_app(make_rules(variant, options), tmp_path, dealer=0, passing=True, bot=bot)


def test_run_it_marks_the_new_cards_and_the_dealer_pitches_when_nobody_outbids(tmp_path: Path) -> None:
    """pct: everyone passes to the dealer, who runs it: the log says what that does, the three new
    cards are marked in the hand, and with nobody outbidding the log says the dealer pitches."""
    app = dealer_app("pct", tmp_path)

    async def script(pilot: Pilot[None]) -> None:
        s = app.session
        assert s.human_turn and Choose(0, Choice.RUN) in s.view(0).legal
        await pilot.press("r")
        await settle(app, pilot)
        assert "You run it: everyone gets 3 more cards from the pack and bids again" in log_text(app)
        assert "Nobody outbid the dealer: You pitch for 2." in log_text(app)
        hand = s.game.hand
        new = set(hand.holding(0)) - set(hand.initial_hands[0])
        assert len(new) == 3
        assert "(underlined: new from the pack)" in text_of(app, "#hand")
        await pilot.press("q")

    run(app, script)


@pytest.mark.slow
def test_selling_the_bid_is_told(tmp_path: Path) -> None:
    """pct: after running it, Seat 1 outbids the dealer; the dealer sells and the log says who
    pitches for what."""
    app = dealer_app("pct", tmp_path, OutbiddingBot)

    async def script(pilot: Pilot[None]) -> None:
        s = app.session
        await pilot.press("r")
        await settle(app, pilot)
        assert s.human_turn and Choose(0, Choice.SELL) in s.view(0).legal
        await pilot.press("s")
        await settle(app, pilot)
        hand = s.game.hand
        assert hand.pitcher is not None and hand.pitcher != 0
        assert f"You sell the bid: Seat {hand.pitcher} pitches for {hand.bid}." in log_text(app)
        await pilot.press("q")

    run(app, script)


def test_a_stuck_dealer_is_told(tmp_path: Path) -> None:
    """auction: everyone else passed, so the dealer must bid; the log says so."""
    app = dealer_app("auction", tmp_path)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("2")
        await settle(app, pilot)
        assert "Everyone else passed, so the dealer is stuck: You take it for 2." in log_text(app)
        await pilot.press("q")

    run(app, script)


def test_ten_point_partners_team_totals_jokers_and_the_bid_to_go_out_state(tmp_path: Path) -> None:
    """ten-point with target 10 (every side is within ten of it from the start): the partners and
    the jokers are told at the deal, the hand panel shows each team's score and the "bid to go out"
    state."""
    app = dealer_app("ten-point", tmp_path, target=10)

    async def script(pilot: Pilot[None]) -> None:
        log = log_text(app)
        assert "Partners: You and Seat 2 (team A) against Seat 1 and Seat 3 (team B)." in log
        assert "BJ and LJ are the big and little joker: trumps" in log
        assert "Every side has 0 or more: only the bidding side can go out" in log
        info = text_of(app, "#info")
        assert "Bid to go out" in info and "Team A 0" in info and "Team B 0" in info
        await pilot.press("q")

    run(app, script)


@pytest.mark.slow
def test_seven_point_teams_in_the_log_and_the_summary(tmp_path: Path) -> None:
    """seven-point: once high and low are known, the log names the teams; the summary does too,
    and names the points in words."""
    app = dealer_app("seven-point", tmp_path)

    async def script(pilot: Pilot[None]) -> None:
        await play_out_hand(app, pilot)
        screen = app.screen
        assert isinstance(screen, SummaryScreen)
        summary = "\n".join(screen.lines)
        res = app.session.game.history[0].result
        assert res is not None
        assert "Teams: " in summary and "Teams: " in log_text(app)
        assert "Partners: " in text_of(app, "#info")
        assert "little joker" in summary and "little-joker" not in summary
        await pilot.press("q")

    run(app, script)


@pytest.mark.slow
def test_the_jick_is_marked_as_a_trump_when_played(tmp_path: Path) -> None:
    """ten-point, bots only: the play of the jick says it is a trump."""
    rules = make_rules("ten-point")
    app = PlayApp(lambda n: Session(rules, seed=1, human=None, bot="heuristic", max_hands=6),
                  delay=0, summary_seconds=0.01)

    async def script(pilot: Pilot[None]) -> None:
        for _ in range(400):
            if "(the jick (off-jack), a trump)" in log_text(app):
                break
            await pilot.pause(0.01)
        assert "(the jick (off-jack), a trump)" in log_text(app)
        await pilot.press("q")

    run(app, script, wait=False)


def test_the_summary_says_a_point_nobody_scored() -> None:
    """A jack not in play and a game point tied on card points are not left out of the summary:
    each has its line saying that nobody scored it and why."""
    game = Game(make_rules("pct"), seed=6)
    rng = random.Random(6)
    hand = game.hand
    while not hand.done:
        hand.apply(rng.choice(hand.legal_actions()))
    assert hand.result is not None and {a.point for a in hand.result.awards} == {"high", "low"}
    lines = result_lines(hand, ["You", "Seat 1", "Seat 2", "Seat 3"], fmt=card_markup)
    jack = next(line for line in lines if line.strip().startswith("jack"))
    game_line = next(line for line in lines if line.strip().startswith("game"))
    assert "nobody" in jack and "not in play" in jack
    assert "nobody" in game_line and "tied" in game_line


def test_low_to_the_player_who_played_it_says_why() -> None:
    """pct: Seat 1 plays the two of trump under Seat 0's ace; low is Seat 1's, and the summary
    says it went to the player of the card, not the trick's winner."""
    hand = load_hand({"variant": "pct", "dealer": 3,
                      "hands": [["AS", "KS", "2H", "TD", "9C", "3H"], ["2S", "QS", "4H", "5H", "6D", "7D"],
                                ["JD", "8C", "9D", "TH", "JH", "QH"], ["KC", "KD", "KH", "AC", "AD", "AH"]]})
    rng = random.Random(0)
    hand.apply(Bid(0, 2))
    for seat in (1, 2, 3):
        hand.apply(Bid(seat, None))
    hand.apply(Play(0, parse_cards(["AS"])[0]))
    hand.apply(Play(1, parse_cards(["2S"])[0]))
    while not hand.done:
        assert hand.to_act is not None
        hand.apply(random_action(make_view(hand, hand.to_act), rng))
    names = ("Seat 0", "Seat 1", "Seat 2", "Seat 3")
    lines = result_lines(hand, names, fmt=card_label)
    low = next(line for line in lines if line.strip().startswith("low"))
    assert low.strip() == ("low 2♠: Seat 1 (played it; low goes to the player of the card, "
                           "not the trick's winner)")


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 6))
def test_seven_point_teams_once_known_stay_as_the_hand_ends(seed: int, players: int) -> None:
    """Whatever a seat is told of high and low during the hand is what the scoring finds."""
    game = Game(make_rules("seven-point", players=players), seed=seed)
    rng = random.Random(seed)
    hand = game.hand
    told: list[tuple[tuple[int, Card] | None, tuple[int, Card] | None]] = []
    while not hand.done:
        seat = hand.to_act
        assert seat is not None
        hand.apply(random_action(make_view(hand, seat), rng))
        for s in hand.seats:
            high, low = known_high_low(make_view(hand, s))
            told.append((high, low))
    res = hand.result
    assert res is not None
    if res.misdeal or hand.trump is None:
        return
    final_high, final_low = known_high_low(make_view(hand, hand.seats[0]))
    assert final_high is not None and final_low is not None
    assert res.side[final_high[0]] == res.side[final_low[0]]
    for high, low in told:
        assert high is None or high == final_high
        assert low is None or low == final_low
