"""Euchre as a preset of the rules model: scenario tests that quote the rules brief (section 6) and
seed 004, and random self-play properties.

Seats 0 and 2 are partners against 1 and 3; the dealer is seat 3 unless a test says otherwise, so
seat 0 is the first to speak and the first to lead.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from textual.pilot import Pilot

from pitchkit import Game, Hand, make_rules
from pitchkit.bots import make_bot, random_action
from pitchkit.engine.actions import Bid, Choice, Choose, DeclareTrump, Discard, Phase, Play
from pitchkit.engine.cards import Card, Suit, parse_cards
from pitchkit.engine.errors import DealError, IllegalActionError, RulesError
from pitchkit.engine.record import hand_record, score_document
from pitchkit.engine.rules import Rules
from pitchkit.engine.scoring import trick_tally
from pitchkit.engine.view import make_view
from pitchkit.tui.keys import choices
from tests.test_tui import make_app, play_out_hand, run, text_of

EUCHRE = make_rules("euchre")


def deal(hands: list[str], stock: str, *, rules: Rules = EUCHRE, dealer: int = 3) -> Hand:
    """An explicit deal: each hand and the stock as space-separated cards (the upcard first)."""
    return Hand(rules, dealer=dealer, hands=[[int(c) for c in parse_cards(h.split())] for h in hands],
                stock=[int(c) for c in parse_cards(stock.split())])


#: seat 0 holds both bowers of hearts; the upcard is the 9 of hearts
HEARTS = ["JH JD AH KC 9S", "QH TC 9C AS KS", "KH QC JC QS TS", "TH AC AD KD QD"]
KITTY = "9H TD JS 9D"


def pass_round(hand: Hand, seats: int = 4) -> None:
    for _ in range(seats):
        assert hand.to_act is not None
        hand.apply(Bid(hand.to_act, None))


def make(hand: Hand, suit: str, *, alone: bool = False) -> None:
    """The seat to act names ``suit`` (orders up or names it) and says whether it goes alone."""
    seat = hand.to_act
    assert seat is not None
    hand.apply(DeclareTrump(seat, Suit.parse(suit)))
    hand.apply(Choose(seat, Choice.ALONE if alone else Choice.PARTNER))


def play_out(hand: Hand, rng: random.Random) -> None:
    while not hand.done:
        assert hand.to_act is not None
        hand.apply(random_action(make_view(hand, hand.to_act), rng))


# -- the deck and the bowers ------------------------------------------------------------------------

def test_the_deck_is_24_cards_nine_to_ace() -> None:
    """Brief 6: "24 cards 9-A, partners opposite, 5 cards each"."""
    names = sorted(str(Card(c)) for c in EUCHRE.deck_cards)
    assert len(names) == 24 and {n[0] for n in names} == set("9TJQKA")
    hand = Hand.deal(EUCHRE, random.Random(1), dealer=0)
    assert [len(h) for h in hand.initial_hands] == [5, 5, 5, 5] and len(hand.initial_stock) == 4
    with pytest.raises(DealError, match="not in a 24-card deck"):
        deal(["2H JD AH KC 9S", *HEARTS[1:]], KITTY)


def test_right_bower_beats_left_bower_beats_the_ace() -> None:
    """Brief 6: "right bower (jack of trump) > left bower (the other jack of its colour, a trump) >
    A K Q 10 9"."""
    hand = deal(["AH KC 9S TC 9C", "JD QC JC QS TS", "JH AS KS QH KH", "TH AC AD KD QD"], KITTY)
    pass_round(hand, 3)
    make(hand, "H")  # the dealer picks up the 9 of hearts
    hand.apply(Discard(3, (Card.parse("QD"),)))
    for seat, card in ((0, "AH"), (1, "JD"), (2, "JH"), (3, "9H")):
        hand.apply(Play(seat, Card.parse(card)))
    assert hand.tricks[-1][1] == 2


def test_the_left_bower_follows_trump_not_its_own_suit() -> None:
    """Brief 6: the left bower is "a trump": led diamonds, the jack of diamonds does not follow."""
    hand = deal(HEARTS, KITTY)
    pass_round(hand, 3)
    make(hand, "H")
    hand.apply(Discard(3, (Card.parse("9H"),)))
    assert hand.to_act == 0
    hand.apply(Play(0, Card.parse("KC")))
    # seat 1 holds clubs: it must follow clubs, and may not trump in
    assert {a.card for a in hand.legal_actions() if isinstance(a, Play)} == set(parse_cards(["TC", "9C"]))
    with pytest.raises(IllegalActionError, match="must follow clubs"):
        hand.apply(Play(1, Card.parse("QH")))


