"""Sending a connection's messages as websocket frames straight to its socket.

Every change is sent to every connection of its table, so the cost of one message is paid four or
more times per action. Through Starlette each message is a dictionary passed down a chain of
wrappers to uvicorn, which frames it with the ``websockets`` library and writes it alone. When the
connection is served by uvicorn's sans-I/O ``websockets`` protocol without an extension (``pitch
serve`` turns compression off), :class:`DirectSender` writes the queued messages as unmasked text
frames (RFC 6455, section 5.2) in one write, still honouring the transport's flow control and the
protocol's closing state; otherwise the messages go through Starlette as before.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, MutableMapping
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.protocol import State

#: the scope key under which :class:`KeepSend` leaves the server's own ``send`` callable
RAW_SEND = "pitchkit.raw_send"

_TEXT_FIN = 0x81
_SHORT = struct.Struct("!BB")
_MEDIUM = struct.Struct("!BBH")
_LONG = struct.Struct("!BBQ")


def text_frame(payload: bytes) -> bytes:
    """One unmasked, final text frame (a server's frames are never masked)."""
    n = len(payload)
    if n < 126:
        return _SHORT.pack(_TEXT_FIN, n) + payload
    if n < 65_536:
        return _MEDIUM.pack(_TEXT_FIN, 126, n) + payload
    return _LONG.pack(_TEXT_FIN, 127, n) + payload


class KeepSend:
    """ASGI middleware: a websocket's scope keeps the server's ``send`` callable, before any
    framework wraps it."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        """Pass the call on, noting ``send`` for websockets."""
        if scope["type"] == "websocket":
            scope[RAW_SEND] = send
        await self.app(scope, receive, send)


class DirectSender:
    """Writes text frames to one connection of uvicorn's sans-I/O websocket protocol."""

    def __init__(self, protocol: WebSocketsSansIOProtocol) -> None:
        self.protocol = protocol

    @classmethod
    def find(cls, scope: MutableMapping[str, Any]) -> DirectSender | None:
        """The sender for a websocket's scope, or None when it is served some other way."""
        protocol = getattr(scope.get(RAW_SEND), "__self__", None)
        if not isinstance(protocol, WebSocketsSansIOProtocol) or protocol.conn.extensions:
            return None
        return cls(protocol)

    async def send(self, texts: Iterable[str]) -> bool:
        """Write ``texts`` as frames, in one write; False when the connection is closing or closed
        (nothing was written)."""
        protocol = self.protocol
        if not protocol.writable.is_set():
            await protocol.writable.wait()
        if (protocol.disconnected or protocol.close_sent or protocol.conn.state is not State.OPEN
                or protocol.transport.is_closing()):
            return False
        protocol.transport.write(b"".join([text_frame(text.encode()) for text in texts]))
        return True
