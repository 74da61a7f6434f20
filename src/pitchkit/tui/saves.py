"""Where finished and abandoned games are kept: one game record (JSON) per game.

The folder is ``--save-dir`` if given, else ``$PITCHKIT_GAMES_DIR``, else ``games`` in the user
data folder (``~/.local/share/pitchkit/games`` on Linux, ``~/Library/Application Support/pitchkit/
games`` on macOS, ``%LOCALAPPDATA%\\pitchkit\\games`` on Windows)."""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path

from platformdirs import user_data_path

from pitchkit.game import Game
from pitchkit.record import game_record

ENV_VAR = "PITCHKIT_GAMES_DIR"


def games_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The folder games are saved in (see the module docstring for the order of precedence)."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    return user_data_path("pitchkit", appauthor=False) / "games"


def new_game_path(folder: Path, variant: str, *, now: datetime) -> Path:
    """A file name such as ``2024-05-01_203015_pct.json`` not yet used in ``folder``."""
    stem = f"{now:%Y-%m-%d_%H%M%S}_{variant}"
    path = folder / f"{stem}.json"
    n = 2
    while path.exists():
        path = folder / f"{stem}_{n}.json"
        n += 1
    return path


def write_game(path: Path, game: Game) -> bool:
    """Write the game record of ``game`` to ``path`` (replacing it); False if nothing was played."""
    record = game_record(game)
    if not record:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)
    return True
