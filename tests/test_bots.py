"""The bots: legal actions in every preset and phase, only the seat's view, determinism, and the
heuristic bot's Pitch sense in small set pieces."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence

import pytest

from pitchkit import Game, make_rules
from pitchkit.bots import Bot, bot_names, make_bot
from pitchkit.engine.actions import Action, Bid, Choice, Choose, DeclareTrump, Discard, Phase, Play
from pitchkit.engine.cards import CARDS, Card, Suit, deck, parse_cards
from pitchkit.engine.hand import Hand
from pitchkit.engine.presets import presets
from pitchkit.engine.rules import AllPass, Rules, TrumpBy
from pitchkit.engine.view import View, make_view

PRESETS = list(presets())
#: the presets that bid and score points (the others score by tricks)
PITCH = [name for name, p in presets().items() if p.rules.score_by == "points"]


def deal_with(rules: Rules, rng: random.Random, *, dealer: int, fixed: Mapping[int, Sequence[str]],
              scores: Sequence[int] | None = None) -> Hand:
    """A hand where the seats in ``fixed`` hold the named cards and the rest is dealt at random."""
    held = {s: parse_cards(list(cs)) for s, cs in fixed.items()}
    used = {c for cs in held.values() for c in cs}
    rest = [c for c in deck(rules.jokers) if c not in used]
    rng.shuffle(rest)
    hands: list[list[int]] = []
    for s in range(rules.players):
        if s in held:
            hands.append([int(c) for c in held[s]])
        else:
            hands.append([int(c) for c in rest[:rules.hand_size]])
            rest = rest[rules.hand_size:]
    return Hand(rules, dealer=dealer, hands=hands, stock=[int(c) for c in rest], scores=scores)


def act(hand: Hand, bot: Bot, seat: int) -> Action:
    """Ask ``bot`` for ``seat``'s action, check it is legal, apply it."""
    view = make_view(hand, seat)
    action = bot.choose(view)
    hand.verify(action)
    if view.discard_options is None:
        assert action in view.legal
    hand.apply(action)
    return action


def play_hand(preset: str, seed: int, bot: Callable[[int], Bot]) -> list[Action]:
    """The actions of one hand of ``preset`` dealt from ``seed``, seat ``s`` played by ``bot(s)``,
    each checked legal."""
    rules = make_rules(preset)
    bots = [bot(s) for s in range(rules.players)]
    hand = Hand.deal(rules, random.Random(seed), dealer=seed % rules.players)
    out: list[Action] = []
    while not hand.done:
        seat = hand.to_act
        assert seat is not None
        out.append(act(hand, bots[seat], seat))
    return out


#: the auction's work per decision of a search bot playing whole hands in the tests: enough that
#: bids are simulated, small enough that a hand takes seconds without the compiled solver
HAND_SAMPLES, HAND_NODES = 2, 200_000


def play_simulated_hand(preset: str, seed: int, bot: Callable[[int], Bot],
                        monkeypatch: pytest.MonkeyPatch) -> list[Action]:
    """:func:`play_hand`, checking that some bid was chosen by simulating the auction (where hands
    are drawn to after the auction, the search bots bid by the estimate alone)."""
    from pitchkit.search import contract

    simulated: list[bool] = []
    enough = contract.enough

    def counted(sim: contract.Simulation) -> bool:
        simulated.append(enough(sim))
        return simulated[-1]

    monkeypatch.setattr(contract, "enough", counted)
    actions = play_hand(preset, seed, bot)
    assert any(simulated) or make_rules(preset).draw_to
    return actions


def phase_of(hand: Hand) -> Phase:
    """The hand's phase (a call, so that type narrowing does not outlive an action)."""
    return hand.phase


def player_counts(rules: Rules) -> Iterable[int]:
    top = min(rules.max_players, 7)
    return range(rules.min_players, top + 1)


