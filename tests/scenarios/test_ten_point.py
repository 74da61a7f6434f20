"""Preset ``ten-point``: Ten Point Pitch, partner tournament (seed 003). Trump is hearts in every
deal here: the point cards are AH JH JD (jick) BJ LJ TH 2H (one each) and 3H (three)."""

from __future__ import annotations

import random

import pytest

from pitchkit import Game, Hand, IllegalActionError, PassCards, Phase, RecordError, RulesError, make_rules
from pitchkit.engine.cards import cards_of
from pitchkit.engine.record import game_record, hand_record, score_document
from pitchkit.engine.view import make_view
from tests.scenarios import act, awards, cards, cut_winner, deal, legal, names, play, result

TEAM_A, TEAM_B = (0, 2), (1, 3)

#: The deals below that play whole hands leave the partner exchange out (``partner-pass = 0``), so
#: that every seat plays the cards it kept; the exchange has its own tests at the end.
NO_PASS: dict[str, object] = {"partner-pass": 0}


def deal10(*hands: str, dealer: int, stock: str = "", scores: list[int] | None = None) -> Hand:
    """An explicit ten-point deal without the partner exchange."""
    return deal("ten-point", *hands, dealer=dealer, stock=stock, scores=scores, options=NO_PASS)

#: Dealt to each seat besides its six kept cards, and discarded first (no point cards).
JUNK = ("2D 3D 4D", "5D 6D 7D", "8D 9D TD", "QD KD AD")

# Kept cards by role: role 0 is the bidder, roles 1-3 the seats after him.
# SPLIT: the bidder's side takes JH 2H JD TH BJ LJ (6); the other side AH and 3H (4).
SPLIT = ("KH QH JH JD BJ LJ", "AH 2C 5C 6C 7C 8C", "TH 2H 4H 3C 9C TC", "3H 4C 2S 3S 4S 5S")
PLAY_SPLIT = "KH AH 4H 3H  2C 3C 4C QH  JH 5C 2H 2S  JD 6C TH 3S  BJ 7C 9C 4S  LJ 8C TC 5S"
# ALL: the bidder's side takes all ten points.
ALL = ("AH KH QH JH JD BJ", "2C 3C 4C 5C 6C 7C", "LJ TH 3H 2H 8C 9C", "2S 3S 4S 5S 6S 7S")
PLAY_ALL = "AH 2C 2H 2S  KH 3C 3H 3S  QH 4C LJ 4S  JH 5C TH 5S  JD 6C 8C 6S  BJ 7C 9C 7S"


def seated(kept: tuple[str, ...], bidder: int) -> list[str]:
    """Nine cards per seat: the kept cards of its role relative to ``bidder`` and its junk."""
    return [f"{kept[(s - bidder) % 4]} {JUNK[s]}" for s in range(4)]


def prelude(target: Hand | Game, *, dealer: int, bids: dict[int, str]) -> None:
    """Auction from the dealer's left (seats not in ``bids`` pass), trump hearts, and every seat
    discards its junk in turn from the dealer's left."""
    order = [(dealer + 1 + i) % 4 for i in range(4)]
    act(target, *(f"{s} bid {bids[s]}" if s in bids else f"{s} pass" for s in order))
    hand = target.hand if isinstance(target, Game) else target
    assert hand.pitcher is not None
    act(target, f"{hand.pitcher} trump H")
    act(target, *(f"{s} discard {JUNK[s]}" for s in order))


def ten(kept: tuple[str, ...], plays: str, *, bid: str, bidder: int = 0, dealer: int = 3,
        scores: list[int] | None = None, bids: dict[int, str] | None = None) -> Hand:
    h = deal10(*seated(kept, bidder), dealer=dealer, scores=scores)
    prelude(h, dealer=dealer, bids=bids or {bidder: bid})
    assert h.phase == Phase.PLAY
    play(h, plays)
    return h


# -- table, deck, deal --------------------------------------------------------------------------


