"""Chance comes only from the injected generator: same seed, same game; no global ``random``;
clones are independent; a seat's view holds nothing hidden from it."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from pitchkit import (
    Action,
    Card,
    Discard,
    Game,
    Hand,
    Phase,
    Rules,
    View,
    make_rules,
    presets,
)
from pitchkit.bots import make_bot
from pitchkit.engine.cards import cards_of, iter_mask
from pitchkit.engine.record import game_record, hand_record
from pitchkit.engine.view import make_view

PRESETS = list(presets())


def self_play(rules: Rules, seed: int, *, max_hands: int = 40) -> Game:
    """A game between seeded random bots (capped: random bidding may never reach a target)."""
    game = Game(rules, seed=seed)
    bots = [make_bot("random", seed=seed * 100 + s) for s in range(rules.players)]
    while not game.over and len(game.history) < max_hands:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))
    return game


def record_text(game: Game) -> str:
    return json.dumps(game_record(game), sort_keys=True)


@pytest.mark.parametrize("name", PRESETS)
def test_same_seed_same_game(name: str) -> None:
    rules = make_rules(name)
    assert record_text(self_play(rules, 7)) == record_text(self_play(rules, 7))


@pytest.mark.parametrize("name", PRESETS)
def test_different_seeds_differ(name: str) -> None:
    rules = make_rules(name)
    texts = {record_text(self_play(rules, seed, max_hands=3)) for seed in range(5)}
    assert len(texts) == 5


def test_the_same_seed_deals_the_same_hand() -> None:
    rules = make_rules("ten-point")
    a = Hand.deal(rules, random.Random(3), dealer=1)
    b = Hand.deal(rules, random.Random(3), dealer=1)
    c = Hand.deal(rules, random.Random(4), dealer=1)
    assert hand_record(a) == hand_record(b) != hand_record(c)


_GLOBAL_FUNCTIONS = ["random", "shuffle", "randrange", "choice", "choices", "randint", "sample",
                     "uniform", "getrandbits", "seed", "gauss", "betavariate", "triangular"]


@pytest.fixture
def no_global_random(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Make every module-level function of ``random`` raise; seeded ``random.Random`` still works."""
    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("the global random generator was used")

    for fn in _GLOBAL_FUNCTIONS:
        monkeypatch.setattr(random, fn, forbidden)
    yield


@pytest.mark.parametrize("name", PRESETS)
def test_nothing_uses_the_global_random(name: str, no_global_random: None) -> None:
    with pytest.raises(AssertionError, match="global random"):
        random.shuffle([1, 2])
    rules = make_rules(name)
    for seed in range(3):
        game = self_play(rules, seed, max_hands=15)
        assert game.history
        clone = game.clone()
        while not clone.over and len(clone.history) < 20:
            clone.apply(clone.legal_actions()[0] if clone.hand.phase != Phase.DISCARD
                        else _first_discard(clone.hand))


def _first_discard(hand: Hand) -> Discard:
    seat = hand.to_act
    assert seat is not None
    cards, lo, _ = hand.discard_options(seat)
    return Discard(seat, tuple(cards[:lo]))


# -- clones -------------------------------------------------------------------------------------------


def _state(hand: Hand) -> str:
    return json.dumps([hand_record(hand), hand.hands, hand.stock, hand.discards, hand.trick, hand.tricks,
                       hand.captured, hand.phase.value, hand.to_act, hand.auction.bids], default=str)


