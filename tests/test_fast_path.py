"""Differential tests: the compiled fast path against the reference engine.

The fast path plays random hands and records the shuffled deck and every decision; the engine
replays the same deal (``Hand.deal_from`` with the deck in that order) and the same actions, and
both must agree on every legal set, every trick winner, the awards, the contract, the deltas and
how the hand ended (played, or thrown in). Statistical checks then compare what random play
produces on each side: a discard is a uniform pick from the engine's list of legal discards, and
whole hands of random play give the same rates on both.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import random
import subprocess
import sys
from collections import Counter
from enum import StrEnum
from itertools import combinations
from typing import TypeVar

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from pitchkit import Bid, Choice, Choose, DeclareTrump, Hand, Phase, Rules, make_rules  # noqa: E402
from pitchkit.bench.selfplay import uniform_discard  # noqa: E402
from pitchkit.bench.simulate import fast_chunk, simulate  # noqa: E402
from pitchkit.engine.actions import Discard  # noqa: E402
from pitchkit.engine.cards import CARDS, cards_of, mask_of  # noqa: E402
from pitchkit.engine.errors import RulesError  # noqa: E402
from pitchkit.engine.presets import presets  # noqa: E402
from pitchkit.engine.record import hand_record, score_hand  # noqa: E402
from pitchkit.engine.rules import POINT_VALUES, ScoreBy, TrumpBy  # noqa: E402
from pitchkit.fast import PLAYED_RULES, Batch, play_random, supports, unsupported_reason  # noqa: E402
from pitchkit.fast.bits import rng_index  # noqa: E402
from pitchkit.fast.codes import (  # noqa: E402
    CAT_CODE,
    CATEGORIES,
    KIND_ALONE,
    KIND_BID,
    KIND_DECLARE,
    KIND_DISCARD,
    KIND_MISDEAL,
    KIND_PASS,
    KIND_RUN,
    KIND_SELL,
    MISDEAL_BURIED,
    MISDEAL_CALLED,
    OPT_ALONE,
    OPT_MAKE,
    OPT_MISDEAL,
    OPT_PARTNER,
    OPT_RUN,
    OPT_SELL,
    PASSED_OUT,
    PLAYED,
)
from pitchkit.fast.drawing import random_discard  # noqa: E402
from pitchkit.fast.trace import deal, decisions, engine_actions, replay  # noqa: E402

HANDS = 300
T = TypeVar("T")

#: (preset, options): every preset, plus options that reach the other branches (steals and
#: selling after running it, smudge bids, declared and led trump, player counts, hand size,
#: draws to other sizes, misdeal calls elsewhere).
CONFIGS: list[tuple[str, dict[str, object]]] = [
    ("pct", {}),
    ("pct", {"players": 2}),
    ("pct", {"players": 6}),
    ("pct", {"dealer-steal": "same"}),
    ("pct", {"hand-size": 9, "players": 5, "run-extra-cards": 2}),
    ("pct", {"misdeal-no-face": True, "hand-size": 3}),
    ("pct-tournament", {}),
    ("pct-tournament", {"players": 3}),
    ("smudge", {}),
    ("smudge", {"players": 7}),
    ("auction", {}),
    ("auction", {"single-trump-low": False, "players": 3}),
    ("auction-partners", {}),
    ("auction-partners", {"partner-pass": 1}),
    ("pct", {"players": 6, "teams": 3, "partner-pass": 2}),
    ("seven-point", {}),
    ("seven-point", {"players": 3}),
    ("seven-point", {"players": 9}),
    ("seven-point", {"hand-size": 9, "players": 6}),
    ("seven-point", {"trump-by": "declare", "draw-to": 4, "misdeal-no-face": True}),
    ("ten-point", {}),
    ("ten-point", {"bidder-takes-stock": False, "bury-misdeal-dealer": "same"}),
    ("ten-point", {"draw-to": 3}),
    ("ten-point", {"draw-to": 9, "partner-pass": 0, "stuck-dealer-bid": "at-least"}),
    ("ten-point", {"draw-to": 0, "bidder-takes-stock": False, "misdeal-no-face": False}),
    ("ten-point", {"draw-to": 0, "bidder-takes-stock": False, "misdeal-no-face": False,
                   "trump-by": "lead", "bidder-leads-trump": False, "equal-jokers": True}),
    ("euchre", {}),
    ("euchre", {"keep-upcard": True, "super-euchre-points": 4}),
    ("euchre", {"going-alone": False, "march-points": 3}),
    ("euchre-stick", {}),
    ("euchre-uk", {}),
]


def legal_bits(hand: Hand, passing: int = 0) -> tuple[int, tuple[int, int]]:
    """The engine's legal actions in the fast path's encoding: option bits (in the partner
    exchange, the cards the seat may still add to the ``passing`` ones; in a discard, the cards it
    may discard), and for a discard the fewest and most cards."""
    seat = hand.to_act
    assert seat is not None
    if hand.phase == Phase.PLAY:
        return hand.legal_play_mask(seat), (0, 0)
    if hand.phase == Phase.EXCHANGE:
        return hand.hands[seat] & ~passing, (0, 0)
    if hand.phase == Phase.DISCARD:
        cards, lo, hi = hand.discard_options(seat)
        return mask_of(cards), (lo, hi)
    bits = 0
    making = hand.rules.trump_by == TrumpBy.UPCARD
    for a in hand.legal_actions():
        match a:
            case Bid(_, None):
                bits |= 1
            case Bid(_, int(v)):
                bits |= 1 << (1 + v)
            case Choose(_, Choice.RUN):
                bits |= 1 << OPT_RUN
            case Choose(_, Choice.SELL):
                bits |= 1 << OPT_SELL
            case Choose(_, Choice.MISDEAL):
                bits |= 1 << OPT_MISDEAL
            case Choose(_, Choice.ALONE):
                bits |= 1 << OPT_ALONE
            case Choose(_, Choice.PARTNER):
                bits |= 1 << OPT_PARTNER
            case DeclareTrump(_, suit):
                bits |= 1 << (OPT_MAKE + int(suit) if making else int(suit))
    return bits, (0, 0)


def known(value: int) -> int | None:
    """A batch's value as the engine's result has it: -1 (not known) is ``None``."""
    return None if value < 0 else int(value)


def misdeal_called(hand: Hand) -> bool:
    """Whether the hand ended with a misdeal called in the auction."""
    last = hand.log[-1] if hand.log else None
    return isinstance(last, Choose) and last.option == Choice.MISDEAL


def check_replay(batch: Batch, h: int) -> None:
    """Replay hand ``h`` of ``batch`` in the engine, checking each step and the outcome."""
    tr = batch.trace
    assert tr is not None
    hand = deal(batch, h)
    tricks = 0
    for action, group in engine_actions(batch, h):
        passing = 0
        for d in group:
            where = f"hand {h}: {action}"
            assert hand.to_act == d.seat, where
            assert legal_bits(hand, passing) == (d.legal, d.bounds), where
            if d.kind == KIND_PASS:
                passing |= 1 << d.value
        hand.apply(action)
        if len(hand.tricks) > tricks:
            assert hand.tricks[-1][1] == tr.winners[h, tricks], f"hand {h}: trick {tricks} winner"
            tricks += 1
    assert hand.done and hand.result is not None, f"hand {h} did not finish"
    res = hand.result
    ended = int(batch.misdeal[h])
    assert res.misdeal == (ended != PLAYED), f"hand {h}: misdeal"
    assert misdeal_called(hand) == (ended == MISDEAL_CALLED), f"hand {h}: misdeal called"
    assert res.deal_passes == bool(batch.deal_passes[h]), f"hand {h}: next dealer"
    assert (res.pitcher, res.bid) == (known(batch.pitcher[h]), known(batch.bid[h]))
    assert res.trump == known(batch.trump[h])
    assert bool(res.made) == bool(batch.made[h])
    assert bool(hand.auction.ran) == bool(batch.ran[h])
    expected = [-1] * len(CAT_CODE)
    for award in res.awards if hand.rules.score_by == ScoreBy.POINTS else ():  # by tricks: none
        expected[CAT_CODE[award.point]] = award.seat
    assert batch.award[h].tolist() == expected, f"hand {h}: awards"
    assert tuple(batch.delta[h].tolist()) == res.delta, f"hand {h}: deltas"


@pytest.mark.parametrize("config", range(len(CONFIGS)),
                         ids=[f"{p}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for p, o in CONFIGS])
def test_fast_path_agrees_with_engine(config: int) -> None:
    preset, options = CONFIGS[config]
    rules = make_rules(preset, options)
    assert supports(rules)
    batch = play_random(rules, HANDS, seed=1000 + config, trace=True)
    for h in range(HANDS):
        check_replay(batch, h)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(-(2**63), 2**64), draw_to=st.integers(0, 9), takes_stock=st.booleans(),
       misdeal=st.booleans(), partner_pass=st.integers(0, 2), smudge=st.booleans(),
       stuck=st.sampled_from(["exact", "at-least"]), leads_trump=st.booleans(),
       equal_jokers=st.booleans(), bury=st.sampled_from(["same", "next"]))
def test_ten_point_with_any_options_agrees_with_engine(
        seed: int, draw_to: int, takes_stock: bool, misdeal: bool, partner_pass: int, smudge: bool,
        stuck: str, leads_trump: bool, equal_jokers: bool, bury: str) -> None:
    """Ten-point with its draw, stock, misdeal, exchange and bidding rules changed at will."""
    try:
        rules = make_rules("ten-point", {
            "draw-to": draw_to, "bidder-takes-stock": takes_stock and draw_to > 0,
            "misdeal-no-face": misdeal, "partner-pass": partner_pass, "smudge-bids": smudge,
            "stuck-dealer-bid": stuck, "bidder-leads-trump": leads_trump, "equal-jokers": equal_jokers,
            "bury-misdeal-dealer": bury})
    except RulesError:
        assume(False)
        raise
    batch = play_random(rules, 20, seed=seed, trace=True)
    for h in range(20):
        check_replay(batch, h)


def test_a_traced_hand_is_a_hand_record_pitch_score_accepts() -> None:
    """A fast-path hand replayed (``fast.trace.replay``) and written as a hand record scores the
    same through the public record format."""
    batch = play_random(make_rules("ten-point"), 30, seed=21, trace=True)
    for h in range(30):
        doc = hand_record(replay(batch, h))
        result = score_hand(json.loads(json.dumps(doc)))
        assert result["complete"] is True
        assert result["delta"] == batch.delta[h].tolist()


def test_branches_are_reached() -> None:
    """The configurations above do exercise running it, selling, stealing, smudge bids, the
    partner exchange, misdeal calls, discards of every kind (none, a first and a second discard
    by the bidder) and point cards that would be buried."""
    kinds: set[int] = set()
    bids: set[int] = set()
    ended: set[int] = set()
    empty_discard = second_discard = False
    chosen: list[tuple[str, dict[str, object]]] = [
        CONFIGS[3], ("ten-point", {}), ("ten-point", {"draw-to": 3}),
        ("ten-point", {"draw-to": 9, "partner-pass": 0}), ("pct", {"misdeal-no-face": True, "hand-size": 3})]
    for preset, opts in chosen:
        rules = make_rules(preset, opts)
        b = play_random(rules, HANDS, seed=7, trace=True)
        ended |= set(b.misdeal.tolist())
        for h in range(HANDS):
            discarders = []
            for d in decisions(b, h):
                kinds.add(d.kind)
                if d.kind == KIND_BID and d.seat == b.dealer[h]:
                    bids.add(d.value)
                if d.kind == KIND_DISCARD:
                    discarders.append(d.seat)
                    empty_discard |= d.value == 0
            second_discard |= len(discarders) > len(set(discarders))
    assert {KIND_RUN, KIND_SELL, KIND_DECLARE, KIND_PASS, KIND_MISDEAL, KIND_DISCARD} <= kinds
    assert make_rules("ten-point").smudge in bids
    assert ended == {PLAYED, MISDEAL_CALLED, MISDEAL_BURIED}
    assert empty_discard and second_discard


def test_euchre_branches_are_reached() -> None:
    """Euchre on the fast path: going alone and not, the dealer's pick-up and discard, a Benny turned
    up and its suit named, and hands everyone passed twice, thrown in, each replayed in the engine."""
    kinds: set[int | tuple[int, int]] = set()
    benny_named = False
    for preset in ("euchre", "euchre-uk"):
        b = play_random(make_rules(preset), HANDS, seed=8, trace=True)
        for h in range(HANDS):
            for d in decisions(b, h):
                kinds.add((d.kind, d.value) if d.kind == KIND_ALONE else d.kind)
                benny_named |= d.kind == KIND_DECLARE and d.legal == 15 << OPT_MAKE
    assert {(KIND_ALONE, 0), (KIND_ALONE, 1), KIND_DISCARD, KIND_DECLARE, KIND_BID} <= kinds
    assert benny_named
    many = play_random(make_rules("euchre"), 20_000, seed=9, trace=True)
    thrown = np.flatnonzero(many.misdeal == PASSED_OUT)
    assert len(thrown) and many.deal_passes[thrown].all()
    for h in thrown[:3].tolist():
        check_replay(many, h)


def test_a_discard_is_the_engines_legal_discard_at_a_uniform_index() -> None:
    """At every discard of some random ten-point hands, the fast path's choice is
    ``hand.legal_actions()[r]`` where ``r`` is the generator's uniform draw below the length of
    that list, and the draw is the only one it makes: a uniform pick among the engine's actions."""
    rules = make_rules("ten-point")
    batch = play_random(rules, 40, seed=11, trace=True)
    seen = longest = 0
    for h in range(40):
        hand = deal(batch, h)
        for action, _ in engine_actions(batch, h):
            if hand.phase == Phase.DISCARD:
                seat = hand.to_act
                assert seat is not None
                legal = hand.legal_actions()
                cards, lo, hi = hand.discard_options(seat)
                state = np.array([h * 1000 + seen], dtype=np.int64)
                expected_state = state.copy()
                r = rng_index(expected_state, len(legal))
                got = random_discard(state, mask_of(cards), lo, hi)
                assert Discard(seat, tuple(cards_of(got))) == legal[r]
                assert state[0] == expected_state[0]
                seen += 1
                longest = max(longest, len(legal))
            hand.apply(action)
    assert seen > 100 and longest > 1024  # lists too long for one 53-bit multiply, too


