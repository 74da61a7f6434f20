"""A game at the table: the engine's :class:`Game`, a bot in every seat but the human's, the hint
bot, and saving. No screen code here, so the table logic is testable without a terminal."""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from pitchkit.advice.hints import hint_bot_name, hint_json, hint_label
from pitchkit.bots import Bot, make_bot
from pitchkit.engine.actions import Action, Play
from pitchkit.engine.errors import PitchError
from pitchkit.engine.game import Game
from pitchkit.engine.hand import Hand, HandResult
from pitchkit.engine.presets import find_preset
from pitchkit.engine.record import load_hand, parse_action, record_hands, replay_game
from pitchkit.engine.rules import Rules
from pitchkit.engine.view import View, make_view
from pitchkit.tui.narrate import seat_names
from pitchkit.tui.saves import GameFile, SaveError, TableSetup, saved_text, table_setup

#: about how long the terminal table's hint may take to work out its reason (seconds)
HINT_SECONDS = 1.0
#: the strongest bot first; the first one that can be made is the default opponent (hints: see
#: :mod:`pitchkit.advice.hints`)
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


class Hint(NamedTuple):
    """A hint at the table: the action, who it comes from (``"pimc bot"``, ``"solved deals"``), the
    reason in one sentence, and the hint as the online tables send it (its ``choices``: what it
    compared)."""

    action: Action
    by: str
    reason: str
    data: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Step:
    """One applied action: the hand it went to, the trick it completed (winner) and the hand's
    result when it finished the hand."""

    action: Action
    hand: Hand
    trick_winner: int | None
    result: HandResult | None


def _rng(seed: int | None, label: str) -> random.Random:
    """A random source for ``label`` (a bot's seat, the hint): from the seed if the game has one,
    else from the operating system; never the deal's."""
    return random.Random(f"{seed}:{label}" if seed is not None else secrets.randbits(128))


def deal_source(seed: int | None) -> random.Random:
    """What a game deals from: ``random.Random(seed)`` (reproducible), or without a seed the
    operating system's random source, so no deal follows from an earlier one."""
    return random.Random(seed) if seed is not None else random.SystemRandom()


def _tournament(rules: Rules) -> bool:
    preset = find_preset(rules.preset)
    return preset is not None and preset.tournament


