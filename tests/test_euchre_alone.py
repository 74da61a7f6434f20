"""Euchre's going-alone variations and the hands thrown in or exchanged around the make, as options
of the rules model: scenario tests that quote seed 004 ("Going alone", "Throw-ins", "Farmer's
hand"), and random self-play with every option on.

Seats 0 and 2 are partners against 1 and 3; the dealer is seat 3, so seat 0 speaks and leads first.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from textual.pilot import Pilot

from pitchkit import Game, Hand, make_rules
from pitchkit.bots import make_bot, random_action
from pitchkit.engine.actions import Bid, Choice, Choose, DeclareTrump, Discard, PassCards, Phase, Play
from pitchkit.engine.cards import Card, Suit, parse_cards
from pitchkit.engine.errors import IllegalActionError, RulesError
from pitchkit.engine.presets import modified_options, rules_label
from pitchkit.engine.record import hand_record, score_document
from pitchkit.engine.rules import Rules
from pitchkit.engine.scoring import trick_tally
from pitchkit.engine.view import make_view
from pitchkit.search.position import Deal
from pitchkit.search.solver import Solver
from pitchkit.tui.keys import choices
from pitchkit.tui.render import prompt_text
from tests.test_solver import euchre_ending, minimax
from tests.test_tui import make_app, run, settle

EUCHRE = make_rules("euchre")
ALL: dict[str, object] = {"partners-best": True, "defend-alone-points": 8, "blind-loner-points": 8,
                          "throw-in-no-trump": True, "farmers-hand": 3, "throw-in": True}

#: seat 1 holds only nines and tens (a farmer's hand; with hearts trump, no ace, no face, no trump);
#: the upcard is the 9 of hearts, and the kitty's face-down cards are QH JS KS
FARMER = ["JH JD AH KC AS", "9C TC 9S TS 9D", "KH QC JC QS TD", "TH AC AD KD QD"]
KITTY = "9H QH JS KS"


def deal(hands: list[str], stock: str, rules: Rules, *, dealer: int = 3) -> Hand:
    return Hand(rules, dealer=dealer, hands=[[int(c) for c in parse_cards(h.split())] for h in hands],
                stock=[int(c) for c in parse_cards(stock.split())])


def cards(text: str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(text.split())))


def phase(hand: Hand) -> Phase:
    """The hand's phase now (a call, so that checks before and after an action both type-check)."""
    return hand.phase


def held(hand: Hand, seat: int) -> set[str]:
    return {str(c) for c in hand.holding(seat)}


def order_up_alone(hand: Hand, seat: int = 0) -> None:
    """Seats before ``seat`` pass; ``seat`` orders up the upcard's suit and goes alone."""
    while hand.to_act != seat:
        hand.apply(Bid(hand.to_act or 0, None))
    hand.apply(DeclareTrump(seat, Suit.H))
    hand.apply(Choose(seat, Choice.ALONE))


def tricks_won(winners: list[int]) -> list[tuple[tuple[tuple[int, int], ...], int]]:
    return [((), w) for w in winners]


# -- partner's best ----------------------------------------------------------------------------------

def test_partners_best_the_loner_takes_a_card_from_the_partner_and_gives_one_back() -> None:
    """Seed 004: "Partner's Best: When a maker "goes alone", he and his partner exchange a single card
    from their hands, concealed from all other players, before trick-taking begins." """
    hand = deal(FARMER, KITTY, EUCHRE.with_options({"partners-best": True}))
    order_up_alone(hand)
    hand.apply(Discard(3, cards("QD")))  # the dealer picked up the upcard
    assert hand.phase == Phase.EXCHANGE and hand.to_act == 2  # the partner passes first
    assert hand.legal_actions() == [PassCards(2, (c,)) for c in hand.holding(2)]
    with pytest.raises(IllegalActionError, match="exactly 1"):
        hand.apply(PassCards(2, cards("KH QC")))
    hand.apply(PassCards(2, cards("KH")))
    assert "KH" in held(hand, 0) and len(hand.holding(0)) == 6 and hand.to_act == 0
    assert make_view(hand, 0).received == cards("KH")  # the loner sees it before giving one back
    hand.apply(PassCards(0, cards("KC")))
    assert held(hand, 2) == {"KC", "QC", "JC", "QS", "TD"} and len(hand.holding(0)) == 5
    assert phase(hand) == Phase.PLAY and hand.to_act == 0
    for other in (1, 3):  # concealed from the others
        view = make_view(hand, other)
        assert not any(isinstance(a, PassCards) for a in view.log) and view.received == ()
    assert PassCards(0, cards("KC")) in make_view(hand, 2).log


