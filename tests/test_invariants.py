"""Random self-play invariants for every preset and every table size it allows.

Seeded random games are played to the end; after every action the cards are conserved, and after
every hand the tricks, awards, deltas and scores are checked against :mod:`tests.reference`, an
independent model of the brief's rules. Every legal action must apply; illegal ones must be refused
without changing anything.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from collections.abc import Iterator

import pytest

from pitchkit import (
    Action,
    Bid,
    Choice,
    Choose,
    DeclareTrump,
    Discard,
    Game,
    Hand,
    HandResult,
    IllegalActionError,
    PassCards,
    Phase,
    Play,
    Rules,
    RulesError,
    Suit,
    make_rules,
    presets,
)
from pitchkit.engine.cards import CARDS, cards_of, iter_mask
from pitchkit.engine.record import hand_record
from tests import reference as ref

MAX_HANDS = 600
HANDS_PER_CONFIG = 60  # games are played until at least this many hands are checked
DEEP_HANDS = 2  # hands per game in which every legal action and some illegal ones are tried


def _configs() -> Iterator[tuple[str, int, dict[str, object]]]:
    for name, preset in presets().items():
        for n in range(preset.rules.min_players, preset.rules.max_players + 1):
            try:
                make_rules(name, players=n)
            except RulesError:
                continue  # the table cannot be seated as the preset's fixed teams
            yield name, n, {}
    yield "pct", 4, {"teams": 2}
    yield "pct", 6, {"teams": 2}
    yield "pct", 6, {"teams": 3}


CONFIGS = list(_configs())


def _id(config: tuple[str, int, dict[str, object]]) -> str:
    name, n, opts = config
    return f"{name}-{n}" + "".join(f"-{k}={v}" for k, v in opts.items())


# -- the random policy ------------------------------------------------------------------------------


def random_discard(hand: Hand, seat: int, rng: random.Random) -> Discard:
    cards, lo, hi = hand.discard_options(seat)
    return Discard(seat, tuple(sorted(rng.sample(cards, rng.randint(lo, hi)))))


def policy(hand: Hand, legal: list[Action], rng: random.Random) -> Action:
    """Random, but passing most bids so that games end."""
    seat = hand.to_act
    assert seat is not None
    if hand.phase == Phase.DISCARD:
        return random_discard(hand, seat, rng)
    if hand.phase == Phase.AUCTION:
        if Bid(seat, None) in legal and rng.random() < 0.8:
            return Bid(seat, None)
        if Choose(seat, Choice.MISDEAL) in legal and rng.random() < 0.5:
            return Choose(seat, Choice.MISDEAL)
        bids = [a.amount for a in legal if isinstance(a, Bid) and a.amount is not None]
        if bids and rng.random() < 0.7:
            return Bid(seat, min(bids))
        return rng.choice([a for a in legal if a != Choose(seat, Choice.MISDEAL)] or legal)
    return rng.choice(legal)


# -- state checks ---------------------------------------------------------------------------------


def check_cards_conserved(hand: Hand) -> None:
    """Every card of the deck is in exactly one place; drawn cards come off the top of the stock."""
    places = [*hand.hands, *hand.discards, *hand.captured, hand.set_aside(),
              sum(1 << c for _, c in hand.trick), sum(1 << c for c in hand.stock)]
    union = 0
    for m in places:
        assert union & m == 0, f"{cards_of(union & m)} in two places"
        union |= m
    assert union == sum(1 << c for c in ref.deck_of(hand.rules.preset, hand.rules.jokers))
    assert len(hand.stock) == len(set(hand.stock))
    drawn = len(hand.initial_stock) - len(hand.stock)
    assert list(hand.stock) == list(hand.initial_stock)[drawn:]
    captured = 0
    for plays, winner in hand.tricks:
        captured |= sum(1 << c for _, c in plays)
        assert hand.captured[winner] >> plays[0][1] & 1
    assert captured == sum(hand.captured)


def check_legal_plays(hand: Hand, legal: list[Action], facts: ref.Facts) -> None:
    """The engine's legal plays are the follow-or-trump rule's."""
    seat = hand.to_act
    assert seat is not None
    first_lead = not hand.tricks and not hand.trick and seat == hand.pitcher
    expected = ref.legal_plays(list(iter_mask(hand.hands[seat])), hand.trick, hand.trump, facts,
                               must_lead_trump=first_lead and hand.rules.bidder_leads_trump)
    assert {int(a.card) for a in legal if isinstance(a, Play)} == expected
    assert all(isinstance(a, Play) and a.seat == seat for a in legal)


def snapshot(hand: Hand) -> str:
    state = [hand.hands, hand.stock, hand.discards, hand.trick, hand.tricks, hand.captured,
             hand.phase.value, hand.to_act, hand.pitcher, hand.bid, hand.trump, hand.auction.bids,
             getattr(hand.auction, "high", None), hand.auction.round, hand.result is None]
    return json.dumps([hand_record(hand), state], default=str)


def check_every_legal_action_applies(hand: Hand, legal: list[Action], rng: random.Random) -> None:
    sample = legal if len(legal) <= 40 else rng.sample(legal, 40)
    for action in sample:
        other = hand.clone()
        other.apply(action)
        assert other.log[-1] == action
    # the compact discard form: every choice within the bounds applies too
    if hand.phase == Phase.DISCARD:
        assert hand.to_act is not None
        for _ in range(5):
            hand.clone().apply(random_discard(hand, hand.to_act, rng))


def _is_legal_discard(hand: Hand, action: Discard) -> bool:
    if hand.phase != Phase.DISCARD or action.seat != hand.to_act:
        return False
    allowed, lo, hi = hand.discard_options(action.seat)
    return (len(set(action.cards)) == len(action.cards) and set(action.cards) <= set(allowed)
            and lo <= len(action.cards) <= hi)


def illegal_candidates(hand: Hand, legal: list[Action], rng: random.Random) -> list[Action]:
    seat = hand.to_act
    assert seat is not None
    rules = hand.rules
    others = [s for s in range(hand.n_seats) if s != seat]
    universe: list[Action] = []
    universe += [Bid(seat, b) for b in (None, *range(0, rules.top_bid + 3))]
    universe += [Play(seat, CARDS[c]) for c in ref.deck_of(rules.preset, rules.jokers)]
    universe += [DeclareTrump(seat, s) for s in Suit]
    universe += [Choose(seat, c) for c in Choice]
    held = cards_of(hand.hands[seat])
    for _ in range(4):
        k = rng.randint(0, len(held))
        universe.append(Discard(seat, tuple(sorted(rng.sample(held, k)))))
    universe.append(Discard(seat, (CARDS[rng.randrange(rules.deck_size)],)))
    # any legal action, by the wrong seat
    universe += [dataclasses.replace(a, seat=rng.choice(others)) for a in legal[:5]]
    legal_set = set(legal)
    return [a for a in universe if a not in legal_set
            and not (isinstance(a, Discard) and _is_legal_discard(hand, a))]


def check_illegal_rejected(hand: Hand, legal: list[Action], rng: random.Random) -> None:
    candidates = illegal_candidates(hand, legal, rng)
    assert candidates
    before = snapshot(hand)
    for action in rng.sample(candidates, min(4, len(candidates))):
        with pytest.raises(IllegalActionError):
            hand.apply(action)
        assert snapshot(hand) == before, action


# -- hand-end checks ------------------------------------------------------------------------------


def check_tricks(hand: Hand, facts: ref.Facts) -> None:
    """Each trick: one card per seat in turn, led by the last winner, won by the rule's winner."""
    assert hand.trump is not None
    leader = hand.pitcher
    for plays, winner in hand.tricks:
        seats = [s for s, _ in plays]
        assert seats[0] == leader
        assert sorted(seats) == sorted(hand.seats)
        assert all(hand.next_seat(a) == b for a, b in itertools.pairwise(seats))
        assert winner == ref.trick_winner(plays, hand.trump, facts)
        leader = winner


