"""Preset ``seven-point``: Seven Point Pitch with dynamic teams (seed 004)."""

from __future__ import annotations

import random

import pytest

from pitchkit import Card, Hand, IllegalActionError, Phase, RulesError, make_rules
from tests.scenarios import act, awards, deal, legal, play, result

# Hand S: seat 0 leads 2S (the low), seat 1 wins it with AS (the high): seats 0+1 are partners
# against 2+3, who take JS, JC, both jokers and game (15 card points against 4). Seat 0 bid 3.
HAND_S = ("2S 3H 4H 5H 6H 7H", "AS 2D 3D 4D 5D 6D", "3S KS BJ TC 8C 9C", "4S JS JC LJ 7D 8D")
PLAY_S = "2S AS 3S 4S  2D KS JC 3H  BJ LJ 4H 3D  TC JS 5H 4D  7D 6H 5D 8C  8D 7H 6D 9C"

# Hand L: seat 0 holds both AS (high) and 2S (low) and plays alone against 1+2+3. Seat 1 wins 2S
# with LJ; seat 0 takes JC and game (35 card points against 2).
HAND_L = ("AS 2S TC TD TH 3D", "5S LJ 4C 5C 6C 7C", "2D QD 4H 5H 6H 7H", "JC 8C 2H 3H 8H 9H")
PLAY_L = "AS 5S 4H JC  2S LJ 5H 2H  4C 6H 8C TC  TD 5C 2D 8H  TH 6C 7H 3H  3D 7C QD 9H"


def played(hand_cards: tuple[str, ...], plays: str, *, bid: int = 3,
           scores: list[int] | None = None) -> Hand:
    h = deal("seven-point", *hand_cards, dealer=3, scores=scores)
    act(h, f"0 bid {bid}", "1 pass", "2 pass", "3 pass")
    play(h, plays)
    return h


def test_seven_point_three_to_nine_players_54_cards_six_each_rest_unused() -> None:
    """Seed 004 Setup: "a normal deck of 54 playing cards, including two jokers. There can be three
    to nine players"; six cards each, "the remaining cards ... are not used during this hand"."""
    for n in (3, 9):
        assert make_rules("seven-point", players=n).players == n
    for n in (2, 10):
        with pytest.raises(RulesError):
            make_rules("seven-point", players=n)
    h = Hand.deal(make_rules("seven-point"), random.Random(2), dealer=0)
    assert [h.hands[s].bit_count() for s in range(4)] == [6] * 4 and len(h.stock) == 54 - 24
    act(h, "1 bid 3", "2 pass", "3 pass", "0 pass")
    assert h.phase == Phase.PLAY and len(h.stock) == 30


def test_seven_point_bids_three_to_seven_dealer_takes_three() -> None:
    """Seed 004 Bidding: "The lowest possible bid is three and the greatest is seven", one chance
    each, each bid beats the last. Decision: all pass, the dealer takes it for 3."""
    h = deal("seven-point", *HAND_S, dealer=3)
    assert legal(h) == {"pass", "bid 3", "bid 4", "bid 5", "bid 6", "bid 7"}
    for bad in ("2", "8"):
        with pytest.raises(IllegalActionError):
            act(h, f"0 bid {bad}")
    act(h, "0 pass", "1 pass", "2 pass")
    assert legal(h) == {"bid 3"}
    with pytest.raises(IllegalActionError, match="exactly 3"):
        act(h, "3 bid 4")
    act(h, "3 bid 3")
    assert (h.pitcher, h.bid) == (3, 3)