def test_without_partners_best_a_loner_plays_at_once() -> None:
    hand = deal(FARMER, KITTY, EUCHRE)
    order_up_alone(hand)
    hand.apply(Discard(3, cards("QD")))
    assert hand.phase == Phase.PLAY


# -- defending alone ---------------------------------------------------------------------------------

def test_defending_alone_the_defender_is_asked_after_the_loner_and_its_partner_sits_out() -> None:
    """Seed 004: "Defending Alone: When a maker decides to go alone, one of the opposing players has
    the option of "defending alone". Here, one of the opposing players calls out "I'll defend alone"
    right after the loner establishes himself or herself." """
    hand = deal(FARMER, KITTY, EUCHRE.with_options({"defend-alone-points": 8}))
    order_up_alone(hand)
    assert hand.to_act == 1 and hand.legal_actions() == [Choose(1, Choice.ALONE), Choose(1, Choice.PARTNER)]
    with pytest.raises(IllegalActionError, match="defend alone"):
        hand.apply(Bid(1, None))
    hand.apply(Choose(1, Choice.PARTNER))  # the first defender declines: the other may still
    assert hand.to_act == 3
    hand.apply(Choose(3, Choice.ALONE))
    assert hand.lone_defender == 3 and hand.out_seats == (2, 1)
    hand.apply(Discard(3, cards("QD")))
    assert hand.to_act == 0
    play_out(hand, random.Random(1))
    assert all(len(plays) == 2 and {s for s, _ in plays} == {0, 3} for plays, _ in hand.tricks)
    result = score_document(hand_record(hand))
    assert result["lone_defender"] == 3 and result["sitting_out"] == 2


def test_a_second_defender_is_not_asked_once_one_defends_alone() -> None:
    hand = deal(FARMER, KITTY, EUCHRE.with_options({"defend-alone-points": 8}))
    order_up_alone(hand, seat=2)  # seat 2 alone: seat 1 then seat 3 are asked, from the dealer's left
    assert hand.to_act == 1
    hand.apply(Choose(1, Choice.ALONE))
    assert hand.phase == Phase.DISCARD and hand.out_seats == (0, 3)


def test_a_lone_defender_who_euchres_the_loner_scores_eight() -> None:
    """Seed 004: "if the lone defender Euchres the loner, then his team earns 8 points." A loner who
    takes three or four still scores one, and five four, against a lone defender."""
    rules = EUCHRE.with_options({"defend-alone-points": 8})
    t, made = trick_tally(rules, seats=(0, 1, 2, 3), n_seats=4, maker=0, alone=True,
                          tricks=tricks_won([3, 0, 3, 3, 0]), lone_defender=3)
    assert not made and t.side_points == (0, 8, 0, 8) and t.awards[0].point == "lone-euchre"
    t, made = trick_tally(rules, seats=(0, 1, 2, 3), n_seats=4, maker=0, alone=True,
                          tricks=tricks_won([3, 0, 0, 3, 0]), lone_defender=3)
    assert made and t.side_points == (1, 0, 1, 0)
    t, _ = trick_tally(rules, seats=(0, 1, 2, 3), n_seats=4, maker=0, alone=True,
                       tricks=tricks_won([0] * 5), lone_defender=3)
    assert t.side_points == (4, 0, 4, 0)


def test_partners_best_for_the_lone_defender_too() -> None:
    """Seed 004: "If the "partner's best" subvariation is invoked, then this "lone defender" also has
    the opportunity to exchange a single card with their partner before tricks are played." """
    hand = deal(FARMER, KITTY, EUCHRE.with_options({"defend-alone-points": 8, "partners-best": True}))
    order_up_alone(hand)
    hand.apply(Choose(1, Choice.ALONE))
    hand.apply(Discard(3, cards("QD")))
    passers = []
    while hand.phase == Phase.EXCHANGE:
        seat = hand.to_act
        assert seat is not None
        passers.append(seat)
        hand.apply(PassCards(seat, (hand.holding(seat)[0],)))
    assert passers == [2, 0, 3, 1] and hand.to_act == 0


