"""A game driven one integer decision at a time: the part every environment adapter shares.

:class:`Decisions` wraps a :class:`~pitchkit.game.Game`, keeps the cards a seat has picked in a
discard or partner pass under way, turns action ids into engine actions (:mod:`.encoding`), and
reports each finished hand. Rewards (docs/observations.md): ``"points"`` gives each seat its score
change when a hand ends; ``"win"`` gives 1 to each seat of the winning side and 0 to the others
when the game ends (a game cut short by ``max_hands`` pays nothing).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pitchkit.actions import PLAYS, Action, Discard, PassCards, Phase
from pitchkit.cards import Card
from pitchkit.envs import encoding as enc
from pitchkit.errors import IllegalActionError, RulesError, quote
from pitchkit.game import Game
from pitchkit.hand import HandResult
from pitchkit.presets import make_rules
from pitchkit.rules import Rules
from pitchkit.view import View

REWARDS = ("points", "win")


def env_rules(variant: str, players: int | None, options: Mapping[str, object] | None) -> Rules:
    """The rules of an environment: a preset, its player count and rule options by name."""
    return make_rules(variant, dict(options or {}), players=players)


def check_reward(reward: object) -> str:
    """The reward scheme's name, or a :class:`RulesError`."""
    if reward not in REWARDS:
        raise RulesError(f"reward must be one of {', '.join(REWARDS)}, not {quote(reward)}")
    assert isinstance(reward, str)
    return reward


@dataclass(frozen=True, slots=True)
class Step:
    """What one decision did: the hand's result when it ended a hand, and whether the game is over
    (or cut short after ``max_hands`` hands)."""

    result: HandResult | None
    over: bool
    truncated: bool


def resolve(rules: Rules, phase: Phase, seat: int, pending: tuple[Card, ...],
            action_id: int) -> tuple[tuple[Card, ...], Action | None]:
    """What a legal decision of ``seat`` does: the cards picked after it, and the engine action to
    apply when it completes one (a discard ends with its done, a pass with its last card)."""
    card = enc.pick_card(action_id)
    if phase == Phase.DISCARD and card is None:
        return (), Discard(seat, pending)
    if card is None:
        return (), enc.single_action(seat, action_id)
    picked = (*pending, card)
    if phase == Phase.EXCHANGE and len(picked) == rules.partner_pass:
        return (), PassCards(seat, picked)
    return picked, None


_GOING_ON = Step(None, False, False)
_NO_ACTIONS = np.zeros(enc.N_ACTIONS, dtype=np.int8)
#: the id of playing card ``c`` is ``_PLAY_ID + (c + 1)``, ``c + 1`` being a one-bit mask's length
_PLAY_ID = enc.PLAY_BASE - 1