def test_a_player_void_in_the_suit_led_may_play_any_card() -> None:
    hand = deal(HEARTS, KITTY)
    pass_round(hand, 3)
    make(hand, "H")
    hand.apply(Discard(3, (Card.parse("QD"),)))
    hand.apply(Play(0, Card.parse("9S")))
    hand.apply(Play(1, Card.parse("AS")))
    hand.apply(Play(2, Card.parse("QS")))
    # seat 3 has no spade: anything goes
    assert len(hand.legal_actions()) == 5


# -- making trump ---------------------------------------------------------------------------------

def test_round_one_may_only_order_up_the_upcards_suit() -> None:
    """Brief 6: "round one each player in turn may order the dealer to pick it up"."""
    hand = deal(HEARTS, KITTY)
    assert hand.upcard == Card.parse("9H")
    assert hand.legal_actions() == [Bid(0, None), DeclareTrump(0, Suit.H)]
    with pytest.raises(IllegalActionError, match="only the upcard's suit"):
        hand.apply(DeclareTrump(0, Suit.S))


def test_the_dealer_picks_up_and_discards_one() -> None:
    """Brief 6: "the dealer then discards one"; the discard is face down."""
    hand = deal(HEARTS, KITTY)
    make(hand, "H")  # seat 0 orders the dealer up
    assert (hand.phase, hand.to_act) == (Phase.DISCARD, 3)
    assert hand.holding(3) == sorted(parse_cards(["TH", "AC", "AD", "KD", "QD", "9H"]))
    with pytest.raises(IllegalActionError, match="exactly one card"):
        hand.apply(Discard(3, tuple(parse_cards(["AD", "KD"]))))
    hand.apply(Discard(3, (Card.parse("KD"),)))
    assert (hand.phase, hand.to_act) == (Phase.PLAY, 0)
    # the upcard is public, the discard is not
    for seat in (0, 1, 2):
        view = make_view(hand, seat)
        assert view.upcard == Card.parse("9H") and Card.parse("KD") not in view.discards
        assert not any(isinstance(a, Discard) for a in view.log)
    assert make_view(hand, 3).discards == (Card.parse("KD"),)


def test_keep_upcard_forbids_discarding_it() -> None:
    """OpenSpiel's rule, as an option: the dealer who picks up keeps the upcard."""
    hand = deal(HEARTS, KITTY, rules=EUCHRE.with_options({"keep-upcard": True}))
    make(hand, "H")
    with pytest.raises(IllegalActionError, match="upcard must be kept"):
        hand.apply(Discard(3, (Card.parse("9H"),)))


def test_round_two_names_another_suit() -> None:
    """Brief 6: "round two each may name another suit"."""
    hand = deal(HEARTS, KITTY)
    pass_round(hand)
    assert hand.auction.round == 2
    assert hand.legal_actions() == [Bid(0, None), *(DeclareTrump(0, s) for s in (Suit.C, Suit.D, Suit.S))]
    with pytest.raises(IllegalActionError, match="hearts were turned down"):
        hand.apply(DeclareTrump(0, Suit.H))
    make(hand, "D")
    # nobody picks anything up: the first lead follows at once, from the dealer's left
    assert hand.phase == Phase.PLAY and hand.to_act == 0 and len(hand.stock) == 4


def test_everyone_passing_twice_throws_the_hand_in_and_the_deal_passes() -> None:
    game = Game(EUCHRE, seed=3, dealer=3)
    for _ in range(8):
        game.apply(Bid(game.to_act or 0, None))
    last = game.history[-1].result
    assert last is not None and last.misdeal and last.delta == (0, 0, 0, 0)
    assert game.hand.dealer == 0


def test_stick_the_dealer() -> None:
    """Seed 004: "If the trump selection comes all the way back around to the dealer the second
    time, the dealer must call the trump suit. In other words, there is no option to redeal." """
    hand = deal(HEARTS, KITTY, rules=make_rules("euchre-stick"))
    pass_round(hand)
    pass_round(hand, 3)
    assert hand.to_act == 3 and Bid(3, None) not in hand.legal_actions()
    with pytest.raises(IllegalActionError, match="stick-dealer"):
        hand.apply(Bid(3, None))
    make(hand, "C")
    assert hand.trump == Suit.C and hand.pitcher == 3


# -- going alone ----------------------------------------------------------------------------------

