"""What HTTP answers weigh on the wire and how browsers keep them.

- Answers of at least :data:`GZIP_MINIMUM` bytes (JSON, the desk's pages and files) are sent gzip
  compressed to a client that accepts it (Starlette's ``GZipMiddleware``); smaller ones fit a
  packet either way. The browser table's pages and files come compressed already, once for all
  (:mod:`pitchkit.web.files`), and pass as they are. Websockets pass through untouched: the
  middleware handles HTTP only.
- :class:`Revalidate`: an answer with an ``ETag`` (the pages and every static file) that says
  nothing of caching gets ``Cache-Control: no-cache``: the browser keeps it but asks the server
  before each use, so an updated server is seen at once, and an unchanged file costs a ``304 Not
  Modified`` without a body. Its ``ETag`` is marked weak (``W/``), as the same file is sent gzip
  compressed or not.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

from fastapi import FastAPI
from starlette.datastructures import Headers, MutableHeaders
from starlette.middleware.gzip import GZipMiddleware

#: the smallest answer sent compressed, in bytes
GZIP_MINIMUM = 1024
#: zlib's level: nearly the size of level 9 at a fraction of its time
GZIP_LEVEL = 6


#: the headers that describe a body, which a ``304`` has not
BODY_HEADERS = ("content-length", "content-type", "content-encoding", "content-range", "accept-ranges")


def _tags(value: str) -> list[str]:
    return [tag.strip().removeprefix("W/") for tag in value.split(",")]


class Revalidate:
    """ASGI middleware: answers with an ``ETag`` are revalidated on every use, and a ``GET`` whose
    ``If-None-Match`` names the current ``ETag`` is answered ``304`` without a body."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        """Pass the call on, adjusting the answer's start and dropping a ``304``'s body."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        held = Headers(scope=scope).get("if-none-match")
        conditional = held is not None and scope["method"] in ("GET", "HEAD")
        unchanged = False

        async def adjust(message: MutableMapping[str, Any]) -> None:
            nonlocal unchanged
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                etag = headers.get("etag")
                if etag is not None:
                    if "cache-control" not in headers:
                        headers["Cache-Control"] = "no-cache"
                    strong = etag.removeprefix("W/")
                    headers["ETag"] = "W/" + strong
                    if conditional and message["status"] == 200 and held is not None and (
                            held.strip() == "*" or strong in _tags(held)):
                        unchanged = True
                        message["status"] = 304
                        for name in BODY_HEADERS:
                            del headers[name]
            elif message["type"] == "http.response.body" and unchanged:
                if message.get("more_body", False):
                    return
                message = {"type": "http.response.body", "body": b""}
            await send(message)

        await self.app(scope, receive, adjust)


def add_transfer(app: FastAPI) -> None:
    """Compress the app's HTTP answers and have browsers revalidate its files: the middleware is
    added outside what the app has so far (call it before middleware that must stay outermost)."""
    app.add_middleware(Revalidate)
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM, compresslevel=GZIP_LEVEL)
