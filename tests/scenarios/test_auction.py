"""Presets ``auction`` and ``auction-partners``: Auction Pitch / Setback (seed 002)."""

from __future__ import annotations

import pytest

from pitchkit import Hand, IllegalActionError, Phase, RulesError, make_rules
from pitchkit.engine.record import score_document
from tests.scenarios import act, awards, deal, legal, play, result

# Hand A: seat 0 leads AS and takes every trick; seat 1 plays 2S (the low), seat 2 JS, into it.
HAND_A = ("AS KS 9C 8C 7C 6C", "2S 3H 4H 5H 6H 7H", "JS 2D 3D 4D 5D 6D", "QS 8H 9H TH 7D 8D")
PLAY_A = "AS 2S JS QS  KS 3H 2D 8H  9C 4H 3D 9H  8C 5H 4D TH  7C 6H 5D 7D  6C 7H 6D 8D"

# Hand J: the only trump in play is JS (seat 0); seat 1 takes AC and game (4 card points to 1).
HAND_J = ("JS 2C 3C 4C 5C 6C", "AC 2H 3H 4H 5H 6H", "2D 3D 4D 5D 6D 7D", "7H 8H 9H 8D 9D 7C")
PLAY_J = "JS 2H 2D 7H  2C AC 3D 7C  3H 4D 8H 3C  8D 4C 4H 5D  9D 5C 5H 6D  9H 6C 6H 7D"

# Hand T: the only trump in play is AS (seat 0); card points 4 and 4: game tied.
HAND_T = ("AS 3C 4C 5C 6C 7C", "AC 2H 3H 4H 5H 6H", "2D 3D 4D 5D 6D 7D", "7H 8H 9H 8D 9D 8C")
PLAY_T = "AS 2H 2D 7H  3C AC 3D 8C  3H 4D 8H 4C  8D 5C 4H 5D  9D 6C 5H 6D  9H 7C 6H 7D"

# Hand P: seat 0 captures AS QS and the low 2S (6 card points), seat 1 takes TC (10), seat 2 KH QH
# (5): seat 1 has the most alone, seats 0+2 together (11).
HAND_P = ("AS 2C QH 7C 8C 9C", "2S TC 2H 4H 5H 6H", "QS 3D KH 9D 8D 7D", "4S 3C 3H 4C 5C 6C")
PLAY_P = "AS 2S QS 4S  2C TC 3D 3C  2H KH 3H QH  9D 4C 7C 4H  8D 5C 8C 5H  7D 6C 9C 6H"


def played(variant: str, hand_cards: tuple[str, ...], bid: int, plays: str, *,
           scores: list[int] | None = None) -> Hand:
    h = deal(variant, *hand_cards, dealer=3, scores=scores)
    act(h, f"0 bid {bid}")
    if bid < 4:  # a bid of 4 (pitching) ends the auction at once
        act(h, "1 pass", "2 pass", "3 pass")
    play(h, plays)
    return h


def test_auction_players_three_to_seven_two_allowed() -> None:
    """Seed 002 Players: "3 to 7 players" ("some sources say you can play with 2 players"); 52
    cards, six each."""
    for n in range(2, 8):
        assert make_rules("auction", players=n).players == n
    with pytest.raises(RulesError):
        make_rules("auction", players=8)
    rules = make_rules("auction")
    assert (rules.deck_size, rules.hand_size, rules.teams) == (52, 6, 0)


def test_auction_bids_pass_one_to_four_each_beats_the_last() -> None:
    """Seed 002 Bidding: "The only legal bids are pass, 1, 2, 3 or 4"; one chance each."""
    h = deal("auction", *HAND_A, dealer=3)
    assert legal(h) == {"pass", "bid 1", "bid 2", "bid 3", "bid 4"}
    act(h, "0 bid 1")
    assert legal(h) == {"pass", "bid 2", "bid 3", "bid 4"}
    with pytest.raises(IllegalActionError):
        act(h, "1 bid 1")
    act(h, "1 bid 2", "2 pass", "3 pass")
    assert (h.pitcher, h.bid, h.phase) == (1, 2, Phase.PLAY)


def test_auction_pitch_of_four_ends_the_auction() -> None:
    """Seed 002 Bidding: a bid of 4 ("pitching") is made by leading at once: nobody after it bids,
    not even the dealer."""
    h = deal("auction", *HAND_A, dealer=3)
    act(h, "0 bid 2", "1 bid 4")
    assert (h.pitcher, h.bid, h.phase, h.to_act) == (1, 4, Phase.PLAY, 1)
    assert len(h.log) == 2


