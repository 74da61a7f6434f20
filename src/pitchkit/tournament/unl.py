"""The UNL Ten-Point partner tournament (seed 003; preset ``ten-point``).

Teams of two register together and are split into sections; inside a section every team meets every
other (round robin). A match is one game to 52 with a 45-minute clock: at "stop" the hand in
progress is played out and the team ahead wins; a tie after it plays one more hand, again while tied
(decision: the seed names one extra hand; a tie after it plays on the same way). Three straight sets
lose the match (the preset's rule). Standings: matches won, then point difference. The first
``advance`` teams of each section (two by default) go on to the Tournament of Champions, played as one
more section, whose leader is the champion.

The clock runs in play time: a simulated event counts ``minutes_per_hand`` for each hand.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from pitchkit.game import Game
from pitchkit.presets import make_rules
from pitchkit.rules import Rules
from pitchkit.tournament.tables import Played, play_table


@dataclass(frozen=True)
class Clock:
    """The match clock: the game stops once ``minutes`` of play have passed."""

    minutes: float = 45.0
    minutes_per_hand: float = 3.0

    def stopped(self, game: Game) -> bool:
        """True once the hands played so far have used up the clock."""
        played = sum(1 for h in game.history if h.result is not None and not h.result.misdeal)
        return played * self.minutes_per_hand >= self.minutes


@dataclass
class Match:
    """Two teams' game: team ``a`` sits at seats 0 and 2, team ``b`` at 1 and 3."""

    section: str
    a: int
    b: int
    played: Played

    @property
    def winner(self) -> int:
        """The winning team."""
        return self.a if 0 in self.played.winners else self.b

    def margin(self, team: int) -> int:
        """The team's final score minus its opponent's."""
        mine, theirs = self.played.scores[0], self.played.scores[1]
        return mine - theirs if team == self.a else theirs - mine


@dataclass
class UnlEvent:
    """Sections, their matches and standings, and the Tournament of Champions."""

    names: list[str]
    sections: dict[str, list[int]] = field(default_factory=dict)
    matches: list[Match] = field(default_factory=list)
    champion: int | None = None

    def table(self, section: str) -> list[dict[str, object]]:
        """A section's standings: matches won, then point difference."""
        teams = self.sections[section]
        won = {t: 0 for t in teams}
        diff = {t: 0 for t in teams}
        for m in self.matches:
            if m.section != section:
                continue
            won[m.winner] += 1
            diff[m.a] += m.margin(m.a)
            diff[m.b] += m.margin(m.b)
        order = sorted(teams, key=lambda t: (-won[t], -diff[t], t))
        return [{"place": i + 1, "team": self.names[t], "won": won[t], "difference": diff[t]}
                for i, t in enumerate(order)]

    def standings(self) -> dict[str, list[dict[str, object]]]:
        """Every section's standings, by section name."""
        return {name: self.table(name) for name in self.sections}


def split_sections(n: int, size: int) -> list[int]:
    """Section sizes for ``n`` teams: as few sections of at most ``size`` as hold them, as even as
    possible."""
    count = max(1, math.ceil(n / size))
    base, extra = divmod(n, count)
    return [base + (1 if i < extra else 0) for i in range(count)]


def round_robin(teams: Sequence[int]) -> list[tuple[int, int]]:
    """Every pair of teams once, round by round (the circle method)."""
    ring: list[int | None] = list(teams) + ([None] if len(teams) % 2 else [])
    rounds = []
    for _ in range(len(ring) - 1):
        half = len(ring) // 2
        rounds += [(a, b) for a, b in zip(ring[:half], reversed(ring[half:]), strict=True)
                   if a is not None and b is not None]
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def run(names: Sequence[str], *, bots: Sequence[str], rng: random.Random, section_size: int = 8,
        advance: int = 2, clock: Clock = Clock()) -> UnlEvent:
    """Run an event for the teams ``names``; ``bots[t]`` plays both seats of team ``t``."""
    if len(names) < 2:
        raise ValueError("a tournament needs two teams at least")
    event = UnlEvent(list(names))
    teams = list(range(len(names)))
    rng.shuffle(teams)
    start = 0
    for i, size in enumerate(split_sections(len(teams), section_size)):
        event.sections[chr(ord("A") + i) if i < 26 else f"S{i + 1}"] = teams[start:start + size]
        start += size
    rules = make_rules("ten-point")
    for name, members in list(event.sections.items()):
        _play_section(event, name, members, rules, bots, rng, clock)
    advancing = [row for name in list(event.sections) for row in event.table(name)[:advance]]
    finalists = [event.names.index(str(row["team"])) for row in advancing]
    if len(event.sections) == 1:
        event.champion = finalists[0]
        return event
    event.sections["Champions"] = finalists
    _play_section(event, "Champions", finalists, rules, bots, rng, clock)
    event.champion = event.names.index(str(event.table("Champions")[0]["team"]))
    return event


def _play_section(event: UnlEvent, name: str, members: list[int], rules: Rules, bots: Sequence[str],
                  rng: random.Random, clock: Clock) -> None:
    for a, b in round_robin(members):
        played = play_table(rules, [bots[a], bots[b], bots[a], bots[b]], rng, stop=clock.stopped)
        event.matches.append(Match(name, a, b, played))
