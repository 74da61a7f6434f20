"""The batched environment against the engine: the same deals played side by side by the same
random decisions give the same seat to act, the same legal-action masks, the same observation
tensors (encoding.py's, built from the engine's views) and the same score changes."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

import pytest

pytest.importorskip("numpy", reason="the vector environment needs pitchkit[envs] (numpy)")

import numpy as np
import numpy.typing as npt
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit.engine.actions import Choice, Choose
from pitchkit.engine.cards import Card
from pitchkit.engine.errors import IllegalActionError, RulesError
from pitchkit.engine.hand import Hand
from pitchkit.engine.presets import make_rules
from pitchkit.engine.view import make_view
from pitchkit.envs import encoding as enc
from pitchkit.envs import vector_rows as vr
from pitchkit.envs.core import resolve
from pitchkit.envs.vector import VectorEnv, unsupported_reason
from tests.envs.conftest import PRESETS

SUPPORTED = [p for p in PRESETS if unsupported_reason(make_rules(p)) is None]

#: options that reach the other branches: steals and selling after running it, declared trump,
#: partner passes of several cards, trump named by a led joker or off-jack, player counts
CONFIGS: list[tuple[str, dict[str, object], set[str]]] = [
    ("pct", {"dealer-steal": "same", "players": 3}, {"run", "sell"}),
    ("pct", {"players": 6, "teams": 3, "partner-pass": 2}, {"pass-card"}),
    ("auction-partners", {"partner-pass": 1}, {"pass-card"}),
    ("seven-point", {"players": 5}, {"lead-trump"}),
    ("ten-point", {"draw-to": 0, "bidder-takes-stock": False, "misdeal-no-face": False,
                   "trump-by": "lead", "bidder-leads-trump": False}, {"lead-trump"}),
    ("ten-point", {}, {"discard", "discard-done", "second-discard", "pass-card"}),
    ("ten-point", {"hand-size": 4, "draw-to": 4}, {"misdeal", "discard"}),
    ("ten-point", {"bidder-takes-stock": False, "draw-to": 5}, {"discard"}),
    ("euchre", {"super-euchre-points": 4}, {"order-up", "name-trump", "pass-again", "alone",
                                            "partner", "discard", "discard-done"}),
    ("euchre-stick", {"keep-upcard": True}, {"order-up", "name-trump", "alone", "discard"}),
    ("euchre-uk", {}, {"benny", "order-up", "name-trump", "alone"}),
]


def kind(row: npt.NDArray[np.int64], action: int) -> str:
    """Which branch of the state machine a decision takes."""
    if row[vr.UP] >= 0 and row[vr.PHASE] == vr.PH_AUCTION:
        return making_kind(row, action)
    if action in (enc.CHOOSE_RUN, enc.CHOOSE_SELL, enc.CHOOSE_MISDEAL):
        return {enc.CHOOSE_RUN: "run", enc.CHOOSE_SELL: "sell", enc.CHOOSE_MISDEAL: "misdeal"}[action]
    if enc.DISCARD_BASE <= action <= enc.DISCARD_DONE:
        if row[vr.SECOND]:
            return "second-discard"
        return "discard" if action < enc.DISCARD_DONE else "discard-done"
    if enc.TRUMP_BASE <= action < enc.PLAY_BASE:
        return "lead-trump" if row[vr.LED] >= 0 else "declare"
    if action >= enc.PASS_BASE:
        return "pass-card"
    return "bid" if action < enc.TRUMP_BASE else "play"


def making_kind(row: npt.NDArray[np.int64], action: int) -> str:
    """Which step of Euchre's making of trump a decision takes."""
    if action in (vr.ID_ALONE, vr.ID_PARTNER):
        return "alone" if action == vr.ID_ALONE else "partner"
    rnd = int(row[vr.ROUND])
    if action == enc.BID_PASS:
        return "pass" if rnd == 1 else "pass-again"
    return ("benny", "order-up", "name-trump")[rnd]


class Engine:
    """One engine hand per row of a vector environment, fed the same decisions."""

    def __init__(self, env: VectorEnv) -> None:
        self.env = env
        self.hands = [self.deal(i) for i in range(env.n)]
        self.pending: list[tuple[Card, ...]] = [()] * env.n

    def deal(self, row: int) -> Hand:
        deck, dealer = self.env.deal(row)
        return Hand.deal_from(self.env.rules, deck, dealer=dealer)

    def check_row(self, row: int, obs: npt.NDArray[Any], mask: npt.NDArray[Any], to_play: int) -> None:
        hand = self.hands[row]
        seat = hand.to_act
        assert seat is not None and to_play == seat, f"row {row}"
        view = make_view(hand, seat)
        pending = self.pending[row]
        assert enc.legal_ids(view, pending) == np.flatnonzero(mask).tolist(), f"row {row}: mask"
        expected = self.env.layout.encode(view, pending)
        differ = np.flatnonzero(expected != obs)
        names = {self.env.layout.offsets[n][0]: n for n, _ in self.env.layout.sections}
        assert not differ.size, f"row {row}: entries {differ[:5]} differ (sections at {names})"

    def apply(self, row: int, action: int) -> bool:
        """Apply one decision; True when it ended the hand."""
        hand = self.hands[row]
        assert hand.to_act is not None
        self.pending[row], whole = resolve(self.env.rules, hand.phase, hand.to_act, self.pending[row],
                                           action)
        if whole is not None:
            hand.apply(whole)
        return hand.done