def test_auction_dealer_forced_to_bid_at_least_two() -> None:
    """Seed 002 Note: "If no other player bids, the dealer must bid at least 2": a minimum, not an
    exact amount (``stuck-dealer-bid = at-least``)."""
    assert make_rules("auction").stuck_dealer_bid == "at-least"
    h = deal("auction", *HAND_A, dealer=3)
    act(h, "0 pass", "1 pass", "2 pass")
    assert legal(h) == {"bid 2", "bid 3", "bid 4"}
    for bad in ("pass", "bid 1"):
        with pytest.raises(IllegalActionError):
            act(h, f"3 {bad}")


def test_auction_dealer_steals_for_the_same() -> None:
    """Seed 002 Note: "the dealer may 'steal the bid' by bidding the same as the current high
    bid"; other players must beat it."""
    h = deal("auction", *HAND_A, dealer=3)
    act(h, "0 bid 1", "1 pass", "2 bid 3")
    assert legal(h) == {"pass", "bid 3", "bid 4"}
    act(h, "3 bid 3")
    assert (h.pitcher, h.bid) == (3, 3)


def test_auction_points_to_the_capturer() -> None:
    """Seed 002 Scoring: "1 point for winning the highest trump / lowest trump / Jack of trumps"
    and the game score: seat 0 captured 2S (played by seat 1) and JS (seat 2): all four."""
    h = played("auction", HAND_A, 2, PLAY_A)
    assert h.trump == 3  # Bidding: "the first card played sets the trump suit"
    assert awards(h) == [("high", "AS", 0), ("low", "2S", 0), ("jack", "JS", 0), ("game", None, 0)]
    assert result(h).delta == (4, 0, 0, 0)


def test_auction_single_trump_scores_high_and_low() -> None:
    """Seed 002: "If there's only one trump card in play, it scores 2 points as both the high trump
    and the low trump" (here AS; game is tied 4-4, no jack dealt)."""
    h = played("auction", HAND_T, 2, PLAY_T)
    assert awards(h) == [("high", "AS", 0), ("low", "AS", 0)]
    assert result(h).delta == (2, 0, 0, 0)


def test_auction_single_trump_jack_scores_three() -> None:
    """Seed 002: "If the only trump card in play is the Jack, it scores 3 points"; game goes to
    seat 1 (AC: 4 card points against JS's 1)."""
    h = played("auction", HAND_J, 3, PLAY_J)
    assert awards(h) == [("high", "JS", 0), ("low", "JS", 0), ("jack", "JS", 0), ("game", None, 1)]
    assert result(h).card_points == (1, 4, 0, 0)
    assert result(h).delta == (3, 1, 0, 0)


def test_auction_jack_not_in_play_no_jack_point() -> None:
    """Seed 002: "If the Jack of trumps is not in play, that point is not awarded"; a game tie is
    not awarded either (Hand T)."""
    h = played("auction", HAND_T, 2, PLAY_T)
    assert "jack" not in [a[0] for a in awards(h)] and "game" not in [a[0] for a in awards(h)]


def test_auction_set_minus_bid_others_score_what_they_won() -> None:
    """Seed 002: a pitcher who fails "his bid is subtracted from his score"; "Players who were not
    the pitcher win as many points as they earned"; negative scores are possible."""
    r = result(played("auction", HAND_J, 4, PLAY_J))
    assert (r.made, r.delta, r.scores) == (False, (-4, 1, 0, 0), (-4, 1, 0, 0))


def test_auction_pitcher_reaching_target_wins() -> None:
    """Seed 002 Winning: the first to reach 7 "at the end of a hand in which he was the pitcher"."""
    assert make_rules("auction").target == 7
    r = result(played("auction", HAND_J, 3, PLAY_J, scores=[4, 0, 0, 0]))
    assert (r.scores, r.winners) == ((7, 1, 0, 0), (0,))


def test_auction_pitcher_only_winning_non_pitcher_past_target_has_not_won() -> None:
    """Seed 002 Winning: seat 1 reaches 7 with the game point, but was not the pitcher: no winner,
    and the game record goes on."""
    r = result(played("auction", HAND_J, 3, PLAY_J, scores=[0, 6, 0, 0]))
    assert (r.scores, r.winners) == ((3, 7, 0, 0), ())
    actions: list[dict[str, object]] = [{"seat": 0, "bid": 3}]
    actions += [{"seat": s, "bid": "pass"} for s in (1, 2, 3)]
    order = [0, 1, 2, 3, 0, 1, 2, 3, 1, 2, 3, 0] + [3, 0, 1, 2] * 3
    actions += [{"seat": s, "play": c} for s, c in zip(order, PLAY_J.split(), strict=True)]
    doc = {"variant": "auction", "dealer": 3, "scores": [0, 6, 0, 0], "hands": [h.split() for h in HAND_J],
           "actions": actions}
    out = score_document([doc])
    assert out["complete"] is False and out["winner"] is None and out["scores"] == [3, 7, 0, 0]


