"""Preset ``pct``: the pitchcardtournament.com rules, non-tournament column (seed 000)."""

from __future__ import annotations

import random

import pytest

from pitchkit import (
    Bid,
    Card,
    Game,
    Hand,
    IllegalActionError,
    Phase,
    PitchError,
    Play,
    RulesError,
    make_rules,
)
from pitchkit.engine.cards import deck, shuffled
from pitchkit.engine.record import score_document
from tests.scenarios import act, awards, cards, deal, finish, legal, names, play, result, simple_hands

# Hand A: the pitcher (seat 0) leads AS and takes every trick; seat 1 plays the low (2S) into it,
# seat 2 the jack. Seat 0's tricks hold AS QS JS KS TH: 20 card points, the others none.
HAND_A = ("AS KS 9C 8C 7C 6C", "2S 3H 4H 5H 6H 7H", "JS 2D 3D 4D 5D 6D", "QS 8H 9H TH 7D 8D")
PLAY_A = "AS 2S JS QS  KS 3H 2D 8H  9C 4H 3D 9H  8C 5H 4D TH  7C 6H 5D 7D  6C 7H 6D 8D"
STOCK_A = "2C 3C 4C 5C TC JC QC KC AC 9D TD JD QD KD AD"

# Hand B: no jack of trump dealt; seat 0 takes all six tricks, high, low and game.
HAND_B = ("AS KS 2S 9C 8C 7C", "3H 4H 5H 6H 7H 8H", "2D 3D 4D 5D 6D 7D", "QS 9H TH 8D 9D TD")
PLAY_B = "AS 3H 2D QS  KS 4H 3D 9H  2S 5H 4D TH  9C 6H 5D 8D  8C 7H 6D 9D  7C 8H 7D TD"

# Hand T: one trump (AS); seat 0 takes 4 card points (AS), seat 1 takes 4 (AC): game is tied.
HAND_T = ("AS 3C 4C 5C 6C 7C", "AC 2H 3H 4H 5H 6H", "2D 3D 4D 5D 6D 7D", "7H 8H 9H 8D 9D 8C")
PLAY_T = "AS 2H 2D 7H  3C AC 3D 8C  3H 4D 8H 4C  8D 5C 4H 5D  9D 6C 5H 6D  9H 7C 6H 7D"


def hand_a(bid: int = 2, *, scores: list[int] | None = None) -> Hand:
    h = deal("pct", *HAND_A, dealer=3, scores=scores)
    act(h, f"0 bid {bid}", "1 pass", "2 pass", "3 pass")
    play(h, PLAY_A)
    return h


# -- players, teams, deck, deal ---------------------------------------------------------------


def test_pct_rule2_two_to_six_players() -> None:
    """Seed 000 rule 2 (non-tournament): two to six players."""
    for n in range(2, 7):
        assert make_rules("pct", players=n).players == n
    for n in (1, 7):
        with pytest.raises(RulesError):
            make_rules("pct", players=n)