def play_side_by_side(env: VectorEnv, steps: int, *, observe: bool = True,
                      kinds: set[str] | None = None) -> int:
    """Random play in both; returns how many hands finished (and adds the decisions' kinds to
    ``kinds``)."""
    obs, mask, to_play = env.reset()
    engine = Engine(env)
    finished = 0
    for _ in range(steps):
        for i in range(env.n):
            if observe:
                engine.check_row(i, obs[i], mask[i], int(to_play[i]))
        actions = env.random_actions().copy()
        if kinds is not None:
            kinds.update(kind(env.state[i], int(actions[i])) for i in range(env.n))
        obs, mask, rewards, done, to_play = env.step(actions)
        for i in range(env.n):
            over = engine.apply(i, int(actions[i]))
            assert bool(done[i]) == over, f"row {i}: done"
            if over:
                result = engine.hands[i].result
                assert result is not None
                assert rewards[i].tolist() == [float(d) for d in result.delta], f"row {i}: scores"
                engine.hands[i] = engine.deal(i)
                finished += 1
            else:
                assert not rewards[i].any()
    return finished


def test_the_kernel_uses_the_encodings_table() -> None:
    assert vr.N_ACTIONS == enc.N_ACTIONS
    assert (vr.ID_RUN, vr.ID_SELL, vr.ID_MISDEAL, vr.ID_TRUMP, vr.ID_PLAY, vr.ID_DISCARD_CARD,
            vr.ID_DISCARD_DONE, vr.ID_PASS_CARD) == (
        enc.CHOOSE_RUN, enc.CHOOSE_SELL, enc.CHOOSE_MISDEAL, enc.TRUMP_BASE, enc.PLAY_BASE,
        enc.DISCARD_BASE, enc.DISCARD_DONE, enc.PASS_BASE)
    assert [enc.decisions(Choose(0, c))[0] for c in (Choice.ALONE, Choice.PARTNER)] == [
        vr.ID_ALONE, vr.ID_PARTNER]
    euchre = enc.Layout.of(make_rules("euchre")).sections
    assert tuple(name for name, _ in euchre) == (*vr.SECTIONS, "upcard", "out")
    assert tuple(name for name, _ in enc.Layout.of(make_rules("pct")).sections) == vr.SECTIONS
    assert vr.BID_SLOTS == enc.MAX_BID + 2
    phases = [p.value for p in enc.PHASES]
    assert [phases[i] for i in (vr.PH_AUCTION, vr.PH_TRUMP, vr.PH_DISCARD, vr.PH_EXCHANGE, vr.PH_PLAY,
                                vr.PH_DONE)] == ["auction", "trump", "discard", "exchange", "play", "done"]


@pytest.mark.parametrize("variant", SUPPORTED)
def test_masks_observations_and_scores_equal_the_engines(variant: str) -> None:
    """Every preset it plays, Euchre's (the making rounds, must-follow, a seat sitting out and
    trick scoring) among them."""
    env = VectorEnv(variant, 6, seed=11)
    assert play_side_by_side(env, 160) >= 6


