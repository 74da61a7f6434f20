"""The steps of a Euchre hand between the make and the first card that a loner brings, and the
throw-in after the make.

- **Partner's best** (``partners-best``): a maker going alone (not blind) takes one card from the
  partner, passed face down, and gives one card back; a lone defender (``defend-alone-points``) does the
  same with its partner after the loner. Each card is handed over at once, so the loner sees the
  partner's card before choosing the one to give back; only the two partners see either card.
- **No ace, no face, no trump** (``throw-in-no-trump``): a player whose hand after the make holds
  only nines and tens outside trump may throw it in instead of playing its first card (so a player
  who keeps such a hand tells nobody); the same dealer deals again.

A part of :class:`~pitchkit.engine.hand.Hand`, kept apart by concern, like :mod:`pitchkit.engine.drawing`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pitchkit.engine.actions import Action, Choice, Choose, Phase
from pitchkit.engine.cards import BIG_JOKER, iter_mask
from pitchkit.engine.errors import IllegalActionError
from pitchkit.engine.rules import Rules
from pitchkit.engine.scoring import Trick
from pitchkit.engine.trump import TrumpTable

_EXCHANGE, _PLAY = Phase.EXCHANGE, Phase.PLAY
_NINE_TEN = (9, 10)


class AloneSteps:
    """Partner's best and the throw-in after the make, on the state of a
    :class:`~pitchkit.engine.hand.Hand`."""

    rules: Rules
    hands: list[int]
    passed: list[int]
    phase: Phase
    to_act: int | None
    tricks: list[Trick]
    _tt: TrumpTable | None
    _pass_queue: list[int]
    sitting_out: int | None
    lone_defender: int | None
    pitcher: int | None

    #: the make is done and ``throw-in-no-trump`` is on: a first card may be a throw-in instead
    _late_throw_in: bool = False

    if TYPE_CHECKING:  # from pitchkit.engine.making and pitchkit.engine.drawing
        @property
        def blind(self) -> bool: ...

        def _leader(self) -> int: ...

        def _finish_unscored(self, *, misdeal: bool, delta: tuple[int, ...], deal_passes: bool) -> None: ...

    # -- partner's best -------------------------------------------------------------------------

    def _best_queue(self) -> list[int]:
        """Who passes a card in the partner's best exchange, in order: the loner's partner, the loner,
        then a lone defender's partner and the lone defender (empty without ``partners-best``)."""
        if not self.rules.partners_best:
            return []
        queue: list[int] = []
        loners = [self.pitcher] if self.sitting_out is not None and not self.blind else []
        if self.lone_defender is not None:
            loners.append(self.lone_defender)
        for loner in loners:
            assert loner is not None
            partner = self.rules.partner_of(loner)
            assert partner is not None
            queue += [partner, loner]
        return queue

    def _apply_best_pass(self, seat: int, mask: int) -> None:
        """Hand one card to the partner at once; the last pass leads to the first card."""
        partner = self.rules.partner_of(seat)
        assert partner is not None
        self.hands[seat] &= ~mask
        self.hands[partner] |= mask
        self.passed[seat] = mask
        if self._pass_queue:
            self.to_act = self._pass_queue.pop(0)
        else:
            self.phase, self.to_act = _PLAY, self._leader()

    # -- no ace, no face, no trump ----------------------------------------------------------------

    def _no_trump_throw_in(self, seat: int) -> bool:
        """Whether ``seat`` may throw in now: ``throw-in-no-trump``, before its first card, holding
        only nines and tens outside trump."""
        if not self._late_throw_in or self.tricks or self.phase is not _PLAY or seat != self.to_act:
            return False
        held = self.hands[seat]
        tt = self._tt
        assert tt is not None
        return not held & tt.trump_mask and nines_and_tens(held)

    def late_choices(self, seat: int) -> list[Action]:
        """The choices besides a card at ``seat``'s first card: the throw-in after the make."""
        return [Choose(seat, Choice.MISDEAL)] if self._no_trump_throw_in(seat) else []

    def _verify_late_choice(self, action: Choose) -> None:
        if action in self.late_choices(action.seat):
            return
        if action.option == Choice.MISDEAL:
            raise IllegalActionError("only a hand of non-trump nines and tens may be thrown in, instead of "
                                     "its first card (throw-in-no-trump = true)")
        raise IllegalActionError(f"cannot choose {action.option.value} now: play a card")


def nines_and_tens(mask: int) -> bool:
    """Whether a hand holds only nines and tens (a farmer's hand; outside trump, no ace, no face, no
    trump)."""
    return all(c < BIG_JOKER and c % 13 + 2 in _NINE_TEN for c in iter_mask(mask))
