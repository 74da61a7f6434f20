"""``pitch replay``: step through a saved game, action by action, seeing every seat's cards in turn."""

from __future__ import annotations

from rich.markup import escape
from rich.text import Text
from textual import events

from pitchkit.engine.view import make_view
from pitchkit.tui.base import TableApp, fitting
from pitchkit.tui.cards import card_markup, suit_markup
from pitchkit.tui.narrate import end_lines, live_lines, result_lines, trick_lines
from pitchkit.tui.textlog import Replay

_NEXT = ("right", "n", " ", "space", "l")
_PREV = ("left", "p", "backspace", "h")


class ReplayApp(TableApp):
    """Keys: → / n next action, ← / p previous, ] / [ next or previous hand, Home / End,
    tab the next seat's cards, q quit."""

    def __init__(self, replay: Replay, *, name: str = "") -> None:
        super().__init__()
        self.replay = replay
        self.file_name = name
        self.names = replay.names
        self.pos = 0
        self.seat = 0

    def redraw(self) -> None:
        """Draw the position (the first deal when the table is laid out first; after a resize the
        title fits the new width)."""
        self._redraw()

    def _hand_starts(self) -> list[int]:
        return [i for i, f in enumerate(self.replay.frames) if f.action is None]

    def go(self, pos: int) -> None:
        """Show the position ``pos`` (clamped to the game)."""
        self.pos = max(0, min(pos, len(self.replay.frames) - 1))
        self._redraw()

    def on_key(self, event: events.Key) -> None:
        """Move through the game."""
        event.stop()
        key = event.character if event.character and event.character.isprintable() else event.key
        starts = self._hand_starts()
        if key == "q":
            self.exit()
        elif key in _NEXT:
            self.go(self.pos + 1)
        elif key in _PREV:
            self.go(self.pos - 1)
        elif key in ("]", "pagedown"):
            self.go(next((p for p in starts if p > self.pos), len(self.replay.frames) - 1))
        elif key in ("[", "pageup"):
            self.go(max((p for p in starts if p < self.pos), default=0))
        elif key == "home":
            self.go(0)
        elif key == "end":
            self.go(len(self.replay.frames) - 1)
        elif key == "tab":
            self.seat = (self.seat + 1) % self.replay.game.rules.players
            self._redraw()

    def _redraw(self) -> None:
        frame = self.replay.frames[self.pos]
        hand = frame.hand
        seat = self.seat if self.seat in hand.seats else hand.seats[0]
        view = make_view(hand, seat)
        in_hand = [f for f in self.replay.frames if f.index == frame.index]
        step = in_hand.index(frame)
        keys = "[b]←/→[/] action  [b]\\[ ][/] hand  [b]tab[/] seat  [b]q[/] quit"
        title = fitting([f"replay {escape(self.file_name)}   {keys}", f"replay   {keys}", keys,
                         "[b]←/→ \\[ ] tab[/]  [b]q[/] quit"], self.line_room)
        if frame.action is None:
            where = "as dealt"
        else:
            where = "; ".join(live_lines(hand, len(hand.log), self.names, fmt=card_markup,
                                         fmt_suit=suit_markup))
        prompt = Text.from_markup(f"Hand {frame.index + 1}/{len(self.replay.hands)} · "
                                  f"action {step}/{len(in_hand) - 1}: {where}")
        self.draw_table(view, self.names, hand_no=frame.index + 1, title=title, prompt=prompt)
        self.clear_log()
        for line in trick_lines(hand, self.names, fmt=card_markup, fmt_suit=suit_markup):
            self.log_line(line)
        if hand.done:
            self.log_line("")
            for line in result_lines(hand, self.names, fmt=card_markup, fmt_suit=suit_markup):
                self.log_line(line)
            if self.pos == len(self.replay.frames) - 1:
                for line in end_lines(self.replay.game, self.names, stopped=False):
                    self.log_line(f"[bold]{escape(line)}[/]")
