"""``env()`` makes the checks of PettingZoo's standard wrappers itself: the same errors, warnings,
rewards and ends as ``raw_env`` inside ``OrderEnforcingWrapper``, ``AssertOutOfBoundsWrapper`` and
``TerminateIllegalWrapper`` (reward -1), step by step."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="the PettingZoo environment needs pitchkit[envs]")

import numpy as np

from pitchkit.envs.encoding import N_ACTIONS
from pitchkit.envs.pettingzoo import checked_env, env, wrapped_env

BOTH = pytest.mark.parametrize("make", [env, wrapped_env], ids=["checked", "pettingzoo-wrappers"])


def record(e: Any) -> tuple[Any, ...]:
    """What an agent loop can read of the environment now."""
    return (list(e.agents), e.agent_selection if e.agents else None, dict(e.rewards), dict(e.terminations),
            dict(e.truncations), {a: dict(i) for a, i in e.infos.items()}, dict(e._cumulative_rewards))


def play(make: Callable[..., Any], *, seed: int, illegal_at: int | None = None,
         action: Callable[[Any, int], Any] | None = None) -> list[tuple[Any, ...]]:
    """Play random legal decisions (the ``illegal_at``-th one replaced by ``action``), recording the
    environment after each step and each observation's tensor and mask."""
    e = make(variant="pct", max_hands=2)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out: list[tuple[Any, ...]] = []
    for n, _agent in enumerate(e.agent_iter()):
        obs, reward, term, trunc, info = e.last()
        shown = (obs["observation"].tolist(), obs["action_mask"].tolist())
        out.append((*shown, reward, term, trunc, dict(info)))
        if term or trunc:
            e.step(None)
        elif n == illegal_at and action is not None:
            e.step(action(obs["action_mask"], n))
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        out.append(record(e))
    return out


@pytest.mark.parametrize("seed", [1, 7])
def test_a_legal_game_reads_the_same_through_both(seed: int) -> None:
    assert play(env, seed=seed) == play(wrapped_env, seed=seed)


@pytest.mark.parametrize("at", [0, 3, 30])
def test_an_illegal_action_ends_the_game_with_minus_one_as_the_wrappers_end_it(
        at: int, caplog: pytest.LogCaptureFixture) -> None:
    def illegal(mask: Any, _n: int) -> int:
        return int(np.flatnonzero(mask == 0)[0])

    with caplog.at_level(logging.WARNING):
        checked = play(env, seed=3, illegal_at=at, action=illegal)
    assert "Illegal move" in caplog.text
    assert checked == play(wrapped_env, seed=3, illegal_at=at, action=illegal)
    assert any(-1.0 in step[2].values() for step in checked if len(step) == 7 and isinstance(step[2], dict))


@BOTH
@pytest.mark.parametrize("bad", [-1, N_ACTIONS, 2.5, "1", None])
def test_an_action_outside_the_action_space_is_an_assertion_error(make: Callable[..., Any],
                                                                   bad: object) -> None:
    e = make(variant="pct")
    e.reset(seed=2)
    e.last()
    with pytest.raises(AssertionError, match="action space"):
        e.step(bad)


@BOTH
def test_numpy_integers_are_actions_too(make: Callable[..., Any]) -> None:
    e = make(variant="pct")
    e.reset(seed=2)
    legal = np.flatnonzero(e.last()[0]["action_mask"])
    e.step(legal[0])  # np.int64
    assert e.agent_selection != "player_1" or len(e.agents) == 4


@BOTH
@pytest.mark.parametrize("call", ["step", "observe", "render", "agent_iter"])
def test_calls_before_reset_are_assertion_errors(make: Callable[..., Any], call: str) -> None:
    e = make(variant="pct", render_mode="ansi")
    args = {"step": (0,), "observe": ("player_0",)}.get(call, ())
    with pytest.raises(AssertionError, match="reset"):
        getattr(e, call)(*args)


@BOTH
@pytest.mark.parametrize("name", ["agents", "rewards", "terminations", "truncations", "infos",
                                  "agent_selection", "num_agents"])
def test_the_games_state_is_not_there_before_reset(make: Callable[..., Any], name: str) -> None:
    e = make(variant="pct")
    with pytest.raises(AttributeError, match="before reset"):
        getattr(e, name)
    with pytest.raises(AttributeError, match="before reset"):
        e.last()
    e.reset(seed=1)
    assert getattr(e, name) is not None


@BOTH
def test_a_loop_over_agent_iter_must_step(make: Callable[..., Any]) -> None:
    e = make(variant="pct")
    e.reset(seed=1)
    with pytest.raises(AssertionError, match="step"):
        for _ in e.agent_iter():
            pass


@BOTH
def test_a_step_after_the_game_only_warns(make: Callable[..., Any], caplog: pytest.LogCaptureFixture) -> None:
    e = make(variant="pct", max_hands=1)
    e.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert not e.agents
    with caplog.at_level(logging.WARNING):
        e.step(None)
    assert "step() called after all agents are terminated or truncated" in caplog.text


def test_env_is_the_checked_environment() -> None:
    e = env(variant="ten-point")
    assert isinstance(e, checked_env) and e.unwrapped is e
