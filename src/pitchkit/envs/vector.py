"""Thousands of hands at once: a batched environment on the compiled fast path.

:class:`VectorEnv` holds ``n`` independent hands of one rule set and steps all of them with one
call into compiled code (numba, ``pitchkit[fast]``; without numba it runs as plain Python, slowly).
Action ids and the observation tensor are those of :mod:`pitchkit.envs.encoding`
(docs/observations.md); an environment is one **hand** from zero scores with a random dealer, as
in :func:`pitchkit.fast.play_random`, and a finished hand is followed at once by a new deal.

Example::

    from pitchkit.envs.vector import VectorEnv

    env = VectorEnv("pct", 4096, seed=1)
    obs, mask, to_play = env.reset()          # (4096, 1046) float32, (4096, 201) int8, (4096,)
    for _ in range(1000):
        actions = env.random_actions()        # or a policy's choice among mask == 1
        obs, mask, rewards, done, to_play = env.step(actions)

The arrays returned are the environment's own buffers, overwritten by the next ``reset`` or
``step``: copy what you keep.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import numpy.typing as npt

from pitchkit.engine.errors import IllegalActionError, RulesError
from pitchkit.engine.numbers import parse_int
from pitchkit.engine.rules import Rules
from pitchkit.envs import encoding as enc
from pitchkit.envs import vector_kernel as vk
from pitchkit.envs import vector_rows as vr
from pitchkit.envs.core import env_rules
from pitchkit.fast import unsupported_reason as fast_unsupported_reason
from pitchkit.fast.tables import kernel_rules

F32 = npt.NDArray[np.float32]
I8 = npt.NDArray[np.int8]
I64 = npt.NDArray[np.int64]

#: most environments in one batch
MAX_ENVS = 1 << 24


#: rules of other games than Pitch, and the Pitch value the vector environment plays (outside Euchre)
_PITCH_ONLY: tuple[tuple[str, object], ...] = (
    ("low_rank", 2), ("benny", False), ("bowers", False), ("first_lead", "pitcher"),
    ("score_by", "points"), ("going_alone", False),
)


def unsupported_reason(rules: Rules) -> str | None:
    """Why the vector environment cannot play ``rules`` (``None`` when it can): the fast path's
    limits (:func:`pitchkit.fast.unsupported_reason`), and other games' rules (Euchre's, trump
    made with the upcard, are played as far as the fast path plays them)."""
    if rules.trump_by == "upcard":
        return fast_unsupported_reason(rules)
    for name, plain in _PITCH_ONLY:
        value = getattr(rules, name, plain)
        if value != plain:
            return f"{name.replace('_', '-')} = {value} is not a rule of the vector environment"
    return fast_unsupported_reason(rules)


class VectorEnv:
    """``n`` hands of ``variant`` stepped together, one decision each per :meth:`step`.

    ``options`` are rule options by name (as for the other environments), ``players`` a shorthand
    for that option, ``seed`` any int: the same seed gives the same deals and, through
    :meth:`random_actions`, the same random play. With ``observations=False`` the observation
    array is left at zero (for play that only needs masks, about twice as fast).
    """

    def __init__(self, variant: str, n: int, *, seed: int, options: Mapping[str, object] | None = None,
                 players: int | None = None, observations: bool = True) -> None:
        rules = env_rules(variant, players, options)
        reason = unsupported_reason(rules)
        if reason is not None:
            raise RulesError(f"the vector environment does not support {rules.preset}: {reason}")
        self.n = parse_int(n, what="number of environments", lo=1, hi=MAX_ENVS, error=RulesError)
        self.rules = rules
        self.layout = enc.Layout.of(rules)
        self.players = rules.players
        self.observations = observations
        kr = kernel_rules(rules)
        self._kr = kr
        offsets = self.layout.offsets
        extra = [offsets[name][0] if name in offsets else -1 for name in ("upcard", "out")]
        self._offsets = np.array([offsets[name][0] for name in vr.SECTIONS] + [self.layout.deck, *extra],
                                 dtype=np.int64)
        self.state: I64 = np.zeros((self.n, vr.ROW), dtype=np.int64)
        self.obs: F32 = np.zeros((self.n, self.layout.size), dtype=np.float32)
        self.mask: I8 = np.zeros((self.n, enc.N_ACTIONS), dtype=np.int8)
        self.rewards: F32 = np.zeros((self.n, self.players), dtype=np.float32)
        self.done = np.zeros(self.n, dtype=np.bool_)
        self.to_play: I64 = np.zeros(self.n, dtype=np.int64)
        self._actions: I64 = np.zeros(self.n, dtype=np.int64)
        self._seed = seed
        self._ready = False

    @property
    def observation_size(self) -> int:
        """Length of one observation (``encoding.Layout.of(rules).size``)."""
        return self.layout.size

    def reset(self, seed: int | None = None) -> tuple[F32, I8, I64]:
        """Deal a new hand in every environment (from ``seed`` when given, else the constructor's).

        Returns (observations ``(n, size)``, masks ``(n, 201)``, seat to act ``(n,)``)."""
        if seed is not None:
            self._seed = seed
        vk.seed_rows(self.state, _int64(self._seed))
        kr = self._kr
        vk.reset_all(kr.params, kr.suit, kr.trump_mask, kr.suit_mask, self._offsets, self.state,
                     self.obs, self.mask, self.to_play, self.observations)
        self.rewards[:] = 0.0
        self.done[:] = False
        self._ready = True
        return self.obs, self.mask, self.to_play

    def step(self, actions: npt.ArrayLike) -> tuple[F32, I8, F32, npt.NDArray[np.bool_], I64]:
        """Take one decision (an action id) in every environment.

        Returns (observations, masks, rewards ``(n, players)``, done ``(n,)``, seat to act): the
        rewards of a row are each seat's score change in the hand that row's decision finished
        (zero otherwise), ``done`` marks those rows, and their observation and mask are already
        the new hand's. An illegal action raises :class:`~pitchkit.engine.errors.IllegalActionError`
        and changes no environment."""
        if not self._ready:
            raise IllegalActionError("call reset() before step()")
        a = np.asarray(actions)
        if a.shape != (self.n,) or not np.issubdtype(a.dtype, np.integer):
            raise IllegalActionError(f"actions must be {self.n} integer ids, not an array of shape "
                                     f"{a.shape} and type {a.dtype}")
        np.copyto(self._actions, a, casting="unsafe")
        kr = self._kr
        bad = vk.step_all(kr.params, kr.cats, kr.values, kr.suit, kr.power, kr.trump_mask,
                          kr.suit_mask, kr.off_jack, kr.game_value, self._offsets, self.state,
                          self._actions, self.obs, self.mask, self.rewards, self.done, self.to_play,
                          self.observations)
        if bad >= 0:
            raise IllegalActionError(f"environment {bad}: {self._why(bad, int(a[bad]))}")
        return self.obs, self.mask, self.rewards, self.done, self.to_play

    def _why(self, row: int, action: int) -> str:
        if not 0 <= action < enc.N_ACTIONS:
            return f"not an action id: {action} (0 to {enc.N_ACTIONS - 1})"
        legal = np.flatnonzero(self.mask[row]).tolist()
        return enc.refusal(self.rules, int(self.to_play[row]), action, legal)

    def random_actions(self) -> I64:
        """A uniformly random legal action per environment (compiled; its own seeded generator).
        The array is reused by the next call."""
        if not self._ready:
            raise IllegalActionError("call reset() before random_actions()")
        vk.random_actions(self.state, self._actions)
        return self._actions

    def deal(self, row: int) -> tuple[list[int], int]:
        """The current hand of environment ``row`` as (the deck's order, the dealer), for
        ``Hand.deal_from(rules, deck, dealer=dealer)`` to replay it in the engine."""
        r = self.state[row]
        deck = [int(c) for c in r[vr.DECK_AT:vr.DECK_AT + self.rules.deck_size]]
        return deck, int(r[vr.DEALER])


def _int64(seed: int) -> int:
    """Any int as a signed 64-bit value (its low 64 bits)."""
    low = seed & ((1 << 64) - 1)
    return low - (1 << 64) if low >> 63 else low
