"""The vector environment's speed figures and the trained example: a few steps of self-play
training run, lower the loss's gradient correctly, save and load, and play through the engine."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pytest.importorskip("numba", reason="the vector environment is compiled with numba (pitchkit[envs])")

import numpy as np
from rich.console import Console

from examples.vector_policy import Policy, PolicyBot, curve_svg, gradients, hand_returns, main, train
from pitchkit.bench.suite import render, run_suite
from pitchkit.engine.game import Game
from pitchkit.engine.presets import make_rules
from pitchkit.envs import encoding as enc


def test_pitch_bench_measures_the_vector_environment() -> None:
    report = run_suite(seconds=0.05, sections=("vector",))
    rates = report["vector"]["rates"]
    assert {r["variant"] for r in rates} >= {"pct", "ten-point", "seven-point"}
    assert all(r["decisions_per_s"] > 0 and r["decisions"] >= r["envs"] for r in rates)
    assert all(why for why in report["vector"]["unsupported"].values())
    console = Console(record=True, width=200)
    render(report, console)
    assert "decisions/s" in console.export_text()


def test_a_decision_is_credited_with_its_own_hand_and_seat() -> None:
    # one environment, two seats: steps 0-2 belong to a hand ending at step 2, step 3 to an open one
    rewards = np.zeros((4, 1, 2), np.float32)
    rewards[2, 0] = (3.0, -2.0)
    done = np.array([[False], [False], [True], [False]])
    seats = np.array([[0], [1], [0], [1]])
    out = hand_returns(rewards, done, seats)
    assert out[:3, 0].tolist() == [3.0, -2.0, 3.0] and np.isnan(out[3, 0])


def test_the_gradients_are_those_of_the_loss() -> None:
    rng = np.random.default_rng(0)
    pol = Policy.new(12, 6, rng, "pct")
    pol.w2 = rng.normal(0.0, 0.5, pol.w2.shape).astype(np.float32)
    pol.w3 = rng.normal(0.0, 0.5, pol.w3.shape).astype(np.float32)
    n = 20
    x = rng.random((n, 12)).astype(np.float32)
    mask = (rng.random((n, enc.N_ACTIONS)) < 0.1).astype(np.int8)
    mask[:, 0] = 1
    actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
    ret = rng.normal(size=n).astype(np.float32)
    grads, _ = gradients(pol, x, pol.hidden(x), mask, actions, ret, value_coef=0.5, entropy_coef=0.0)
    _, v = pol.heads(pol.hidden(x), mask)
    adv = (ret - v - (ret - v).mean()) / ((ret - v).std() + 1e-6)

    def loss() -> float:
        p, v = pol.heads(pol.hidden(x.astype(np.float64)), mask)
        return float((-np.log(p[np.arange(n), actions]) * adv).mean() + 0.5 * ((v - ret) ** 2).mean())

    for k, arr in enumerate(pol.params()):
        idx = tuple(int(rng.integers(0, s)) for s in arr.shape)
        old = float(arr[idx])
        arr[idx] = old + 1e-2
        up = loss()
        arr[idx] = old - 1e-2
        down = loss()
        arr[idx] = old
        assert (up - down) / 2e-2 == pytest.approx(float(grads[k][idx]), rel=0.05, abs=1e-4)


def test_a_few_steps_of_training_run_and_the_policy_plays_through_the_engine(tmp_path: Path) -> None:
    pol, curve = train("pct", updates=2, envs=16, window=40, hidden=8, eval_every=1, eval_hands=20,
                       log=lambda _: None)
    assert len(curve.points) == 3 and curve.hands[-1] > 0
    assert curve_svg(curve, "smoke").startswith("<svg")
    path = tmp_path / "p.npz"
    pol.save(path)
    loaded = Policy.load(path)
    assert all((a == b).all() for a, b in zip(pol.params(), loaded.params(), strict=True))
    bot = PolicyBot(loaded)
    game = Game(make_rules("pct"), rng=random.Random(3))
    for _ in range(60):
        seat = game.to_act
        if seat is None:
            break
        game.apply(bot.choose(game.view(seat)))
    with pytest.raises(ValueError, match="trained for pct"):
        PolicyBot(loaded).choose(Game(make_rules("pct", players=3), rng=random.Random(1)).view(1))


def test_the_example_refuses_missing_weights_and_unknown_names_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``arena`` before ``train`` says where the weights should be and how to make them; an unknown
    variant or bot is pitchkit's one-line error, exit status 2, never a traceback."""
    missing = tmp_path / "none.npz"
    for argv in (["arena", "--weights", str(missing)],
                 ["train", "--variant", "nope", "--updates", "1", "--envs", "4", "--out", str(missing)]):
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err
        assert str(missing) in err if argv[0] == "arena" else "unknown variant 'nope'" in err
    assert not missing.exists()
