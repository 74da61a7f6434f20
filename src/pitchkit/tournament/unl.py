"""The UNL Ten-Point partner tournament (seed 003; preset ``ten-point``).

Teams of two register together and are split into sections; inside a section every team meets every
other (round robin). A match is one game to 52 with a 45-minute clock: at "stop" the hand in
progress is played out and the team ahead wins; a tie after it plays one more hand, again while tied
(decision: the seed names one extra hand; a tie after it plays on the same way). Three straight sets
lose the match (the preset's rule). Standings: matches won, then point difference. The first
``advance`` teams of each section (two by default) go on to the Tournament of Champions, played as one
more section, whose leader is the champion. These are the pieces of a sections event
(``tournament.desk`` runs it).

The clock runs in play time: a simulated event counts ``minutes_per_hand`` for each hand.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from pitchkit.engine.game import Game
from pitchkit.tournament.darrtown import table_sizes


@dataclass(frozen=True)
class Clock:
    """The match clock: the game stops once ``minutes`` of play have passed."""

    minutes: float = 45.0
    minutes_per_hand: float = 3.0

    def stopped(self, game: Game) -> bool:
        """True once the hands played so far have used up the clock."""
        played = sum(1 for h in game.history if h.result is not None and not h.result.misdeal)
        return played * self.minutes_per_hand >= self.minutes


def split_sections(n: int, size: int) -> list[int]:
    """Section sizes for ``n`` teams: as few sections of at most ``size`` as hold them, as even as
    possible (``size`` 0: one section)."""
    count = max(1, math.ceil(n / size)) if size else 1
    base, extra = divmod(n, count)
    return [base + (1 if i < extra else 0) for i in range(count)]


def round_robin(teams: Sequence[int]) -> list[list[list[int]]]:
    """Every pair of teams once, as rounds of pairs (the circle method); with an odd number of teams
    one team a round has a bye (it is in no pair)."""
    ring: list[int | None] = list(teams) + ([None] if len(teams) % 2 else [])
    rounds = []
    for _ in range(len(ring) - 1):
        half = len(ring) // 2
        rounds.append([[a, b] for a, b in zip(ring[:half], reversed(ring[half:]), strict=True)
                       if a is not None and b is not None])
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def rotation(members: Sequence[int], sides: int, rng: random.Random) -> list[list[list[int]]]:
    """Rounds of tables of up to ``sides`` entrants in which every pair meets at least once: the
    circle method for two a table; for more, as few rounds as could cover every pair, each seated
    greedily so that pairs that have not met sit together (more rounds while a pair is missing)."""
    if sides == 2:
        return round_robin(members)
    unmet = {frozenset(p) for p in combinations(members, 2)}
    rounds: list[list[list[int]]] = []
    while unmet:
        pool = list(members)
        rng.shuffle(pool)
        tables: list[list[int]] = []
        for size in table_sizes(len(pool), sides) if len(pool) >= 2 else [len(pool)]:
            first = max(pool, key=lambda e: sum(frozenset((e, o)) in unmet for o in pool))
            pool.remove(first)
            table = [first]
            while len(table) < size:
                best = max(pool, key=lambda e: sum(frozenset((e, t)) in unmet for t in table))
                pool.remove(best)
                table.append(best)
            tables.append(table)
        unmet -= {frozenset(p) for t in tables for p in combinations(t, 2)}
        rounds.append(tables)
    return rounds
