"""A small policy for Pitch trained by self-play on the vector environment, with numpy alone.

The policy reads the observation tensor of docs/observations.md and scores the 201 action ids with
a one-hidden-layer network; illegal ids are masked out before the softmax. Training is REINFORCE
with a learned baseline (the network's value head): every seat of every environment plays the
current policy, and each decision is credited with its own seat's score change for the hand it
belongs to. See docs/training.md for the command, the learning curve and the arena figures.

    python examples/vector_policy.py train --out examples/trained/pct.npz
    python examples/vector_policy.py arena --weights examples/trained/pct.npz --hands 2000

``PolicyBot`` plays the trained weights through the engine's views like any pitchkit bot;
:func:`register_policy` makes it available by name (``policy``) in this process only.
"""

from __future__ import annotations

import os

# one BLAS thread: the matrices are small, and threads fight over a busy machine's cores
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import json
import math
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from pitchkit.bots import register
from pitchkit.engine.actions import Action
from pitchkit.engine.cards import Card
from pitchkit.engine.errors import PitchError
from pitchkit.engine.view import View
from pitchkit.envs import encoding as enc
from pitchkit.envs.core import resolve
from pitchkit.envs.vector import VectorEnv

F32 = npt.NDArray[np.float32]
I64 = npt.NDArray[np.int64]


@dataclass
class Policy:
    """Masked-softmax policy and value: ``h = relu(x W1 + b1)``, logits ``h W2 + b2``, value
    ``h w3 + b3``."""

    w1: F32
    b1: F32
    w2: F32
    b2: F32
    w3: F32
    b3: F32
    variant: str = "pct"

    @staticmethod
    def new(inputs: int, hidden: int, rng: np.random.Generator, variant: str) -> Policy:
        """Small random weights: the first policy is close to uniform over the legal ids."""
        def f32(a: npt.NDArray[Any]) -> F32:
            return a.astype(np.float32)

        return Policy(
            w1=f32(rng.normal(0.0, math.sqrt(2.0 / inputs), (inputs, hidden))),
            b1=np.zeros(hidden, np.float32),
            w2=f32(rng.normal(0.0, 0.01, (hidden, enc.N_ACTIONS))),
            b2=np.zeros(enc.N_ACTIONS, np.float32),
            w3=np.zeros(hidden, np.float32), b3=np.zeros(1, np.float32), variant=variant)

    def params(self) -> list[F32]:
        """The weight arrays, in a fixed order."""
        return [self.w1, self.b1, self.w2, self.b2, self.w3, self.b3]

    def hidden(self, x: F32) -> F32:
        """Pre-activations of the hidden layer."""
        out: F32 = x @ self.w1 + self.b1
        return out

    def heads(self, pre: F32, mask: npt.NDArray[np.int8]) -> tuple[F32, F32]:
        """(action probabilities with illegal ids at 0, values) from hidden pre-activations."""
        h = np.maximum(pre, 0.0)
        logits = h @ self.w2 + self.b2
        logits = np.where(mask != 0, logits, np.float32(-1e9))
        logits -= logits.max(axis=-1, keepdims=True)
        p = np.exp(logits) * (mask != 0)
        p /= p.sum(axis=-1, keepdims=True)
        return p.astype(np.float32), (h @ self.w3 + self.b3[0]).astype(np.float32)

    def greedy(self, x: F32, mask: npt.NDArray[np.int8]) -> I64:
        """The most likely legal id of each row."""
        p, _ = self.heads(self.hidden(x), mask)
        out: I64 = p.argmax(axis=-1).astype(np.int64)
        return out

    def save(self, path: Path) -> None:
        """Write the weights (an ``.npz`` file)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(path, *self.params(), variant=np.array(self.variant))

    @staticmethod
    def load(path: Path) -> Policy:
        """Read weights written by :meth:`save`."""
        with np.load(path) as f:
            w1, b1, w2, b2, w3, b3 = (f[f"arr_{i}"].astype(np.float32) for i in range(6))
            return Policy(w1, b1, w2, b2, w3, b3, variant=str(f["variant"]))


@dataclass
class Adam:
    """The Adam optimizer over a policy's arrays (updated in place)."""

    params: list[F32]
    lr: float
    b1: float = 0.9
    b2: float = 0.999
    t: int = 0
    m: list[F32] = field(default_factory=list)
    v: list[F32] = field(default_factory=list)

    def step(self, grads: list[F32]) -> None:
        """One descent step along ``grads``."""
        if not self.m:
            self.m = [np.zeros_like(p) for p in self.params]
            self.v = [np.zeros_like(p) for p in self.params]
        self.t += 1
        scale = self.lr * math.sqrt(1 - self.b2 ** self.t) / (1 - self.b1 ** self.t)
        for p, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            m *= self.b1
            m += (1 - self.b1) * g
            v *= self.b2
            v += (1 - self.b2) * g * g
            p -= (scale * m / (np.sqrt(v) + 1e-8)).astype(np.float32)


