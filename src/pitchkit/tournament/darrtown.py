"""The Darrtown tournament (seed 000, tournament column; preset ``pct-tournament``).

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
from dataclasses import dataclass, field

from pitchkit.presets import make_rules
from pitchkit.tournament.tables import Played, play_table

#: the most players at one table (seed 000 tournament rule 2)
TABLE_MAX = 4


def table_sizes(n: int) -> list[int]:
    """Sizes of the tables for ``n`` players: as few tables of at most four as hold them, as even as
    possible (sizes differ by one at most)."""
    if n < 2:
        raise ValueError("a table needs two players at least")
    tables = math.ceil(n / TABLE_MAX)
    base, extra = divmod(n, tables)
    return [base + (1 if i < extra else 0) for i in range(tables)]


@dataclass
class TableGame:
    """One table of a Go-Round: who sat where, and how their game went."""

    round: int
    number: int
    entrants: list[int]
    played: Played
    advanced: list[int] = field(default_factory=list)


@dataclass
class DarrtownEvent:
    """A whole event: every table of every Go-Round, and the final order."""

    names: list[str]
    tables: list[TableGame] = field(default_factory=list)
    champion: int | None = None

    def standings(self) -> list[dict[str, object]]:
        """Every entrant: the last Go-Round reached and the score there; the champion first, then by
        the round reached and that last score."""
        last: dict[int, tuple[int, int]] = {}
        for t in self.tables:
            for seat, e in enumerate(t.entrants):
                last[e] = (t.round, t.played.scores[seat])
        order = sorted(last, key=lambda e: (e != self.champion, -last[e][0], -last[e][1], e))
        return [{"place": i + 1, "entrant": self.names[e], "round": last[e][0], "score": last[e][1],
                 "champion": e == self.champion} for i, e in enumerate(order)]


def run(names: Sequence[str], *, bots: Sequence[str], rng: random.Random, advance: int = 1,
        preset: str = "pct-tournament") -> DarrtownEvent:
    """Run a Darrtown event for ``names`` (one bot name per entrant plays for it)."""
    if len(names) < 2:
        raise ValueError("a tournament needs two entrants at least")
    if not 1 <= advance < TABLE_MAX:
        raise ValueError(f"advance must be 1 to {TABLE_MAX - 1}")
    event = DarrtownEvent(list(names))
    field_ = list(range(len(names)))
    round_no = 1
    while True:
        rng.shuffle(field_)
        final = len(field_) <= TABLE_MAX
        survivors: list[int] = []
        start = 0
        for number, size in enumerate(table_sizes(len(field_)), start=1):
            seated = field_[start:start + size]
            start += size
            rules = make_rules(preset, players=size)
            played = play_table(rules, [bots[e] for e in seated], rng)
            table = TableGame(round_no, number, seated, played)
            table.advanced = _advancing(seated, played, 1 if final else advance, rng)
            survivors += table.advanced
            event.tables.append(table)
        if final:
            event.champion = survivors[0]
            return event
        field_ = survivors
        round_no += 1


def _advancing(seated: list[int], played: Played, k: int, rng: random.Random) -> list[int]:
    """The winner, then the next best final scores up to ``k`` (ties at the cut drawn by lot)."""
    winners = [seated[s] for s in played.winners]
    rest = [i for i in range(len(seated)) if seated[i] not in winners]
    rng.shuffle(rest)
    rest.sort(key=lambda i: -played.scores[i])
    return (winners + [seated[i] for i in rest])[:max(k, 1)] if k > 1 else winners[:1]
