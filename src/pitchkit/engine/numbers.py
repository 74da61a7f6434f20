"""Whole numbers from outside the engine: records, options, bids, seats and the command line.

Every number that comes from text or JSON goes through :func:`parse_int`: plain ASCII decimal
digits with an optional leading ``-`` (no ``+``, underscores, spaces inside, superscripts or other
scripts' digits), at most :data:`MAX_DIGITS` digits, within the caller's range. Anything else is
the engine's own error, never a bare ``ValueError`` from ``int()``.
"""

from __future__ import annotations

import re

from pitchkit.engine.errors import PitchError, quote

#: the most digits a number from outside may have (far below Python's int/str conversion limit)
MAX_DIGITS = 18
_SPACE = " \t\r\n"
_DECIMAL = re.compile(rf"-?[0-9]{{1,{MAX_DIGITS}}}", re.ASCII)


def parse_int(value: object, *, what: str, lo: int, hi: int,
              error: type[PitchError] = PitchError) -> int:
    """``value`` (an ``int``, or text holding a plain decimal integer) as an ``int`` in ``lo..hi``.

    ``what`` names the number in the message, e.g. ``parse_int("9", what="seat", lo=0, hi=3)``
    raises ``error("seat: expected a whole number from 0 to 3, got '9'")``. Booleans and floats
    are not numbers here; spaces, tabs and line ends around text are ignored."""
    if type(value) is int:
        number = value
    elif isinstance(value, str) and _DECIMAL.fullmatch(value.strip(_SPACE)):
        number = int(value.strip(_SPACE))
    else:
        raise error(f"{what}: expected a whole number from {lo} to {hi}, got {quote(value)}")
    if not lo <= number <= hi:
        raise error(f"{what}: expected a whole number from {lo} to {hi}, got {quote(number)}")
    return number
