"""Pitch as an OpenSpiel game (needs ``pitchkit[envs]``): importing this module registers
``python_pitch`` with ``pyspiel``.

``pyspiel.load_game("python_pitch", {"variant": "ten-point", "players": 4, "options":
"target=21;dealer-steal=same"})``: ``players`` 0 keeps the preset's count, ``options`` is
``name=value`` pairs split by ``;``. One OpenSpiel game is one hand from 0-0: chance first picks
the dealer, then the deck's order one card at a time (the deal and the stock follow from it, as
:meth:`~pitchkit.engine.hand.Hand.deal_from` deals), then the seats decide with the action table of
docs/observations.md. The returns are the hand's score changes. Observation tensors and strings
are :mod:`pitchkit.envs.encoding`'s; the information state adds every decision the seat has seen
(perfect recall).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pitchkit.envs import missing

try:
    import pyspiel
except ModuleNotFoundError as error:  # without pitchkit[envs]
    raise missing(error) from None

from pitchkit.engine.actions import Phase
from pitchkit.engine.cards import Card
from pitchkit.engine.errors import IllegalActionError, RulesError, quote
from pitchkit.engine.hand import Hand
from pitchkit.engine.rules import POINT_VALUES, Rules, ScoreBy
from pitchkit.engine.view import View, make_view, own_cards
from pitchkit.envs import encoding as enc
from pitchkit.envs.core import env_rules, resolve

_DEFAULTS: dict[str, Any] = {"variant": "pct", "players": 0, "options": ""}

_GAME_TYPE = pyspiel.GameType(
    short_name="python_pitch",
    long_name="Python Pitch (pitchkit)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=9,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


def parse_options(text: str) -> dict[str, object]:
    """``"target=21;dealer-steal=same"`` as a mapping of option names to values (``name:value``
    too: OpenSpiel's game strings cannot hold ``=`` inside a parameter, so a game to be loaded
    again from its string, as ``serialize`` does, spells its options with ``:``)."""
    out: dict[str, object] = {}
    for item in text.split(";"):
        if not item.strip():
            continue
        cut = min((i for i in (item.find("="), item.find(":")) if i >= 0), default=-1)
        if cut < 0:
            raise RulesError(f"options: expected name=value, got {quote(item)}")
        name, value = item[:cut], item[cut + 1:]
        out[name.strip()] = value.strip()
    return out


def utility_bounds(rules: Rules) -> tuple[float, float]:
    """The least and most one hand can change a seat's score from 0-0."""
    if rules.score_by == ScoreBy.TRICKS:
        return 0.0, float(max(rules.made_points, rules.march_points, rules.alone_march_points,
                              rules.euchre_points, rules.super_euchre_points, rules.defend_alone_points,
                              rules.blind_loner_points))
    special = rules.smudge_value if rules.smudge_bids else 0
    most = max(sum(POINT_VALUES[p] for p in rules.points), special)
    least = -max(rules.max_bid, special)
    return float(least), float(most)