# -- blind double loner ------------------------------------------------------------------------------

def test_blind_double_loner_before_looking_the_upcard_is_trump_and_a_march_scores_eight() -> None:
    """Seed 004: "Blind-Double Loner: Before the maker sees his cards, the maker calls "blind double
    loner". Here, the turn card is automatically trump, and the game is played by normal loner rules.
    If the Blind-double Loner wins all 5 tricks, 8 points are awarded to the player's team." """
    hand = deal(FARMER, KITTY, EUCHRE.with_options({"blind-loner-points": 8, "partners-best": True}))
    assert hand.legal_actions() == [Choose(0, Choice.BLIND), Choose(0, Choice.LOOK)]
    assert make_view(hand, 0).hand == () and make_view(hand, 1).hand == ()  # nobody has looked
    with pytest.raises(IllegalActionError, match="blind or look"):
        hand.apply(Bid(0, None))
    hand.apply(Choose(0, Choice.LOOK))
    assert len(make_view(hand, 0).hand) == 5 and make_view(hand, 2).hand == ()
    hand.apply(Choose(1, Choice.BLIND))
    assert hand.trump == Suit.H and hand.pitcher == 1 and hand.sitting_out == 3 and hand.blind
    assert hand.phase == Phase.DISCARD and hand.to_act == 3  # the dealer still takes the upcard
    hand.apply(Discard(3, cards("QD")))
    assert phase(hand) == Phase.PLAY  # no partner's best for a blind loner
    t, _ = trick_tally(hand.rules, seats=(0, 1, 2, 3), n_seats=4, maker=1, alone=True, blind=True,
                       tricks=tricks_won([1] * 5))
    assert t.side_points == (0, 8, 0, 8) and t.awards[0].point == "blind-march"
    t, _ = trick_tally(hand.rules, seats=(0, 1, 2, 3), n_seats=4, maker=1, alone=True, blind=True,
                       tricks=tricks_won([1, 1, 1, 0, 2]))
    assert t.side_points == (0, 1, 0, 1)  # less than a march: normal loner rules


def test_when_nobody_calls_blind_the_making_goes_on_as_usual() -> None:
    hand = deal(FARMER, KITTY, EUCHRE.with_options({"blind-loner-points": 8}))
    for seat in (0, 1, 2, 3):
        hand.apply(Choose(seat, Choice.LOOK))
    assert hand.to_act == 0 and hand.legal_actions() == [Bid(0, None), DeclareTrump(0, Suit.H)]
    assert len(make_view(hand, 3).hand) == 5


# -- no ace, no face, no trump -----------------------------------------------------------------------

def test_no_ace_no_face_no_trump_is_thrown_in_after_the_make_instead_of_the_first_card() -> None:
    """Seed 004: "No Ace, No-Face, No-Trump: a throw-in hand determined after the make, containing only
    non-trump 9's and 10's." A throw-in hand "initiate[s] a redeal"."""
    hand = deal(FARMER, KITTY, EUCHRE.with_options({"throw-in-no-trump": True}))
    assert Choose(1, Choice.MISDEAL) not in hand.legal_actions()
    hand.apply(DeclareTrump(0, Suit.H))
    hand.apply(Choose(0, Choice.PARTNER))
    hand.apply(Discard(3, cards("QD")))
    assert Choose(0, Choice.MISDEAL) not in hand.legal_actions()  # the leader holds trumps
    with pytest.raises(IllegalActionError, match="non-trump nines and tens"):
        hand.apply(Choose(0, Choice.MISDEAL))
    hand.apply(Play(0, Card.parse("JH")))
    assert Choose(1, Choice.MISDEAL) in hand.legal_actions()
    assert Choose(1, Choice.MISDEAL) not in make_view(hand, 0).log  # keeping it tells nobody
    hand.apply(Choose(1, Choice.MISDEAL))
    assert hand.result is not None and hand.result.misdeal and not hand.result.deal_passes
    assert hand.result.delta == (0, 0, 0, 0)


