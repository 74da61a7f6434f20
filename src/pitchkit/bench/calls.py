"""The cost of one call of the engine's public methods, on states met in random self-play."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from pitchkit.bench.selfplay import random_engine_action
from pitchkit.engine.actions import Action, Phase
from pitchkit.engine.hand import Hand
from pitchkit.engine.rules import Rules
from pitchkit.engine.view import make_view

CALLS = ("legal_actions", "apply", "clone", "view")


@dataclass(frozen=True)
class CallCosts:
    """Mean microseconds (of CPU time) per call, over the decision points of random hands."""

    legal_actions: float
    apply: float
    clone: float
    view: float
    samples: int

    def as_json(self) -> dict[str, float]:
        """Rounded figures (microseconds per call)."""
        out: dict[str, float] = {name: round(getattr(self, name), 3) for name in CALLS}
        out["samples"] = self.samples
        return out


def sample_states(rules: Rules, *, hands: int, seed: int = 0) -> list[tuple[Hand, Action]]:
    """Every decision point of ``hands`` random hands, each with the random action taken there."""
    rng = random.Random(seed)
    out: list[tuple[Hand, Action]] = []
    for i in range(hands):
        hand = Hand.deal(rules, rng, dealer=i % rules.players)
        while not hand.done:
            action = random_engine_action(hand, rng)
            out.append((hand.clone(), action))
            hand.apply(action)
    return out


def _per_call(run: Callable[[], None], calls: int, seconds: float) -> float:
    """CPU microseconds per call of ``run`` (which makes ``calls`` calls), repeated for ``seconds``."""
    clock = time.process_time
    start = clock()
    rounds = 0
    while True:
        run()
        rounds += 1
        spent = clock() - start
        if spent >= seconds:
            return spent / (rounds * calls) * 1e6


def _apply_cost(states: list[tuple[Hand, Action]], seconds: float) -> float:
    """CPU microseconds per ``apply``, timed alone on fresh clones made outside the clock."""
    clock = time.process_time
    spent, calls = 0.0, 0
    while spent < seconds:
        fresh = [(h.clone(), a) for h, a in states]
        start = clock()
        for h, a in fresh:
            h.apply(a)
        spent += clock() - start
        calls += len(fresh)
    return spent / calls * 1e6


def call_costs(rules: Rules, *, seconds: float, seed: int = 0, hands: int = 50) -> CallCosts:
    """Time ``legal_actions``, ``apply``, ``clone`` and ``view`` (of the seat to act) over the
    decision points of ``hands`` random hands, each for about a quarter of ``seconds``.

    ``apply`` is timed alone on fresh clones (the clones are made outside the clock), without the
    legal list a preceding ``legal_actions`` call leaves behind. In the discard phase actions come
    from ``discard_options``, so ``legal_actions`` is timed outside it only."""
    states = sample_states(rules, hands=hands, seed=seed)
    deciding = [h for h, _ in states if h.phase != Phase.DISCARD]
    share = seconds / 4

    def legal() -> None:
        for h in deciding:
            h.legal_actions()

    def clone() -> None:
        for h, _ in states:
            h.clone()

    def view() -> None:
        for h, _ in states:
            make_view(h, h.to_act)  # type: ignore[arg-type]

    n = len(states)
    return CallCosts(
        legal_actions=_per_call(legal, len(deciding), share),
        apply=_apply_cost(states, share),
        clone=_per_call(clone, n, share),
        view=_per_call(view, n, share),
        samples=n,
    )
