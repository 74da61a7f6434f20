"""Card notation, card points, trump ranking (jick, jokers) and follow-or-trump legality, shared by
every preset."""

from __future__ import annotations

import pytest

from pitchkit import Card, CardError, IllegalActionError, Play, Suit
from pitchkit.engine.trump import table, trick_winner
from tests.scenarios import act, cards, deal, legal, play


def order(trump: Suit, *, jokers: int, off_jack: bool, equal_jokers: bool = False) -> list[str]:
    """Every trump of a deck model, strongest first."""
    tt = table(int(trump), jokers=jokers, off_jack=off_jack, equal_jokers=equal_jokers)
    trumps = [c for c in range(52 + jokers) if tt.is_trump(c)]
    return [str(Card(c)) for c in sorted(trumps, key=lambda c: -tt.power[c])]


#: Deck models: (jokers, off-jack, equal jokers) of pct/smudge/auction, ten-point, seven-point.
MODELS = {"plain": (0, False, False), "ten": (2, True, False), "seven": (2, True, True)}


def winner(trump: str, plays: str, model: str = "plain") -> int:
    """Seat that wins a trick whose cards were played by seats 0, 1, 2... in order."""
    jokers, off_jack, equal_jokers = MODELS[model]
    tt = table(int(Suit.parse(trump)), jokers=jokers, off_jack=off_jack, equal_jokers=equal_jokers)
    return trick_winner(tt, list(enumerate(int(c) for c in cards(plays))))


# -- notation and card points -------------------------------------------------------------------


def test_card_notation_rank_then_suit() -> None:
    """Hand-record spec, Cards: rank then suit, ``10`` accepted for ``T``, case-insensitive,
    jokers ``BJ`` (big, coloured) and ``LJ`` (little); output is canonical."""
    assert Card.parse("10h") == Card.parse("TH") == Card.parse("th")
    assert str(Card.parse("10h")) == "TH"
    assert str(Card.parse("as")) == "AS"
    big, little = Card.parse("bj"), Card.parse("LJ")
    assert (int(big), int(little)) == (52, 53)
    assert big.is_joker and little.is_joker and not Card.parse("AS").is_joker
    assert big.suit is None and big.rank is None
    # index = suit * 13 + rank - 2, suits C D H S
    assert int(Card.parse("2C")) == 0
    assert int(Card.parse("QD")) == 1 * 13 + 12 - 2
    assert int(Card.parse("AS")) == 3 * 13 + 14 - 2
    assert Card.parse("JD").suit == Suit.D and Card.parse("JD").rank == 11
    for bad in ("1S", "XX", "", "11H", "AZ", "JJ"):
        with pytest.raises(CardError):
            Card.parse(bad)


def test_suits_and_colour_partners() -> None:
    """Seed 003 ("Jic", the other jack of the trump colour) and seed 004 ("the Jack in the suit of
    the same color"): clubs pair with spades, diamonds with hearts."""
    assert Suit.parse("spades") == Suit.parse("s") == Suit.S
    assert Suit.C.partner == Suit.S and Suit.S.partner == Suit.C
    assert Suit.D.partner == Suit.H and Suit.H.partner == Suit.D
    with pytest.raises(CardError):
        Suit.parse("X")


def test_game_card_points_a4_k3_q2_j1_ten10() -> None:
    """Seed 000 rule 30 (seed 002, 004 the same): A=4, K=3, Q=2, J=1, 10=10, other cards 0;
    jokers carry no card points."""
    expected = {"A": 4, "K": 3, "Q": 2, "J": 1, "T": 10}
    for suit in "CDHS":
        for rank in "23456789TJQKA":
            assert Card.parse(rank + suit).game_value == expected.get(rank, 0)
    assert Card.parse("BJ").game_value == 0 and Card.parse("LJ").game_value == 0


# -- trump ranking ------------------------------------------------------------------------------


