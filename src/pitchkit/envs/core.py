"""A game driven one integer decision at a time: the part every environment adapter shares.

:class:`Decisions` wraps a :class:`~pitchkit.engine.game.Game`, keeps the cards a seat has picked in a
discard or partner pass under way, turns action ids into engine actions (:mod:`.encoding`), and
reports each finished hand. Rewards (docs/observations.md): ``"points"`` gives each seat its score
change when a hand ends; ``"win"`` gives 1 to each seat of the winning side and 0 to the others
when the game ends (a game cut short by ``max_hands`` pays nothing).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, MutableSequence, Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from pitchkit.engine.actions import Action, Discard, PassCards, Phase
from pitchkit.engine.cards import Card
from pitchkit.engine.errors import IllegalActionError, RulesError, quote
from pitchkit.engine.game import Game
from pitchkit.engine.hand import HandResult
from pitchkit.engine.numbers import parse_int
from pitchkit.engine.presets import make_rules, rules_label
from pitchkit.engine.rules import Rules
from pitchkit.engine.view import View
from pitchkit.envs import encoding as enc
from pitchkit.envs.shown import show_plays
from pitchkit.envs.tracker import Tracker

REWARDS = ("points", "win")


def env_rules(variant: str, players: int | None, options: Mapping[str, object] | None) -> Rules:
    """The rules of an environment: a preset, its player count and rule options by name."""
    return make_rules(variant, options, players=players)


def check_reward(reward: object) -> str:
    """The reward scheme's name, or a :class:`RulesError`."""
    if reward not in REWARDS:
        raise RulesError(f"reward must be one of {', '.join(REWARDS)}, not {quote(reward)}")
    assert isinstance(reward, str)
    return reward


def check_max_hands(max_hands: object) -> int | None:
    """The hands after which a game is cut short (``None``: played to its end), or a
    :class:`RulesError`."""
    if max_hands is None:
        return None
    return parse_int(max_hands, what="max_hands", lo=1, hi=10**9, error=RulesError)


@dataclass(frozen=True, slots=True)
class Step:
    """What one decision did: the hand's result when it ended a hand, and whether the game is over
    (or cut short after ``max_hands`` hands)."""

    result: HandResult | None
    over: bool
    truncated: bool


def resolve(rules: Rules, phase: Phase, seat: int, pending: tuple[Card, ...], action_id: int,
            legal: Sequence[Action] | None = None) -> tuple[tuple[Card, ...], Action | None]:
    """What a legal decision of ``seat`` does: the cards picked after it, and the engine action to
    apply when it completes one (a discard ends with its done, a pass with its last card: as many
    as the engine's ``legal`` passes hold, by default ``partner-pass`` cards or one for a
    partner's best)."""
    card = enc.pick_card(action_id)
    if phase == Phase.DISCARD and card is None:
        return (), Discard(seat, pending)
    if card is None:
        return (), enc.single_action(seat, action_id)
    picked = (*pending, card)
    if phase == Phase.EXCHANGE and (
            len(picked) == (rules.partner_pass or 1) if legal is None
            else any(type(a) is PassCards and len(a.cards) == len(picked) for a in legal)):
        return (), PassCards(seat, picked)
    return picked, None


_GOING_ON = Step(None, False, False)
_PLAY = Phase.PLAY
#: the id of playing card ``c`` is ``_PLAY_ID + (c + 1)``, ``c + 1`` being a one-bit mask's length
_PLAY_ID = enc.PLAY_BASE - 1
_PLAY_BASE, _MAX_CARDS = enc.PLAY_BASE, enc.MAX_CARDS
_NO_IDS: list[int] = []
#: the legal ids (sorted) and the actions by id of the engine's legal lists met lately, by the
#: identities of their actions (the entry keeps the actions alive, so their identities cannot
#: pass to other objects while it is here)
_LISTS: dict[tuple[int, ...], tuple[list[int], dict[int, Action], list[Action]]] = {}
#: the legal play ids (shared lists) for the legal-play masks met lately
_PLAY_IDS: dict[int, list[int]] = {}
_KEPT = 1 << 16
#: the legal lists kept: most are a preset's shared lists of bids, but some phases (Euchre's making)
#: build a new list at every decision, and a long run of those would only fill memory
_KEPT_LISTS = 1 << 10