class PitchGame(pyspiel.Game):  # type: ignore[misc]
    """One hand of Pitch under a preset's rules."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = {**_DEFAULTS, **(params or {})}
        self.rules = env_rules(str(merged["variant"]), int(merged["players"]) or None,
                               parse_options(str(merged["options"])))
        self.layout = enc.Layout.of(self.rules)
        self.max_decisions = enc.max_decisions(self.rules)
        low, high = utility_bounds(self.rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=enc.N_ACTIONS,
            max_chance_outcomes=max(max(self.rules.deck_cards) + 1, self.rules.players),
            num_players=self.rules.players,
            min_utility=low,
            max_utility=high,
            max_game_length=self.max_decisions + self.rules.deck_size,
        )
        super().__init__(_GAME_TYPE, info, merged)

    def new_initial_state(self) -> PitchState:
        """Before the dealer is chosen."""
        return PitchState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> PitchObserver:
        """Observation (default) or, with perfect recall, information state."""
        perfect = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return PitchObserver(self, perfect_recall=perfect)


class PitchState(pyspiel.State):  # type: ignore[misc]
    """A hand being dealt (chance) or played."""

    def __init__(self, game: PitchGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self.dealer: int | None = None
        self.deck: list[int] = []
        self.hand: Hand | None = None
        self.pending: tuple[Card, ...] = ()

    def current_player(self) -> int:
        """The seat to decide, chance while dealing, terminal when the hand is done."""
        if self.hand is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.hand.done:
            return int(pyspiel.PlayerId.TERMINAL)
        assert self.hand.to_act is not None
        return self.hand.to_act

    def view(self, player: int) -> View:
        """What ``player`` may know (once dealt)."""
        assert self.hand is not None
        return make_view(self.hand, player)

    def pending_of(self, player: int) -> tuple[Card, ...]:
        """Cards ``player`` picked in a discard or pass under way."""
        assert self.hand is not None
        return self.pending if player == self.hand.to_act else ()

    def _legal_actions(self, player: int) -> list[int]:
        return enc.legal_ids(self.view(player), self.pending_of(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The dealer first, then the next card of the deck, each uniformly."""
        if self.dealer is None:
            n = self.rules.players
            return [(s, 1.0 / n) for s in range(n)]
        left = sorted(set(self.rules.deck_cards) - set(self.deck))
        return [(c, 1.0 / len(left)) for c in left]

    def _apply_action(self, action: int) -> None:
        if self.hand is None:
            if self.dealer is None:
                if not 0 <= action < self.rules.players:
                    raise IllegalActionError(f"chance picks the dealer, a seat from 0 to "
                                             f"{self.rules.players - 1}, not {quote(action)}")
                self.dealer = action
            else:
                if not 0 <= action < 64 or not self.rules.deck_mask >> action & 1 or action in self.deck:
                    raise IllegalActionError(f"chance deals a card of the deck not yet dealt, not "
                                             f"{quote(action)}")
                self.deck.append(action)
                if len(self.deck) == self.rules.deck_size - 1:
                    self.deck.extend(set(self.rules.deck_cards) - set(self.deck))
                    self.hand = Hand.deal_from(self.rules, self.deck, dealer=self.dealer)
            return
        seat = self.hand.to_act
        assert seat is not None
        phase = self.hand.phase
        self.pending, engine_action = resolve(self.rules, phase, seat, self.pending, action,
                                              self.hand.legal_actions() if phase == Phase.EXCHANGE else None)
        if engine_action is not None:
            self.hand.apply(engine_action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"dealer {action}" if self.dealer is None else f"deal {Card(action)}"
        return enc.action_name(action, self.rules)

    def is_terminal(self) -> bool:
        """True once the hand is scored or thrown in."""
        return self.hand is not None and self.hand.done

    def returns(self) -> list[float]:
        """Each seat's score change (0 until the hand is over, and after a misdeal)."""
        if self.hand is None or self.hand.result is None:
            return [0.0] * self.rules.players
        return [float(d) for d in self.hand.result.delta]

    def __str__(self) -> str:
        if self.hand is None:
            return f"dealing: dealer {self.dealer}, {len(self.deck)} cards ordered"
        lines = [f"dealer {self.hand.dealer}, phase {self.hand.phase.value}"]
        lines += [f"seat {s}: {' '.join(map(str, self.hand.holding(s)))}" for s in range(self.rules.players)]
        lines.append("log: " + "; ".join(self.hand.describe(a) for a in self.hand.log))
        if self.pending:
            lines.append("picked: " + " ".join(map(str, self.pending)))
        return "\n".join(lines)


def own_unseen(hand: Hand, seat: int) -> bool:
    """Whether ``seat`` holds cards it has not looked at."""
    return bool(hand.hands[seat]) and not own_cards(hand, seat)


class PitchObserver:
    """OpenSpiel's observer interface over :mod:`pitchkit.envs.encoding`: the observation tensor,
    and for the information state that tensor followed by one row per decision seen (the seat
    relative to the observer, one-hot, then the action id, one-hot)."""

    def __init__(self, game: PitchGame, *, perfect_recall: bool) -> None:
        self.layout = game.layout
        self.perfect_recall = perfect_recall
        n = game.rules.players
        self.row = n + enc.N_ACTIONS
        history = game.max_decisions * self.row if perfect_recall else 0
        self.tensor = np.zeros(self.layout.size + history, np.float32)
        self.dict = {"observation": self.tensor[:self.layout.size]}
        if perfect_recall:
            self.dict["history"] = self.tensor[self.layout.size:].reshape(game.max_decisions, self.row)

    def set_from(self, state: PitchState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` knows in ``state`` (zeros while dealing)."""
        self.tensor.fill(0)
        if state.hand is None:
            return
        view = state.view(player)
        pending = state.pending_of(player)
        self.layout.write(self.dict["observation"], view, pending)
        if self.perfect_recall:
            rows = self.dict["history"]
            n = self.layout.n
            for i, (seat, action) in enumerate(enc.visible_decisions(view, pending)):
                rows[i, (seat - player) % n] = 1.0
                rows[i, n + action] = 1.0

    def string_from(self, state: PitchState, player: int) -> str:
        """The observation text, or with perfect recall the seat's first cards and every decision
        it has seen."""
        if state.hand is None:
            return f"seat {player} | dealing"
        view = state.view(player)
        pending = state.pending_of(player)
        text = enc.observation_text(view, pending)
        if not self.perfect_recall:
            return text
        # a seat that has not looked at its cards yet (a blind double loner's round) knows none
        first = " ".join(map(str, state.hand.initial_hands[player])) if view.hand or not own_unseen(
            state.hand, player) else "unseen"
        decided = enc.visible_decisions(view, pending)
        seen = " ".join(f"{s}:{enc.action_name(a, view.rules)}" for s, a in decided)
        return f"seat {player} | dealt [{first}] | {seen} | {text}"


pyspiel.register_game(_GAME_TYPE, PitchGame)
