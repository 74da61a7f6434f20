"""The bot protocol, the registry of bots by name, and the uniform random bot."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Protocol

from pitchkit.engine.actions import Action, Discard
from pitchkit.engine.errors import PitchError, quote
from pitchkit.engine.view import View


class Bot(Protocol):
    """A player: given what its seat may know, it returns a legal action."""

    name: str

    def choose(self, view: View) -> Action:
        """The action to take; called only on the bot's own turn."""
        ...


BotFactory = Callable[[random.Random], Bot]
_REGISTRY: dict[str, BotFactory] = {}


def register(name: str, factory: BotFactory) -> None:
    """Make a bot available to :func:`make_bot` (and ``--bot NAME``) by name."""
    _REGISTRY[name] = factory


def bot_names() -> list[str]:
    """Names of the registered bots."""
    _load_builtin()
    return sorted(_REGISTRY)


def make_bot(name: str, *, seed: int | None = None, rng: random.Random | None = None) -> Bot:
    """A new bot by name; its randomness comes only from ``rng`` (or ``seed``)."""
    _load_builtin()
    factory = _REGISTRY.get(name.strip().lower())
    if factory is None:
        raise PitchError(f"unknown bot {quote(name)}; bots are: {', '.join(sorted(_REGISTRY))}")
    return factory(rng if rng is not None else random.Random(seed))


def random_action(view: View, rng: random.Random) -> Action:
    """A uniformly random legal action. A discard is uniform over the legal discards (every set of
    the cards that may be discarded, of an allowed size), without listing them: a size is drawn in
    proportion to the number of discards of that size, then that many cards at random."""
    if view.discard_options is not None:
        cards, lo, hi = view.discard_options
        sizes = range(lo, hi + 1)
        k = rng.choices(sizes, weights=[math.comb(len(cards), n) for n in sizes])[0]
        return Discard(view.seat, tuple(sorted(rng.sample(cards, k))))
    return rng.choice(view.legal)


class RandomBot:
    """Plays a uniformly random legal action: each legal bid, card, choice and discard equally often
    (a discard is drawn from every legal set of cards to discard, not size first)."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View) -> Action:
        """A random legal action."""
        return random_action(view, self.rng)


register("random", RandomBot)


def _load_builtin() -> None:
    import importlib

    for module in ("pitchkit.bots.heuristic", "pitchkit.search.pimc", "pitchkit.search.ismcts",
                   "pitchkit.search.advised", "pitchkit.search.expert"):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as e:
            if e.name != module:
                raise
