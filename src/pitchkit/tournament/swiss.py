"""Swiss pairing for the sections of an event (the seed leaves pairing to the director; round robin
is the default, Swiss the choice for large sections).

Each round pairs the section from its standings so far: teams ranked by matches won, then point
difference (ties in both drawn by lot from the event's seed), the top team meeting the best-ranked
team it has not met, and so on down, so that pairs form inside score groups and a team floats to the
next group only when its own holds no one it may meet. No pair meets twice. With an odd number of
teams the lowest-ranked team that has not had a bye has it (counted as a match won, with no point
difference); if every team has had one, the lowest-ranked has another.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Mapping, Sequence

from pitchkit.tournament.event import DeskError

#: pairings tried before a round is declared impossible without a rematch (a guard against the
#: search's worst case; real sections pair within a few steps)
SEARCH_LIMIT = 200_000


def default_rounds(teams: int) -> int:
    """Rounds of a Swiss section by default: enough to leave one unbeaten team, ``ceil(log2(n))``."""
    return max(1, math.ceil(math.log2(teams))) if teams > 1 else 0


def most_rounds(teams: int) -> int:
    """The rounds a section of ``teams`` can play without a rematch: its round robin's count."""
    return teams - 1 if teams % 2 == 0 else teams


def rank(teams: Sequence[int], won: Mapping[int, int], difference: Mapping[int, int],
         rng: random.Random) -> list[int]:
    """The teams best first: matches won, then point difference, then a draw by lot."""
    order = list(teams)
    rng.shuffle(order)
    order.sort(key=lambda t: (-won.get(t, 0), -difference.get(t, 0)))
    return order


def pair(ranked: Sequence[int], met: Collection[frozenset[int]], byes: Collection[int]) -> tuple[
        list[list[int]], int | None]:
    """One Swiss round for teams ``ranked`` best first: the pairs, best first, and the team with the
    bye (None for an even number). ``met`` holds the pairs that have played, ``byes`` the teams that
    have had a bye. Raises :class:`DeskError` when no pairing avoids a rematch."""
    candidates: list[int | None] = [None]
    if len(ranked) % 2:
        fresh = [t for t in reversed(ranked) if t not in byes]
        candidates = [*fresh, *(t for t in reversed(ranked) if t in byes)]
    steps = [0]
    for bye in candidates:
        pool = [t for t in ranked if t != bye]
        found = _match(pool, met, steps)
        if found is not None:
            return found, bye
    raise DeskError(f"no Swiss pairing of {len(ranked)} teams avoids a rematch: play fewer --rounds")


def _match(pool: list[int], met: Collection[frozenset[int]], steps: list[int]) -> list[list[int]] | None:
    """Pairs for ``pool`` (best first): the first unpaired team with the best-ranked one it has not
    met, backtracking when the rest cannot be paired."""
    if not pool:
        return []
    steps[0] += 1
    if steps[0] > SEARCH_LIMIT:
        return None
    top, rest = pool[0], pool[1:]
    for i, other in enumerate(rest):
        if frozenset((top, other)) in met:
            continue
        tail = _match(rest[:i] + rest[i + 1:], met, steps)
        if tail is not None:
            return [[top, other], *tail]
    return None
