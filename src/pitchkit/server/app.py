"""The HTTP and websocket routes (FastAPI). See ``docs/protocol.md`` for every message."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlsplit

import orjson
from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from pitchkit.engine.errors import PitchError
from pitchkit.server.bodies import json_body
from pitchkit.server.catalogue import catalogue, one_preset
from pitchkit.server.config import Settings
from pitchkit.server.desk.routes import mount_desk
from pitchkit.server.frames import DirectSender, KeepSend
from pitchkit.server.howto import mount_howto, sheet_json
from pitchkit.server.live import Subscriber
from pitchkit.server.metrics import CONTENT_TYPE_LATEST
from pitchkit.server.service import Forbidden, NotFound, Stale, TableService
from pitchkit.server.stats import listed_status, mount_stats, public_tables, with_game_names
from pitchkit.server.transfer import add_transfer
from pitchkit.server.views import table_json
from pitchkit.web import mount_pages

log = logging.getLogger("pitchkit.server")

#: websocket close codes (4000-4999 are the application's)
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404
CLOSE_TOO_FAST = 4429
CLOSE_BEHIND = 4408


def _status(error: PitchError) -> int:
    if isinstance(error, NotFound):
        return 404
    if isinstance(error, Forbidden):
        return 403
    if isinstance(error, Stale):
        return 409
    return 400


def _error(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


class RateLimit:
    """A token bucket: ``rate`` messages a second, bursts of twice that."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.tokens = 2 * rate
        self.stamp = time.monotonic()

    def refund(self) -> None:
        """Give back the token of a message that was an accepted action (a player acting on its
        turn never runs out; refused and idle messages do)."""
        self.tokens = min(2 * self.rate, self.tokens + 1)

    def allow(self) -> bool:
        """Take a token if there is one."""
        now = time.monotonic()
        self.tokens = min(2 * self.rate, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def create_app(settings: Settings) -> FastAPI:
    """The ASGI application for ``settings``."""
    holder: dict[str, TableService] = {}

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        holder["service"] = await asyncio.to_thread(TableService, settings)
        await holder["service"].start()
        await desk.start()
        log.info("serving", extra={"database": settings.database_url.split("://")[0]})
        # what start-up made lives as long as the server: out of the collector's sight
        gc.collect()
        gc.freeze()
        holder["service"].watch_loop()
        yield
        await desk.close()
        await holder["service"].close()

    app = FastAPI(title="pitchkit", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)

    def service() -> TableService:
        return holder["service"]

    @app.exception_handler(PitchError)
    async def pitch_error(_: Request, error: PitchError) -> JSONResponse:
        return _error(str(error), _status(error))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, error: StarletteHTTPException) -> JSONResponse:
        return _error(str(error.detail).splitlines()[0][:200], error.status_code)

    @app.exception_handler(RequestValidationError)
    async def bad_parameter(_: Request, error: RequestValidationError) -> JSONResponse:
        where = next((str(e["loc"][-1]) for e in error.errors() if e.get("loc")), "a parameter")
        return _error(f"{where}: not a valid value", 400)

    @app.exception_handler(Exception)
    async def internal_error(_: Request, error: Exception) -> JSONResponse:
        log.exception("internal error")
        return _error("internal error", 500)

    @app.get("/healthz")
    async def healthz() -> JSONResponse:
        ok = await service().healthy()
        warm, workers = service().bots.warmth()
        return JSONResponse({"status": "ok" if ok else "unavailable", "database": "ok" if ok else "down",
                             "bot_workers": workers, "warm_bot_workers": warm},
                            status_code=200 if ok else 503)

    @app.get("/metrics")
    async def metrics() -> Response:
        text = await asyncio.to_thread(service().metrics.text)
        return Response(text, media_type=CONTENT_TYPE_LATEST)

    @app.post("/api/tables", status_code=201)
    async def create(request: Request) -> JSONResponse:
        body = await json_body(request)
        seats = body.get("seats")
        if not isinstance(seats, list):
            raise PitchError("'seats' must list each seat: {\"bot\": NAME} or {\"human\": true}")
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise PitchError("'options' must be an object")
        players = body.get("players")
        made = await service().create(variant=str(body.get("variant", "pct")),
                                      players=players if players is not None else len(seats),
                                      options=options, seats=seats, public=bool(body.get("public", False)))
        base = str(request.base_url).rstrip("/")
        tid = made["id"]
        return JSONResponse({
            "id": tid, "owner": made["owner"],
            "invites": [{"seat": s, "invite": code, "link": f"{base}/t/{tid}?seat={s}&invite={code}"}
                        for s, code in made["invites"].items()],
            "watch": made["watch"], "watch_link": f"{base}/t/{tid}?watch={made['watch']}",
        }, status_code=201)

    @app.get("/api/tables")
    async def lobby(ids: str = "", status: str = "waiting") -> JSONResponse:
        wanted = [i for i in ids.split(",") if i][:100]
        found = (await service().lobby(wanted) if wanted or listed_status(status) == "waiting"
                 else await public_tables(service(), status))
        return JSONResponse({"tables": with_game_names(found)})

    @app.get("/api/tables/{table_id}")
    async def table(table_id: str) -> JSONResponse:
        live = await service().table(table_id)
        return JSONResponse(table_json(live.state))

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: Request) -> JSONResponse:
        body = await json_body(request)
        token = await service().join(table_id, seat=body.get("seat"),
                                     invite=str(body.get("invite", "")), name=str(body.get("name", "")))
        return JSONResponse({"seat": body.get("seat"), "token": token})

    @app.post("/api/tables/{table_id}/seats/{seat}")
    async def set_seat(table_id: str, seat: int, request: Request) -> JSONResponse:
        body = await json_body(request)
        bot = body.get("bot")
        invite = await service().set_seat(table_id, owner=str(body.get("owner", "")), seat=seat,
                                          bot=None if bot is None else str(bot),
                                          remove=body.get("remove") is True)
        return JSONResponse({"seat": seat, "invite": invite})

    @app.post("/api/tables/{table_id}/rules")
    async def next_rules(table_id: str, request: Request) -> JSONResponse:
        body = await json_body(request)
        chosen = await service().seating.set_rules(table_id, owner=str(body.get("owner", "")),
                                                   variant=body.get("variant"),
                                                   options=body.get("options") or {})
        return JSONResponse(chosen)

    @app.post("/api/tables/{table_id}/chat")
    async def chat_rules(table_id: str, request: Request) -> JSONResponse:
        body = await json_body(request)
        chat = await service().chat.set_rules(table_id, str(body.get("owner", "")), body)
        return JSONResponse({"chat": chat})

    @app.post("/api/tables/{table_id}/close")
    async def close(table_id: str, request: Request) -> JSONResponse:
        body = await json_body(request)
        closed = await service().seating.close(table_id, str(body.get("owner", "")))
        return JSONResponse({"closed": closed})

    @app.get("/api/presets")
    async def presets_list(rules: bool = True) -> JSONResponse:
        return JSONResponse(catalogue(rules=rules))

    @app.get("/api/presets/{name}")
    async def preset(name: str) -> JSONResponse:
        return JSONResponse(one_preset(name))

    @app.get("/api/tables/{table_id}/rules")
    async def sheet(table_id: str) -> JSONResponse:
        live = await service().table(table_id)
        rules = live.state.rules
        assert rules is not None
        return JSONResponse(sheet_json(rules))

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str, game: int | None = None) -> Response:
        return Response(orjson.dumps(await service().record(table_id, game)), media_type="application/json")

    @app.websocket("/ws/tables/{table_id}")
    async def play(ws: WebSocket, table_id: str, token: str | None = None, watch: str | None = None) -> None:
        # a socket closed before it is accepted is an HTTP 403 to the client, without the close code
        if not _origin_ok(ws, settings):
            await ws.accept()
            await ws.close(code=CLOSE_FORBIDDEN, reason="this origin may not open a table")
            return
        try:
            live, sub = await service().subscribe(table_id, token=token, watch=watch)
        except PitchError as e:
            await ws.accept()
            await ws.close(code=CLOSE_NOT_FOUND if isinstance(e, NotFound) else CLOSE_FORBIDDEN,
                           reason=str(e)[:120])
            return
        await ws.accept()
        sender = asyncio.create_task(_send_loop(ws, sub))
        try:
            await _receive_loop(ws, service(), table_id, sub, settings)
        except WebSocketDisconnect:
            pass
        finally:
            sender.cancel()
            await service().unsubscribe(live, sub)

    desk = mount_desk(app, service)
    mount_pages(app)
    mount_howto(app)
    mount_stats(app, service)
    add_transfer(app)
    app.add_middleware(KeepSend)
    return app


