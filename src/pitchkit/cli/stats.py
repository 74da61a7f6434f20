"""``pitch stats``: statistics across the saved games: games, wins by preset, bids made and set."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from pitchkit.cli.app import app
from pitchkit.cli.saved import saved_games
from pitchkit.presets import find_preset
from pitchkit.record import record_hands, score_document


@dataclass(slots=True)
class Tally:
    """Counts for one preset (or all): games, how many ended, the human's games and wins, and bids
    made and set (yours, when a person played, and everyone's)."""

    games: int = 0
    finished: int = 0
    played: int = 0
    won: int = 0
    your_bids: int = 0
    your_made: int = 0
    your_set: int = 0
    bids: int = 0
    made: int = 0
    set: int = 0

    def add(self, other: Tally) -> None:
        """Add ``other``'s counts to these."""
        for name, value in asdict(other).items():
            setattr(self, name, getattr(self, name) + value)


@dataclass(slots=True)
class Stats:
    """The statistics of a games folder."""

    folder: str
    by_preset: dict[str, Tally] = field(default_factory=dict)
    unreadable: list[str] = field(default_factory=list)

    def total(self) -> Tally:
        """All presets together."""
        out = Tally()
        for tally in self.by_preset.values():
            out.add(tally)
        return out


def _variant(doc: object) -> str:
    hands = record_hands(doc)
    first = hands[0] if hands else None
    name = first.get("variant") if isinstance(first, dict) else None
    preset = find_preset(name) if isinstance(name, str) else None
    return preset.name if preset is not None else str(name)


def game_tally(doc: object) -> Tally:
    """One saved game's counts: a saved game (``pitchkit.tui.saves``) or a plain game record, where
    no seat is a person's (:class:`~pitchkit.errors.PitchError` if it is not a valid record)."""
    result = score_document(doc)
    hands = result.get("hands", [result])
    assert isinstance(hands, list)
    from pitchkit.tui.saves import table_setup

    human = table_setup(doc).human
    winners = result.get("winner") or []
    assert isinstance(winners, list)
    tally = Tally(games=1, finished=int(result.get("complete") is True and bool(winners)))
    if human is not None:
        tally.played = 1
        tally.won = int(human in winners)
    for hand in hands:
        if not isinstance(hand, dict) or hand.get("made") is None:
            continue
        made = hand["made"] is True
        tally.bids += 1
        tally.made += made
        tally.set += not made
        if human is not None and hand.get("pitcher") == human:
            tally.your_bids += 1
            tally.your_made += made
            tally.your_set += not made
    return tally


def collect(folder: Path) -> Stats:
    """Read every saved game in ``folder``; files that are not valid games are listed, not counted."""
    stats = Stats(str(folder))
    for path in saved_games(folder):
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
            tally = game_tally(doc)
            variant = _variant(doc)
        except (OSError, UnicodeDecodeError, ValueError, RecursionError):
            stats.unreadable.append(path.name)
            continue
        stats.by_preset.setdefault(variant, Tally()).add(tally)
    return stats


def _rate(part: int, whole: int) -> str:
    return f"{part}/{whole} ({part / whole:.0%})" if whole else "-"


def render(stats: Stats, console: Console) -> None:
    """Print the statistics as a table."""
    total = stats.total()
    console.print(f"Saved games in {stats.folder}: {total.games} ({total.finished} finished)", soft_wrap=True)
    if not total.games:
        return
    table = Table()
    for col in ("preset", "games", "finished", "you won", "your bids made", "your bids set", "all bids made"):
        table.add_column(col, justify="left" if col == "preset" else "right")
    rows = [*sorted(stats.by_preset.items()), *([("all", total)] if len(stats.by_preset) > 1 else [])]
    for name, t in rows:
        table.add_row(name, str(t.games), str(t.finished), _rate(t.won, t.played),
                      _rate(t.your_made, t.your_bids), _rate(t.your_set, t.your_bids), _rate(t.made, t.bids))
    console.print(table)
    console.print("you won: of the games you played; bids: hands bid and played out (misdeals not counted)",
                  soft_wrap=True)


@app.command()
def stats(
    save_dir: Path | None = typer.Option(None, "--save-dir", help="folder of saved games (default "
                                         "$PITCHKIT_GAMES_DIR or the user data folder)"),
    as_json: bool = typer.Option(False, "--json", help="print the statistics as JSON"),
) -> None:
    """Statistics across your saved games: games played and won by preset, bids made and set."""
    from pitchkit.tui.saves import games_dir

    found = collect(games_dir(save_dir))
    if as_json:
        print(json.dumps({"folder": found.folder, "total": asdict(found.total()),
                          "by_preset": {k: asdict(v) for k, v in sorted(found.by_preset.items())},
                          "unreadable": found.unreadable}, indent=2))
        return
    render(found, Console())
    if found.unreadable:
        print(f"Not counted ({len(found.unreadable)}, not valid saved games): {', '.join(found.unreadable)}")

