"""Speed of random play through the research environments against the engine's own loop (the
figures of ``pitch bench --section envs`` and ``benchmarks/envs_speed.py``).

Every loop picks uniformly among the legal choices with a seeded generator and counts the choices
it made; rates are per CPU-second of this process (``time.process_time``). The engine, the decision
layer and PettingZoo deal from the same seeds and choose with the same generator, so in pct (where
their legal lists are in the same order) they play the very same games. The engine loop makes
whole engine actions (a ten-point discard is one action); the environments count every decision
of the action table (a discard is one decision per card and one to end it). Episodes are games
(cut at 20 scored hands) for the engine and the environments, hands for ``python_pitch`` (one hand
is one OpenSpiel game) and games for Euchre.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from pitchkit.bots import random_action
from pitchkit.engine.game import Game
from pitchkit.engine.presets import make_rules
from pitchkit.envs.core import Decisions

#: the loops ``pitch bench`` measures (the others are in ``benchmarks/envs_speed.py``)
BENCH_LOOPS = ("engine (actions)", "PettingZoo raw_env", "PettingZoo env (checked)", "OpenSpiel python_pitch",
               "OpenSpiel C++ euchre")
#: hands after which a game is cut (a whole game can run long)
MAX_HANDS = 20

#: a measuring loop: CPU seconds -> (decisions, episodes, CPU seconds used)
Loop = Callable[[float], tuple[int, int, float]]
#: one episode of a loop: plays it and returns the decisions it made
Episode = Callable[[], int]


def timed(seconds: float, episode: Episode) -> tuple[int, int, float]:
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


def _streams() -> tuple[random.Random, random.Random]:
    """The game seeds and the choices: the same in every loop, so that the engine and the
    environments play the same games where their legal lists agree in order (every pct game)."""
    return random.Random(1), random.Random(2)


def engine_episodes(variant: str) -> Episode:
    """Random play through ``Game.legal_actions()`` and ``apply()`` (no observations)."""
    rules = make_rules(variant)
    seeds, pick = _streams()

    def episode() -> int:
        game, count = Game(rules, rng=random.Random(seeds.randrange(2**32))), 0
        while not game.over and game.hands_scored < MAX_HANDS:
            seat = game.to_act
            assert seat is not None
            if game.hand.phase == "discard":
                game.apply(random_action(game.view(seat), pick))
            else:
                game.apply(pick.choice(game.legal_actions()))
            count += 1
        return count

    return episode


def decisions_episodes(variant: str) -> Episode:
    """The shared decision layer: legal action ids and one decision at a time, no tensors."""
    rules = make_rules(variant)
    seeds, pick = _streams()

    def episode() -> int:
        game, count = Decisions(rules, seed=seeds.randrange(2**32), max_hands=MAX_HANDS), 0
        while not game.over:
            game.step(pick.choice(game.legal_ids()))
            count += 1
        return count

    return episode


def pettingzoo_episodes(variant: str, *, make: str = "raw_env", tensor: bool = True) -> Episode:
    """PettingZoo's agent loop: ``last()`` (observation and mask) and ``step()`` per decision, a
    legal id picked from the mask, through ``make`` of :mod:`pitchkit.envs.pettingzoo` (``raw_env``,
    ``env`` or ``wrapped_env``). Without ``tensor`` (``raw_env`` only) ``last(observe=False)`` and
    the mask alone: what the observation tensor costs is the difference."""
    from pitchkit.envs import pettingzoo

    e: Any = getattr(pettingzoo, make)(variant=variant, max_hands=MAX_HANDS)
    seeds, pick = _streams()

    def episode() -> int:
        count = 0
        e.reset(seed=seeds.randrange(2**32))
        for agent in e.agent_iter():
            if tensor:
                obs, _, term, trunc, _ = e.last()
            else:
                _, _, term, trunc, _ = e.last(observe=False)
            if term or trunc:
                e.step(None)
                continue
            mask = obs["action_mask"] if tensor else e.game.legal_mask(e.possible_agents.index(agent))
            e.step(pick.choice(mask.nonzero()[0].tolist()))
            count += 1
        return count

    return episode


def engine_loop(variant: str) -> Loop:
    """:func:`engine_episodes` timed."""
    episode = engine_episodes(variant)
    return lambda seconds: timed(seconds, episode)


def decisions_loop(variant: str) -> Loop:
    """:func:`decisions_episodes` timed."""
    episode = decisions_episodes(variant)
    return lambda seconds: timed(seconds, episode)


def pettingzoo_loop(variant: str, *, make: str = "raw_env", tensor: bool = True) -> Loop:
    """:func:`pettingzoo_episodes` timed."""
    episode = pettingzoo_episodes(variant, make=make, tensor=tensor)
    return lambda seconds: timed(seconds, episode)


def gym_loop(variant: str) -> Loop:
    """Gymnasium: seat 0 plays random legal ids against ``random`` bots; counts seat 0's steps."""
    from pitchkit.envs.gym import PitchEnv

    e = PitchEnv(variant, bots="random", max_hands=MAX_HANDS)
    seeds, pick = _streams()

    def episode() -> int:
        count, done = 0, False
        obs, _ = e.reset(seed=seeds.randrange(2**32))
        while not done:
            obs, _, term, trunc, _ = e.step(pick.choice(obs["action_mask"].nonzero()[0].tolist()))
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
    "PettingZoo raw_env": pettingzoo_loop,
    "PettingZoo raw_env, mask only": lambda v: pettingzoo_loop(v, tensor=False),
    "PettingZoo env (checked)": lambda v: pettingzoo_loop(v, make="env"),
    "PettingZoo's wrappers": lambda v: pettingzoo_loop(v, make="wrapped_env"),
    "Gymnasium (vs random bots)": gym_loop,
    "OpenSpiel python_pitch": openspiel_loop,
    "OpenSpiel C++ euchre": euchre_loop,
}


#: each loop's time is taken in this many turns, the loops alternating, so that a change in the
#: machine's load during the run touches every loop alike
ROUNDS = 5


def measure(variant: str, seconds: float, loops: tuple[str, ...] | None = None,
            rounds: int = ROUNDS) -> dict[str, dict[str, float]]:
    """Decisions and episodes per CPU-second of each loop (every one in :data:`LOOPS` by default),
    ``seconds`` each, taken in ``rounds`` alternating turns after one episode of each to warm up."""
    names = loops or tuple(LOOPS)
    running = {name: LOOPS[name](variant) for name in names}
    for loop in running.values():
        # one episode first, not counted: imports, compiled code loaded, caches filled
        loop(0.0)
    totals = dict.fromkeys(names, (0, 0, 0.0))
    for _ in range(max(1, rounds)):
        for name in names:
            count, episodes, used = running[name](seconds / max(1, rounds))
            c, e, u = totals[name]
            totals[name] = (c + count, e + episodes, u + used)
    return {name: {"decisions_per_s": c / u, "episodes_per_s": e / u} for name, (c, e, u) in totals.items()}
