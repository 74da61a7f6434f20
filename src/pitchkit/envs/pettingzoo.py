"""Pitch as a PettingZoo AEC environment (needs ``pitchkit[envs]``).

``env(variant="pct", players=None, options=None, reward="points", max_hands=None,
render_mode=None)`` plays one whole game per episode with agents ``player_0`` .. ``player_{n-1}``
(seat numbers); every preset plays, Euchre's too. Each observation is a dict: ``observation``
(the tensor of docs/observations.md) and ``action_mask`` (int8, one per action id); the dict and
its arrays are the environment's own for that agent, changed in place by later steps and games
(copy what you keep). ``reward="points"`` pays each seat its score change
at the end of every hand, ``"win"`` pays 1 to the winners when the game ends; ``max_hands`` cuts a
game short (truncation). ``env`` is :class:`checked_env`: the checks of PettingZoo's usual
wrappers (``OrderEnforcingWrapper``, ``AssertOutOfBoundsWrapper``, ``TerminateIllegalWrapper``
with reward -1) made in the environment itself, which ends the game with reward -1 for a seat
that takes an illegal action; ``raw_env`` raises :class:`~pitchkit.engine.errors.IllegalActionError`
instead and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, ClassVar

from pitchkit.envs import missing

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.env_logger import EnvLogger
except ModuleNotFoundError as error:  # without pitchkit[envs]
    raise missing(error) from None

from pitchkit.engine.errors import IllegalActionError, RulesError, quote
from pitchkit.envs.core import Decisions, check_max_hands, check_reward, env_rules
from pitchkit.envs.spaces import action_space, observation_space

#: the reward of an agent whose illegal action ends the game (:class:`checked_env`)
ILLEGAL_REWARD = -1.0


def env(**kwargs: Any) -> AECEnv[str, dict[str, Any], int]:
    """The environment with the checks of PettingZoo's standard wrappers (:class:`checked_env`: an
    illegal action ends the game)."""
    return checked_env(**kwargs)


def wrapped_env(**kwargs: Any) -> AECEnv[str, dict[str, Any], int]:
    """:class:`raw_env` in PettingZoo's standard wrappers themselves, which :class:`checked_env`
    matches (the tests compare the two) at a fraction of their cost."""
    wrapped: AECEnv[str, dict[str, Any], int] = wrappers.TerminateIllegalWrapper(
        raw_env(**kwargs), illegal_reward=ILLEGAL_REWARD)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """A game of Pitch for PettingZoo: one agent per seat, acting in turn."""

    metadata: ClassVar[dict[str, Any]] = {"name": "pitchkit_v0", "render_modes": ["ansi"],
                                          "is_parallelizable": False}

    def __init__(self, variant: str = "pct", players: int | None = None,
                 options: Mapping[str, object] | None = None, reward: str = "points",
                 max_hands: int | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise RulesError(f"render_mode must be None or 'ansi', not {quote(render_mode)}")
        self.rules = env_rules(variant, players, options)
        self.reward_scheme = check_reward(reward)
        self.max_hands = check_max_hands(max_hands)
        self.render_mode = render_mode
        n = self.rules.players
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self.agents = list(self.possible_agents)
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation_space(self.rules))
        self.action_spaces = dict.fromkeys(self.possible_agents, action_space())
        self._game: Decisions | None = None
        self._ended = False
        #: the game's ``observe`` (until :meth:`reset`, the message to call it first)
        self._observe: Callable[[int], dict[str, Any]] = self._unset

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same for every agent."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(N_ACTIONS)``: the action table of docs/observations.md."""
        return self.action_spaces[agent]

    @property
    def game(self) -> Decisions:
        """The game in progress (after :meth:`reset`)."""
        if self._game is None:
            raise RulesError("call reset() before using the environment")
        return self._game

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; the same seed gives the same deals."""
        self._game = Decisions(self.rules, seed=seed, max_hands=self.max_hands, reuse=self._game)
        self._observe = self._game.observe
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        #: whether the last step paid a reward or gave infos (the next one resets them)
        self._paid = False
        #: whether the game has ended (every agent terminated or truncated)
        self._ended = False
        #: a step or reset since the agent loop took its last agent (checked_env checks it)
        self._has_updated = True
        self._select()

    def _unset(self, seat: int) -> dict[str, Any]:
        return self.game.observe(seat)

    def _select(self) -> None:
        seat = self.game.seat
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation tensor and action mask: the environment's own dict and arrays
        for that agent, brought up to date now and changed in place by later steps and games (copy
        what you keep)."""
        return self._observe(self._seat[agent])

    def last(self, observe: bool = True) -> tuple[dict[str, Any] | None, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation (as :meth:`observe`), cumulative reward, termination,
        truncation and info."""
        agent = self.agent_selection
        return (self._observe(self._seat[agent]) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """The agent to act, until the game ends (or ``max_iter`` agents): PettingZoo's own loop."""
        return self._agents(max_iter)

    def _agents(self, max_iter: int) -> Iterator[str]:
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def step(self, action: int | None) -> None:
        """Take the selected agent's decision (``None`` for an agent whose game is over)."""
        game = self._game
        if game is None:
            self._before_reset()
            return
        self._has_updated = True
        if self._ended:
            # every agent is terminated or truncated once the game has ended, and only then
            self._after_end(action)
            return
        agent = self.agent_selection
        try:
            step = game.step(action)  # type: ignore[arg-type]
        except IllegalActionError as error:
            self._refused(action, error)
            return
        self._cumulative_rewards[agent] = 0.0
        if step.result is None:
            # a hand goes on (nothing to pay): the rewards and infos of a step that paid are cleared
            if self._paid:
                self._paid = False
                rewards, infos = self.rewards, self.infos
                for a in self.agents:
                    rewards[a] = 0.0
                    infos[a] = {}
            self.agent_selection = self.possible_agents[game.seat]  # type: ignore[index]
            return
        for a, r in zip(self.possible_agents, game.rewards(step, self.reward_scheme), strict=True):
            self.rewards[a] = r
        for a in self.agents:
            self.infos[a] = {"hand_delta": list(step.result.delta)}
        self._paid = True
        if step.over or step.truncated:
            self._ended = True
            for a in self.agents:
                self.terminations[a] = game.game.over
                self.truncations[a] = step.truncated
        else:
            self._select()
        self._accumulate_rewards()

    def _before_reset(self) -> None:
        """A step before :meth:`reset`."""
        raise RulesError("call reset() before using the environment")

    def _after_end(self, action: int | None) -> None:
        """A step of an agent once the game has ended."""
        self._was_dead_step(action)

    def _refused(self, action: object, error: IllegalActionError) -> None:
        """The game refused the selected agent's ``action`` (and changed nothing): raise ``error``."""
        raise error

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return self.game.render()

    def close(self) -> None:
        """Nothing to release."""


class _AfterReset:
    """A class attribute that stands for an instance attribute :meth:`checked_env.reset` sets: read
    before then, an ``AttributeError`` that says so. It has no ``__set__``, so once the instance
    has its own value that value is read (no ``__getattr__``, which would slow every attribute)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        if instance is None:
            return self
        raise AttributeError(f"{self.name} cannot be accessed before reset")


class checked_env(raw_env):
    """:class:`raw_env` with the checks of PettingZoo's standard wrappers, in the same order and
    with the same errors, warnings and rewards, made without their layers:

    - the order (``OrderEnforcingWrapper``): ``step``, ``observe``, ``render`` and ``agent_iter``
      before :meth:`reset` raise ``AssertionError``; reading ``agents``, ``agent_selection``,
      ``rewards`` and the like (so ``last``) raises ``AttributeError``; a loop over ``agent_iter``
      must step or reset each time; a step once every agent is gone only warns;
    - the bounds (``AssertOutOfBoundsWrapper``): an action outside ``Discrete(N_ACTIONS)`` raises
      ``AssertionError`` (``None`` only for an agent that is done);
    - illegal actions (``TerminateIllegalWrapper``, reward -1): one that its mask forbids ends the
      game at once, the agent receiving -1 and every other 0, with PettingZoo's warning.
    """

    # what may not be read before reset (as ``OrderEnforcingWrapper`` has it)
    rewards: Any = _AfterReset()
    terminations: Any = _AfterReset()
    truncations: Any = _AfterReset()
    infos: Any = _AfterReset()
    agent_selection: Any = _AfterReset()
    agents: Any = _AfterReset()

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        del self.agents  # read before reset, the class's _AfterReset says so
        self._has_reset = False
        #: a step or reset since the last agent the loop over ``agent_iter`` took
        self._has_updated = False

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game (see :meth:`raw_env.reset`)."""
        self._has_reset = True
        super().reset(seed=seed, options=options)

    def observe(self, agent: str) -> dict[str, Any]:
        """As :meth:`raw_env.observe`, after :meth:`reset` only."""
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return super().observe(agent)

    def render(self) -> str | None:
        """As :meth:`raw_env.render`, after :meth:`reset` only."""
        if not self._has_reset:
            EnvLogger.error_render_before_reset()
        return super().render()

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """As :meth:`raw_env.agent_iter`; each agent must step (or the game reset) before the next."""
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return self._checked_agents(max_iter)

    def _checked_agents(self, max_iter: int) -> Iterator[str]:
        for _ in range(max_iter):
            if not self.agents:
                return
            assert self._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
            self._has_updated = False
            yield self.agent_selection

    def _before_reset(self) -> None:
        EnvLogger.error_step_before_reset()

    def _after_end(self, action: int | None) -> None:
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        self._check_bounds(action)
        super()._after_end(action)

    def _refused(self, action: object, error: IllegalActionError) -> None:
        self._check_bounds(action)
        self._end_illegal()

    def _check_bounds(self, action: object) -> None:
        agent = self.agent_selection
        done = self.terminations[agent] or self.truncations[agent]
        assert (action is None and done) or self.action_space(agent).contains(action), \
            "action is not in action space"

    def _end_illegal(self) -> None:
        """End the game after the selected agent's illegal action (``TerminateIllegalWrapper``)."""
        EnvLogger.warn_on_illegal_move()
        agent = self.agent_selection
        self._cumulative_rewards[agent] = 0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.truncations, 0)
        self.rewards[agent] = ILLEGAL_REWARD
        self._accumulate_rewards()
        self._deads_step_first()
        self._ended = True
