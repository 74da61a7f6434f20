"""Deals sampled after a discard and draw (ten-point) follow what the discards tell: a seat kept its
trumps, so one that discarded few cards holds many trumps, and its buried cards are no trumps."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit import Hand, make_rules
from pitchkit.bots import make_bot, random_action
from pitchkit.engine.actions import Phase
from pitchkit.engine.trump import table_for
from pitchkit.engine.view import View, make_view
from pitchkit.search import draws
from pitchkit.search.sampling import knowledge, sample

RULES = make_rules("ten-point")


def _to_first_lead(seed: int, *, bot: str = "heuristic") -> Hand:
    """A ten-point hand played by ``bot`` in every seat up to its first card (None: a misdeal)."""
    rng = random.Random(seed)
    hand = Hand.deal(RULES, rng, dealer=seed % 4)
    bots = [make_bot(bot, seed=seed * 4 + s) for s in range(4)]
    while not hand.done and hand.phase != Phase.PLAY:
        seat = hand.to_act
        assert seat is not None
        view = make_view(hand, seat)
        hand.apply(bots[seat].choose(view) if bot != "random" else random_action(view, rng))
    return hand


def _defender_view(hand: Hand) -> View:
    """The view of the pitcher's left-hand opponent."""
    assert hand.pitcher is not None
    return make_view(hand, hand.next_seat(hand.pitcher))


def _trumps(view: View, mask: int) -> int:
    assert view.trump is not None
    return (mask & table_for(view.rules, int(view.trump)).trump_mask).bit_count()


def test_a_seat_that_discarded_few_cards_is_dealt_its_kept_trumps() -> None:
    """Every sampled deal gives each other seat but the pitcher at least the trumps it kept (less
    the card it may have passed), and buries none with a seat that kept fewer than six cards."""
    checked = 0
    for seed in range(40):
        hand = _to_first_lead(seed)
        if hand.done:
            continue
        view = _defender_view(hand)
        assert view.trump is not None
        kept = draws.kept_trumps(view, table_for(RULES, int(view.trump)))
        if not kept.trumps:
            continue
        checked += 1
        know = knowledge(view)
        assert know.by_slot
        rng = random.Random(seed)
        for _ in range(5):
            smp = sample(view, rng, know=know)
            for s, least in kept.trumps.items():
                assert _trumps(view, smp.hands[s]) >= least
                assert least == RULES.hand_size - view.discard_counts[s] - RULES.partner_pass \
                    or s == RULES.partner_of(view.seat)
            for s in kept.plain_discards:
                assert _trumps(view, smp.discards[s]) == 0
    assert checked >= 20


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000))
def test_the_real_deal_fits_the_inference_when_seats_keep_their_trumps(seed: int) -> None:
    """With the heuristic bot's discard (keep trumps, shed the rest) the real hands hold at least
    the trumps the inference gives them, so the true deal is among those sampled."""
    hand = _to_first_lead(seed)
    if hand.done:
        return
    tt = hand.trump_table
    assert tt is not None
    for seat in hand.seats:
        view = make_view(hand, seat)
        kept = draws.kept_trumps(view, tt)
        for s, least in kept.trumps.items():
            assert (hand.hands[s] & tt.trump_mask).bit_count() >= least
        for s in kept.plain_discards:
            assert hand.discards[s] & tt.trump_mask == 0


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000))
def test_discards_that_break_the_rule_still_give_consistent_deals(seed: int) -> None:
    """Random discards keep other cards than trumps: where no deal fits the inference the sampler
    drops it, and every sample still has each hand's size."""
    hand = _to_first_lead(seed, bot="random")
    if hand.done:
        return
    view = _defender_view(hand)
    smp = sample(view, random.Random(seed))
    for s in hand.seats:
        assert smp.hands[s].bit_count() == view.hand_sizes[s]
        assert smp.discards[s].bit_count() == view.discard_counts[s]


def test_before_the_draw_nothing_is_inferred() -> None:
    hand = Hand.deal(RULES, random.Random(3), dealer=0)
    view = make_view(hand, 1)
    assert draws.kept_trumps(view, None) is draws.NOTHING
    assert not knowledge(view).by_slot


def test_fits_is_halls_condition() -> None:
    a, b, c = 1, 2, 4
    # two cards that may only go to the first slot, which holds one: no fit
    assert not draws.fits(a | b, [(1, a | b), (1, c)])
    assert draws.fits(a | b, [(1, a | b), (1, a | b | c)])
    assert not draws.fits(a | b | c, [(2, a | b | c)])  # more cards than room
    assert not draws.fits(a | c, [(1, a), (1, b)])  # a card with no place


def test_the_checked_fill_finds_the_only_answer() -> None:
    """Slots that admit one arrangement only: the checked fill finds it whatever the random order;
    slots that cannot be filled give None."""
    a, b, c = 0, 1, 2
    slots = [(1, 1 << a | 1 << b), (1, 1 << b | 1 << c), (1, 1 << c)]
    for seed in range(20):
        got = draws.fill_checked([a, b, c], slots, random.Random(seed))
        assert got == [[a], [b], [c]]
    assert draws.fill_checked([a, b, c], [(1, 1 << a), (2, 1 << a)], random.Random(0)) is None
