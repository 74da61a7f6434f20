"""The browser table: the lobby and table pages and their static files (plain ES modules, CSS, and
cards drawn as SVG by code), served by ``pitch serve`` at ``/``, ``/t/{table_id}`` and ``/static``."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

#: the folder of the page's files
FILES = Path(__file__).parent


def mount_pages(app: FastAPI) -> None:
    """Serve the lobby at ``/``, a table at ``/t/{table_id}`` and the files under ``/static``."""
    app.mount("/static", StaticFiles(directory=FILES), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(FILES / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(FILES / "table.html", headers={"Cache-Control": "no-cache"})
