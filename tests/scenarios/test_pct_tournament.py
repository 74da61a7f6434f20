"""Preset ``pct-tournament``: the pitchcardtournament.com rules, tournament column (Darrtown),
seed 000."""

from __future__ import annotations

import pytest

from pitchkit import Game, Hand, Phase, RecordError, RulesError, make_rules
from pitchkit.engine.presets import modified_options, rules_label
from pitchkit.engine.record import hand_record, score_document
from tests.scenarios import act, cards, cut_winner, deal, finish, legal, simple_hands

HAND_A = ("AS KS 9C 8C 7C 6C", "2S 3H 4H 5H 6H 7H", "JS 2D 3D 4D 5D 6D", "QS 8H 9H TH 7D 8D")
STOCK_A = "2C 3C 4C 5C TC JC QC KC AC 9D TD JD QD KD AD"


def test_tournament_rule2_two_to_four_players() -> None:
    """Seed 000 rule 2 (tournament): two to four players."""
    for n in (2, 3, 4):
        assert make_rules("pct-tournament", players=n).players == n
    for n in (5, 6):
        with pytest.raises(RulesError):
            make_rules("pct-tournament", players=n)


def test_tournament_rule3_individuals_no_off_jack_no_jokers() -> None:
    """Seed 000 rules 3, 4, 29 (tournament): individual players only, no jokers, no off-jack."""
    rules = make_rules("pct-tournament")
    assert rules.teams == 0 and rules.jokers == 0 and not rules.off_jack
    assert rules.points == ("high", "low", "jack", "game")


def test_tournament_rule17_dealer_takes_it_for_one_more() -> None:
    """Seed 000 rule 17 NOTE: the Darrtown tournament is played with "take it for one more": the
    dealer may take a bid of 2 for 3 (or bid 4) but not equal it; a 4 cannot be stolen."""
    h = deal("pct-tournament", *HAND_A, dealer=3)
    act(h, "0 bid 2", "1 pass", "2 pass")
    assert legal(h) == {"pass", "bid 3", "bid 4"}
    act(h, "3 bid 3")
    assert (h.pitcher, h.bid) == (3, 3)
    h = deal("pct-tournament", *HAND_A, dealer=3)
    act(h, "0 bid 4", "1 pass", "2 pass")
    assert legal(h) == {"pass"}


def test_tournament_rule18_take_it_or_run_it_three_more() -> None:
    """Seed 000 rule 18 (tournament): all pass, the dealer takes it for two or runs it for two,
    dealing every player three additional cards."""
    h = deal("pct-tournament", *HAND_A, dealer=3, stock=STOCK_A)
    act(h, "0 pass", "1 pass", "2 pass")
    assert legal(h) == {"bid 2", "choose run"}
    act(h, "3 choose run")
    assert [h.hands[s].bit_count() for s in range(4)] == [9, 9, 9, 9]
    assert legal(h) == {"pass", "bid 3", "bid 4"}


def test_tournament_rule21_steal_after_run_for_one_more_or_sell() -> None:
    """Seed 000 rules 20-21 (tournament): outbid after running it, the dealer sells or steals for
    one more (a 3 for 4); he may not equal it."""
    h = deal("pct-tournament", *HAND_A, dealer=3, stock=STOCK_A)
    act(h, "0 pass", "1 pass", "2 pass", "3 choose run", "0 bid 3", "1 pass", "2 pass")
    assert legal(h) == {"choose sell", "bid 4"}
    act(h, "3 bid 4")
    assert (h.pitcher, h.bid, h.phase) == (3, 4, Phase.PLAY)


@pytest.mark.parametrize("seed", [0, 15, 32])
def test_tournament_rule6_first_dealer_by_cut_ties_recut(seed: int) -> None:
    """Seed 000 rule 6 (tournament): the first dealer MUST be found by cutting; high card wins the
    deal; a tie re-cuts until a high card is found (seeds 15 and 32 tie in the first round:
    jacks, aces). Ace is high, suits do not break ties."""
    rules = make_rules("pct-tournament")
    g = Game(rules, seed=seed)
    dealer = cut_winner(g.cuts, 4)
    assert g.first_dealer == g.hand.dealer == dealer
    if seed in (15, 32):
        assert len(g.cuts) > 4
    assert all(not c.is_joker for _, c in g.cuts)


