"""The browser table: the lobby, table and replay pages and their static files (plain ES modules, CSS,
and cards drawn as SVG by code), served by ``pitch serve`` at ``/``, ``/t/{table_id}``, ``/replay``
and ``/static``, and ``POST /api/replay``, which steps a game record through the engine."""

from __future__ import annotations

import asyncio
from pathlib import Path

import orjson
from fastapi import FastAPI, Request
from fastapi.responses import Response

from pitchkit.engine.errors import PitchError
from pitchkit.web.files import PageFiles
from pitchkit.web.replay import replay_steps

#: the folder of the page's files
FILES = Path(__file__).parent
#: the largest record ``POST /api/replay`` reads
MAX_RECORD_BYTES = 2_000_000


def mount_pages(app: FastAPI) -> None:
    """Serve the lobby at ``/``, a table at ``/t/{table_id}``, the replay page at ``/replay``, the
    files under ``/static`` (all from memory, :mod:`pitchkit.web.files`), and the replay of a record
    at ``POST /api/replay``."""
    pages, files = PageFiles(FILES), PageFiles(FILES / "static")

    @app.api_route("/static/{name}", methods=["GET", "HEAD"], include_in_schema=False)
    async def static(name: str, request: Request) -> Response:
        return files.response(name, request)

    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    async def lobby_page(request: Request) -> Response:
        return pages.response("index.html", request)

    @app.api_route("/t/{table_id}", methods=["GET", "HEAD"], include_in_schema=False)
    async def table_page(table_id: str, request: Request) -> Response:
        return pages.response("table.html", request)

    @app.api_route("/replay", methods=["GET", "HEAD"], include_in_schema=False)
    async def replay_page(request: Request) -> Response:
        return pages.response("replay.html", request)

    @app.post("/api/replay")
    async def replay(request: Request) -> Response:
        raw = await request.body()
        if len(raw) > MAX_RECORD_BYTES:
            raise PitchError(f"a record may have at most {MAX_RECORD_BYTES} bytes")
        try:
            doc = orjson.loads(raw)
        except orjson.JSONDecodeError:
            raise PitchError("the record is not JSON") from None
        steps = await asyncio.to_thread(replay_steps, doc)
        return Response(orjson.dumps(steps), media_type="application/json")