def chi_square_bound(df: int, z: float = 4.75) -> float:
    """The chi-square value a uniform sample exceeds with probability about one in a million
    (Wilson-Hilferty approximation of the quantile)."""
    a = 2 / (9 * df)
    return df * (1 - a + z * math.sqrt(a)) ** 3


def assert_uniform(counts: Counter[T], legal: set[T]) -> None:
    """Every legal outcome was drawn, and none other, each about equally often (chi-square)."""
    assert set(counts) == legal
    expected = counts.total() / len(legal)
    chi2 = sum((counts[m] - expected) ** 2 / expected for m in legal)
    assert chi2 < chi_square_bound(len(legal) - 1)


def test_random_discards_are_uniform_over_the_legal_sets() -> None:
    """Sets of two to four of six cards: each of the 50 legal discards equally often."""
    allowed = mask_of([3, 9, 17, 30, 41, 52])
    legal = {mask_of(c) for k in range(2, 5) for c in combinations([3, 9, 17, 30, 41, 52], k)}
    state = np.array([2024], dtype=np.int64)
    draws = 50 * 400
    counts = Counter(random_discard(state, allowed, 2, 4) for _ in range(draws))
    assert_uniform(counts, legal)


def test_the_engine_paths_random_discards_are_uniform_too() -> None:
    """``pitch simulate --engine`` draws discards with the fast path's distribution."""
    cards = [CARDS[c] for c in (3, 9, 17, 30, 41, 52)]
    rng = random.Random(7)
    draws = 50 * 400
    counts = Counter(uniform_discard(0, cards, 2, 4, rng).cards for _ in range(draws))
    legal = {c for k in range(2, 5) for c in combinations(cards, k)}
    assert_uniform(counts, legal)