def test_seven_point_jack_lead_names_its_suit_or_the_same_colour() -> None:
    """Seed 004 First Trick: "If the card is a Jack or Joker, the player must also declare the
    trump suit ... the Jack could be either suit of its' color": JH names hearts or diamonds; as
    diamonds it is the off-jack, a trump lead that hearts do not follow."""
    hands = ("JH 2C 3C 4C 5C 6C", "AH KH QH 2S 3S 4S", "2D 3D 7C 8C 9C TC", "5H 6H 7H 8H 9H TH")
    h = deal("seven-point", *hands, dealer=3)
    act(h, "0 bid 3", "1 pass", "2 pass", "3 pass")
    play(h, "JH")
    assert (h.phase, h.to_act) == (Phase.TRUMP, 0)
    assert legal(h) == {"trump H", "trump D"}
    with pytest.raises(IllegalActionError):
        act(h, "0 trump S")
    act(h, "0 trump D")
    assert (h.trump, h.phase, h.to_act) == (1, Phase.PLAY, 1)
    assert legal(h) == {f"play {c}" for c in ("AH", "KH", "QH", "2S", "3S", "4S")}
    play(h, "AH")
    assert legal(h) == {"play 2D", "play 3D"}
    h = deal("seven-point", *hands, dealer=3)
    act(h, "0 bid 3", "1 pass", "2 pass", "3 pass")
    play(h, "JH/H")
    assert legal(h) == {"play AH", "play KH", "play QH"}


def test_seven_point_joker_lead_names_any_suit() -> None:
    """Seed 004 First Trick: "a Joker could be any suit": the leader names it."""
    hands = ("BJ 2C 3C 4C 5C 6C", "AH KH QH 2S 3S 7C", "2D 3D 8C 9C TC JC", "5H 6H 7H 8H 9H TH")
    h = deal("seven-point", *hands, dealer=3)
    act(h, "0 bid 3", "1 pass", "2 pass", "3 pass")
    play(h, "BJ")
    assert legal(h) == {"trump C", "trump D", "trump H", "trump S"}
    act(h, "0 trump C")
    assert h.trump == 0
    assert legal(h) == {"play 7C"}


def test_seven_point_dynamic_teams_high_player_and_low_player() -> None:
    """Seed 004 Teams: "The person who plays the high of trump is always teamates with the person
    who plays the low of trump"; the rest form the other team. Seat 1 played AS, seat 0 2S."""
    h = played(HAND_S, PLAY_S)
    r = result(h)
    assert h.trump == 3  # Trick-taking: "That first card determines what suit is trump"
    assert r.side[0] == r.side[1] != r.side[2] == r.side[3]
    assert r.card_points == (4, 4, 15, 15)


def test_seven_point_seven_points_high_captured_low_to_player() -> None:
    """Seed 004 Scoring Categories: high (the highest trump dealt) to whoever holds it in their
    scoring pile, low to "the person who lays it", jack, off-jack, each joker to the capturer,
    game to the team with the most card points (credited to its member with the most: seat 3)."""
    h = played(HAND_S, PLAY_S)
    assert awards(h) == [("high", "AS", 1), ("low", "2S", 0), ("jack", "JS", 3), ("off-jack", "JC", 2),
                         ("big-joker", "BJ", 2), ("little-joker", "LJ", 2), ("game", None, 3)]


def test_seven_point_bidders_team_set_each_member_loses_the_bid() -> None:
    """Seed 004 Bidding: "If the bid is higher than this combined score the bidder and his
    teammates (if any) are 'set', this means that the total bid amount is subtracted"; Decision:
    every member of a team is credited with the team's points (2+3 took five each)."""
    r = result(played(HAND_S, PLAY_S))
    assert (r.made, r.delta) == (False, (-3, -3, 5, 5))


def test_seven_point_one_player_holding_high_and_low_plays_alone() -> None:
    """Seed 004 Teams: "In the case that one person has both the high and the low of trump, he/she
    is his/her own partner". The low (2S) still goes to seat 0 who laid it, though seat 1 won it
    with LJ; each of the other three is credited with LJ."""
    h = played(HAND_L, PLAY_L)
    r = result(h)
    assert r.side[0] not in (r.side[1], r.side[2], r.side[3]) and r.side[1] == r.side[2] == r.side[3]
    assert awards(h) == [("high", "AS", 0), ("low", "2S", 0), ("off-jack", "JC", 0),
                         ("little-joker", "LJ", 1), ("game", None, 0)]
    assert r.card_points == (35, 2, 2, 2)
    assert (r.made, r.delta) == (True, (4, 1, 1, 1))