def sample(p: F32, rng: np.random.Generator) -> I64:
    """One id per row drawn from the rows' probabilities."""
    u = rng.random((p.shape[0], 1), dtype=np.float32)
    out: I64 = np.minimum((p.cumsum(axis=1) < u).sum(axis=1), p.shape[1] - 1).astype(np.int64)
    return out


def hand_returns(rewards: F32, done: npt.NDArray[np.bool_], seats: I64) -> F32:
    """Each decision's return: its seat's score change in the hand the decision belongs to (NaN
    when that hand has not ended within the window). Arrays are (steps, envs[, seats])."""
    steps, envs = done.shape
    final = np.full((envs, rewards.shape[2]), np.nan, np.float32)
    out = np.empty((steps, envs), np.float32)
    rows = np.arange(envs)
    for t in range(steps - 1, -1, -1):
        final[done[t]] = rewards[t][done[t]]
        out[t] = final[rows, seats[t]]
    return out


def gradients(pol: Policy, x: F32, pre: F32, mask: npt.NDArray[np.int8], actions: I64, ret: F32,
              *, value_coef: float, entropy_coef: float | F32) -> tuple[list[F32], float]:
    """Gradients of the REINFORCE loss with a value baseline and an entropy bonus (one weight, or
    one per row); also the mean entropy."""
    n = x.shape[0]
    p, v = pol.heads(pre, mask)
    adv = ret - v
    adv = (adv - adv.mean()) / (adv.std() + 1e-6)
    logp = np.log(np.where(p > 0, p, 1.0))
    ent = -(p * logp).sum(axis=1)
    d_logits = p.copy()
    d_logits[np.arange(n), actions] -= 1.0
    d_logits *= adv[:, None]
    d_logits += np.reshape(entropy_coef, (-1, 1)) * p * (logp + ent[:, None])
    d_logits /= n
    d_v = value_coef * 2.0 * (v - ret) / n
    h = np.maximum(pre, 0.0)
    d_h = d_logits @ pol.w2.T + d_v[:, None] * pol.w3[None, :]
    d_pre = d_h * (pre > 0)
    grads = [x.T @ d_pre, d_pre.sum(axis=0), h.T @ d_logits, d_logits.sum(axis=0), h.T @ d_v,
             np.array([d_v.sum()])]
    return [g.astype(np.float32) for g in grads], float(ent.mean())


def evaluate(pol: Policy, *, hands: int, seed: int, envs: int = 256) -> tuple[float, float, float]:
    """The policy (sampling its decisions, as in training) in seat 0 against random players in the
    other seats, on the same deals and draws for every call: (its points per hand, its 95%
    half-width, the random seats' points per hand)."""
    env = VectorEnv(pol.variant, envs, seed=seed)
    rng = np.random.default_rng(seed)
    obs, mask, to_play = env.reset()
    mine: list[float] = []
    theirs: list[float] = []
    while len(mine) < hands:
        actions = env.random_actions().copy()
        ours = np.flatnonzero(to_play == 0)
        if ours.size:
            p, _ = pol.heads(pol.hidden(obs[ours]), mask[ours])
            actions[ours] = sample(p, rng)
        obs, mask, rewards, done, to_play = env.step(actions)
        for i in np.flatnonzero(done):
            mine.append(float(rewards[i, 0]))
            theirs.append(float(rewards[i, 1:].mean()))
    m = np.array(mine[:hands])
    return float(m.mean()), float(1.96 * m.std() / math.sqrt(len(m))), float(np.mean(theirs[:hands]))


@dataclass
class Curve:
    """The learning curve: per evaluation, hands trained, points per hand against random."""

    hands: list[int] = field(default_factory=list)
    points: list[float] = field(default_factory=list)
    half_width: list[float] = field(default_factory=list)
    random_points: list[float] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)