# -- legality ------------------------------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_bots_choose_only_legal_actions_in_every_phase(preset: str) -> None:
    rng = random.Random(preset)
    phases: set[Phase] = set()
    base = make_rules(preset)
    for players in player_counts(base):
        rules = make_rules(preset, players=players)
        target = rules.target or 11
        for i in range(6):
            names = ["heuristic" if (s + i) % 3 else "random" for s in range(players)]
            if i == 0:
                names = ["heuristic"] * players
            bots = [make_bot(n, seed=i * 31 + s) for s, n in enumerate(names)]
            scores = [rng.randint(-target // 2, target - 1) for _ in range(players)]
            hand = Hand.deal(rules, rng, dealer=i % players, scores=scores)
            while not hand.done:
                seat = hand.to_act
                assert seat is not None
                phases.add(hand.phase)
                act(hand, bots[seat], seat)
    expected = {Phase.AUCTION, Phase.PLAY}
    if base.trump_by == TrumpBy.DECLARE or (base.off_jack and base.trump_by == TrumpBy.LEAD):
        expected.add(Phase.TRUMP)
    if base.draw_to or base.trump_by == TrumpBy.UPCARD:
        expected.add(Phase.DISCARD)
    assert expected <= phases


def test_heuristic_is_registered() -> None:
    assert {"heuristic", "random"} <= set(bot_names())
    assert make_bot("heuristic", seed=1).name == "heuristic"


@pytest.mark.parametrize("preset", PRESETS)
def test_heuristic_games_are_deterministic_for_a_seed(preset: str) -> None:
    def run(seed: int) -> list[Action]:
        rules = make_rules(preset)
        game = Game(rules, seed=3)
        bots = [make_bot("heuristic", seed=seed * 10 + s) for s in range(rules.players)]
        log: list[Action] = []
        while not game.over and len(game.history) < 4:
            seat = game.to_act
            assert seat is not None
            action = bots[seat].choose(game.view(seat))
            log.append(action)
            game.apply(action)
        return log

    first = run(5)
    assert first == run(5)
    assert len(first) > 20


# -- only the seat's view ------------------------------------------------------------------------

def _same_view_other_cards(rules: Rules, seed: int) -> tuple[Hand, Hand]:
    """Two deals that give seat 1 the same cards and differ in every other seat's cards."""
    rng = random.Random(seed)
    cards = [CARDS[c] for c in rules.deck_cards]
    rng.shuffle(cards)
    # a card turned face up for making trump is public: it stays the same
    up = [cards.pop()] if rules.trump_by == TrumpBy.UPCARD else []
    n, k = rules.players, rules.hand_size
    mine = cards[:k]
    rest = cards[k:]
    a_hands = [rest[i * k:(i + 1) * k] for i in range(n - 1)]
    a_stock = up + rest[(n - 1) * k:]
    rest_b = list(rest)
    rng.shuffle(rest_b)
    b_hands = [rest_b[i * k:(i + 1) * k] for i in range(n - 1)]
    b_stock = up + rest_b[(n - 1) * k:]

    def build(others: list[list[Card]], stock: list[Card]) -> Hand:
        hands = [others[0], mine, *others[1:]]
        return Hand(rules, dealer=0, hands=[[int(c) for c in h] for h in hands],
                    stock=[int(c) for c in stock])

    return build(a_hands, a_stock), build(b_hands, b_stock)


@pytest.mark.parametrize("preset", PRESETS)
def test_choice_depends_only_on_the_view(preset: str) -> None:
    rules = make_rules(preset)
    decisions = 0
    for seed in range(4):
        a, b = _same_view_other_cards(rules, seed)
        assert a.hands[0] != b.hands[0] or a.hands[2] != b.hands[2]
        va, vb = make_view(a, 1), make_view(b, 1)
        assert va == vb
        assert make_bot("heuristic", seed=9).choose(va) == make_bot("heuristic", seed=9).choose(vb)
        decisions += 1
        # seat 1 (first to bid) pitches if it bids; the others pass whenever they may
        bid = make_bot("heuristic", seed=9).choose(va)
        for hand in (a, b):
            hand.apply(bid)
            while hand.phase == Phase.AUCTION:
                seat = hand.to_act
                assert seat is not None
                legal = hand.legal_actions()
                if hand.upcard is not None and seat == hand.dealer and hand.auction.round == 2:
                    hand.apply(legal[-1])  # the dealer names trump rather than throw the hand in
                    continue
                hand.apply(Bid(seat, None) if Bid(seat, None) in legal else legal[0])
        # then every decision of seat 1 until another seat acts: trump, discard, the first lead
        while a.to_act == 1 and not a.done:
            assert b.to_act == 1
            va, vb = make_view(a, 1), make_view(b, 1)
            assert va == vb
            choice = make_bot("heuristic", seed=9).choose(va)
            assert choice == make_bot("heuristic", seed=9).choose(vb)
            a.apply(choice)
            b.apply(choice)
            decisions += 1
    assert decisions >= 5


def test_view_mid_hand_does_not_leak_other_hands() -> None:
    """After a trick, rebuild the deal with the unplayed cards of the other seats reshuffled; if the
    same public play stays legal, seat 1 sees the same view and makes the same choice."""
    rules = make_rules("pct")
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        a = Hand.deal(rules, rng, dealer=0)
        bots = [make_bot("heuristic", seed=s) for s in range(4)]
        while not a.done and len(a.tricks) < 1:
            seat = a.to_act
            assert seat is not None
            act(a, bots[seat], seat)
        if a.done or a.auction.ran:
            continue
        played = {c for plays, _ in a.tricks for _, c in plays}
        free = [c for s in (0, 2, 3) for c in a.initial_hands[s] if c not in played] + list(a.initial_stock)
        rng.shuffle(free)
        hands: list[list[int]] = []
        for s in range(4):
            if s == 1:
                hands.append([int(c) for c in a.initial_hands[1]])
                continue
            keep = [int(c) for plays, _ in a.tricks for p, c in plays if p == s]
            need = rules.hand_size - len(keep)
            hands.append(keep + [int(c) for c in free[:need]])
            free = free[need:]
        b = Hand(rules, dealer=0, hands=hands, stock=[int(c) for c in free])
        try:
            for action in a.log:
                b.apply(action)
        except ValueError:
            continue
        seat = a.to_act
        assert seat is not None and b.to_act == seat
        if seat != 1:
            continue
        va, vb = make_view(a, 1), make_view(b, 1)
        assert a.hands != b.hands
        assert va == vb
        assert make_bot("heuristic", seed=2).choose(va) == make_bot("heuristic", seed=2).choose(vb)
        checked += 1
    assert checked >= 3


# -- Pitch sense ---------------------------------------------------------------------------------

def _first_bid(rules: Rules, cards: Sequence[str], *, seed: int = 0,
               scores: Sequence[int] | None = None) -> Action:
    hand = deal_with(rules, random.Random(seed), dealer=0, fixed={1: cards}, scores=scores)
    return make_bot("heuristic", seed=1).choose(make_view(hand, 1))


@pytest.mark.parametrize("preset", ["pct", "pct-tournament", "smudge", "auction", "auction-partners"])
def test_no_bid_of_four_without_the_ace_of_trump(preset: str) -> None:
    rules = make_rules(preset)
    # scores where an opponent is one point from the target make the bot as bold as it gets
    target = rules.target or 11
    scores = [target - 1, 0, target - 1, target - 1]
    strong_no_ace = ["KH", "QH", "JH", "TH", "9H", "2H"]
    for seed in range(5):
        action = _first_bid(rules, strong_no_ace, seed=seed, scores=scores)
        assert isinstance(action, Bid)
        assert action.amount is not None and action.amount < 4
    with_ace = ["AH", "KH", "QH", "JH", "TH", "2H"]
    action = _first_bid(rules, with_ace, scores=scores)
    assert isinstance(action, Bid) and action.amount == 4


@pytest.mark.parametrize("preset", ["pct", "auction"])
def test_long_suits_bid_four_only_holding_the_ace_of_the_suit_led(preset: str) -> None:
    rules = make_rules(preset)
    rng = random.Random(11)
    fours = without_ace = 0
    for i in range(150):
        suit = rng.choice("CDHS")
        ranks = ["2", *rng.sample("9TJQKA", 4)]
        other = rng.choice([s for s in "CDHS" if s != suit])
        cards = [r + suit for r in ranks] + [rng.choice("2345678") + other]
        without_ace += "A" not in ranks
        hand = deal_with(rules, rng, dealer=0, fixed={1: cards}, scores=[10, 0, 10, 10])
        bot = make_bot("heuristic", seed=i)
        action = bot.choose(make_view(hand, 1))
        if not (isinstance(action, Bid) and action.amount == 4):
            continue
        fours += 1
        hand.apply(action)
        while hand.phase == Phase.AUCTION:
            seat = hand.to_act
            assert seat is not None
            hand.apply(Bid(seat, None))
        lead = bot.choose(make_view(hand, 1))
        assert isinstance(lead, Play) and lead.card.suit is not None
        assert Card.parse("A" + str(lead.card.suit)) in hand.holding(1)
    assert fours >= 5 and without_ace >= 30


@pytest.mark.parametrize("preset", PITCH)
def test_pitcher_with_ace_king_jack_bids_and_leads_that_suit(preset: str) -> None:
    rules = make_rules(preset)
    cards = ["AS", "KS", "JS", "4D", "7H", "9C"]
    if rules.hand_size > 6:
        cards += ["5D", "8H", "6C"][: rules.hand_size - 6]
    hand = deal_with(rules, random.Random(3), dealer=0, fixed={1: cards})
    bot = make_bot("heuristic", seed=4)
    action = bot.choose(make_view(hand, 1))
    assert isinstance(action, Bid) and action.amount is not None
    hand.apply(action)
    while hand.phase == Phase.AUCTION:
        seat = hand.to_act
        assert seat is not None
        hand.apply(Bid(seat, None))
    assert hand.pitcher == 1
    if hand.phase == Phase.TRUMP:
        declared = bot.choose(make_view(hand, 1))
        assert declared == DeclareTrump(1, Suit.S)
        hand.apply(declared)
        others = make_bot("heuristic", seed=5)
        while phase_of(hand) in (Phase.DISCARD, Phase.EXCHANGE):
            seat = hand.to_act
            assert seat is not None
            act(hand, bot if seat == 1 else others, seat)
    lead = act(hand, bot, 1)
    assert isinstance(lead, Play)
    assert hand.trump == Suit.S


@pytest.mark.parametrize("preset", PITCH)
def test_dealer_forced_bid(preset: str) -> None:
    rules = make_rules(preset)
    n = rules.players
    weak = ["2C", "5D", "7H", "9S", "3C", "4D", "6H", "8S", "5C"][: rules.hand_size]
    strong = ["AH", "KH", "QH", "JH", "TH", "2H", "3H", "4H", "5H"][: rules.hand_size]
    for cards, want_bid in ((weak, False), (strong, True)):
        hand = deal_with(rules, random.Random(8), dealer=0, fixed={0: cards})
        while hand.to_act != 0:
            seat = hand.to_act
            assert seat is not None
            hand.apply(Bid(seat, None))
        assert len(hand.auction.bids) == n - 1
        action = make_bot("heuristic", seed=1).choose(make_view(hand, 0))
        hand.verify(action)
        if isinstance(action, Choose):
            # only a weak dealer may run it (take-or-run), or call a misdeal when the rules allow
            assert not want_bid
            run = action.option == Choice.RUN and rules.all_pass == AllPass.TAKE_OR_RUN
            misdeal = action.option == Choice.MISDEAL and rules.misdeal_no_face
            assert run or misdeal
        else:
            assert isinstance(action, Bid) and action.amount is not None
            assert action.amount >= rules.forced_bid
            if not want_bid:
                assert rules.all_pass != AllPass.TAKE_OR_RUN


def test_pct_weak_dealer_runs_it() -> None:
    rules = make_rules("pct")
    hand = deal_with(rules, random.Random(1), dealer=0, fixed={0: ["2C", "5D", "7H", "9S", "3C", "4D"]})
    for _ in range(3):
        seat = hand.to_act
        assert seat is not None
        hand.apply(Bid(seat, None))
    assert make_bot("heuristic", seed=1).choose(make_view(hand, 0)) == Choose(0, Choice.RUN)


def test_never_smudge_without_a_sure_hand() -> None:
    rules = make_rules("ten-point")
    rng = random.Random(4)
    for i in range(150):
        hand = Hand.deal(rules, rng, dealer=i % 4)
        seat = hand.to_act
        assert seat is not None
        action = make_bot("heuristic", seed=i).choose(make_view(hand, seat))
        if isinstance(action, Bid) and action.amount is not None:
            assert not rules.is_special_bid(action.amount)


def _play_to(rules: Rules, fixed: Mapping[int, Sequence[str]], trick: Sequence[tuple[int, str]], *,
             trump: Suit, pitcher: int) -> View:
    """A view of the seat after ``trick``: the first-trick plays of a hand with trump ``trump``."""
    hand = deal_with(rules, random.Random(2), dealer=(pitcher - 1) % rules.players, fixed=fixed)
    assert hand.to_act == pitcher
    hand.apply(Bid(pitcher, rules.forced_bid))
    while hand.phase == Phase.AUCTION:
        seat = hand.to_act
        assert seat is not None
        hand.apply(Bid(seat, None))
    for seat, card in trick:
        hand.apply(Play(seat, Card.parse(card)))
    assert hand.trump == trump
    seat = hand.to_act
    assert seat is not None
    return make_view(hand, seat)


def test_feeds_the_ten_to_a_partner_who_wins_the_trick() -> None:
    rules = make_rules("auction-partners")
    fixed = {1: ["AH", "3H", "4C", "5C", "6C", "7C"], 2: ["QH", "KH", "2C", "3C", "4S", "5S"],
             3: ["TD", "2D", "8C", "9C", "6S", "7S"]}
    view = _play_to(rules, fixed, [(1, "AH"), (2, "QH")], trump=Suit.H, pitcher=1)
    assert view.seat == 3 and rules.team_of(3) == rules.team_of(1)
    # the partner's ace of trump wins the trick whatever comes; seat 3 has no trump to follow with
    assert make_bot("heuristic", seed=1).choose(view) == Play(3, Card.parse("TD"))


def test_keeps_the_ace_of_trump_for_a_trick_worth_taking() -> None:
    rules = make_rules("pct")
    defender = ["AC", "9C", "2S", "9H", "8H", "5S"]
    view = _play_to(rules, {1: ["4C", "3D", "5D", "6D", "7D", "8D"], 2: defender}, [(1, "4C")],
                    trump=Suit.C, pitcher=1)
    assert view.seat == 2
    # a worthless trump lead: the nine will do, the ace waits for the jack or the ten
    assert make_bot("heuristic", seed=1).choose(view) == Play(2, Card.parse("9C"))
    view = _play_to(rules, {1: ["JC", "3D", "5D", "6D", "7D", "8D"], 2: defender}, [(1, "JC")],
                    trump=Suit.C, pitcher=1)
    assert make_bot("heuristic", seed=1).choose(view) == Play(2, Card.parse("AC"))


def test_ten_point_discards_shed_plain_cards_before_trumps() -> None:
    rules = make_rules("ten-point")
    discards = 0
    for seed in range(12):
        rng = random.Random(seed)
        hand = Hand.deal(rules, rng, dealer=seed % 4)
        bots = [make_bot("heuristic", seed=s) for s in range(4)]
        while not hand.done and hand.phase != Phase.PLAY:
            seat = hand.to_act
            assert seat is not None
            view = make_view(hand, seat)
            action = act(hand, bots[seat], seat)
            if view.discard_options is None:
                continue
            assert isinstance(action, Discard)
            tt = hand.trump_table
            assert tt is not None
            cards, _, most = view.discard_options
            plain = {c for c in cards if not tt.is_trump(c)}
            trumps = sorted((c for c in cards if tt.is_trump(c)), key=lambda c: tt.power[c])
            thrown = set(action.cards)
            assert len(thrown & plain) == min(len(plain), len(thrown), most)
            thrown_trumps = [c for c in trumps if c in thrown]
            if thrown_trumps:
                assert plain <= thrown
                assert thrown_trumps == trumps[: len(thrown_trumps)]
            discards += 1
    assert discards >= 30


def test_two_sets_in_a_row_make_the_bidder_careful() -> None:
    """Ten-point: three sets in a row lose the game, so after two the bot asks more of its hand."""
    from pitchkit.bots.bidding import make_threshold
    from pitchkit.bots.heuristic import SetStreak

    rules = make_rules("ten-point")
    assert rules.sets_to_lose == 3
    streak = SetStreak()
    scores = [5, 5, 5, 5]
    seen = []
    for dealer in range(3):
        hand = deal_with(rules, random.Random(dealer), dealer=dealer, fixed={}, scores=scores)
        seen.append(streak.observe(make_view(hand, 1)))
        pitcher = hand.to_act
        assert pitcher is not None and rules.team_of(pitcher) == rules.team_of(1 + dealer)
        hand.apply(Bid(pitcher, 6))
        while hand.phase == Phase.AUCTION:
            seat = hand.to_act
            assert seat is not None
            hand.apply(Bid(seat, None))
        streak.observe(make_view(hand, 1))
        # the bidding side is set: it loses its bid, the other side scores what it took
        scores = [s - 6 if rules.team_of(s_) == rules.team_of(pitcher) else s + 3
                  for s_, s in enumerate(scores)]
    last = deal_with(rules, random.Random(9), dealer=3, fixed={}, scores=scores)
    view = make_view(last, 1)
    seen.append(streak.observe(view))
    # seat 1's side bid (and was set in) the hands dealt by 0 and 2; the other side's set in
    # between does not break its run, as in the game's own count
    assert seen == [0, 1, 1, 2]
    assert make_threshold(view, 6, sets_in_a_row=2) > make_threshold(view, 6, sets_in_a_row=1)


def test_heuristic_partner_exchange_helps_the_bidder() -> None:
    """Ten-point's partner exchange: the bidder's partner passes its best trump (here the 3H, worth
    three), the others their weakest card that scores nothing: a low card outside trump, and the
    bidder, who holds only trumps, the king (no point card in ten-point)."""
    from tests.scenarios.test_ten_point import drawn_to_exchange

    hand = drawn_to_exchange()  # seat 2 bid in hearts and holds AH KH JH JD BJ LJ
    bot = make_bot("heuristic", seed=1)
    passes = {}
    while hand.phase == Phase.EXCHANGE:
        seat = hand.to_act
        assert seat is not None
        action = bot.choose(make_view(hand, seat))
        assert action in hand.legal_actions()
        passes[seat] = [str(c) for c in action.cards]  # type: ignore[union-attr]
        hand.apply(action)
    assert passes == {0: ["3H"], 1: ["5D"], 2: ["KH"], 3: ["9C"]}
    for name in ("pimc", "ismcts", "random"):
        other = drawn_to_exchange()
        seat = other.to_act
        assert seat is not None
        assert make_bot(name, seed=2).choose(make_view(other, seat)) in other.legal_actions()
