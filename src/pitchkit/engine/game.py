"""A whole game: hands in turn, dealer rotation, the first dealer, and every game-end rule."""

from __future__ import annotations

import random
from dataclasses import dataclass

from pitchkit.engine.actions import Action
from pitchkit.engine.cards import CARDS, Card
from pitchkit.engine.checks import check_rules
from pitchkit.engine.ending import holder
from pitchkit.engine.errors import DealError, IllegalActionError, quote
from pitchkit.engine.hand import Hand, HandResult
from pitchkit.engine.rules import FirstDealer, Rules
from pitchkit.engine.view import View, make_view

#: misdeals in a row after which a game stops (with a :class:`DealError`): rules under which almost
#: every deal is thrown in would otherwise deal for ever
MAX_MISDEALS_IN_ROW = 1000


@dataclass(frozen=True, slots=True)
class GameEnd:
    """How a game ended: the winning seats and why."""

    winners: tuple[int, ...]
    reason: str


def cut_for_deal(n: int, rng: random.Random) -> tuple[int, list[tuple[int, Card]]]:
    """Each seat cuts a card from a shuffled 52-card deck; high card deals, ties cut again.

    Returns the dealer and every card cut, in order, as (seat, card)."""
    cuts: list[tuple[int, Card]] = []
    contenders = list(range(n))
    while True:
        cards = list(range(52))
        rng.shuffle(cards)
        drawn = {s: cards[i] for i, s in enumerate(contenders)}
        cuts.extend((s, CARDS[c]) for s, c in drawn.items())
        best = max(c % 13 for c in drawn.values())
        contenders = [s for s, c in drawn.items() if c % 13 == best]
        if len(contenders) == 1:
            return contenders[0], cuts


