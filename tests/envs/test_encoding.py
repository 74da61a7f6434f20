"""The action table and observations shared by every environment: masks equal the engine's legal
actions, each engine action is exactly one decision sequence, and no hidden card reaches an
observation."""

from __future__ import annotations

import importlib
import importlib.util
import random
import sys

import pytest

np = pytest.importorskip("numpy", reason="the research environments need pitchkit[envs] (numpy)")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from pitchkit.engine.actions import Action, Bid, Choice, Choose, DeclareTrump, PassCards, Phase, Play  # noqa: E402
from pitchkit.engine.cards import CARDS, Card, Suit  # noqa: E402
from pitchkit.engine.errors import IllegalActionError  # noqa: E402
from pitchkit.engine.hand import Hand  # noqa: E402
from pitchkit.engine.presets import make_rules  # noqa: E402
from pitchkit.engine.view import View, make_view  # noqa: E402
from pitchkit.envs import encoding as enc  # noqa: E402
from pitchkit.envs.core import Decisions  # noqa: E402
from tests.envs.conftest import PRESETS, random_decisions  # noqa: E402

#: enumerate a discard's or pass's decision sequences only when the engine lists at most this many
ENUMERABLE = 600


def test_every_action_id_has_its_own_name() -> None:
    names = [enc.action_name(a) for a in range(enc.N_ACTIONS)]
    assert len(set(names)) == enc.N_ACTIONS


def test_one_decision_actions_round_trip() -> None:
    actions: list[Action] = [Bid(2, None), *(Bid(2, v) for v in range(1, enc.MAX_BID + 1)),
                             *(Choose(2, c) for c in Choice),
                             *(DeclareTrump(2, s) for s in Suit),
                             *(Play(2, c) for c in CARDS)]
    ids = [enc.decisions(a) for a in actions]
    assert all(len(i) == 1 for i in ids)
    assert len({i[0] for i in ids}) == len(actions)
    assert [enc.single_action(2, i[0]) for i in ids] == actions


def test_a_discard_pick_is_not_a_whole_action() -> None:
    with pytest.raises(IllegalActionError, match="one step of a discard"):
        enc.single_action(0, enc.DISCARD_DONE)
    with pytest.raises(IllegalActionError, match="not an action id"):
        enc.single_action(0, enc.N_ACTIONS)


def sequences(view: View, pending: tuple[Card, ...] = ()) -> set[tuple[int, ...]]:
    """Every complete decision sequence of a discard or pass the masks allow from ``pending``."""
    out: set[tuple[int, ...]] = set()
    for a in enc.legal_ids(view, pending):
        card = enc.pick_card(a)
        if card is None:
            out.add((a,))
            continue
        picked = (*pending, card)
        if view.phase == Phase.EXCHANGE and any(len(a.cards) == len(picked) for a in view.legal
                                                if isinstance(a, PassCards)):
            out.add((a,))
            continue
        out.update((a, *rest) for rest in sequences(view, picked))
    return out


def check_mask(game: Decisions) -> None:
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    hand = game.game.hand
    ids = set(enc.legal_ids(view, game.pending))
    assert set(np.flatnonzero(game.mask(seat))) == ids
    for other in range(game.rules.players):
        if other != seat:
            assert not game.mask(other).any()
    if hand.phase in (Phase.DISCARD, Phase.EXCHANGE):
        if game.pending:
            return
        legal = hand.legal_actions()
        if len(legal) <= ENUMERABLE:
            assert sequences(view) == {enc.decisions(a) for a in legal}
        return
    assert ids == {enc.decisions(a)[0] for a in hand.legal_actions()}


@pytest.mark.parametrize("variant", PRESETS)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_masks_equal_the_engines_legal_actions(variant: str, seed: int) -> None:
    for game in random_decisions(variant, seed):
        check_mask(game)


CARD_PARTS = ("hand", "discards", "passed", "received", "pending")


