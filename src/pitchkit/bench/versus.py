"""pitchkit's Euchre bots against OpenSpiel's IS-MCTS bot: every hand played in both engines at once.

A *board* is one game to ``target`` points: its deals (the dealer rotating from a seeded first
dealer, each hand's shuffle seeded by the board and the hand's number) are dealt to both engines,
and every action, whichever bot takes it, is applied to both; after each hand the engines' scores
must agree (OpenSpiel's return of a seat is its side's score change minus the other side's). Each
board is played twice with the sides swapped (pitchkit's bot on seats 0 and 2, then on 1 and 3),
so both sides hold the same cards: duplicate play.

The rules are OpenSpiel's defaults, which the ``euchre`` preset plays with two options (``stick-dealer``
and ``keep-upcard``, see ``tests/test_euchre_openspiel.py``). One decision comes in another order:
OpenSpiel asks the dealer who picks up to discard before the maker says whether he goes alone,
pitchkit asks the maker first. The driver gives each engine the two decisions in its own order; a
pitchkit dealer discarding for an OpenSpiel maker decides as if the maker kept his partner, since in
OpenSpiel's order he cannot know yet.

OpenSpiel's bot is its C++ information-set MCTS (``pyspiel.ISMCTSBot``, random roll-outs), which
samples the hidden cards from what its seat has seen (``resample_from_infostate``); plain MCTS is
not used, as it would search the true deal with every card visible. It gets either a number of
simulations or a wall-clock time per move. Needs ``open_spiel`` (``pitchkit[bench]``).
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from pitchkit.bench.arena import Estimate, make_player, mean_ci, wilson
from pitchkit.bots.base import Bot
from pitchkit.engine.actions import Action, Bid, Choice, Choose, DeclareTrump, Discard, Phase, Play
from pitchkit.engine.cards import CARDS, Card, Suit, card_index
from pitchkit.engine.hand import Hand
from pitchkit.engine.presets import make_rules
from pitchkit.engine.rules import Rules
from pitchkit.engine.view import make_view
from pitchkit.search import ismcts, pimc
from pitchkit.search.budget import parse_budget

#: OpenSpiel's ``euchre`` action ids: 24 cards (``rank * 4 + suit``, nines to aces), then these
PASS, SUIT_BASE, ALONE, PARTNER = 24, 25, 29, 30
RANKS = (9, 10, 11, 12, 13, 14)
#: OpenSpiel's defaults as pitchkit options
OPENSPIEL_OPTIONS = {"stick-dealer": True, "keep-upcard": True}
#: simulations of OpenSpiel's bot for a move its clock ran out on before any simulation finished
BACKUP_SIMULATIONS = 100
#: the search bots register themselves when imported
SEARCH_BOTS = (pimc.PimcBot, ismcts.IsmctsBot)


def openspiel_rules(target: int = 10) -> Rules:
    """The ``euchre`` preset with OpenSpiel's defaults, to ``target`` points."""
    return make_rules("euchre", {**OPENSPIEL_OPTIONS, "target": target})