def test_going_alone_the_partner_sits_out() -> None:
    """Seed 004: "the player making trump has the option of going alone. Here, his partner sits out
    that hand." Three play every trick; the leader is left of the dealer."""
    hand = deal(HEARTS, KITTY, dealer=1)
    assert hand.to_act == 2
    make(hand, "H", alone=True)  # seat 2 orders up, alone: seat 0 sits out
    assert hand.sitting_out == 0
    hand.apply(Discard(1, (Card.parse("QH"),)))
    assert hand.to_act == 2  # left of the dealer
    play_out(hand, random.Random(4))
    assert all(len(plays) == 3 and 0 not in (s for s, _ in plays) for plays, _ in hand.tricks)
    assert len(hand.holding(0)) == 5


def test_the_player_left_of_the_dealer_leads_and_skips_a_sitting_out_seat() -> None:
    """Brief 6: "the player left of the dealer leads"; when that player sits out, the next one."""
    hand = deal(HEARTS, KITTY)
    pass_round(hand)
    hand.apply(Bid(0, None))
    make(hand, "S", alone=True)  # seat 1 names spades alone: seat 3 sits out
    hand2 = deal(HEARTS, KITTY, dealer=2)
    pass_round(hand2)
    make(hand2, "S", alone=True)  # seat 3 names spades alone: seat 1 sits out; dealer 2's left is 3
    assert hand.to_act == 0 and hand2.to_act == 3
    hand3 = deal(HEARTS, KITTY, dealer=0)
    pass_round(hand3)
    make(hand3, "S", alone=True)  # seat 1 alone: seat 3 sits out; left of dealer 0 is 1
    assert hand3.to_act == 1


# -- scoring ----------------------------------------------------------------------------------------

def tricks_won(winners: list[int]) -> list[tuple[tuple[tuple[int, int], ...], int]]:
    return [((), w) for w in winners]


@pytest.mark.parametrize(("winners", "alone", "points", "to_makers"), [
    ([0, 0, 2, 1, 3], False, 1, True),   # "Makers win 3 or 4 tricks: 1 point"
    ([0, 0, 2, 2, 1], False, 1, True),
    ([0, 2, 0, 2, 0], False, 2, True),   # "Makers win all 5 tricks: 2 points (this is known as a march)"
    ([0, 1, 3, 2, 1], False, 2, False),  # "Defenders win 3, 4, or 5 tricks: 2 points (a Euchre)"
    ([1, 1, 1, 3, 3], False, 2, False),
    ([0, 0, 0, 0, 0], True, 4, True),    # "Loner takes all 5 tricks: 4 points"
    ([0, 0, 0, 1, 0], True, 1, True),
    ([0, 1, 1, 3, 0], True, 2, False),
])
def test_scoring_by_the_makers_tricks(winners: list[int], alone: bool, points: int, to_makers: bool) -> None:
    """Seed 004, "Scoring"."""
    t, made = trick_tally(EUCHRE, seats=(0, 1, 2, 3), n_seats=4, maker=0, alone=alone,
                          tricks=tricks_won(winners))
    assert made is to_makers
    makers, defenders = (points, 0) if to_makers else (0, points)
    assert t.side_points == (makers, defenders, makers, defenders)


def test_a_whole_game_is_played_to_ten() -> None:
    """Seed 004: "The first team to score 10 points wins"."""
    game = Game(EUCHRE, seed=5)
    bots = [make_bot("heuristic", seed=s) for s in range(4)]
    while not game.over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))
    assert game.end is not None
    best = max(game.scores)
    assert best >= 10 and game.end.winners in ((0, 2), (1, 3))
    assert all(game.scores[w] == best for w in game.end.winners)


# -- records, rules and properties -----------------------------------------------------------------

def test_a_hand_record_replays_to_the_same_result() -> None:
    hand = Hand.deal(EUCHRE, random.Random(8), dealer=2)
    pass_round(hand)
    named = next(a for a in hand.legal_actions() if isinstance(a, DeclareTrump))
    make(hand, str(named.suit), alone=True)
    play_out(hand, random.Random(9))
    record = hand_record(hand)
    stock, actions = record["stock"], record["actions"]
    assert isinstance(stock, list) and isinstance(actions, list) and hand.result is not None
    assert stock[0] == str(Card(hand.upcard or 0))
    result = score_document(record)
    assert result["complete"] and result["delta"] == list(hand.result.delta)
    assert result["upcard"] == stock[0] and result["sitting_out"] == hand.sitting_out
    assert result["tricks"] == [sum(1 for _, w in hand.tricks if w == s) for s in range(4)]
    assert {"seat": hand.pitcher, "choose": "alone"} in actions


