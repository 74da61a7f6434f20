"""``pitch play``: the full-screen table where a human plays against bots (or watches them)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial

from rich.console import RenderableType
from rich.markup import escape
from rich.text import Text
from textual import events
from textual.timer import Timer
from textual.worker import Worker, WorkerState

from pitchkit.advice.hints import FAST_HINT_BOT, wait_warm
from pitchkit.bots import Bot
from pitchkit.engine.actions import Action, DeclareTrump, Discard, PassCards, Phase, Play
from pitchkit.engine.cards import Card, card_label
from pitchkit.engine.errors import PitchError
from pitchkit.engine.presets import rules_label
from pitchkit.engine.rules import TrumpBy
from pitchkit.engine.view import View
from pitchkit.tui.base import fitting
from pitchkit.tui.cards import card_markup, suit_markup
from pitchkit.tui.explain import (
    auction_note,
    card_note,
    going_out_note,
    jokers_note,
    new_cards,
    partners_note,
    teams_note,
)
from pitchkit.tui.hinting import choice_lines
from pitchkit.tui.keys import KeyChoice, choices
from pitchkit.tui.narrate import end_lines, instruction, live_lines, result_lines, says
from pitchkit.tui.quitting import GuardedTable
from pitchkit.tui.render import history_table
from pitchkit.tui.screens import AGAIN, QUIT, HistoryScreen, SummaryScreen
from pitchkit.tui.session import Hint, Session, Step

#: seconds a bots-only table shows a hand summary before going on
SUMMARY_SECONDS = 4.0
#: bots and the hint bot decide one at a time, as they would on one thread
_SEARCH = threading.Lock()


def decide(bot: Bot, view: View, asked: object) -> tuple[object, Action]:
    """The bot's choice for ``view`` (run on a worker thread), with the token ``asked`` it was
    asked with, so that an answer to a question no longer open is dropped."""
    with _SEARCH:
        return asked, bot.choose(view)


def advise_hint(session: Session, view: View, asked: object) -> tuple[object, Hint]:
    """The hint for ``view`` with its reason (run on a worker thread, one search at a time), with the
    token ``asked``."""
    with _SEARCH:
        return asked, session.hint(view)


class PlayApp(GuardedTable):
    """A game at the table. ``new_session(n)`` makes the n-th game (0, then 1 after "play again");
    ``delay`` is the pause in seconds before each bot action (0: bots act at once); at a bots-only
    table a hand summary stays ``summary_seconds``."""

    def __init__(self, new_session: Callable[[int], Session], *, delay: float = 0.7,
                 summary_seconds: float = SUMMARY_SECONDS) -> None:
        super().__init__()
        self.new_session = new_session
        self.delay = delay
        self.summary_seconds = summary_seconds
        self.games = 0
        self.session = new_session(0)
        self.sessions = [self.session]
        self.watched = self.session.human if self.session.human is not None else 0
        self.selected: frozenset[Card] = frozenset()
        self._timer: Timer | None = None
        self._summary_open = False
        self._trick_done = False
        self._waiting_told = False
        self._teams_told = False
        #: the open question to a bot (a token) and the seat asked, while it decides off the screen
        self._asked: object | None = None
        self._thinking: int | None = None
        self._hint_asked: object | None = None
        self._bot_worker: Worker[tuple[object, Action]] | None = None

    # -- lifecycle ------------------------------------------------------------------------------

    def on_mount(self) -> None:
        """Show the first deal and let the bots start; once it is on the screen, a hint by ``pimc``
        loads its compiled solver in the background, so that the first hint has its figures (one
        asked before says they are still loading)."""
        super().on_mount()
        if self.session.human is not None and self.session.hint_bot_name == FAST_HINT_BOT:
            self.call_after_refresh(self._warm_up)
        self._begin()

    def _warm_up(self) -> None:
        self.run_worker(wait_warm, name="warm-up", group="warm-up", thread=True, exit_on_error=False)

    def _begin(self) -> None:
        self.selected = frozenset()
        self._asked = self._thinking = self._hint_asked = None  # answers for an earlier game are dropped
        self.clear_log()
        self.message("")
        self._log_hand_start()
        s = self.session
        hand = s.game.hand
        for i, action in enumerate(hand.log, start=1):  # a resumed hand: what happened before it was saved
            for line in live_lines(hand, i, s.names, fmt=card_markup, fmt_suit=suit_markup,
                                   reveal=action.seat == self.focus_seat):
                self.log_line(line)
        self._redraw()
        self._advance()

    def _log_hand_start(self) -> None:
        s = self.session
        hand = s.game.hand
        self._teams_told = False
        self.log_line(f"[bold]Hand {s.hand_number}[/]: {says(s.names[hand.dealer], 'deal', 'deals')}.")
        for note in (partners_note(s.rules, s.names), jokers_note(s.rules),
                     going_out_note(s.view(self.focus_seat))):
            self.note(note)

    def note(self, markup: str) -> None:
        """An explanation in the log (nothing if empty)."""
        if markup:
            self.log_line(f"  [i]{markup}[/]")

    @property
    def busy(self) -> bool:
        """True while a bot is about to act or deciding."""
        return self._timer is not None or self._asked is not None

    @property
    def focus_seat(self) -> int:
        """The seat whose cards are shown: the human's, or the watched bot's."""
        return self.session.human if self.session.human is not None else self.watched

    # -- drawing --------------------------------------------------------------------------------

    def _title(self) -> str:
        """The title line: the game and the keys that work at any time, said as fully as the
        terminal's width allows; ``q quit`` always stays."""
        s = self.session
        r = s.rules
        goal = f"to {r.target}" if r.target is not None else f"{r.deals_per_player} deals each"
        keys = ([("?", "hint"), ("S", "scores"), *([("U", "undo")] if s.take_backs else [])]
                if s.human is not None else [("tab", "next seat"), ("S", "scores")])
        words = "  ".join(f"[b]{k}[/] {w}" for k, w in keys)
        bare = " ".join(f"[b]{k}[/]" for k, _ in keys)
        quit_key = "[b]q[/] quit"
        seed = f" · seed {s.seed}" if s.seed is not None else ""
        label, preset = escape(rules_label(r)), escape(r.preset)
        return fitting([f"pitchkit · {label} · {goal}{seed}   {words}  {quit_key}",
                        f"{label} · {goal}{seed}   {words}  {quit_key}",
                        f"{label} · {goal}   {words}  {quit_key}",
                        f"{preset} · {goal}   {words}  {quit_key}",
                        f"{preset} · {goal}  {bare}  {quit_key}",
                        f"{preset}  {bare}  {quit_key}",
                        f"{bare}  {quit_key}"], self.line_room)

    def _keys(self) -> list[KeyChoice]:
        s = self.session
        if not s.human_turn:
            return []
        assert s.human is not None
        return choices(s.view(s.human))

    def redraw(self) -> None:
        """Draw the table from the game (after a resize too)."""
        self._redraw()

    def _redraw(self) -> None:
        s = self.session
        view = s.view(self.focus_seat)
        prompt = None
        if s.over:
            prompt = Text("The game is over.", style="dim")
        elif s.bot_turn and s.to_act is not None:
            prompt = Text(f"{s.names[s.to_act]} is thinking...", style="dim")
        self.draw_table(view, s.names, hand_no=s.hand_number, title=self._title(), keys=self._keys(),
                        selected=self.selected, prompt=prompt, new=new_cards(s.shown_hand, self.focus_seat))

    def _log_step(self, step: Step) -> None:
        s = self.session
        seat = step.action.seat
        action = step.action
        view = s.view(self.focus_seat)
        line, *more = live_lines(step.hand, len(step.hand.log), s.names, fmt=card_markup,
                                 fmt_suit=suit_markup, reveal=seat == self.focus_seat)
        if isinstance(action, Play) and (what := card_note(action.card, s.rules, view.trump)):
            line += f" ({what})"
        if isinstance(action, DeclareTrump) and view.trick:  # a jack or joker lead named trump
            led = view.trick[0][1]
            if what := card_note(led, s.rules, view.trump):
                line += f" ({card_markup(led)} is {what})"
        if step.trick_winner is not None:
            winner = s.names[step.trick_winner]
            line += f"  → [bold]{winner}[/] {'win' if winner == 'You' else 'wins'} the trick"
        for text in (line, *more):
            self.log_line(text)
        self.note(auction_note(view, action, s.names))
        if not self._teams_told and (teams := teams_note(view, s.names, fmt=card_markup)):
            self._teams_told = True
            self.note(teams)
        self._trick_done = step.trick_winner is not None

    # -- the turn loop --------------------------------------------------------------------------

    def _advance(self) -> None:
        """Whatever comes next: a bot's move (after the delay), a summary, or the human's turn."""
        s = self.session
        if self._timer is not None or self._asked is not None or self._summary_open or self.confirming:
            return
        if s.unshown or s.over:
            self._show_summary()
        elif s.bot_turn:
            pause = self.delay * (2.5 if self._trick_done else 1)
            if pause > 0:
                self._timer = self.set_timer(pause, self._ask_bot)
            else:
                self._ask_bot()
        elif s.human_turn and self._waiting_told:
            self._waiting_told = False
            self.message("")

    def _ask_bot(self) -> None:
        """Let the bot to act decide on a worker thread; the table answers keys meanwhile."""
        self._timer = None
        s = self.session
        seat = s.to_act
        if not s.bot_turn or seat is None:
            self._advance()
            return
        self._asked = object()
        self._thinking = seat
        self._redraw()
        self._bot_worker = self.run_worker(partial(decide, s.bots[seat], s.game.view(seat), self._asked),
                                           name="bot", group="bot", thread=True, exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A bot or the hint bot has decided (or failed): act on it if it is still wanted."""
        worker = event.worker
        if worker.group not in ("bot", "hint"):
            return
        if event.state == WorkerState.ERROR:
            if worker is self._bot_worker and self._thinking is not None:
                self.message(f"{self.session.names[self._thinking]} could not decide: {worker.error}")
                self._asked = self._thinking = None
            elif worker.group == "hint" and self._hint_asked is not None:
                self._hint_asked = None
                self.message(f"No hint: {worker.error}")
            return
        if event.state != WorkerState.SUCCESS or not isinstance(worker.result, tuple):
            return
        asked, action = worker.result
        if worker.group == "hint":
            if asked is self._hint_asked and isinstance(action, Hint):
                self._hint_asked = None
                self._show_hint(action)
            return
        if asked is not self._asked:
            return
        self._asked = self._thinking = None
        try:
            step = self.session.apply(action)
        except PitchError as e:
            self.message(str(e))
            return
        self._log_step(step)
        self._redraw()
        self._advance()

    def _show_summary(self) -> None:
        s = self.session
        self.tell_save_error()
        hand = s.shown_hand
        final = s.over and len(s.unshown) <= 1
        lines = result_lines(hand, s.names, fmt=card_markup, fmt_suit=suit_markup) if hand.done else []
        if final:
            lines = [*lines, "", *(f"[bold]{escape(x)}[/]" for x in end_lines(s.game, s.names,
                                                                                 stopped=s.stopped))]
        title = f"Hand {s.hand_number}" + (": game over" if final else "")
        auto = self.summary_seconds if s.human is None else None
        self._summary_open = True
        self._redraw()
        self.push_screen(SummaryScreen(title, lines, final=final, auto=auto, scores=self._scores),
                         self._summary_closed)

    def _summary_closed(self, choice: str | None) -> None:
        self._summary_open = False
        s = self.session
        if choice == QUIT:
            self.ask_quit(on_cancel=self._advance)
            return
        if choice == AGAIN:
            self.games += 1
            self.session = self.new_session(self.games)
            self.sessions.append(self.session)
            self._begin()
            return
        s.summary_seen()
        if not s.unshown and not s.over:
            self.log_line("")
            self._log_hand_start()
        self._redraw()
        self._advance()

    # -- keys -----------------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """q quits, ? hints, tab watches the next seat; on the human's turn the choice keys act."""
        if self._summary_open:
            return
        event.stop()
        key = event.character if event.character and event.character.isprintable() else event.key
        s = self.session
        if key == "q":
            self.ask_quit(on_cancel=self._advance)
            return
        if key == "tab" and s.human is None:
            self.watched = (self.watched + 1) % s.rules.players
            self._redraw()
            return
        if key == "?":
            self._hint()
            return
        if key == "S":
            self.push_screen(HistoryScreen(self._scores()))
            return
        if key == "U" and s.human is not None:
            self._take_back()
            return
        if not s.human_turn:
            if s.human is not None and s.to_act is not None:
                self.message(f"Wait: {s.names[s.to_act]} is to act.", style="yellow")
                self._waiting_told = True
            return
        assert s.human is not None
        view = s.view(s.human)
        by_key = {k.key: k for k in choices(view)}
        if view.phase in (Phase.DISCARD, Phase.EXCHANGE):
            self._discard_key(key, by_key, view.phase)
            return
        choice = by_key.get(key)
        if choice is None or choice.action is None:
            self.message(f"{key!r} is not a choice now.", style="yellow")
            return
        self._act(choice)

    def _act(self, choice: KeyChoice) -> None:
        assert choice.action is not None
        try:
            step = self.session.apply(choice.action)
        except PitchError as e:
            self.message(str(e))
            return
        self.message("")
        self._hint_asked = None
        self.selected = frozenset()
        self._log_step(step)
        self._redraw()
        self._advance()

    def _discard_key(self, key: str, by_key: dict[str, KeyChoice], phase: Phase) -> None:
        """A key while choosing cards to discard or to pass to the partner: toggle, clear, confirm."""
        s = self.session
        assert s.human is not None
        if key == "enter":
            chosen = tuple(sorted(self.selected))
            action = Discard(s.human, chosen) if phase == Phase.DISCARD else PassCards(s.human, chosen)
            self._act(KeyChoice(key, phase.value, action, True))
            return
        if key in ("escape", "backspace"):
            self.selected = frozenset()
        else:
            choice = by_key.get(key)
            if choice is None or choice.card is None:
                self.message(f"{key!r} is not a choice now.", style="yellow")
                return
            if not choice.legal:
                why = "is the upcard and must be kept" if s.rules.trump_by == TrumpBy.UPCARD else \
                    "is a point card and may not be discarded"
                self.message(f"{card_label(choice.card)} {why}.")
                return
            self.selected = self.selected ^ {choice.card}
        self.message("")
        self._redraw()

    def _scores(self) -> RenderableType:
        """The scores hand by hand (see :func:`~pitchkit.tui.render.history_table`)."""
        s = self.session
        return history_table(s.game.history, s.names, s.rules.players)

    def _take_back(self) -> None:
        """Take back the human's last card; bots deciding after it are not waited for."""
        s = self.session
        try:
            play = s.take_back()
        except PitchError as e:
            self.message(str(e), style="yellow")
            return
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._asked = self._thinking = self._hint_asked = None
        self.selected = frozenset()
        self.log_line(f"[bold]You take back {card_markup(play.card)}[/]: the cards played after it "
                      "go back too.")
        self.message("")
        self._redraw()
        self._advance()

    def _hint(self) -> None:
        s = self.session
        if not s.human_turn or s.human is None:
            self.message("A hint is given on your turn.", style="yellow")
            self._waiting_told = True
            return
        if self._hint_asked is not None:
            return
        self._hint_asked = object()
        self.message(f"The {s.hint_bot_name} bot is thinking about a hint...", style="dim")
        self.run_worker(partial(advise_hint, s, s.game.view(s.human), self._hint_asked),
                        name="hint", group="hint", thread=True, exit_on_error=False)

    def _show_hint(self, hint: Hint) -> None:
        """The hint on the message line, and in the log with its reason and the choices it compared."""
        s = self.session
        action = hint.action
        if isinstance(action, Discard | PassCards):
            self.selected = frozenset(action.cards)
            self._redraw()
        assert s.human is not None
        view = s.view(s.human)
        text = instruction(action, view, s.names, fmt=card_markup, fmt_suit=suit_markup)
        self.panel("#message").update(Text.from_markup(f"[green]Hint ({escape(hint.by)}):[/] {text}"))
        if hint.reason:
            self.log_line(f"[green]Hint:[/] {text}: {escape(hint.reason)}")
        for line in choice_lines(hint.data, view, s.names, fmt=card_markup, fmt_suit=suit_markup):
            self.log_line(line)
