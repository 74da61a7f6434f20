"""Preset ``smudge``: "Rules for Pitch", the five-point game with the smudge (seed 001)."""

from __future__ import annotations

import pytest

from pitchkit import Hand, IllegalActionError, Phase, RulesError, make_rules
from pitchkit.engine.record import hand_record, score_document
from tests.scenarios import act, awards, deal, legal, play, result

# Hand A: seat 0 leads AS and takes every trick; seat 1 plays 2S (the low), seat 2 JS, into it.
HAND_A = ("AS KS 9C 8C 7C 6C", "2S 3H 4H 5H 6H 7H", "JS 2D 3D 4D 5D 6D", "QS 8H 9H TH 7D 8D")
PLAY_A = "AS 2S JS QS  KS 3H 2D 8H  9C 4H 3D 9H  8C 5H 4D TH  7C 6H 5D 7D  6C 7H 6D 8D"

# Hand B: no jack of trump dealt; seat 0 takes all six tricks, high, low and game.
HAND_B = ("AS KS 2S 9C 8C 7C", "3H 4H 5H 6H 7H 8H", "2D 3D 4D 5D 6D 7D", "QS 9H TH 8D 9D TD")
PLAY_B = "AS 3H 2D QS  KS 4H 3D 9H  2S 5H 4D TH  9C 6H 5D 8D  8C 7H 6D 9D  7C 8H 7D TD"

# Hand F: seat 0 holds AS KS JS 2S and wins high, low, jack and game (20 card points) but loses
# the fourth trick to seat 1's 3C.
HAND_F = ("AS KS JS 2S 2C QD", "3C 3H 4H 5H 6H 7H", "2D 3D 4D 5D 6D 7D", "8H 9H 2H 8D 9D TD")
PLAY_F = "AS 3H 2D TD  KS 4H 3D 8H  JS 5H 4D 9H  2C 3C 5D 2H  6H 6D 8D 2S  QD 7H 7D 9D"


def played(hand_cards: tuple[str, ...], bid: str, plays: str, *, scores: list[int] | None = None) -> Hand:
    h = deal("smudge", *hand_cards, dealer=3, scores=scores)
    act(h, f"0 bid {bid}", "1 pass", "2 pass", "3 pass")
    play(h, plays)
    return h


def test_smudge_players_two_to_seven_default_four() -> None:
    """Brief Decision (seed 001 is silent): 2-7 individuals, default 4; 52 cards, six each."""
    rules = make_rules("smudge")
    assert (rules.players, rules.hand_size, rules.deck_size, rules.teams) == (4, 6, 52, 0)
    assert make_rules("smudge", players=7).players == 7
    with pytest.raises(RulesError):
        make_rules("smudge", players=8)


def test_smudge_bids_two_to_five_five_is_smudge() -> None:
    """Seed 001 ("if you bid 5 or smudge"); Decision: minimum 2; one round, each bid beats the
    last; the smudge bid may be written 5 or "smudge"."""
    rules = make_rules("smudge")
    assert rules.parse_bid("smudge") == rules.parse_bid("5") == 5
    h = deal("smudge", *HAND_A, dealer=3)
    assert legal(h) == {"pass", "bid 2", "bid 3", "bid 4", "bid 5"}
    with pytest.raises(IllegalActionError):
        act(h, "0 bid 1")
    act(h, "0 bid 3")
    assert legal(h) == {"pass", "bid 4", "bid 5"}
    act(h, "1 bid smudge")
    assert legal(h) == {"pass"}
    act(h, "2 pass", "3 pass")
    assert (h.pitcher, h.bid, h.phase) == (1, 5, Phase.PLAY)


def test_smudge_all_pass_dealer_takes_it_for_two() -> None:
    """Brief Decision: if all pass the dealer must take it for exactly 2 (no running it, no
    smudge: ``stuck-dealer-bid = exact``)."""
    h = deal("smudge", *HAND_A, dealer=3)
    act(h, "0 pass", "1 pass", "2 pass")
    assert legal(h) == {"bid 2"}
    with pytest.raises(IllegalActionError, match="exactly 2"):
        act(h, "3 bid smudge")
    act(h, "3 bid 2")
    assert (h.pitcher, h.bid) == (3, 2)