def _origin_ok(ws: WebSocket, settings: Settings) -> bool:
    """A browser's websocket must come from this server's own pages (or an allowed origin)."""
    origin = ws.headers.get("origin")
    if origin is None or "*" in settings.allowed_origins or origin in settings.allowed_origins:
        return True
    return urlsplit(origin).netloc == ws.headers.get("host")


async def _send_loop(ws: WebSocket, sub: Subscriber) -> None:
    direct = DirectSender.find(ws.scope)
    while True:
        texts: list[str] = []
        closing = False
        for message in await sub.take():
            if message is None:
                closing = True
                break
            texts.append(message)
        if direct is None:
            for text in texts:
                await ws.send_text(text)
        elif texts and not await direct.send(texts):
            return
        if closing:
            await ws.close(code=sub.close_code or CLOSE_BEHIND, reason=sub.close_reason)
            return


async def _receive_loop(ws: WebSocket, service: TableService, table_id: str, sub: Subscriber,
                        settings: Settings) -> None:
    limit = RateLimit(settings.messages_per_second)
    while True:
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        if not limit.allow():
            await ws.close(code=CLOSE_TOO_FAST, reason="too many messages")
            return
        raw = message.get("text")
        if raw is None:
            sub.put('{"type":"error","message":"a message must be JSON text, not binary"}')
            continue
        try:
            reply = await _handle(service, table_id, sub, raw, settings)
        except Exception:
            log.exception("a message failed", extra={"table": table_id})
            reply = {"type": "error", "message": "internal error"}
        if reply is ACCEPTED:
            limit.refund()
        elif reply is not None:
            sub.put(orjson.dumps(reply).decode())