def test_simulate_gives_the_same_ten_point_figures_on_either_path() -> None:
    rules = make_rules("ten-point")
    path, fast = simulate(rules, 40_000, seed=6)
    assert path == "fast"
    _, eng = simulate(rules, 1_000, seed=6, engine=True)
    for name in ("made", "misdeals"):
        f, e = getattr(fast, name) / fast.hands, getattr(eng, name) / eng.hands
        se = math.sqrt(f * (1 - f) / fast.hands + e * (1 - e) / eng.hands)
        assert abs(f - e) <= 4.5 * se, f"{name}: fast {f:.4f}, engine {e:.4f}"


def engine_random_hands(rules: Rules, n: int, seed: int) -> dict[str, list[float]]:
    """``n`` hands through the engine, every seat picking uniformly among ``legal_actions()``
    (discards included), as per-hand values of the statistics :func:`fast_stats` gives."""
    rng = random.Random(seed)
    out: dict[str, list[float]] = {k: [] for k in STATS}
    for _ in range(n):
        hand = Hand.deal(rules, rng, dealer=rng.randrange(rules.players))
        while not hand.done:
            legal = hand.legal_actions()
            hand.apply(legal[rng.randrange(len(legal))])
        res = hand.result
        assert res is not None
        called = misdeal_called(hand)
        out["misdeal called"].append(float(called))
        out["thrown in"].append(float(res.misdeal and not called))
        if not res.misdeal:
            assert res.pitcher is not None and res.bid is not None
            out["bid"].append(res.bid)
            out["smudge bid"].append(float(rules.is_special_bid(res.bid)))
            out["made"].append(float(bool(res.made)))
            out["pitcher delta"].append(res.delta[res.pitcher])
    return out