def check_cards_received(hand: Hand) -> None:
    """Run-it and draw cards come off the stock in turn from the dealer's left; the bidder takes the
    rest: so every card a seat played or discarded is one it was dealt or drew."""
    rules = hand.rules
    order = [hand.next_seat(hand.dealer)]
    while len(order) < len(hand.seats):
        order.append(hand.next_seat(order[-1]))
    stock = [int(c) for c in hand.initial_stock]
    got = {s: {int(c) for c in hand.initial_hands[s]} for s in hand.seats}
    if any(isinstance(a, Choose) and a.option == Choice.RUN for a in hand.log):
        k = rules.run_extra(len(hand.seats))
        for s in order:
            got[s] |= set(stock[:k])
            stock = stock[k:]
    if rules.draw_to:
        first: dict[int, set[int]] = {}
        for a in hand.log:
            if isinstance(a, Discard) and a.seat not in first:
                first[a.seat] = {int(c) for c in a.cards}
        for s in order:
            k = max(0, rules.draw_to - len(got[s] - first[s]))
            got[s] |= set(stock[:k])
            stock = stock[k:]
        if rules.bidder_takes_stock:
            assert hand.pitcher is not None
            got[hand.pitcher] |= set(stock)
    # the partner exchange: each seat gives its passed cards and takes its partner's
    passes = {a.seat: {int(c) for c in a.cards} for a in hand.log if isinstance(a, PassCards)}
    if passes and len(passes) == len(hand.seats):
        for s in hand.seats:
            partner = rules.partner_of(s)
            assert partner is not None and passes[s] <= got[s]
        got = {s: got[s] - passes[s] | passes[rules.partner_of(s) or 0] for s in hand.seats}
    for s in hand.seats:
        played = {c for plays, _ in hand.tricks for p, c in plays if p == s}
        assert played | set(iter_mask(hand.discards[s])) == got[s], f"seat {s}"