class Session:
    """One game at the table. ``human`` is the human's seat, ``None`` when every seat is a bot;
    every other seat gets a bot named ``bot`` (replace entries of :attr:`bots` to seat others).

    ``seed`` makes the deals and the bots reproducible; ``None`` deals from the operating system's
    random source. The game is saved to ``save_path`` (replaced each time) or to ``save_file``
    after each hand and by :meth:`save`; ``game`` is a game to go on with (see :meth:`resume`)."""

    def __init__(self, rules: Rules, *, seed: int | None, human: int | None, bot: str,
                 max_hands: int | None = None, save_path: Path | None = None,
                 dealer: int | None = None, save_file: GameFile | None = None,
                 game: Game | None = None, take_backs: bool | None = None) -> None:
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
        self.file = save_file if save_path is None else GameFile.at(save_path)
        #: why the last save failed (``None``: it worked, or nothing was saved yet)
        self.save_error: str | None = None
        self.names = seat_names(rules.players, human)
        self.game = game if game is not None else Game(rules, rng=deal_source(seed), dealer=dealer)
        self.bots: dict[int, Bot] = {
            s: make_bot(bot, rng=_rng(seed, f"bot:{s}"))
            for s in range(rules.players) if s != human
        }
        self._hint_rng: random.Random | None = None
        #: the bot that gives hints (see :mod:`pitchkit.advice.hints`)
        self.hint_bot_name = hint_bot_name(load=False) if human is not None else bot
        #: finished hands whose summary has not been shown yet
        self.unshown: list[Hand] = []
        #: the human may take back their last card of a hand in play: a table setting, on unless
        #: ``take_backs`` says otherwise or the rules are a tournament's (``Preset.tournament``)
        if take_backs is None:
            take_backs = human is not None and not _tournament(rules)
        self.take_backs = take_backs
        #: the cards taken back, as saved (see :class:`~pitchkit.tui.saves.TableSetup`)
        self.taken_back: list[dict[str, object]] = []
        self._before_card: Game | None = None

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
        before = self.game.clone() if self.take_backs and isinstance(action, Play) \
            and action.seat == self.human else None
        result = self.game.apply(action)
        if before is not None:
            self._before_card = before
        winner = hand.tricks[-1][1] if len(hand.tricks) > tricks else None
        if result is not None:
            self._before_card = None
            self.unshown.append(hand)
            self.save()
        return Step(action, hand, winner, result)

    @property
    def can_take_back(self) -> bool:
        """True when the human's last card is in a hand still in play and may be taken back."""
        return self._before_card is not None and not self.unshown and not self.over

    def take_back(self) -> Play:
        """Take back the human's last card and every action after it (recorded in
        :attr:`taken_back`); raises :class:`PitchError` when there is none to take back."""
        before = self._before_card
        if before is None or not self.can_take_back:
            why = "" if self.take_backs else ": take-backs are off at this table"
            raise PitchError(f"there is no card of yours to take back{why}")
        at = len(before.hand.log)
        card = self.game.hand.log[at]
        assert isinstance(card, Play)
        self.taken_back.append({"hand": len(before.history) + 1, "seat": card.seat,
                                "card": str(card.card), "after": at})
        self.game = before
        self._before_card = None
        self.save()
        return card

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

    def hint(self, view: View | None = None) -> Hint:
        """The hint as the online tables give it (:func:`~pitchkit.advice.hints.hint_json`) for the
        human's place (``view``, taken now if not given): the best-valued choice of those its figures
        compare (the hint bot's choice where there are none), who answered
        (:func:`~pitchkit.advice.hints.hint_label`), the reason in one sentence, and the whole hint,
        worked out in about :data:`HINT_SECONDS`."""
        if view is None:
            if self.human is None or not self.human_turn:
                raise PitchError("it is not your turn")
            view = self.game.view(self.human)
        if self._hint_rng is None:
            self._hint_rng = _rng(self.seed, "hint")
        out = hint_json(self.hint_bot_name, view, self._hint_rng.getrandbits(63), HINT_SECONDS)
        action = parse_action(view.rules, {"seat": view.seat, **out["action"]})[0]
        return Hint(action, hint_label(out), str(out["reason"]), out)

    # -- saving ---------------------------------------------------------------------------------

    @property
    def save_path(self) -> Path | None:
        """The file the game is saved in (``None`` until first saved, or when not saving)."""
        return None if self.file is None else self.file.path

    @property
    def setup(self) -> TableSetup:
        """What a saved game records besides its hands."""
        return TableSetup(self.seed, self.human, self.bot_name, self.max_hands, tuple(self.taken_back))

    def save(self) -> bool:
        """Write the game so far, with the hand in progress; False if not saving or if the write
        failed (:attr:`save_error` says why; the game goes on and the next save tries again)."""
        if self.file is None:
            return False
        try:
            self.file.write(saved_text(self.game, self.setup, finished=self.over))
        except OSError as e:
            self.save_error = f"{e.strerror or e} ({self.file.folder})"
            return False
        self.save_error = None
        return True

    @classmethod
    def resume(cls, doc: object, *, save_file: GameFile | None) -> Session:
        """Go on with a saved game (:func:`pitchkit.tui.saves.saved_document`): the hands replayed
        through the engine, seats, bots, seed and hand limit as saved. A seeded game deals on as it
        would have; raises :class:`PitchError` if the record is invalid or the game is over."""
        setup = table_setup(doc)
        docs = record_hands(doc)
        first = load_hand(docs[0], stored=True)
        if setup.seed is None:
            game = Game(first.rules, rng=deal_source(None), dealer=first.dealer)
        else:
            game = Game(first.rules, seed=setup.seed)
            if game.first_dealer != first.dealer:
                game = Game(first.rules, seed=setup.seed, dealer=first.dealer)
        replay_game(docs, game=game, stored=True)
        session = cls(first.rules, seed=setup.seed, human=setup.human, bot=setup.bot,
                      max_hands=setup.max_hands, save_file=save_file, game=game)
        session.taken_back = [dict(t) for t in setup.take_backs]
        if session.over:
            raise SaveError("this game is over: pitch replay shows it")
        return session