STATS = ("misdeal called", "thrown in", "bid", "smudge bid", "made", "pitcher delta")


def fast_stats(batch: Batch) -> dict[str, object]:
    played = batch.misdeal == PLAYED
    bid = batch.bid[played]
    return {
        "misdeal called": batch.misdeal == MISDEAL_CALLED,
        "thrown in": (batch.misdeal == MISDEAL_BURIED) | (batch.misdeal == PASSED_OUT),
        "bid": bid,
        "smudge bid": bid > batch.rules.max_bid,
        "made": batch.made[played],
        "pitcher delta": batch.delta[np.arange(len(batch)), batch.pitcher][played],
    }


@pytest.mark.parametrize("preset,engine_hands", [("ten-point", 1000), ("pct", 1000), ("euchre", 1000)])
def test_random_play_gives_the_engines_rates(preset: str, engine_hands: int) -> None:
    """Means of each statistic agree between the fast path and the engine's own random play
    within 4.5 standard errors of their difference (fixed seeds: the check is deterministic)."""
    rules = make_rules(preset)
    engine = engine_random_hands(rules, engine_hands, seed=3)
    fast = fast_stats(play_random(rules, 30_000, seed=3))
    for name in STATS:
        e = np.asarray(engine[name], dtype=float)
        f = np.asarray(fast[name], dtype=float)
        if len(e) == 0 or len(f) == 0:
            assert len(e) == len(f) == 0 or (e.sum() == 0 and f.sum() == 0), name
            continue
        se = math.sqrt(e.var() / len(e) + f.var() / len(f))
        gap = abs(e.mean() - f.mean())
        assert gap <= 4.5 * se if se else gap == 0, f"{name}: engine {e.mean():.4f}, fast {f.mean():.4f}"


