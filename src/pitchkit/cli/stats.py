"""``pitch stats``: statistics across the saved games: games, wins by preset, bids made and set at
Pitch, how trump was made and the makers made it, marched or were euchred at Euchre."""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import asdict, dataclass, field
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from pitchkit.cli.app import app
from pitchkit.cli.saved import saved_games
from pitchkit.engine.presets import find_preset
from pitchkit.engine.record import record_hands, score_document
from pitchkit.engine.rules_text import plural


@dataclass(slots=True)
class Tally:
    """Counts for one preset (or all): games, how many ended, the human's games, how many of them
    are unfinished (no winner yet: left out of the wins) and the wins; at Pitch
    the bids made and set (yours, when a person played, and everyone's), at Euchre the makes: how
    trump was made (ordered up in round one, named in round two, alone) and whether the makers made
    it, marched or were euchred."""

    games: int = 0
    finished: int = 0
    played: int = 0
    unfinished: int = 0
    won: int = 0
    your_bids: int = 0
    your_made: int = 0
    your_set: int = 0
    bids: int = 0
    made: int = 0
    set: int = 0
    your_makes: int = 0
    your_makes_made: int = 0
    your_euchred: int = 0
    makes: int = 0
    ordered_up: int = 0
    named: int = 0
    alone: int = 0
    makes_made: int = 0
    marched: int = 0
    euchred: int = 0

    def add(self, other: Tally) -> None:
        """Add ``other``'s counts to these."""
        for name, value in asdict(other).items():
            setattr(self, name, getattr(self, name) + value)

    def json(self, *, pitch: bool, euchre: bool) -> dict[str, int]:
        """The counts of the games and of the families asked for: bids at Pitch, makes at Euchre."""
        return {k: v for k, v in asdict(self).items()
                if k in COMMON or (pitch and k in PITCH) or (euchre and k not in PITCH)}


COMMON = ("games", "finished", "played", "unfinished", "won")
#: the counts of Pitch's bids (the rest after :data:`COMMON` are Euchre's makes)
PITCH = ("your_bids", "your_made", "your_set", "bids", "made", "set")
#: how a Euchre hand ended, by its outcome
MARCHES = ("march", "alone-march", "blind-march")


@dataclass(slots=True)
class Stats:
    """The statistics of a games folder; ``euchre``: the presets scored by tricks."""

    folder: str
    by_preset: dict[str, Tally] = field(default_factory=dict)
    euchre: set[str] = field(default_factory=set)
    unreadable: list[str] = field(default_factory=list)

    def total(self, presets: Collection[str] | None = None) -> Tally:
        """All presets together (or those in ``presets``)."""
        out = Tally()
        for name, tally in self.by_preset.items():
            if presets is None or name in presets:
                out.add(tally)
        return out

    def json(self) -> dict[str, object]:
        """The statistics as JSON: each preset's counts in its family's words, the total of each."""
        pitch = set(self.by_preset) - self.euchre
        total = self.total().json(pitch=False, euchre=False)
        families = (self.total(pitch).json(pitch=bool(pitch), euchre=False),
                    self.total(self.euchre).json(pitch=False, euchre=bool(self.euchre)))
        for counts in families:
            total.update({k: v for k, v in counts.items() if k not in COMMON})
        return {"folder": self.folder, "total": total,
                "by_preset": {k: v.json(pitch=k not in self.euchre, euchre=k in self.euchre)
                              for k, v in sorted(self.by_preset.items())},
                "unreadable": self.unreadable}


def _variant(doc: object) -> str:
    hands = record_hands(doc)
    first = hands[0] if hands else None
    name = first.get("variant") if isinstance(first, dict) else None
    preset = find_preset(name) if isinstance(name, str) else None
    return preset.name if preset is not None else str(name)


def game_tally(doc: object) -> tuple[Tally, bool]:
    """One saved game's counts: a saved game (``pitchkit.tui.saves``) or a plain game record, where
    no seat is a person's (:class:`~pitchkit.engine.errors.PitchError` if it is not a valid record); and
    whether its hands are scored by tricks (Euchre)."""
    result = score_document(doc)
    hands = result.get("hands", [result])
    assert isinstance(hands, list)
    from pitchkit.tui.saves import table_setup

    human = table_setup(doc).human
    winners = result.get("winner") or []
    assert isinstance(winners, list)
    finished = result.get("complete") is True and bool(winners)
    tally = Tally(games=1, finished=int(finished))
    if human is not None:
        tally.played = 1
        tally.unfinished = int(not finished)
        tally.won = int(finished and human in winners)
    euchre = any(isinstance(h, dict) and "maker" in h for h in hands)
    for hand in hands:
        if not isinstance(hand, dict) or hand.get("made") is None:
            continue
        if euchre:
            _count_make(tally, hand, human)
            continue
        made = hand["made"] is True
        tally.bids += 1
        tally.made += made
        tally.set += not made
        if human is not None and hand.get("pitcher") == human:
            tally.your_bids += 1
            tally.your_made += made
            tally.your_set += not made
    return tally, euchre


