"""The ``ismcts`` bot: single-observer information-set Monte Carlo tree search.

One tree over the seat's information sets (every play is public, so a node is the sequence of
actions since the decision). Each iteration samples a deal consistent with the view
(:mod:`pitchkit.search.sampling`), walks down the tree using only the actions legal in that deal
(UCB1 with availability counts), adds one node, plays the hand out with a cheap rule and scores it
with each seat's own relative score change (``(U - 1)`` times its unit's delta minus the others'),
so every seat plays for itself, partners for their team. The most visited action is played.
Auction, declared trump, discards and (unless ``Budget.lead_search``) the lead that sets trump are
as for ``pimc``.
"""

from __future__ import annotations

import math
import random

from pitchkit.bots.base import register
from pitchkit.engine.actions import Action, DeclareTrump, Phase, Play
from pitchkit.engine.cards import BIG_JOKER, CARDS, Suit, bits_of
from pitchkit.engine.lookup import strengths
from pitchkit.engine.rules import Rules
from pitchkit.engine.view import View
from pitchkit.search import contract
from pitchkit.search.budget import DEFAULT, Budget
from pitchkit.search.fallback import Fallback
from pitchkit.search.inference import auction_likelihood, weighted_sample
from pitchkit.search.position import Deal, Scorer, jack_suits
from pitchkit.search.sampling import knowledge, sample

#: UCB exploration constant (rewards are scaled to about -1..1)
EXPLORE = 0.7
#: chance that a playout plays a random legal card instead of the rule's
PLAYOUT_NOISE = 0.1
_NAME = 100
#: deals kept for a search when they are weighed by the auction (drawing them is slower)
POOL = 48


def _strengths(rules: Rules, trump: int) -> tuple[tuple[int, ...], ...]:
    return strengths(trump, jokers=rules.jokers, off_jack=rules.off_jack, equal_jokers=rules.equal_jokers,
                     bowers=rules.bowers, benny=rules.benny)


