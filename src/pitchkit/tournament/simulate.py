"""A whole event played by bots, end to end: every game record and the standings written to a folder."""

from __future__ import annotations

import csv
import json
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pitchkit.tournament import darrtown, unl


@dataclass(frozen=True)
class Summary:
    """What a simulated event produced."""

    champion: str
    games: int
    hands: int
    seconds: float


def _write(out: Path, games: list[tuple[str, list[dict[str, object]]]], standings: Any,
           rows: list[dict[str, object]]) -> None:
    folder = out / "games"
    folder.mkdir(parents=True, exist_ok=True)
    for name, record in games:
        (folder / f"{name}.json").write_text(json.dumps(record), encoding="utf-8")
    (out / "standings.json").write_text(json.dumps(standings, indent=2), encoding="utf-8")
    with (out / "standings.csv").open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def simulate(fmt: str, count: int, *, bots: list[str], seed: int, out: Path, advance: int | None = None,
             section_size: int = 8, minutes_per_hand: float = 3.0) -> Summary:
    """Run a ``darrtown`` event of ``count`` entrants or a ``unl`` event of ``count`` teams, each
    entrant played by the bots named in turn, and write ``out/games/*.json`` (one game record per
    game), ``out/standings.json`` and ``out/standings.csv``."""
    rng = random.Random(seed)
    started = time.perf_counter()
    played = [bots[i % len(bots)] for i in range(count)]
    if fmt == "darrtown":
        names = [f"Player {i + 1}" for i in range(count)]
        d = darrtown.run(names, bots=played, rng=rng, advance=advance or 1)
        rows = d.standings()
        games = [(f"round{t.round}-table{t.number}", t.played.record) for t in d.tables]
        hands = sum(t.played.hands for t in d.tables)
        assert d.champion is not None
        champion = names[d.champion]
        standings: Any = {"format": "darrtown", "champion": champion, "standings": rows}
    elif fmt == "unl":
        names = [f"Team {i + 1}" for i in range(count)]
        clock = unl.Clock(minutes_per_hand=minutes_per_hand)
        u = unl.run(names, bots=played, rng=rng, section_size=section_size, advance=advance or 2, clock=clock)
        rows = [{"section": s, **row} for s, table in u.standings().items() for row in table]
        games = [(f"{m.section}-{names[m.a]}-{names[m.b]}".replace(" ", ""), m.played.record)
                 for m in u.matches]
        hands = sum(m.played.hands for m in u.matches)
        assert u.champion is not None
        champion = names[u.champion]
        standings = {"format": "unl", "champion": champion, "sections": u.standings()}
    else:
        raise ValueError(f"unknown format {fmt!r}; formats are: darrtown, unl")
    _write(out, games, standings, rows)
    return Summary(champion, len(games), hands, time.perf_counter() - started)
