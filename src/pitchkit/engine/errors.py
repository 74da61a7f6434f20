"""Typed errors. Every error a user can cause is a ``ValueError`` subclass with a one-line message."""

from __future__ import annotations

import reprlib


class PitchError(ValueError):
    """Base class of every error pitchkit raises for bad input."""


class CardError(PitchError):
    """A card, suit or card list could not be parsed or is not in the deck."""


class DealError(PitchError):
    """An explicit deal that cannot be: wrong hand sizes, a card twice, a card not in the deck."""


class RulesError(PitchError):
    """An invalid rules combination or option value."""


class UnknownPresetError(RulesError):
    """No preset (or alias) has the given name."""


class UnknownOptionError(RulesError):
    """An option name that the rules model does not have."""


class InapplicableOptionError(RulesError):
    """An option changed where it takes no part in the rules (an auction's bid where trump is made
    with the upcard, a march's points where hands score their points); ``field`` names it."""

    def __init__(self, message: str, *, field: str = "") -> None:
        super().__init__(message)
        self.field = field


class IllegalActionError(PitchError):
    """An action that the rules do not allow in the current state; the state is unchanged."""


class RecordError(PitchError):
    """A malformed hand or game record."""


#: the most characters of a bad value that an error message echoes
ECHO_LIMIT = 60


class _Echo(reprlib.Repr):
    """``reprlib`` limits for echoing bad input; numbers too long to print are described instead."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = self.maxother = self.maxlong = ECHO_LIMIT
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = self.maxfrozenset = 6

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 3 * ECHO_LIMIT:
            return f"<a number of about {int(x.bit_length() * 0.30103) + 1} digits>"
        return super().repr_int(x, level)


_ECHO = _Echo()


def clip(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` as one short line: characters that are not printable escaped, cut to ``limit``
    characters with ``...`` when longer."""
    head = text[: limit + 1]
    if not head.isprintable():
        head = repr(head)[1:-1]
    return head if len(head) <= limit and len(text) <= limit else head[: limit - 3] + "..."


def quote(value: object) -> str:
    """A bad value for an error message: its ``repr``, on one line and at most :data:`ECHO_LIMIT`
    characters (``'1\\n2'``, ``'xxxx...``, ``<a number of about 5000 digits>``)."""
    if isinstance(value, str):
        return clip(repr(value[: ECHO_LIMIT + 1]) if len(value) > ECHO_LIMIT else repr(value))
    return clip(_ECHO.repr(value))
