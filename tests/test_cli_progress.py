"""Progress bars of the long commands (``pitch arena``, ``pitch simulate``, ``pitch bench``): shown on a
terminal with an estimate of the time left, silent with ``--quiet`` or when output is not a terminal."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from typing import Any

import pytest
from typer.testing import CliRunner

from pitchkit.bench import suite
from pitchkit.bench.calls import CALLS
from pitchkit.cli import app

runner = CliRunner()


def on_a_terminal(*args: str) -> str:
    """Run ``pitch ARGS`` with stdout and stderr on a pseudo-terminal; everything it wrote."""
    leader, follower = pty.openpty()
    env = {**os.environ, "COLUMNS": "100", "TERM": "xterm"}
    env.pop("NO_COLOR", None)
    proc = subprocess.Popen([sys.executable, "-m", "pitchkit.cli", *args], stdin=subprocess.DEVNULL,
                            stdout=follower, stderr=follower, env=env)
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    os.close(leader)
    assert proc.wait(timeout=120) == 0
    return b"".join(chunks).decode("utf-8", "replace")


@pytest.mark.parametrize("command", [
    ["simulate", "--hands", "4000", "--engine", "--json"],
    ["arena", "--bots", "heuristic,random", "--hands", "30", "--json"],
])
@pytest.mark.slow
def test_a_terminal_shows_progress_with_an_estimate(command: list[str]) -> None:
    out = on_a_terminal(*command)
    assert " left " in out and "━" in out
    assert on_a_terminal(*command, "--quiet").count("━") == 0


@pytest.mark.parametrize("command", [
    ["simulate", "--hands", "300", "--engine", "--json"],
    ["arena", "--bots", "heuristic,random", "--hands", "2", "--json"],
])
def test_no_progress_when_output_is_not_a_terminal(command: list[str]) -> None:
    result = runner.invoke(app, command)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""


def test_bench_counts_every_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bar's total is the number of figures the suite reports progress for, per section."""
    fake: dict[str, Any] = {"hands_per_s": 1.0}
    monkeypatch.setattr(suite, "_pair", lambda *a, **k: fake)
    monkeypatch.setattr(suite, "call_costs", lambda *a, **k: type("C", (), {"as_json": lambda self: {
        **dict.fromkeys(CALLS, 1.0), "samples": 1}})())
    monkeypatch.setattr(suite, "euchre_rate", lambda **k: None)
    for sections in [suite.SECTIONS, ("players",), ("hand-size", "openspiel"), ("calls",)]:
        said: list[str] = []
        suite.run_suite(seconds=0.01, sections=sections, progress=said.append)
        assert len(said) == suite.step_count(sections), sections
