"""Strength of the ``heuristic`` bot against the ``random`` bot, for every preset (4 players).

Two measures per preset:

* **hands**: independent deals, scores at zero. In games of individuals one seat is the heuristic
  bot and the others random; with fixed teams one team is heuristic. The dealer and the heuristic
  seat (or team) rotate so that every relative position occurs equally often. The figure is the mean
  score change per hand (the hand's ``delta``) of a heuristic seat and of a random seat, with a 95%
  confidence interval. Misdeals are dealt again and not counted.
* **games**: whole games with the same seating rotation; the heuristic seat's (or team's) share of
  games won, with a 95% Wilson interval, next to what chance would give. A game still undecided
  after ``--max-hands`` hands (random bidders can keep every score below the target) goes to the
  side alone in the lead at that point; the table says how many games were decided that way.

Run: ``python benchmarks/bot_strength.py [--hands N] [--games G] [--seed S]``.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from pitchkit import Game, make_rules
from pitchkit.bots import Bot, make_bot
from pitchkit.engine.hand import Hand
from pitchkit.engine.presets import presets
from pitchkit.engine.rules import Rules
from pitchkit.engine.view import make_view

PLAYERS = 4


@dataclass(frozen=True)
class Interval:
    """A point estimate with a 95% confidence interval."""

    value: float
    low: float
    high: float

    def text(self, digits: int = 2, *, percent: bool = False) -> str:
        """``"1.23 [1.10, 1.36]"`` (or in percent)."""
        k = 100.0 if percent else 1.0
        unit = "%" if percent else ""
        return (f"{self.value * k:.{digits}f}{unit} "
                f"[{self.low * k:.{digits}f}, {self.high * k:.{digits}f}]")


def mean_ci(xs: Sequence[float]) -> Interval:
    """Mean and normal-approximation 95% interval."""
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return Interval(m, m - half, m + half)


def wilson(wins: int, n: int) -> Interval:
    """Wilson 95% interval of a proportion."""
    if n == 0:
        return Interval(float("nan"), float("nan"), float("nan"))
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return Interval(p, centre - half, centre + half)


def hero_seats(rules: Rules, index: int) -> set[int]:
    """The heuristic seats of deal or game number ``index``: one seat, or one team."""
    n = rules.players
    if rules.teams:
        team = index % rules.teams
        return {s for s in range(n) if rules.team_of(s) == team}
    return {index % n}


def bots_for(rules: Rules, heroes: set[int], seed: int) -> list[Bot]:
    """Heuristic bots at ``heroes``, random bots elsewhere, each with its own seeded generator."""
    return [make_bot("heuristic" if s in heroes else "random", seed=seed * 16 + s)
            for s in range(rules.players)]


@dataclass
class HandStats:
    """Per-hand results of one preset."""

    hero: list[float]
    other: list[float]
    misdeals: int
    hero_pitched: int
    hero_made: int


def play_hands(rules: Rules, hands: int, seed: int) -> HandStats:
    """Play ``hands`` scored deals with the seating rotation described in the module docstring."""
    n = rules.players
    rng = random.Random(seed)
    stats = HandStats([], [], 0, 0, 0)
    for i in range(hands):
        dealer = i % n
        heroes = hero_seats(rules, i // n)
        bots = bots_for(rules, heroes, seed + i)
        while True:
            hand = Hand.deal(rules, rng, dealer=dealer)
            while not hand.done:
                s = hand.to_act
                assert s is not None
                hand.apply(bots[s].choose(make_view(hand, s)))
            assert hand.result is not None
            if not hand.result.misdeal:
                break
            stats.misdeals += 1
        res = hand.result
        stats.hero.append(statistics.fmean(res.delta[s] for s in heroes))
        stats.other.append(statistics.fmean(res.delta[s] for s in range(n) if s not in heroes))
        if res.pitcher in heroes:
            stats.hero_pitched += 1
            stats.hero_made += bool(res.made)
    return stats


@dataclass
class GameStats:
    """Whole-game results of one preset."""

    games: int
    wins: int
    #: games stopped at the hand cap (their winner is the side alone in the lead)
    capped: int
    hands: int


def play_games(rules: Rules, games: int, seed: int, max_hands: int) -> GameStats:
    """Play ``games`` games with rotating heuristic seats; count the heuristic side's wins."""
    stats = GameStats(games, 0, 0, 0)
    for g in range(games):
        heroes = hero_seats(rules, g)
        game = Game(rules, seed=seed * 100_003 + g)
        bots = bots_for(rules, heroes, seed + g)
        while not game.over and len(game.history) < max_hands:
            s = game.to_act
            assert s is not None
            game.apply(bots[s].choose(game.view(s)))
        stats.hands += len(game.history)
        if game.end is None:
            stats.capped += 1
            best = max(game.scores)
            leaders = {rules.team_of(s) for s in range(rules.players) if game.scores[s] == best}
            stats.wins += leaders == {rules.team_of(min(heroes))}
        elif heroes & set(game.end.winners):
            stats.wins += 1
    return stats


@dataclass(frozen=True)
class Row:
    """One preset's figures."""

    preset: str
    hands: int
    hero: Interval
    other: Interval
    pitched: float
    made: float
    games: int
    wins: Interval
    chance: float
    capped: int
    seconds: float


def measure(preset: str, *, hands: int, games: int, seed: int, max_hands: int) -> Row:
    """All figures of one preset."""
    start = time.perf_counter()
    rules = make_rules(preset, players=PLAYERS)
    h = play_hands(rules, hands, seed)
    g = play_games(rules, games, seed, max_hands)
    chance = 1 / rules.teams if rules.teams else 1 / rules.players
    return Row(
        preset=preset, hands=hands, hero=mean_ci(h.hero), other=mean_ci(h.other),
        pitched=h.hero_pitched / hands, made=h.hero_made / max(1, h.hero_pitched),
        games=games, wins=wilson(g.wins, games), chance=chance, capped=g.capped,
        seconds=time.perf_counter() - start,
    )


def table(rows: Sequence[Row]) -> str:
    """The figures as a Markdown table."""
    head = ("| preset | hands | heuristic pts/hand [95% CI] | random pts/hand [95% CI] "
            "| heuristic pitched / made | games (capped) | heuristic wins [95% CI] | chance |")
    lines = [head, "|" + "---|" * 8]
    for r in rows:
        lines.append(
            f"| {r.preset} | {r.hands} | {r.hero.text()} | {r.other.text()} "
            f"| {r.pitched:.0%} / {r.made:.0%} | {r.games} ({r.capped}) | {r.wins.text(0, percent=True)} "
            f"| {r.chance:.0%} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--hands", type=int, default=2000, help="scored deals per preset (default 2000)")
    ap.add_argument("--games", type=int, default=200, help="whole games per preset (default 200)")
    ap.add_argument("--seed", type=int, default=1, help="base seed (default 1)")
    ap.add_argument("--max-hands", type=int, default=200,
                    help="hands after which an undecided game stops (default 200)")
    ap.add_argument("--preset", action="append", help="measure only this preset (repeatable)")
    args = ap.parse_args(argv)
    names = args.preset or list(presets())
    unknown = [p for p in names if p not in presets()]
    if unknown or args.hands < 2 or args.games < 0:
        print(f"error: unknown preset {unknown[0]}" if unknown
              else "error: --hands must be at least 2 and --games not negative", file=sys.stderr)
        return 2
    rows = []
    for name in names:
        row = measure(name, hands=args.hands, games=args.games, seed=args.seed, max_hands=args.max_hands)
        print(f"{name}: {row.seconds:.0f}s", file=sys.stderr)
        rows.append(row)
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
