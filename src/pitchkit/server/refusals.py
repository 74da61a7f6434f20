"""What the table service refuses, by kind (each answered with its own HTTP status or close code)."""

from __future__ import annotations

from pitchkit.engine.errors import PitchError


class NotFound(PitchError):
    """No such table."""


class Forbidden(PitchError):
    """A secret that does not open this seat or table."""


class Stale(PitchError):
    """An action sent for a version of the table that is no longer current."""


class Stopping(PitchError):
    """A change that came while the server was stopping: it was not stored, nor told to anyone."""
