"""The PettingZoo environment passes PettingZoo's own checks for every preset; rewards add up to
the game's scores; illegal actions are refused or end the game."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="the PettingZoo environment needs pitchkit[envs]")

import numpy as np
from pettingzoo.test import api_test, seed_test

from pitchkit.engine.errors import IllegalActionError, RulesError
from pitchkit.envs import encoding as enc
from pitchkit.envs.pettingzoo import env, raw_env
from tests.envs.conftest import PRESETS

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize("variant", PRESETS)
def test_api_test_passes(variant: str) -> None:
    api_test(env(variant=variant, max_hands=2), num_cycles=200)


@pytest.mark.parametrize("variant", PRESETS)
def test_seed_test_passes(variant: str) -> None:
    seed_test(lambda: env(variant=variant, max_hands=2), num_cycles=60)


def play_out(e: raw_env, seed: int) -> dict[str, float]:
    """Play random legal decisions to the end; the rewards each agent received."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        if term or trunc:
            e.step(None)
        else:
            assert obs is not None
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return total


@pytest.mark.parametrize("variant", ["pct", "ten-point"])
def test_points_rewards_add_up_to_the_scores(variant: str) -> None:
    e = raw_env(variant=variant, max_hands=4)
    total = play_out(e, 3)
    assert [total[a] for a in e.possible_agents] == [float(s) for s in e.game.game.scores]


def test_win_reward_pays_the_winners_once() -> None:
    e = raw_env(variant="auction", options={"target": 3}, reward="win")
    total = play_out(e, 8)
    end = e.game.game.end
    assert end is not None
    assert [total[a] for a in e.possible_agents] == [float(s in end.winners) for s in range(4)]


def test_raw_env_refuses_an_illegal_action_and_changes_nothing() -> None:
    e = raw_env(variant="pct")
    e.reset(seed=1)
    agent = e.agent_selection
    before = e.observe(agent)["observation"].copy()
    with pytest.raises(IllegalActionError, match=r"play .* is not legal for seat"):
        e.step(enc.PLAY_BASE)
    assert e.agent_selection == agent
    assert np.array_equal(e.observe(agent)["observation"], before)


def test_wrapped_env_ends_the_game_on_an_illegal_action() -> None:
    e = env(variant="pct")
    e.reset(seed=1)
    agent = e.agent_selection
    e.last()
    e.step(enc.PLAY_BASE)
    assert all(e.terminations.values())
    assert e.rewards[agent] == -1


def test_ansi_render_shows_the_table() -> None:
    e = raw_env(variant="pct", players=3, render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    assert text is not None and "seat 2:" in text and "phase auction" in text
    with pytest.raises(RulesError, match="render_mode"):
        raw_env(render_mode="human")
    with pytest.raises(RulesError, match="reward"):
        raw_env(reward="money")


@pytest.mark.parametrize("variant", ["pct", "ten-point", "euchre"])
def test_observations_are_the_agents_buffers_kept_equal_to_their_views(variant: str) -> None:
    """Each agent's observation is the same dict and arrays every time, and whenever it is asked for
    (by any agents, in any order, not at every step) it is ``Layout.encode`` of the seat's view and
    the mask of its legal ids."""
    e = raw_env(variant=variant, max_hands=3)
    e.reset(seed=4)
    rng = np.random.default_rng(4)
    first = {a: e.observe(a) for a in e.possible_agents}
    for _ in e.agent_iter():
        for other in rng.permutation(e.possible_agents)[:rng.integers(0, 5)]:
            obs = e.observe(str(other))
            assert obs is first[str(other)]
            seat = e.possible_agents.index(str(other))
            view = e.game.view(seat)
            assert np.array_equal(obs["observation"], e.game.layout.encode(view, e.game.pending_of(seat)))
            legal = [] if e.game.over else enc.legal_ids(view, e.game.pending_of(seat))
            assert np.flatnonzero(obs["action_mask"]).tolist() == legal
        last, _, term, trunc, _ = e.last()
        assert last is not None
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(last["action_mask"]))))


@pytest.mark.parametrize("variant", ["pct", "euchre"])
def test_a_new_game_takes_over_the_buffers_and_shows_only_itself(variant: str) -> None:
    """After ``reset`` the agents' dicts and arrays are the same objects, written afresh: equal to
    the encoding of the new game's views and masks (nothing left over from the game before)."""
    e = raw_env(variant=variant, max_hands=1)
    play_out(e, 5)
    before = {a: e.observe(a) for a in e.possible_agents}
    e.reset(seed=6)
    rng = np.random.default_rng(6)
    for _ in range(40):
        for seat, agent in enumerate(e.possible_agents):
            obs = e.observe(agent)
            assert obs is before[agent]
            view = e.game.view(seat)
            assert np.array_equal(obs["observation"], e.game.layout.encode(view, e.game.pending_of(seat)))
            legal = [] if e.game.over else enc.legal_ids(view, e.game.pending_of(seat))
            assert np.flatnonzero(obs["action_mask"]).tolist() == legal
        last, _, term, trunc, _ = e.last()
        if term or trunc:
            break
        assert last is not None
        e.step(int(rng.choice(np.flatnonzero(last["action_mask"]))))