class SimState:
    """A fully known play-phase state for playouts, on masks (cards as ints; ``100 + suit`` names
    trump after a jack or joker lead)."""

    def __init__(self, view: View, hands: tuple[int, ...]) -> None:
        deal = Deal.from_view(view, hands)
        self.deal = deal
        self.rules = deal.rules
        self.hands = deal.hands
        self.nxt = deal.nxt
        self.trick = list(deal.trick)
        self.to_act = deal.to_act
        self.n_in = len(deal.seats)
        self.naming = view.phase == Phase.TRUMP
        self.first_lead_rule = deal.rules.bidder_leads_trump and not deal.tricks and not deal.trick
        self.left = sum(h.bit_count() for h in deal.hands)
        self.trump: int | None = None
        self.state = (0, 0, 0, 0)
        if deal.trump is not None:
            self._set_trump(deal.trump)
            assert self.scorer is not None
            self.state = self.scorer.initial(deal.tricks)

    def _set_trump(self, suit: int) -> None:
        r = self.rules
        d = self.deal
        d.hands = list(self.hands)
        d.trick = list(self.trick)
        d.trump = suit
        self.trump = suit
        self.scorer: Scorer | None = Scorer(d)
        tt = d.trump_table()
        self.tsuit, self.tmask, self.smask, self.rmask = tt.suit, tt.trump_mask, tt.suit_mask, tt.ruff_mask
        self.strength = _strengths(r, suit)

    @property
    def done(self) -> bool:
        """True when every card is played."""
        return self.left == 0 and not self.naming

    def legal(self) -> list[int]:
        """Legal actions of the seat to act."""
        if self.naming:
            return [_NAME + s for s in jack_suits(self.rules, self.trick[0][1])]
        hand = self.hands[self.to_act]
        if self.trump is None:
            return bits_of(hand)
        if not self.trick:
            if self.first_lead_rule and self.to_act == self.deal.pitcher:
                return bits_of(hand & self.tmask or hand)
            return bits_of(hand)
        led = self.tsuit[self.trick[0][1]]
        if led == self.trump:
            return bits_of(hand & self.tmask or hand)
        follow = hand & self.smask[led]
        return bits_of(follow | (hand & self.rmask) if follow else hand)

    def apply(self, a: int) -> None:
        """Play a card or name trump."""
        if a >= _NAME:
            self.naming = False
            self._set_trump(a - _NAME)
            self.to_act = self.nxt[self.to_act]
            return
        seat = self.to_act
        self.hands[seat] ^= 1 << a
        self.trick.append((seat, a))
        self.left -= 1
        self.first_lead_rule = False
        if self.trump is None:
            if len(jack_suits(self.rules, a)) > 1:
                self.naming = True
                return
            self._set_trump(a // 13)
        if len(self.trick) < self.n_in:
            self.to_act = self.nxt[seat]
            return
        win, _ = self._winning()
        assert self.scorer is not None
        self.state = self.scorer.capture(self.trick, win, *self.state)
        self.trick = []
        self.to_act = win

    def _winning(self) -> tuple[int, int]:
        """(seat, strength) of the card winning the trick so far."""
        strength = self.strength[self.tsuit[self.trick[0][1]]]
        win, best = self.trick[0][0], -1
        for s, c in self.trick:
            if strength[c] > best:
                win, best = s, strength[c]
        return win, best

    def rewards(self) -> dict[int, int]:
        """Each seat's relative score change for the finished hand: ``(U - 1)`` times its unit's
        delta minus the other units' deltas."""
        sc = self.scorer
        assert sc is not None
        delta = sc.unit_deltas(*self.state)
        total = sum(delta.values())
        k = len(delta)
        return {s: k * delta[sc.unit[s]] - total for s in self.deal.seats}

    def rule_move(self, legal: list[int], team: list[int]) -> int:
        """A cheap card-play rule for playouts: lead the highest card; take a trick cheaply when
        the other side holds it, throw card points on a partner's trick when last to play,
        otherwise shed the lowest card."""
        if len(legal) == 1 or legal[0] >= _NAME:
            return legal[0]
        if self.trump is None:
            return max(legal, key=lambda c: c % 13 if c < BIG_JOKER else 13)
        if not self.trick:
            return max(legal, key=lambda c: self.strength[self.tsuit[c]][c])
        strength = self.strength[self.tsuit[self.trick[0][1]]]
        win, best = self._winning()
        assert self.scorer is not None
        gv = self.scorer.gv
        if team[win] != team[self.to_act]:
            winners = [c for c in legal if strength[c] > best]
            if winners:
                return min(winners, key=lambda c: strength[c])
        elif len(self.trick) == self.n_in - 1:
            # last to play on a partner's trick: throw card points on it
            return max(legal, key=lambda c: (strength[c] <= best, gv[c], -strength[c]))
        return min(legal, key=lambda c: (gv[c], strength[c]))


class _Node:
    __slots__ = ("avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


def search(view: View, rng: random.Random, *, iterations: int, inference: bool = True) -> dict[int, int]:
    """Run the search; visits of each root action (cards, or ``100 + suit``). With ``inference``
    the deals come from a pool of :data:`POOL` deals kept by their fit to the auction."""
    know = knowledge(view)
    fit = auction_likelihood(view) if inference else None
    pool = [weighted_sample(view, rng, know, fit) for _ in range(min(POOL, iterations))] if fit else []
    root = _Node(view.seat)
    r = view.rules
    assert view.pitcher is not None
    team = [r.team_of(s) for s in range(view.n_seats)]
    scale = float(max(1, contract.total_points(r)) * max(1, contract.n_units(r, view.seats) - 1))
    for i in range(iterations):
        smp = pool[i % len(pool)] if pool else sample(view, rng, know=know)
        st = SimState(view, smp.hands)
        node = root
        path: list[_Node] = []
        while not st.done:
            legal = st.legal()
            fresh = [a for a in legal if a not in node.children]
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.avail += 1
            if fresh:
                a = fresh[rng.randrange(len(fresh))]
                child = _Node(st.to_act)
                child.avail = 1
                node.children[a] = child
                st.apply(a)
                path.append(child)
                break
            log_n = node.children
            a = max(legal, key=lambda x: _ucb(log_n[x]))
            node = node.children[a]
            st.apply(a)
            path.append(node)
        while not st.done:
            legal = st.legal()
            if len(legal) > 1 and rng.random() < PLAYOUT_NOISE:
                st.apply(legal[rng.randrange(len(legal))])
            else:
                st.apply(st.rule_move(legal, team))
        rewards = st.rewards()
        for n in path:
            n.visits += 1
            n.total += rewards[n.seat] / scale
    return {a: c.visits for a, c in root.children.items()}


def _ucb(n: _Node) -> float:
    return n.total / n.visits + EXPLORE * math.sqrt(math.log(n.avail) / n.visits)


class IsmctsBot:
    """Information-set MCTS for the card play; see the module documentation."""

    name = "ismcts"

    def __init__(self, rng: random.Random, budget: Budget = DEFAULT) -> None:
        self.rng = rng
        self.budget = budget
        self.fallback = Fallback(rng)

    def choose(self, view: View) -> Action:
        """A legal action for the seat's turn."""
        if view.discard_options is not None or view.phase == Phase.EXCHANGE:
            return self.fallback.choose(view)
        if len(view.legal) == 1:
            return view.legal[0]
        if view.phase == Phase.AUCTION or (view.phase == Phase.TRUMP and not view.trick):
            return contract.decide(view, self.rng, self.budget, self.fallback)
        if view.phase == Phase.PLAY and view.trump is None and not self.budget.lead_search:
            return self.fallback.choose(view)  # the lead that sets trump: as pimc, see Budget
        visits = search(view, self.rng, iterations=self.budget.iterations,
                        inference=bool(self.budget.inference))
        order = {a: i for i, a in enumerate(view.legal)}
        best: Action | None = None
        best_key: tuple[int, int] | None = None
        for a, n in visits.items():
            act: Action = (DeclareTrump(view.seat, Suit(a - _NAME)) if a >= _NAME
                           else Play(view.seat, CARDS[a]))
            if act not in order:
                continue
            key = (n, -order[act])
            if best_key is None or key > best_key:
                best, best_key = act, key
        return best if best is not None else self.fallback.choose(view)




register("ismcts", IsmctsBot)