def _count_make(tally: Tally, hand: dict[str, object], human: int | None) -> None:
    """A Euchre hand played out: how trump was made and how the hand ended."""
    made = hand["made"] is True
    tally.makes += 1
    tally.ordered_up += hand.get("round") == 1
    tally.named += hand.get("round") == 2
    tally.alone += hand.get("alone") is True
    tally.makes_made += made
    tally.marched += hand.get("outcome") in MARCHES
    tally.euchred += not made
    if human is not None and hand.get("maker") == human:
        tally.your_makes += 1
        tally.your_makes_made += made
        tally.your_euchred += not made


def collect(folder: Path) -> Stats:
    """Read every saved game in ``folder``; files that are not valid games are listed, not counted."""
    stats = Stats(str(folder))
    for path in saved_games(folder):
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
            tally, euchre = game_tally(doc)
            variant = _variant(doc)
        except (OSError, UnicodeDecodeError, ValueError, RecursionError):
            stats.unreadable.append(path.name)
            continue
        stats.by_preset.setdefault(variant, Tally()).add(tally)
        if euchre:
            stats.euchre.add(variant)
    return stats


def _rate(part: int, whole: int) -> str:
    return f"{part}/{whole} ({part / whole:.0%})" if whole else "-"


#: the columns of a family's games table after the games: title and (part, whole) of the tally
_PITCH_COLUMNS = (("your bids made", "your_made", "your_bids"), ("your bids set", "your_set", "your_bids"),
                  ("all bids made", "made", "bids"))
_EUCHRE_COLUMNS = (("your makes made", "your_makes_made", "your_makes"),
                   ("you euchred", "your_euchred", "your_makes"), ("all makes made", "makes_made", "makes"))
#: Euchre's makes, as shares of the hands where trump was made
_MAKES_COLUMNS = (("ordered up", "ordered_up"), ("round two", "named"), ("alone", "alone"),
                  ("marched", "marched"), ("euchred", "euchred"))


def _rows(stats: Stats, names: list[str]) -> list[tuple[str, Tally]]:
    rows = [(name, stats.by_preset[name]) for name in names]
    return [*rows, ("all", stats.total(names))] if len(rows) > 1 else rows


def _table(stats: Stats, names: list[str], columns: tuple[tuple[str, str, str], ...]) -> Table:
    table = Table()
    for col in ("preset", "games", "finished", "you won", *(c[0] for c in columns)):
        table.add_column(col, justify="left" if col == "preset" else "right")
    for name, t in _rows(stats, names):
        table.add_row(name, str(t.games), str(t.finished), _rate(t.won, t.played - t.unfinished),
                      *(_rate(getattr(t, part), getattr(t, whole)) for _, part, whole in columns))
    return table


def _makes_table(stats: Stats, names: list[str]) -> Table:
    table = Table(title="How trump was made and how the hands ended")
    for col in ("preset", "makes", *(c[0] for c in _MAKES_COLUMNS)):
        table.add_column(col, justify="left" if col == "preset" else "right")
    for name, t in _rows(stats, names):
        shares = (f"{getattr(t, part) / t.makes:.0%}" if t.makes else "-" for _, part in _MAKES_COLUMNS)
        table.add_row(name, str(t.makes), *shares)
    return table


def render(stats: Stats, console: Console) -> None:
    """Print the statistics: a table of the Pitch presets' bids; the Euchre presets' makes made and
    euchred, and how trump was made."""
    total = stats.total()
    console.print(f"Saved games in {stats.folder}: {total.games} ({total.finished} finished)", soft_wrap=True)
    if not total.games:
        return
    pitch = sorted(set(stats.by_preset) - stats.euchre)
    if pitch:
        console.print(_table(stats, pitch, _PITCH_COLUMNS))
        console.print("you won: of the games you played to the end; bids: hands bid and played out "
                      "(misdeals not counted)", soft_wrap=True)
    if stats.euchre:
        euchre = sorted(stats.euchre)
        console.print(_table(stats, euchre, _EUCHRE_COLUMNS))
        console.print(_makes_table(stats, euchre))
        console.print("makes: hands where trump was made and played out (thrown-in hands not counted); "
                      "ordered up in round one or named in round two, made alone, taking every trick "
                      "(a march) or euchred", soft_wrap=True)
    if total.unfinished:
        console.print(f"{plural(total.unfinished, 'unfinished game')} of yours not counted in \"you won\" "
                      "(no winner yet)", soft_wrap=True)


@app.command()
def stats(
    save_dir: Path | None = typer.Option(None, "--save-dir", help="folder of saved games (default "
                                         "$PITCHKIT_GAMES_DIR or the user data folder)"),
    as_json: bool = typer.Option(False, "--json", help="print the statistics as JSON"),
) -> None:
    """Statistics across your saved games: games played and won by preset, bids made and set (at
    Euchre: trump ordered up, named in round two or made alone, and made, marched or euchred)."""
    from pitchkit.tui.saves import games_dir

    found = collect(games_dir(save_dir))
    if as_json:
        print(json.dumps(found.json(), indent=2))
        return
    render(found, Console())
    if found.unreadable:
        print(f"Not counted ({len(found.unreadable)}, not valid saved games): {', '.join(found.unreadable)}")

