"""A table's chat as data, with no I/O: the host's settings (replayed from the table's log), a line
checked against the limits, the rate of one connection, and the recent lines kept in memory.

The settings are a table change like any other (a ``chat_rule`` log entry, see
:class:`~pitchkit.server.tables.TableState`); the lines are not: they are stored in a table of their
own (:mod:`pitchkit.server.chat`), so that a chat line never moves the table's ``version`` under a
player's action.
"""

from __future__ import annotations

import collections
import time
from dataclasses import dataclass, field
from typing import Any

from pitchkit.engine.errors import PitchError, quote
from pitchkit.server.names import clean_name, name_refusal

#: the longest chat line, in characters (after trimming)
CHAT_LIMIT = 300
#: the quick reactions: what a client sends, and the words a page shows for it
REACTIONS = {"nice": "Nice!", "sorry": "Sorry, partner", "gg": "Good game"}
#: at most this many lines (reactions included) per connection ...
RATE_LINES = 5
#: ... in this many seconds
RATE_SECONDS = 10.0
#: the lines a connection is sent when it opens (the newest)
RECENT_LINES = 100
#: the name of a spectator who gives none
SPECTATOR_NAME = "Spectator"
#: characters of other categories than printable ones that a chat line may hold: the zero-width
#: joiner of emoji sequences
_JOINERS = frozenset("\u200d")


class ChatError(PitchError):
    """A chat line or a chat setting refused: chat off, a muted seat, a spectator, a line too long,
    too many lines, a setting changed by someone other than the host..."""


@dataclass
class ChatRules:
    """The host's chat settings of a table: chat on or off, whether spectators may chat, the muted
    seats. A tournament table's chat is off for good (``tournament``: table talk is a misconduct)."""

    on: bool = True
    spectators: bool = False
    muted: set[int] = field(default_factory=set)
    tournament: bool = False

    @classmethod
    def created(cls, data: object) -> ChatRules:
        """The settings a table starts with, from its ``create`` entry's ``chat`` (absent: chat on;
        ``False``: a tournament table's, off for good)."""
        if data is False:
            return cls(on=False, tournament=True)
        return cls()

    def public(self) -> dict[str, Any]:
        """The settings as the table shows them to everyone."""
        return {"on": self.on, "spectators": self.spectators, "muted": sorted(self.muted),
                "tournament": self.tournament}

    def data(self) -> dict[str, Any]:
        """The settings as a ``chat_rule`` log entry's data."""
        return {"on": self.on, "spectators": self.spectators, "muted": sorted(self.muted)}

    def replay(self, data: dict[str, Any]) -> None:
        """Apply a ``chat_rule`` log entry."""
        self.on = bool(data.get("on", self.on))
        self.spectators = bool(data.get("spectators", self.spectators))
        self.muted = {int(s) for s in data.get("muted", sorted(self.muted))}

    def changed(self, body: dict[str, Any], seats: int) -> ChatRules:
        """New settings from a host's request: ``on``, ``spectators`` (booleans) and ``muted`` (a
        list of seat numbers), each optional; the settings not named stay as they are."""
        if self.tournament:
            raise ChatError("chat stays off at a tournament table: table talk is a misconduct")
        new = ChatRules(self.on, self.spectators, set(self.muted))
        for key in ("on", "spectators"):
            if key in body:
                value = body[key]
                if not isinstance(value, bool):
                    raise ChatError(f"{key!r} must be true or false, not {quote(value)}")
                setattr(new, key, value)
        if "muted" in body:
            muted = body["muted"]
            if not isinstance(muted, list) or len(muted) > seats or \
                    any(type(s) is not int or not 0 <= s < seats for s in muted):
                raise ChatError(f"'muted' lists seat numbers from 0 to {seats - 1}, not {quote(muted)}")
            new.muted = set(muted)
        if not {"on", "spectators", "muted"} & set(body):
            raise ChatError("say what to change: 'on', 'spectators' or 'muted'")
        return new

    def check(self, seat: int) -> None:
        """Refuse a line from ``seat`` (a seat number, or -1 for a spectator) that these settings do
        not allow, with the reason."""
        if self.tournament:
            raise ChatError("there is no chat at a tournament table: table talk is a misconduct")
        if not self.on:
            raise ChatError("the host has switched chat off at this table")
        if seat < 0 and not self.spectators:
            raise ChatError("spectators may not chat at this table (the host may allow it)")
        if seat in self.muted:
            raise ChatError("the host has muted you: your chat lines are not sent")


