"""What the server's HTTP answers weigh and how browsers keep them (``pitchkit.server.transfer``), and
the rules catalogue in parts (``pitchkit.server.catalogue``), in process: the application is called
as ASGI, with no server and no database (none of these routes touches one).

- pages, modules, CSS and JSON are sent gzip compressed to a client that accepts it, the same bytes
  once decompressed; small answers and clients that do not accept gzip get them as they are;
- files have a weak ``ETag``, ``Last-Modified`` and ``Cache-Control: no-cache``, and an unchanged
  file asked for again is ``304`` without a body;
- websockets go through the added middleware untouched: the application sees the server's own
  ``send`` (the direct frame writer of :mod:`pitchkit.server.frames` needs it);
- ``GET /api/presets?rules=false`` lists every preset without its rule rows, ``GET
  /api/presets/{name}`` gives one preset's (by name or alias), ``GET /api/presets`` is as before.
"""

from __future__ import annotations

import asyncio
import gzip
import json
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from starlette.middleware.gzip import GZipMiddleware

from pitchkit.engine.presets import presets
from pitchkit.server.app import create_app
from pitchkit.server.config import Settings
from pitchkit.server.transfer import GZIP_MINIMUM, Revalidate

WEB = Path(__file__).parents[1] / "src" / "pitchkit" / "web"
GZIP = {"Accept-Encoding": "gzip, deflate, br"}


@pytest.fixture(scope="module")
def app() -> FastAPI:
    return create_app(Settings(database_url="sqlite://", bot_processes=0, warm_up=False))


def get(app: Any, path: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    """One ``GET`` through the ASGI application: status, headers (lower-case names) and body."""
    path, _, query = path.partition("?")
    scope = {"type": "http", "asgi": {"version": "3.0", "spec_version": "2.4"}, "http_version": "1.1",
             "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": query.encode(), "root_path": "", "server": ("testserver", 80),
             "client": ("127.0.0.1", 5000),
             "headers": [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]}
    messages: list[MutableMapping[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: MutableMapping[str, Any]) -> None:
        messages.append(message)

    asyncio.run(app(scope, receive, send))
    start = next(m for m in messages if m["type"] == "http.response.start")
    heads = {k.decode().lower(): v.decode() for k, v in start["headers"]}
    body = b"".join(m.get("body", b"") for m in messages if m["type"] == "http.response.body")
    return start["status"], heads, body


@pytest.mark.parametrize("path, file", [
    ("/", "index.html"), ("/t/abc", "table.html"), ("/replay", "replay.html"),
    ("/static/table.js", "static/table.js"), ("/static/style.css", "static/style.css"),
    ("/desk", "desk/new.html"), ("/desk-static/desk.css", "desk/static/desk.css")])
def test_pages_modules_and_css_are_sent_compressed_and_revalidated(app: FastAPI, path: str,
                                                                  file: str) -> None:
    status, heads, body = get(app, path, GZIP)
    assert status == 200
    assert heads["content-encoding"] == "gzip" and "accept-encoding" in heads["vary"].lower()
    assert gzip.decompress(body) == (WEB / file).read_bytes()
    assert int(heads["content-length"]) == len(body) < (WEB / file).stat().st_size
    assert heads["etag"].startswith('W/"') and heads["last-modified"]
    assert heads["cache-control"] == "no-cache"
    status, heads, body = get(app, path)  # a client that takes no gzip
    assert status == 200 and "content-encoding" not in heads and body == (WEB / file).read_bytes()


@pytest.mark.parametrize("path", ["/t/abc", "/static/cards.js", "/desk-static/desk.js"])
def test_an_unchanged_file_asked_for_again_is_304_without_a_body(app: FastAPI, path: str) -> None:
    _, heads, _ = get(app, path, GZIP)
    etag = heads["etag"]
    for held in (etag, etag.removeprefix("W/"), f'"other", {etag}'):
        status, again, body = get(app, path, {**GZIP, "If-None-Match": held})
        assert status == 304 and body == b"", held
        assert again["etag"] == etag and again["cache-control"] == "no-cache"
        assert "content-length" not in again and "content-encoding" not in again
    status, _, body = get(app, path, {**GZIP, "If-None-Match": '"changed"'})
    assert status == 200 and body


def test_json_is_compressed_and_small_answers_are_not(app: FastAPI) -> None:
    status, heads, body = get(app, "/api/presets", GZIP)
    assert status == 200 and heads["content-encoding"] == "gzip"
    plain = gzip.decompress(body)
    assert len(body) * 5 < len(plain)
    status, heads, body = get(app, "/api/presets/no-such-game", GZIP)
    assert status == 404 and len(body) < GZIP_MINIMUM and "content-encoding" not in heads
    assert "no-such-game" in json.loads(body)["error"]


def test_the_presets_come_as_a_light_list_and_one_by_one_with_their_rules(app: FastAPI) -> None:
    full = json.loads(gzip.decompress(get(app, "/api/presets", GZIP)[2]))
    light_raw = get(app, "/api/presets?rules=false")[2]
    light = json.loads(light_raw)
    assert [p["name"] for p in full["presets"]] == [p["name"] for p in light["presets"]] == list(presets())
    assert light["bots"] == full["bots"] and "heuristic" in light["bots"]
    assert len(light_raw) * 20 < len(json.dumps(full))
    for whole, brief in zip(full["presets"], light["presets"], strict=True):
        assert "rules" not in brief
        assert {k: v for k, v in whole.items() if k != "rules"} == brief
        one = json.loads(get(app, f"/api/presets/{whole['name']}")[2])
        assert one == {"preset": whole, "bots": full["bots"]}
    ten = json.loads(get(app, "/api/presets/ten")[2])  # an alias
    assert ten["preset"]["name"] == "ten-point"
    assert any(r["option"] == "target" for r in ten["preset"]["rules"])


def test_websockets_pass_the_added_middleware_untouched() -> None:
    seen: list[Any] = []

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        seen.append(send)

    async def server_send(message: Any) -> None:
        raise AssertionError("nothing is sent")

    async def receive() -> dict[str, Any]:
        return {"type": "websocket.connect"}

    for middleware in (Revalidate(inner), GZipMiddleware(inner, minimum_size=GZIP_MINIMUM)):
        asyncio.run(middleware({"type": "websocket", "path": "/ws/tables/x", "headers": [
            (b"accept-encoding", b"gzip")]}, receive, server_send))
    assert seen == [server_send, server_send]
