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


def engine_loop(variant: str) -> Loop:
    """Random play through ``Game.legal_actions()`` and ``apply()`` (no observations)."""
    rules = make_rules(variant)

    def run(seconds: float) -> tuple[int, int, float]:
        rng, count, episodes, start = random.Random(1), 0, 0, time.process_time()
        while True:
            game = Game(rules, rng=random.Random(rng.random()))
            while not game.over and game.hands_scored < 20:
                seat = game.to_act
                assert seat is not None
                if game.hand.phase == "discard":
                    game.apply(random_action(game.view(seat), rng))
                else:
                    game.apply(rng.choice(game.legal_actions()))
                count += 1
            episodes += 1
            if time.process_time() - start >= seconds:
                return count, episodes, time.process_time() - start

    return run


def decisions_loop(variant: str) -> Loop:
    """The shared decision layer: legal action ids and one decision at a time, no tensors."""
    rules = make_rules(variant)

    def run(seconds: float) -> tuple[int, int, float]:
        rng, count, episodes, start = random.Random(1), 0, 0, time.process_time()
        while True:
            game = Decisions(rules, seed=rng.randrange(2**32), max_hands=20)
            while not game.over:
                game.step(rng.choice(game.legal_ids()))
                count += 1
            episodes += 1
            if time.process_time() - start >= seconds:
                return count, episodes, time.process_time() - start

    return run


def pettingzoo_loop(variant: str, *, wrapped: bool) -> Loop:
    """PettingZoo's agent loop: ``last()`` (observation and mask) and ``step()`` per decision."""
    from pitchkit.envs.pettingzoo import env, raw_env

    def run(seconds: float) -> tuple[int, int, float]:
        e = env(variant=variant, max_hands=20) if wrapped else raw_env(variant=variant, max_hands=20)
        rng, count, episodes, start = np.random.default_rng(1), 0, 0, time.process_time()
        while True:
            e.reset(seed=int(rng.integers(2**32)))
            for _agent in e.agent_iter():
                obs, _, term, trunc, _ = e.last()
                if term or trunc:
                    e.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                e.step(int(legal[rng.integers(len(legal))]))
                count += 1
            episodes += 1
            if time.process_time() - start >= seconds:
                return count, episodes, time.process_time() - start

    return run


def gym_loop(variant: str) -> Loop:
    """Gymnasium: seat 0 plays random legal ids against ``random`` bots; counts seat 0's steps."""
    from pitchkit.envs.gym import PitchEnv

    def run(seconds: float) -> tuple[int, int, float]:
        e = PitchEnv(variant, bots="random", max_hands=20)
        rng, count, episodes, start = np.random.default_rng(1), 0, 0, time.process_time()
        while True:
            obs, _ = e.reset(seed=int(rng.integers(2**32)))
            done = False
            while not done:
                legal = np.flatnonzero(obs["action_mask"])
                obs, _, term, trunc, _ = e.step(int(legal[rng.integers(len(legal))]))
                done = term or trunc
                count += 1
            episodes += 1
            if time.process_time() - start >= seconds:
                return count, episodes, time.process_time() - start

    return run


def openspiel_loop(variant: str) -> Loop:
    """OpenSpiel ``python_pitch``: ``legal_actions()`` and ``apply_action()`` per decision (the
    chance nodes of the deal are applied too, not counted)."""
    import pyspiel

    import pitchkit.envs.openspiel  # noqa: F401  (registers python_pitch)

    game = pyspiel.load_game("python_pitch", {"variant": variant})

    def run(seconds: float) -> tuple[int, int, float]:
        rng, count, episodes, start = random.Random(1), 0, 0, time.process_time()
        while True:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                    continue
                state.apply_action(rng.choice(state.legal_actions()))
                count += 1
            episodes += 1
            if time.process_time() - start >= seconds:
                return count, episodes, time.process_time() - start

    return run


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
