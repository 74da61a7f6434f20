"""Speed of random play through the research environments against the engine's own loop (the
figures of ``pitch bench --section envs`` and ``benchmarks/envs_speed.py``).

Every loop picks uniformly among the legal choices with a seeded generator and counts the choices
it made; rates are per CPU-second of this process (``time.process_time``). The engine loop makes
whole engine actions (a ten-point discard is one action); the environments count every decision
of the action table (a discard is one decision per card and one to end it). Episodes are games
(cut at 20 scored hands) for the engine and the environments, hands for ``python_pitch`` (one hand
is one OpenSpiel game) and games for Euchre.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import numpy as np

from pitchkit.bots import random_action
from pitchkit.envs.core import Decisions
from pitchkit.game import Game
from pitchkit.presets import make_rules

#: the loops ``pitch bench`` measures (the others are in ``benchmarks/envs_speed.py``)
BENCH_LOOPS = ("engine (actions)", "PettingZoo raw_env", "OpenSpiel python_pitch")

#: a measuring loop: CPU seconds -> (decisions, episodes, CPU seconds used)
Loop = Callable[[float], tuple[int, int, float]]


def timed(seconds: float, episode: Callable[[], int]) -> tuple[int, int, float]:
    """Play whole episodes (``episode`` returns the decisions it made) until ``seconds`` of CPU time
    have passed; (decisions, episodes, CPU seconds used)."""
    count = episodes = 0
    start = time.process_time()
    while True:
        count += episode()
        episodes += 1
        used = time.process_time() - start
        if used >= seconds:
            return count, episodes, used


def engine_loop(variant: str) -> Loop:
    """Random play through ``Game.legal_actions()`` and ``apply()`` (no observations)."""
    rules = make_rules(variant)

    rng = random.Random(1)

    def episode() -> int:
        game, count = Game(rules, rng=random.Random(rng.random())), 0
        while not game.over and game.hands_scored < 20:
            seat = game.to_act
            assert seat is not None
            if game.hand.phase == "discard":
                game.apply(random_action(game.view(seat), rng))
            else:
                game.apply(rng.choice(game.legal_actions()))
            count += 1
        return count

    return lambda seconds: timed(seconds, episode)


def decisions_loop(variant: str) -> Loop:
    """The shared decision layer: legal action ids and one decision at a time, no tensors."""
    rules = make_rules(variant)

    rng = random.Random(1)

    def episode() -> int:
        game, count = Decisions(rules, seed=rng.randrange(2**32), max_hands=20), 0
        while not game.over:
            game.step(rng.choice(game.legal_ids()))
            count += 1
        return count

    return lambda seconds: timed(seconds, episode)


def pettingzoo_loop(variant: str, *, wrapped: bool) -> Loop:
    """PettingZoo's agent loop: ``last()`` (observation and mask) and ``step()`` per decision."""
    from pitchkit.envs.pettingzoo import env, raw_env

    e = env(variant=variant, max_hands=20) if wrapped else raw_env(variant=variant, max_hands=20)
    rng = np.random.default_rng(1)

    def episode() -> int:
        count = 0
        e.reset(seed=int(rng.integers(2**32)))
        for _agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[rng.integers(len(legal))]))
            count += 1
        return count

    return lambda seconds: timed(seconds, episode)


def gym_loop(variant: str) -> Loop:
    """Gymnasium: seat 0 plays random legal ids against ``random`` bots; counts seat 0's steps."""
    from pitchkit.envs.gym import PitchEnv

    e = PitchEnv(variant, bots="random", max_hands=20)
    rng = np.random.default_rng(1)

    def episode() -> int:
        count, done = 0, False
        obs, _ = e.reset(seed=int(rng.integers(2**32)))
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            obs, _, term, trunc, _ = e.step(int(legal[rng.integers(len(legal))]))
            done = term or trunc
            count += 1
        return count

    return lambda seconds: timed(seconds, episode)


def openspiel_loop(variant: str) -> Loop:
    """OpenSpiel ``python_pitch``: ``legal_actions()`` and ``apply_action()`` per decision (the
    chance nodes of the deal are applied too, not counted)."""
    import pyspiel

    import pitchkit.envs.openspiel  # noqa: F401  (registers python_pitch)

    game = pyspiel.load_game("python_pitch", {"variant": variant})

    rng = random.Random(1)

    def episode() -> int:
        count, state = 0, game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            state.apply_action(rng.choice(state.legal_actions()))
            count += 1
        return count

    return lambda seconds: timed(seconds, episode)


def euchre_loop(variant: str) -> Loop:
    """OpenSpiel's C++ Euchre driven the same way (the yardstick; ``variant`` is ignored)."""
    from pitchkit.bench.openspiel import euchre_rate

    def run(seconds: float) -> tuple[int, int, float]:
        rate = euchre_rate(seconds=seconds, seed=1)
        assert rate is not None
        return rate.decisions, rate.hands, rate.seconds

    return run


LOOPS: dict[str, Callable[[str], Loop]] = {
    "engine (actions)": engine_loop,
    "decision layer": decisions_loop,
    "PettingZoo raw_env": lambda v: pettingzoo_loop(v, wrapped=False),
    "PettingZoo env (wrapped)": lambda v: pettingzoo_loop(v, wrapped=True),
    "Gymnasium (vs random bots)": gym_loop,
    "OpenSpiel python_pitch": openspiel_loop,
    "OpenSpiel C++ euchre": euchre_loop,
}


def measure(variant: str, seconds: float,
            loops: tuple[str, ...] | None = None) -> dict[str, dict[str, float]]:
    """Decisions and episodes per CPU-second of each loop (every one in :data:`LOOPS` by default)."""
    out: dict[str, dict[str, float]] = {}
    for name in loops or tuple(LOOPS):
        count, episodes, used = LOOPS[name](variant)(seconds)
        out[name] = {"decisions_per_s": count / used, "episodes_per_s": episodes / used}
    return out
