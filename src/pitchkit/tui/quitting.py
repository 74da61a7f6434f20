"""Leaving a game at the table without losing it: q and Ctrl+C ask first, a closed terminal
(SIGHUP) or a stop request (SIGTERM, an interrupt sent from outside) saves the game and leaves the
terminal as it was, and a save that fails is told and tried again."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
from collections.abc import Callable
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from pitchkit.tui.base import TableApp
from pitchkit.tui.session import Session

#: the signals that end a game at the table after saving it
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
#: seconds a signalled table has to close before the process ends anyway (a terminal that is gone
#: can block the last writes)
EXIT_GRACE = 5.0


class ConfirmQuit(ModalScreen[bool]):
    """"Quit this game?": y or q quits (True), n or Escape goes back to the table (False)."""

    DEFAULT_CSS = """
    ConfirmQuit { align: center middle; }
    ConfirmQuit > Vertical { width: 60; height: auto; border: thick $warning; background: $surface;
                             padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        """The question and its keys."""
        with Vertical() as box:
            box.border_title = "Quit?"
            yield Static("Quit this game? It is saved, and [b]pitch play --resume[/] goes on with it "
                         "later.\n\n[bold cyan]y[/] quit   [bold cyan]n[/] keep playing")

    def on_key(self, event: events.Key) -> None:
        """y/q quit, n/Escape go back; other keys are ignored."""
        event.stop()
        key = event.character if event.character and event.character.isprintable() else event.key
        if key in ("y", "q"):
            self.dismiss(True)
        elif key in ("n", "escape"):
            self.dismiss(False)


class GuardedTable(TableApp):
    """A table that asks before quitting an unfinished game, saves its games on the way out (and on
    SIGTERM, SIGHUP and an outside SIGINT), and tells when a save failed. Subclasses keep
    :attr:`session` (the game in play) and :attr:`sessions` (every game of this run) current."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "ask_quit", "Quit", show=False, priority=True),
        Binding("ctrl+q", "ask_quit", "Quit", show=False, priority=True),
    ]

    session: Session
    sessions: list[Session]
    #: the name of the signal that ended the table (``None``: the player quit, or the game ended)
    stopped_by: str | None = None
    #: True while the quit question is open
    confirming = False
    _signals_installed = False
    _told_error: str | None = None

    def on_mount(self) -> None:
        """Stop on SIGTERM, SIGHUP and SIGINT after saving."""
        if self._signals_installed:
            return
        self._signals_installed = True
        loop = asyncio.get_running_loop()
        # an interrupt sent from outside (kill -INT) is a stop request too; the Ctrl+C key asks
        for signum in (*STOP_SIGNALS, signal.SIGINT):
            try:
                loop.add_signal_handler(signum, self.stop_on_signal, signum)
            except (NotImplementedError, RuntimeError, ValueError):  # no handlers off the main thread
                continue

    def action_ask_quit(self) -> None:
        """Ctrl+C and Ctrl+Q: ask before quitting; pressed again while asking, quit."""
        if self.confirming and isinstance(self.screen, ConfirmQuit):
            self.screen.dismiss(True)
            return
        self.ask_quit()

    def ask_quit(self, on_cancel: Callable[[], None] | None = None) -> None:
        """Quit at once if the game is over; else ask first, and call ``on_cancel`` if the player
        goes back to the table."""
        if self.session.over:
            self.leave()
            return
        if self.confirming:
            return
        self.confirming = True

        def answered(quit_: bool | None) -> None:
            self.confirming = False
            if quit_:
                self.leave()
            elif on_cancel is not None:
                on_cancel()

        self.push_screen(ConfirmQuit(), answered)

    def leave(self) -> None:
        """Save every game and close the table."""
        self.save_all()
        self.exit()

    def save_all(self) -> None:
        """Save every game of this run (failures are kept in each session's ``save_error``)."""
        for session in self.sessions:
            session.save()

    def stop_on_signal(self, signum: int) -> None:
        """A stop signal: save, then close the table so the terminal is restored."""
        self.stopped_by = signal.Signals(signum).name
        self.save_all()
        timer = threading.Timer(EXIT_GRACE, os._exit, args=(128 + signum,))
        timer.daemon = True
        timer.start()
        self.exit(return_code=128 + signum)

    def tell_save_error(self) -> None:
        """After a save: tell the player once per new failure that the game could not be saved and
        will be saved again after the next hand."""
        error = self.session.save_error
        if error is not None and error != self._told_error:
            self.notify(f"Could not save the game: {error}. Playing on; saving again after the next "
                        "hand and when you quit.", title="Not saved", severity="error", timeout=10)
        self._told_error = error