def train(variant: str = "pct", *, updates: int = 800, envs: int = 256, window: int = 64,
          hidden: int = 128, lr: float = 5e-4, seed: int = 1, eval_every: int = 25,
          eval_hands: int = 2000, value_coef: float = 0.5, entropy_coef: float = 0.01,
          auction_entropy_coef: float = 0.1,
          log: Callable[[str], None] = print) -> tuple[Policy, Curve]:
    """Self-play training: ``updates`` windows of ``window`` steps of ``envs`` environments.

    Auction decisions get a larger entropy bonus than the others: early on, when the cards are
    played badly, every bid loses, and without it the policy learns never to bid before its play
    is good enough to make one."""
    rng = np.random.default_rng(seed)
    env = VectorEnv(variant, envs, seed=seed)
    obs, mask, to_play = env.reset()
    pol = Policy.new(env.observation_size, hidden, rng, variant)
    opt = Adam(pol.params(), lr)
    curve = Curve()
    start = time.perf_counter()
    hands = 0
    size = env.observation_size
    xs = np.zeros((window, envs, size), np.float32)
    pres = np.zeros((window, envs, hidden), np.float32)
    masks = np.zeros((window, envs, enc.N_ACTIONS), np.int8)
    acts = np.zeros((window, envs), np.int64)
    seats = np.zeros((window, envs), np.int64)
    rews = np.zeros((window, envs, env.players), np.float32)
    dones = np.zeros((window, envs), np.bool_)
    # rewards in units of a typical hand's swing
    scale = 1.0 / 4.0
    for u in range(updates + 1):
        if u % eval_every == 0 or u == updates:
            pts, half, rnd = evaluate(pol, hands=eval_hands, seed=seed + 10_000)
            curve.hands.append(hands)
            curve.points.append(pts)
            curve.half_width.append(half)
            curve.random_points.append(rnd)
            curve.seconds.append(time.perf_counter() - start)
            log(f"update {u:4d}  hands {hands:8,d}  vs random: {pts:+.3f} ± {half:.3f} points/hand "
                f"(random seats {rnd:+.3f})  {curve.seconds[-1]:6.0f} s")
        if u == updates:
            break
        for t in range(window):
            xs[t] = obs
            masks[t] = mask
            seats[t] = to_play
            pres[t] = pol.hidden(obs)
            p, _ = pol.heads(pres[t], mask)
            acts[t] = sample(p, rng)
            obs, mask, rewards, done, to_play = env.step(acts[t])
            rews[t] = rewards
            dones[t] = done
        hands += int(dones.sum())
        ret = hand_returns(rews * scale, dones, seats)
        ok = ~np.isnan(ret)
        if not ok.any():
            continue
        in_auction = masks[ok][:, :enc.TRUMP_BASE].any(axis=1)
        coef = np.where(in_auction, auction_entropy_coef, entropy_coef).astype(np.float32)
        grads, entropy = gradients(pol, xs[ok], pres[ok], masks[ok], acts[ok], ret[ok],
                                   value_coef=value_coef, entropy_coef=coef)
        opt.step(grads)
        auction = acts < enc.CHOOSE_RUN
        bid_rate = float((acts[auction] > 0).mean()) if auction.any() else 0.0
        if u % eval_every == 0:
            log(f"            entropy {entropy:.3f}, bids among auction decisions {bid_rate:.2f}")
    return pol, curve


class PolicyBot:
    """A pitchkit bot that plays the trained policy's most likely legal decision."""

    name = "policy"

    def __init__(self, policy: Policy) -> None:
        self.policy = policy

    def choose(self, view: View) -> Action:
        """Decide one id at a time (a discard or pass takes several) until an action is whole."""
        layout = enc.Layout.of(view.rules)
        if layout.size != self.policy.w1.shape[0]:
            raise ValueError(f"the policy was trained for {self.policy.variant}, whose observations "
                             f"have {self.policy.w1.shape[0]} entries, not {layout.size}")
        pending: tuple[Card, ...] = ()
        while True:
            x = layout.encode(view, pending)[None, :]
            mask = enc.legal_mask(view, pending)[None, :]
            a = int(self.policy.greedy(x, mask)[0])
            pending, action = resolve(view.rules, view.phase, view.seat, pending, a)
            if action is not None:
                return action


def register_policy(path: Path, name: str = "policy") -> None:
    """Make the weights at ``path`` a bot called ``name`` in this process (and in processes
    forked from it), e.g. for :func:`pitchkit.bench.arena.run`."""
    policy = Policy.load(path)
    register(name, lambda rng: PolicyBot(policy))


def arena(weights: Path, *, opponent: str, hands: int, seed: int, jobs: int) -> dict[str, object]:
    """The policy against ``opponent`` in pitchkit's arena (duplicate deals)."""
    from pitchkit.bench.arena import ArenaConfig, run

    register_policy(weights)
    variant = Policy.load(weights).variant
    return run(ArenaConfig(variant=variant, bots=("policy", opponent), boards=hands, seed=seed, jobs=jobs))


