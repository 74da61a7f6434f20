"""The desk's HTTP routes and pages (see the desk section of ``docs/protocol.md``).

The director's password and a judge's PIN travel in ``Authorization: Bearer SECRET``; the public
page's data needs none. Pages: ``/desk`` (a new event), ``/desk/{id}`` (the public board),
``/desk/{id}/director`` and ``/desk/{id}/judge``, their files under ``/desk-static``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from pitchkit.server.bodies import json_body
from pitchkit.server.desk.hosting import DeskService
from pitchkit.server.service import TableService
from pitchkit.tournament import online

#: the folder of the desk's pages
PAGES = Path(__file__).resolve().parents[2] / "web" / "desk"


def _secret(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    return value.strip() if scheme.lower() == "bearer" and value.strip() else None


def _base(request: Request) -> str:
    return str(request.base_url).rstrip("/")


class DeskRoutes:
    """The desk's service, made when the table service is (the server's start)."""

    def __init__(self, tables: Callable[[], TableService]) -> None:
        self._tables = tables
        self._desk: DeskService | None = None

    @property
    def desk(self) -> DeskService:
        """The running desk service."""
        assert self._desk is not None, "the server has not started"
        return self._desk

    async def start(self) -> None:
        """Make the desk service and start watching its tables."""
        self._desk = DeskService(self._tables())
        await self._desk.start()

    async def close(self) -> None:
        """Stop the watcher."""
        if self._desk is not None:
            await self._desk.close()


def mount_desk(app: FastAPI, tables: Callable[[], TableService]) -> DeskRoutes:
    """Add the desk's routes and pages to ``app``; the server starts and closes what is returned."""

    routes = DeskRoutes(tables)

    def page(name: str) -> FileResponse:
        return FileResponse(PAGES / name, headers={"Cache-Control": "no-cache"})

    @app.post("/api/desk", status_code=201)
    async def create(request: Request) -> JSONResponse:
        made = await routes.desk.create(await json_body(request))
        base, eid = _base(request), made["id"]
        return JSONResponse({**made, "director_link": f"{base}/desk/{eid}/director#key={made['password']}",
                             "judge_link": f"{base}/desk/{eid}/judge", "board_link": f"{base}/desk/{eid}"},
                            status_code=201)

    @app.post("/api/desk/mine")
    async def mine(request: Request) -> JSONResponse:
        return JSONResponse({"events": await routes.desk.mine(await json_body(request))})

    @app.post("/api/desk/{event_id}/archive")
    async def archive(event_id: str, request: Request) -> JSONResponse:
        body = await json_body(request)
        return JSONResponse(await routes.desk.archive(event_id, _secret(request), body.get("archived")))

    @app.get("/api/desk/{event_id}")
    async def board(event_id: str) -> JSONResponse:
        return JSONResponse(await routes.desk.board(event_id))

    @app.get("/api/desk/{event_id}/standings.csv")
    async def standings_csv(event_id: str) -> Response:
        _, event = await routes.desk.event(event_id)
        return Response(online.standings_csv(event), media_type="text/csv; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="standings-{event_id}.csv"'})

    @app.get("/api/desk/{event_id}/director")
    async def director(event_id: str, request: Request) -> JSONResponse:
        return JSONResponse(await routes.desk.director_view(event_id, _secret(request), _base(request)))

    @app.post("/api/desk/{event_id}/entrants")
    async def entrants(event_id: str, request: Request) -> JSONResponse:
        added = await routes.desk.add(event_id, _secret(request), await json_body(request))
        return JSONResponse({"added": added})

    @app.post("/api/desk/{event_id}/seat")
    async def seat(event_id: str, request: Request) -> JSONResponse:
        number = await routes.desk.seat(event_id, _secret(request), await json_body(request))
        return JSONResponse({"round": number})

    @app.post("/api/desk/{event_id}/advance")
    async def advance(event_id: str, request: Request) -> JSONResponse:
        return JSONResponse({"status": await routes.desk.advance(event_id, _secret(request))})

    @app.post("/api/desk/{event_id}/tables/{number}/seats/{seat}")
    async def bot_seat(event_id: str, number: int, seat: int, request: Request) -> JSONResponse:
        body = await json_body(request)
        await routes.desk.bot_seat(event_id, _secret(request), number, seat, body.get("bot"))
        return JSONResponse({"table": number, "seat": seat, "bot": body.get("bot")})

    @app.post("/api/desk/{event_id}/judges", status_code=201)
    async def judges(event_id: str, request: Request) -> JSONResponse:
        body = await json_body(request)
        return JSONResponse(await routes.desk.add_judge(event_id, _secret(request), body.get("name")),
                            status_code=201)

    @app.get("/api/desk/{event_id}/judge")
    async def judge(event_id: str, request: Request) -> JSONResponse:
        return JSONResponse(await routes.desk.judge_view(event_id, _secret(request)))

    @app.post("/api/desk/{event_id}/confirm")
    async def confirm(event_id: str, request: Request) -> JSONResponse:
        body = await json_body(request)
        name = await routes.desk.confirm(event_id, _secret(request), body.get("table"), body.get("hand"))
        return JSONResponse({"table": body.get("table"), "hand": body.get("hand"), "judge": name})

    @app.post("/api/desk/{event_id}/rulings")
    async def rulings(event_id: str, request: Request) -> JSONResponse:
        return JSONResponse(await routes.desk.ruling(event_id, _secret(request), await json_body(request)))

    @app.post("/api/desk/{event_id}/tables/{number}/sheet")
    async def enter_hand(event_id: str, number: int, request: Request) -> JSONResponse:
        return JSONResponse(await routes.desk.enter_hand(event_id, _secret(request), number,
                                                         await json_body(request)))

    @app.post("/api/desk/{event_id}/tables/{number}/sheet/confirm")
    async def confirm_hand(event_id: str, number: int, request: Request) -> JSONResponse:
        body = await json_body(request)
        return JSONResponse(await routes.desk.confirm_hand(event_id, _secret(request), number,
                                                           body.get("stopped")))

    @app.get("/api/desk/{event_id}/sheets")
    async def sheets(event_id: str, request: Request, round: int | None = None,
                     paper: str = "a4") -> HTMLResponse:
        html = await routes.desk.sheets(event_id, _secret(request), round, paper)
        return HTMLResponse(html, headers={"Cache-Control": "no-store"})

    @app.get("/api/desk/{event_id}/export")
    async def export(event_id: str, request: Request) -> JSONResponse:
        return JSONResponse(await routes.desk.export(event_id, _secret(request)))

    app.mount("/desk-static", StaticFiles(directory=PAGES / "static"), name="desk-static")

    @app.get("/desk", include_in_schema=False)
    async def new_page() -> FileResponse:
        return page("new.html")

    @app.get("/desk/{event_id}", include_in_schema=False)
    async def board_page(event_id: str) -> FileResponse:
        return page("board.html")

    @app.get("/desk/{event_id}/director", include_in_schema=False)
    async def director_page(event_id: str) -> FileResponse:
        return page("director.html")

    @app.get("/desk/{event_id}/judge", include_in_schema=False)
    async def judge_page(event_id: str) -> FileResponse:
        return page("judge.html")

    return routes