def test_pct_rule3_equal_teams_seated_alternately() -> None:
    """Seed 000 rule 3: individuals, or two teams of three / three teams of two (brief: 4 players
    2x2 allowed); teammates sit alternately (seat s on team s % teams)."""
    three_pairs = make_rules("pct", {"teams": 3}, players=6)
    assert [three_pairs.team_of(s) for s in range(6)] == [0, 1, 2, 0, 1, 2]
    two_triples = make_rules("pct", {"teams": 2}, players=6)
    assert [two_triples.team_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    two_pairs = make_rules("pct", {"teams": 2}, players=4)
    assert [two_pairs.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert make_rules("pct").teams == 0
    for teams, players in ((4, 6), (2, 5), (3, 3)):
        with pytest.raises(RulesError):
            make_rules("pct", {"teams": teams}, players=players)


def test_pct_rule4_one_deck_no_jokers() -> None:
    """Seed 000 rule 4: one standard deck, no jokers."""
    assert make_rules("pct").deck_size == 52
    with pytest.raises(PitchError, match="not in a 52-card deck"):
        deal("pct", "BJ KS 9C 8C 7C 6C", *HAND_A[1:], dealer=3)


def test_pct_rule10_wrong_number_of_cards_is_refused() -> None:
    """Seed 000 rule 10: "A misdeal occurs when a player receives the wrong number of cards": an
    explicit deal with five cards for a seat is refused (rule 11: deal again)."""
    with pytest.raises(PitchError, match="dealt 5 cards, not 6"):
        deal("pct", "AS KS 9C 8C 7C", *HAND_A[1:], dealer=3)


def test_pct_rule9_six_cards_three_at_a_time_from_dealers_left() -> None:
    """Seed 000 rule 9: six cards each, three at a time, clockwise from the dealer's left, the
    dealer last."""
    rules = make_rules("pct")
    h = Hand.deal(rules, random.Random(7), dealer=2)
    pack = shuffled(52, random.Random(7))
    order = [3, 0, 1, 2]
    for i, seat in enumerate(order):
        first, second = pack[3 * i:3 * i + 3], pack[12 + 3 * i:12 + 3 * i + 3]
        assert names([c for c in range(52) if h.hands[seat] >> c & 1]) == names(first + second)
    assert h.stock == pack[24:]
    assert h.to_act == 3


# -- bidding ----------------------------------------------------------------------------------


def test_pct_rule13_bidding_from_dealers_left_dealer_last() -> None:
    """Seed 000 rule 13: bidding goes clockwise from the dealer's left and ends with the dealer."""
    h = deal("pct", *HAND_A, dealer=1)
    seen = []
    for _ in range(4):
        seen.append(h.to_act)
        act(h, f"{h.to_act} pass" if h.to_act != 1 else "1 bid 2")
    assert seen == [2, 3, 0, 1]
    assert h.phase == Phase.PLAY and h.pitcher == 1


def test_pct_rule15_bids_two_three_four_not_one() -> None:
    """Seed 000 rules 14-15: pass, or bid two, three or four points; no bid of one."""
    h = deal("pct", *HAND_A, dealer=3)
    assert legal(h) == {"pass", "bid 2", "bid 3", "bid 4"}
    for bad in ("1", "5"):
        with pytest.raises(IllegalActionError):
            act(h, f"0 bid {bad}")
    assert h.log == []


def test_pct_rule16_each_bid_beats_the_high_bid_highest_pitches() -> None:
    """Seed 000 rules 16 and 22: the highest bidder wins the bid, becomes the pitcher and leads."""
    h = deal("pct", *HAND_A, dealer=3)
    act(h, "0 bid 3")
    assert legal(h) == {"pass", "bid 4"}
    with pytest.raises(IllegalActionError, match="does not beat"):
        act(h, "1 bid 3")
    act(h, "1 pass", "2 pass", "3 pass")
    assert (h.pitcher, h.bid, h.to_act, h.phase) == (0, 3, 0, Phase.PLAY)
    with pytest.raises(IllegalActionError, match="turn"):
        h.apply(Play(1, Card.parse("2S")))


@pytest.mark.parametrize(("steal", "after_three", "after_four"), [
    ("none", {"pass", "bid 4"}, {"pass"}),
    ("same", {"pass", "bid 3", "bid 4"}, {"pass", "bid 4"}),
    ("one-more", {"pass", "bid 4"}, {"pass"}),
])
def test_pct_rule17_dealer_steal_none_same_one_more(steal: str, after_three: set[str],
                                                     after_four: set[str]) -> None:
    """Seed 000 rule 17: by agreement the dealer may steal "for the same" or "for one more";
    default none (Decision). Under one-more a bid of 4 cannot be stolen."""
    h = deal("pct", *HAND_A, dealer=3, options={"dealer-steal": steal})
    act(h, "0 bid 3", "1 pass", "2 pass")
    assert legal(h) == after_three
    h = deal("pct", *HAND_A, dealer=3, options={"dealer-steal": steal})
    act(h, "0 bid 4", "1 pass", "2 pass")
    assert legal(h) == after_four


def test_pct_rule17_dealer_takes_it_for_the_same() -> None:
    """Seed 000 rule 17(1): with "same" the dealer who equals the high bid becomes the pitcher."""
    h = deal("pct", *HAND_A, dealer=3, options={"dealer-steal": "same"})
    act(h, "0 bid 3", "1 pass", "2 pass", "3 bid 3")
    assert (h.pitcher, h.bid, h.to_act) == (3, 3, 3)


def test_pct_rule18_dealer_forced_when_all_pass_take_or_run() -> None:
    """Seed 000 rule 18: if everyone before the dealer passes, "'Take it' for two points or 'Run
    it' for two points": exactly 2 or run it; no pass, no 3 or 4 (``stuck-dealer-bid = exact``)."""
    h = deal("pct", *HAND_A, dealer=3, stock=STOCK_A)
    act(h, "0 pass", "1 pass", "2 pass")
    assert legal(h) == {"bid 2", "choose run"}
    with pytest.raises(IllegalActionError, match="must bid exactly 2 or run it"):
        act(h, "3 pass")
    for bad in ("3", "4"):
        with pytest.raises(IllegalActionError, match=r"stuck-dealer-bid = exact"):
            act(h, f"3 bid {bad}")
    act(h, "3 take")
    assert (h.pitcher, h.bid, h.phase) == (3, 2, Phase.PLAY)


def test_pct_rule19_run_it_three_more_each_and_bids_of_three_or_four() -> None:
    """Seed 000 rules 18-19: running it deals three more cards to each of four players, clockwise
    from the dealer's left; the second round goes left of the dealer to the dealer, bids 3 or 4."""
    h = deal("pct", *HAND_A, dealer=3, stock=STOCK_A)
    act(h, "0 pass", "1 pass", "2 pass", "3 choose run")
    extra = cards(STOCK_A)
    for seat in range(4):
        assert h.hands[seat].bit_count() == 9
        for c in extra[3 * seat:3 * seat + 3]:
            assert h.hands[seat] >> c & 1
    assert names(h.stock) == names(extra[12:])
    assert h.to_act == 0
    assert legal(h) == {"pass", "bid 3", "bid 4"}
    with pytest.raises(IllegalActionError):
        act(h, "0 bid 2")


def test_pct_rule19_nobody_outbids_dealer_pitches_for_two() -> None:
    """Brief (Dealer's actions): after running it, if nobody outbids, the dealer pitches for 2
    with no action of his own."""
    h = deal("pct", *HAND_A, dealer=3, stock=STOCK_A)
    act(h, "0 pass", "1 pass", "2 pass", "3 choose run", "0 pass", "1 pass", "2 pass")
    assert (h.pitcher, h.bid, h.to_act, h.phase) == (3, 2, 3, Phase.PLAY)
    assert h.log[-1] == Bid(2, None)


def test_pct_rule18_run_it_with_six_players_gives_two_extra() -> None:
    """Seed 000 rule 18 NOTE: "If the game includes six players, each player receives two
    additional cards"; the hand is then played with all eight cards (brief Decision)."""
    rules = make_rules("pct", players=6)
    assert rules.run_extra(6) == 2
    pack = list(deck(0))
    h = Hand(rules, dealer=5, hands=[pack[6 * s:6 * s + 6] for s in range(6)], stock=pack[36:])
    act(h, "0 pass", "1 pass", "2 pass", "3 pass", "4 pass", "5 choose run")
    for seat in range(6):
        held = [c for c in range(52) if h.hands[seat] >> c & 1]
        assert names(held) == names(pack[6 * seat:6 * seat + 6] + pack[36 + 2 * seat:38 + 2 * seat])
    assert names(h.stock) == names(pack[48:])
    act(h, "0 pass", "1 pass", "2 pass", "3 pass", "4 pass")
    while not h.done:
        h.apply(h.legal_actions()[0])
    assert len(h.tricks) == 8
    assert all(m == 0 for m in h.hands)


@pytest.mark.parametrize(("steal", "after_three", "after_four"), [
    ("none", {"choose sell"}, {"choose sell"}),
    ("same", {"choose sell", "bid 3", "bid 4"}, {"choose sell", "bid 4"}),
    ("one-more", {"choose sell", "bid 4"}, {"choose sell"}),
])
def test_pct_rule21_outbid_dealer_sells_or_steals(steal: str, after_three: set[str],
                                                  after_four: set[str]) -> None:
    """Seed 000 rules 20-21: after running it an outbid dealer may sell the bid, or steal it for
    the same or one more as agreed (4 cannot be stolen for one more); he may not pass."""
    for high, expected in ((3, after_three), (4, after_four)):
        h = deal("pct", *HAND_A, dealer=3, stock=STOCK_A, options={"dealer-steal": steal})
        act(h, "0 pass", "1 pass", "2 pass", "3 choose run", f"0 bid {high}", "1 pass", "2 pass")
        assert legal(h) == expected


def test_pct_rule20_run_it_and_sell() -> None:
    """Seed 000 rules 18-20 and 34, two players: the dealer runs it (three more each), seat 0
    bids 3, the dealer sells; seat 0 pitches for 3 with nine cards, nine tricks. Seat 0: high (AS),
    jack (JS) and game (AS KS QS JS = 10 card points to none): 3, made. Seat 1 played the low (2S):
    1."""
    h = deal("pct", "2C 3C 4D 5D 6H 7H", "8C 9C 2D 3D 4H 5H", dealer=1,
             stock="AS KS JS QS 2S 9D 3S 4S")
    act(h, "0 pass")
    assert legal(h) == {"bid 2", "choose run"}
    act(h, "1 choose run", "0 bid 3")
    assert legal(h) == {"choose sell"}
    act(h, "1 choose sell")
    assert (h.pitcher, h.bid, h.to_act) == (0, 3, 0)
    play(h, "AS 2S  KS QS  JS 8C  2C 9C  9D 4D  2D 5D  3C 3D  6H 4H  7H 5H")
    r = result(h)
    assert len(h.tricks) == 9
    assert awards(h) == [("high", "AS", 0), ("low", "2S", 1), ("jack", "JS", 0), ("game", None, 0)]
    assert r.card_points == (10, 0)
    assert (r.made, r.delta, r.scores) == (True, (3, 1), (3, 1))


# -- trump and points ----------------------------------------------------------------------------


def test_pct_rule23_first_card_led_by_pitcher_sets_trump() -> None:
    """Seed 000 rules 22-23: the first card the pitcher plays establishes the trump suit."""
    h = deal("pct", *HAND_A, dealer=3)
    act(h, "0 bid 2", "1 pass", "2 pass", "3 pass")
    assert h.trump is None
    play(h, "9C")
    assert h.trump == Card.parse("9C").suit


def test_pct_rule34_low_to_player_jack_to_capturer() -> None:
    """Seed 000 rule 34: a point to the player who "played the high trump card" and "played the low
    trump card" (seat 1 played 2S into seat 0's trick and still scores low); "played (or
    captured)" the jack: Decision, the capturer (seat 0 captured seat 2's JS). Game: seat 0, the
    only card points (20)."""
    h = hand_a()
    r = result(h)
    assert awards(h) == [("high", "AS", 0), ("low", "2S", 1), ("jack", "JS", 0), ("game", None, 0)]
    assert r.card_points == (20, 0, 0, 0)
    assert (r.made, r.delta) == (True, (3, 1, 0, 0))


def test_pct_rule28_jack_not_dealt_three_points() -> None:
    """Seed 000 rule 28: with the jack of trump buried in the deck only three points can be won: a
    pitcher who takes every trick still scores 3, and a bid of 4 is set (rule 34: minus the bid)."""
    h = deal("pct", *HAND_B, dealer=3)
    act(h, "0 bid 4", "1 pass", "2 pass", "3 pass")
    play(h, PLAY_B)
    r = result(h)
    assert awards(h) == [("high", "AS", 0), ("low", "2S", 0), ("game", None, 0)]
    assert sum(a.value for a in r.awards) == 3
    assert (r.made, r.delta) == (False, (-4, 0, 0, 0))


def test_pct_rule27_jack_that_is_high_scores_both() -> None:
    """Seed 000 rule 27 NOTE: the jack of trump that is also the highest trump played counts two
    points, high and jack."""
    h = deal("pct", "JS 9S 9C 8C 7C 6C", "2S 3H 4H 5H 6H 7H", "2D 3D 4D 5D 6D 7D", "8H 9H TH 8D 9D TD",
             dealer=3)
    act(h, "0 bid 2", "1 pass", "2 pass", "3 pass")
    play(h, "JS 2S 2D 8H  9S 3H 3D 9H  9C 4H 4D TH  8C 5H 5D 8D  7C 6H 6D 9D  6C 7H 7D TD")
    assert awards(h) == [("high", "JS", 0), ("low", "2S", 1), ("jack", "JS", 0), ("game", None, 0)]
    assert result(h).delta == (3, 1, 0, 0)


def test_pct_rule33_game_point_tie_gives_nobody() -> None:
    """Seed 000 rule 33: equal game points, no game point. Seats 0 and 1 each took 4 (AS, AC). The
    lone trump (AS) is both highest and lowest trump played (rule 27)."""
    h = deal("pct", *HAND_T, dealer=3)
    act(h, "0 bid 2", "1 pass", "2 pass", "3 pass")
    play(h, PLAY_T)
    r = result(h)
    assert r.card_points == (4, 4, 0, 0)
    assert awards(h) == [("high", "AS", 0), ("low", "AS", 0)]
    assert r.delta == (2, 0, 0, 0)


def test_pct_rule34_set_loses_the_bid_negative_scores() -> None:
    """Seed 000 rule 34 NOTE: a pitcher short of the bid loses the bid (not the points won); the
    others keep what they won; a negative score is possible."""
    h = hand_a(4, scores=[1, 0, 0, 0])
    r = result(h)
    assert r.made is False
    assert r.delta == (-4, 1, 0, 0)
    assert r.scores == (-3, 1, 0, 0)


# -- teams ---------------------------------------------------------------------------------------

# Six players, seat 0 pitches for 2. Trick 1 is all trumps: seat 0 captures AS JS (5 card points);
# seat 1 plays the low 2S. Seat 1 takes TC (10), seat 2 KH QH JH then JC QC (9).
HAND_6 = ("AS 2C 2D 6C 7C 8C", "2S TC 2H 9C 4H 5H", "JS 7D KH 9D 8D 6D", "3S 3C 3H 3D 6H 7H",
          "4S 4C QH 4D 8H 9H", "5S 5C JH 5D JC QC")
PLAY_6 = ("AS 2S JS 3S 4S 5S  2C TC 7D 3C 4C 5C  2H KH 3H QH JH 2D  9D 3D 4D 5D 6C 9C"
          "  8D 6H 8H JC 7C 4H  6D 7H 9H QC 8C 5H")


def six_player(teams: int) -> Hand:
    h = deal("pct", *HAND_6, dealer=5, options={"teams": teams})
    act(h, "0 bid 2", "1 pass", "2 pass", "3 pass", "4 pass", "5 pass")
    play(h, PLAY_6)
    return h


def test_pct_rule3_individuals_six_players() -> None:
    """Seed 000 rules 32, 34 for individuals: seat 0 high and jack (2, made); seat 1 low and game
    (10 card points beat 9 and 5)."""
    h = six_player(0)
    assert awards(h) == [("high", "AS", 0), ("low", "2S", 1), ("jack", "JS", 0), ("game", None, 1)]
    assert result(h).delta == (2, 2, 0, 0, 0, 0)


def test_pct_rule3_team_pooling_two_teams_of_three() -> None:
    """Seed 000 rules 3, 31-32 "the player (or team)": two teams of three (0 2 4 / 1 3 5) pool card
    points: 5 + 9 + 0 = 14 beat 10 + 0 + 0, so game goes to the even team although seat 1 took the
    most alone; the team scores high, jack and game (3, bid made) and every member shows it."""
    h = six_player(2)
    r = result(h)
    assert awards(h) == [("high", "AS", 0), ("low", "2S", 1), ("jack", "JS", 0), ("game", None, 2)]
    assert r.card_points == (14, 10, 14, 10, 14, 10)
    assert r.delta == (3, 1, 3, 1, 3, 1)


def test_pct_rule3_team_pooling_three_teams_of_two() -> None:
    """Seed 000 rule 3: three teams of two (0+3, 1+4, 2+5): card points 5, 10, 9; the 1+4 team takes
    low and game, the pitching 0+3 team high and jack (2, made)."""
    h = six_player(3)
    r = result(h)
    assert r.card_points == (5, 10, 9, 5, 10, 9)
    assert r.delta == (2, 2, 0, 2, 2, 0)


def test_pct_team_set_costs_the_team_the_bid() -> None:
    """Brief Decision (team play pools everything): a set costs the pitcher's team the bid."""
    h = deal("pct", *HAND_6, dealer=5, options={"teams": 3})
    act(h, "0 bid 3", "1 pass", "2 pass", "3 pass", "4 pass", "5 pass")
    play(h, PLAY_6)
    assert result(h).delta == (-3, 2, 0, -3, 2, 0)


# -- game end ------------------------------------------------------------------------------------


def test_pct_rule1_first_to_the_target_wins() -> None:
    """Seed 000 rules 1(a), 5: first to the agreed total wins; Decision: default 11."""
    assert make_rules("pct").target == 11
    assert result(hand_a(scores=[9, 0, 0, 0])).winners == (0,)
    assert result(hand_a(scores=[7, 0, 0, 0])).winners == ()


def test_pct_several_reach_target_highest_wins() -> None:
    """Brief Decision: if several reach the target after the same hand, the highest total wins
    (seat 0 12, seat 1 11)."""
    r = result(hand_a(scores=[9, 10, 0, 0]))
    assert r.scores == (12, 11, 0, 0)
    assert r.winners == (0,)


def test_pct_tie_at_the_top_plays_on() -> None:
    """Brief Decision: a tie at the top after the target is reached plays on (11 and 11): the game
    record replayed through ``score_document`` is not complete."""
    r = result(hand_a(scores=[8, 10, 0, 0]))
    assert (r.scores, r.winners) == ((11, 11, 0, 0), ())
    actions: list[dict[str, object]] = [{"seat": 0, "bid": 2}]
    actions += [{"seat": s, "bid": "pass"} for s in (1, 2, 3)]
    seat = 0
    for trick in PLAY_A.split("  "):
        for card in trick.split():
            actions.append({"seat": seat, "play": card})
            seat = (seat + 1) % 4
        seat = 0
    record = {"variant": "pct", "dealer": 3, "scores": [8, 10, 0, 0],
              "hands": [h.split() for h in HAND_A], "actions": actions}
    out = score_document([record])
    assert out["complete"] is False and out["winner"] is None
    assert out["scores"] == [11, 11, 0, 0]


def test_pct_rule1b_most_points_after_n_deals() -> None:
    """Seed 000 rule 1(b): option ``deals-per-player``: most points after each player dealt N times.
    Two players, one deal each: seat 0 sweeps (4) then seat 1 takes 2: seat 0 wins 4-2."""
    rules = make_rules("pct", {"target": "none", "deals-per-player": 1}, players=2)
    g = Game(rules, dealer=1, seed=0)
    g.set_hand(Hand(rules, dealer=1, hands=[cards(h) for h in simple_hands(2, 0, sweep=True)]))
    finish(g, 0, "AS")
    assert not g.over and g.scores == [4, 0]
    g.set_hand(Hand(rules, dealer=0, hands=[cards(h) for h in simple_hands(2, 1, sweep=False)],
                    scores=[4, 0]))
    finish(g, 1, "2S")
    assert g.over and g.end is not None
    assert g.scores == [4, 2] and g.end.winners == (0,)
    with pytest.raises(RulesError):
        make_rules("pct", {"target": "none"})


def test_pct_rule6_first_dealer_agreed_deal_rotates_clockwise() -> None:
    """Seed 000 rule 6 (non-tournament): the first dealer by agreement (here: chosen at random from
    the injected generator, no cut); "there after, the deal rotates clockwise"."""
    rules = make_rules("pct")
    dealers = {Game(rules, seed=s).hand.dealer for s in range(20)}
    assert len(dealers) > 1 and dealers <= {0, 1, 2, 3}
    assert all(not Game(rules, seed=s).cuts for s in range(5))
    g = Game(rules, dealer=2, seed=3)
    for expected_next in (3, 0):
        dealer = g.hand.dealer
        g.set_hand(Hand(rules, dealer=dealer, hands=[cards(h) for h in simple_hands(4, 1, sweep=True)],
                        scores=g.scores))
        finish(g, 1, "AS")
        assert g.hand.dealer == expected_next


def test_pct_options_in_a_hand_record() -> None:
    """Hand-record spec, Input: ``options`` overrides rules by their option names: with
    ``dealer-steal: same`` the dealer may equal seat 0's 3; without it he may not."""
    doc: dict[str, object] = {"variant": "pct", "dealer": 3, "hands": [h.split() for h in HAND_A],
                              "actions": [{"seat": 0, "bid": 3}, {"seat": 1, "bid": "pass"},
                                          {"seat": 2, "bid": "pass"}]}
    plain = score_document(doc)
    same = score_document({**doc, "options": {"dealer-steal": "same"}})
    assert plain["complete"] is False and plain["to_act"] == 3
    assert {"seat": 3, "bid": 3} not in plain["legal"]  # type: ignore[operator]
    assert {"seat": 3, "bid": 3} in same["legal"]  # type: ignore[operator]
    with pytest.raises(RulesError, match="unknown option"):
        score_document({**doc, "options": {"dealer-stealing": "same"}})