@pytest.mark.parametrize("first", ["BJ", "LJ"])
def test_seven_point_equal_jokers_first_played_wins(first: str) -> None:
    """Seed 004 Setup: "The first Joker played is considered the high Joker if two are laid in one
    trick": seat 2 leads a joker, seat 3 follows with the other, and seat 2 takes the trick either
    way."""
    second = "LJ" if first == "BJ" else "BJ"
    hands = (*HAND_S[:2], HAND_S[2].replace("BJ", first), HAND_S[3].replace("LJ", second))
    h = played(hands, PLAY_S.replace("BJ LJ", f"{first} {second}"))
    plays, winner = h.tricks[2]
    assert [(s, str(Card(c))) for s, c in plays[:2]] == [(2, first), (3, second)]
    assert winner == 2
    assert result(h).delta == (-3, -3, 5, 5)


def test_seven_point_target_21_highest_wins_tie_plays_on() -> None:
    """Brief Decision: target 21; several past it after one hand, the highest wins (22 over 21);
    a tie at the top (21 and 21) plays on."""
    assert make_rules("seven-point").target == 21
    r = result(played(HAND_L, PLAY_L, scores=[18, 20, 0, 0]))
    assert (r.scores, r.winners) == ((22, 21, 1, 1), (0,))
    r = result(played(HAND_L, PLAY_L, scores=[17, 20, 0, 0]))
    assert (r.scores, r.winners) == ((21, 21, 1, 1), ())
    r = result(played(HAND_L, PLAY_L, scores=[16, 0, 0, 0]))
    assert (r.scores, r.winners) == ((20, 1, 1, 1), ())


#: The jokers fall in different tricks, J1 before J2. TOP: the trumps played are 2H, 3H, J1 (seat 0,
#: who takes the trick), J2. BOTTOM: AH, KH, J1 (seat 2), J2 (laid by seat 0).
HAND_TOP = ("2H J1 AC KC QC JC", "4C 5C 6C 7C 8C 9C", "3H J2 2D 3D 4D 5D", "6D 7D 8D 9D TD QD")
PLAY_TOP = "2H 4C 3H 6D  2D 7D J1 5C  AC 6C J2 8D  3D 9D KC 7C  TD QC 8C 4D  QD JC 9C 5D"
HAND_BOTTOM = ("AH J2 AC KC QC JC", "4C 5C 6C 7C 8C 9C", "KH J1 2D 3D 4D 5D", "6D 7D 8D 9D TD QD")
PLAY_BOTTOM = "AH 4C KH 6D  AC 5C J1 7D  2D 8D J2 6C  KC 7C 3D 9D  QC 8C 4D TD  JC 9C 5D QD"


@pytest.mark.parametrize("first", ["BJ", "LJ"])
def test_seven_point_equal_jokers_in_different_tricks_first_played_ranks_higher(first: str) -> None:
    """Seed 004 ranks the two jokers equal and says only that "the first Joker played is considered
    the high Joker if two are laid in one trick". Decision, the same rule across the hand: of the two
    jokers, the one played first ranks higher. So when they are the top trumps played, high is the
    first joker played (to whoever captured it); when they are the bottom trumps, low is the joker
    played last (to the player who laid it)."""
    second = "LJ" if first == "BJ" else "BJ"

    def put(text: str) -> str:
        return text.replace("J1", first).replace("J2", second)

    top = played(tuple(put(x) for x in HAND_TOP), put(PLAY_TOP))
    assert [a for a in awards(top) if a[0] in ("high", "low")] == [("high", first, 0), ("low", "2H", 0)]
    bottom = played(tuple(put(x) for x in HAND_BOTTOM), put(PLAY_BOTTOM))
    assert [a for a in awards(bottom) if a[0] in ("high", "low")] == [("high", "AH", 0), ("low", second, 0)]
