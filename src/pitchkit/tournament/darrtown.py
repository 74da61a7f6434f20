"""The Darrtown tournament (seed 000, tournament column; preset ``pct-tournament``): seating and
advancement, the pieces of an elimination event (``tournament.desk`` runs it).

Individuals at tables of two to four, seated so that the tables are as even as possible; each game
lasts until every player at the table has dealt twice, tied leaders playing extra hands alone (the
preset's rules). The seed speaks of elimination rounds ("Go-Rounds") and a championship but not of
how players advance. Decision: each table's winner advances (``advance`` per table, an option), the
next Go-Round seats the survivors again at random, and a field of four or fewer plays the final
table, whose winner is the champion. With ``advance`` above 1, the next best final scores go through
too, ties at the cut settled by a draw.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

#: the most players at one table (seed 000 tournament rule 2)
TABLE_MAX = 4


def table_sizes(n: int, most: int = TABLE_MAX) -> list[int]:
    """Sizes of the tables for ``n`` players: as few tables of at most ``most`` as hold them, as even
    as possible (sizes differ by one at most)."""
    if n < 2 or most < 2:
        raise ValueError("a table needs two players at least")
    tables = math.ceil(n / most)
    base, extra = divmod(n, tables)
    return [base + (1 if i < extra else 0) for i in range(tables)]


def advancing(sides: Sequence[int], scores: Sequence[int], winners: Sequence[int], k: int,
              rng: random.Random) -> list[int]:
    """The ``k`` who go on from a table of ``sides`` (entrants) with final ``scores``: the winners,
    then the next best final scores (ties at the cut drawn by lot)."""
    first = [e for e in sides if e in winners]
    rest = [i for i, e in enumerate(sides) if e not in winners]
    rng.shuffle(rest)
    rest.sort(key=lambda i: -scores[i])
    return (first + [sides[i] for i in rest])[:max(k, 1)]