def clean_text(text: object) -> str:
    """A chat line's text: one line of printable text, its runs of white space made one space,
    trimmed, 1 to :data:`CHAT_LIMIT` characters (else :class:`ChatError` says which)."""
    if not isinstance(text, str):
        raise ChatError("a chat line's 'text' is a string")
    clean = " ".join(text.split())
    if not clean:
        raise ChatError("a chat line needs some text")
    if len(clean) > CHAT_LIMIT:
        raise ChatError(f"a chat line has at most {CHAT_LIMIT} characters (this one has {len(clean)})")
    if not all(c.isprintable() or c in _JOINERS for c in clean):
        raise ChatError("a chat line is printable text (no control characters)")
    return clean


def clean_reaction(reaction: object) -> str:
    """A quick reaction's key, one of :data:`REACTIONS`."""
    if not isinstance(reaction, str) or reaction not in REACTIONS:
        raise ChatError(f"unknown reaction {quote(reaction)}; reactions are: {', '.join(REACTIONS)}")
    return reaction


def spectator_name(name: object, limit: int) -> str:
    """The name a spectator chats under: cleaned as a player's display name (white space made
    single), :data:`SPECTATOR_NAME` when none is given; a name longer than ``limit`` characters or
    not printable is refused (:class:`ChatError`), never cut."""
    if name is None or name == "":
        return SPECTATOR_NAME
    if not isinstance(name, str):
        raise ChatError("a spectator's 'name' is a string")
    clean = clean_name(name)
    if not clean:
        return SPECTATOR_NAME
    refusal = name_refusal(clean, limit)
    if refusal is not None:
        raise ChatError(refusal)
    return clean


class ChatRate:
    """How fast one connection chats: at most :data:`RATE_LINES` lines in any :data:`RATE_SECONDS`."""

    def __init__(self, lines: int = RATE_LINES, seconds: float = RATE_SECONDS) -> None:
        self.lines = lines
        self.seconds = seconds
        self._sent: collections.deque[float] = collections.deque()

    def take(self, now: float | None = None) -> None:
        """Count a line now, or refuse it (:class:`ChatError`) when the connection has sent its
        lines for the window already; a refused line does not count."""
        now = time.monotonic() if now is None else now
        while self._sent and self._sent[0] <= now - self.seconds:
            self._sent.popleft()
        if len(self._sent) >= self.lines:
            wait = max(1, round(self._sent[0] + self.seconds - now + 0.5))
            raise ChatError(f"too many chat lines: at most {self.lines} in {self.seconds:g} seconds; "
                            f"wait {wait} s")
        self._sent.append(now)


class RecentLines:
    """A table's newest chat lines (each as sent to clients), in the order of their ids."""

    def __init__(self, lines: list[dict[str, Any]] | None = None, keep: int = RECENT_LINES) -> None:
        self.keep = keep
        self.lines: list[dict[str, Any]] = []
        self._ids: set[int] = set()
        for line in lines or []:
            self.add(line)

    @property
    def last_id(self) -> int:
        """The id of the newest line (0 when there is none)."""
        return int(self.lines[-1]["id"]) if self.lines else 0

    def has(self, line_id: int) -> bool:
        """True when the line of that id is kept."""
        return line_id in self._ids

    def add(self, line: dict[str, Any]) -> bool:
        """Keep a line in its place by id (the oldest beyond :data:`RECENT_LINES` is dropped); False
        when it is known already."""
        key = int(line["id"])
        if key in self._ids or (len(self.lines) >= self.keep and key < int(self.lines[0]["id"])):
            return False
        self._ids.add(key)
        self.lines.append(line)
        if len(self.lines) > 1 and key < int(self.lines[-2]["id"]):
            self.lines.sort(key=lambda x: int(x["id"]))
        while len(self.lines) > self.keep:
            self._ids.discard(int(self.lines.pop(0)["id"]))
        return True
