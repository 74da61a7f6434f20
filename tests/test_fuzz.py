"""Fuzzing: hostile records, options, numbers and API actions give a result or one short line of the
engine's own error, with the state unchanged; ``pitch score`` exits 2 with one line.

Example counts are small here; ``benchmarks/fuzz.py`` runs the same checks millions of times."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pitchkit import Game, PitchError, make_rules
from pitchkit.bench import fuzz
from pitchkit.cli import app
from pitchkit.engine.numbers import MAX_DIGITS, parse_int

CI = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BASES = fuzz.base_records()
runner = CliRunner()


@CI
@given(st.one_of(st.text(max_size=30), st.from_regex(r"[ \t\x1f\u2003]?-?[0-9]{1,25}[ \n]?", fullmatch=True),
                 st.integers(), st.floats(), st.booleans(), st.none()))
def test_numbers_are_plain_ascii_decimals_in_range(value: object) -> None:
    try:
        number = parse_int(value, what="n", lo=-1000, hi=1000)
    except PitchError as e:
        fuzz.one_line(e)
        return
    assert -1000 <= number <= 1000
    if isinstance(value, str):
        assert re.fullmatch(rf"[ \t\r\n]*-?[0-9]{{1,{MAX_DIGITS}}}[ \t\r\n]*", value, re.ASCII)
        assert number == int(value)
    else:
        assert type(value) is int and number == value


@CI
@given(st.randoms(use_true_random=False))
def test_a_mutated_record_gives_a_result_or_one_line(rng: random.Random) -> None:
    doc = fuzz.mutate_record(rng.choice(BASES), rng)
    fuzz.check_record(doc)


@CI
@given(st.randoms(use_true_random=False))
def test_hostile_options_give_rules_in_range_or_one_line(rng: random.Random) -> None:
    fuzz.options_case(rng)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_hostile_api_actions_are_refused_with_the_game_unchanged(rng: random.Random) -> None:
    outcomes = fuzz.action_case(rng)
    assert outcomes


@pytest.mark.slow
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_pitch_score_exits_2_with_one_line_for_a_mutated_record(rng: random.Random) -> None:
    doc = fuzz.mutate_record(rng.choice(BASES), rng)
    result = runner.invoke(app, ["score", "-"], input=json.dumps(doc))
    outcome = fuzz.check_record(doc)
    if outcome == "ok":
        assert result.exit_code == 0 and result.stderr == ""
    else:
        assert result.exit_code == 2, (result.exit_code, result.stderr[:300])
        assert result.stdout == "" and result.stderr == outcome + "\n"


def test_every_preset_game_takes_hostile_actions_unchanged() -> None:
    for seed, variant in enumerate(("pct", "ten-point", "seven-point", "auction-partners")):
        rng = random.Random(seed)
        outcomes = fuzz.fuzz_actions(Game(make_rules(variant), seed=seed), rng, steps=60)
        refused = [o for o in outcomes if o != "ok"]
        assert len(refused) > len(outcomes) // 2, "most hostile actions are refused"
