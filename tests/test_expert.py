"""The ``expert`` bot: registered, legal and deterministic by seed on every Pitch preset; its bids
come from the sampled chance shrunk towards the heuristic's, weighed by what holding the contract
is worth against passing and by the score situation (going out, an opponent near the target,
ten-point's last ten points): it pitches a hand worth more than defending, overcalls an opponent
when the higher contract pays, and leaves the contract to its partner."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit import make_rules
from pitchkit.bots import bot_names, make_bot
from pitchkit.bots.bidding import needs_sweep
from pitchkit.engine.actions import Action, Bid, Choice, Choose, Phase
from pitchkit.engine.hand import Hand
from pitchkit.engine.view import View, make_view
from pitchkit.search import contract, expert, tenpoint
from pitchkit.search.budget import TINY
from pitchkit.search.expert import BidChance, ExpertBot, bid_chances, choose_bid, pass_worth, threshold, worth
from tests.test_bots import HAND_NODES, HAND_SAMPLES, PITCH, deal_with, play_simulated_hand


def _bot(seed: int) -> ExpertBot:
    return ExpertBot(random.Random(seed), TINY, samples=4)


def _hand(preset: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> list[Action]:
    return play_simulated_hand(preset, seed, lambda s: ExpertBot(random.Random(seed * 10 + s), TINY,
                                                                samples=HAND_SAMPLES, nodes=HAND_NODES),
                               monkeypatch)


def test_expert_is_registered() -> None:
    assert "expert" in bot_names()


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["pct", "auction-partners", "ten-point"])
def test_expert_plays_a_legal_hand_the_same_way_for_a_seed(preset: str,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    assert _hand(preset, 1, monkeypatch) == _hand(preset, 1, monkeypatch)


@pytest.mark.slow
@pytest.mark.parametrize("preset", [p for p in PITCH if p not in ("pct", "auction-partners", "ten-point")])
def test_expert_plays_legal_hands_on_the_other_presets(preset: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    assert _hand(preset, 2, monkeypatch)


def _auction_view(preset: str, scores: list[int], fixed: dict[int, list[str]] | None = None,
                  bids: tuple[int | None, ...] = ()) -> View:
    rules = make_rules(preset)
    hand = deal_with(rules, random.Random(4), dealer=3, fixed=fixed or {}, scores=scores)
    for b in bids:
        seat = hand.to_act
        assert seat is not None
        hand.apply(Bid(seat, b))
    assert hand.phase == Phase.AUCTION and hand.to_act is not None
    return make_view(hand, hand.to_act)


def _chances(view: View, chance: float | dict[int, float], sampled: float | None = None, *,
             won: float = 0.0, others: float = 0.0) -> list[BidChance]:
    """Every legal bid with ``chance`` (one for all, or per bid), making it worth ``won`` points
    (at least the bid), the other sides taking ``others`` each."""
    out = []
    for b in view.legal:
        if isinstance(b, Bid) and b.amount is not None:
            c = chance if isinstance(chance, float) else chance.get(b.amount, 0.0)
            out.append(BidChance(b.amount, c if sampled is None else sampled, c, c,
                                 max(won, float(b.amount)), others))
    return out


@pytest.mark.slow
def test_a_sure_hand_bids_high() -> None:
    # high, low and jack are sure; the game point nearly so: 3 or the top bid
    view = _auction_view("pct", [0, 0, 0, 0], {0: ["AS", "KS", "QS", "JS", "TS", "2S"]})
    action = ExpertBot(random.Random(1), samples=6).choose(view)
    assert isinstance(action, Bid) and action.amount is not None and action.amount >= 3


def test_a_hand_without_trump_strength_passes() -> None:
    view = _auction_view("pct", [0, 0, 0, 0], {0: ["3S", "5H", "7D", "9C", "4H", "6D"]})
    assert ExpertBot(random.Random(1)).choose(view) == Bid(0, None)


def test_an_opponent_near_the_target_makes_a_marginal_bid_worth_it() -> None:
    calm = _auction_view("pct", [0, 0, 0, 0])
    danger = _auction_view("pct", [0, 9, 0, 0])
    assert threshold(danger, 2) < threshold(calm, 2)
    grid = [i / 100 for i in range(101)]
    calm_bids = [p for p in grid if choose_bid(calm, _chances(calm, p)) != Bid(0, None)]
    danger_bids = [p for p in grid if choose_bid(danger, _chances(danger, p)) != Bid(0, None)]
    # the same chance is worth more with an opponent near the target, so it bids from lower down
    assert set(calm_bids) < set(danger_bids)
    one = _chances(calm, 0.5)[0]
    assert worth(danger, one) > worth(calm, one)


def test_making_the_bid_to_go_out_lowers_the_threshold() -> None:
    # pct, highest score wins at 11: at 9, making 2 goes out and no rival at 0 can catch up
    near = _auction_view("pct", [9, 0, 0, 0])
    far = _auction_view("pct", [2, 0, 0, 0])
    assert threshold(near, 2) < threshold(far, 2)


def test_ten_point_last_points_only_the_bidder_goes_out() -> None:
    # 52 to win, within ten only the bidding side goes out: bidding is the way out, and taking
    # the bid keeps the other side from going out
    calm = _auction_view("ten-point", [20, 20, 20, 20])
    ours = _auction_view("ten-point", [44, 20, 44, 20])
    theirs = _auction_view("ten-point", [20, 45, 20, 45])
    assert threshold(ours, 7) < threshold(calm, 7)
    assert threshold(theirs, 7) < threshold(calm, 7)


def test_pitches_a_hand_worth_more_than_defending() -> None:
    # nobody has bid: making 2 a little over half the time, about 2.6 points when made, is worth
    # more than passing (the heuristic's threshold asks for 0.6)
    view = _auction_view("pct", [0, 0, 0, 0])
    chances = _chances(view, {2: 0.55, 3: 0.2, 4: 0.05}, won=2.6, others=0.4)
    assert worth(view, chances[0]) > pass_worth(view, chances, 4.0)
    assert choose_bid(view, chances) == Bid(0, 2)


def test_overcalls_an_opponent_when_the_higher_contract_pays() -> None:
    view = _auction_view("pct", [0, 0, 0, 0], bids=(2,))
    assert view.seat == 1
    assert choose_bid(view, _chances(view, {3: 0.7, 4: 0.3}, won=3.2, others=0.3)) == Bid(1, 3)
    assert choose_bid(view, _chances(view, 0.8)) == Bid(1, 4)


def test_does_not_overcall_an_opponent_when_defending_costs_less() -> None:
    view = _auction_view("pct", [0, 0, 0, 0], bids=(2,))
    chances = _chances(view, {3: 0.4, 4: 0.1}, won=3.2, others=0.3)
    assert max(worth(view, c) for c in chances) < pass_worth(view, chances, 4.0)
    assert choose_bid(view, chances) == Bid(1, None)


def test_leaves_the_contract_to_the_partner() -> None:
    # auction-partners: seat 0 bid 2, seat 1 passed; seat 2, its partner, would make 3 less often
    # than the side makes 2, for the same points: passing is worth more than overcalling
    view = _auction_view("auction-partners", [0, 0, 0, 0], bids=(2, None))
    assert view.seat == 2 and view.rules.team_of(0) == view.rules.team_of(2)
    side = BidChance(2, 0.9, 0.9, 0.9, 3.4, 0.6)
    chances = [side, *_chances(view, {3: 0.75, 4: 0.4}, won=3.6, others=0.6)]
    assert choose_bid(view, chances) == Bid(2, None)
    # against the same bid by an opponent, it overcalls
    other = _auction_view("auction-partners", [0, 0, 0, 0], bids=(None, 2))
    assert other.seat == 2 and other.rules.team_of(1) != other.rules.team_of(2)
    assert choose_bid(other, _chances(other, {3: 0.75, 4: 0.4}, won=3.6, others=0.6)) == Bid(2, 3)


def test_the_dealer_takes_the_contract_at_the_bid_worth_most() -> None:
    # the dealer speaks last: no later bid to keep out, so the cheapest contract worth most
    view = _auction_view("auction-partners", [0, 0, 0, 0], bids=(2, None, None))
    assert view.seat == 3 and view.seat == view.dealer
    chances = _chances(view, 0.9, won=4.0, others=0.5)
    bid = choose_bid(view, chances)
    assert isinstance(bid, Bid) and bid.amount == min(c.bid for c in chances)


def test_a_sweep_bid_needs_the_sampled_deals_to_take_everything() -> None:
    rules = make_rules("smudge")
    hand = deal_with(rules, random.Random(4), dealer=3, fixed={})
    view = make_view(hand, 0)
    special = [a.amount for a in view.legal if isinstance(a, Bid) and a.amount is not None
               and needs_sweep(rules, a.amount)]
    assert special
    weak = choose_bid(view, _chances(view, 0.95, sampled=contract.MIN_MAKE_SWEEP - 0.1))
    strong = choose_bid(view, _chances(view, 0.95, sampled=1.0))
    assert isinstance(weak, Bid) and weak.amount not in special
    assert strong == Bid(0, max(special))


def test_a_hand_that_draws_after_the_auction_bids_by_the_estimate_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    view = _auction_view("ten-point", [0, 0, 0, 0])
    got = bid_chances(view, random.Random(1))
    assert got and all(c.sampled is None and c.chance == c.estimated for c in got)
    # with the scores at zero, no threshold moves: the heuristic's bid, from the points the
    # expert's play takes (tenpoint.PLAY_BONUS more), so never lower
    heuristic = make_bot("heuristic", seed=1).choose(view)
    bid = _bot(1).choose(view)
    assert isinstance(bid, Bid) and isinstance(heuristic, Bid)
    assert (bid.amount or 0) >= (heuristic.amount or 0)
    monkeypatch.setattr(tenpoint, "PLAY_BONUS", 0.0)
    assert _bot(1).choose(view) == heuristic


def test_the_dealer_runs_a_weak_hand_as_the_heuristic_does() -> None:
    view = _auction_view("pct", [0, 0, 0, 0], bids=(None, None, None))
    assert view.seat == 3 and Choose(3, Choice.RUN) in view.legal
    assert choose_bid(view, _chances(view, 0.1)) == Choose(3, Choice.RUN)


@pytest.mark.slow
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), prior=st.floats(0.0, 50.0))
def test_the_chance_lies_between_the_sampled_share_and_the_estimate(seed: int, prior: float) -> None:
    rules = make_rules("pct")
    hand = Hand.deal(rules, random.Random(seed), dealer=3)
    view = make_view(hand, 0)
    got = bid_chances(view, random.Random(seed), samples=4, nodes=400_000, prior=prior)
    for c in got:
        assert c.sampled is not None
        lo, hi = sorted((c.sampled, c.estimated))
        assert lo - 1e-9 <= c.chance <= hi + 1e-9
    bids = [c.bid for c in got]
    assert bids == sorted(bids)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), preset=st.sampled_from(["pct", "auction-partners", "smudge"]),
       passes=st.integers(0, 3), chance=st.floats(0.0, 1.0), rise=st.floats(0.0, 0.5),
       won=st.floats(0.0, 5.0), others=st.floats(0.0, 2.0))
def test_the_bid_is_legal_and_a_likelier_make_never_turns_a_bid_into_a_pass(
        seed: int, preset: str, passes: int, chance: float, rise: float, won: float, others: float) -> None:
    rules = make_rules(preset)
    hand = Hand.deal(rules, random.Random(seed), dealer=3)
    rng = random.Random(seed)
    for _ in range(passes):
        view = make_view(hand, hand.to_act or 0)
        if hand.phase != Phase.AUCTION or len(view.legal) < 2:
            break
        hand.apply(rng.choice(view.legal))
    if hand.phase != Phase.AUCTION or hand.to_act is None:
        return
    view = make_view(hand, hand.to_act)
    if not any(isinstance(a, Bid) and a.amount is not None for a in view.legal):
        return
    low = choose_bid(view, _chances(view, chance, won=won, others=others))
    assert low in view.legal
    high = choose_bid(view, _chances(view, min(1.0, chance + rise), won=won, others=others))
    assert high in view.legal
    partner_holds = any(b is not None and rules.team_of(s) == rules.team_of(view.seat)
                        for s, b in view.bids)
    if isinstance(low, Bid) and low.amount is not None and not partner_holds:
        assert isinstance(high, Bid) and high.amount is not None


def test_passing_an_opponents_bid_costs_less_while_the_partner_may_still_overcall() -> None:
    # auction-partners, dealer 3: seat 1 faces seat 0's bid with its partner, the dealer, still to
    # speak; seat 2 faces seat 1's bid after its partner, seat 0, has passed
    covered = _auction_view("auction-partners", [0, 0, 0, 0], bids=(2,))
    last = _auction_view("auction-partners", [0, 0, 0, 0], bids=(None, 2))
    assert covered.seat == 1 and last.seat == 2
    assert pass_worth(covered, [], 4.0) == -expert.PASS_COVERED
    assert pass_worth(last, [], 4.0) == -expert.PASS_OPPONENT
    assert expert.PASS_COVERED < expert.PASS_OPPONENT
    # a contract worth less than defending costs a side's last speaker, but not less than nothing,
    # is taken by that seat and left to the partner by the seat that is covered
    for view in (covered, last):
        chances = _chances(view, {3: 0.5, 4: 0.05}, won=3.0, others=0.2)
        assert -expert.PASS_OPPONENT < max(worth(view, c) for c in chances) < -expert.PASS_COVERED
    assert choose_bid(covered, _chances(covered, {3: 0.5, 4: 0.05}, won=3.0, others=0.2)) == Bid(1, None)
    assert choose_bid(last, _chances(last, {3: 0.5, 4: 0.05}, won=3.0, others=0.2)) == Bid(2, 3)
    # in a game without partners nobody covers a pass
    alone = _auction_view("pct", [0, 0, 0, 0], bids=(2,))
    assert pass_worth(alone, [], 4.0) == -expert.PASS_OPPONENT


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), preset=st.sampled_from(["pct", "auction-partners"]),
       passes=st.integers(0, 3))
@pytest.mark.slow
def test_a_higher_bid_is_overcalled_less_and_the_last_speaker_is_never_overcalled(
        seed: int, preset: str, passes: int) -> None:
    rules = make_rules(preset)
    hand = Hand.deal(rules, random.Random(seed), dealer=3)
    for _ in range(passes):
        seat = hand.to_act or 0
        if hand.phase != Phase.AUCTION or Bid(seat, None) not in make_view(hand, seat).legal:
            break
        hand.apply(Bid(seat, None))
    if hand.phase != Phase.AUCTION or hand.to_act is None:
        return
    view = make_view(hand, hand.to_act)
    got = bid_chances(view, random.Random(seed), samples=4, nodes=400_000)
    kept = [c.kept for c in got]
    assert all(0.0 <= k <= 1.0 for k in kept)
    assert kept == sorted(kept)
    if view.seat == view.dealer:
        assert all(k == 1.0 for k in kept)


def test_a_bid_sure_to_be_overcalled_is_worth_passing_against_the_overcall() -> None:
    view = _auction_view("auction-partners", [0, 0, 0, 0])
    held = _chances(view, 0.9, won=3.0, others=1.0)[0]
    gone = dataclasses.replace(held, kept=0.0)
    half = dataclasses.replace(held, kept=0.5)
    assert worth(view, gone) == pytest.approx(-expert.PASS_OPPONENT)
    assert worth(view, half) == pytest.approx((worth(view, held) + worth(view, gone)) / 2)
