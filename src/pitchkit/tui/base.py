"""The table layout shared by play and replay: title, seats, hand info, log, a seat's cards, prompt."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import RichLog, Static

from pitchkit.engine.cards import Card
from pitchkit.engine.view import View
from pitchkit.tui.keys import KeyChoice
from pitchkit.tui.render import hand_text, info_text, prompt_text, seats_table, status_text

CSS = """
Screen { layout: vertical; }
#title { height: 1; background: $primary-background; color: $text; text-style: bold; padding: 0 1; }
#top { height: auto; }
#seats { width: auto; max-width: 70%; height: auto; border: round $primary; padding: 0 1; }
#info { width: 1fr; min-width: 20; height: auto; border: round $primary; padding: 0 1; }
#log { height: 1fr; min-height: 3; border: round $secondary; padding: 0 1; scrollbar-size: 1 1; }
#hand { height: auto; border: round $accent; padding: 0 1; }
#prompt { height: auto; padding: 0 1; }
#message { height: 1; padding: 0 1; }
#status { height: auto; padding: 0 1; display: none; }
#too-small { height: 1fr; content-align: center middle; text-align: center; display: none; }
Screen.-short #top { display: none; }
Screen.-short #status { display: block; }
Screen.-too-small > * { display: none; }
Screen.-too-small > #too-small { display: block; }
"""

#: the smallest terminal the table is drawn in (columns, rows): the cards and the prompt fit
MIN_SIZE = (40, 12)
#: below this width the seats table drops its tricks and card-points columns
NARROW_WIDTH = 76
#: below this width or height the seats and hand panels give way to one status line
SHORT_SIZE = (60, 18)


def fitting(candidates: Sequence[str], width: int) -> str:
    """The first of ``candidates`` (Rich markup, from the most said to the least) whose text fits in
    ``width`` cells, else the last."""
    for markup in candidates:
        if Text.from_markup(markup).cell_len <= width:
            return markup
    return candidates[-1]


def layout_classes(width: int, height: int) -> set[str]:
    """The screen's layout classes for a terminal of ``width`` x ``height``."""
    if width < MIN_SIZE[0] or height < MIN_SIZE[1]:
        return {"-too-small"}
    if width < SHORT_SIZE[0] or height < SHORT_SIZE[1]:
        return {"-short", "-narrow"}
    return {"-narrow"} if width < NARROW_WIDTH else set()


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
        yield Static(id="status")
        yield Static(id="prompt")
        yield Static(id="message")
        yield Static(id="too-small")

    _redraw_last: Callable[[], None] | None = None
    #: the terminal's width when the table was last laid out
    columns: int = 80

    @property
    def line_room(self) -> int:
        """The cells a line across the table (the title, the prompt) may fill: the terminal's width
        less its padding and the room of a scroll bar, which a table taller than the terminal shows."""
        return self.columns - 4

    @property
    def table(self) -> Screen[object]:
        """The screen the table is drawn on (under any summary or question)."""
        return self.screen_stack[0] if self.screen_stack else self.screen

    def panel(self, widget_id: str) -> Static:
        """One of the table's text panels, by id."""
        return self.table.query_one(widget_id, Static)

    def on_mount(self) -> None:
        """Panel titles, and the layout for the terminal's size."""
        self.panel("#seats").border_title = "Table"
        self.table.query_one("#log", RichLog).border_title = "Log"
        self.fit_layout()

    def on_resize(self, event: events.Resize) -> None:
        """Lay the table out again for the new size."""
        self.fit_layout(event.size.width, event.size.height)

    def fit_layout(self, width: int | None = None, height: int | None = None) -> None:
        """Choose the layout for the space there is (the terminal's size unless given; see
        :func:`layout_classes`); below :data:`MIN_SIZE` say what size is needed."""
        width = self.size.width if width is None else width
        height = self.size.height if height is None else height
        self.columns = width
        wanted = layout_classes(width, height)
        for name in ("-too-small", "-short", "-narrow"):
            self.table.set_class(name in wanted, name)
        self.panel("#too-small").update(
            f"The table needs a terminal of at least {MIN_SIZE[0]}x{MIN_SIZE[1]} "
            f"(this one is {width}x{height}). Make it larger, or press q to quit.")
        self.redraw()

    def redraw(self) -> None:
        """Draw every panel again, as last drawn (subclasses may draw from their own state)."""
        if self._redraw_last is not None:
            self._redraw_last()

    # -- drawing --------------------------------------------------------------------------------

    def draw_table(self, view: View, names: Sequence[str], *, hand_no: int, title: str,
                   keys: Sequence[KeyChoice] = (), selected: frozenset[Card] = frozenset(),
                   prompt: Text | None = None, new: frozenset[Card] = frozenset()) -> None:
        """Redraw every panel from ``view`` (``new``: the seat's cards that came from the pack)."""
        self._redraw_last = partial(self.draw_table, view, names, hand_no=hand_no, title=title,
                                    keys=keys, selected=selected, prompt=prompt, new=new)
        self.panel("#title").update(Text.from_markup(title))
        self.panel("#seats").update(seats_table(view, names, compact=self.table.has_class("-narrow")))
        self.panel("#status").update(status_text(view, names))
        info = self.panel("#info")
        info.update(info_text(view, names, hand_no))
        info.border_title = "Hand"
        hand = self.panel("#hand")
        hand.update(hand_text(view, keys, selected, new))
        owner = names[view.seat]
        hand.border_title = "Your cards" if owner == "You" else f"{owner}'s cards"
        if prompt is None:
            prompt = prompt_text(view, names, keys, selected, width=self.line_room)
        self.panel("#prompt").update(prompt)

    def log_line(self, markup: str) -> None:
        """Append a line (Rich markup) to the log."""
        self.table.query_one("#log", RichLog).write(Text.from_markup(markup))

    def clear_log(self) -> None:
        """Empty the log."""
        self.table.query_one("#log", RichLog).clear()

    def message(self, text: str, *, style: str = "bold red") -> None:
        """Show a one-line message under the prompt (empty text clears it)."""
        self.panel("#message").update(Text(text, style=style))