def test_a_trump_nine_is_no_throw_in_and_neither_is_a_hand_after_its_first_card() -> None:
    rules = EUCHRE.with_options({"throw-in-no-trump": True})
    spades = deal(FARMER, KITTY, rules)
    for seat in (0, 1, 2, 3):
        spades.apply(Bid(seat, None))
    spades.apply(DeclareTrump(0, Suit.S))  # seat 1 holds the nine and ten of trump
    spades.apply(Choose(0, Choice.PARTNER))
    spades.apply(Play(0, Card.parse("AS")))
    assert Choose(1, Choice.MISDEAL) not in spades.legal_actions()
    hearts = deal(FARMER, KITTY, rules)
    hearts.apply(DeclareTrump(0, Suit.H))
    hearts.apply(Choose(0, Choice.PARTNER))
    hearts.apply(Discard(3, cards("QD")))
    for card in ("JH", "9C", "KH", "TH", "AH"):
        hearts.apply(Play(hearts.to_act or 0, Card.parse(card)))
    assert hearts.to_act == 1 and Choose(1, Choice.MISDEAL) not in hearts.legal_actions()


# -- the farmer's hand -------------------------------------------------------------------------------

def test_a_farmers_hand_exchanges_three_cards_with_the_kitty() -> None:
    """Seed 004: "certain throw-in hands are designated as "farmer's hands". The first player, upon
    being dealt one of the designated farmer's hands, to call out "farmer's hand!", is then allowed to
    exchange some pre-determined number of cards in their hand with the same number of cards from the
    kitty." Nines & Tens is "Also known as a "Farmer's hand"". """
    hand = deal(FARMER, KITTY, EUCHRE.with_options({"farmers-hand": 3}))
    assert Choose(0, Choice.FARMER) not in hand.legal_actions()
    with pytest.raises(IllegalActionError, match="farmer's hand"):
        hand.apply(Choose(0, Choice.FARMER))
    hand.apply(Bid(0, None))
    assert Choose(1, Choice.FARMER) in hand.legal_actions()
    hand.apply(Choose(1, Choice.FARMER))
    assert hand.phase == Phase.DISCARD and hand.discard_options(1) == (list(cards("9C TC 9S TS 9D")), 3, 3)
    with pytest.raises(IllegalActionError, match="exactly 3"):
        hand.apply(Discard(1, cards("9C TC")))
    hand.apply(Discard(1, cards("9C TC 9D")))
    assert held(hand, 1) == {"9S", "TS", "QH", "JS", "KS"}  # the kitty's face-down cards
    assert str(Card(hand.stock[0])) == "9H" and len(hand.stock) == 4  # the upcard stays
    assert phase(hand) == Phase.AUCTION and hand.to_act == 1
    assert hand.legal_actions() == [Bid(1, None), DeclareTrump(1, Suit.H)]  # now it speaks
    view = make_view(hand, 0)
    assert Choose(1, Choice.FARMER) in view.log and not any(isinstance(a, Discard) for a in view.log)
    assert Discard(1, cards("9C TC 9D")) in make_view(hand, 1).log
    replayed = score_document(hand_record(hand))  # pitch score replays the exchange
    assert replayed["to_act"] == 1 and {"seat": 1, "trump": "H"} in replayed["legal"]  # type: ignore[operator]


def test_a_farmers_hand_is_called_on_the_first_turn_only() -> None:
    hand = deal(FARMER, KITTY, EUCHRE.with_options({"farmers-hand": 2}))
    hand.apply(Bid(0, None))
    hand.apply(Bid(1, None))
    hand.apply(Bid(2, None))
    hand.apply(Bid(3, None))
    assert Choose(1, Choice.FARMER) not in hand.legal_actions() and hand.to_act == 0
    hand.apply(Bid(0, None))
    assert hand.legal_actions() == [Bid(1, None), *(DeclareTrump(1, s) for s in (Suit.C, Suit.D, Suit.S))]


# -- the options, the record, the bots and the table -------------------------------------------------