def curve_svg(curve: Curve, title: str) -> str:
    """The learning curve as a small SVG line chart (points per hand against hands trained)."""
    w, h, left, bottom, top, right = 640, 360, 60, 40, 30, 20
    xmax = max(curve.hands) or 1
    lows = [p - e for p, e in zip(curve.points, curve.half_width, strict=True)] + curve.random_points
    highs = [p + e for p, e in zip(curve.points, curve.half_width, strict=True)] + curve.random_points
    ylo, yhi = math.floor(min(lows) * 2) / 2, math.ceil(max(highs) * 2) / 2
    yhi = max(yhi, ylo + 0.5)

    def px(x: float) -> float:
        return left + (w - left - right) * x / xmax

    def py(y: float) -> float:
        return h - bottom - (h - top - bottom) * (y - ylo) / (yhi - ylo)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" '
           f'font-size="12"><rect width="{w}" height="{h}" fill="white"/>',
           f'<text x="{w / 2}" y="18" text-anchor="middle" font-size="14">{title}</text>']
    steps = round((yhi - ylo) / 0.5)
    for i in range(steps + 1):
        y = ylo + 0.5 * i
        out.append(f'<line x1="{left}" y1="{py(y):.1f}" x2="{w - right}" y2="{py(y):.1f}" stroke="#ddd"/>'
                   f'<text x="{left - 6}" y="{py(y) + 4:.1f}" text-anchor="end">{y:+.1f}</text>')
    for i in range(5):
        x = xmax * i / 4
        out.append(f'<text x="{px(x):.1f}" y="{h - bottom + 16}" text-anchor="middle">'
                   f"{x / 1000:,.0f}k</text>")
    out.append(f'<text x="{(w + left) / 2}" y="{h - 6}" text-anchor="middle">hands of self-play</text>')
    out.append(f'<text x="14" y="{h / 2}" text-anchor="middle" transform="rotate(-90 14 {h / 2})">'
               'points per hand</text>')
    band = [f"{px(x):.1f},{py(p + e):.1f}" for x, p, e in zip(curve.hands, curve.points, curve.half_width,
                                                              strict=True)]
    band += [f"{px(x):.1f},{py(p - e):.1f}" for x, p, e in reversed(list(zip(
        curve.hands, curve.points, curve.half_width, strict=True)))]
    out.append(f'<polygon points="{" ".join(band)}" fill="#1f77b4" fill-opacity="0.2"/>')
    for ys, colour, label in ((curve.points, "#1f77b4", "policy (seat 0)"),
                              (curve.random_points, "#d62728", "random (other seats, mean)")):
        pts = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in zip(curve.hands, ys, strict=True))
        out.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="2"/>')
        y = h - bottom - 40 + 16 * (colour != "#1f77b4")
        x0 = w - right - 220
        out.append(f'<line x1="{x0}" y1="{y}" x2="{x0 + 24}" y2="{y}" stroke="{colour}" '
                   f'stroke-width="2"/><text x="{x0 + 30}" y="{y + 4}">{label}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> None:
    """``train`` or ``arena`` from the command line."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    tr = sub.add_parser("train", help="self-play training; writes the weights and the curve")
    tr.add_argument("--variant", default="pct")
    tr.add_argument("--updates", type=int, default=800)
    tr.add_argument("--envs", type=int, default=256)
    tr.add_argument("--seed", type=int, default=1)
    tr.add_argument("--auction-entropy", type=float, default=0.1,
                    help="entropy bonus of auction decisions (others: 0.01)")
    tr.add_argument("--out", type=Path, default=Path("examples/trained/pct.npz"))
    tr.add_argument("--curve", type=Path, help="write the learning curve here (.svg; .json beside it)")
    ar = sub.add_parser("arena", help="the trained policy against a bot in pitchkit's arena")
    ar.add_argument("--weights", type=Path, default=Path("examples/trained/pct.npz"))
    ar.add_argument("--opponent", default="heuristic")
    ar.add_argument("--hands", type=int, default=1000)
    ar.add_argument("--seed", type=int, default=1)
    ar.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    try:
        _run(args)
    except PitchError as e:
        print(e, file=sys.stderr)
        raise SystemExit(2) from None


def _run(args: argparse.Namespace) -> None:
    if args.cmd == "arena" and not args.weights.is_file():
        raise PitchError(f"no weights at {args.weights}: write them first with "
                         f"python examples/vector_policy.py train --out {args.weights}")
    if args.cmd == "train":
        pol, curve = train(args.variant, updates=args.updates, envs=args.envs, seed=args.seed,
                           auction_entropy_coef=args.auction_entropy)
        pol.save(args.out)
        print(f"weights: {args.out}")
        if args.curve is not None:
            args.curve.parent.mkdir(parents=True, exist_ok=True)
            args.curve.write_text(curve_svg(curve, f"{args.variant}: self-play policy against random"))
            args.curve.with_suffix(".json").write_text(json.dumps(curve.__dict__, indent=1) + "\n")
            print(f"learning curve: {args.curve}")
        return
    report = arena(args.weights, opponent=args.opponent, hands=args.hands, seed=args.seed, jobs=args.jobs)
    json.dump(report, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