def test_simulation_counts_thrown_in_hands_apart() -> None:
    """``pitch simulate`` on the fast path: misdeals are counted as such, not as contracts."""
    rules = make_rules("ten-point")
    stats = fast_chunk(rules, 3000, seed=4)
    batch = play_random(rules, 3000, seed=4)
    played = batch.misdeal == PLAYED
    assert stats.misdeals == int((~played).sum()) > 0
    assert sum(n for n, _ in stats.bids.values()) == int(played.sum())
    assert set(stats.bids) <= set(range(rules.min_bid, rules.top_bid + 1))
    assert stats.made == int(batch.made.sum())


def test_same_seed_same_hands_other_seed_others() -> None:
    for preset in ("pct", "ten-point"):
        rules = make_rules(preset)
        a, b, c = (play_random(rules, 200, seed=s) for s in (5, 5, 6))
        assert (a.delta == b.delta).all() and (a.award == b.award).all()
        assert (a.misdeal == b.misdeal).all()
        assert not (a.delta == c.delta).all()


@pytest.mark.parametrize("preset", ["seven-point", "ten-point", "euchre-uk"])
def test_plain_python_kernel_plays_the_same_hands(preset: str) -> None:
    code = ("from pitchkit import make_rules; from pitchkit.fast import play_random; "
            f"b = play_random(make_rules('{preset}'), 15, seed=3); "
            "print(b.delta.tolist(), b.award.tolist(), b.bid.tolist(), b.misdeal.tolist())")
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    plain = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                           check=True).stdout
    b = play_random(make_rules(preset), 15, seed=3)
    assert plain.strip() == f"{b.delta.tolist()} {b.award.tolist()} {b.bid.tolist()} {b.misdeal.tolist()}"