def expected_sides(hand: Hand, exp: ref.Expected) -> dict[int, int]:
    """Scoring side of each seat in the hand (named by its lowest seat)."""
    rules = hand.rules
    if rules.dynamic_teams:
        assert exp.high is not None and exp.low is not None
        makers = {exp.player[exp.high], exp.player[exp.low]}
        rest = [s for s in hand.seats if s not in makers]
        return {s: min(makers) if s in makers else min(rest) for s in hand.seats}
    return {s: s % rules.teams if rules.teams else s for s in hand.seats}


def check_scored_hand(hand: Hand, res: HandResult, facts: ref.Facts) -> None:
    rules = hand.rules
    assert hand.trump is not None and hand.pitcher is not None and hand.bid is not None
    check_tricks(hand, facts)
    check_cards_received(hand)
    assert all(h == 0 for h in hand.hands) and not hand.trick
    exp = ref.card_awards(hand.tricks, hand.trump, facts)
    sides = expected_sides(hand, exp)
    for s in range(hand.n_seats):
        same_side = res.side[s] >= 0 and s in sides
        assert same_side or (s not in sides and res.side[s] == -1)
    for x in hand.seats:
        for y in hand.seats:
            assert (sides[x] == sides[y]) == (res.side[x] == res.side[y])

    got_cards = [(a.point, int(a.card), a.seat) for a in res.awards if a.card is not None]
    assert got_cards == exp.card_awards
    for a in res.awards:
        assert a.value == ref.VALUE.get(a.point, 1)

    # game: the side with the most card points, if it is alone at the top
    pts: dict[int, int] = {}
    for plays, winner in hand.tricks:
        pts[sides[winner]] = pts.get(sides[winner], 0) + ref.card_points([c for _, c in plays])
    for s in hand.seats:
        pts.setdefault(sides[s], 0)
        assert res.card_points[s] == pts[sides[s]]
    game = [a for a in res.awards if a.point == "game"]
    best = max(pts.values())
    top = [side for side, p in pts.items() if p == best]
    if "game" in facts.points and len(top) == 1:
        assert len(game) == 1 and sides[game[0].seat] == top[0]
    else:
        assert not game

    # smudge: one side took every trick, and the jack was in play
    smudge = [a for a in res.awards if a.point == "smudge"]
    all_tricks = len({sides[w] for _, w in hand.tricks}) == 1
    jack_out = any(p == "jack" for p, _, _ in exp.card_awards)
    if "smudge" in facts.points and all_tricks and jack_out:
        assert len(smudge) == 1 and sides[smudge[0].seat] == sides[hand.tricks[0][1]]
    else:
        assert not smudge

    # the awards add up: every point in play, and nothing else
    in_play = sum(ref.VALUE.get(p, 1) for p, _, _ in exp.card_awards) + len(game) + len(smudge)
    assert sum(a.value for a in res.awards) == in_play
    if rules.preset == "ten-point":
        assert in_play == 10
    if "high" in facts.points:
        trump_played = exp.high is not None
        assert any(a.point == "high" for a in res.awards) == trump_played
        assert any(a.point == "low" for a in res.awards) == trump_played

    won = {side: 0 for side in pts}
    for a in res.awards:
        won[sides[a.seat]] += a.value
    for s in hand.seats:
        assert res.side_points[s] == won[sides[s]]

    # the contract and the deltas
    bidder = sides[hand.pitcher]
    special = rules.smudge_bids and hand.bid > rules.max_bid
    total = sum(won.values())
    made = (won[bidder] == total and total > 0) if special else won[bidder] >= hand.bid
    truncated = rules.going_out.value == "scoring-order" and res.winners
    # an award counts unless its side is a set pitcher's, or the count stopped at the game's end
    assert len(res.scored) == len(res.awards)
    for a, scored in zip(res.awards, res.scored, strict=True):
        if not scored:
            assert (sides[a.seat] == bidder and not made) or truncated
    if truncated and made:
        # the game may end before the pitcher's side counted its bid: the contract is then undecided
        counted = sum(a.value for a, ok in zip(res.awards, res.scored, strict=True)
                      if ok and sides[a.seat] == bidder)
        assert res.made is (True if counted >= hand.bid and not special else None)
    else:
        assert res.made == made
    for s in range(hand.n_seats):
        if s not in sides:
            assert res.delta[s] == 0
            continue
        if sides[s] != bidder:
            want = won[sides[s]]
        elif not made:
            want = -(rules.smudge_value if special else hand.bid)
        elif special:
            before = hand.scores_before[s]
            want = min(rules.smudge_value, -before) if before < 0 else rules.smudge_value
        else:
            want = won[bidder]
        if truncated:
            assert res.delta[s] <= want or not made
        else:
            assert res.delta[s] == want


