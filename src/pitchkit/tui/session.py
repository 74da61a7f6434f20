"""A game at the table: the engine's :class:`Game`, a bot in every seat but the human's, the hint
bot, and saving. No screen code here, so the table logic is testable without a terminal."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from pitchkit.actions import Action
from pitchkit.bots import Bot, make_bot
from pitchkit.errors import PitchError
from pitchkit.game import Game
from pitchkit.hand import Hand, HandResult
from pitchkit.rules import Rules
from pitchkit.tui.narrate import seat_names
from pitchkit.tui.saves import write_game
from pitchkit.view import View, make_view

#: the strongest bot first; the first one that can be made is the default and gives hints
PREFERRED_BOTS = ("heuristic", "random")


def default_bot() -> str:
    """The strongest bot available."""
    for name in PREFERRED_BOTS:
        try:
            make_bot(name, seed=0)
        except Exception:  # a bot still being built must not stop the table from opening
            continue
        return name
    return "random"


@dataclass(frozen=True, slots=True)
class Step:
    """One applied action: the hand it went to, the trick it completed (winner) and the hand's
    result when it finished the hand."""

    action: Action
    hand: Hand
    trick_winner: int | None
    result: HandResult | None


class Session:
    """One game at the table. ``human`` is the human's seat, ``None`` when every seat is a bot;
    every other seat gets a bot named ``bot`` (replace entries of :attr:`bots` to seat others)."""

    def __init__(self, rules: Rules, *, seed: int, human: int | None, bot: str,
                 max_hands: int | None = None, save_path: Path | None = None,
                 dealer: int | None = None) -> None:
        if human is not None and not 0 <= human < rules.players:
            raise PitchError(f"seat {human} is not a seat of a {rules.players}-seat table "
                             f"(seats 0 to {rules.players - 1})")
        if max_hands is not None and max_hands < 1:
            raise PitchError("max-hands must be at least 1")
        self.rules = rules
        self.seed = seed
        self.human = human
        self.bot_name = bot
        self.max_hands = max_hands
        self.save_path = save_path
        self.names = seat_names(rules.players, human)
        self.game = Game(rules, seed=seed, dealer=dealer)
        self.bots: dict[int, Bot] = {
            s: make_bot(bot, rng=random.Random(f"{seed}:bot:{s}"))
            for s in range(rules.players) if s != human
        }
        self._hint_bot: Bot | None = None
        #: the bot that gives hints: the strongest available
        self.hint_bot_name = default_bot() if human is not None else bot
        #: finished hands whose summary has not been shown yet
        self.unshown: list[Hand] = []

    # -- state ----------------------------------------------------------------------------------

    @property
    def stopped(self) -> bool:
        """True when the hand limit ended the game without a winner."""
        return (not self.game.over and self.max_hands is not None
                and len(self.game.history) >= self.max_hands)

    @property
    def over(self) -> bool:
        """True once the game is won or stopped."""
        return self.game.over or self.stopped

    @property
    def to_act(self) -> int | None:
        """The seat to act, ``None`` when the game is over."""
        return None if self.over else self.game.to_act

    @property
    def human_turn(self) -> bool:
        """True when the human is to act (and no hand summary is waiting)."""
        return self.human is not None and not self.unshown and self.to_act == self.human

    @property
    def bot_turn(self) -> bool:
        """True when a bot is to act (and no hand summary is waiting)."""
        return not self.unshown and self.to_act is not None and self.to_act != self.human

    @property
    def shown_hand(self) -> Hand:
        """The hand on the table: a finished hand until its summary is seen, else the one in play."""
        if self.unshown:
            return self.unshown[0]
        if self.stopped and self.game.history:
            return self.game.history[-1]
        return self.game.hand

    @property
    def hand_number(self) -> int:
        """1-based number of :attr:`shown_hand` in the game."""
        hand = self.shown_hand
        history = self.game.history
        for i, h in enumerate(history):
            if h is hand:
                return i + 1
        return len(history) + 1

    def view(self, seat: int) -> View:
        """What ``seat`` may know of the hand on the table."""
        return make_view(self.shown_hand, seat)

    # -- acting ---------------------------------------------------------------------------------

    def apply(self, action: Action) -> Step:
        """Apply an action (raises :class:`PitchError`, changing nothing, if it is illegal)."""
        if self.unshown:
            raise PitchError("the last hand's summary is still open")
        if self.over:
            raise PitchError("the game is over")
        hand = self.game.hand
        tricks = len(hand.tricks)
        result = self.game.apply(action)
        winner = hand.tricks[-1][1] if len(hand.tricks) > tricks else None
        if result is not None:
            self.unshown.append(hand)
            self.save()
        return Step(action, hand, winner, result)

    def bot_step(self) -> Step:
        """Let the bot whose turn it is act."""
        seat = self.to_act
        if seat is None or seat == self.human:
            raise PitchError("it is not a bot's turn")
        return self.apply(self.bots[seat].choose(self.game.view(seat)))

    def summary_seen(self) -> None:
        """The oldest unshown hand summary was read."""
        if self.unshown:
            self.unshown.pop(0)

    def hint(self) -> Action:
        """What the strongest available bot would do in the human's place."""
        if self.human is None or not self.human_turn:
            raise PitchError("it is not your turn")
        if self._hint_bot is None:
            self._hint_bot = make_bot(self.hint_bot_name, rng=random.Random(f"{self.seed}:hint"))
        return self._hint_bot.choose(self.game.view(self.human))

    def save(self) -> bool:
        """Write the game record so far to :attr:`save_path` (False if nothing to write or no path)."""
        if self.save_path is None:
            return False
        return write_game(self.save_path, self.game)
