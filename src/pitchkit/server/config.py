"""Server settings: command-line flags, then environment variables, then defaults."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from pitchkit.engine.errors import PitchError

#: the environment variable that names the database (``--db`` wins over it)
DATABASE_ENV = "PITCHKIT_DATABASE_URL"


def default_database_url() -> str:
    """SQLite in the user's data directory (created on first use)."""
    folder = Path(platformdirs.user_data_dir("pitchkit"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'pitchkit.db'}"


def database_url(given: str | None = None) -> str:
    """The database to use: ``given``, else ``PITCHKIT_DATABASE_URL``, else the default SQLite file."""
    url = given or os.environ.get(DATABASE_ENV) or default_database_url()
    if not url.startswith(("sqlite:", "postgresql")):
        raise PitchError(f"unsupported database URL {url[:40]!r}: use sqlite:///PATH or "
                         "postgresql+psycopg://USER@HOST/DB")
    return url


@dataclass(frozen=True, kw_only=True)
class Settings:
    """How a server runs. Times are in seconds."""

    database_url: str
    #: a seat that stays disconnected this long on its turn is played by a bot until it returns
    grace: float = 90.0
    #: the most a bot may think about one decision; past it, the heuristic bot decides
    bot_seconds: float = 2.0
    #: the bot that plays for a disconnected person
    standin_bot: str = "heuristic"
    #: bot worker processes (0: decide in threads of this process)
    bot_processes: int = 2
    #: load the compiled solver in each bot worker at start (in the background), so that the
    #: first hints after an install come with their estimates
    warm_up: bool = True
    #: modules imported at start (here and in every bot worker) that register more bots
    bot_modules: tuple[str, ...] = ()
    #: websocket messages: the largest accepted, and how many a connection may send per second
    max_message_bytes: int = 4096
    messages_per_second: float = 20.0
    #: an event loop that does not run for this long (seconds) is logged (0: never)
    lag_warning: float = 0.25
    #: seconds between full garbage collections (0: whenever Python's own rule says)
    full_collection: float = 600.0
    #: origins allowed to open a websocket besides the server's own (``*``: any)
    allowed_origins: tuple[str, ...] = ()
