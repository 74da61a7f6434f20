"""``pitch serve`` compresses its HTTP answers and leaves its websockets as they were.

- ``test_http_is_gzip_compressed_and_websockets_are_not_deflated``: a module asked for with
  ``Accept-Encoding: gzip`` comes compressed (and its ``Content-Length`` is the compressed size); a
  websocket client that offers ``permessage-deflate`` (as browsers do) gets no extension, and its
  frames, written by the server's direct frame writer, read as the table's snapshot.
"""

from __future__ import annotations

import gzip
import json
import urllib.request
from pathlib import Path

from websockets.asyncio.client import connect

from tests.server.client import RECV_TIMEOUT, create_table, run
from tests.server.conftest import Server

WEB = Path(__file__).parents[2] / "src" / "pitchkit" / "web"


def test_http_is_gzip_compressed_and_websockets_are_not_deflated(server: Server) -> None:
    request = urllib.request.Request(server.base + "/static/render.js", headers={"Accept-Encoding": "gzip"})
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(request, timeout=20) as reply:
        body = reply.read()
        assert reply.headers["Content-Encoding"] == "gzip"
        assert int(reply.headers["Content-Length"]) == len(body)
    assert gzip.decompress(body) == (WEB / "static" / "render.js").read_bytes()

    table = create_table(server.base, "pct", [{"human": True}, *[{"bot": "heuristic"}] * 3])
    token = table.join(0)

    async def first_frame() -> tuple[str | None, dict[str, object]]:
        async with connect(f"{server.ws_base}/ws/tables/{table.id}?token={token}", proxy=None,
                           open_timeout=RECV_TIMEOUT, compression="deflate") as ws:
            assert ws.response is not None
            extensions = ws.response.headers.get("Sec-WebSocket-Extensions")
            return extensions, json.loads(await ws.recv())

    extensions, frame = run(first_frame(), 30)
    assert extensions is None
    assert frame["type"] == "snapshot"