def test_euchre_options_need_the_upcard() -> None:
    with pytest.raises(RulesError, match="stick-dealer does not apply to pct: trump is made by an auction"):
        make_rules("pct", {"stick-dealer": True})
    with pytest.raises(RulesError, match="stick-dealer needs trump-by = upcard"):
        Rules(stick_dealer=True)
    with pytest.raises(RulesError, match="going-alone needs teams of two"):
        make_rules("euchre", {"teams": 0, "min-players": 3, "max-players": 4, "players": 3})


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), stick=st.booleans())
def test_random_play_keeps_every_card_in_one_place_and_scores_one_side(seed: int, stick: bool) -> None:
    rules = make_rules("euchre-stick" if stick else "euchre")
    rng = random.Random(seed)
    hand = Hand.deal(rules, rng, dealer=seed % 4)
    while not hand.done:
        places = [*hand.hands, *hand.discards, *hand.captured, sum(1 << c for c in hand.stock),
                  sum(1 << c for _, c in hand.trick)]
        assert sum(m.bit_count() for m in places) == 24
        union = 0
        for m in places:
            union |= m
        assert union == rules.deck_mask
        assert hand.to_act is not None
        hand.apply(random_action(make_view(hand, hand.to_act), rng))
    res = hand.result
    assert res is not None
    if res.misdeal:
        assert not stick and res.delta == (0, 0, 0, 0)
        return
    assert len(hand.tricks) == 5
    scored = {s % 2 for s, d in enumerate(res.delta) if d}
    assert len(scored) == 1 and res.delta[0] == res.delta[2] and res.delta[1] == res.delta[3]


def test_the_same_seed_and_actions_give_the_same_game() -> None:
    def run() -> list[object]:
        game = Game(EUCHRE, seed=12)
        rng = random.Random(13)
        while not game.over and len(game.history) < 6:
            seat = game.to_act
            assert seat is not None
            game.apply(random_action(game.view(seat), rng))
        return [hand_record(h) for h in game.history]

    assert run() == run()


# -- the seed's variations --------------------------------------------------------------------------

def test_the_benny_is_the_highest_trump_and_a_turned_benny_is_named_by_the_dealer() -> None:
    """Seed 004: "a twenty-five card deck is used ... with an extra card called the Benny. This card,
    usually a joker card ..., is the highest trump no matter which suit is called. Should this card
    be the one turned over by the dealer, the dealer must decide which suit to call for trumps ...
    The bidding then continues as normal." """
    uk = make_rules("euchre-uk")
    assert uk.deck_size == 25 and Card.parse("BJ") in [Card(c) for c in uk.deck_cards]
    hand = deal(["JH JD AH KC 9S", "QH TC 9C AS KS", "KH QC JC QS TS", "TH AC AD KD QD"], "BJ 9H TD JS 9D",
                rules=uk)
    assert hand.to_act == 3 and hand.legal_actions() == [DeclareTrump(3, s) for s in Suit]
    with pytest.raises(IllegalActionError, match="names the suit"):
        hand.apply(Bid(3, None))
    hand.apply(DeclareTrump(3, Suit.H))  # the Benny stands for hearts: round one orders up hearts
    assert hand.to_act == 0 and hand.legal_actions() == [Bid(0, None), DeclareTrump(0, Suit.H)]
    make(hand, "H")
    hand.apply(Discard(3, (Card.parse("QD"),)))
    hand.apply(Play(0, Card.parse("JH")))  # the right bower...
    hand.apply(Play(1, Card.parse("QH")))
    hand.apply(Play(2, Card.parse("KH")))
    hand.apply(Play(3, Card.parse("BJ")))  # ...loses to the Benny
    assert hand.tricks[-1][1] == 3


def test_super_euchre_scores_the_defenders_four() -> None:
    """Seed 004: "If the defenders take all 5 tricks, then they score a Super-Euchre and 4 points are
    earned." """
    rules = EUCHRE.with_options({"super-euchre-points": 4})
    t, made = trick_tally(rules, seats=(0, 1, 2, 3), n_seats=4, maker=0, alone=False,
                          tricks=tricks_won([1, 3, 1, 1, 3]))
    assert not made and t.side_points == (0, 4, 0, 4) and t.awards[0].point == "super-euchre"
    t, _ = trick_tally(rules, seats=(0, 1, 2, 3), n_seats=4, maker=0, alone=False,
                       tricks=tricks_won([1, 3, 0, 1, 3]))
    assert t.side_points == (0, 2, 0, 2)