def sweep_game(pitchers: list[int], *, last_sweeps: bool = True) -> Game:
    """Three players, first dealer seat 0; hand k is pitched by ``pitchers[k]`` who sweeps (4
    points) or, for the last hand when ``last_sweeps`` is false, takes 2."""
    rules = make_rules("pct-tournament", players=3)
    g = Game(rules, dealer=0, seed=1)
    for k, p in enumerate(pitchers):
        sweep = last_sweeps or k < len(pitchers) - 1
        hands = simple_hands(3, p, sweep=sweep, seats=g.hand.seats)
        g.set_hand(Hand(rules, dealer=g.hand.dealer, hands=[cards(h) for h in hands], scores=g.scores))
        finish(g, p, "AS" if sweep else "2S")
    return g


def test_tournament_rule1_each_player_deals_twice() -> None:
    """Seed 000 rules 1, 5 (tournament): most points after every player has dealt twice wins. Three
    players deal 0 1 2 0 1 2; pitchers 0 1 2 0 1 0 sweep for 4: 12-8-4 after six hands, not before."""
    g = sweep_game([0, 1, 2, 0, 1])
    assert not g.over and g.scores == [8, 8, 4]
    assert [h.dealer for h in g.history] == [0, 1, 2, 0, 1]
    g = sweep_game([0, 1, 2, 0, 1, 0])
    assert [h.dealer for h in g.history] == [0, 1, 2, 0, 1, 2]
    assert g.over and g.end is not None
    assert g.scores == [12, 8, 4]
    assert g.end.winners == (0,)
    assert "2 deals each" in g.end.reason


def test_tournament_rule1_tied_leaders_alone_play_extra_hands() -> None:
    """Seed 000 rule 1 (tournament): "the players with the same highest number of points must play
    additional hands, until one player accumulates more points". After six hands 8-8-6: seats 0
    and 1 play on alone (seat 2 sits out, no cards); the deal passes to seat 0; seat 1 sweeps."""
    g = sweep_game([0, 1, 2, 0, 1, 2], last_sweeps=False)
    assert g.scores == [8, 8, 6]
    assert not g.over
    assert g.hand.seats == (0, 1)
    assert g.hand.hands[2] == 0
    assert g.hand.dealer == 0
    hands = simple_hands(3, 1, sweep=True, seats=(0, 1))
    g.set_hand(Hand(g.rules, dealer=0, hands=[cards(h) for h in hands], scores=g.scores))
    finish(g, 1, "AS")
    assert g.scores == [8, 12, 6]
    assert g.over and g.end is not None and g.end.winners == (1,)


def test_tournament_rule3_teams_override_is_reported_as_modified_rules() -> None:
    """Seed 000 tournament rule 3: "Individual players only", "no team play permitted". Teams may
    still be set as an option, but the game is then no longer the preset: the rules, the hand record
    and the result say so ("pct-tournament, modified: teams"); the player count is the preset's own
    choice and modifies nothing."""
    assert rules_label(make_rules("pct-tournament", players=3)) == "pct-tournament"
    rules = make_rules("pct-tournament", {"teams": 2})
    assert modified_options(rules) == ("teams",) and rules_label(rules) == "pct-tournament, modified: teams"
    h = Hand(rules, dealer=3, hands=[cards(x) for x in HAND_A], stock=cards(STOCK_A))
    doc = hand_record(h)
    assert doc["modified"] == ["teams"] and doc["options"] == {"teams": 2}
    assert score_document(doc)["rules"] == "pct-tournament, modified: teams"
    assert "rules" not in score_document(hand_record(deal("pct-tournament", *HAND_A, dealer=3)))
    with pytest.raises(RecordError, match="'modified' must list"):
        score_document(dict(doc, modified=[]))
