"""Typed errors. Every error a user can cause is a ``ValueError`` subclass with a one-line message."""

from __future__ import annotations


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


class IllegalActionError(PitchError):
    """An action that the rules do not allow in the current state; the state is unchanged."""


class RecordError(PitchError):
    """A malformed hand or game record."""