def test_canadian_ordering_up_the_partner_means_going_alone() -> None:
    """Seed 004: "Canadian: When a player orders his partner to "pick it up", he must attempt the hand
    as a loner." """
    rules = EUCHRE.with_options({"canadian": True})
    hand = deal(HEARTS, KITTY, rules=rules)
    hand.apply(Bid(0, None))
    hand.apply(DeclareTrump(1, Suit.H))  # seat 1 orders up its partner, the dealer (seat 3)
    assert hand.legal_actions() == [Choose(1, Choice.ALONE)]
    with pytest.raises(IllegalActionError, match="canadian"):
        hand.apply(Choose(1, Choice.PARTNER))
    hand.apply(Choose(1, Choice.ALONE))
    assert hand.sitting_out == 3
    other = deal(HEARTS, KITTY, rules=rules)
    other.apply(DeclareTrump(0, Suit.H))  # an opponent of the dealer orders up: free to choose
    assert len(other.legal_actions()) == 2


def test_club_euchre_the_dealer_must_pick_up_a_club() -> None:
    """Seed 004: "Club Euchre: Whenever the upturned kitty card is suited clubs, the dealer must "pick
    it up" and his team must play as the makers, with clubs as trump." """
    rules = EUCHRE.with_options({"club-euchre": True})
    hand = deal(HEARTS, "9D TD JS 9H", rules=rules)
    assert hand.legal_actions() == [Bid(0, None), DeclareTrump(0, Suit.D)]  # not a club: as usual
    clubs = deal(["JH JD AH KS 9S", "QH TC TH AS KC", "KH QC JC QS TS", "AD AC KD QD 9H"], "9C TD JS 9D",
                 rules=rules)
    for seat in (0, 1, 2):
        assert clubs.legal_actions() == [Bid(seat, None)]
        with pytest.raises(IllegalActionError, match="club-euchre"):
            clubs.apply(DeclareTrump(seat, Suit.C))
        clubs.apply(Bid(seat, None))
    assert clubs.legal_actions() == [DeclareTrump(3, Suit.C)]
    make(clubs, "C")
    assert clubs.pitcher == 3 and clubs.trump == Suit.C and clubs.phase == Phase.DISCARD


@pytest.mark.slow
def test_a_hand_at_the_terminal_table(tmp_path: Path) -> None:
    """``pitch play --variant euchre``: the keys make trump (p, c/d/h/s; then a or w) and play."""
    app = make_app(EUCHRE, tmp_path, dealer=3)

    async def script(pilot: Pilot[None]) -> None:
        view = app.session.view(0)
        assert view.phase == Phase.AUCTION and view.upcard is not None
        keys = {k.key: k for k in choices(view)}
        assert keys["p"].legal and keys["cdhs"[int(view.upcard) // 13]].legal
        assert "Upcard" in text_of(app, "#info")
        await play_out_hand(app, pilot)

    run(app, script)


@pytest.mark.parametrize(("held", "throws"), [
    ("9C TC 9D TD 9S", True),    # "Nines & Tens: a hand consisting only of 9's and 10's"
    ("AC TC 9D TD 9S", True),    # "Ace, No Face: a single ace and nothing else except 9's and 10's"
    ("KC TC 9D TD 9S", True),    # "King Nothing"
    ("QC QD QS TD 9S", True),    # three queens "and nothing else except 9's and 10's"
    ("JC TC 9D TD 9S", True),    # "Jack ...: a single jack and nothing else except 9's and 10's"
    ("AC AD 9D TD 9S", False),
    ("QC TC 9D TD 9S", False),
    ("KC JC 9D TD 9S", False),
])
def test_throw_in_hands_are_redealt_by_the_same_dealer(held: str, throws: bool) -> None:
    """Seed 004 "Throw-ins": "allow a player dealt one of several types of poor hands to "throw in"
    their cards and initiate a redeal"."""
    rules = EUCHRE.with_options({"throw-in": True})
    others = [str(Card(c)) for c in EUCHRE.deck_cards if str(Card(c)) not in held.split()]
    hand = deal([held, " ".join(others[:5]), " ".join(others[5:10]), " ".join(others[10:15])],
                " ".join(others[15:19]), rules=rules)
    assert (Choose(0, Choice.MISDEAL) in hand.legal_actions()) is throws
    if not throws:
        with pytest.raises(IllegalActionError, match="throw-in hand"):
            hand.apply(Choose(0, Choice.MISDEAL))
        return
    hand.apply(Choose(0, Choice.MISDEAL))
    assert hand.result is not None and hand.result.misdeal and not hand.result.deal_passes