def check_result(hand: Hand, res: HandResult, facts: ref.Facts) -> None:
    check_cards_conserved(hand)
    assert hand.done and hand.to_act is None and hand.legal_actions() == []
    assert list(res.scores) == [b + d for b, d in zip(hand.scores_before, res.delta, strict=True)]
    if res.misdeal:
        assert res.awards == () and set(res.delta) == {0}
        last = hand.log[-1]
        if last == Choose(last.seat, Choice.MISDEAL):
            dealt = hand.initial_hands[last.seat]
            assert not any(c >= ref.BJ or ref.rank(c) in ref.FACE_OR_POINT_RANKS for c in dealt)
        return
    if facts.bowers:
        check_trick_scored_hand(hand, res, facts)
        return
    check_scored_hand(hand, res, facts)


def check_trick_scored_hand(hand: Hand, res: HandResult, facts: ref.Facts) -> None:
    """Euchre: the player left of the dealer leads (a seat sitting out never plays), the makers'
    tricks score 1, a march 2, a loner's march 4, and fewer than three tricks 2 to the defenders."""
    assert hand.trump is not None and hand.pitcher is not None
    alone = any(a == Choose(hand.pitcher, Choice.ALONE) for a in hand.log)
    partner = (hand.pitcher + 2) % 4
    playing = [s for s in range(4) if not (alone and s == partner)]
    leader = next(s for s in ((hand.dealer + k) % 4 for k in range(1, 5)) if s in playing)
    won = [0] * 4
    for plays, winner in hand.tricks:
        seats = [s for s, _ in plays]
        assert seats[0] == leader and sorted(seats) == playing
        assert winner == ref.trick_winner(plays, hand.trump, facts)
        won[winner] += 1
        leader = winner
    assert len(hand.tricks) == 5
    # every card played was dealt to its player, or is the upcard the dealer picked up
    up = int(hand.initial_stock[0])
    for plays, _ in hand.tricks:
        for s, c in plays:
            assert c in hand.initial_hands[s] or (s == hand.dealer and c == up)
    makers = won[hand.pitcher] + won[partner]
    if makers < 3:
        want, side = 2, 1 - hand.pitcher % 2
    else:
        want, side = (1 if makers < 5 else 4 if alone else 2), hand.pitcher % 2
    assert res.made == (makers >= 3)
    assert res.delta == tuple(want if s % 2 == side else 0 for s in range(4))


def check_teams_share(rules: Rules, scores: list[int]) -> None:
    if rules.teams:
        for s, v in enumerate(scores):
            assert v == scores[s % rules.teams]


def play_checked_game(rules: Rules, seed: int, *, deep_hands: int) -> Game:
    facts = ref.FACTS[rules.preset]
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    while not game.over and len(game.history) < MAX_HANDS:
        hand = game.hand
        check_cards_conserved(hand)
        legal = game.legal_actions()
        assert legal, f"no legal action in the {hand.phase.value} phase"
        if hand.phase == Phase.PLAY:
            check_legal_plays(hand, legal, facts)
        if len(game.history) < deep_hands:
            check_every_legal_action_applies(hand, legal, rng)
            check_illegal_rejected(hand, legal, rng)
        scores = list(game.scores)
        result = game.apply(policy(hand, legal, rng))
        if result is None:
            assert game.hand is hand
            continue
        assert game.history[-1] is hand
        check_result(hand, result, facts)
        if result.misdeal:
            assert game.scores == scores
        else:
            assert game.scores == list(result.scores)
            assert [b + d for b, d in zip(scores, result.delta, strict=True)] == game.scores
        check_teams_share(rules, game.scores)
        if not game.over:
            assert list(game.hand.scores_before) == game.scores
    return game


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_random_self_play_keeps_every_invariant(config: tuple[str, int, dict[str, object]]) -> None:
    name, n, options = config
    rules = make_rules(name, options, players=n)
    hands = games = 0
    while hands < HANDS_PER_CONFIG:
        game = play_checked_game(rules, seed=1000 * n + games, deep_hands=DEEP_HANDS)
        assert game.over, f"no winner after {MAX_HANDS} hands"
        assert game.end is not None and game.end.winners
        assert game.legal_actions() == [] and game.to_act is None
        check_teams_share(rules, game.scores)
        hands += len(game.history)
        games += 1


def test_the_configurations_cover_every_preset() -> None:
    assert {c[0] for c in CONFIGS} == set(presets()) == set(ref.FACTS)
    assert len(CONFIGS) >= 30