@pytest.mark.parametrize("config", range(len(CONFIGS)),
                         ids=[f"{p}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for p, o, _ in CONFIGS])
def test_rule_options_play_as_in_the_engine(config: int) -> None:
    variant, options, branches = CONFIGS[config]
    env = VectorEnv(variant, 24, seed=config, options=options)
    kinds: set[str] = set()
    assert play_side_by_side(env, 150, kinds=kinds) >= 24
    assert branches <= kinds


@settings(max_examples=4, deadline=None)
@given(variant=st.sampled_from(SUPPORTED), seed=st.integers(-(2 ** 70), 2 ** 70),
       players=st.integers(2, 9))
def test_any_seed_and_player_count_plays_as_in_the_engine(variant: str, seed: int, players: int) -> None:
    rules = make_rules(variant)
    if not rules.min_players <= players <= rules.max_players or (rules.teams and players % rules.teams):
        players = rules.players
    env = VectorEnv(variant, 3, seed=seed, players=players)
    play_side_by_side(env, 60)


def test_scores_without_observations_equal_the_engines() -> None:
    env = VectorEnv("smudge", 8, seed=4, observations=False)
    assert play_side_by_side(env, 150, observe=False) >= 8
    assert not env.obs.any()


@pytest.mark.parametrize("variant", SUPPORTED)
def test_no_hidden_card_enters_an_observation(variant: str) -> None:
    env = VectorEnv(variant, 16, seed=3)
    obs, _, to_play = env.reset()
    layout = env.layout
    d = layout.deck
    card_parts = ("hand", "discards", "passed", "received", "pending", "played", "trick", "captured")
    for _ in range(120):
        for i in range(env.n):
            row = env.state[i]
            me = int(to_play[i])
            hidden = 0
            for s in range(env.players):
                if s != me:
                    hidden |= int(row[vr.HANDS + s])
            hidden &= ~int(row[vr.PASSED + me])
            seen = 0
            for name in card_parts:
                part = layout.part(obs[i], name).reshape(-1, d)
                for c in np.flatnonzero(part.any(axis=0)):
                    seen |= 1 << int(c)
            assert not seen & hidden, f"row {i}"
        obs, _, _, _, to_play = env.step(env.random_actions())


def test_the_same_seed_gives_the_same_play() -> None:
    def run(seed: int) -> list[npt.NDArray[Any]]:
        env = VectorEnv("auction-partners", 32, seed=seed)
        out: list[npt.NDArray[Any]] = [a.copy() for a in env.reset()]
        for _ in range(50):
            out.extend(a.copy() for a in env.step(env.random_actions()))
        return out

    a, b, c = run(5), run(5), run(6)
    assert all((x == y).all() for x, y in zip(a, b, strict=True))
    assert not all((x == y).all() for x, y in zip(a, c, strict=True))


def test_reset_with_a_seed_starts_that_seeds_deals() -> None:
    env = VectorEnv("pct", 4, seed=1)
    first = env.reset()[0].copy()
    env.step(env.random_actions())
    assert (env.reset(seed=1)[0] == first).all()
    assert not (env.reset(seed=2)[0] == first).all()


def test_an_illegal_action_changes_no_environment() -> None:
    env = VectorEnv("pct", 5, seed=2)
    env.reset()
    actions = env.random_actions().copy()
    before = env.state.copy(), env.obs.copy(), env.mask.copy()
    illegal = int(np.flatnonzero(env.mask[3] == 0)[0])
    actions[3] = illegal
    with pytest.raises(IllegalActionError, match=f"environment 3: .* is not legal for seat {env.to_play[3]}"):
        env.step(actions)
    actions[3] = enc.N_ACTIONS
    with pytest.raises(IllegalActionError, match="not an action id"):
        env.step(actions)
    with pytest.raises(IllegalActionError, match="5 integer ids"):
        env.step(actions[:4])
    with pytest.raises(IllegalActionError, match="integer ids"):
        env.step(actions.astype(float))
    assert (before[0] == env.state).all() and (before[1] == env.obs).all()
    assert (before[2] == env.mask).all()


def test_step_before_reset_is_refused() -> None:
    env = VectorEnv("pct", 2, seed=0)
    with pytest.raises(IllegalActionError, match="reset"):
        env.step([0, 0])


def test_rules_it_cannot_play_are_refused_with_the_reason() -> None:
    with pytest.raises(RulesError, match="does not support smudge: scoring-order going out"):
        VectorEnv("smudge", 4, seed=1, options={"target": 3})
    with pytest.raises(RulesError, match="does not support pct: bids above 17"):
        VectorEnv("pct", 4, seed=1, options={"max-bid": 18})
    with pytest.raises(RulesError, match="does not support euchre: partners-best is played by the "
                                         "engine only"):
        VectorEnv("euchre", 4, seed=1, options={"partners-best": True})
    with pytest.raises(RulesError, match="number of environments"):
        VectorEnv("pct", 0, seed=1)
    with pytest.raises(RulesError, match="number of environments"):
        VectorEnv("pct", True, seed=1)


def test_random_actions_are_legal_and_cover_the_choices() -> None:
    env = VectorEnv("pct", 2000, seed=9)
    _, mask, _ = env.reset()
    seen: set[int] = set()
    for _ in range(30):
        a = env.random_actions()
        assert mask[np.arange(env.n), a].all()
        seen.update(a.tolist())
        _, mask, _, _, _ = env.step(a)
    assert {0, enc.CHOOSE_RUN, enc.CHOOSE_SELL} <= seen


def test_the_plain_python_kernel_plays_the_same_hands() -> None:
    code = ("from pitchkit.envs.vector import VectorEnv; e = VectorEnv('ten-point', 3, seed=4); "
            "e.reset(); out = [] \n"
            "for _ in range(80): o, m, r, d, t = e.step(e.random_actions()); "
            "out.append((float(o.sum()), int(m.sum()), r.tolist(), t.tolist()))\n"
            "print(out)")
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    plain = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                           check=True).stdout
    compiled = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=True).stdout
    assert plain == compiled and plain.count("[") > 80