@pytest.mark.parametrize(("options", "message"), [
    ({"partners-best": True, "going-alone": False}, "partners-best needs going-alone"),
    ({"defend-alone-points": 8, "going-alone": False}, "defend-alone-points needs going-alone"),
    ({"blind-loner-points": 8, "going-alone": False}, "blind-loner-points needs going-alone"),
    ({"farmers-hand": 4}, "3 face-down"),
    ({"farmers-hand": 6}, "from 0 to 5"),
])
def test_the_options_are_checked(options: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        EUCHRE.with_options(options)
    with pytest.raises(RulesError, match=r"throw-in-no-trump does not apply to pct: .* there is no upcard"):
        make_rules("pct", {"throw-in-no-trump": True})
    assert make_rules("euchre-uk", {"farmers-hand": 4}).farmers_hand == 4  # a kitty of five


def test_the_variations_are_the_players_choices_in_the_presets() -> None:
    rules = EUCHRE.with_options(ALL)
    assert modified_options(rules) == () and rules_label(rules) == "euchre"


def play_out(hand: Hand, rng: random.Random) -> None:
    while not hand.done:
        assert hand.to_act is not None
        hand.apply(random_action(make_view(hand, hand.to_act), rng))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), preset=st.sampled_from(["euchre", "euchre-uk"]))
def test_random_play_with_every_variation_keeps_the_cards_and_replays_from_its_record(seed: int,
                                                                                   preset: str) -> None:
    rules = make_rules(preset, ALL)
    rng = random.Random(seed)
    hand = Hand.deal(rules, rng, dealer=seed % 4)
    play_out(hand, rng)
    everywhere = sum(m.bit_count() for m in hand.hands) + len(hand.stock) \
        + sum(m.bit_count() for m in hand.discards) + sum(len(p) for p, _ in hand.tricks)
    assert everywhere == rules.deck_size
    assert hand.result is not None
    assert score_document(hand_record(hand))["delta"] == list(hand.result.delta)
    if not hand.result.misdeal:
        assert sum(1 for d in hand.result.delta if d) in (0, 2)


@pytest.mark.parametrize("bots", [("heuristic",), ("random", "heuristic")])
def test_the_bots_play_every_new_decision_legally(bots: tuple[str, ...]) -> None:
    rules = make_rules("euchre", ALL)
    for seed in range(3):
        game = Game(rules, seed=seed)
        players = [make_bot(bots[s % len(bots)], seed=seed * 4 + s) for s in range(4)]
        while not game.over:
            seat = game.to_act
            assert seat is not None
            game.apply(players[seat].choose(game.view(seat)))
    hand = deal(FARMER, KITTY, rules)
    bot = make_bot("heuristic", seed=1)
    assert bot.choose(make_view(hand, 0)) == Choose(0, Choice.LOOK)  # blind only when it must
    hand.apply(Choose(0, Choice.LOOK))
    for seat in (1, 2, 3):
        hand.apply(Choose(seat, Choice.LOOK))
    hand.apply(Bid(0, None))
    assert bot.choose(make_view(hand, 1)) == Choose(1, Choice.FARMER)


def test_the_heuristic_defends_alone_only_with_a_very_strong_hand() -> None:
    rules = EUCHRE.with_options({"defend-alone-points": 8})
    weak = deal(FARMER, KITTY, rules)
    order_up_alone(weak)
    bot = make_bot("heuristic", seed=0)
    assert bot.choose(make_view(weak, 1)) == Choose(1, Choice.PARTNER)
    strong = deal(["9C TC 9S TS 9D", "JH JD AH KH AS", "KC QC JC QS TD", "TH AC AD KD QD"], KITTY, rules)
    order_up_alone(strong)
    assert bot.choose(make_view(strong, 1)) == Choose(1, Choice.ALONE)


def test_the_terminal_table_offers_each_new_decision(tmp_path: Path) -> None:
    """``pitch play``: b or l before looking, f for a farmer's hand, a or w to defend alone, one card
    to pass for partner's best, n to throw in instead of the first card."""
    rules = make_rules("euchre", ALL)
    hand = deal(FARMER, KITTY, rules)
    assert {k.key for k in choices(make_view(hand, 0))} == {"b", "l"}
    for seat in (0, 1, 2, 3):
        hand.apply(Choose(seat, Choice.LOOK))
    hand.apply(Bid(0, None))
    assert "f" in {k.key for k in choices(make_view(hand, 1)) if k.legal}
    hand.apply(Bid(1, None))
    hand.apply(Bid(2, None))
    hand.apply(DeclareTrump(3, Suit.H))
    hand.apply(Choose(3, Choice.ALONE))
    labels = {k.key: k.label for k in choices(make_view(hand, 0))}
    assert labels == {"a": "defend alone", "w": "with the partner"}
    hand.apply(Choose(0, Choice.PARTNER))
    hand.apply(Choose(2, Choice.PARTNER))
    hand.apply(Discard(3, cards("QD")))
    view = make_view(hand, 1)
    assert hand.to_act == 1 and "pass 1 card" in prompt_text(view, ["You"] * 4, choices(view)).plain
    late = deal(FARMER, KITTY, EUCHRE.with_options({"throw-in-no-trump": True}))
    late.apply(DeclareTrump(0, Suit.H))
    late.apply(Choose(0, Choice.PARTNER))
    late.apply(Discard(3, cards("QD")))
    late.apply(Play(0, Card.parse("JH")))
    view = make_view(late, 1)
    assert "n:throw in" in prompt_text(view, ["You"] * 4, choices(view)).plain
    app = make_app(rules, tmp_path, dealer=3)

    async def script(pilot: Pilot[None]) -> None:
        assert {k.key for k in choices(app.session.view(0))} == {"b", "l"} and app.session.view(0).hand == ()
        await pilot.press("l")
        await settle(app, pilot)
        assert len(app.session.view(0).hand) >= 5

    run(app, script)


