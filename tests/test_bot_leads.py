"""Leads that give points away: a bot on lead does not lead a point card into an unseen higher card
of another side when a lead that risks less is at hand (the heuristic bot, the search bots with
small budgets and fixed seeds, the expert bot, and the hint)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from pitchkit import make_rules
from pitchkit.advice.hints import hint_json
from pitchkit.bots import make_bot
from pitchkit.engine.actions import Bid, Phase, Play
from pitchkit.engine.cards import Card, deck
from pitchkit.engine.view import View, make_view
from pitchkit.search.budget import Budget
from pitchkit.search.expert import ExpertBot
from pitchkit.search.ismcts import IsmctsBot
from pitchkit.search.pimc import PimcBot
from tests.scenarios import act, deal, play
from tests.scenarios.test_ten_point import deal10, prelude, seated
from tests.test_bots import deal_with

#: enough search to see the risk, small enough for a test
SMALL = Budget(samples=12, iterations=300, nodes=150_000)

Chooser = Callable[[View], Play]


def _chooser(name: str, seed: int) -> Chooser:
    def choose(view: View) -> Play:
        if name == "heuristic":
            bot = make_bot(name, seed=seed)
        elif name == "pimc":
            bot = PimcBot(random.Random(seed), SMALL)
        elif name == "expert":
            bot = ExpertBot(random.Random(seed), SMALL)
        else:
            bot = IsmctsBot(random.Random(seed), SMALL)
        action = bot.choose(view)
        assert isinstance(action, Play)
        return action
    return choose


BOTS = ["heuristic", "pimc", "ismcts", "expert"]


def pitcher_with_king_jack_ten(seed: int) -> View:
    """pct: seat 1 won the auction with K♠ J♠ 10♠ and three low cards of other suits, and leads."""
    rules = make_rules("pct")
    hand = deal_with(rules, random.Random(seed), dealer=0, fixed={1: ["KS", "JS", "TS", "7H", "3D", "4C"]})
    hand.apply(Bid(1, 2))
    while hand.phase == Phase.AUCTION:
        seat = hand.to_act
        assert seat is not None
        hand.apply(Bid(seat, None))
    return make_view(hand, 1)


@pytest.mark.parametrize("name", BOTS)
@pytest.mark.parametrize("seed", [0, 1])
def test_pitcher_does_not_lead_the_ten_into_the_unseen_ace(name: str, seed: int) -> None:
    view = pitcher_with_king_jack_ten(seed)
    assert view.trump is None and Card.parse("AS") not in view.hand
    # the ten and the jack lose their points to the ace or queen; the king risks three game points
    assert _chooser(name, seed)(view).card == Card.parse("KS")


def partner_with_the_jack() -> View:
    """ten-point, hearts: seat 0 bid 5 and led 4♥, seat 2 (its partner) won the trick with K♥ and
    leads, holding J♥ 7♥ and clubs; A♥ and Q♥ are unseen to it."""
    kept = ("4H 8H 2S 3S 4S 5S", "5H AH TH 3H 5C 6C", "KH JH 7H 8C 9C TC", "6H 9H BJ LJ JD 2H")
    hands = seated(kept, 0)
    dealt = {c for h in hands for c in h.split()}
    stock = [str(c) for c in deck(2) if str(c) not in dealt]
    h = deal10(*hands, dealer=3, stock=" ".join(stock))
    prelude(h, dealer=3, bids={0: "5"})
    act(h, f"0 discard {' '.join(stock)}")
    play(h, "4H 5H KH 6H")
    assert h.to_act == 2
    return make_view(h, 2)


@pytest.mark.slow
@pytest.mark.parametrize("name", BOTS)
def test_ten_point_partner_does_not_lead_the_jack_into_the_unseen_ace(name: str) -> None:
    view = partner_with_the_jack()
    assert Card.parse("JH") in view.hand
    assert _chooser(name, 3)(view).card != Card.parse("JH")


def ten_into_a_void() -> View:
    """pct, spades: seat 1 pitched, led A♠ and then A♦, on which seat 2 showed out of diamonds;
    seat 1 leads again, holding the boss K♠ (a safe winner that draws a trump) and 10♦."""
    hands = ("5S 4D 8C 9C 2H 3H", "AS KS AD TD 7H 8H", "3S QS 4C 5C 6C QC", "4S 3D JC 5H 6H TH")
    dealt = {c for h in hands for c in h.split()}
    h = deal("pct", *hands, dealer=0, stock=" ".join(str(c) for c in deck(0) if str(c) not in dealt))
    act(h, "1 bid 2", "2 pass", "3 pass", "0 pass")
    act(h, "1 play AS", "2 play 3S", "3 play 4S", "0 play 5S", "1 play AD", "2 play 4C", "3 play 3D",
        "0 play 4D")
    assert h.to_act == 1
    return make_view(h, 1)


@pytest.mark.parametrize("name", BOTS)
def test_pitcher_does_not_lead_a_ten_the_void_seat_may_trump(name: str) -> None:
    assert _chooser(name, 5)(ten_into_a_void()).card != Card.parse("TD")


@pytest.mark.parametrize("bot", ["heuristic", "pimc"])
def test_hint_does_not_suggest_a_ten_the_void_seat_may_trump(bot: str) -> None:
    hint = hint_json(bot, ten_into_a_void(), seed=7)
    assert hint["action"]["play"] != "TD"

