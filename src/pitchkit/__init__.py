"""pitchkit: the card game Pitch as a data-driven rules engine.

>>> from pitchkit import Game, make_rules
>>> game = Game(make_rules("pct"), seed=1)
>>> len(game.legal_actions()) > 0
True
"""

from pitchkit import _moved
from pitchkit.engine.actions import Action, Bid, Choice, Choose, DeclareTrump, Discard, PassCards, Phase, Play
from pitchkit.engine.cards import Card, Suit
from pitchkit.engine.errors import (
    CardError,
    DealError,
    IllegalActionError,
    PitchError,
    RecordError,
    RulesError,
    UnknownOptionError,
    UnknownPresetError,
)
from pitchkit.engine.game import Game, GameEnd
from pitchkit.engine.hand import Hand, HandResult
from pitchkit.engine.presets import Preset, get_preset, make_rules, presets
from pitchkit.engine.rules import Rules
from pitchkit.engine.view import View

__all__ = [
    "Action",
    "Bid",
    "Card",
    "CardError",
    "Choice",
    "Choose",
    "DealError",
    "DeclareTrump",
    "Discard",
    "Game",
    "GameEnd",
    "Hand",
    "HandResult",
    "IllegalActionError",
    "PassCards",
    "Phase",
    "PitchError",
    "Play",
    "Preset",
    "RecordError",
    "Rules",
    "RulesError",
    "Suit",
    "UnknownOptionError",
    "UnknownPresetError",
    "View",
    "get_preset",
    "make_rules",
    "presets",
]

__version__ = "0.1.0"

_moved.install()
