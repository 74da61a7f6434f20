"""Pitch as a single-agent Gymnasium environment (needs ``pitchkit[envs]``): one seat learns, pitchkit
bots play the others. Importing this module registers ``pitchkit/Pct-v0``, ``pitchkit/TenPoint-v0``
and an id for every other preset (:data:`ENV_IDS`).

Observations are dicts of ``observation`` and ``action_mask`` as in the PettingZoo environment
(docs/observations.md); :meth:`PitchEnv.action_masks` gives the mask as booleans for maskable
learners. An episode is one game; the reward is the learning seat's score change per hand
(``reward="points"``) or 1 for winning the game (``"win"``). An illegal action ends the episode
with ``illegal_penalty`` and the game unchanged (``illegal="raise"``: raises instead).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat

from pitchkit.envs import missing

try:
    import gymnasium
except ModuleNotFoundError as error:  # without pitchkit[envs]
    raise missing(error) from None
import numpy as np
import numpy.typing as npt

from pitchkit.bots import Bot, make_bot
from pitchkit.engine.errors import IllegalActionError, RulesError, quote
from pitchkit.engine.presets import presets
from pitchkit.envs.core import Decisions, check_max_hands, check_reward, env_rules
from pitchkit.envs.spaces import action_space, observation_space

Obs = dict[str, npt.NDArray[Any]]


def env_id(preset: str) -> str:
    """The registered id of a preset: ``pitchkit/TenPoint-v0`` for ``ten-point``."""
    return "pitchkit/" + "".join(part.capitalize() for part in preset.split("-")) + "-v0"


#: registered id -> preset (every preset)
ENV_IDS: dict[str, str] = {env_id(name): name for name in presets()}


class PitchEnv(gymnasium.Env[Obs, np.int64]):
    """One seat of a game of Pitch against pitchkit bots."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - an instance variable on gymnasium.Env

    def __init__(self, variant: str = "pct", players: int | None = None,
                 options: Mapping[str, object] | None = None, *, seat: int = 0,
                 bots: str | Sequence[str] = "heuristic", reward: str = "points",
                 max_hands: int | None = None, illegal: str = "end", illegal_penalty: float = -1.0,
                 render_mode: str | None = None) -> None:
        self.rules = env_rules(variant, players, options)
        n = self.rules.players
        if type(seat) is not int or not 0 <= seat < n:
            raise RulesError(f"seat must be a seat of the {n}-seat table, not {quote(seat)}")
        names = [bots] * (n - 1) if isinstance(bots, str) else list(bots)
        if len(names) != n - 1:
            raise RulesError(f"{n - 1} bots are needed for the other seats, not {len(names)}")
        for name in names:
            make_bot(name, seed=0)
        if illegal not in ("end", "raise"):
            raise RulesError(f"illegal must be 'end' or 'raise', not {quote(illegal)}")
        if type(illegal_penalty) not in (int, float) or math.isnan(illegal_penalty):
            raise RulesError(f"illegal_penalty must be a number, not {quote(illegal_penalty)}")
        if render_mode not in (None, "ansi"):
            raise RulesError(f"render_mode must be None or 'ansi', not {quote(render_mode)}")
        self.seat = seat
        self.bot_names = names
        self.reward_scheme = check_reward(reward)
        self.max_hands = check_max_hands(max_hands)
        self.illegal = illegal
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        self.observation_space = observation_space(self.rules)  # type: ignore[assignment]
        self.action_space = action_space()
        self._game: Decisions | None = None
        self._bots: dict[int, Bot] = {}

    @property
    def game(self) -> Decisions:
        """The game in progress (after :meth:`reset`)."""
        if self._game is None:
            raise RulesError("call reset() before using the environment")
        return self._game

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        """Deal a new game (the same seed: the same deals and bots) and play the bots up to the
        learning seat's first decision."""
        super().reset(seed=seed)
        seeds = [int(s) for s in self.np_random.integers(0, 2**62, size=self.rules.players)]
        self._game = Decisions(self.rules, seed=seeds[self.seat], max_hands=self.max_hands)
        others = [s for s in range(self.rules.players) if s != self.seat]
        self._bots = {s: make_bot(name, rng=random.Random(seeds[s]))
                      for s, name in zip(others, self.bot_names, strict=True)}
        self._play_bots()
        return self._obs(), {}

    def step(self, action: Any) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        """The learning seat's decision, then the bots' until it is its turn again or the game ends."""
        game = self.game
        if game.over:
            raise IllegalActionError("the game is over: call reset()")
        try:
            step = game.step(int(action) if isinstance(action, int | np.integer) else action)
        except IllegalActionError as error:
            if self.illegal == "raise":
                raise
            return self._obs(), self.illegal_penalty, True, False, {"illegal": str(error)}
        reward = game.rewards(step, self.reward_scheme)[self.seat]
        reward += self._play_bots()
        info: dict[str, Any] = {}
        if game.game.end is not None:
            info["winners"] = list(game.game.end.winners)
        return self._obs(), reward, game.game.over, game.truncated, info

    def _play_bots(self) -> float:
        game = self.game
        reward = 0.0
        while not game.over and game.to_act != self.seat:
            seat = game.to_act
            assert seat is not None
            step = game.apply(self._bots[seat].choose(game.view(seat)))
            reward += game.rewards(step, self.reward_scheme)[self.seat]
        return reward

    def _obs(self) -> Obs:
        return {"observation": self.game.observation(self.seat), "action_mask": self.game.mask(self.seat)}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal action ids of the learning seat, as booleans."""
        return self.game.mask(self.seat).astype(bool)

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``)."""
        return None if self.render_mode is None else self.game.render()


for _id, _preset in ENV_IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(id=_id, entry_point="pitchkit.envs.gym:PitchEnv", kwargs={"variant": _preset})
