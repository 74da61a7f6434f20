"""The bid advisor's calibration: the package's table loads, its curves never fall as the sampled
share rises nor rise with the bid, and the advisor's chances come from it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit import Game, make_rules
from pitchkit.advice.advisor import advise_bids, bid_advice, sample_bids
from pitchkit.engine.actions import Bid
from pitchkit.engine.errors import PitchError
from pitchkit.engine.view import View
from pitchkit.search.calibration import (
    auction_place,
    bid_height,
    calibration_for,
    calibrations,
    parse_calibrations,
)
from pitchkit.search.contract import PLAYED_OUT_DISCOUNT

CALIBRATED = ("pct", "pct-tournament", "auction-partners", "ten-point")


def test_the_package_table_has_a_curve_for_each_measured_preset() -> None:
    table = calibrations()
    for preset in CALIBRATED:
        cal = calibration_for(make_rules(preset))
        assert cal is not None and cal is table[preset]
        assert cal.positions >= 500, (preset, cal.positions)


@pytest.mark.parametrize("preset", CALIBRATED)
def test_a_curve_never_falls_as_the_share_rises_nor_rises_with_the_bid(preset: str) -> None:
    cal = calibrations()[preset]
    rules = make_rules(preset)
    heights = sorted({bid_height(rules, b) for b in range(rules.min_bid, rules.max_bid + 1)})
    for solved in (8, 16, 32):
        for place in (0.0, 0.5, 1.0):
            for h in heights:
                chances = [cal.chance(made, solved, h, place) for made in range(solved + 1)]
                assert all(0.0 < c < 1.0 for c in chances)
                assert chances == sorted(chances), (solved, place, h)
            for made in range(solved + 1):
                by_height = [cal.chance(made, solved, h, place) for h in heights]
                assert by_height == sorted(by_height, reverse=True)


def test_a_malformed_or_falling_curve_is_refused_in_one_line() -> None:
    weights = {"intercept": 0.1, "share": 0.8, "height": -1.0, "place": 0.0}
    good = parse_calibrations({"families": {"pct": {"presets": ["pct"], "weights": weights}}})
    assert good["pct"].share == 0.8
    falling = {"presets": ["pct"], "weights": weights | {"share": -0.5}}
    rising = {"presets": ["pct"], "weights": weights | {"height": 0.5}}
    missing = {"presets": ["pct"], "weights": {"share": 1.0}}
    for bad in (falling, rising, missing):
        with pytest.raises(PitchError) as e:
            parse_calibrations({"families": {"pct": bad}})
        assert "\n" not in str(e.value) and "calibration 'pct'" in str(e.value)


def _first_view(preset: str, seed: int) -> View:
    game = Game(make_rules(preset), seed=seed)
    assert game.to_act is not None
    return game.view(game.to_act)


@pytest.mark.slow
@settings(max_examples=4, deadline=None)
@given(preset=st.sampled_from(["pct", "auction-partners", "ten-point", "smudge"]), seed=st.integers(0, 10**6))
def test_the_advice_is_the_calibrated_chance_of_the_sampled_share(preset: str, seed: int) -> None:
    """Each bid's chance is its table's curve at the share of solved deals that make it (a preset
    without a table: the share times the played-out discount), the same for the same seed."""
    view = _first_view(preset, seed)
    advice = advise_bids(view, random.Random(seed), samples=6, nodes=400_000)
    assert advice == advise_bids(view, random.Random(seed), samples=6, nodes=400_000)
    sampled = sample_bids(view, random.Random(seed), samples=6, nodes=400_000)
    if sampled is None:
        assert not advice.bids
        return
    rules = view.rules
    cal = calibration_for(rules)
    for b in advice.bids:
        assert 0.0 <= b.share <= 1.0 and 0.0 <= b.make <= 1.0
        solved = len(sampled[0][b.suit])
        want = (b.share * PLAYED_OUT_DISCOUNT if cal is None else
                cal.chance(round(b.share * solved), solved, bid_height(rules, b.bid), auction_place(view)))
        assert b.make == pytest.approx(want)


def test_a_higher_share_gives_a_higher_chance_for_the_same_bid() -> None:
    rules = make_rules("pct")
    cal = calibration_for(rules)
    assert cal is not None
    weak = bid_advice(rules, [3], 0.0, {3: [3] * 4 + [1] * 12}, {3: [4] * 16}, cal)[0]
    strong = bid_advice(rules, [3], 0.0, {3: [3] * 12 + [1] * 4}, {3: [4] * 16}, cal)[0]
    assert (weak.share, strong.share) == (0.25, 0.75)
    assert strong.make > weak.make
    assert strong.expected > weak.expected


def test_every_legal_bid_of_a_calibrated_preset_is_advised() -> None:
    view = _first_view("auction-partners", 3)
    advice = advise_bids(view, random.Random(1), samples=4)
    assert {b.bid for b in advice.bids} == {a.amount for a in view.legal if isinstance(a, Bid) and a.amount}
