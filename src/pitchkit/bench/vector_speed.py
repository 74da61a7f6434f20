"""How fast the vector environment plays: random play through :class:`VectorEnv`, in decisions
(every environment's one decision per step) and hands per CPU-second of this process.

``benchmarks/vector_env.py`` and ``pitch bench --section vector`` print these figures
(docs/benchmarks.md).
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass

from pitchkit.envs.vector import VectorEnv

#: environments per batch for the figures (the observations of a batch, 4 MB for pct, stay in cache)
BENCH_ENVS = 1024


@dataclass(frozen=True)
class VectorRate:
    """Random play through a vector environment: every figure per CPU-second."""

    variant: str
    envs: int
    observations: bool
    #: decisions of random play (the compiled random choice and the step)
    decisions_per_s: float
    #: decisions per second of ``step`` alone
    step_decisions_per_s: float
    hands_per_s: float
    decisions: int
    seconds: float

    def as_json(self) -> dict[str, object]:
        """The figures as a JSON-ready dict (rates rounded)."""
        out = asdict(self)
        for k in ("decisions_per_s", "step_decisions_per_s", "hands_per_s", "seconds"):
            out[k] = round(out[k], 1 if k != "seconds" else 3)
        return out


def measure(variant: str, *, seconds: float, envs: int = BENCH_ENVS, observations: bool = True,
            seed: int = 1, options: dict[str, object] | None = None) -> VectorRate:
    """Play ``variant`` at random for about ``seconds`` of CPU time (after one untimed step, which
    compiles the kernel or loads it from numba's cache)."""
    env = VectorEnv(variant, envs, seed=seed, options=options, observations=observations)
    env.reset()
    env.step(env.random_actions())
    steps = hands = 0
    in_step = 0.0
    start = time.process_time()
    while True:
        actions = env.random_actions()
        t = time.process_time()
        _, _, _, done, _ = env.step(actions)
        in_step += time.process_time() - t
        steps += 1
        hands += int(done.sum())
        spent = time.process_time() - start
        if spent >= seconds:
            break
    decisions = steps * envs
    return VectorRate(variant=variant, envs=envs, observations=observations,
                      decisions_per_s=decisions / spent,
                      step_decisions_per_s=decisions / max(in_step, 1e-9),
                      hands_per_s=hands / spent, decisions=decisions, seconds=spent)


def report(seconds: float, variants: tuple[str, ...] | None = None) -> dict[str, object]:
    """Figures for ``pitch bench --section vector``: every preset the environment plays (or
    ``variants``) with observations, and pct with masks only; ``seconds`` of CPU time each."""
    from pitchkit.engine.presets import make_rules, presets
    from pitchkit.envs.vector import unsupported_reason

    names = variants or tuple(p for p in presets() if unsupported_reason(make_rules(p)) is None)
    rows = [measure(v, seconds=seconds) for v in names]
    rows.append(measure(names[0], seconds=seconds, observations=False))
    out: dict[str, object] = {"envs": BENCH_ENVS, "rates": [r.as_json() for r in rows]}
    skipped = {p: unsupported_reason(make_rules(p)) for p in presets() if p not in names}
    out["unsupported"] = {p: why for p, why in skipped.items() if why is not None}
    return out


def lines(figures: dict[str, object]) -> list[str]:
    """The text of :func:`report`'s figures, one line each."""
    rates = figures["rates"]
    assert isinstance(rates, list)
    out = [line(VectorRate(**r)) for r in rates]
    unsupported = figures.get("unsupported")
    assert isinstance(unsupported, dict)
    out.extend(f"{p}: not played by the vector environment ({why})" for p, why in unsupported.items())
    return out


def line(rate: VectorRate) -> str:
    """One line of text for a figure."""
    what = "with observations" if rate.observations else "masks only"
    return (f"{rate.variant} ({rate.envs} envs, {what}): {rate.decisions_per_s:,.0f} decisions/s "
            f"({rate.step_decisions_per_s:,.0f} in step), {rate.hands_per_s:,.0f} hands/s")
