"""``pitch bench`` and ``pitch simulate``: the figures parse, simulation is deterministic per seed
whatever the number of processes, and the statistics follow from the hands played."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from typer.testing import CliRunner

from pitchkit import make_rules
from pitchkit.bench import openspiel as os_bench
from pitchkit.bench.selfplay import engine_rate, play_random_hand
from pitchkit.bench.simulate import SimStats, chunk_seed, engine_chunk, jobs_for, simulate
from pitchkit.bench.suite import run_suite
from pitchkit.cli import app
from pitchkit.engine.presets import presets

#: the speed suite runs whole benchmarks
pytestmark = pytest.mark.slow

runner = CliRunner()


def invoke(*args: str) -> Any:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def bench_report() -> Any:
    return invoke("bench", "--seconds", "0.02", "--json")


def test_bench_json_has_every_figure(bench_report: Any) -> None:
    r = bench_report
    assert set(r["presets"]) == set(presets())
    for row in r["presets"].values():
        assert row["hands_per_s"] > 0 and row["decisions_per_hand"] > 1
    if r["machine"]["fast_path"]:
        # a preset the compiled path does not cover has no fast figure
        assert r["presets"]["pct"]["fast"] is not None
        assert all(row["fast"] is None or row["fast"]["hands_per_s"] > 0 for row in r["presets"].values())
    for costs in r["calls_us"].values():
        assert all(costs[c] > 0 for c in ("legal_actions", "apply", "clone", "view"))
    assert list(r["players"]["pct"]) == ["2", "3", "4", "5", "6"]
    assert list(r["players"]["seven-point"]) == [str(n) for n in range(3, 10)]
    # each extra player adds one play per trick and one bid (more with hand size)
    sizes = r["hand_size"]["pct"]
    assert sizes["9"]["decisions_per_hand"] > sizes["6"]["decisions_per_hand"]
    per_hand = [row["decisions_per_hand"] for row in r["players"]["pct"].values()]
    assert per_hand == sorted(per_hand)
    assert "openspiel" in r
    if r["openspiel"] is not None:
        assert r["openspiel"]["euchre"]["games_per_s"] > 0


def test_bench_without_openspiel_skips_the_comparison(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os_bench, "_pyspiel", lambda: None)
    report = run_suite(seconds=0.01, sections=("openspiel",))
    assert report["openspiel"] is None


def test_bench_rejects_bad_options() -> None:
    result = runner.invoke(app, ["bench", "--seconds", "0"])
    assert result.exit_code == 2
    result = runner.invoke(app, ["bench", "--section", "nope"])
    assert result.exit_code == 2 and "sections are" in result.output


def strip_timing(out: Any) -> Any:
    out.pop("timing")
    return out


def test_simulate_is_deterministic_per_seed() -> None:
    a = strip_timing(invoke("simulate", "--hands", "50", "--jobs", "1", "--json", "--seed", "3"))
    b = strip_timing(invoke("simulate", "--hands", "50", "--jobs", "1", "--json", "--seed", "3"))
    c = strip_timing(invoke("simulate", "--hands", "50", "--jobs", "1", "--json", "--seed", "4"))
    assert a == b
    assert a != c
    assert a["hands"] == 50


def test_simulate_does_not_depend_on_the_number_of_processes() -> None:
    rules = make_rules("seven-point", players=3)
    _, one = simulate(rules, 450, seed=9, jobs=1, engine=True)
    _, two = simulate(rules, 450, seed=9, jobs=2, engine=True)
    assert one == two
    assert len(jobs_for(rules, 450, 9, "engine")) == 3  # so two processes did share the work


def test_simulate_statistics_follow_from_the_hands() -> None:
    rules = make_rules("auction")
    stats = engine_chunk(rules, 40, chunk_seed(1, 0))
    rng = random.Random(chunk_seed(1, 0))
    made = points = 0
    bids: dict[int, int] = {}
    for _ in range(40):
        hand, _ = play_random_hand(rules, rng, dealer=rng.randrange(rules.players))
        res = hand.result
        assert res is not None and res.bid is not None
        made += bool(res.made)
        points += sum(a.value for a in res.awards)
        bids[res.bid] = bids.get(res.bid, 0) + 1
    assert (stats.hands, stats.made, stats.points) == (40, made, points)
    assert {b: n for b, (n, _) in stats.bids.items()} == bids
    summary = stats.summary(rules)
    assert summary["set_rate"] == round(1 - made / 40, 4)
    assert summary["points_per_hand"] == round(points / 40, 4)


def test_fast_and_engine_paths_agree_in_distribution() -> None:
    pytest.importorskip("numba")
    rules = make_rules("pct")
    path, fast = simulate(rules, 20_000, seed=2)
    assert path == "fast"
    _, eng = simulate(rules, 1_000, seed=2, engine=True)
    f, e = fast.summary(rules), eng.summary(rules)
    # high and low are always awarded; 4 is the favourite random bid; loose bounds on the rest
    assert f["points_per_category"]["high"] == e["points_per_category"]["high"] == 1.0
    assert abs(f["points_per_hand"] - e["points_per_hand"]) < 0.15
    assert abs(f["bids"]["4"]["share"] - e["bids"]["4"]["share"]) < 0.05


def test_simulate_rejects_bad_input() -> None:
    for args in (["--variant", "nope"], ["--hands", "0"], ["--jobs", "0"], ["-o", "target"]):
        result = runner.invoke(app, ["simulate", *args])
        assert result.exit_code == 2, args


def test_engine_rate_plays_whole_hands() -> None:
    rate = engine_rate(make_rules("ten-point"), seconds=0.01)
    assert rate.hands >= 1 and rate.decisions_per_hand > 20
    assert SimStats().summary(make_rules("pct"))["hands"] == 0
