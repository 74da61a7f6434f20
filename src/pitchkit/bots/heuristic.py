"""The ``heuristic`` bot: hand evaluation for the auction, trump and discards, valued card play
(and, when a hand scores by tricks, the decisions of :mod:`pitchkit.bots.tricks`).

It sees only its seat's :class:`~pitchkit.engine.view.View`. Its one source of chance is the injected
``random.Random``, used only to break ties between equally valued actions, so a fixed seed gives
a fixed game.
"""

from __future__ import annotations

import random

from pitchkit.bots import tricks
from pitchkit.bots.base import register
from pitchkit.bots.bidding import choose_bid, choose_discard, choose_trump
from pitchkit.bots.cardplay import choose_play
from pitchkit.bots.exchange import choose_pass
from pitchkit.bots.tricks import MAKING, MakingPolicy
from pitchkit.engine.actions import Action, Phase, Play
from pitchkit.engine.rules import ScoreBy, TrumpBy
from pitchkit.engine.view import View


class SetStreak:
    """Counts how many hands in a row the seat's side was set, from the public scores of
    consecutive hands (a game starting over, all scores zero, resets it)."""

    def __init__(self) -> None:
        self._hand: tuple[int, tuple[int, ...]] | None = None
        self._contract: tuple[int, int] | None = None
        self._streak: dict[int, int] = {}

    def observe(self, view: View) -> int:
        """Note the hand ``view`` belongs to; return the seat's side's sets in a row before it."""
        r = view.rules
        key = (view.dealer, view.scores)
        if key != self._hand:
            if not any(view.scores):
                self._streak.clear()
            elif self._hand is not None and self._contract is not None:
                pitcher, _ = self._contract
                side = r.team_of(pitcher)
                set_ = view.scores[pitcher] < self._hand[1][pitcher]
                self._streak[side] = self._streak.get(side, 0) + 1 if set_ else 0
            self._hand, self._contract = key, None
        if view.pitcher is not None and view.bid is not None:
            self._contract = (view.pitcher, view.bid)
        return self._streak.get(r.team_of(view.seat), 0)


class HeuristicBot:
    """Bids what its best suit should make, then plays each card for the points it can win."""

    name = "heuristic"

    def __init__(self, rng: random.Random, *, making: MakingPolicy = MAKING) -> None:
        self.rng = rng
        self.sets = SetStreak()
        #: when to make trump with the upcard (Euchre)
        self.making = making

    def choose(self, view: View) -> Action:
        """A legal action for the seat's turn in any phase."""
        streak = self.sets.observe(view)
        r = view.rules
        if r.trump_by == TrumpBy.UPCARD and view.phase != Phase.PLAY:
            if view.phase == Phase.EXCHANGE:
                return tricks.choose_pass(view)
            if view.discard_options:
                return tricks.choose_discard(view)
            return tricks.choose_making(view, self.making)
        if r.score_by == ScoreBy.TRICKS and view.phase == Phase.PLAY:
            return tricks.choose_play(view, self._pick)
        if view.discard_options is not None:
            return choose_discard(view)
        if view.phase == Phase.AUCTION:
            return choose_bid(view, sets_in_a_row=streak)
        if view.phase == Phase.TRUMP:
            return choose_trump(view)
        if view.phase == Phase.EXCHANGE:
            return choose_pass(view)
        return choose_play(view, self._pick)

    def _pick(self, options: list[Play]) -> Play:
        if len(options) == 1:
            return options[0]
        return self.rng.choice(sorted(options, key=lambda a: int(a.card)))


register("heuristic", HeuristicBot)