@pytest.mark.parametrize("variant", PRESETS)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_no_hidden_card_enters_an_observation(variant: str, seed: int) -> None:
    for game in random_decisions(variant, seed):
        hand = game.game.hand
        for seat in range(game.rules.players):
            view = game.view(seat)
            obs = game.observation(seat)
            layout = game.layout
            mine = {"hand": view.hand, "discards": view.discards, "passed": view.passed,
                    "received": view.received, "pending": game.pending_of(seat)}
            for part in CARD_PARTS:
                assert {CARDS[c] for c in np.flatnonzero(layout.part(obs, part))} == set(mine[part])
            shown = {c for plays, _ in view.tricks for _, c in plays} | {c for _, c in view.trick}
            trick = layout.part(obs, "trick")
            for s, c in view.trick:
                assert trick[(s - seat) % game.rules.players, c] == 1.0
            for part in ("played", "trick", "captured"):
                assert {CARDS[c] for c in np.flatnonzero(layout.part(obs, part).any(axis=0))} <= shown
            hidden = {c for s in range(game.rules.players) if s != seat for c in hand.holding(s)}
            hidden -= set(view.received) | set(view.passed)
            seen = set(np.flatnonzero(obs[:layout.offsets["phase"][0]].reshape(-1, layout.deck).any(axis=0)))
            assert not seen & {int(c) for c in hidden}


@pytest.mark.parametrize("variant", PRESETS)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**6), asking=st.randoms(use_true_random=False))
def test_tracked_observations_equal_the_encoding_of_the_view(variant: str, seed: int,
                                                              asking: random.Random) -> None:
    """The tensors kept up to date action by action, asked for by any seats in any order, as copies
    or as the seats' own buffers, and not at every decision (so that several actions are caught up
    at once), are ``Layout.encode`` of each seat's view, with masks of the legal ids; and each copy
    is an array of its own."""
    n = make_rules(variant).players
    for game in random_decisions(variant, seed, max_hands=3):
        for seat in asking.sample(range(n), asking.randint(0, n)):
            expected = game.layout.encode(game.view(seat), game.pending_of(seat))
            if asking.random() < 0.5:
                shown = game.observe(seat)
                assert np.array_equal(shown["observation"], expected)
                legal = set(enc.legal_ids(game.view(seat), game.pending)) if seat == game.to_act else set()
                assert set(np.flatnonzero(shown["action_mask"])) == legal
                continue
            obs = game.observation(seat)
            assert np.array_equal(obs, expected)
            obs[:] = 7.0
            assert np.array_equal(game.observation(seat), expected)


@pytest.mark.parametrize("variant", PRESETS)
def test_an_observation_depends_only_on_the_view(variant: str) -> None:
    """Deal the other seats' cards and the stock anew (but the upcard, turned face up where trump is
    made with it): seat 0's tensor and text stay the same."""
    rules = make_rules(variant)
    rng = random.Random(5)
    hand = Hand.deal(rules, rng, dealer=1)
    shown = list(hand.initial_stock[:1]) if hand.upcard is not None else []
    others = [c for s in range(1, rules.players) for c in hand.initial_hands[s]] + list(hand.initial_stock)
    others = [c for c in others if c not in shown]
    rng.shuffle(others)
    hands = [list(hand.initial_hands[0])]
    for _ in range(1, rules.players):
        hands.append(others[:rules.hand_size])
        others = others[rules.hand_size:]
    twin = Hand(rules, dealer=1, hands=hands, stock=shown + others)
    layout = enc.Layout.of(rules)
    a, b = make_view(hand, 0), make_view(twin, 0)
    assert np.array_equal(layout.encode(a), layout.encode(b))
    assert enc.observation_text(a) == enc.observation_text(b)
    assert hand.holding(1) != twin.holding(1)


@pytest.mark.parametrize("variant", ["pct", "ten-point"])
def test_the_same_seed_gives_the_same_observations(variant: str) -> None:
    def trace(seed: int) -> list[bytes]:
        return [g.observation(g.to_act or 0).tobytes() + g.mask(g.to_act or 0).tobytes()
                for g in random_decisions(variant, seed, max_hands=1)]

    assert trace(3) == trace(3)
    assert trace(3) != trace(4)


def test_an_illegal_decision_changes_nothing() -> None:
    game = Decisions(make_rules("pct"), seed=1)
    seat = game.to_act
    assert seat is not None
    before = game.observation(seat)
    with pytest.raises(IllegalActionError, match=r"play .* is not legal for seat"):
        game.step(enc.PLAY_BASE)
    with pytest.raises(IllegalActionError, match="not an action id"):
        game.step(-1)
    assert np.array_equal(game.observation(seat), before)


