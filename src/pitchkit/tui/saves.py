"""Where finished, stopped and unfinished games are kept: one saved game (JSON) per game.

The folder is ``--save-dir`` if given, else ``$PITCHKIT_GAMES_DIR``, else ``games`` in the user
data folder (``~/.local/share/pitchkit/games`` on Linux, ``~/Library/Application Support/pitchkit/
games`` on macOS, ``%LOCALAPPDATA%\\pitchkit\\games`` on Windows).

A saved game is a game record in its object form (``docs/hand-record.md``) with what the table needs
to go on with it: the seed (seeded games only), the human's seat, the bots and the hand limit.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from platformdirs import user_data_path

from pitchkit.engine.errors import PitchError, RecordError
from pitchkit.engine.game import Game
from pitchkit.engine.record import game_record

ENV_VAR = "PITCHKIT_GAMES_DIR"
#: a folder with less free space than this is full for saving (a saved game is a few kilobytes)
MIN_FREE_BYTES = 1 << 20


class SaveError(PitchError):
    """The games folder cannot be used, or a saved game cannot be read back."""


def games_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The folder games are saved in (see the module docstring for the order of precedence)."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    return user_data_path("pitchkit", appauthor=False) / "games"


def _reason(e: OSError) -> str:
    if e.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "the disk is full"
    if e.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "no permission to write there"
    if e.errno in (errno.ENOTDIR, errno.EEXIST):
        return "a file is in the way"
    return e.strerror or str(e)


def check_folder(folder: Path) -> None:
    """Make sure games can be saved in ``folder`` (creating it), else raise :class:`SaveError` with
    one line naming the folder and what is wrong: a file in the way, no permission, a full disk."""
    hint = "choose another with --save-dir, or play with --no-save"
    for part in (folder, *folder.parents):
        if part.exists() and not part.is_dir():
            raise SaveError(f"cannot save games in {folder}: {part} is a file, not a folder; {hint}")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".pitchkit-probe-")
        try:
            _write_all(fd, b"{}\n")
        finally:
            os.close(fd)
            os.unlink(probe)
        free = shutil.disk_usage(folder).free
    except OSError as e:
        raise SaveError(f"cannot save games in {folder}: {_reason(e)}; {hint}") from None
    if free < MIN_FREE_BYTES:
        raise SaveError(f"cannot save games in {folder}: the disk is full ({free} bytes free); {hint}")


def _write_all(fd: int, data: bytes) -> None:
    """Write every byte of ``data`` to ``fd`` and flush it to the disk."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
    os.fsync(fd)


def _create(path: Path, data: bytes, *, exclusive: bool) -> None:
    """Write a new file; with ``exclusive`` fail (``FileExistsError``) if ``path`` exists."""
    flags = os.O_WRONLY | os.O_CREAT | (os.O_EXCL if exclusive else os.O_TRUNC)
    fd = os.open(path, flags | getattr(os, "O_BINARY", 0), 0o644)
    try:
        _write_all(fd, data)
    except OSError:
        os.close(fd)
        os.unlink(path)
        raise
    os.close(fd)


class GameFile:
    """The file one game is saved in.

    With ``folder`` and ``stem`` the first :meth:`write` claims a name such as
    ``2024-05-01_203015_pct.json`` (``_2``, ``_3``... if taken) by creating it exclusively, so two games
    started in the same second never share a file; later writes replace it whole (a temporary file
    renamed over it), so a failed write leaves the last saved version. :meth:`at` is a file already
    owned (a resumed game)."""

    def __init__(self, folder: Path, stem: str) -> None:
        self.folder = folder
        self.stem = stem
        self.path: Path | None = None

    @classmethod
    def new(cls, folder: Path, variant: str, *, now: datetime) -> GameFile:
        """A file for a game started at ``now``, named when first written."""
        return cls(folder, f"{now:%Y-%m-%d_%H%M%S}_{variant}")

    @classmethod
    def at(cls, path: Path) -> GameFile:
        """The file at ``path``, replaced by each write."""
        file = cls(path.parent, path.stem)
        file.path = path
        return file

    def write(self, text: str) -> Path:
        """Save ``text``; returns the path (raises ``OSError`` if it could not be written)."""
        data = text.encode("utf-8")
        if self.path is not None:
            tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
            _create(tmp, data, exclusive=False)
            try:
                os.replace(tmp, self.path)
            except OSError:
                tmp.unlink(missing_ok=True)
                raise
            return self.path
        self.folder.mkdir(parents=True, exist_ok=True)
        n = 1
        while True:
            path = self.folder / (f"{self.stem}.json" if n == 1 else f"{self.stem}_{n}.json")
            try:
                _create(path, data, exclusive=True)
            except FileExistsError:
                n += 1
                continue
            self.path = path
            return path


