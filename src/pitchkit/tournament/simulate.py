"""A whole event played by bots, end to end, through the desk: the event, every game record and the
standings are written to a folder, as a director running the same event would leave it."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from pitchkit.tournament.director import Desk
from pitchkit.tournament.event import DeskError, new_event


@dataclass(frozen=True)
class Summary:
    """What a simulated event produced."""

    champion: str
    games: int
    hands: int
    seconds: float


def entrant_rows(count: int, team_size: int) -> list[list[str]]:
    """``count`` entrants named ``Player 1``, ``Player 2``, ...: teams of ``team_size`` take the next
    names in turn."""
    return [[f"Player {i * team_size + j + 1}" for j in range(team_size)] for i in range(count)]


def run_to_the_end(desk: Desk, bots: list[str]) -> None:
    """Seat, play with bots and advance each round until the event is over."""
    while desk.event.stage != "finished":
        desk.seat()
        desk.play(bots)
        desk.advance()


def simulate(fmt: str, count: int, *, bots: list[str], seed: int, out: Path, advance: int | None = None,
             section_size: int | None = None, minutes_per_hand: float = 3.0,
             preset: str | None = None, pairing: str = "round-robin", swiss_rounds: int = 0) -> Summary:
    """Run an event of format ``fmt`` for ``count`` entrants (players or teams, as the preset seats
    them), entrant ``e`` played by ``bots[e % len(bots)]``, in the folder ``out``: ``event.json``,
    ``games/*.json`` (one game record per table), ``standings.json`` and ``standings.csv``."""
    started = time.perf_counter()
    event = new_event(fmt, preset=preset, seed=seed, advance=advance, section_size=section_size,
                      pairing=pairing, swiss_rounds=swiss_rounds)
    event.minutes_per_hand = minutes_per_hand
    desk = Desk.create(out, event)
    desk.add(entrant_rows(count, event.team_size))
    run_to_the_end(desk, bots)
    desk.save()
    desk.export()
    if event.champion is None:
        raise DeskError("no entrant is left to be champion")
    results = [t.result for r in event.rounds for t in r.tables if t.result is not None]
    return Summary(event.entrants[event.champion].name, len(results), sum(r.hands for r in results),
                   time.perf_counter() - started)