#: what :func:`_handle` returns for an accepted action (the update that follows is the answer)
ACCEPTED: dict[str, Any] = {}


async def _handle(service: TableService, table_id: str, sub: Subscriber, raw: str,
                  settings: Settings) -> dict[str, Any] | None:
    """One message from a client; returns a reply for it alone, ``None`` when the reply is already
    queued, or :data:`ACCEPTED` for an accepted action."""
    if len(raw.encode()) > settings.max_message_bytes:
        return {"type": "error", "message": f"a message may have at most {settings.max_message_bytes} bytes"}
    try:
        msg = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return {"type": "error", "message": "a message must be a JSON object"}
    if not isinstance(msg, dict):
        return {"type": "error", "message": "a message must be a JSON object"}
    kind = msg.get("type")
    live = await service.table(table_id)
    if kind == "ping":
        return {"type": "pong", "version": live.state.version}
    if kind == "sync":
        if msg.get("version") == live.state.version:
            return {"type": "synced", "version": live.state.version}
        sub.put(live.views.message(live.state, "snapshot", sub.seat).decode())
        return None
    if kind == "hint":
        if sub.seat < 0:
            return {"type": "error", "message": "spectators get no hints"}
        try:
            return await service.hint(table_id, sub.seat)
        except PitchError as e:
            return {"type": "error", "message": str(e), "version": live.state.version}
    if kind == "act":
        if sub.seat < 0:
            return {"type": "error", "message": "spectators cannot act"}
        if live.state.seats[sub.seat].left:
            return {"type": "error", "message": "you left your seat: take it back to play",
                    "version": live.state.version}
        try:
            await service.act(table_id, sub.seat, msg.get("action"), version=msg.get("version"))
        except PitchError as e:
            return {"type": "error", "message": str(e), "version": live.state.version}
        return ACCEPTED
    if kind == "again":
        if sub.seat < 0:
            return {"type": "error", "message": "spectators have no seat to play again in"}
        try:
            await service.seating.again(table_id, sub.seat)
        except PitchError as e:
            return {"type": "error", "message": str(e), "version": live.state.version}
        return ACCEPTED
    if kind in ("chat", "react"):
        try:
            await service.chat.say(table_id, sub, msg)
        except PitchError as e:
            return {"type": "error", "message": str(e), "version": live.state.version, "about": "chat"}
        return None
    if kind in ("leave", "back"):
        if sub.seat < 0:
            return {"type": "error", "message": "spectators have no seat to leave"}
        try:
            await service.seating.leave(table_id, sub.seat, back=kind == "back")
        except PitchError as e:
            return {"type": "error", "message": str(e), "version": live.state.version}
        return ACCEPTED
    return {"type": "error", "message": "unknown message type; types are: act, hint, sync, ping, leave, "
            "back, again, chat, react"}
