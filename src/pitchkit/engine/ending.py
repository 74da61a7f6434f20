"""Game-end rules that a single hand can decide: reaching the target, and how ties are settled.

Deal-count endings and sets in a row need the game's history and live in :mod:`pitchkit.engine.game`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from pitchkit.engine.rules import GoingOut, Rules
from pitchkit.engine.scoring import Award


def holder(rules: Rules, seat: int) -> int:
    """The score holder of a seat: its fixed team, or the seat itself (dynamic teams keep
    individual scores)."""
    return rules.team_of(seat)


def leaders(rules: Rules, seats: Sequence[int], scores: Sequence[int]) -> list[int]:
    """Seats of the score holders with the highest score."""
    best = max(scores[s] for s in seats)
    return [s for s in seats if scores[s] == best]


def _highest_of(rules: Rules, candidates: Sequence[int], after: Sequence[int],
                seats: Sequence[int]) -> tuple[int, ...]:
    """Several holders reached the target: the highest wins; a tie at the top wins nothing."""
    if not candidates:
        return ()
    top = leaders(rules, candidates, after)
    won = {holder(rules, s) for s in top}
    if len(won) != 1:
        return ()
    return tuple(s for s in seats if holder(rules, s) in won)


class Outcome(NamedTuple):
    """What a hand's end decides for the game."""

    #: seats that won the game with this hand (empty: nobody yet)
    winners: tuple[int, ...]
    #: the score change actually counted
    delta: tuple[int, ...]
    #: how many awards, in scoring order, were reached before the game ended (all, unless the
    #: ``scoring-order`` rule stopped the count)
    counted: int


def going_out(rules: Rules, *, seats: Sequence[int], awards: Sequence[Award],
              side: Sequence[int], pitcher: int, made: bool, before: Sequence[int],
              delta: Sequence[int]) -> Outcome:
    """Seats that won the game with this hand, the delta actually scored, and the awards counted.

    The delta changes only under ``scoring-order``, where play stops at the first award that takes
    a side to the target and the awards after it are not scored.
    """
    target = rules.target
    everything = len(awards)
    if target is None:
        return Outcome((), tuple(delta), everything)
    after = [b + d for b, d in zip(before, delta, strict=True)]
    if rules.going_out == GoingOut.SCORING_ORDER:
        return _scoring_order(rules, seats=seats, awards=awards, side=side, pitcher=pitcher,
                              made=made, before=before, delta=delta, target=target)
    if rules.going_out == GoingOut.PITCHER:
        ok = (made or not rules.pitcher_must_make) and after[pitcher] >= target
        return Outcome(_highest_of(rules, [pitcher] if ok else [], after, seats), tuple(delta), everything)
    candidates = [s for s in seats if after[s] >= target]
    if rules.bidder_only_within is not None:
        floor = target - rules.bidder_only_within
        if all(before[s] >= floor for s in seats):
            ok = made and after[pitcher] >= target
            candidates = [pitcher] if ok else []
    return Outcome(_highest_of(rules, candidates, after, seats), tuple(delta), everything)


def _scoring_order(rules: Rules, *, seats: Sequence[int], awards: Sequence[Award],
                   side: Sequence[int], pitcher: int, made: bool, before: Sequence[int],
                   delta: Sequence[int], target: int) -> Outcome:
    running = list(before)
    bidder_side = side[pitcher]
    if not made:
        for s in seats:
            if side[s] == bidder_side:
                running[s] += delta[s]
    for i, award in enumerate(awards):
        gainer = side[award.seat]
        if gainer == bidder_side and not made:
            continue
        members = [s for s in seats if side[s] == gainer]
        for s in members:
            running[s] += award.value
        if running[award.seat] >= target:
            final = tuple(r - b for r, b in zip(running, before, strict=True))
            return Outcome(tuple(members), final, i + 1)
    return Outcome((), tuple(delta), len(awards))
