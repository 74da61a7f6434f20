"""What the search bots do where they do not search: the ``heuristic`` bot when it is available,
else a simple rule (pass when allowed, the lowest bid otherwise, shed non-trumps, play the first
legal card)."""

from __future__ import annotations

import random

from pitchkit.bots.base import Bot, make_bot
from pitchkit.engine.actions import Action, Bid, Discard
from pitchkit.engine.cards import CARDS
from pitchkit.engine.errors import PitchError
from pitchkit.engine.view import View
from pitchkit.search.sampling import trump_table_of


class Fallback:
    """Delegates to ``heuristic`` (made with the same random generator) or the simple rule."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._bot: Bot | None = None
        self._tried = False

    def choose(self, view: View) -> Action:
        """A legal action for the seat's turn."""
        if not self._tried:
            self._tried = True
            try:
                self._bot = make_bot("heuristic", rng=self.rng)
            except PitchError:
                self._bot = None
        if self._bot is not None:
            return self._bot.choose(view)
        return simple_action(view)


def simple_action(view: View) -> Action:
    """The simple rule."""
    if view.discard_options is not None:
        cards, lo, hi = view.discard_options
        tt = trump_table_of(view)
        plain = [c for c in cards if tt is None or not tt.is_trump(c)]
        k = max(lo, min(hi, len(plain)))
        chosen = (plain + [c for c in cards if c not in plain])[:k]
        return Discard(view.seat, tuple(sorted(CARDS[c] for c in chosen)))
    if Bid(view.seat, None) in view.legal:
        return Bid(view.seat, None)
    bids = [a for a in view.legal if isinstance(a, Bid) and a.amount is not None]
    if bids:
        return min(bids, key=lambda a: a.amount or 0)
    return view.legal[0]
