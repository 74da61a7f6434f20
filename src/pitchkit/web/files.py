"""The pages and their files served from memory.

Each file is read once, and again only when it changes on disk (its modification time or size),
and kept as it is and gzip compressed: an answer costs a ``stat`` and no thread, no reading and no
compressing, which keeps the first paint quick on a busy server. Every answer has an ``ETag`` and
``Last-Modified`` and says ``Cache-Control: no-cache`` (a browser keeps the file and asks before
each use whether it changed), and ``Vary: Accept-Encoding``; the compressed copy goes to a client
that accepts gzip, when the file is large enough for it to matter.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import re
import stat
from dataclasses import dataclass
from email.utils import formatdate
from pathlib import Path

from fastapi import Request
from fastapi.responses import Response
from starlette.exceptions import HTTPException

#: the files a folder serves: plain names (no folders), of the kinds a page loads
SERVED = re.compile(r"[A-Za-z0-9_-]+\.(?:html|js|css)")
#: a file smaller than this is sent as it is (it fits a packet either way)
COMPRESS_FROM = 1024


@dataclass(frozen=True)
class Kept:
    """A file as served: its bytes, compressed and not, and its headers."""

    stamp: tuple[int, int]
    body: bytes
    gzipped: bytes | None
    headers: dict[str, str]


class PageFiles:
    """The files of one folder whose names :data:`SERVED` matches, from memory."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._kept: dict[str, Kept] = {}

    def get(self, name: str) -> Kept | None:
        """The file ``name`` as it is on disk now, or ``None`` when the folder serves no such file."""
        if not SERVED.fullmatch(name):
            return None
        path = self.folder / name
        try:
            st = path.stat()
        except OSError:
            return None
        if not stat.S_ISREG(st.st_mode):
            return None
        stamp = (st.st_mtime_ns, st.st_size)
        kept = self._kept.get(name)
        if kept is not None and kept.stamp == stamp:
            return kept
        body = path.read_bytes()
        media = mimetypes.guess_type(name)[0] or "application/octet-stream"
        kept = Kept(stamp, body, gzip.compress(body, 9, mtime=0) if len(body) >= COMPRESS_FROM else None, {
            "Content-Type": f"{media}; charset=utf-8",
            "ETag": f'"{hashlib.sha256(body).hexdigest()[:32]}"',
            "Last-Modified": formatdate(st.st_mtime, usegmt=True),
            "Cache-Control": "no-cache",
            "Vary": "Accept-Encoding",
        })
        self._kept[name] = kept
        return kept

    def response(self, name: str, request: Request) -> Response:
        """The answer to a request for ``name``: compressed when the client takes gzip; ``404``
        when there is no such file."""
        kept = self.get(name)
        if kept is None:
            raise HTTPException(404, "Not Found")
        if kept.gzipped is not None and "gzip" in request.headers.get("accept-encoding", ""):
            return Response(kept.gzipped, headers={**kept.headers, "Content-Encoding": "gzip"})
        return Response(kept.body, headers=kept.headers)