def test_smudge_pitcher_leads_first_card_sets_trump() -> None:
    """Seed 001: "the highest bidder is called the pitcher and this player is the first to play a
    card. The very first card led determines the trump suit"."""
    h = deal("smudge", *HAND_A, dealer=3)
    act(h, "0 pass", "1 bid 2", "2 pass", "3 pass")
    assert (h.pitcher, h.to_act, h.trump) == (1, 1, None)
    play(h, "3H")
    assert h.trump == 2


def test_smudge_high_low_jack_to_capturer() -> None:
    """Seed 001 a)-c): "winning the highest/lowest card of trump", "winning the jack": seat 1
    played the low (2S) and seat 2 the jack (JS) into seat 0's trick, so both go to seat 0."""
    h = played(HAND_A, "2", PLAY_A)
    assert awards(h)[:3] == [("high", "AS", 0), ("low", "2S", 0), ("jack", "JS", 0)]


def test_smudge_point_for_high_low_jack_and_all_six_tricks() -> None:
    """Seed 001 e): "winning a) through c) plus winning all six tricks" is a fifth point; scored in
    the order high, low, jack, game, smudge: 5 for seat 0."""
    h = played(HAND_A, "2", PLAY_A)
    assert awards(h) == [("high", "AS", 0), ("low", "2S", 0), ("jack", "JS", 0), ("game", None, 0),
                         ("smudge", None, 0)]
    assert result(h).delta == (5, 0, 0, 0)


def test_smudge_no_smudge_point_without_all_six_tricks() -> None:
    """Seed 001 e): high, low, jack and game without the fourth trick: 4 points, no smudge."""
    h = played(HAND_F, "4", PLAY_F)
    r = result(h)
    assert [w for _, w in h.tricks] == [0, 0, 0, 1, 0, 0]
    assert awards(h) == [("high", "AS", 0), ("low", "2S", 0), ("jack", "JS", 0), ("game", None, 0)]
    assert (r.made, r.delta) == (True, (4, 0, 0, 0))


def test_smudge_bid_five_made_with_all_five_points() -> None:
    """Seed 001: a bid of 5 (smudge) is made only by winning all five points."""
    h = played(HAND_A, "smudge", PLAY_A)
    r = result(h)
    assert (r.bid, r.made, r.delta) == (5, True, (5, 0, 0, 0))


def test_smudge_bid_five_set_without_all_six_tricks() -> None:
    """Seed 001 NOTE "you must win all six tricks": 4 of 5 points sets the smudge bid (minus 5)."""
    r = result(played(HAND_F, "5", PLAY_F))
    assert (r.made, r.delta) == (False, (-5, 0, 0, 0))


def test_smudge_bid_five_needs_jack_dealt() -> None:
    """Seed 001 NOTE: "the jack of the trump suit will have to have been dealt out": every trick,
    high, low and game but no jack dealt is 3 points, no smudge point; a smudge bid is set."""
    h = played(HAND_B, "smudge", PLAY_B)
    r = result(h)
    assert [w for _, w in h.tricks] == [0] * 6
    assert awards(h) == [("high", "AS", 0), ("low", "2S", 0), ("game", None, 0)]
    assert (r.made, r.delta) == (False, (-5, 0, 0, 0))


def test_smudge_game_tie_gives_nobody() -> None:
    """Seed 001: "If more than one player ties for highest card points total then no one wins that
    major point". Seats 0 and 1 take 4 card points each."""
    h = played(("AS 3C 4C 5C 6C 7C", "AC 2H 3H 4H 5H 6H", "2D 3D 4D 5D 6D 7D", "7H 8H 9H 8D 9D 8C"), "2",
               "AS 2H 2D 7H  3C AC 3D 8C  3H 4D 8H 4C  8D 5C 4H 5D  9D 6C 5H 6D  9H 7C 6H 7D")
    assert result(h).card_points == (4, 4, 0, 0)
    assert [a[0] for a in awards(h)] == ["high", "low"]