def to_card(action: int) -> Card:
    """OpenSpiel's card ``rank * 4 + suit`` as a pitchkit card."""
    return CARDS[card_index(RANKS[action // 4], action % 4)]


def to_id(card: int) -> int:
    """A pitchkit card (index) as OpenSpiel's card id."""
    return RANKS.index(card % 13 + 2) * 4 + card // 13


def engine_action(seat: int, action: int, phase: Phase) -> Action:
    """The pitchkit action of an OpenSpiel action id (a card is a discard in the discard phase)."""
    if action < PASS:
        card = to_card(action)
        return Discard(seat, (card,)) if phase == Phase.DISCARD else Play(seat, card)
    if action == PASS:
        return Bid(seat, None)
    if action in (ALONE, PARTNER):
        return Choose(seat, Choice.ALONE if action == ALONE else Choice.PARTNER)
    return DeclareTrump(seat, Suit(action - SUIT_BASE))


def spiel_action(action: Action) -> int:
    """The OpenSpiel action id of a pitchkit action."""
    match action:
        case Bid(_, None):
            return PASS
        case DeclareTrump(_, suit):
            return SUIT_BASE + int(suit)
        case Choose(_, option):
            return ALONE if option == Choice.ALONE else PARTNER
        case Discard(_, (card,)) | Play(_, card):
            return to_id(int(card))
    raise ValueError(f"no OpenSpiel action for {action}")


def pyspiel_module() -> Any:
    """``pyspiel``, or a clear error without ``open_spiel``."""
    try:
        import pyspiel
    except ImportError as e:
        raise ValueError("OpenSpiel is not installed: pip install 'pitchkit[bench]'") from e
    return pyspiel


def deal_both(rules: Rules, game: Any, dealer: int, rng: random.Random,
              scores: list[int] | None = None) -> tuple[Hand, Any]:
    """One deal in both engines: OpenSpiel deals card by card from the dealer and turns up the
    21st card."""
    state = game.new_initial_state()
    state.apply_action(dealer)
    deck = list(range(24))
    rng.shuffle(deck)
    hands: list[list[int]] = [[] for _ in range(4)]
    for k, c in enumerate(deck[:20]):
        state.apply_action(c)
        hands[(dealer + k) % 4].append(int(to_card(c)))
    state.apply_action(deck[20])
    stock = [int(to_card(c)) for c in deck[20:]]
    return Hand(rules, dealer=dealer, hands=hands, stock=stock, scores=scores), state


@dataclass(frozen=True, slots=True)
class VersusConfig:
    """One run: ``boards`` games, each played twice with the sides swapped."""

    boards: int
    bot: str = "pimc"
    budget: str | None = None
    #: IS-MCTS: wall-clock seconds per move (then ``simulations`` is only a ceiling), or None
    seconds: float | None = None
    simulations: int = 1000
    uct_c: float = 2.0
    seed: int = 1
    target: int = 10
    max_hands: int = 100


@dataclass(slots=True)
class GameResult:
    """One game of a board: which side pitchkit's bot held, the result, and what was measured."""

    board: int
    #: the team (0: seats 0 and 2) pitchkit's bot played
    team: int
    won: bool
    #: per hand, pitchkit's side's score change minus OpenSpiel's side's
    net: list[int] = field(default_factory=list)
    #: seconds per decision with a choice, pitchkit's bot and OpenSpiel's
    ours: list[float] = field(default_factory=list)
    theirs: list[float] = field(default_factory=list)
    #: OpenSpiel's moves its bot with a clock could not make (no simulation finished in time, on
    #: a busy machine): made with :data:`BACKUP_SIMULATIONS` simulations instead
    backups: int = 0


class _Table:
    """The bots of one game: pitchkit's on the seats of ``team``, OpenSpiel's on the others."""

    def __init__(self, cfg: VersusConfig, board: int, team: int, pyspiel: Any) -> None:
        budget = parse_budget(cfg.budget) if cfg.budget else None
        base = (cfg.seed * 1_000_003 + board) * 4 % (1 << 30)  # OpenSpiel's seeds are 32-bit
        self.team = team
        self.ours: dict[int, Bot] = {s: make_player(cfg.bot, random.Random(base + s), budget)
                                     for s in range(4) if s % 2 == team}
        final = pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT
        self.error = pyspiel.SpielError
        self.theirs: dict[int, Any] = {}
        self.backup: dict[int, Any] = {}
        for s in range(4):
            if s % 2 != team:
                evaluator = pyspiel.RandomRolloutEvaluator(1, base + s)
                self.theirs[s] = pyspiel.ISMCTSBot(base + s, evaluator, cfg.uct_c, cfg.simulations, -1,
                                                   final, False, False,
                                                   -1.0 if cfg.seconds is None else cfg.seconds)
                self.backup[s] = pyspiel.ISMCTSBot(base + s, evaluator, cfg.uct_c, BACKUP_SIMULATIONS,
                                                   -1, final, False, False, -1.0)

    def ask_ours(self, hand: Hand, seat: int, out: GameResult) -> Action:
        view = make_view(hand, seat)
        start = time.perf_counter()
        action = self.ours[seat].choose(view)
        if len(view.legal) > 1 or view.discard_options is not None:
            out.ours.append(time.perf_counter() - start)
        return action

    def ask_theirs(self, state: Any, out: GameResult) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return int(legal[0])
        seat = state.current_player()
        start = time.perf_counter()
        try:
            action = int(self.theirs[seat].step(state))
        except self.error:
            out.backups += 1
            action = int(self.backup[seat].step(state))
        out.theirs.append(time.perf_counter() - start)
        return action


def play_hand(table: _Table, hand: Hand, state: Any, out: GameResult) -> None:
    """Play one hand to its end in both engines (see the module documentation for the order of
    the dealer's discard and the maker's going alone)."""
    pending: Action | None = None  # a pitchkit maker's alone decision, for OpenSpiel after the discard
    while not hand.done:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_actions()
        if any(isinstance(a, Choose) for a in legal):
            if seat in table.ours:
                choice = table.ask_ours(hand, seat, out)
                hand.apply(choice)
                if hand.phase == Phase.DISCARD:
                    pending = choice
                else:
                    state.apply_action(spiel_action(choice))
                continue
            discard: Action | None = None
            if all(a < PASS for a in state.legal_actions()):  # OpenSpiel: the dealer discards first
                dealer = state.current_player()
                if dealer in table.ours:
                    trial = hand.clone()
                    trial.apply(Choose(seat, Choice.PARTNER))
                    discard = table.ask_ours(trial, dealer, out)
                else:
                    discard = engine_action(dealer, table.ask_theirs(state, out), Phase.DISCARD)
                state.apply_action(spiel_action(discard))
            a = table.ask_theirs(state, out)
            state.apply_action(a)
            hand.apply(engine_action(seat, a, Phase.AUCTION))
            if discard is not None:
                hand.apply(discard)
            continue
        if state.current_player() != seat:
            raise AssertionError(f"the engines disagree on who acts: {seat}, {state.current_player()}")
        if seat in table.ours:
            action = table.ask_ours(hand, seat, out)
        else:
            action = engine_action(seat, table.ask_theirs(state, out), hand.phase)
        hand.apply(action)
        state.apply_action(spiel_action(action))
        if pending is not None and hand.phase == Phase.PLAY:
            state.apply_action(spiel_action(pending))
            pending = None
    if not state.is_terminal():
        raise AssertionError("OpenSpiel's hand did not end with pitchkit's")


def play_game(cfg: VersusConfig, board: int, team: int) -> GameResult:
    """One game of ``board`` with pitchkit's bot on the seats of ``team``."""
    pyspiel = pyspiel_module()
    game = pyspiel.load_game("euchre")
    rules = openspiel_rules(cfg.target)
    table = _Table(cfg, board, team, pyspiel)
    out = GameResult(board=board, team=team, won=False)
    first = random.Random(f"{cfg.seed}-{board}").randrange(4)
    score = [0, 0]
    for k in range(cfg.max_hands):
        rng = random.Random(f"{cfg.seed}-{board}-{k}")
        hand, state = deal_both(rules, game, (first + k) % 4, rng, [score[s % 2] for s in range(4)])
        play_hand(table, hand, state, out)
        res = hand.result
        assert res is not None
        returns = state.returns()
        delta = [res.delta[0], res.delta[1]]
        if returns[0] != delta[0] - delta[1]:
            raise AssertionError(f"the engines score hand {k} of board {board} differently")
        out.net.append(delta[team] - delta[1 - team])
        score = [score[0] + delta[0], score[1] + delta[1]]
        if max(score) >= cfg.target:
            break
    out.won = score[team] > score[1 - team]
    return out


def play_board(cfg: VersusConfig, board: int) -> list[GameResult]:
    """Both games of a board (pitchkit on seats 0 and 2, then on 1 and 3)."""
    return [play_game(cfg, board, team) for team in (0, 1)]


@dataclass(frozen=True, slots=True)
class Summary:
    """The statistics of a run, each with a 95% interval."""

    #: pitchkit's side's score change minus OpenSpiel's, per hand (a board's hands are one
    #: observation: the mean over both its games)
    net_per_hand: Estimate
    #: the share of games pitchkit's bot won
    win_rate: Estimate
    #: seconds per decision with a choice: (median, mean) for pitchkit's bot and for OpenSpiel's
    ours_seconds: tuple[float, float]
    theirs_seconds: tuple[float, float]
    hands: int
    #: OpenSpiel's moves made by its backup (see :attr:`GameResult.backups`)
    backups: int


def summarize(results: list[GameResult]) -> Summary:
    """The statistics of the games played."""
    per_board: dict[int, list[int]] = {}
    for g in results:
        per_board.setdefault(g.board, []).extend(g.net)
    ours = [t for g in results for t in g.ours]
    theirs = [t for g in results for t in g.theirs]

    def times(xs: list[float]) -> tuple[float, float]:
        return (statistics.median(xs), statistics.fmean(xs)) if xs else (0.0, 0.0)

    return Summary(net_per_hand=mean_ci([statistics.fmean(v) for v in per_board.values() if v]),
                   win_rate=wilson(sum(g.won for g in results), len(results)),
                   ours_seconds=times(ours), theirs_seconds=times(theirs),
                   hands=sum(len(g.net) for g in results), backups=sum(g.backups for g in results))
