"""``pitch bench --section envs``: the environments' figures next to the engine's, or a note that
the extra is missing."""

from __future__ import annotations

import sys

import pytest
from rich.console import Console

pytest.importorskip("pettingzoo", reason="the environment figures need pitchkit[envs]")
pytest.importorskip("pyspiel", reason="the environment figures need pitchkit[envs] (open_spiel)")

from pitchkit.bench.envs_speed import decisions_episodes, engine_episodes, pettingzoo_episodes
from pitchkit.bench.suite import render, run_suite


def test_bench_measures_the_environments_against_the_engine() -> None:
    report = run_suite(seconds=0.01, sections=("envs",))
    rows = report["envs"]["pct"]
    assert set(rows) == {"engine (actions)", "PettingZoo raw_env", "PettingZoo env (checked)",
                         "OpenSpiel python_pitch", "OpenSpiel C++ euchre"}
    assert all(row["decisions_per_s"] > 0 and row["episodes_per_s"] > 0 for row in rows.values())
    console = Console(record=True, width=200)
    render(report, console)
    assert "PettingZoo raw_env" in console.export_text()


def test_bench_without_the_extra_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pitchkit.bench.envs_speed", None)
    report = run_suite(seconds=0.01, sections=("envs",))
    assert report["envs"] is None
    console = Console(record=True, width=200)
    render(report, console)
    assert "pitchkit[envs]" in console.export_text()


def test_the_engine_and_the_environments_play_the_same_pct_games() -> None:
    """Same deals, same choices: in pct the legal lists agree in order, so the loops compared by
    the benchmark make the same decisions game after game."""
    loops = [engine_episodes("pct"), decisions_episodes("pct"), pettingzoo_episodes("pct"),
             pettingzoo_episodes("pct", tensor=False), pettingzoo_episodes("pct", make="env")]
    counts = [[episode() for _ in range(3)] for episode in loops]
    assert counts[0] == counts[1] == counts[2] == counts[3] == counts[4]
    assert all(c > 20 for c in counts[0])
