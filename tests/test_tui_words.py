"""The auction in the logs' words: every seat's action in the present tense, in the person its name
wants ("Seat 3 bids 2" beside "Seat 2 passes", "You bid 3"), as the table and the text log tell it."""

from __future__ import annotations

import pytest

from pitchkit import Game, make_rules
from pitchkit.engine.actions import Bid, Choice, Choose
from pitchkit.tui.narrate import auction_words, seat_names, trick_lines

NAMES = seat_names(4, 0)


def test_a_bid_is_told_in_the_present_like_a_pass() -> None:
    rules = make_rules("pct")
    assert auction_words(Bid(3, 2), rules, NAMES) == "Seat 3 bids 2"
    assert auction_words(Bid(2, None), rules, NAMES) == "Seat 2 passes"
    assert auction_words(Bid(0, 3), rules, NAMES) == "You bid 3"
    assert auction_words(Bid(0, None), rules, NAMES) == "You pass"


def test_a_smudge_bid_keeps_its_name() -> None:
    rules = make_rules("ten-point")
    assert auction_words(Bid(1, rules.smudge), rules, NAMES) == "Seat 1 bids smudge"


@pytest.mark.parametrize("choice", list(Choice))
def test_every_choice_is_told_in_the_present_in_both_persons(choice: Choice) -> None:
    """The other seat's verb is the player's with -s or -es; the rest of the words are the same."""
    rules = make_rules("pct")
    mine = auction_words(Choose(0, choice), rules, NAMES).removeprefix("You ").split(" ", 1)
    theirs = auction_words(Choose(1, choice), rules, NAMES).removeprefix("Seat 1 ").split(" ", 1)
    assert theirs[0] in (mine[0] + "s", mine[0] + "es"), (mine, theirs)
    assert theirs[1:] == mine[1:]


def test_the_text_log_says_the_dealer_runs_it() -> None:
    """pct, take it or run it: everyone passes to the dealer, who runs it."""
    game = Game(make_rules("pct"), seed=1)
    dealer = game.hand.dealer
    while Choose(dealer, Choice.RUN) not in game.hand.legal_actions():
        seat = game.to_act
        assert seat is not None and seat != dealer
        game.apply(Bid(seat, None))
    game.apply(Choose(dealer, Choice.RUN))
    lines = trick_lines(game.hand, seat_names(4, None))
    assert lines[0].endswith(f"Seat {dealer} runs it"), lines
    assert lines[0].count("passes") == 3, lines
