"""Judges' rulings from the seeds: a ruling ends the hand in progress with score changes (and seats that
sit out the next hand); it is part of the hand record, so ``pitch score`` replays it."""

from __future__ import annotations

import pytest

from pitchkit import Game, Hand, IllegalActionError, Phase, make_rules
from pitchkit.engine.actions import Ruling
from pitchkit.engine.record import game_record, score_document
from pitchkit.tournament.rulings import MisplayLog, misplay, pitch_out_of_turn, void_hand
from tests.scenarios import act, cards

HAND_A = ("AS KS 9C 8C 7C 6C", "2S 3H 4H 5H 6H 7H", "JS 2D 3D 4D 5D 6D", "QS 8H 9H TH 7D 8D")
STOCK_A = "2C 3C 4C 5C TC JC QC KC AC 9D TD JD QD KD AD"


def tournament_game() -> Game:
    rules = make_rules("pct-tournament")
    game = Game(rules, dealer=3, seed=2)
    game.set_hand(Hand(rules, dealer=3, hands=[cards(h) for h in HAND_A], stock=cards(STOCK_A)))
    return game


def test_tournament_rule37_uncorrectable_misplay_offender_sits_out_and_loses_the_highest_bid() -> None:
    """Seed 000 tournament rules 36-37: a misplay that cannot be corrected: the offender sits out the
    next hand and loses the hand's highest bid, and the cards are re-dealt to the others (the same
    dealer deals again). The ruling is in the record, which ``pitch score`` replays to the same
    scores."""
    game = tournament_game()
    act(game, "0 bid 3", "1 pass", "2 pass", "3 pass", "0 play AS")
    ruling = misplay(game.hand, 2)
    assert ruling == Ruling(2, "misplay", (0, 0, -3, 0), (2,))
    assert ruling not in game.legal_actions()
    result = game.apply(ruling)
    assert result is not None and result.ruling == ruling
    assert game.scores == [0, 0, -3, 0] and game.hands_scored == 0
    nxt = game.hand
    assert nxt.dealer == 3 and nxt.seats == (0, 1, 3) and not nxt.holding(2)
    record = game_record(game, dealt=True)
    out = score_document(record)
    assert out["hands"][0]["ruling"] == "misplay" and out["scores"] == [0, 0, -3, 0]  # type: ignore[index]
    entry = record[0]["actions"][-1]  # type: ignore[index]
    assert entry == {"seat": 2, "ruling": "misplay", "delta": [0, 0, -3, 0], "sit_out": [2]}


def test_tournament_rule37_offending_dealer_sits_out_the_next_dealer_deals() -> None:
    """Decision: when the offender is the dealer, the next seat in turn deals to the others."""
    game = tournament_game()
    act(game, "0 bid 2", "1 pass", "2 pass", "3 pass")
    game.apply(misplay(game.hand, 3))
    assert game.hand.dealer == 0 and game.hand.seats == (0, 1, 2)


def test_tournament_rule38_second_misplay_in_a_go_round_disqualifies() -> None:
    """Seed 000 tournament rule 38: a second misplay by the same player in one Go-Round disqualifies him."""
    log = MisplayLog()
    assert not log.record(1, "Ann", correctable=True)
    assert not log.record(1, "Bob", correctable=False)
    assert not log.record(2, "Ann", correctable=False)
    assert log.record(2, "Ann", correctable=True)


def ten_point_after_bid(bidder: int, bid: str) -> Hand:
    hands = ["2S 3S 4S 5S 6S 7S 8S 9S TS", "2D 3D 4D 5D 6D 7D 8D 9D TD", "AH KH 2C 3C 4C 5C 6C 7C 8C",
             "QS KS AS QD KD AD 9C TC JC"]
    hand = Hand(make_rules("ten-point"), dealer=3, hands=[cards(h) for h in hands])
    order = [0, 1, 2, 3]
    act(hand, *(f"{s} bid {bid}" if s == bidder else f"{s} pass" for s in order))
    return hand


def test_ten_point_pitch_out_of_turn_a_bidding_team_is_set_opponents_get_ten() -> None:
    """Seed 003 "Pitch out of tour" a): the offending team has the bid: "they will automatically be
    sent the value of their bid and opposing team received 10 points"."""
    hand = ten_point_after_bid(2, "6")
    ruling = pitch_out_of_turn(hand, 0)
    assert ruling.delta == (-6, 10, -6, 10)
    hand.apply(ruling)
    assert hand.phase == Phase.DONE and hand.result is not None and hand.result.delta == (-6, 10, -6, 10)


def test_ten_point_pitch_out_of_turn_b_opponents_get_ten() -> None:
    """Seed 003 "Pitch out of tour" b): the offending team does not have the bid: "their opponents
    receive an automatic 10 points"."""
    hand = ten_point_after_bid(2, "6")
    assert pitch_out_of_turn(hand, 1).delta == (10, 0, 10, 0)


def test_ten_point_unequal_number_of_cards_voids_the_hand() -> None:
    """Seed 003 Misc.: an unequal number of cards found during play: "the entire hand will be void"."""
    rules = make_rules("ten-point")
    game = Game(rules, dealer=3, seed=1)
    scores_before = list(game.scores)
    result = game.apply(void_hand(game.hand, 1))
    assert result is not None and result.delta == (0, 0, 0, 0) and game.scores == scores_before
    assert game.hand.dealer == 3 and game.hand.seats == (0, 1, 2, 3)


@pytest.mark.parametrize("bad", [
    Ruling(0, "", (0, 0, 0, 0)),
    Ruling(0, "misplay", (0, 0, 0)),
    Ruling(0, "misplay", (0, 0, 0, 0), (1, 2, 3)),
    Ruling(0, "misplay", (0, 0, 0, 0), (7,)),
    Ruling(9, "misplay", (0, 0, 0, 0)),
])
def test_a_bad_ruling_is_refused_and_changes_nothing(bad: Ruling) -> None:
    game = tournament_game()
    before = game_record(game, dealt=True)
    with pytest.raises(IllegalActionError):
        game.apply(bad)
    assert game_record(game, dealt=True) == before and not game.hand.done
