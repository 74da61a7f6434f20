"""Changes made by other server processes: PostgreSQL ``LISTEN pitchkit``.

Each commit on a shared database notifies ``table_id:version`` (one line per table changed; a
batch of commits is one notification); a thread here listens and hands each line to the event
loop, where the service catches the table up from the database (the notification carries no
state: the log is the truth).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable

from pitchkit.engine.errors import PitchError
from pitchkit.engine.numbers import parse_int

log = logging.getLogger("pitchkit.server")


def psycopg_url(sqlalchemy_url: str) -> str:
    """A libpq URL from an SQLAlchemy one (``postgresql+psycopg://`` -> ``postgresql://``)."""
    scheme, _, rest = sqlalchemy_url.partition("://")
    return "postgresql://" + rest if scheme.startswith("postgresql") else sqlalchemy_url


class Listener:
    """Calls ``on_change(table_id, version)`` on ``loop`` for every notification."""

    def __init__(self, url: str, loop: asyncio.AbstractEventLoop,
                 on_change: Callable[[str, int], None]) -> None:
        self.url = psycopg_url(url)
        self.loop = loop
        self.on_change = on_change
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="pitchkit-listen", daemon=True)
        self._thread.start()
        self._ready.wait(10)

    def _run(self) -> None:
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    conn.execute("LISTEN pitchkit")
                    self._ready.set()
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            for line in note.payload.splitlines():
                                table_id, _, text = line.rpartition(":")
                                try:
                                    version = parse_int(text, what="version", lo=0, hi=2**62)
                                except PitchError:
                                    continue
                                self.loop.call_soon_threadsafe(self.on_change, table_id, version)
            except Exception:
                log.exception("lost the notification connection; reconnecting")
                self._ready.set()
                self._stop.wait(1.0)

    def close(self) -> None:
        """Stop listening."""
        self._stop.set()
        self._thread.join(timeout=5)
