"""``pitch arena``: duplicate seatings, the report's figures and the command line."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from pitchkit.bench.arena import ArenaConfig, mean_ci, run, seatings, wilson
from pitchkit.cli import app


def test_duplicate_seatings_put_every_bot_in_every_seat() -> None:
    rot = seatings(("a", "b", "c", "d"), 4, duplicate=True)
    assert len(rot) == 4
    for seat in range(4):
        assert {s[seat] for s in rot} == {"a", "b", "c", "d"}
    # two bots alternating: partners share a bot, two distinct seatings
    assert seatings(("x", "y"), 4, duplicate=True) == [("x", "y", "x", "y"), ("y", "x", "y", "x")]
    assert seatings(("x", "y"), 4, duplicate=False) == [("x", "y", "x", "y")]


def test_intervals() -> None:
    est = mean_ci([1.0, 2.0, 3.0])
    assert est.value == 2.0 and est.low < 2.0 < est.high
    w = wilson(5, 10)
    assert abs(w.value - 0.5) < 1e-12 and 0.2 < w.low < 0.5 < w.high < 0.8
    assert wilson(0, 0).n == 0


def test_run_reports_each_bot_and_the_paired_difference() -> None:
    cfg = ArenaConfig(variant="pct", bots=("random", "heuristic"), boards=3, seed=4)
    rep = run(cfg)
    assert rep["hands_played"] == 3 * 2
    results = rep["results"]
    assert isinstance(results, dict) and set(results) == {"random", "heuristic"}
    for row in results.values():
        assert row["seat_hands"] == 3 * 2 * 2
        assert row["points_per_hand"]["n"] == 3
    diff = rep["difference"]
    assert isinstance(diff, dict)
    a = results["random"]["points_per_hand"]["value"]
    b = results["heuristic"]["points_per_hand"]["value"]
    assert abs(diff["points_per_hand"]["value"] - (a - b)) < 1e-3
    assert untimed(run(cfg)["results"]) == untimed(results)  # the same seed gives the same figures


def untimed(results: object) -> dict[str, dict[str, object]]:
    """A report's per-bot results without the decision times (which vary run to run)."""
    assert isinstance(results, dict)
    return {bot: {k: v for k, v in row.items() if not k.startswith("decision_seconds")}
            for bot, row in results.items()}


def test_games_mode_counts_a_team_game_once() -> None:
    """Two seatings of one board, one game each: each team is one observation per game, and at
    most one team wins a game."""
    rep = run(ArenaConfig(variant="auction-partners", bots=("random", "heuristic"), boards=1, games=True,
                          seed=2, max_hands=60))
    results = rep["results"]
    assert isinstance(results, dict)
    wins = [row["game_win_rate"] for row in results.values()]
    assert all(w is not None and w["n"] == 2 for w in wins)
    assert sum(round(w["value"] * w["n"]) for w in wins) <= 2


def test_command_line() -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["arena", "--bots", "random,heuristic", "--hands", "2", "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["boards"] == 2
    bad = runner.invoke(app, ["arena", "--bots", "nobody", "--hands", "1"])
    assert bad.exit_code == 2 and "unknown bot" in bad.output
    both = runner.invoke(app, ["arena", "--games", "1", "--hands", "1"])
    assert both.exit_code == 2


@pytest.mark.parametrize("count", [["--hands", "0"], ["--games", "0"], ["--hands", "-3"]])
def test_no_deals_or_games_to_play_is_refused_not_taken_as_the_default(count: list[str]) -> None:
    out = CliRunner().invoke(app, ["arena", "--bots", "random,heuristic", *count])
    assert out.exit_code == 2 and "play at least one game or hand" in out.stderr


def test_euchre_reports_who_made_trump_how_instead_of_bid_rates() -> None:
    """Scored by tricks, each played hand has one maker: it ordered up or named trump, and its
    making is its pitch, made or euchred."""
    rep = run(ArenaConfig(variant="euchre", bots=("random", "heuristic"), boards=4, seed=3))
    assert rep["score_by"] == "tricks"
    results = rep["results"]
    assert isinstance(results, dict)

    def count(row: dict[str, Any], key: str) -> int:
        return round(float(row[key]["value"]) * int(row[key]["n"]))

    makings = 0
    row: dict[str, Any]
    for row in results.values():
        assert row["order_up_rate"]["n"] == row["seat_hands"]
        made_trump = count(row, "order_up_rate") + count(row, "name_rate")
        assert made_trump == count(row, "pitch_rate")
        assert count(row, "alone_rate") <= made_trump
        assert count(row, "make_rate") + count(row, "set_rate") == made_trump
        makings += made_trump
    hands = rep["hands_played"]
    assert isinstance(hands, int) and 0 < makings <= hands
    assert makings > sum(count(row, "bid_rate") for row in results.values())


def test_points_scored_games_keep_the_bid_rates() -> None:
    rep = run(ArenaConfig(variant="pct", bots=("random",), boards=1))
    results = rep["results"]
    assert isinstance(results, dict)
    assert rep["score_by"] == "points" and "order_up_rate" not in results["random"]


def test_command_line_shows_euchre_making_and_the_median_play() -> None:
    out = CliRunner().invoke(app, ["arena", "--variant", "euchre", "--bots", "random", "--hands", "1",
                                   "--quiet"], terminal_width=200)
    assert out.exit_code == 0, out.output
    assert "ordered up" in out.output and "euchred" in out.output and "bid rate" not in out.output
    assert "median" in out.output and "play" in out.output and " 0 ms" not in out.output


def test_decision_times_below_a_tenth_of_a_millisecond_read_as_such() -> None:
    from pitchkit.cli.arena import _ms

    assert [_ms(t) for t in (None, 0.0, 0.00004, 0.0021, 0.0234)] == [
        "-", "<0.1 ms", "<0.1 ms", "2.1 ms", "23 ms"]
