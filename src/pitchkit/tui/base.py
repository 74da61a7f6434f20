"""The table layout shared by play and replay: title, seats, hand info, log, a seat's cards, prompt."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import RichLog, Static

from pitchkit.cards import Card
from pitchkit.tui.keys import KeyChoice
from pitchkit.tui.render import hand_text, info_text, prompt_text, seats_table
from pitchkit.view import View

CSS = """
Screen { layout: vertical; }
#title { height: 1; background: $primary-background; color: $text; text-style: bold; padding: 0 1; }
#top { height: auto; }
#seats { width: 1fr; height: auto; border: round $primary; padding: 0 1; }
#info { width: 32; height: auto; border: round $primary; padding: 0 1; }
#log { height: 1fr; min-height: 3; border: round $secondary; padding: 0 1; scrollbar-size: 1 1; }
#hand { height: auto; border: round $accent; padding: 0 1; }
#prompt { height: auto; padding: 0 1; }
#message { height: 1; padding: 0 1; }
"""


class TableApp(App[None]):
    """A card table: subclasses decide what is shown and which keys do what."""

    CSS = CSS
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+c", "quit", "Quit", show=False, priority=True)]

    def compose(self) -> ComposeResult:
        """The panels, top to bottom."""
        yield Static(id="title")
        with Horizontal(id="top"):
            yield Static(id="seats")
            yield Static(id="info")
        log = RichLog(id="log", markup=True, wrap=True, max_lines=500, min_width=16)
        log.can_focus = False
        yield log
        yield Static(id="hand")
        yield Static(id="prompt")
        yield Static(id="message")

    def on_mount(self) -> None:
        """Panel titles."""
        self.query_one("#seats", Static).border_title = "Table"
        self.query_one("#log", RichLog).border_title = "Log"

    # -- drawing --------------------------------------------------------------------------------

    def draw_table(self, view: View, names: Sequence[str], *, hand_no: int, title: str,
                   keys: Sequence[KeyChoice] = (), selected: frozenset[Card] = frozenset(),
                   prompt: Text | None = None) -> None:
        """Redraw every panel from ``view``."""
        self.query_one("#title", Static).update(Text.from_markup(title))
        self.query_one("#seats", Static).update(seats_table(view, names))
        info = self.query_one("#info", Static)
        info.update(info_text(view, names, hand_no))
        info.border_title = "Hand"
        hand = self.query_one("#hand", Static)
        hand.update(hand_text(view, keys, selected))
        owner = names[view.seat]
        hand.border_title = "Your cards" if owner == "You" else f"{owner}'s cards"
        self.query_one("#prompt", Static).update(
            prompt if prompt is not None else prompt_text(view, names, keys, selected))

    def log_line(self, markup: str) -> None:
        """Append a line (Rich markup) to the log."""
        self.query_one("#log", RichLog).write(Text.from_markup(markup))

    def clear_log(self) -> None:
        """Empty the log."""
        self.query_one("#log", RichLog).clear()

    def message(self, text: str, *, style: str = "bold red") -> None:
        """Show a one-line message under the prompt (empty text clears it)."""
        self.query_one("#message", Static).update(Text(text, style=style))
