"""What ``pitch play`` does around a game: pick a saved game to resume, stop cleanly on signals in
text mode, and after the game save it (elsewhere if its folder fails) and say the result so far."""

from __future__ import annotations

import signal
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from types import FrameType

import typer

from pitchkit.cli.saved import find_saved
from pitchkit.tui.narrate import end_lines
from pitchkit.tui.quitting import STOP_SIGNALS
from pitchkit.tui.saves import GameFile, SaveError, read_saved, unfinished_games
from pitchkit.tui.session import Session

#: how many unfinished games the --resume list offers
LIST_LENGTH = 9

Write = Callable[[str], None]


def _describe(path: Path) -> str:
    try:
        doc = read_saved(path)
    except SaveError:
        return path.name
    hands = doc.get("hands") if isinstance(doc, dict) else None
    if not isinstance(hands, list) or not hands or not isinstance(hands[0], dict):
        return path.name
    variant = hands[0].get("variant", "?")
    saved = datetime.fromtimestamp(path.stat().st_mtime)
    return f"{path.name}  ({variant}, hand {len(hands)}, saved {saved:%Y-%m-%d %H:%M})"


def pick_saved(name: str | None, folder: Path, *, interactive: bool, write: Write) -> Path:
    """The saved game ``--resume`` goes on with: ``name`` (a path, or a name in ``folder``), else
    one of the unfinished games in ``folder``: chosen from a list, most recent first (Enter takes
    the most recent), or without a terminal the most recent, said so. :class:`SaveError` if none."""
    if name is not None:
        path = Path(find_saved(name, folder))
        if not path.is_file():
            raise SaveError(f"no saved game {name!r} (neither a file nor a game in {folder})")
        return path
    games = unfinished_games(folder)
    if not games:
        raise SaveError(f"no unfinished games to resume in {folder}")
    if len(games) == 1:
        write(f"Resuming the only unfinished game: {games[0].name}")
        return games[0]
    if not interactive:
        write(f"Resuming the most recent of {len(games)} unfinished games: {games[0].name} "
              "(pitch play --resume FILE picks another)")
        return games[0]
    shown = games[:LIST_LENGTH]
    write(f"Unfinished games in {folder}, most recent first:")
    for i, path in enumerate(shown, 1):
        write(f"  {i}. {_describe(path)}")
    if len(games) > len(shown):
        write(f"  ({len(games) - len(shown)} older: pitch play --resume FILE)")
    while True:
        number = typer.prompt("Resume which game", default=1, type=int)
        if isinstance(number, int) and 1 <= number <= len(shown):
            return shown[number - 1]
        write(f"Type a number from 1 to {len(shown)}.")


def rescue(session: Session) -> None:
    """Save a game whose folder failed in the temporary folder instead (its path then says where)."""
    folder = Path(tempfile.gettempdir()) / "pitchkit-games"
    session.file = GameFile.new(folder, session.rules.preset, now=datetime.now())
    session.save()


def result_lines(session: Session) -> list[str]:
    """The scores so far (final scores once over) and the winner, if any."""
    game = session.game
    lines = end_lines(game, session.names, stopped=session.stopped)
    if not session.over:
        n = len(game.history)
        lines[0] = lines[0].replace("Final scores", f"Scores after {n} hand{'s' if n != 1 else ''}")
    return lines


def keep(session: Session) -> list[str]:
    """Save the game (in the temporary folder if its own folder fails); the lines that say where
    and, if it is unfinished, how to go on with it."""
    if session.file is None:
        return []
    lines = []
    if not session.save():
        failed, error = session.file.folder, session.save_error
        rescue(session)
        if session.save_error is not None:
            return [f"Not saved: {error}; {session.save_error}"]
        lines.append(f"Could not save in {failed} ({error}); saved in the temporary folder instead.")
    lines.append(f"Saved: {session.save_path}")
    if not session.over:
        lines.append(f"The game is not over: pitch play --resume {session.save_path} goes on with it.")
    return lines


class Stopped(Exception):
    """A stop signal arrived (SIGTERM, SIGHUP)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


@contextmanager
def stop_signals_raise() -> Iterator[None]:
    """While inside, SIGTERM and SIGHUP raise :class:`Stopped` (so the game can be saved)."""
    def handler(signum: int, frame: FrameType | None) -> None:
        raise Stopped(signum)

    old = {s: signal.signal(s, handler) for s in STOP_SIGNALS}
    try:
        yield
    finally:
        for s, h in old.items():
            signal.signal(s, h)
