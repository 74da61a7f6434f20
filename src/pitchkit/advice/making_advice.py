"""The reason behind a hint while trump is made with the upcard (Euchre), in words a player uses:
the holding in the suit ("three trumps with the right bower, an off ace and a void"), where the upcard
goes, and the chance that the makers make it (three tricks or more) and march (all five).

The chance comes from deals consistent with the seat's view (:mod:`pitchkit.search.sampling`, so no
card the seat cannot see is used): in each, the call is made, the rest of the making (going alone,
the dealer's discard) is the ``heuristic`` bot's, and the hand is solved with every card visible
(:func:`pitchkit.search.solving.make_solver`: the compiled solver when it is loaded, else the plain
one; both give the same values). Players who see every card play better than at the table, so the
chance is an optimistic one, and the reason says how it was found. When no deal could be solved, the
reason gives the ``heuristic`` bot's estimate instead and says so.

The hint judges the call against passing as it judges a bid (:func:`odds_action`): the call is worth
what it should change against passing (:func:`call_worth`: its expected score over the solved deals,
with the ``heuristic`` bot's strength for it, fitted on calls played out both ways), passing 0, and
the hint makes whichever is worth more.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from pitchkit.bots.tricks import MAKING, best_call, choose_discard, choose_making, making_score, threshold
from pitchkit.engine.actions import Action, Bid, Choice, Choose, DeclareTrump, Phase
from pitchkit.engine.cards import CARDS, Suit, bits_of, card_label, suit_label
from pitchkit.engine.errors import PitchError
from pitchkit.engine.hand import Hand
from pitchkit.engine.rules import Rules
from pitchkit.engine.trump import BENNY_POWER, LEFT_BOWER_POWER, RIGHT_BOWER_POWER, table_for
from pitchkit.engine.view import View, make_view
from pitchkit.search import sampling
from pitchkit.search.position import Deal
from pitchkit.search.solver import SearchLimit, Solver
from pitchkit.search.solving import make_solver

#: deals sampled per chance, the fewest a clock may stop at, and the solver's nodes per deal
SAMPLES = 32
_LEAST = 8
NODES = 200_000
#: how many standard errors a call's expected score must be from passing's (counted as 0) for the reason
#: not to call the choice a close one (:func:`followed_words`)
CLEAR = 2.0
#: what a call is worth against passing, in points (:func:`against_passing`): ``intercept + value * V +
#: excess * M + made * [M >= 0]``, where ``V`` is the call's expected score over the solved deals and
#: ``M`` the ``heuristic`` bot's strength for it less the strength it makes trump from (``[M >= 0]``:
#: the bot makes it); fitted on 4,000 calls played out both ways by the ``heuristic`` bot
#: (``benchmarks/making_calibration.py``, docs/benchmarks.md)
AGAINST_PASSING = {"intercept": -0.147, "value": 0.410, "excess": 0.029, "made": 0.353}
#: the ace of trump's power under bowers (above the king, below the bowers)
_ACE_OF_TRUMP = 17
_COUNT = ("no", "one", "two", "three", "four", "five", "six")


@dataclass(frozen=True, slots=True)
class MakingOdds:
    """How a call did over the sampled deals: ``made`` and ``marched`` of ``solved``, the makers'
    side going ``alone`` or not (the ``heuristic`` bot's choice in the first deal)."""

    suit: int
    solved: int
    made: int
    marched: int
    alone: bool

    def call_value(self, rules: Rules) -> tuple[float, float]:
        """The call's expected score for the makers' side against the other over the solved deals,
        and its standard error: ``made_points`` when made, the march's points (``alone_march_points``
        going alone) when marched, minus the defenders' ``euchre_points`` when euchred."""
        march = rules.alone_march_points if self.alone else rules.march_points
        outcomes = ((self.made - self.marched, rules.made_points), (self.marched, march),
                    (self.solved - self.made, -rules.euchre_points))
        mean = sum(n * points for n, points in outcomes) / self.solved
        spread = sum(n * (points - mean) ** 2 for n, points in outcomes) / max(1, self.solved - 1)
        return mean, math.sqrt(spread / self.solved)

    def json(self, view: View | None = None) -> dict[str, Any]:
        """The odds as the hint's JSON has them; with the seat's ``view``, also the call's ``expected``
        score over the solved deals (:meth:`call_value`) and its ``worth`` against passing
        (:func:`call_worth`)."""
        out: dict[str, Any] = {"trump": str(Suit(self.suit)), "deals": self.solved, "alone": self.alone,
                               "make": round(self.made / self.solved, 3),
                               "march": round(self.marched / self.solved, 3)}
        if view is not None:
            out["expected"] = round(self.call_value(view.rules)[0], 2)
            out["worth"] = round(call_worth(view, self), 2)
        return out


def making_odds(view: View, suit: int, rng: random.Random, *, samples: int = SAMPLES,
                seconds: float | None = None, compiled: bool = True) -> MakingOdds | None:
    """The seat's chance of making and marching when it makes ``suit`` trump now, from ``samples``
    deals consistent with its view, each solved with every card visible (the compiled solver if
    ``compiled`` and available, else the plain one); with ``seconds``, at least a few deals and then
    as many as the clock allows. None when no deal could be solved."""
    call = DeclareTrump(view.seat, Suit(suit))
    if call not in view.legal:
        return None
    deadline = None if seconds is None else time.monotonic() + seconds
    know = sampling.knowledge(view)
    solved = made = marched = 0
    alone: bool | None = None
    for i in range(samples):
        if deadline is not None and i >= _LEAST and time.monotonic() > deadline:
            break
        hand = _made(view, sampling.sample(view, rng, know=know), call)
        if hand is None:
            continue
        deal = Deal.from_hand(hand)
        try:
            solver = make_solver(deal, node_limit=NODES) if compiled else Solver(deal, node_limit=NODES)
            value = solver.value()
        except SearchLimit:
            continue
        if alone is None:
            alone = hand.sitting_out is not None
        solved += 1
        made += value > 0
        marched += value >= _march_points(hand)
    if not solved:
        return None
    return MakingOdds(suit, solved, made, marched, bool(alone))


def _made(view: View, deal: sampling.Sample, call: DeclareTrump) -> Hand | None:
    """The sampled deal with the seat's making so far replayed, ``call`` made and the rest of the
    making decided by the ``heuristic`` bot's rules, at its first lead (None if it cannot be)."""
    r = view.rules
    try:
        hand = Hand(r, dealer=view.dealer, hands=[bits_of(m) for m in deal.hands], stock=deal.stock,
                    scores=view.scores)
        for action in (*view.log, call):
            hand.apply(action)
        while hand.phase is not Phase.PLAY and not hand.done:
            seat = hand.to_act
            assert seat is not None
            seen = make_view(hand, seat)
            hand.apply(choose_discard(seen) if seen.discard_options else choose_making(seen))
    except PitchError:
        return None
    return None if hand.done or hand.pitcher is None else hand


def _march_points(hand: Hand) -> int:
    r = hand.rules
    if hand.blind:
        return r.blind_loner_points
    return r.alone_march_points if hand.sitting_out is not None else r.march_points


def holding(view: View, suit: int, cards: list[int] | None = None) -> str:
    """A holding with ``suit`` as trump, in words: ``"three trumps with the right bower and the ace,
    plus an off ace and a void"``. The holding is ``cards``, else the seat's if it made ``suit``
    trump now (the dealer's with the upcard picked up and its worst card discarded)."""
    if cards is None:
        _, cards = making_score(view, suit)
    tt = table_for(view.rules, suit)
    trumps = [c for c in cards if tt.is_trump(c)]
    n = len(trumps)
    words = "no trump" if not n else f"{_COUNT[n]} trump{'s' if n != 1 else ''}"
    names = {BENNY_POWER: "the Benny", RIGHT_BOWER_POWER: "the right bower",
             LEFT_BOWER_POWER: "the left bower", _ACE_OF_TRUMP: "the ace"}
    tops = [names[tt.power[c]] for c in sorted(trumps, key=lambda c: -tt.power[c]) if tt.power[c] in names]
    if tops:
        words += " with " + _and(tops)
    extras: list[str] = []
    aces = sum(1 for c in cards if not tt.is_trump(c) and CARDS[c].rank == 14)
    if aces:
        extras.append("an off ace" if aces == 1 else f"{_COUNT[aces]} off aces")
    plain = {tt.suit[c] for c in cards if not tt.is_trump(c)}
    voids = sum(1 for s in range(4) if s != suit and s not in plain) if n >= 2 else 0
    if voids:
        extras.append("a void" if voids == 1 else f"{_COUNT[voids]} voids")
    if extras:
        return f"{words}, plus {_and(extras)}"
    return words if n == len(cards) else f"{words}, no off ace"


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _upcard_words(view: View, suit: int) -> str:
    """Where the upcard goes if ``suit`` is made trump in round one ("" otherwise)."""
    up = view.upcard
    if up is None or up.is_joker or int(up) // 13 != suit:
        return ""
    if view.seat == view.dealer:
        return f"you pick up the {card_label(up)}"
    if view.rules.partner_of(view.seat) == view.dealer:
        return f"the {card_label(up)} goes to your partner, the dealer"
    return f"the {card_label(up)} goes to the dealer, an opponent"


def odds_words(odds: MakingOdds) -> str:
    """``"made in 74% of 32 sampled deals solved with every card seen (a march in 12%)"``."""
    alone = ", going alone" if odds.alone else ""
    return (f"made in {odds.made / odds.solved:.0%} of {odds.solved} sampled deals solved with every "
            f"card seen{alone} (a march in {odds.marched / odds.solved:.0%})")


def _estimate_words(view: View, suit: int) -> str:
    score, _ = making_score(view, suit)
    return (f"the heuristic bot's estimate: strength {score:.1f}, where it makes trump from "
            f"{threshold(view, MAKING):.1f}")


def making_reason(view: View, action: Action, rng: random.Random, *, seconds: float | None = None,
                  compiled: bool = True) -> tuple[str, MakingOdds | None]:
    """The reason for ``action`` while trump is made with the upcard, and the odds behind it (see the
    module): for a call, the holding, where the upcard goes and the chance of making it; for a pass,
    the same for the best call passed up; for going alone or not, the holding in trump."""
    if view.phase is not Phase.AUCTION or view.upcard is None:
        return "", None
    if type(action) is Choose and action.option in (Choice.ALONE, Choice.PARTNER) and view.trump is not None:
        return holding(view, int(view.trump)), None
    if type(action) is DeclareTrump:
        if Bid(view.seat, None) not in view.legal and view.upcard.is_joker and view.pitcher is None \
                and not any(type(a) is DeclareTrump for a in view.log):
            return "", None  # the dealer names the suit a Benny stands for: not a call
        suit = int(action.suit)
    elif action == Bid(view.seat, None):
        best = best_call(view)
        if best is None:
            return "", None
        suit = int(best[1].suit)
    else:
        return "", None
    odds = making_odds(view, suit, rng, seconds=seconds, compiled=compiled)
    return making_words(view, action, suit, odds), odds


def making_words(view: View, action: Action, suit: int, odds: MakingOdds | None) -> str:
    """The reason for ``action``, a call of ``suit`` or a pass (``suit``: the call passed up), with
    ``odds`` for that call (None: the heuristic bot's estimate instead)."""
    up = _upcard_words(view, suit)
    if type(action) is DeclareTrump:
        chance = odds_words(odds) if odds is not None else _estimate_words(view, suit)
        return "; ".join(p for p in (holding(view, suit), up, chance) if p)
    what = "ordering up" if up else "naming it"
    chance = f"{what} would be {odds_words(odds)}" if odds is not None else _estimate_words(view, suit)
    return "; ".join(p for p in (f"{suit_label(Suit(suit))}: {holding(view, suit)}", up, chance) if p)


def against_passing(value: float, excess: float) -> float:
    """What a call is worth against passing (:data:`AGAINST_PASSING`), from its expected score over the
    solved deals (``value``, :meth:`MakingOdds.call_value`) and the ``heuristic`` bot's strength for it
    less the strength it makes trump from (``excess``): solved with every card seen, a call the bot
    would not make is rated higher than it plays at the table, and one it would make lower."""
    w = AGAINST_PASSING
    return w["intercept"] + w["value"] * value + w["excess"] * excess + w["made"] * (excess >= 0)


def call_worth(view: View, odds: MakingOdds) -> float:
    """What the call ``odds`` are of is worth against passing, in points (:func:`against_passing`)."""
    return against_passing(odds.call_value(view.rules)[0], making_score(view, odds.suit)[0] - threshold(view))


def judged(odds: MakingOdds | None) -> bool:
    """True when ``odds`` rest on enough solved deals for the hint to decide by them."""
    return odds is not None and odds.solved >= _LEAST


def odds_action(view: View, action: Action, odds: MakingOdds | None) -> Action | None:
    """The action the ``odds`` (of the call made or passed up by ``action``) rate best when it is not
    ``action``, or None to keep it: the call when it is worth more than passing (:func:`call_worth`
    above 0), passing otherwise. None too when the odds rest on too few solved deals
    (:func:`judged`)."""
    if odds is None or not judged(odds):
        return None
    value = call_worth(view, odds)
    call, stay = DeclareTrump(view.seat, Suit(odds.suit)), Bid(view.seat, None)
    if action == stay and value > 0 and call in view.legal:
        return call
    if action == call and value <= 0 and stay in view.legal:
        return stay
    return None


def followed_words(view: View, odds: MakingOdds, bot: str, bot_action: Action) -> str:
    """Why a hint follows the odds rather than the hint ``bot``'s ``bot_action``: ``"the call is worth
    +0.6 points a hand against passing, where the heuristic bot would pass"`` (:func:`call_worth`),
    and ``"(a close call)"`` where that is within :data:`CLEAR` standard errors of passing's 0."""
    worth = call_worth(view, odds)
    error = odds.call_value(view.rules)[1] * abs(AGAINST_PASSING["value"])
    would = "pass" if bot_action == Bid(view.seat, None) else "make " + suit_label(Suit(odds.suit)) + " trump"
    close = " (a close call)" if abs(worth) < CLEAR * error else ""
    return (f"the call is worth {worth:+.1f} points a hand against passing{close}, "
            f"where the {bot} bot would {would}")