class Game:
    """A game of Pitch from the first deal to the winner.

    Chance comes only from ``rng`` (or ``seed``): the same seed and the same actions give the same
    game; front ends that need unpredictable deals pass ``rng=random.SystemRandom()``.
    ``legal_actions``, ``apply``, ``clone`` and ``view`` work on the hand in progress; when a hand
    ends the next one is dealt at once, and finished hands are kept in :attr:`history`.
    """

    def __init__(self, rules: Rules, *, seed: int | None = None, rng: random.Random | None = None,
                 dealer: int | None = None) -> None:
        check_rules(rules)
        self.rules = rules
        self.rng = rng if rng is not None else random.Random(seed)
        n = rules.players
        self.scores: list[int] = [0] * n
        self.cuts: list[tuple[int, Card]] = []
        if dealer is None:
            if rules.first_dealer == FirstDealer.CUT:
                dealer, self.cuts = cut_for_deal(n, self.rng)
            else:
                dealer = self.rng.randrange(n)
        elif type(dealer) is not int or not 0 <= dealer < n:
            raise IllegalActionError(f"dealer {quote(dealer)} is not a seat of a {n}-seat table")
        self.first_dealer = dealer
        self.history: list[Hand] = []
        self.hands_scored = 0
        self.set_streak: dict[int, int] = {}
        self.playing: tuple[int, ...] = tuple(range(n))
        self.end: GameEnd | None = None
        self.misdeals_in_row = 0
        self.hand = Hand.deal(rules, self.rng, dealer=dealer, scores=self.scores)

    @property
    def over(self) -> bool:
        """True once somebody has won."""
        return self.end is not None

    @property
    def to_act(self) -> int | None:
        """The seat to act, ``None`` when the game is over."""
        return None if self.over else self.hand.to_act

    def legal_actions(self) -> list[Action]:
        """Legal actions of the seat to act."""
        return [] if self.over else self.hand.legal_actions()

    def view(self, seat: int) -> View:
        """What ``seat`` may know of the hand in progress (or the last hand, once over)."""
        return make_view(self.hand, seat)

    def clone(self) -> Game:
        """An independent copy, including the random generator's state (a generator without a
        state, such as ``random.SystemRandom``, is shared)."""
        other = object.__new__(Game)
        other.__dict__.update(self.__dict__)
        try:
            state = self.rng.getstate()
        except NotImplementedError:
            pass
        else:
            other.rng = random.Random()
            other.rng.setstate(state)
        other.scores = list(self.scores)
        other.cuts = list(self.cuts)
        other.history = list(self.history)
        other.set_streak = dict(self.set_streak)
        other.hand = self.hand.clone()
        return other

    def set_hand(self, hand: Hand) -> None:
        """Replace the hand about to start by an explicit deal (replaying a recorded game).

        The deal must fit the game: same rules, the dealer and seats in turn, the current scores."""
        if not isinstance(hand, Hand):
            raise IllegalActionError(f"not a Hand: {quote(hand)}")
        current = self.hand
        if self.over:
            raise IllegalActionError("the game is over")
        if current.log:
            raise IllegalActionError("the hand in progress has already started")
        if hand.rules != self.rules:
            raise IllegalActionError("the hand is played under other rules than the game")
        if hand.dealer != current.dealer:
            why = ""
            last = self.history[-1].result if self.history else None
            if last is not None and last.misdeal and last.deal_passes:
                why = (" (a misdeal for a buried point card passes the deal: "
                       f"bury-misdeal-dealer = {self.rules.bury_misdeal_dealer.value})")
            raise IllegalActionError(f"seat {current.dealer} deals this hand, not seat {hand.dealer}{why}")
        if hand.seats != current.seats:
            raise IllegalActionError(f"seats {list(current.seats)} play this hand, not {list(hand.seats)}")
        if hand.scores_before != current.scores_before:
            raise IllegalActionError(f"scores before this hand are {list(current.scores_before)}, "
                                     f"not {list(hand.scores_before)}")
        self.hand = hand

    def apply(self, action: Action) -> HandResult | None:
        """Apply an action; returns the hand's result when it finished the hand."""
        if self.end is not None:
            raise IllegalActionError("the game is over")
        self.hand.apply(action)
        if not self.hand.done:
            return None
        return self.settle()

    def settle(self) -> HandResult | None:
        """After an action applied to :attr:`hand` itself (while the game is not over): count the
        hand's result if that action finished it, and deal the next hand (or end the game). Returns
        the result, ``None`` while the hand goes on; a hand is counted once."""
        hand = self.hand
        result = hand.result
        if result is None or self.end is not None:
            return None
        return self._close_hand(hand, result)

    def _close_hand(self, finished: Hand, result: HandResult) -> HandResult:
        """Count a finished hand's result and deal the next hand (or end the game)."""
        self.history.append(finished)
        if result.ruling is not None:
            # a ruling's score change counts, the deal does not: the same dealer deals again to the
            # seats that do not sit out (the next in turn when the dealer sits out or forfeits the deal)
            self.scores = list(result.scores)
            seats = tuple(s for s in self.playing if s not in result.ruling.sit_out)
            dealer = finished.dealer
            if dealer not in seats or result.deal_passes:
                dealer = self._next_dealer(dealer, seats)
            self.hand = Hand.deal(self.rules, self.rng, dealer=dealer, scores=self.scores,
                                  seats=seats if len(seats) < self.rules.players else None)
            return result
        if result.misdeal:
            self.misdeals_in_row += 1
            if self.misdeals_in_row >= MAX_MISDEALS_IN_ROW:
                reason = f"{self.misdeals_in_row} misdeals in a row: these rules deal no playable hand"
                self.end = GameEnd((), reason)
                raise DealError(f"the game stops after {reason}")
            self._deal(self._next_dealer(finished.dealer) if result.deal_passes else finished.dealer)
            return result
        self.misdeals_in_row = 0
        self.scores = list(result.scores)
        self.hands_scored += 1
        self.end = self._game_end(finished, result)
        if self.end is None:
            self._deal(self._next_dealer(finished.dealer))
        return result

    def _next_dealer(self, dealer: int, seats: tuple[int, ...] | None = None) -> int:
        n = self.rules.players
        among = self.playing if seats is None else seats
        s = (dealer + 1) % n
        while s not in among:
            s = (s + 1) % n
        return s

    def _deal(self, dealer: int) -> None:
        seats = self.playing if len(self.playing) < self.rules.players else None
        self.hand = Hand.deal(self.rules, self.rng, dealer=dealer, seats=seats, scores=self.scores)

    def _game_end(self, hand: Hand, result: HandResult) -> GameEnd | None:
        r = self.rules
        assert result.pitcher is not None
        bidder = holder(r, result.pitcher)
        self.set_streak[bidder] = 0 if result.made else self.set_streak.get(bidder, 0) + 1
        if result.winners:
            if result.made is False and result.pitcher in result.winners:
                return GameEnd(result.winners, "reached the target in a hand he pitched, though set "
                                               "(pitcher-must-make = false)")
            return GameEnd(result.winners, "reached the target")
        if r.sets_to_lose is not None and self.set_streak[bidder] >= r.sets_to_lose:
            others = [s for s in hand.seats if holder(r, s) != bidder]
            best = max(self.scores[s] for s in others)
            top = tuple(s for s in others if self.scores[s] == best)
            return GameEnd(top, f"{r.sets_to_lose} sets in a row lose the game")
        if r.deals_per_player is None:
            return None
        if self.hands_scored < r.deals_per_player * r.players:
            return None
        pool = self.playing
        best = max(self.scores[s] for s in pool)
        leaders = tuple(s for s in pool if self.scores[s] == best)
        if len({holder(r, s) for s in leaders}) == 1:
            return GameEnd(tuple(s for s in range(r.players) if holder(r, s) == holder(r, leaders[0])),
                           f"most points after {r.deals_per_player} deals each")
        if not r.teams:
            self.playing = leaders
        return None