def legal_ids_of(legal: list[Action]) -> tuple[list[int], dict[int, Action]]:
    """The ids of the engine's legal actions ``legal`` (one decision each: no discards nor passes),
    in increasing order, and the actions by id (both kept for every caller: read them, do not
    change them)."""
    key = tuple(map(id, legal))
    known = _LISTS.get(key)
    if known is None:
        actions = {enc.decisions(a)[0]: a for a in legal}
        if len(_LISTS) >= _KEPT_LISTS:
            _LISTS.clear()
        known = _LISTS[key] = (sorted(actions), actions, legal)
    return known[0], known[1]


def play_ids(cards: int) -> list[int]:
    """The play ids of the cards of the bitmask ``cards``, in increasing order (a list kept for
    every caller: read it, do not change it)."""
    out = _PLAY_IDS.get(cards)
    if out is None:
        out, mask = [], cards
        while mask:
            low = mask & -mask
            out.append(_PLAY_ID + low.bit_length())
            mask ^= low
        if len(_PLAY_IDS) >= _KEPT:
            _PLAY_IDS.clear()
        _PLAY_IDS[cards] = out
    return out


class Decisions:
    """A game of Pitch taken one action id at a time.

    Each seat has an observation buffer and a mask buffer (:attr:`observations`, :attr:`masks`):
    :meth:`observe` brings a seat's up to date and returns them (later decisions change them in
    place); :meth:`observation` and :meth:`mask` return copies. A game started with ``reuse``, a
    game of the same rules whose buffers are no longer needed, takes those buffers over."""

    __slots__ = ("_actions", "_legal", "_mask_cells", "_mask_ids", "_mask_turn", "_playable",
                 "_plays_only", "_tracker", "_turn", "_views", "game", "hands_done", "layout", "masks",
                 "max_hands", "observations", "observed", "pending", "rules", "seat", "truncated")

    def __init__(self, rules: Rules, *, seed: int | None, max_hands: int | None = None,
                 reuse: Decisions | None = None) -> None:
        self.rules = rules
        if reuse is not None and reuse.rules is not rules:
            reuse = None
        self.layout: enc.Layout = enc.Layout.of(rules) if reuse is None else reuse.layout
        self.max_hands = max_hands
        self.game = Game(rules, rng=random.Random(seed))
        self.pending: tuple[Card, ...] = ()
        self.hands_done = 0
        self.truncated = False
        self._views: dict[int, View] = {}
        #: the legal ids of the seat to act, and in the play phase the cards it may play (``None``
        #: until asked for, after each decision)
        self._legal: list[int] | None = None
        self._playable: int | None = None
        #: the engine's legal actions by id when ``_legal`` was taken from them (applied as they
        #: are, so the engine knows them for its own), else ``None``
        self._actions: dict[int, Action] | None = None
        #: in the play phase only cards may be played (no throw-in instead of the first card)
        self._plays_only = not rules.throw_in_no_trump
        n = rules.players
        #: each seat's observation tensor and legal-action mask, as of its latest :meth:`observe`,
        #: and what :meth:`observe` returns for each seat
        self.observations: list[npt.NDArray[np.float32]]
        self.masks: list[npt.NDArray[np.int8]]
        self.observed: list[dict[str, Any]]
        self._mask_cells: list[MutableSequence[int]]
        self._tracker: Tracker
        if reuse is not None:
            # a game of the same rules is done with its buffers: take them over, cleared
            self._tracker = reuse._tracker
            self._tracker.clear()
            self.observations, self.masks = reuse.observations, reuse.masks
            self.observed, self._mask_cells = reuse.observed, reuse._mask_cells
        else:
            self._tracker = Tracker(self.layout)
            self.observations = self._tracker.buffers
            self.masks = list(self._tracker.masks)
            self.observed = [{"observation": o, "action_mask": m}
                             for o, m in zip(self.observations, self.masks, strict=True)]
            self._mask_cells = [cast("MutableSequence[int]", memoryview(m).cast("B"))  # type: ignore[arg-type]
                                for m in self.masks]
        #: the ids set in each seat's mask but plays, and the decision count when it was set
        self._mask_ids: list[list[int]] = [_NO_IDS] * n
        self._mask_turn = [-1] * n
        #: decisions taken (picks of a discard or pass included)
        self._turn = 0
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
        return self.pending if seat == self.seat else ()

    def observe(self, seat: int) -> dict[str, Any]:
        """``{"observation": observations[seat], "action_mask": masks[seat]}``, both brought up
        to date now (the same dict and arrays every time: later decisions change them)."""
        hand = self.game.hand
        turn = self._turn
        if seat == self.seat and not self.pending:
            # the seat to act, nothing picked: the commonest observation
            if self._mask_turn[seat] == turn:
                plays = -1
            elif hand.phase is _PLAY and self._plays_only and not self._mask_ids[seat]:
                # a card to play: the mask is its play ids alone
                self._mask_turn[seat] = turn
                known = self._playable
                plays = self._playable = hand.legal_play_mask(seat) if known is None else known
            else:
                plays = self._mask_update(seat)
            self._tracker.turn(hand, seat, plays)
            return self.observed[seat]
        plays = -1 if self._mask_turn[seat] == turn else self._mask_update(seat)
        self._tracker.follow(hand, seat, self.pending if seat == self.seat else (), plays)
        return self.observed[seat]

    def legal_mask(self, seat: int) -> npt.NDArray[np.int8]:
        """``masks[seat]`` brought up to date (the same array every time)."""
        if self._mask_turn[seat] != self._turn:
            plays = self._mask_update(seat)
            if plays >= 0:
                show_plays(self._tracker.memory, seat, plays)
        return self.masks[seat]

    def _mask_update(self, seat: int) -> int:
        """Bring the mask of ``seat`` up to date but its play ids: the cards it may play (a
        bitmask, 0 unless it is to play a card) for the caller to set them, or -1 when the ids
        set here are all there is."""
        self._mask_turn[seat] = self._turn
        cells = self._mask_cells[seat]
        old = self._mask_ids[seat]
        if old:
            for a in old:
                cells[a] = 0
            self._mask_ids[seat] = _NO_IDS
        if seat != self.seat:
            return 0
        if self.game.hand.phase is _PLAY and self._plays_only:
            plays = self._playable
            if plays is None:
                plays = self._playable = self.game.hand.legal_play_mask(seat)
            return plays
        ids = self._mask_ids[seat] = self._legal_ids()
        for a in ids:
            cells[a] = 1
        # where a throw-in may replace the first card these ids hold the plays (-1: keep them)
        return 0 if self._plays_only else -1

    def mask(self, seat: int) -> npt.NDArray[np.int8]:
        """The legal action ids of ``seat`` (all 0 when it is not to act), a new array."""
        return self.legal_mask(seat).copy()

    def observation(self, seat: int) -> npt.NDArray[np.float32]:
        """The observation tensor of ``seat`` (``layout.encode`` of its view), a new array."""
        self._tracker.follow(self.game.hand, seat, self.pending if seat == self.seat else ())
        return self.observations[seat].copy()

    def legal_ids(self) -> list[int]:
        """The legal action ids of the seat to act, in increasing order."""
        return list(self._legal_ids())

    def _plays(self) -> int:
        """The cards the seat to act may play (in the play phase)."""
        plays = self._playable
        if plays is None:
            assert self.seat is not None
            plays = self._playable = self.game.hand.legal_play_mask(self.seat)
        return plays

    def _legal_ids(self) -> list[int]:
        legal = self._legal
        if legal is not None:
            return legal
        seat = self.seat
        if seat is None:
            return _NO_IDS
        hand = self.game.hand
        phase = hand.phase
        self._actions = None
        if phase is _PLAY and self._plays_only:
            # the engine's legal plays are these cards (legal_actions() lists them in this order)
            plays = self._plays()
            legal = _PLAY_IDS.get(plays) or play_ids(plays)
        elif phase is Phase.DISCARD:
            cards, lo, hi = hand.discard_options(seat)
            legal = enc.discard_ids((cards, lo, hi), self.pending)
        elif phase is Phase.EXCHANGE:
            legal = enc.pass_ids(hand.legal_actions(), self.pending)
        else:
            # the same ids as from the seat's view (view.legal is this list), without building it
            legal, self._actions = legal_ids_of(hand.legal_actions())
        self._legal = legal
        return legal

    def step(self, action_id: int) -> Step:
        """Take one decision of the seat to act; an illegal id raises
        :class:`~pitchkit.engine.errors.IllegalActionError` and changes nothing."""
        seat = self.seat
        if seat is None:
            raise IllegalActionError("the game is over")
        game = self.game
        # the cards the seat may play are known once its mask was asked for (in the play phase)
        plays = self._playable
        if plays is None and game.hand.phase is _PLAY and self._plays_only:
            plays = self._plays()
        if plays is not None and type(action_id) is int:
            card = action_id - _PLAY_BASE
            if 0 <= card < _MAX_CARDS and plays >> card & 1:
                # a legal play (the engine checks it again): to the hand itself, the game settling
                # the hand only once it is done
                hand = game.hand
                hand.play_card(seat, card)
                self._turn += 1
                self._legal = self._playable = None
                if self._views:
                    self._views = {}
                result = game.settle() if hand.done else None
                if result is not None:
                    return self._ended(result)
                self.seat = hand.to_act
                return _GOING_ON
        legal = self._legal_ids()
        actions = self._actions
        if actions is not None and type(action_id) is int:
            # the engine's own legal actions by id (bids, trump, choices): one of them, as it is
            action = actions.get(action_id)
            if action is not None:
                return self._apply(action, follow=False)
        a = enc.check_id(action_id)
        if a not in legal:
            raise IllegalActionError(enc.refusal(self.rules, seat, a, legal))
        if actions is not None:
            return self._apply(actions[a], follow=False)
        phase = self.game.hand.phase
        self.pending, action = resolve(self.rules, phase, seat, self.pending, a,
                                       self.game.legal_actions() if phase is Phase.EXCHANGE else None)
        if action is None:
            self._views, self._legal, self._playable = {}, None, None
            self._turn += 1
            return _GOING_ON
        return self._apply(action, follow=False)

    def apply(self, action: Action) -> Step:
        """Apply a whole engine action of the seat to act (as a bot chooses it)."""
        return self._apply(action, follow=True)

    def _apply(self, action: Action, *, follow: bool) -> Step:
        """Apply an engine action; with ``follow`` the tensors record it at once (a bot's plays
        and bids are recorded one by one; caught up later, several actions would take a snapshot
        of the hand), else when a seat is next observed (as after a decision)."""
        if self.seat is None:
            raise IllegalActionError("the game is over")
        result = self.game.apply(action)
        if follow:
            self._tracker.follow(self.game.hand)
        self._turn += 1
        if self.pending:
            self.pending = ()
        if self._views:
            self._views = {}
        self._legal = self._playable = None
        if result is None:
            self.seat = self.game.hand.to_act
            return _GOING_ON
        return self._ended(result)

    def _ended(self, result: HandResult) -> Step:
        """The step that ended a hand."""
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
        lines = [f"{rules_label(self.rules)} · scores {g.scores} · hand {len(g.history) + 1} · "
                 f"dealer {h.dealer} · phase {h.phase.value} · to act {self.to_act}"]
        for s in range(self.rules.players):
            lines.append(f"  seat {s}: {' '.join(str(c) for c in h.holding(s))}")
        v = self.view(h.to_act if h.to_act is not None else 0)
        public = enc.observation_text(v, self.pending_of(v.seat)).split(" | ")[5:]
        lines.append("  " + " | ".join(public))
        if g.end is not None:
            lines.append(f"  game over: winners {list(g.end.winners)} ({g.end.reason})")
        return "\n".join(lines)
