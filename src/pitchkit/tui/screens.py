"""The hand summary (and, after the last hand, the game's end) over the table."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Group, RenderableType
from rich.measure import Measurement
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from pitchkit.tui.render import summary_renderable

CONTINUE = "continue"
AGAIN = "again"
QUIT = "quit"


class SummaryScreen(ModalScreen[str]):
    """Shows lines of markup; dismissed with ``continue`` (Enter, space), ``again`` (n, only when
    ``final``) or ``quit`` (q); S shows the table of ``scores`` over it, when given. ``auto`` seconds
    later it continues by itself (bots-only tables), once the scores are closed."""

    DEFAULT_CSS = """
    SummaryScreen { align: center middle; }
    SummaryScreen > Vertical { width: 76; max-width: 100%; height: auto; max-height: 100%;
                               border: thick $accent; background: $surface; padding: 0 1;
                               overflow-y: auto; }
    """

    def __init__(self, title: str, lines: Sequence[str], *, final: bool, auto: float | None = None,
                 scores: Callable[[], RenderableType] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.lines = list(lines)
        self.final = final
        self.auto = auto
        self.scores = scores

    def compose(self) -> ComposeResult:
        """The summary box."""
        scores = "   [bold cyan]S[/] scores" if self.scores is not None else ""
        footer = (f"[bold cyan]n[/] play again{scores}   [bold cyan]q[/] quit" if self.final
                  else f"[bold cyan]Enter[/] next hand{scores}   [bold cyan]q[/] quit")
        with Vertical() as box:
            box.border_title = self.title_text
            yield Static(summary_renderable(self.lines, footer), id="summary")

    def on_mount(self) -> None:
        """Start the timer of a bots-only table."""
        if self.auto is not None and not self.final:
            self.set_timer(self.auto, self._continue)

    def _continue(self) -> None:
        if self.app.screen is not self:  # the scores are open over the summary: wait for them
            self.set_timer(self.auto or 0, self._continue)
            return
        self.dismiss(CONTINUE)

    def on_key(self, event: events.Key) -> None:
        """Enter/space continue, n plays again after the last hand, S shows the scores, q quits."""
        event.stop()
        key = event.character if event.character and event.character.isprintable() else event.key
        if key == "S" and self.scores is not None:
            self.app.push_screen(HistoryScreen(self.scores()))
        elif key == "q":
            self.dismiss(QUIT)
        elif self.final and key == "n":
            self.dismiss(AGAIN)
        elif not self.final and key in ("enter", " ", "space", "n"):
            self.dismiss(CONTINUE)


class HistoryScreen(ModalScreen[None]):
    """The scores hand by hand (see :func:`~pitchkit.tui.render.history_table`); any key closes it."""

    DEFAULT_CSS = """
    HistoryScreen { align: center middle; }
    HistoryScreen > Vertical { width: auto; max-width: 100%; height: auto; max-height: 100%;
                               border: thick $accent; background: $surface; padding: 0 1;
                               overflow-y: auto; }
    """

    def __init__(self, table: RenderableType) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        """The table and the key that closes it."""
        with Vertical() as box:
            box.border_title = "Scores by hand"
            footer = Text.from_markup("[bold cyan]any key[/] back to the table")
            content = Group(self.table, Text(""), footer)
            history = Static(content, id="history")
            # a box as wide as its content: textual measures a rich table inside an auto-width box as empty
            console = self.app.console
            history.styles.width = Measurement.get(console, console.options, content).maximum
            yield history

    def on_key(self, event: events.Key) -> None:
        """Close on any key."""
        event.stop()
        self.dismiss(None)
