"""Deals sampled from a seat's view are consistent with it; the search bots see only views, are
deterministic for a fixed seed and always act legally."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Sequence

import pytest

from pitchkit import Hand, make_rules
from pitchkit.bots import Bot, make_bot, random_action
from pitchkit.engine.actions import Action, Bid, DeclareTrump, Phase, Play
from pitchkit.engine.presets import presets
from pitchkit.engine.scoring import point_card
from pitchkit.engine.trump import table, table_for
from pitchkit.engine.view import View, make_view
from pitchkit.search import contract
from pitchkit.search.budget import DEFAULT, TINY
from pitchkit.search.ismcts import IsmctsBot
from pitchkit.search.pimc import PimcBot, objective_for
from pitchkit.search.sampling import Knowledge, knowledge, sample

PRESETS = list(presets())
BURY_BANNED = ("jack", "off-jack", "big-joker", "little-joker", "ace", "ten", "two", "three")


def mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << int(c)
    return m


def shown_void(view: View) -> dict[int, int]:
    """Cards each seat cannot hold, worked out here from the plays: a card neither of the led
    suit nor a trump shows a void in the led suit (follow or trump); where a player who can follow
    must (Euchre), a trump shows it too."""
    out = {s: 0 for s in view.seats}
    if view.trump is None:
        return out
    r = view.rules
    tt = table_for(r, int(view.trump))
    for plays in [p for p, _ in view.tricks] + ([view.trick] if view.trick else []):
        led_cards = tt.suit_mask[tt.suit[plays[0][1]]]
        for seat, card in plays[1:]:
            if not (led_cards >> int(card) & 1) and not (tt.ruff_mask >> int(card) & 1):
                out[seat] |= led_cards
    first = view.tricks[0][0][0] if view.tricks else (view.trick[0] if view.trick else None)
    if r.bidder_leads_trump and first is not None and first[0] == view.pitcher and not tt.is_trump(first[1]):
        out[first[0]] |= tt.trump_mask
    return out


def check_sample(view: View, hand: Hand) -> None:
    rng = random.Random(7)
    know = knowledge(view)
    void = shown_void(view)
    seen = mask(view.hand) | mask(view.discards)
    aside = 0 if view.received else mask(view.passed)  # set aside for the partner, not yet handed over
    seen |= aside
    for plays, _ in view.tricks:
        seen |= mask(c for _, c in plays)
    seen |= mask(c for _, c in view.trick)
    banned = 0
    if view.trump is not None and view.upcard is None:  # the dealer's discard may be any card
        for point in BURY_BANNED:
            if point in view.rules.points:
                tt = table(int(view.trump), jokers=view.rules.jokers, off_jack=view.rules.off_jack,
                           equal_jokers=view.rules.equal_jokers)
                c = point_card(point, int(view.trump), tt.off_jack)
                if c is not None:
                    banned |= 1 << c
    for s in hand.seats:
        assert hand.hands[s] & void[s] == 0, "the real deal breaks an inferred void"
    for _ in range(4):
        smp = sample(view, rng, know=know)
        assert smp.hands[view.seat] == mask(view.hand)
        assert smp.discards[view.seat] == mask(view.discards)
        placed = 0
        for s in range(view.n_seats):
            # a seat's cards set aside for its partner are sampled with its hand
            held = view.hand_sizes[s] + (view.set_aside_counts[s] if s != view.seat else 0)
            assert smp.hands[s].bit_count() == held
            assert smp.discards[s].bit_count() == view.discard_counts[s]
            assert smp.hands[s] & void[s] == 0, f"seat {s} got a card of a suit it showed out of"
            if s != view.seat:
                assert smp.discards[s] & banned == 0, "a buried point card"
            for m in (smp.hands[s], smp.discards[s]):
                assert placed & m == 0, "a card placed twice"
                placed |= m
        assert len(smp.stock) == view.stock_size
        for c in smp.stock:
            assert not placed >> c & 1
            placed |= 1 << c
        assert placed & seen == mask(view.hand) | mask(view.discards), "a seen card given away"
        placed |= aside
        assert placed | seen == view.rules.deck_mask, "a card lost"
        if view.upcard is not None and smp.stock and hand.stock and hand.stock[0] == view.upcard:
            assert smp.stock[0] == view.upcard, "the upcard left the top of the stock"


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_samples_are_consistent_with_the_view(preset: str) -> None:
    rng = random.Random(f"sample {preset}")
    rules = make_rules(preset)
    for _ in range(12):
        hand = Hand.deal(rules, rng, dealer=rng.randrange(rules.players))
        while not hand.done:
            seat = rng.choice(hand.seats)
            check_sample(make_view(hand, seat), hand)
            assert hand.to_act is not None
            hand.apply(random_action(make_view(hand, hand.to_act), rng))


def test_tight_voids_are_always_respected() -> None:
    """Three suits shown out of by different seats force the deal; the sampler still finds it."""
    rules = make_rules("pct")
    rng = random.Random(11)
    hits = 0
    for _ in range(300):
        hand = Hand.deal(rules, rng, dealer=0)
        while not hand.done and len(hand.tricks) < 4:
            assert hand.to_act is not None
            hand.apply(random_action(make_view(hand, hand.to_act), rng))
        if hand.done:
            continue
        view = make_view(hand, 0)
        void = shown_void(view)
        if sum(1 for v in void.values() if v) < 2:
            continue
        hits += 1
        check_sample(view, hand)
    assert hits >= 5


def test_knowledge_counts_every_unseen_card() -> None:
    rules = make_rules("ten-point")
    rng = random.Random(5)
    hand = Hand.deal(rules, rng, dealer=0)
    view = make_view(hand, 1)
    k: Knowledge = knowledge(view)
    assert k.unseen.bit_count() == rules.deck_size - rules.hand_size
    assert sum(n for _, n, _ in k.hands) + k.stock == k.unseen.bit_count()


# -- the bots -------------------------------------------------------------------------------------

def play_hand(preset: str, deal_seed: int, bots: Sequence[Bot]) -> list[Action]:
    rules = make_rules(preset)
    hand = Hand.deal(rules, random.Random(deal_seed), dealer=deal_seed % rules.players)
    actions: list[Action] = []
    while not hand.done:
        seat = hand.to_act
        assert seat is not None
        view = make_view(hand, seat)
        action = bots[seat].choose(view)
        hand.verify(action)
        actions.append(action)
        hand.apply(action)
    return actions


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_search_bots_act_legally_in_every_preset(preset: str) -> None:
    rules = make_rules(preset)
    # two deals where the preset has phases of its own (run it, discard and draw, naming trump)
    for deal in (3, 4) if preset in ("pct-tournament", "ten-point", "seven-point") else (3,):
        bots: list[Bot] = [PimcBot(random.Random(s), TINY) if s % 2 == 0
                           else IsmctsBot(random.Random(s), TINY) for s in range(rules.players)]
        play_hand(preset, deal, bots)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["pimc", "ismcts"])
def test_search_bots_are_deterministic(name: str) -> None:
    def bots(seed: int) -> list[Bot]:
        cls = PimcBot if name == "pimc" else IsmctsBot
        return [cls(random.Random(seed + s), TINY) for s in range(4)]

    assert play_hand("auction-partners", 8, bots(1)) == play_hand("auction-partners", 8, bots(1))


@pytest.mark.slow
@pytest.mark.parametrize("name", ["pimc", "ismcts"])
def test_search_bots_see_only_the_view(name: str) -> None:
    """Two deals that look the same to seat 0 (the other hands shuffled among the other seats):
    the same bot and seed bids and leads the same in both."""
    rules = make_rules("pct")
    rng = random.Random(2)
    hand = Hand.deal(rules, rng, dealer=3)
    others = [c for s in (1, 2, 3) for c in hand.holding(s)]
    rng.shuffle(others)
    twin = Hand(rules, dealer=3, hands=[hand.holding(0), others[:6], others[6:12], others[12:]],
                stock=hand.stock)
    assert hand.hands[1] != twin.hands[1]
    chosen = []
    for h in (hand, twin):
        bot = PimcBot(random.Random(9), TINY) if name == "pimc" else IsmctsBot(random.Random(9), TINY)
        first = bot.choose(make_view(h, 0))
        bids = [a for a in make_view(h, 0).legal if isinstance(a, Bid) and a.amount is not None]
        h.apply(bids[0])
        for seat in (1, 2, 3):
            h.apply(Bid(seat, None))
        assert h.phase == Phase.PLAY and h.to_act == 0
        view = make_view(h, 0)
        chosen.append((first, bot.choose(view)))
    assert chosen[0] == chosen[1]


@pytest.mark.parametrize("name", ["pimc", "ismcts"])
def test_search_bots_name_trump_after_a_joker_or_jack_lead(name: str) -> None:
    """Seven-point (seed 004): a led joker or jack names trump; the bot names a legal suit."""
    rules = make_rules("seven-point")
    rng = random.Random(4)
    for _ in range(50):
        hand = Hand.deal(rules, rng, dealer=3)
        while hand.phase == Phase.AUCTION:
            assert hand.to_act is not None
            hand.apply(random_action(make_view(hand, hand.to_act), rng))
        p = hand.pitcher
        assert p is not None
        namers = [c for c in hand.holding(p) if c.is_joker or c.rank == 11]
        if not namers:
            continue
        hand.apply(Play(p, namers[0]))
        assert hand.phase == Phase.TRUMP
        bot = PimcBot(random.Random(1), TINY) if name == "pimc" else IsmctsBot(random.Random(1), TINY)
        view = make_view(hand, p)
        action = bot.choose(view)
        assert isinstance(action, DeclareTrump) and action in view.legal
        return
    pytest.fail("no deal with a joker or jack lead")


@pytest.mark.parametrize("preset", ["pct", "seven-point"])
def test_simulated_auction_gives_a_legal_bid(preset: str) -> None:
    """The auction by simulation (one trump suit): a higher bid is never likelier to be made, and
    the action chosen from the samples is legal."""
    rules = make_rules(preset)
    rng = random.Random(6)
    hand = Hand.deal(rules, rng, dealer=3)
    view = make_view(hand, 0)
    held = mask(view.hand)
    suits = contract.candidate_suits(view, held, limit=1)
    sim = contract.simulate(view, rng, suits=suits, samples=3, node_budget=10**7)
    assert all(len(p) == 3 for p in sim.points.values())
    bids = list(range(rules.min_bid, rules.max_bid + 1))
    values = contract.bid_values(view, sim, bids)
    chances = [values[b].make for b in bids]
    assert chances == sorted(chances, reverse=True)
    action = contract.choose_bid(view, sim)
    assert action is not None and action in view.legal


@pytest.mark.slow
@pytest.mark.parametrize("name", ["pimc", "ismcts"])
def test_default_budget_bids_by_the_heuristic_estimate(name: str) -> None:
    """``bid_samples=0`` (the default): the auction is the ``heuristic`` bot's, seed for seed;
    with deals to sample it is simulated instead."""
    assert DEFAULT.bid_samples == 0
    rules = make_rules("pct")
    rng = random.Random(11)
    differs = 0
    for k in range(20):
        hand = Hand.deal(rules, rng, dealer=k % 4)
        assert hand.to_act is not None
        view = make_view(hand, hand.to_act)
        cls = PimcBot if name == "pimc" else IsmctsBot
        heuristic = make_bot("heuristic", rng=random.Random(k))
        assert cls(random.Random(k)).choose(view) == heuristic.choose(view)
        simulated = cls(random.Random(k), TINY).choose(view)
        assert simulated in view.legal
        differs += simulated != heuristic.choose(view)
    assert differs


def bid_by_heuristic(hand: Hand, rng: random.Random) -> Hand:
    """``hand`` after an auction bid by the ``heuristic`` bot (in its play phase unless a misdeal
    or a hand run to more cards ended it)."""
    bot = make_bot("heuristic", rng=rng)
    while hand.phase == Phase.AUCTION:
        assert hand.to_act is not None
        hand.apply(bot.choose(make_view(hand, hand.to_act)))
    return hand


@pytest.mark.slow
def test_pimc_leaves_the_lead_that_sets_trump_to_the_heuristic() -> None:
    """``lead_search=0`` (the default): pimc's first lead of a lead-for-trump hand is the
    ``heuristic`` bot's, seed for seed; with ``lead_search=1`` it is searched and sometimes differs."""
    assert DEFAULT.lead_search == 0
    rules = make_rules("pct")
    rng = random.Random(12)
    differs = 0
    for k in range(12):
        hand = bid_by_heuristic(Hand.deal(rules, rng, dealer=k % 4), random.Random(k))
        if hand.phase != Phase.PLAY:
            continue
        assert hand.pitcher is not None and hand.to_act == hand.pitcher and hand.trump is None
        view = make_view(hand, hand.pitcher)
        expected = make_bot("heuristic", rng=random.Random(k)).choose(view)
        assert PimcBot(random.Random(k)).choose(view) == expected
        searched = PimcBot(random.Random(k), dataclasses.replace(TINY, samples=8)).choose(view)
        assert searched in view.legal
        differs += searched != expected
    assert differs


@pytest.mark.parametrize(("preset", "defender_objective"),
                         [("pct", "coalition"), ("auction", "coalition"), ("auction-partners", "delta")])
def test_pimc_defenders_of_a_cutthroat_hand_play_together(preset: str, defender_objective: str) -> None:
    """In a cutthroat hand pimc's defenders solve as one side against the pitcher; with fixed
    teams every seat solves for its team; the pitcher always for itself."""
    rules = make_rules(preset)
    rng = random.Random(13)
    hand = bid_by_heuristic(Hand.deal(rules, rng, dealer=0), rng)
    while hand.phase != Phase.PLAY:
        hand = bid_by_heuristic(Hand.deal(rules, rng, dealer=0), rng)
    assert hand.pitcher is not None
    defender = next(s for s in hand.seats if s != hand.pitcher)
    assert objective_for(make_view(hand, hand.pitcher)) == "delta"
    assert objective_for(make_view(hand, defender)) == defender_objective