class Decisions:
    """A game of Pitch taken one action id at a time."""

    def __init__(self, rules: Rules, *, seed: int | None, max_hands: int | None = None) -> None:
        self.rules = rules
        self.layout = enc.Layout.of(rules)
        self.max_hands = max_hands
        self.game = Game(rules, rng=random.Random(seed))
        self.pending: tuple[Card, ...] = ()
        self.hands_done = 0
        self.truncated = False
        self._views: dict[int, View] = {}
        self._legal: list[int] | None = None
        self._tracker = enc.Tracker(self.layout)
        #: the seat to decide (``None`` once over), kept after every change
        self.seat: int | None = self.game.to_act

    @property
    def over(self) -> bool:
        """True once the game is over or cut short."""
        return self.game.over or self.truncated

    @property
    def to_act(self) -> int | None:
        """The seat to decide, ``None`` once over."""
        return self.seat

    def view(self, seat: int) -> View:
        """What ``seat`` may know now (built once per decision and seat)."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.game.view(seat)
        return view

    def pending_of(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` has picked in a discard or pass under way (only its own)."""
        return self.pending if seat == self.to_act else ()

    def mask(self, seat: int) -> npt.NDArray[np.int8]:
        """The legal action ids of ``seat`` (all 0 when it is not to act)."""
        mask = _NO_ACTIONS.copy()
        if seat == self.seat:
            for a in self._legal_ids():
                mask[a] = 1
        return mask

    def legal_ids(self) -> list[int]:
        """The legal action ids of the seat to act, in increasing order."""
        return list(self._legal_ids())

    def _legal_ids(self) -> list[int]:
        seat = self.seat
        if seat is None:
            return []
        if self._legal is None:
            hand = self.game.hand
            phase = hand.phase
            if phase is Phase.PLAY:
                # the engine's legal plays are these cards (legal_actions() lists them in this order)
                ids, mask = [], hand.legal_play_mask(seat)
                while mask:
                    low = mask & -mask
                    ids.append(_PLAY_ID + low.bit_length())
                    mask ^= low
                self._legal = ids
            elif phase in (Phase.DISCARD, Phase.EXCHANGE):
                self._legal = enc.legal_ids(self.view(seat), self.pending)
            else:
                # the same ids as from the seat's view (view.legal is this list), without building it
                self._legal = sorted(enc.decisions(a)[0] for a in self.game.legal_actions())
        return self._legal

    def observation(self, seat: int) -> npt.NDArray[np.float32]:
        """The observation tensor of ``seat``: ``layout.encode`` of its view, kept up to date action
        by action (:class:`~pitchkit.envs.encoding.Tracker`)."""
        return self._tracker.observe(self.game.hand, seat, self.pending if seat == self.seat else ())

    def step(self, action_id: int) -> Step:
        """Take one decision of the seat to act; an illegal id raises
        :class:`~pitchkit.errors.IllegalActionError` and changes nothing."""
        seat = self.seat
        if seat is None:
            raise IllegalActionError("the game is over")
        if type(action_id) is int and self.game.hand.phase is Phase.PLAY \
                and action_id in self._legal_ids():
            # a legal play (the engine checks it again)
            return self.apply(PLAYS[seat][action_id - enc.PLAY_BASE])
        a = enc.check_id(action_id)
        legal = self._legal_ids()
        if a not in legal:
            raise IllegalActionError(f"seat {seat} cannot {enc.action_name(a)} now; legal: "
                                     + ", ".join(enc.action_name(i) for i in legal[:8])
                                     + (", ..." if len(legal) > 8 else ""))
        phase = self.game.hand.phase
        if phase is Phase.PLAY:
            action: Action | None = PLAYS[seat][a - enc.PLAY_BASE]
        else:
            self.pending, action = resolve(self.rules, phase, seat, self.pending, a)
        self._views, self._legal = {}, None
        if action is None:
            return _GOING_ON
        return self.apply(action)

    def apply(self, action: Action) -> Step:
        """Apply a whole engine action of the seat to act (as a bot chooses it)."""
        if self.seat is None:
            raise IllegalActionError("the game is over")
        result = self.game.apply(action)
        if self.pending:
            self.pending = ()
        if self._views:
            self._views = {}
        self._legal = None
        if result is None:
            self.seat = self.game.hand.to_act
            return _GOING_ON
        if not result.misdeal:
            self.hands_done += 1
            if not self.game.over and self.max_hands is not None and self.hands_done >= self.max_hands:
                self.truncated = True
        self.seat = None if self.over else self.game.to_act
        return Step(result, self.game.over, self.truncated)

    def rewards(self, step: Step, reward: str) -> list[float]:
        """Each seat's reward for a step under the ``reward`` scheme."""
        n = self.rules.players
        if reward == "points":
            if step.result is None:
                return [0.0] * n
            return [float(d) for d in step.result.delta]
        if not step.over or self.game.end is None:
            return [0.0] * n
        won = set(self.game.end.winners)
        return [1.0 if s in won else 0.0 for s in range(n)]

    def render(self) -> str:
        """The table as text: every seat's cards (a picture for people, not an observation)."""
        g = self.game
        h = g.hand
        lines = [f"{self.rules.label} · scores {g.scores} · hand {len(g.history) + 1} · "
                 f"dealer {h.dealer} · phase {h.phase.value} · to act {self.to_act}"]
        for s in range(self.rules.players):
            lines.append(f"  seat {s}: {' '.join(str(c) for c in h.holding(s))}")
        v = self.view(h.to_act if h.to_act is not None else 0)
        public = enc.observation_text(v, self.pending_of(v.seat)).split(" | ")[5:]
        lines.append("  " + " | ".join(public))
        if g.end is not None:
            lines.append(f"  game over: winners {list(g.end.winners)} ({g.end.reason})")
        return "\n".join(lines)