def test_a_bid_id_applies_the_engines_own_legal_action() -> None:
    game = Decisions(make_rules("pct"), seed=3)
    legal = game.game.legal_actions()
    assert all(type(a) is Bid for a in legal)
    chosen = max(game.legal_ids())
    game.step(chosen)
    applied = game.game.hand.log[-1]
    assert enc.decisions(applied) == (chosen,)
    assert any(applied is a for a in legal)


def test_ten_point_discard_is_picks_then_done() -> None:
    for game in random_decisions("ten-point", 11, max_hands=3):
        if game.game.hand.phase == Phase.DISCARD and not game.pending:
            seat = game.to_act
            assert seat is not None
            ids = enc.legal_ids(game.view(seat))
            picks = [a for a in ids if a != enc.DISCARD_DONE]
            assert picks
            game.step(picks[-1])
            assert all(a > picks[-1] for a in enc.legal_ids(game.view(seat), game.pending))
            return
    pytest.fail("no discard phase in three ten-point hands")


def test_visible_decisions_hold_the_own_discard_only() -> None:
    for game in random_decisions("ten-point", 2, max_hands=1):
        hand = game.game.hand
        if hand.phase == Phase.PLAY and not hand.tricks and not hand.trick:
            for seat in hand.seats:
                seen = enc.visible_decisions(game.view(seat))
                own = [a for s, a in seen if enc.DISCARD_BASE <= a <= enc.DISCARD_DONE]
                others = [s for s, a in seen if enc.DISCARD_BASE <= a <= enc.DISCARD_DONE and s != seat]
                assert own and not others
            return
    pytest.fail("the hand ended before the first lead")


def test_the_observation_marks_a_run_and_each_seats_latest_bid() -> None:
    """pct, take it or run it: once the dealer runs it, ``ran`` is set and the bids part shows each
    seat's latest bid (its second-round bid, if any)."""
    for seed in range(200):
        for game in random_decisions("pct", seed, max_hands=1):
            hand = game.game.hand
            if not hand.auction.ran or hand.phase != Phase.PLAY:
                continue
            view = game.view(0)
            obs = game.observation(0)
            layout = game.layout
            assert layout.part(obs, "ran")[0] == 1.0
            latest = dict(view.bids)
            rows = layout.part(obs, "bids")
            for s in range(4):
                slot = 0 if s not in latest else 1 + (latest[s] or 0)
                assert rows[s, slot] == 1.0 and rows[s].sum() == 1.0
            assert view.bid is not None and layout.part(obs, "contract")[view.bid - 1] == 1.0
            return
    pytest.fail("no pct hand in 200 seeds where the dealer ran it")


@pytest.mark.parametrize(("module", "framework"), [("pitchkit.envs.openspiel", "pyspiel"),
                                                   ("pitchkit.envs.pettingzoo", "pettingzoo"),
                                                   ("pitchkit.envs.gym", "gymnasium")])
def test_an_environment_without_its_framework_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch, module: str, framework: str) -> None:
    monkeypatch.setitem(sys.modules, framework, None)
    monkeypatch.delitem(sys.modules, module, raising=False)
    monkeypatch.delitem(sys.modules, "pitchkit.envs.spaces", raising=False)
    # the environment's own framework, or one it needs first that is missing too (PettingZoo's
    # environment builds its spaces with Gymnasium)
    missing = {framework} | {f for f in ("gymnasium",) if importlib.util.find_spec(f) is None}
    expected = rf"^({'|'.join(sorted(missing))}) is not installed: .*pip install 'pitchkit\[envs\]'$"
    with pytest.raises(ModuleNotFoundError, match=expected):
        importlib.import_module(module)


def test_a_bid_id_is_named_as_the_rules_name_the_bid() -> None:
    """The action table is the same for every preset (id 11 is a bid of 11); under Ten-Point's
    rules that bid is the smudge, and the names a player reads say so."""
    ten = make_rules("ten-point")
    assert enc.action_name(11) == "bid 11"
    assert enc.action_name(11, ten) == "bid smudge" and enc.action_name(12, ten) == "bid over-smudge"
    assert enc.refusal(ten, 0, 11, [0, 12]) == ("bid smudge (action 11) is not legal for seat 0 now; "
                                                "legal: pass, bid over-smudge")
