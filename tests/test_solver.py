"""The all-cards-visible solver against plain minimax over the engine, for every preset.

The reference here shares nothing with the solver: it plays each line with ``Hand.clone`` and
``Hand.apply`` and scores the end with :func:`pitchkit.engine.scoring.tally`, ``contract_made`` and
``deltas``, without pruning, transpositions or move merging.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pitchkit import Card, Hand, Suit, make_rules
from pitchkit.bots import random_action
from pitchkit.engine.actions import Choice, Choose, DeclareTrump, Phase, Play
from pitchkit.engine.presets import presets
from pitchkit.engine.rules import Rules, ScoreBy, TrumpBy
from pitchkit.engine.scoring import contract_made, deltas, tally, trick_tally
from pitchkit.engine.view import make_view
from pitchkit.search.position import Deal, Scorer
from pitchkit.search.solver import Solver, SolveStats
from pitchkit.search.solving import first_lead_values

PRESETS = list(presets())
OBJECTIVES = ("delta", "points")


def units(rules: Rules, seats: tuple[int, ...]) -> dict[int, int]:
    return {s: (s % rules.teams if rules.teams else s) for s in seats}


def reference_value(hand: Hand, objective: str, perspective: int | None = None) -> int:
    """The objective of a finished hand, from the engine's own scoring functions."""
    r = hand.rules
    assert hand.trump is not None and hand.pitcher is not None and hand.bid is not None
    if r.score_by == ScoreBy.TRICKS:
        t, _ = trick_tally(r, seats=hand.seats, n_seats=hand.n_seats, maker=hand.pitcher,
                           alone=hand.sitting_out is not None, tricks=hand.tricks, blind=hand.blind,
                           lone_defender=hand.lone_defender)
        d = t.side_points
    else:
        t = tally(r, seats=hand.seats, n_seats=hand.n_seats, trump=hand.trump, tricks=hand.tricks)
        made = contract_made(r, t, pitcher=hand.pitcher, bid=hand.bid)
        d = deltas(r, t, pitcher=hand.pitcher, bid=hand.bid, made=made, scores=hand.scores_before)
    if objective == "points":
        return t.side_points[hand.pitcher]
    unit = units(r, hand.seats)
    per_unit = {unit[s]: d[s] for s in hand.seats}
    mine = unit[hand.pitcher if perspective is None else perspective]
    if objective == "coalition" and mine != unit[hand.pitcher]:
        return per_unit[mine] - per_unit[unit[hand.pitcher]]
    return (len(per_unit) - 1) * per_unit[mine] - sum(v for u, v in per_unit.items() if u != mine)


def maximises(hand: Hand, seat: int, perspective: int, objective: str = "delta") -> bool:
    r = hand.rules
    if objective == "coalition" and not r.teams and perspective != hand.pitcher:
        return seat != hand.pitcher
    return r.team_of(seat) == r.team_of(perspective) if r.teams else seat == perspective


def minimax(hand: Hand, objective: str, perspective: int | None = None) -> int:
    """Plain minimax through the engine: the perspective seat's side (the pitcher's by default)
    against everyone else."""
    if hand.phase == Phase.DONE:
        return reference_value(hand, objective, perspective)
    assert hand.to_act is not None and hand.pitcher is not None
    values = []
    for action in hand.legal_actions():
        child = hand.clone()
        child.apply(action)
        values.append(minimax(child, objective, perspective))
    me = hand.pitcher if perspective is None else perspective
    return max(values) if maximises(hand, hand.to_act, me, objective) else min(values)


def random_ending(preset: str, rng: random.Random, cards_left: int) -> Hand:
    """A random hand played at random into its play phase, ``cards_left`` cards in the hand to act."""
    rules = make_rules(preset)
    while True:
        hand = Hand.deal(rules, rng, dealer=rng.randrange(rules.players),
                         scores=[rng.randint(-8, 8) for _ in range(rules.players)])
        while not hand.done:
            assert hand.to_act is not None
            if (hand.phase == Phase.PLAY and hand.trump is not None
                    and hand.hands[hand.to_act].bit_count() == cards_left and rng.random() < 0.6):
                return hand
            hand.apply(random_action(make_view(hand, hand.to_act), rng))


@pytest.mark.parametrize("preset", PRESETS)
def test_solver_matches_minimax_on_two_trick_endings(preset: str) -> None:
    rng = random.Random(f"two {preset}")
    for _ in range(12):
        hand = random_ending(preset, rng, 2)
        for objective in OBJECTIVES:
            solver = Solver(Deal.from_hand(hand), objective=objective)
            assert solver.value() == minimax(hand, objective)
            for card, value in solver.move_values().items():
                child = hand.clone()
                assert hand.to_act is not None
                child.apply(Play(hand.to_act, Card(card)))
                assert value == minimax(child, objective), (preset, objective, Card(card))


@pytest.mark.parametrize("preset", PRESETS)
def test_solver_matches_minimax_on_three_trick_endings(preset: str) -> None:
    rng = random.Random(f"three {preset}")
    for _ in range(3):
        hand = random_ending(preset, rng, 3)
        for objective in OBJECTIVES:
            assert Solver(Deal.from_hand(hand), objective=objective).value() == minimax(hand, objective)