def test_every_preset_the_fast_path_plays_agrees_with_engine() -> None:
    """``unsupported_reason`` is truthful for every preset: those it accepts replay in the engine,
    the others are refused with the reason."""
    for name in presets():
        rules = make_rules(name)
        reason = unsupported_reason(rules)
        if reason is not None:
            with pytest.raises(RulesError, match="does not support"):
                play_random(rules, 1, seed=1)
            continue
        batch = play_random(rules, 40, seed=len(name), trace=True)
        for h in range(40):
            check_replay(batch, h)


def other_value(value: object) -> list[object]:
    """Values unlike ``value`` of its type, to try as a rule's value."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, StrEnum):
        return [m for m in type(value) if m != value]
    if isinstance(value, int):
        return [value + 1, value - 1]
    return []


def test_a_rule_the_kernel_does_not_play_is_refused() -> None:
    """Every rule is played by the kernel (``PLAYED_RULES``) or refused once changed."""
    names = {f.name for f in dataclasses.fields(Rules)}
    assert names >= PLAYED_RULES
    base = make_rules("pct")
    for f in dataclasses.fields(Rules):
        if f.name in PLAYED_RULES:
            continue
        for value in other_value(f.default):
            try:
                rules = base.with_options({f.name: value})
            except RulesError:
                continue
            assert unsupported_reason(rules) is not None, f.name


def test_the_kernels_category_codes_follow_the_engines_point_order() -> None:
    assert tuple(POINT_VALUES) == CATEGORIES
    assert all(CAT_CODE[name] == i for i, name in enumerate(POINT_VALUES))


def test_unsupported_rules_are_named() -> None:
    assert supports(make_rules("ten-point"))
    scoring_order = make_rules("smudge", {"target": 3})
    assert "scoring-order" in (unsupported_reason(scoring_order) or "")
    with pytest.raises(RulesError, match="scoring-order"):
        play_random(scoring_order, 1, seed=1)
    assert "bids above" in (unsupported_reason(make_rules("pct", {"max-bid": 18})) or "")
    assert unsupported_reason(make_rules("smudge")) is None