def _advance(hand: Hand, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if hand.done:
            return
        seat = hand.to_act
        assert seat is not None
        if hand.phase == Phase.DISCARD:
            cards, lo, hi = hand.discard_options(seat)
            hand.apply(Discard(seat, tuple(sorted(rng.sample(cards, rng.randint(lo, hi))))))
        else:
            hand.apply(rng.choice(hand.legal_actions()))


@pytest.mark.parametrize("name", PRESETS)
def test_a_hand_clone_is_independent(name: str) -> None:
    rules = make_rules(name)
    rng = random.Random(11)
    for seed in range(6):
        hand = Hand.deal(rules, random.Random(seed), dealer=seed % rules.players)
        _advance(hand, rng, seed * 3)
        before = _state(hand)
        clone = hand.clone()
        assert _state(clone) == before
        _advance(clone, rng, 200)
        assert clone.done
        assert _state(hand) == before
        # and the other way round: the original moves on, an earlier clone stays put
        frozen = hand.clone()
        _advance(hand, rng, 200)
        assert _state(frozen) == before


@pytest.mark.parametrize("name", PRESETS)
def test_a_hand_clone_copies_every_attribute(name: str) -> None:
    """The clone names each attribute itself (no __dict__ copy): one left out would be missed."""
    rules = make_rules(name)
    rng = random.Random(5)
    for seed in range(8):
        hand = Hand.deal(rules, random.Random(seed), dealer=seed % rules.players)
        _advance(hand, rng, seed * 4)
        make_view(hand, 0)
        clone = hand.clone()
        mine, theirs = dict(vars(hand)), dict(vars(clone))
        assert theirs.pop("view_cache") is None  # a view of the clone is taken afresh
        mine.pop("view_cache")
        assert vars(theirs.pop("auction")) == vars(mine.pop("auction"))
        assert theirs.keys() >= mine.keys()
        for key, value in mine.items():
            assert theirs[key] == value, key
        assert clone.auction is not hand.auction and clone.auction.bids is not hand.auction.bids


@pytest.mark.parametrize("name", PRESETS)
def test_a_game_clone_is_independent(name: str) -> None:
    rules = make_rules(name)
    game = self_play(rules, 5, max_hands=2)
    before = record_text(game), list(game.scores), len(game.history), game.rng.getstate()
    clone = game.clone()
    while not clone.over and len(clone.history) < 8:
        clone.apply(_any_action(clone))
    assert len(clone.history) > before[2]
    assert (record_text(game), list(game.scores), len(game.history), game.rng.getstate()) == before
    # a clone continues exactly as the original would: same generator state, same deals
    twin_a, twin_b = game.clone(), game.clone()
    for _ in range(60):
        if twin_a.over:
            break
        action = _any_action(twin_a)
        twin_a.apply(action)
        twin_b.apply(action)
    assert record_text(twin_a) == record_text(twin_b)


def _any_action(game: Game) -> Action:
    if game.hand.phase == Phase.DISCARD:
        return _first_discard(game.hand)
    return game.legal_actions()[-1]


# -- views ----------------------------------------------------------------------------------------


def cards_in(value: object) -> set[int]:
    """Every card anywhere inside a view field (tuples, actions, nested)."""
    if isinstance(value, Card):
        return {int(value)}
    if isinstance(value, tuple | list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    if hasattr(value, "__dataclass_fields__") and not isinstance(value, Rules):
        return cards_in(tuple(getattr(value, f) for f in value.__dataclass_fields__))
    return set()


def check_view(hand: Hand, seat: int) -> None:
    view: View = make_view(hand, seat)
    hidden = set(hand.stock)
    for s in range(hand.n_seats):
        if s != seat:
            hidden |= set(iter_mask(hand.hands[s] | hand.discards[s]))
    # cards set aside for a partner are hidden from all but the seat that passed them
    hidden |= set(iter_mask(hand.set_aside() & ~hand.passed[seat]))
    hidden.discard(-1 if hand.upcard is None else hand.upcard)  # turned face up: public
    hidden -= set(iter_mask(hand.passed[seat]))  # what it passed to its partner it knows
    fields = {f: getattr(view, f) for f in view.__dataclass_fields__ if f != "rules"}
    for name, value in fields.items():
        leaked = cards_in(value) & hidden
        assert not leaked, f"view of seat {seat}: {name} shows {cards_of(sum(1 << c for c in leaked))}"
    assert list(view.hand) == cards_of(hand.hands[seat])
    assert list(view.discards) == cards_of(hand.discards[seat])
    assert view.stock_size == len(hand.stock)
    assert view.hand_sizes == tuple(h.bit_count() for h in hand.hands)
    assert all(a.seat == seat for a in view.legal)
    assert all(a.seat == seat for a in view.log if isinstance(a, Discard))
    if hand.to_act != seat:
        assert view.legal == () and view.discard_options is None


@pytest.mark.parametrize("name", PRESETS)
def test_a_view_never_shows_hidden_cards(name: str) -> None:
    rules = make_rules(name)
    rng = random.Random(21)
    for seed in range(4):
        hand = Hand.deal(rules, random.Random(seed), dealer=seed % rules.players)
        while not hand.done:
            for seat in range(hand.n_seats):
                check_view(hand, seat)
            _advance(hand, rng, 1)


@pytest.mark.parametrize("name", PRESETS)
def test_a_view_does_not_depend_on_hidden_cards(name: str) -> None:
    """Redealing the cards a seat cannot see (other hands and the stock) leaves its view unchanged."""
    rules = make_rules(name)
    for seed in range(5):
        hand = Hand.deal(rules, random.Random(seed), dealer=0)
        seat = 1
        hidden = [int(c) for s, h in enumerate(hand.initial_hands) if s != seat for c in h]
        up = [] if hand.upcard is None else [hand.upcard]  # turned face up: public
        hidden += [int(c) for c in hand.initial_stock if int(c) not in up]
        random.Random(seed + 100).shuffle(hidden)
        hands: list[list[int]] = []
        for s, h in enumerate(hand.initial_hands):
            if s == seat:
                hands.append([int(c) for c in h])
            else:
                hands.append(hidden[:len(h)])
                hidden = hidden[len(h):]
        other = Hand(rules, dealer=0, hands=hands, stock=up + hidden)
        assert make_view(hand, seat) == make_view(other, seat)
        # the same public bids keep the views equal (bids never depend on other seats' cards)
        while hand.phase == Phase.AUCTION and hand.to_act != seat:
            action = hand.legal_actions()[0]
            if action not in other.legal_actions():
                break
            hand.apply(action)
            other.apply(action)
            assert make_view(hand, seat) == make_view(other, seat)
