"""Saved games by name: the listing ``pitch replay`` prints and the names it accepts back."""

from __future__ import annotations

from pathlib import Path


def saved_games(folder: Path) -> list[Path]:
    """The game records in ``folder``, oldest first (file names start with the date and time)."""
    return sorted(p for p in folder.glob("*.json") if p.is_file()) if folder.is_dir() else []


def find_saved(source: str, folder: Path) -> str:
    """``source`` as given if it is ``-`` or an existing path, else the saved game of that name in
    ``folder`` (with or without ``.json``); unchanged when neither exists, so reading it fails with
    the usual one-line message."""
    if source == "-" or Path(source).exists():
        return source
    for name in (source, f"{source}.json"):
        candidate = folder / name
        if Path(name).name == name and candidate.is_file():
            return str(candidate)
    return source