def test_auction_pitcher_may_win_with_fewer_points_than_another() -> None:
    """Seed 002 Note: "it's possible for the winning player to have fewer points than a losing
    player": seat 0 pitches to 7 while seat 1 stands at 10."""
    r = result(played("auction", HAND_J, 3, PLAY_J, scores=[4, 9, 0, 0]))
    assert (r.scores, r.winners) == ((7, 10, 0, 0), (0,))


def test_auction_winning_set_pitcher_still_at_target_goes_out() -> None:
    """Seed 002 Winning: "The first player to reach at least 7 points at the end of a hand in which
    he was the pitcher wins the game." Read literally: seat 0 pitches 4 at 12, is set (12 - 4 = 8)
    and still stands past 7 at the end of a hand he pitched, so he wins."""
    r = result(played("auction", HAND_J, 4, PLAY_J, scores=[12, 0, 0, 0]))
    assert (r.made, r.scores, r.winners) == (False, (8, 1, 0, 0), (0,))


def test_auction_pitcher_must_make_option_set_pitcher_does_not_go_out() -> None:
    """The house rule "the pitcher must make the bid to go out" (option ``pitcher-must-make``, off
    in the preset per seed 002 Winning): the same set pitcher at 8 has not won; a pitcher who makes
    the bid still goes out."""
    rules = make_rules("auction")
    assert rules.pitcher_must_make is False
    h = deal("auction", *HAND_J, dealer=3, scores=[12, 0, 0, 0], options={"pitcher-must-make": True})
    act(h, "0 bid 4")
    play(h, PLAY_J)
    assert (result(h).made, result(h).scores, result(h).winners) == (False, (8, 1, 0, 0), ())
    h = deal("auction", *HAND_J, dealer=3, scores=[4, 9, 0, 0], options={"pitcher-must-make": True})
    act(h, "0 bid 3", "1 pass", "2 pass", "3 pass")
    play(h, PLAY_J)
    assert (result(h).made, result(h).winners) == (True, (0,))


def test_auction_individual_game_point() -> None:
    """Seed 002 The Game Score: a plurality of trick points: seat 1's TC (10) beats seat 0's 6 and
    seat 2's 5."""
    h = played("auction", HAND_P, 2, PLAY_P)
    assert awards(h) == [("high", "AS", 0), ("low", "2S", 0), ("game", None, 1)]
    assert result(h).delta == (2, 1, 0, 0)


# -- auction-partners -----------------------------------------------------------------------------


def test_auction_partners_two_teams_of_two_partners_opposite() -> None:
    """Seed 002: "It can also be played as a partnership game with two teams of two players"; the
    brief seats partners opposite (0+2, 1+3)."""
    rules = make_rules("auction-partners")
    assert [rules.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    with pytest.raises(RulesError):
        make_rules("auction-partners", players=6)


def test_auction_partners_team_pooling() -> None:
    """Seed 002 partnership game: partners pool card points (seats 0+2: 6+5 = 11 beat 10), so game
    goes to the pitching team; both partners score the team's 3."""
    h = played("auction-partners", HAND_P, 2, PLAY_P)
    r = result(h)
    assert awards(h) == [("high", "AS", 0), ("low", "2S", 0), ("game", None, 0)]
    assert r.card_points == (11, 10, 11, 10)
    assert r.delta == (3, 0, 3, 0)


def test_auction_partners_set_costs_both_partners() -> None:
    """Seed 002: a set subtracts the bid, here from the pitcher's partnership."""
    r = result(played("auction-partners", HAND_P, 4, PLAY_P))
    assert (r.made, r.delta) == (False, (-4, 0, -4, 0))


def test_auction_partners_pitching_team_reaching_target_wins() -> None:
    """Seed 002 Winning applied to partnerships: the pitcher's side reaching 7 wins; the other side
    reaching 7 without pitching has not won."""
    r = result(played("auction-partners", HAND_P, 2, PLAY_P, scores=[5, 0, 5, 0]))
    assert (r.scores, r.winners) == ((8, 0, 8, 0), (0, 2))
    r = result(played("auction-partners", HAND_J, 3, PLAY_J, scores=[0, 6, 0, 6]))
    assert (r.scores, r.winners) == ((3, 7, 3, 7), ())