def test_pitch_score_reads_the_new_decisions_from_a_record() -> None:
    """``pitch score``: the blind call, the look and the pass are record actions; the result says the
    hand is blind and who sits out."""
    doc = {"variant": "euchre", "options": {"blind-loner-points": 8, "partners-best": True}, "dealer": 3,
           "hands": [h.split() for h in FARMER], "stock": KITTY.split(),
           "actions": [{"seat": 0, "choose": "look"}, {"seat": 1, "choose": "blind"},
                       {"seat": 3, "discard": ["QD"]}, {"seat": 0, "play": "JH"}]}
    result = score_document(doc)
    assert result["complete"] is False and result["blind"] is True and result["sitting_out"] == 3
    assert result["maker"] == 1 and result["alone"] is True
    assert result["trump"] == "H" and result["to_act"] == 1


def test_the_solvers_score_a_lone_defenders_euchre_as_the_engine_does() -> None:
    """The search bots' exact solver (plain and compiled) leaves both partners who sit out out of the
    play and scores a lone defender's euchre as the engine does."""
    rng = random.Random("lone defenders")
    values = set()
    for cards_left in (3, 4):
        for _ in range(6):
            hand = euchre_ending({"defend-alone-points": 8}, rng, cards_left, alone=True)
            deal = Deal.from_hand(hand)
            assert hand.lone_defender is not None and len(deal.seats) == 2
            plain = Solver(deal, objective="delta")
            values.add(plain.value())
            assert plain.value() == minimax(hand, "delta")
            assert compiled_value(deal) in (None, plain.value())
    assert -8 in values  # some loner was euchred by the lone defender


def blind_ending(rng: random.Random, cards_left: int) -> Hand:
    """A hand whose first player calls a blind double loner, played at random into its play phase."""
    rules = make_rules("euchre", {"blind-loner-points": 8})
    while True:
        hand = Hand.deal(rules, rng, dealer=rng.randrange(4))
        hand.apply(Choose(hand.to_act or 0, Choice.BLIND))
        while not hand.done:
            seat = hand.to_act
            assert seat is not None
            if hand.phase == Phase.PLAY and hand.hands[seat].bit_count() == cards_left:
                return hand
            hand.apply(random_action(make_view(hand, seat), rng))


@pytest.mark.slow
def test_the_solvers_score_a_blind_double_loners_march_as_the_engine_does() -> None:
    rng = random.Random("blind loners")
    values = set()
    for cards_left in (3, 4):
        for _ in range(6):
            hand = blind_ending(rng, cards_left)
            deal = Deal.from_hand(hand)
            view_deal = Deal.from_view(make_view(hand, hand.to_act or 0), hand.hands)
            assert deal.blind and view_deal.blind and len(deal.seats) == 3
            plain = Solver(deal, objective="delta")
            values.add(plain.value())
            assert plain.value() == minimax(hand, "delta")
            assert compiled_value(deal) in (None, plain.value())
    assert 8 in values  # some blind double loner marched


def compiled_value(deal: Deal) -> int | None:
    """The compiled solver's value of ``deal`` for the seat to act, or None without pitchkit[fast]
    (CI runs this file with it too)."""
    try:
        from pitchkit.search import compiled
    except ImportError:
        return None
    if not compiled.enabled():
        return None
    return compiled.CompiledSolver(deal, objective="delta").value()
