"""The Gymnasium environment passes Gymnasium's checker for every preset, is reproducible by seed,
pays the learning seat its score, and handles illegal actions as documented."""

from __future__ import annotations

import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the Gymnasium environment needs pitchkit[envs]")

import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

from pitchkit.engine.errors import IllegalActionError, PitchError, RulesError  # noqa: E402
from pitchkit.envs.gym import ENV_IDS, PitchEnv, env_id  # noqa: E402
from pitchkit.envs.pettingzoo import raw_env  # noqa: E402
from tests.envs.conftest import PRESETS  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize("variant", PRESETS)
def test_check_env_passes(variant: str) -> None:
    env = gymnasium.make(env_id(variant), max_hands=2)
    check_env(env.unwrapped)


def test_every_preset_has_a_registered_id() -> None:
    assert set(ENV_IDS.values()) == set(PRESETS)
    assert env_id("ten-point") == "pitchkit/TenPoint-v0"
    assert gymnasium.make("pitchkit/TenPoint-v0").unwrapped.rules.preset == "ten-point"


def play(env: PitchEnv, seed: int) -> tuple[list[int], float]:
    """Random legal actions to the end: the actions taken and the rewards' sum."""
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions: list[int] = []
    total = 0.0
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        actions.append(action)
        obs, reward, terminated, truncated, _ = env.step(action)
        total += float(reward)
        done = terminated or truncated
    return actions, total


@pytest.mark.parametrize("variant", ["pct", "ten-point"])
def test_the_same_seed_gives_the_same_game(variant: str) -> None:
    env = PitchEnv(variant, bots="random", max_hands=3)
    first = play(env, 5)
    assert play(env, 5) == first
    assert play(env, 6) != first


def test_points_reward_is_the_learning_seats_score() -> None:
    env = PitchEnv("pct", seat=2, bots=["heuristic", "random", "heuristic"], max_hands=4)
    _, total = play(env, 1)
    assert total == env.game.game.scores[2]


def test_win_reward_is_one_for_the_winner() -> None:
    env = PitchEnv("auction", options={"target": 3}, bots="heuristic", reward="win")
    _, total = play(env, 2)
    end = env.game.game.end
    assert end is not None
    assert total == float(0 in end.winners)


def test_an_illegal_action_ends_the_episode_or_raises() -> None:
    env = PitchEnv("pct")
    obs, _ = env.reset(seed=3)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs2, reward, terminated, _, info = env.step(illegal)
    assert terminated and reward == -1.0 and "is not legal for seat 0" in info["illegal"]
    assert np.array_equal(obs2["observation"], obs["observation"])
    strict = PitchEnv("pct", illegal="raise")
    strict.reset(seed=3)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)
    assert bool(strict.action_masks()[int(np.flatnonzero(obs["action_mask"])[0])])


def test_bad_settings_are_one_line_errors() -> None:
    with pytest.raises(RulesError, match="seat"):
        PitchEnv("pct", seat=4)
    with pytest.raises(RulesError, match="3 bots"):
        PitchEnv("pct", bots=["random"])
    with pytest.raises(PitchError, match="unknown bot"):
        PitchEnv("pct", bots="nobody")
    for make in (PitchEnv, raw_env):
        with pytest.raises(RulesError, match="options must be a mapping"):
            make("pct", options=[("target", 5)])  # type: ignore[arg-type]
    for penalty in ("x", None, float("nan")):
        with pytest.raises(RulesError, match="illegal_penalty must be a number"):
            PitchEnv("pct", illegal_penalty=penalty)  # type: ignore[arg-type]


@pytest.mark.parametrize("max_hands", [0, -1, "x", 2.5, True])
def test_a_hand_limit_that_is_not_a_positive_whole_number_is_refused_when_made(max_hands: object) -> None:
    """``max_hands`` is checked by the Gymnasium and PettingZoo environments alike, before any game."""
    with pytest.raises(RulesError, match="max_hands: expected a whole number from 1"):
        PitchEnv("pct", max_hands=max_hands)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="max_hands: expected a whole number from 1"):
        raw_env("pct", max_hands=max_hands)  # type: ignore[arg-type]
    assert PitchEnv("pct", max_hands=3).max_hands == raw_env("pct", max_hands=3).max_hands == 3


def test_make_vec_batches_observations_and_masks() -> None:
    vec = gymnasium.make_vec("pitchkit/Pct-v0", num_envs=3, vectorization_mode="sync", bots="random",
                             max_hands=1)
    obs, _ = vec.reset(seed=4)
    assert obs["observation"].shape == (3, 1046) and obs["action_mask"].shape == (3, 201)
    rng = np.random.default_rng(4)
    ended = 0
    for _ in range(60):
        # after an episode ends its mask is empty and the next action only resets it
        actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in obs["action_mask"]]
        obs, _, terminated, truncated, _ = vec.step(np.array(actions))
        ended += int((terminated | truncated).sum())
    assert ended > 0
    vec.close()