@dataclass(frozen=True, slots=True)
class TableSetup:
    """What a saved game needs besides its hands to go on: the seed (``None``: dealt from the
    operating system's random source), the human's seat (``None``: bots only), the bots' name,
    the hand limit and the cards the human took back, each ``{"hand": 1, "seat": 0, "card": "KS",
    "after": 9}`` (the hand's number and how many of its actions came before the card)."""

    seed: int | None
    human: int | None
    bot: str
    max_hands: int | None
    take_backs: tuple[Mapping[str, object], ...] = ()


def saved_document(game: Game, setup: TableSetup, *, finished: bool) -> dict[str, object]:
    """The saved form of a game: ``setup`` and the game record, with the hand just dealt unless the
    game is ``finished`` (won, or stopped at its hand limit)."""
    doc: dict[str, object] = {"version": 1}
    if setup.seed is not None:
        doc["seed"] = setup.seed
    doc.update({"human": setup.human, "bot": setup.bot})
    if setup.max_hands is not None:
        doc["max-hands"] = setup.max_hands
    doc["finished"] = finished
    if setup.take_backs:
        doc["take-backs"] = [dict(t) for t in setup.take_backs]
    doc["hands"] = game_record(game, dealt=not finished)
    return doc


def saved_text(game: Game, setup: TableSetup, *, finished: bool) -> str:
    """:func:`saved_document` as the text written to the file."""
    return json.dumps(saved_document(game, setup, finished=finished), indent=1) + "\n"


def _opt_int(doc: Mapping[str, object], key: str) -> int | None:
    value = doc.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"saved game: {key!r} must be a whole number")
    return value


def table_setup(doc: object) -> TableSetup:
    """The :class:`TableSetup` of a saved game (a plain game record: bots only, no seed)."""
    if not isinstance(doc, dict):
        return TableSetup(None, None, "heuristic", None)
    bot = doc.get("bot", "heuristic")
    if not isinstance(bot, str):
        raise RecordError("saved game: 'bot' must be a bot name")
    backs = doc.get("take-backs", [])
    if not isinstance(backs, list) or not all(isinstance(t, dict) for t in backs):
        raise RecordError("saved game: 'take-backs' must be a list of objects")
    return TableSetup(_opt_int(doc, "seed"), _opt_int(doc, "human"), bot, _opt_int(doc, "max-hands"),
                      tuple(backs))


def read_saved(path: Path) -> object:
    """The JSON document in ``path`` (:class:`SaveError` if it cannot be read or is not JSON)."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as e:
        reason = _reason(e) if isinstance(e, OSError) else "not a saved game (not JSON)"
        raise SaveError(f"cannot read {path}: {reason}") from None


def unfinished_games(folder: Path) -> list[Path]:
    """Saved games in ``folder`` that are not over, the most recently saved first."""
    if not folder.is_dir():
        return []
    found: list[tuple[float, Path]] = []
    for path in folder.glob("*.json"):
        try:
            doc = read_saved(path)
            stamp = path.stat().st_mtime
        except (SaveError, OSError):
            continue
        if isinstance(doc, dict) and doc.get("finished") is False and doc.get("hands"):
            found.append((stamp, path))
    found.sort(key=lambda x: (x[0], x[1].name), reverse=True)
    return [path for _, path in found]
