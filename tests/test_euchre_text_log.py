"""The plain-text log of a Euchre hand (``pitch play --all-bots --fast``, ``pitch replay --text``) in
the words of the game: "Making trump", who makes which suit, and the dealer picking up the upcard."""

from __future__ import annotations

import pytest

from pitchkit import Game, make_rules
from pitchkit.engine.actions import Bid, Choice, Choose, DeclareTrump, Discard
from pitchkit.engine.cards import CARDS, parse_cards
from pitchkit.tui.narrate import live_lines, seat_names, trick_lines
from pitchkit.tui.textlog import hand_lines
from tests.test_euchre_alone import FARMER, KITTY, deal


def first_seat_orders_up(seed: int) -> Game:
    """A Euchre game whose first hand's upcard the first seat to speak orders up, with its partner."""
    game = Game(make_rules("euchre"), seed=seed)
    seat = game.to_act
    assert seat is not None
    game.apply(next(a for a in game.hand.legal_actions() if isinstance(a, DeclareTrump)))
    game.apply(Choose(seat, Choice.PARTNER))
    return game


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_euchre_text_log_says_making_trump_and_who_makes_which_suit(seed: int) -> None:
    game = first_seat_orders_up(seed)
    hand = game.hand
    maker = hand.log[0].seat
    assert hand.upcard is not None
    suit = CARDS[hand.upcard].suit
    assert suit is not None
    lines = trick_lines(hand, seat_names(4, None), pack=True)
    making = [line for line in lines if line.startswith("Making trump: ")]
    assert making == [f"Making trump: Seat {maker} makes {suit.long_name} trump, "
                      f"Seat {maker} plays with the partner"]
    assert not any(line.startswith("Auction") or "are trump" in line for line in lines)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_euchre_text_log_says_the_dealer_picks_up_the_upcard(seed: int) -> None:
    game = first_seat_orders_up(seed)
    hand = game.hand
    assert hand.upcard is not None
    lines = trick_lines(hand, seat_names(4, None), pack=True)
    assert f"Seat {hand.dealer} picks up {CARDS[hand.upcard]}" in lines
    assert not any("stock" in line for line in lines)


def test_a_pitch_text_log_still_says_auction() -> None:
    game = Game(make_rules("pct"), seed=1)
    seat = game.to_act
    assert seat is not None
    game.apply(Bid(seat, 2))
    lines = trick_lines(game.hand, seat_names(4, None))
    assert lines == [f"Auction: Seat {seat} bids 2"]


def test_the_euchre_text_log_says_a_farmer_takes_cards_from_the_kitty() -> None:
    hand = deal(FARMER, KITTY, make_rules("euchre").with_options({"farmers-hand": 3}))
    hand.apply(Bid(0, None))
    hand.apply(Choose(1, Choice.FARMER))
    hand.apply(Discard(1, tuple(sorted(parse_cards(["9C", "TC", "9D"])))))
    lines = trick_lines(hand, seat_names(4, None), pack=True)
    assert "Seat 1 takes QH JS KS from the kitty" in lines
    assert not any("stock" in line for line in lines)


def test_a_seat_that_passes_is_said_to_pass_in_the_text_log() -> None:
    game = Game(make_rules("pct"), seed=1)
    first = game.to_act
    assert first is not None
    game.apply(Bid(first, None))
    second = game.to_act
    assert second is not None
    game.apply(Bid(second, 2))
    lines = trick_lines(game.hand, seat_names(4, None))
    assert lines == [f"Auction: Seat {first} passes, Seat {second} bids 2"]


@pytest.mark.parametrize("seed", [1, 2])
def test_a_euchre_pass_in_the_live_log_is_you_pass_for_the_human(seed: int) -> None:
    game = Game(make_rules("euchre"), seed=seed)
    seat = game.to_act
    assert seat is not None
    game.apply(Bid(seat, None))
    assert live_lines(game.hand, 1, seat_names(4, seat)) == ["You pass"]
    assert live_lines(game.hand, 1, seat_names(4, None)) == [f"Seat {seat} passes"]


def test_each_hand_of_a_partnership_text_log_gives_each_teams_score_before_it() -> None:
    """Teams score as one, so a hand's heading gives each team's score once ("team A 0, team B 1"),
    not one number per seat; a game of individuals keeps a number per seat."""
    game = Game(make_rules("euchre"), seed=3)
    while len(game.history) < 2:
        seat = game.to_act
        assert seat is not None
        game.apply(game.hand.legal_actions()[0])
    names = seat_names(4, None)
    second = game.history[1]
    a, b = second.scores_before[0], second.scores_before[1]
    heading = hand_lines(second, 2, names)[0]
    assert heading == f"Hand 2: Seat {second.dealer} deals; scores before: team A {a}, team B {b}"
    pct = Game(make_rules("pct"), seed=3)
    assert hand_lines(pct.hand, 1, names)[0].endswith("scores before: 0 0 0 0")
