"""The ``euchre`` preset against OpenSpiel's ``euchre``: the same deals and the same actions, random
and by pitchkit's heuristic bot, must give the same legal actions at every step and the same score.

OpenSpiel's defaults differ from the preset's in two rules, both options here: the dealer is stuck
(``stick_the_dealer``: ``stick-dealer = true``) and the dealer who picks up may not discard the upcard
(``keep-upcard = true``). The order of two decisions differs too: OpenSpiel asks the dealer to
discard before the maker says whether to go alone, pitchkit asks the maker first (as players
announce it when they make trump); the driver takes both decisions and gives each engine them in its
own order. Each player's score change in OpenSpiel (makers +points, defenders -points) is the
makers' score change minus the defenders' in pitchkit, where only the side that scores changes.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pitchkit import Hand, make_rules
from pitchkit.bots import make_bot
from pitchkit.engine.actions import Action, Bid, Choose, Discard, Phase
from pitchkit.engine.rules import Rules
from pitchkit.engine.view import make_view

pyspiel = pytest.importorskip("pyspiel")

from pitchkit.bench.versus import ALONE, PARTNER, deal_both, engine_action, spiel_action, to_card  # noqa: E402


def engine_legal(hand: Hand) -> set[Action]:
    seat = hand.to_act
    assert seat is not None
    if hand.phase == Phase.DISCARD:
        cards, lo, hi = hand.discard_options(seat)
        assert lo == hi == 1
        return {Discard(seat, (c,)) for c in cards}
    return set(hand.legal_actions())


def both_deal(rules: Rules, stick: bool, rng: random.Random) -> tuple[Hand, Any]:
    """One deal in both engines: OpenSpiel picks the dealer, deals card by card (the first card to
    the dealer) and turns up the 21st."""
    game = pyspiel.load_game("euchre", {"stick_the_dealer": stick,
                                        "allow_lone_defender": bool(rules.defend_alone_points)})
    return deal_both(rules, game, rng.randrange(4), rng)


def choose(hand: Hand, rng: random.Random, bots: list[Any] | None, passing: float = 0.0) -> Action:
    """A bot's action, else a random one (a pass, when legal, with chance ``passing``)."""
    seat = hand.to_act
    assert seat is not None
    if Bid(seat, None) in hand.legal_actions() and rng.random() < passing:
        return Bid(seat, None)
    if bots is not None:
        return bots[seat].choose(make_view(hand, seat))  # type: ignore[no-any-return]
    return rng.choice(sorted(engine_legal(hand), key=repr))


def phase_of(hand: Hand) -> Phase:
    return hand.phase


def flush(state: Any, pending: list[Action]) -> None:
    """Give OpenSpiel the alone decisions taken before the dealer's discard. OpenSpiel also lets a
    defender defend alone against makers who play together, which the seed does not: that question
    is answered ``partner``."""
    for action in pending:
        state.apply_action(spiel_action(action))
    while not state.is_terminal() and state.legal_actions() == [ALONE, PARTNER]:
        state.apply_action(PARTNER)


def play_both(rules: Rules, stick: bool, seed: int, *, with_bots: bool,
              passing: float = 0.0) -> tuple[Hand, Any]:
    rng = random.Random(seed)
    hand, state = both_deal(rules, stick, rng)
    bots = [make_bot("heuristic", seed=seed * 4 + s) for s in range(4)] if with_bots else None
    pending: list[Action] = []  # pitchkit's alone decisions, which OpenSpiel takes after the discard
    while not hand.done:
        assert not state.is_terminal()
        seat = hand.to_act
        if hand.phase == Phase.AUCTION and any(isinstance(a, Choose) for a in hand.legal_actions()):
            pending.append(choose(hand, rng, bots))
            hand.apply(pending[-1])
            if phase_of(hand) is not Phase.PLAY:  # more to decide, or the dealer discards first in OpenSpiel
                continue
            flush(state, pending)
            pending = []
            continue
        assert state.current_player() == seat
        spiel_legal = {engine_action(state.current_player(), a, hand.phase) for a in state.legal_actions()}
        assert engine_legal(hand) == spiel_legal, (hand.phase, seat)
        action = choose(hand, rng, bots, passing)
        hand.apply(action)
        state.apply_action(spiel_action(action))
        if pending and hand.phase == Phase.PLAY:
            flush(state, pending)
            pending = []
    assert state.is_terminal()
    return hand, state


def check_scores(hand: Hand, state: Any) -> None:
    res = hand.result
    assert res is not None
    returns = state.returns()
    if res.misdeal:
        assert returns == [0.0, 0.0, 0.0, 0.0]
        return
    for seat in range(4):
        other = (seat + 1) % 4
        assert returns[seat] == res.delta[seat] - res.delta[other], (seat, returns, res.delta)


OPENSPIEL = make_rules("euchre", {"stick-dealer": True, "keep-upcard": True})


@pytest.mark.parametrize("with_bots", [False, True])
def test_random_and_bot_hands_score_as_openspiel_scores_them(with_bots: bool) -> None:
    outcomes: set[str] = set()
    for seed in range(150):
        hand, state = play_both(OPENSPIEL, True, seed, with_bots=with_bots)
        check_scores(hand, state)
        assert hand.result is not None
        outcomes |= {a.point for a in hand.result.awards}
    # every kind of result came up: made, march, euchred (and alone marches for the random players)
    assert {"made", "march", "euchre"} <= outcomes


def test_without_stick_the_dealer_a_hand_passed_out_scores_nothing_in_both() -> None:
    rules = make_rules("euchre", {"keep-upcard": True})
    thrown = 0
    for seed in range(60):
        hand, state = play_both(rules, False, seed, with_bots=False, passing=0.9)
        check_scores(hand, state)
        thrown += bool(hand.result and hand.result.misdeal)
    assert thrown


def test_the_card_maps_agree() -> None:
    game = pyspiel.load_game("euchre")
    state = game.new_initial_state()
    state.apply_action(0)
    assert [state.action_to_string(a) for a in range(24)] == [
        str(to_card(a))[1] + str(to_card(a))[0] for a in range(24)]


def test_defending_alone_scores_as_openspiels_lone_defender() -> None:
    """OpenSpiel's ``allow_lone_defender``: after a loner, each defender in turn from the dealer's left
    may defend alone; a lone defender's euchre scores 4 there (``defend-alone-points = 4``; the seed's
    8 is the option's value in the seed's own game)."""
    rules = OPENSPIEL.with_options({"defend-alone-points": 4})
    lone = 0
    for seed in range(150):
        hand, state = play_both(rules, True, seed, with_bots=False)
        check_scores(hand, state)
        lone += hand.lone_defender is not None
    assert lone