def test_ten_point_four_players_two_partnerships_54_cards() -> None:
    """Seed 003: partner tournament (seats 0+2 against 1+3); 52 cards plus two jokers."""
    rules = make_rules("ten-point", NO_PASS)
    assert [rules.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert rules.deck_size == 54
    with pytest.raises(RulesError):
        make_rules("ten-point", players=6)


def test_ten_point_deal_nine_each_eighteen_in_stock() -> None:
    """Seed 003 The Deal: "Each player receives nine cards, dealt three at a time"; 54 - 36 = 18
    stay in the stock."""
    h = Hand.deal(make_rules("ten-point", NO_PASS), random.Random(3), dealer=1)
    assert [h.hands[s].bit_count() for s in range(4)] == [9, 9, 9, 9]
    assert len(h.stock) == 18


def test_ten_point_ten_points_three_worth_three() -> None:
    """Seed 003 Scoring: "A, J, Jic, colored Joker, Joker, 10 and 2, all worth one point"; "3=3
    points": ten points a hand, each to the team capturing it; no game point. The other side
    took AH and 3H: 4; the bidder's side the other six."""
    h = ten(SPLIT, PLAY_SPLIT, bid="6")
    got = {(p, c): seat for p, c, seat in awards(h)}
    assert got == {("ace", "AH"): 1, ("jack", "JH"): 0, ("off-jack", "JD"): 0, ("big-joker", "BJ"): 0,
                   ("little-joker", "LJ"): 0, ("ten", "TH"): 0, ("three", "3H"): 1, ("two", "2H"): 0}
    assert sum(a.value for a in result(h).awards) == 10
    assert [a.value for a in result(h).awards if a.point == "three"] == [3]


# -- bidding ---------------------------------------------------------------------------------------


def test_ten_point_bids_four_to_ten_then_smudge() -> None:
    """Seed 003 The Bid: "Any bid must be for a value of four (4) or more"; ten points a hand, then
    the smudge (11 here); one chance each, dealer last."""
    rules = make_rules("ten-point", NO_PASS)
    h = deal10(*seated(SPLIT, 0), dealer=3)
    assert legal(h) == {"pass", *(f"bid {b}" for b in range(4, 11)), f"bid {rules.smudge}"}
    act(h, "0 bid 7")
    assert legal(h) == {"pass", "bid 8", "bid 9", "bid 10", f"bid {rules.smudge}"}
    with pytest.raises(IllegalActionError):
        act(h, "1 bid 7")


def test_ten_point_all_pass_dealer_takes_it_for_four() -> None:
    """Seed 003 The Bid: "Should players 1 through 3 pass, the dealer must take the bid for a total
    of four (4)": exactly four, no higher bid and no smudge (``stuck-dealer-bid = exact``)."""
    h = deal10(*seated(SPLIT, 3), dealer=3)
    act(h, "0 pass", "1 pass", "2 pass")
    assert legal(h) == {"bid 4"}
    for bad in ("5", "smudge"):
        with pytest.raises(IllegalActionError, match="exactly 4"):
            act(h, f"3 bid {bad}")
    act(h, "3 bid 4")
    assert (h.pitcher, h.bid, h.phase, h.to_act) == (3, 4, Phase.TRUMP, 3)


def test_ten_point_over_smudge_only_by_the_opposing_team_once() -> None:
    """Seed 003 Scoring: "Only one over smudge per hand and it must be bid by the opposing team of
    the original smudge"."""
    rules = make_rules("ten-point", NO_PASS)
    smudge, over = f"bid {rules.smudge}", f"bid {rules.over_smudge}"
    h = deal10(*seated(SPLIT, 0), dealer=3)
    act(h, "0 bid smudge")
    assert legal(h) == {"pass", over}
    act(h, "1 pass")
    assert legal(h) == {"pass"}
    act(h, "2 pass")
    assert legal(h) == {"pass", over}
    act(h, "3 bid over-smudge")
    assert (h.pitcher, h.bid) == (3, rules.over_smudge)
    h = deal10(*seated(SPLIT, 0), dealer=3)
    act(h, "0 pass", "1 bid smudge", "2 bid over-smudge")
    assert legal(h) == {"pass"}
    assert smudge not in legal(h)


def test_ten_point_bidder_names_trump_after_the_auction() -> None:
    """Brief Decision: the bidder names trump after the auction (a ``trump`` action)."""
    h = deal10(*seated(SPLIT, 0), dealer=3)
    act(h, "0 bid 5", "1 pass", "2 pass", "3 pass")
    assert (h.phase, h.to_act) == (Phase.TRUMP, 0)
    assert legal(h) == {"trump C", "trump D", "trump H", "trump S"}
    act(h, "0 trump H")
    assert (h.trump, h.phase, h.to_act) == (2, Phase.DISCARD, 0)


def test_ten_point_misdeal_called_by_player_with_no_point_or_face_card() -> None:
    """Seed 003 Misc.: "If a person is not dealt a point or face card they may declare a misdeal"
    (A K Q J 10 3 2 or a joker, any suit); brief: redeal by the same dealer."""
    hands = ["4C 5C 6C 7C 8C 9C 4D 5D 6D", "4H 5H 6H 7H 8H 9H 7D 8D BJ", "4S 5S 6S 7S 8S 9S 9D 3S TD",
             "AC KC QC JC TC AS KS QS JS"]
    h = deal10(*hands, dealer=3)
    assert "choose misdeal" in legal(h)
    act(h, "0 pass")
    assert "choose misdeal" not in legal(h)
    act(h, "1 pass")
    assert "choose misdeal" not in legal(h)
    rules = make_rules("ten-point", NO_PASS)
    g = Game(rules, dealer=3, seed=4)
    g.set_hand(Hand(rules, dealer=3, hands=[cards(x) for x in hands]))
    act(g, "0 choose misdeal")
    assert g.history[-1].result is not None and g.history[-1].result.misdeal
    assert g.hand.dealer == 3 and g.scores == [0, 0, 0, 0] and not g.hand.log


# -- discard and draw -------------------------------------------------------------------------------

DRAW_HANDS = ("2S 3S 4S 5S 6S 7S 8S 9S TS", "2D 3D 4D 5D 6D 7D 8D 9D TD", "AH KH 2C 3C 4C 5C 6C 7C 8C",
              "QS KS AS QD KD AD 9C TC JC")
DRAW_STOCK = "2H 3H QC KC AC TH JS QH 4H 5H 6H 7H 8H 9H JH JD BJ LJ"


def test_ten_point_discard_refill_from_dealers_left_bidder_takes_rest() -> None:
    """Seed 003 The Deal: "each player draws back to a total of six cards"; "The player winning the
    bid receives their 'second hand' in turn and then is given any remaining cards". Brief
    Decision: discards to at most six in turn from the dealer's left (seat 0, though seat 2 bid),
    refills in the same order, then the bidder takes the rest and discards to six."""
    h = deal10(*DRAW_HANDS, dealer=3, stock=DRAW_STOCK)
    act(h, "0 pass", "1 pass", "2 bid 5", "3 pass", "2 trump H")
    assert h.to_act == 0
    with pytest.raises(IllegalActionError, match="down to 6"):
        act(h, "0 discard 2S 3S")
    act(h, "0 discard 2S 3S 4S 5S 6S", "1 discard 2D 3D 4D")
    assert h.to_act == 2
    with pytest.raises(IllegalActionError, match="point card"):
        act(h, "2 discard AH 2C 3C")
    act(h, "2 discard 2C 3C 4C 5C 6C 7C", "3 discard QS KS QD KD")
    assert h.phase == Phase.DISCARD and h.to_act == 2
    assert names([c for c in range(54) if h.hands[0] >> c & 1]) == names(cards("7S 8S 9S TS 2H 3H"))
    assert names([c for c in range(54) if h.hands[1] >> c & 1]) == names(cards("5D 6D 7D 8D 9D TD"))
    assert names([c for c in range(54) if h.hands[3] >> c & 1]) == names(cards("AS AD 9C TC JC TH"))
    held = [c for c in range(54) if h.hands[2] >> c & 1]
    assert names(held) == names(cards("AH KH 8C QC KC AC JS QH 4H 5H 6H 7H 8H 9H JH JD BJ LJ"))
    assert h.stock == []
    assert h.discard_options(2)[1:] == (12, 12)
    with pytest.raises(IllegalActionError, match="12 at least"):
        act(h, "2 discard 8C QC KC AC JS QH 4H 5H 6H 7H 8H")
    act(h, "2 discard 8C QC KC AC JS QH 4H 5H 6H 7H 8H 9H")
    assert names([c for c in range(54) if h.hands[2] >> c & 1]) == names(cards("AH KH JH JD BJ LJ"))
    assert (h.phase, h.to_act) == (Phase.PLAY, 2)


def test_ten_point_refill_limits_the_discard() -> None:
    """Engine decision (the seed is silent): a discard may not take more than the stock can refill.
    Seats 0-2 throw all nine (18 to refill from 18), so seat 3 must keep six."""
    hands = ("2S 3S 4S 5S 6S 7S 8S 9S TS", "2D 3D 4D 5D 6D 7D 8D 9D TD", "2C 3C 4C 5C 6C 7C 8C 9C TC",
             "JS QS KS AS JC QC KC AC QD")
    stock = "KD AD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH JD BJ LJ"
    h = deal10(*hands, dealer=3, stock=stock)
    act(h, "0 bid 4", "1 pass", "2 pass", "3 pass", "0 trump H")
    act(h, f"0 discard {hands[0]}", f"1 discard {hands[1]}", f"2 discard {hands[2]}")
    assert h.discard_options(3)[1:] == (3, 3)
    with pytest.raises(IllegalActionError, match="refill"):
        act(h, "3 discard JS QS KS AS")
    act(h, "3 discard JS QS KS")
    assert [h.hands[s].bit_count() for s in range(4)] == [6, 6, 6, 6]
    assert h.phase == Phase.PLAY


def test_ten_point_bidder_burying_a_point_card_is_a_misdeal() -> None:
    """Seed 003 Misdeal: "If a point card must be 'buried' by the individual winning the bid, the
    entire hand will be declared a misdeal": the bidder ends with AH + seven point cards from the
    stock (eight > six). Decision (same section: a dealer who "misdeals in any fashion, he loses the
    deal; there must be a new deal by the next dealer"): the next dealer deals
    (``bury-misdeal-dealer = next``)."""
    stock = "QC KC AC 4H 5H 6H 2H 3H TH JH JD BJ LJ JS QH 7H 8H 9H"
    rules = make_rules("ten-point", NO_PASS)
    h = Hand(rules, dealer=3, hands=[cards(x) for x in DRAW_HANDS], stock=cards(stock))
    g = Game(rules, dealer=3, seed=5)
    g.set_hand(h)
    act(g, "0 pass", "1 pass", "2 bid 5", "3 pass", "2 trump H", "0 discard 2S 3S 4S 5S 6S",
        "1 discard 2D 3D 4D", "2 discard 2C 3C 4C 5C 6C 7C", "3 discard QS KS QD KD")
    assert h.done and result(h).misdeal and result(h).delta == (0, 0, 0, 0)
    assert g.hand is not h and g.hand.dealer == 0 and g.scores == [0, 0, 0, 0]
    # a game record made before the rule, with the same dealer dealing again, names the rule
    record = game_record(g, dealt=True)
    record[1]["dealer"] = 3
    with pytest.raises(RecordError, match="bury-misdeal-dealer = next"):
        score_document(record)


def test_ten_point_no_player_may_discard_a_point_card() -> None:
    """Engine decision extending seed 003 Misdeal ("No point value cards can be 'burned'"): no
    player may discard a trump point card, and a player who would have to (seat 1 holds eight) makes
    the hand a misdeal when his turn to discard comes."""
    hands = ["2S 3S 4S 5S 6S 7S 8S 9S TS", "AH JH JD BJ LJ TH 2H 3H 4C", "2C 3C 5C 6C 7C 8C 9C TC JC",
             "QS KS AS QD KD AD QC KC AC"]
    h = deal10(*hands, dealer=3)
    act(h, "0 bid 4", "1 pass", "2 pass", "3 pass", "0 trump H")
    act(h, "0 discard 2S 3S 4S")
    assert h.done and result(h).misdeal


def test_ten_point_bidders_first_lead_must_be_trump() -> None:
    """Brief Decision: the bidder's first lead must be a trump if he holds one; later leads are
    free."""
    kept = ("KH 9H 2C 3C 4C 5C", "6C 7C 8C 9C TC JC", "2S 3S 4S 5S 6S 7S", "8S 9S TS JS QS KS")
    h = deal10(*seated(kept, 0), dealer=3)
    prelude(h, dealer=3, bids={0: "4"})
    assert legal(h) == {"play KH", "play 9H"}
    with pytest.raises(IllegalActionError, match="first lead must be a trump"):
        play(h, "2C")
    play(h, "KH 6C 2S 8S")
    assert legal(h) == {f"play {c}" for c in ("9H", "2C", "3C", "4C", "5C")}


# -- scoring ---------------------------------------------------------------------------------------


def test_ten_point_bid_made_scores_all_points_taken() -> None:
    """Seed 003 The Bid: "High bidder wins at least as many points as they bid, they score all
    they make"; the other team scores what it took."""
    r = result(ten(SPLIT, PLAY_SPLIT, bid="6"))
    assert (r.made, r.delta) == (True, (6, 4, 6, 4))
    assert result(ten(ALL, PLAY_ALL, bid="10")).delta == (10, 0, 10, 0)


def test_ten_point_set_loses_the_bid() -> None:
    """Seed 003 The Bid: "if he wins less, he is 'out' - the bid is deducted from the score"."""
    r = result(ten(SPLIT, PLAY_SPLIT, bid="7"))
    assert (r.made, r.delta) == (False, (-7, 4, -7, 4))


def test_ten_point_smudge_made_scores_52() -> None:
    """Seed 003 Scoring: "A smudge (shoot the moon) is worth 52 points": the bidding team took all
    ten points."""
    r = result(ten(ALL, PLAY_ALL, bid="smudge"))
    assert (r.made, r.delta) == (True, (52, 0, 52, 0))
    assert r.winners == (0, 2)


def test_ten_point_smudge_set_costs_52() -> None:
    """Brief: a smudge or over-smudge set costs 52; the other team scores what it took (AH 3H)."""
    r = result(ten(SPLIT, PLAY_SPLIT, bid="smudge"))
    assert (r.made, r.delta) == (False, (-52, 4, -52, 4))


def test_ten_point_over_smudge_made_scores_52() -> None:
    """Seed 003 Scoring: "An over smudger is worth 52 points": seat 1 over-smudges seat 0's smudge
    and his team takes all ten."""
    r = result(ten(ALL, PLAY_ALL, bid="", bidder=1, bids={0: "smudge", 1: "over-smudge"}))
    assert (r.pitcher, r.made, r.delta) == (1, True, (0, 52, 0, 52))


def test_ten_point_over_smudge_set_costs_52() -> None:
    """Brief: over-smudge set: -52; seat 1 has no heart to lead (any lead allowed), seat 0's team
    takes all ten and scores them."""
    h = deal10(*seated(ALL, 0), dealer=3)
    prelude(h, dealer=3, bids={0: "smudge", 1: "over-smudge"})
    assert h.pitcher == 1 and legal(h) == {f"play {c}" for c in ("2C", "3C", "4C", "5C", "6C", "7C")}
    play(h, "2C 8C 2S AH  KH 3C 2H 3S  QH 4C 3H 4S  JH 5C TH 5S  JD 6C LJ 6S  BJ 7C 9C 7S")
    r = result(h)
    assert (r.made, r.delta) == (False, (10, -52, 10, -52))


def test_ten_point_team_in_the_hole_making_smudge_moves_to_zero() -> None:
    """Seed 003 Scoring: "A team in the 'hole' will receive the value of the smudge or over smudge
    or move them to zero whichever is less" (Decision): from -10 the smudge moves the team to 0;
    from -60 the smudge's 52 is less, to -8."""
    r = result(ten(ALL, PLAY_ALL, bid="smudge", scores=[-10, 5, -10, 5]))
    assert (r.delta, r.scores) == ((10, 0, 10, 0), (0, 5, 0, 5))
    r = result(ten(ALL, PLAY_ALL, bid="smudge", scores=[-60, 5, -60, 5]))
    assert r.scores == (-8, 5, -8, 5)


# -- going out -----------------------------------------------------------------------------------------


def test_ten_point_first_team_to_52() -> None:
    """Seed 003 Scoring: "First team to reach 52 points wins the game"; when not both teams are
    within ten, the other side reaching 52 without the bid also wins."""
    assert make_rules("ten-point", NO_PASS).target == 52
    r = result(ten(SPLIT, PLAY_SPLIT, bid="4", scores=[30, 48, 30, 48]))
    assert (r.scores, r.winners) == ((36, 52, 36, 52), TEAM_B)


def test_ten_point_42_plus_only_the_bidding_team_goes_out() -> None:
    """Seed 003 The Bid: "A team does not have the bid to go out unless both teams are within ten
    (10) points of a game winning 52 points. In this later case a team must ... win the bid and
    make the contract or more to go out"."""
    r = result(ten(SPLIT, PLAY_SPLIT, bid="4", scores=[44, 48, 44, 48]))
    assert (r.scores, r.winners) == ((50, 52, 50, 52), ())
    r = result(ten(SPLIT, PLAY_SPLIT, bid="6", scores=[46, 44, 46, 44]))
    assert (r.scores, r.winners) == ((52, 48, 52, 48), TEAM_A)


def split_hand(g: Game, *, bidder: int, bid: int) -> None:
    """Play the SPLIT deal in ``g``'s next hand with ``bidder`` bidding ``bid``."""
    dealer = g.hand.dealer
    g.set_hand(Hand(g.rules, dealer=dealer, hands=[cards(x) for x in seated(SPLIT, bidder)],
                    scores=g.scores))
    prelude(g, dealer=dealer, bids={bidder: str(bid)})
    play(g, PLAY_SPLIT)


def test_ten_point_three_sets_in_a_row_lose() -> None:
    """Seed 003 The Bid: "Three straight sets by any one team constitute a loss of game". Engine
    decision: only the team's own bidding hands count, so team 1+3 bidding and making in between
    does not break team 0+2's run of sets."""
    g = Game(make_rules("ten-point", NO_PASS), dealer=3, seed=6)
    split_hand(g, bidder=0, bid=7)
    assert g.scores == [-7, 4, -7, 4]
    split_hand(g, bidder=1, bid=6)
    assert g.scores == [-3, 10, -3, 10]
    split_hand(g, bidder=2, bid=7)
    assert g.scores == [-10, 14, -10, 14] and not g.over
    split_hand(g, bidder=0, bid=7)
    assert g.scores == [-17, 18, -17, 18]
    assert g.over and g.end is not None
    assert g.end.winners == TEAM_B and "3 sets in a row" in g.end.reason


def test_ten_point_made_bid_breaks_the_run_of_sets() -> None:
    """Seed 003 "Three straight sets": a made bid in between starts the count again."""
    g = Game(make_rules("ten-point", NO_PASS), dealer=3, seed=6)
    for bidder, bid in ((0, 7), (1, 6), (2, 6), (3, 6), (0, 7), (1, 6), (2, 7)):
        split_hand(g, bidder=bidder, bid=bid)
    assert not g.over


#: A deal in which the seat left of the dealer holds no point or face card (listed from that seat).
NO_FACE = ("4C 5C 6C 7C 8C 9C 4D 5D 6D", "4H 5H 6H 7H 8H 9H 7D 8D BJ", "4S 5S 6S 7S 8S 9S 9D 3S TD",
           "AC KC QC JC TC AS KS QS JS")


def misdeal_hand(g: Game) -> None:
    """The next hand of ``g`` is thrown in: the seat left of the dealer calls a misdeal."""
    d = g.hand.dealer
    g.set_hand(Hand(g.rules, dealer=d, hands=[cards(NO_FACE[(s - d - 1) % 4]) for s in range(4)],
                    scores=g.scores))
    act(g, f"{(d + 1) % 4} choose misdeal")
    assert g.hand.dealer == d and not g.over


def test_ten_point_three_straight_sets_not_broken_by_misdeals() -> None:
    """Seed 003 "Three straight sets by any one team constitute a loss of game". Decision: the run
    counts the team's own bids; only a bid it makes breaks it. Hands the other team bids and
    misdeals (no score) leave it as it is."""
    g = Game(make_rules("ten-point", NO_PASS), dealer=3, seed=6)
    split_hand(g, bidder=0, bid=7)
    misdeal_hand(g)
    split_hand(g, bidder=1, bid=6)
    misdeal_hand(g)
    split_hand(g, bidder=2, bid=7)
    assert not g.over
    misdeal_hand(g)
    split_hand(g, bidder=0, bid=7)
    assert g.end is not None and g.end.winners == TEAM_B and "3 sets in a row" in g.end.reason


def test_ten_point_first_deal_by_high_card_ignoring_jokers() -> None:
    """Seed 003 The Deal: "First deal is determined by each player drawing a random card - high
    card wins first deal. Tie is a re-draw between players tied." Engine decision: the draw uses
    the 52 cards without the jokers."""
    rules = make_rules("ten-point", NO_PASS)
    for seed in range(12):
        g = Game(rules, seed=seed)
        assert all(not c.is_joker for _, c in g.cuts)
        assert g.first_dealer == g.hand.dealer == cut_winner(g.cuts, 4)


# -- the partner exchange ------------------------------------------------------------------------


def drawn_to_exchange() -> Hand:
    """The DRAW_HANDS deal under the full preset, played to the partner exchange: seat 2 bid 5 in
    hearts and kept AH KH JH JD BJ LJ."""
    h = deal("ten-point", *DRAW_HANDS, dealer=3, stock=DRAW_STOCK)
    act(h, "0 pass", "1 pass", "2 bid 5", "3 pass", "2 trump H", "0 discard 2S 3S 4S 5S 6S",
        "1 discard 2D 3D 4D", "2 discard 2C 3C 4C 5C 6C 7C", "3 discard QS KS QD KD",
        "2 discard 8C QC KC AC JS QH 4H 5H 6H 7H 8H 9H")
    return h


def test_ten_point_deal_cards_exchanged_between_partners() -> None:
    """Seed 003 The Deal: "Cards will be exchanged between partners." Decision: after the draw and
    before the first lead each player passes one card face down to the partner, in turn from the
    dealer's left, and the cards change hands at once when all four have passed
    (``partner-pass = 1``); then the bidder leads."""
    h = drawn_to_exchange()
    assert make_rules("ten-point").partner_pass == 1
    assert (h.phase, h.to_act) == (Phase.EXCHANGE, 0)
    assert legal(h) == {f"pass {c}" for c in ("7S", "8S", "9S", "TS", "2H", "3H")}
    with pytest.raises(IllegalActionError, match="exactly 1 card"):
        act(h, "0 pass 7S 8S")
    with pytest.raises(IllegalActionError, match="not in seat 0's hand"):
        act(h, "0 pass AH")
    with pytest.raises(IllegalActionError, match=r"partner-pass = 1"):
        play(h, "7S")
    act(h, "0 pass 2H", "1 pass 5D", "2 pass LJ")
    # set aside face down: nobody holds the passed cards until the last pass
    assert h.hands[2] >> cards("2H")[0] & 1 == 0 and h.set_aside() == sum(1 << c for c in cards("2H 5D LJ"))
    act(h, "3 pass TH")
    assert (h.phase, h.to_act) == (Phase.PLAY, 2)
    assert names([c for c in range(54) if h.hands[0] >> c & 1]) == names(cards("7S 8S 9S TS 3H LJ"))
    assert names([c for c in range(54) if h.hands[2] >> c & 1]) == names(cards("AH KH JH JD BJ 2H"))
    assert names([c for c in range(54) if h.hands[1] >> c & 1]) == names(cards("6D 7D 8D 9D TD TH"))
    assert names([c for c in range(54) if h.hands[3] >> c & 1]) == names(cards("AS AD 9C TC JC 5D"))


def test_ten_point_passed_cards_seen_only_by_the_two_partners() -> None:
    """The passed cards are private to the two partners: a seat sees its own pass at once, its
    partner's only when the cards change hands (both at once), and never the other side's."""
    h = drawn_to_exchange()
    act(h, "0 pass 2H", "1 pass 5D")
    assert [a for a in make_view(h, 2).log if isinstance(a, PassCards)] == []
    assert make_view(h, 0).passed == tuple(cards("2H")) and make_view(h, 0).received == ()
    act(h, "2 pass LJ", "3 pass TH")
    v0, v1 = make_view(h, 0), make_view(h, 1)
    assert v0.received == tuple(cards("LJ")) and v0.passed == tuple(cards("2H"))
    assert {a.seat for a in v0.log if isinstance(a, PassCards)} == {0, 2}
    assert {a.seat for a in v1.log if isinstance(a, PassCards)} == {1, 3}
    assert v1.received == tuple(cards("TH"))


def test_ten_point_partner_exchange_in_the_hand_record() -> None:
    """The exchange is written ``{"seat": 0, "pass": ["2H"]}``; a record made before the rule, which
    goes from the draw straight to the lead, is refused and names the rule."""
    h = drawn_to_exchange()
    act(h, "0 pass 2H", "1 pass 5D", "2 pass LJ", "3 pass TH")
    doc = hand_record(h)
    actions = doc["actions"]
    assert isinstance(actions, list) and {"seat": 0, "pass": ["2H"]} in actions
    out = score_document(doc)
    assert out["complete"] is False and out["to_act"] == 2
    old = dict(doc, actions=[a for a in actions if "pass" not in a] + [{"seat": 2, "play": "AH"}])
    with pytest.raises(RecordError, match=r"partner-pass = 1"):
        score_document(old)


def test_ten_point_partner_pass_option() -> None:
    """``partner-pass`` sets how many cards (0 turns the exchange off); it needs partners."""
    h = deal("ten-point", *DRAW_HANDS, dealer=3, stock=DRAW_STOCK, options={"partner-pass": 2})
    act(h, "0 pass", "1 pass", "2 bid 5", "3 pass", "2 trump H", "0 discard 2S 3S 4S 5S 6S",
        "1 discard 2D 3D 4D", "2 discard 2C 3C 4C 5C 6C 7C", "3 discard QS KS QD KD",
        "2 discard 8C QC KC AC JS QH 4H 5H 6H 7H 8H 9H")
    assert len(h.legal_actions()) == 15  # two of six cards
    with pytest.raises(RulesError, match="partners"):
        make_rules("pct", {"partner-pass": 1})
    assert make_rules("auction-partners", {"partner-pass": 1}).partner_of(1) == 3


def test_ten_point_a_received_card_stays_known_while_a_led_joker_names_trump() -> None:
    """A card received from the partner stays in that seat's view for the rest of the hand, also
    while the leader names trump after leading a joker or the off-jack (``trump-by = lead``): the
    exchange is over, so the pass is no longer face down."""
    rules = make_rules("ten-point", {"draw-to": 0, "bidder-takes-stock": False,
                                     "misdeal-no-face": False, "trump-by": "lead",
                                     "bidder-leads-trump": False})
    rng = random.Random(7)
    named_after_lead = 0
    for _ in range(60):
        h = Hand.deal(rules, rng, dealer=rng.randrange(4))
        while not h.done:
            if h.phase == Phase.TRUMP and h.trick:
                named_after_lead += 1
                for seat in range(4):
                    partner = (seat + 2) % 4
                    assert make_view(h, seat).received == tuple(cards_of(h.passed[partner]))
            h.apply(rng.choice(h.legal_actions()))
    assert named_after_lead > 0