def test_smudge_set_loses_bid_underbid_keeps_all() -> None:
    """Seed 001: a pitcher short of the bid loses the bid; "Players may underbid without penalty"
    and keep every point won."""
    assert result(played(HAND_F, "2", PLAY_F)).delta == (4, 0, 0, 0)
    r = result(played(HAND_B, "4", PLAY_B, scores=[2, 0, 0, 0]))
    assert (r.made, r.delta, r.scores) == (False, (-4, 0, 0, 0), (-2, 0, 0, 0))


# Hand O: seat 1 wins the first trick with AS over seat 0's 2S (high and low to seat 1), seat 0
# then takes jack and game (33 card points against 4).
HAND_O = ("2S JS TC TD TH QC", "AS 3H 4H 5H 6H 7H", "2D 3D 4D 5D 6D 7D", "8H 9H 2H 8D 9D 2C")
PLAY_O = "2S AS 2D 8H  3H 3D 9H JS  TC 4H 4D 2C  TD 5H 5D 8D  TH 6H 6D 2H  QC 7H 7D 9D"


def test_smudge_scoring_order_first_to_reach_goal_wins() -> None:
    """Seed 001: points are scored high, low, jack, game; "the winner is the first player to reach
    the goal when the major points are scored in the order given", "even if two players would
    have gone over". At 10-10 (goal 11) seat 1's high comes first: seat 1 wins at 11; seat 0's
    jack and game (12) and seat 1's low are not scored."""
    h = played(HAND_O, "2", PLAY_O, scores=[10, 10, 0, 0])
    r = result(h)
    assert awards(h) == [("high", "AS", 1), ("low", "2S", 1), ("jack", "JS", 0), ("game", None, 0)]
    assert r.card_points == (33, 4, 0, 0)
    assert r.winners == (1,)
    assert (r.delta, r.scores) == ((0, 1, 0, 0), (10, 11, 0, 0))


def test_smudge_scoring_order_all_points_scored_below_goal() -> None:
    """Seed 001: below the goal every point is scored (decision: goal 11)."""
    assert make_rules("smudge").target == 11
    r = result(played(HAND_O, "2", PLAY_O, scores=[5, 5, 0, 0]))
    assert (r.delta, r.winners) == ((2, 2, 0, 0), ())
    r = result(played(HAND_O, "2", PLAY_O, scores=[9, 5, 0, 0]))
    assert (r.scores, r.winners) == ((11, 7, 0, 0), (0,))


def test_smudge_win_without_the_rest_of_the_major_points_scored() -> None:
    """Seed 001: "they win the game without the rest of the major points scored". The result says
    which awards counted: at 10-10 seat 1's high wins; seat 1's low and seat 0's jack and game are
    listed as not scored, and seat 0's bid of 2 (made in play by jack and game) is undecided
    (``made`` is None): none of its points counted before the game ended."""
    h = played(HAND_O, "2", PLAY_O, scores=[10, 10, 0, 0])
    r = result(h)
    assert r.scored == (True, False, False, False)
    assert r.made is None
    out = score_document(hand_record(h))
    listed = out["awards"]
    assert isinstance(listed, list)
    assert [a.get("scored", True) for a in listed] == [True, False, False, False]
    assert out["made"] is None and out["winner"] == [1]
    # below the goal every award counts and the contract is decided as usual
    r = result(played(HAND_O, "2", PLAY_O, scores=[5, 5, 0, 0]))
    assert r.scored == (True, True, True, True) and r.made is True


def test_smudge_pitcher_going_out_before_counting_the_bid() -> None:
    """Seed 001 scoring order with the pitcher himself going out: seat 0 bids 2 at 10 and goes out
    with his jack (the third award), before his game point is counted; he wins, his game point is
    not scored and the bid of 2 is undecided (one point counted), not set."""
    h = played(HAND_O, "2", PLAY_O, scores=[10, 5, 0, 0])
    r = result(h)
    assert (r.winners, r.scored, r.made, r.scores) == ((0,), (True, True, True, False), None, (11, 7, 0, 0))