@pytest.mark.parametrize("preset", PRESETS)
def test_solver_from_a_defenders_perspective_matches_minimax(preset: str) -> None:
    """Any seat may be the perspective: its side maximises its relative score change."""
    rng = random.Random(f"view {preset}")
    for _ in range(8):
        hand = random_ending(preset, rng, 2)
        seat = rng.choice([s for s in hand.seats if s != hand.pitcher])
        solver = Solver(Deal.from_hand(hand), perspective=seat)
        assert solver.value() == minimax(hand, "delta", seat)
        for card, value in solver.move_values().items():
            child = hand.clone()
            assert hand.to_act is not None
            child.apply(Play(hand.to_act, Card(card)))
            assert value == minimax(child, "delta", seat)


@pytest.mark.parametrize("preset", [p for p in PRESETS if not make_rules(p).teams])
def test_defenders_coalition_matches_minimax(preset: str) -> None:
    """The "coalition" objective: every defender maximises one defender's score change minus the
    pitcher's, and the pitcher minimises it."""
    rng = random.Random(f"coalition {preset}")
    for cards in (2, 3):
        for _ in range(4):
            hand = random_ending(preset, rng, cards)
            seat = rng.choice([s for s in hand.seats if s != hand.pitcher])
            solver = Solver(Deal.from_hand(hand), objective="coalition", perspective=seat)
            assert solver.value() == minimax(hand, "coalition", seat)


@pytest.mark.parametrize("preset", [p for p in PRESETS if make_rules(p).trump_by == TrumpBy.LEAD])
def test_first_lead_values_match_minimax(preset: str) -> None:
    """The first lead sets trump (a jack or joker lead may name a suit): hands of three cards."""
    rng = random.Random(f"first {preset}")
    rules = make_rules(preset).with_options({"hand_size": 3})
    for _ in range(3):
        hand = Hand.deal(rules, rng, dealer=0)
        while hand.phase != Phase.PLAY:
            assert hand.to_act is not None
            hand.apply(random_action(make_view(hand, hand.to_act), rng))
        if hand.done:
            continue
        leader = hand.to_act
        assert leader is not None and hand.trump is None
        values = first_lead_values(Deal.from_hand(hand), objective="delta")
        assert {c for c, _ in values} == {int(c) for c in hand.holding(leader)}
        for (card, suit), value in values.items():
            child = hand.clone()
            child.apply(Play(leader, Card(card)))
            if child.phase == Phase.TRUMP:
                child.apply(DeclareTrump(leader, Suit(suit)))
            assert child.trump == suit
            assert value == minimax(child, "delta")


@pytest.mark.parametrize("preset", PRESETS)
def test_fast_scoring_matches_tally_and_deltas(preset: str) -> None:
    """Random complete hands: the solver's end-of-hand value equals the engine's scoring."""
    rng = random.Random(f"score {preset}")
    rules = make_rules(preset)
    checked = 0
    while checked < 40:
        hand = Hand.deal(rules, rng, dealer=rng.randrange(rules.players),
                         scores=[rng.randint(-60, 60) for _ in range(rules.players)])
        start: Hand | None = None
        while not hand.done:
            assert hand.to_act is not None
            if start is None and hand.phase == Phase.PLAY and hand.trump is not None:
                start = hand.clone()
            hand.apply(random_action(make_view(hand, hand.to_act), rng))
        if start is None or hand.result is None or hand.result.misdeal:
            continue
        for objective in OBJECTIVES:
            scorer = Scorer(Deal.from_hand(start), objective=objective)
            assert scorer.value(*scorer.initial(hand.tricks)) == reference_value(hand, objective)
        checked += 1


@pytest.mark.slow
def test_full_first_lead_solve_is_quick() -> None:
    """A full four-player pct hand of six cards from the first lead solves in well under a second
    of nodes and gives a value for every lead."""
    rng = random.Random(1)
    rules = make_rules("pct")
    hand = Hand.deal(rules, rng, dealer=0)
    while hand.phase != Phase.PLAY:
        assert hand.to_act is not None
        hand.apply(random_action(make_view(hand, hand.to_act), rng))
    stats = SolveStats()
    values = first_lead_values(Deal.from_hand(hand), stats=stats)
    assert hand.to_act is not None
    assert {c for c, _ in values} == {int(c) for c in hand.holding(hand.to_act)}
    assert 0 < stats.nodes < 2_000_000


def euchre_ending(options: dict[str, Any], rng: random.Random, cards_left: int, *, alone: bool) -> Hand:
    """A random Euchre hand played at random into its play phase, the maker alone or not."""
    rules = make_rules("euchre", options)
    while True:
        hand = Hand.deal(rules, rng, dealer=rng.randrange(4))
        while not hand.done:
            seat = hand.to_act
            assert seat is not None
            if hand.phase == Phase.PLAY and hand.hands[seat].bit_count() == cards_left:
                return hand
            legal = hand.legal_actions()
            choice = Choose(seat, Choice.ALONE if alone else Choice.PARTNER)
            hand.apply(choice if choice in legal else random_action(make_view(hand, seat), rng))
