"""Differential tests: the compiled fast path against the reference engine.

The fast path plays random hands and records the shuffled deck and every decision; the engine
replays the same deal (``Hand.deal`` with a generator that leaves the deck in that order) and the
same actions, and both must agree on every legal set, every trick winner, the awards, the
contract and the deltas.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

pytest.importorskip("numba")

from pitchkit import Bid, Choice, Choose, DeclareTrump, Hand, PassCards, Phase, Play, Rules, Suit, make_rules
from pitchkit.actions import Action
from pitchkit.cards import CARDS
from pitchkit.errors import RulesError
from pitchkit.fast import Batch, play_random, supports, unsupported_reason
from pitchkit.fast.kernel import (
    CAT_CODE,
    KIND_BID,
    KIND_DECLARE,
    KIND_PASS,
    KIND_PLAY,
    KIND_RUN,
    KIND_SELL,
    OPT_MISDEAL,
    OPT_RUN,
    OPT_SELL,
)

HANDS = 300

#: (preset, options): every supported preset, plus options that reach the other branches
#: (steals and selling after running it, smudge bids, declared trump, player counts, hand size).
CONFIGS: list[tuple[str, dict[str, object]]] = [
    ("pct", {}),
    ("pct", {"players": 2}),
    ("pct", {"players": 6}),
    ("pct", {"dealer-steal": "same"}),
    ("pct", {"hand-size": 9, "players": 5, "run-extra-cards": 2}),
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
    ("ten-point", {"draw-to": 0, "bidder-takes-stock": False, "misdeal-no-face": False}),
    ("ten-point", {"draw-to": 0, "bidder-takes-stock": False, "misdeal-no-face": False,
                   "trump-by": "lead", "bidder-leads-trump": False, "equal-jokers": True}),
]


def legal_bits(hand: Hand, passing: int = 0) -> int:
    """The engine's legal actions in the fast path's encoding (in the partner exchange: the cards
    the seat may still add to the ``passing`` ones)."""
    bits = 0
    if hand.phase == Phase.PLAY:
        assert hand.to_act is not None
        return hand.legal_play_mask(hand.to_act)
    if hand.phase == Phase.EXCHANGE:
        assert hand.to_act is not None
        return hand.hands[hand.to_act] & ~passing
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
            case DeclareTrump(_, suit):
                bits |= 1 << int(suit)
    return bits


def to_action(seat: int, kind: int, value: int) -> Action:
    if kind == KIND_BID:
        return Bid(seat, None if value < 0 else value)
    if kind == KIND_RUN:
        return Choose(seat, Choice.RUN)
    if kind == KIND_SELL:
        return Choose(seat, Choice.SELL)
    if kind == KIND_DECLARE:
        return DeclareTrump(seat, Suit(value))
    assert kind == KIND_PLAY
    return Play(seat, CARDS[value])


def replay(rules: Rules, batch: Batch, h: int) -> None:
    """Replay hand ``h`` of ``batch`` in the engine, checking each step."""
    tr = batch.trace
    assert tr is not None
    deck = [int(c) for c in tr.deck[h, : rules.deck_size]]
    hand = Hand.deal_from(rules, deck, dealer=int(batch.dealer[h]))
    tricks = 0
    passing: list[int] = []
    for k in range(int(tr.n_actions[h])):
        seat, kind, value, legal = (int(x) for x in tr.actions[h, k])
        where = f"hand {h} step {k}"
        assert hand.to_act == seat, where
        assert legal_bits(hand, sum(1 << c for c in passing)) == legal, where
        if kind == KIND_PASS:
            passing.append(value)
            if len(passing) == rules.partner_pass:
                hand.apply(PassCards(seat, tuple(sorted(CARDS[c] for c in passing))))
                passing = []
            continue
        hand.apply(to_action(seat, kind, value))
        if len(hand.tricks) > tricks:
            assert hand.tricks[-1][1] == tr.winners[h, tricks], f"{where}: trick {tricks} winner"
            tricks += 1
    assert hand.done and hand.result is not None, f"hand {h} did not finish"
    res = hand.result
    assert not res.misdeal
    assert (res.pitcher, res.bid) == (batch.pitcher[h], batch.bid[h])
    assert res.trump == batch.trump[h]
    assert res.made == bool(batch.made[h])
    assert bool(hand.auction.ran) == bool(batch.ran[h])
    expected = [-1] * len(CAT_CODE)
    for award in res.awards:
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
        replay(rules, batch, h)


def test_branches_are_reached() -> None:
    """The configurations above do exercise running it, selling, stealing, smudge bids and the
    partner exchange (ten-point's)."""
    kinds: set[int] = set()
    bids: set[int] = set()
    ten = next(c for c in CONFIGS if c[0] == "ten-point")
    for preset, opts in [CONFIGS[3], ten]:
        rules = make_rules(preset, opts)
        b = play_random(rules, HANDS, seed=7, trace=True)
        assert b.trace is not None
        for h in range(HANDS):
            for seat, kind, value, _ in b.trace.actions[h, : b.trace.n_actions[h]].tolist():
                kinds.add(kind)
                if kind == KIND_BID and seat == b.dealer[h]:
                    bids.add(value)
    assert {KIND_RUN, KIND_SELL, KIND_DECLARE, KIND_PASS} <= kinds
    assert make_rules(*ten).smudge in bids


def test_same_seed_same_hands_other_seed_others() -> None:
    rules = make_rules("pct")
    a, b, c = (play_random(rules, 200, seed=s) for s in (5, 5, 6))
    assert (a.delta == b.delta).all() and (a.award == b.award).all()
    assert not (a.delta == c.delta).all()


def test_plain_python_kernel_plays_the_same_hands() -> None:
    code = ("from pitchkit import make_rules; from pitchkit.fast import play_random; "
            "b = play_random(make_rules('seven-point'), 15, seed=3); "
            "print(b.delta.tolist(), b.award.tolist(), b.bid.tolist())")
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    plain = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                           check=True).stdout
    b = play_random(make_rules("seven-point"), 15, seed=3)
    assert plain.strip() == f"{b.delta.tolist()} {b.award.tolist()} {b.bid.tolist()}"


def test_unsupported_rules_are_named() -> None:
    ten = make_rules("ten-point")
    assert not supports(ten)
    assert "draw-to" in (unsupported_reason(ten) or "")
    with pytest.raises(RulesError):
        play_random(ten, 1, seed=1)
    scoring_order = make_rules("smudge", {"target": 3})
    assert "scoring-order" in (unsupported_reason(scoring_order) or "")
    assert unsupported_reason(make_rules("smudge")) is None
