"""``--ray``: arena boards and simulated hands split over a Ray cluster give the figures of the
single-process run with the same seed; without Ray, or without a cluster, one line and exit 2."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from pitchkit.bench.arena import ArenaConfig, BoardResult, run
from pitchkit.bench.cluster import LOCAL, ClusterError, RayCluster, chunks
from pitchkit.bench.simulate import simulate
from pitchkit.cli import app
from pitchkit.cli.cluster import with_ray_value
from pitchkit.engine.presets import make_rules
from tests.test_arena import untimed


def test_chunks_cover_every_item_once_in_order() -> None:
    for count in (1, 2, 7, 50):
        for workers in (1, 2, 3):
            parts = chunks(count, workers)
            assert [i for p in parts for i in p] == list(range(count))
            assert all(len(p) > 0 for p in parts)
            assert len(parts) <= workers * 4


def test_a_bare_ray_option_means_a_local_instance() -> None:
    assert with_ray_value(["--ray"]) == ["--ray", LOCAL]
    assert with_ray_value(["--ray", "--hands", "3"]) == ["--ray", LOCAL, "--hands", "3"]
    assert with_ray_value(["--ray", "auto", "--hands", "3"]) == ["--ray", "auto", "--hands", "3"]


def test_ray_not_installed_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    with pytest.raises(ClusterError, match=r"pitchkit\[cluster\]"), RayCluster(LOCAL):
        pass
    for args in (["arena", "--bots", "random", "--hands", "1", "--ray"],
                 ["simulate", "--hands", "10", "--ray", "--json"]):
        res = CliRunner().invoke(app, args)
        assert res.exit_code == 2
        assert res.output.strip() == "--ray needs Ray: pip install 'pitchkit[cluster]'"


def test_jobs_and_ray_together_are_refused() -> None:
    res = CliRunner().invoke(app, ["arena", "--hands", "1", "--jobs", "2", "--ray"])
    assert res.exit_code == 2 and res.output.strip() == "give --jobs or --ray, not both"


needs_ray = pytest.mark.skipif(importlib.util.find_spec("ray") is None,
                               reason="--ray needs pitchkit[cluster]")


@needs_ray
def test_an_unreachable_cluster_is_one_line() -> None:
    """A fresh process (no Ray running in it): a closed port is refused at once."""
    res = subprocess.run([sys.executable, "-m", "pitchkit.cli", "arena", "--bots", "random",
                          "--hands", "1", "--ray", "127.0.0.1:1", "--quiet"],
                         capture_output=True, text=True, timeout=120, check=False)
    assert res.returncode == 2
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cannot reach the Ray cluster at '127.0.0.1:1'")


@pytest.fixture(scope="module")
def cluster() -> Iterator[None]:
    """A small local Ray instance for this module's split runs."""
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, object_store_memory=100 * 2**20)
    yield
    ray.shutdown()


def _played(cfg: ArenaConfig, ray_address: str | None) -> tuple[list[BoardResult], dict[str, object]]:
    boards: list[BoardResult] = []
    report = run(cfg, on_board=boards.append, ray=ray_address)
    return boards, report


def _untimed_boards(boards: list[BoardResult]) -> list[tuple[object, ...]]:
    return [(b.board, b.hands, b.games, b.n_hands) for b in boards]


@needs_ray
@pytest.mark.parametrize("games", [False, True])
def test_arena_split_over_ray_equals_the_single_process_run(cluster: None, games: bool) -> None:
    cfg = ArenaConfig(variant="pct", bots=("random", "heuristic"), boards=5, seed=3, games=games,
                      max_hands=3)
    one, one_report = _played(cfg, None)
    split, split_report = _played(cfg, LOCAL)
    assert [b.board for b in split] == list(range(5))
    assert _untimed_boards(split) == _untimed_boards(one)
    for key in ("boards", "hands_played", "seatings", "difference"):
        assert split_report[key] == one_report[key]
    assert untimed(split_report["results"]) == untimed(one_report["results"])


@needs_ray
def test_simulate_split_over_ray_equals_the_single_process_run(cluster: None) -> None:
    rules = make_rules("seven-point")
    path, one = simulate(rules, 450, seed=9, engine=True)
    assert path == "engine"
    _, split = simulate(rules, 450, seed=9, engine=True, ray=LOCAL)
    assert split.summary(rules) == one.summary(rules)
    assert split.hands == 450


@needs_ray
def test_the_commands_take_a_bare_ray_option(cluster: None) -> None:
    args = ["simulate", "--hands", "250", "--engine", "--seed", "2", "--json"]
    res = CliRunner().invoke(app, [*args, "--ray"])
    assert res.exit_code == 0, res.output
    plain = CliRunner().invoke(app, args)
    strip = ("timing",)
    a, b = json.loads(res.output), json.loads(plain.output)
    assert {k: v for k, v in a.items() if k not in strip} == {k: v for k, v in b.items() if k not in strip}
    assert a["timing"]["ray"] == LOCAL
    res = CliRunner().invoke(app, ["arena", "--bots", "random,heuristic", "--hands", "2", "--ray", "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["hands_played"] == 2 * 2