def test_plain_trump_order_ace_high_two_low() -> None:
    """Seed 002 "Ace is high; 2 is low"; seed 000 rule 29: no off-jack, so the same-colour jack
    is an ordinary card of its suit."""
    assert order(Suit.S, jokers=0, off_jack=False) == [
        "AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]
    tt = table(int(Suit.S), jokers=0, off_jack=False, equal_jokers=False)
    assert tt.suit[int(Card.parse("JC"))] == Suit.C


def test_ten_point_trump_order_jick_big_joker_little_joker() -> None:
    """Seed 003 Cards: "A (high), K, Q, J, Jic, Colored trademark Joker, Joker, 10, 9 ... 2":
    the thirteen cards of the suit, the jick and both jokers; the jick leaves its own suit."""
    assert order(Suit.H, jokers=2, off_jack=True) == [
        "AH", "KH", "QH", "JH", "JD", "BJ", "LJ", "TH", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"]
    tt = table(int(Suit.H), jokers=2, off_jack=True, equal_jokers=False)
    assert tt.suit[int(Card.parse("JD"))] == Suit.H
    diamonds = [str(c) for c in cards("AD KD QD TD 9D 8D 7D 6D 5D 4D 3D 2D")]
    assert sorted(str(Card(c)) for c in range(52) if tt.suit[c] == Suit.D) == sorted(diamonds)


def test_ten_point_tricks_follow_the_trump_order() -> None:
    """Seed 003 Cards: the jick beats the big joker, the big joker the little joker, the little
    joker the 10 of trump."""
    assert winner("H", "BJ JD LJ TH", "ten") == 1
    assert winner("H", "TH LJ", "ten") == 1
    assert winner("H", "LJ BJ", "ten") == 1
    assert winner("H", "JD JH", "ten") == 1


def test_seven_point_trump_order_off_jack_and_equal_jokers() -> None:
    """Seed 004 Setup: "Ace-King-Queen-Jack-(Off-Jack)-Joker-Joker-10-9 ... 2"; the two jokers
    rank equal."""
    got = order(Suit.S, jokers=2, off_jack=True, equal_jokers=True)
    assert got[:5] == ["AS", "KS", "QS", "JS", "JC"]
    assert set(got[5:7]) == {"BJ", "LJ"}
    assert got[7:] == ["TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]
    tt = table(int(Suit.S), jokers=2, off_jack=True, equal_jokers=True)
    assert tt.power[52] == tt.power[53]


def test_seven_point_equal_jokers_first_played_wins() -> None:
    """Seed 004 Setup: "The first Joker played is considered the high Joker if two are laid in one
    trick"; either joker may be the first."""
    assert winner("S", "BJ LJ", "seven") == 0
    assert winner("S", "LJ BJ", "seven") == 0
    assert winner("S", "5S LJ BJ", "seven") == 1
    assert winner("S", "5S BJ LJ TS", "seven") == 1
    assert winner("S", "LJ BJ JC", "seven") == 2


def test_trick_highest_trump_else_highest_of_suit_led() -> None:
    """Seed 000 rule 24/26 and seed 002 Gameplay: the highest trump wins the trick; without trump
    the highest card of the suit led; a higher card of another suit never wins."""
    assert winner("S", "5D AC 9D 2H") == 2
    assert winner("S", "AD KD 2S QD") == 2
    assert winner("S", "AD 2S 3S") == 2


# -- follow or trump ------------------------------------------------------------------------------

_F1 = ("AS 2C 3C 4C 5C 6C", "KS TS QC 2H 3H 4H", "QS 2D 3D 4D 5D 6D", "JS 7C 6H 7H 8H 9H")


def test_trump_led_must_follow_trump() -> None:
    """Seed 001: "If trump is led then all others must follow trump suit" (the brief applies it
    to every preset)."""
    h = deal("pct", *_F1, dealer=3)
    act(h, "0 bid 2", "1 pass", "2 pass", "3 pass")
    play(h, "AS")
    assert legal(h) == {"play KS", "play TS"}
    play(h, "KS")
    assert legal(h) == {"play QS"}
    play(h, "QS")
    assert legal(h) == {"play JS"}


def test_may_trump_while_able_to_follow_and_misplay_is_refused() -> None:
    """Seed 000 rules 25-26 ("Trump in ... regardless of the suit that was led"), seed 002
    Gameplay ("may play a trump card even if he is able to follow suit"). A card of a third suit is
    a misplay (rule 36): refused, and the hand is unchanged."""
    h = deal("pct", *_F1, dealer=3)
    act(h, "0 bid 2", "1 pass", "2 pass", "3 pass")
    play(h, "AS KS QS JS 2C")
    assert legal(h) == {"play QC", "play TS"}
    before = (list(h.hands), list(h.log), list(h.trick))
    with pytest.raises(IllegalActionError, match="must follow clubs or play a trump"):
        h.apply(Play(1, Card.parse("2H")))
    assert (list(h.hands), list(h.log), list(h.trick)) == before
    play(h, "TS")
    assert h.trick[-1] == (1, Card.parse("TS"))


def test_cannot_follow_may_play_anything() -> None:
    """Seed 000 rule 25.1: a player without the suit led may play a card of any suit (no duty to
    trump); a player holding the suit led and no trump must follow."""
    h = deal("pct", *_F1, dealer=3)
    act(h, "0 bid 2", "1 pass", "2 pass", "3 pass")
    play(h, "AS KS QS JS 2C TS")
    assert legal(h) == {f"play {c}" for c in ("2D", "3D", "4D", "5D", "6D")}
    play(h, "2D")
    assert legal(h) == {"play 7C"}


def test_a_refusal_offers_no_trump_to_a_player_without_one() -> None:
    """A player holding the suit led and no trump is told to follow it, not "or play a trump",
    which that hand cannot do; a player holding a trump is still told both."""
    h = deal("pct", *_F1, dealer=3)
    act(h, "0 bid 2", "1 pass", "2 pass", "3 pass")
    play(h, "AS KS QS JS 2C")
    with pytest.raises(IllegalActionError, match=r"^must follow clubs or play a trump$"):
        h.apply(Play(1, Card.parse("2H")))
    play(h, "TS 2D")
    assert h.to_act == 3 and not any(c.suit == Suit.S for c in h.holding(3))
    with pytest.raises(IllegalActionError) as refused:
        h.apply(Play(3, Card.parse("6H")))
    assert str(refused.value) == "must follow clubs"


def test_jick_led_counts_as_trump() -> None:
    """Seed 004 Setup: "the opposite jack and two jokers are considered as if they were part of the
    actual trump suit": when the off-jack (JC, spades trump) is led, trump must be followed and a
    club is not a follow."""
    h = deal("seven-point", "AS JC 2D 3D 4D 5D", "KS QS 2C 3C 4C 5C", "6C 7C 8C 9C 2H 3H",
             "4S 4H 5H 6H 7H 8H", dealer=3)
    act(h, "0 bid 3", "1 pass", "2 pass", "3 pass")
    play(h, "AS KS 6C 4S JC")
    assert legal(h) == {"play QS"}
    play(h, "QS")
    assert legal(h) == {f"play {c}" for c in ("7C", "8C", "9C", "2H", "3H")}
