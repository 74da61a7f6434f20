"""A server's text frames written straight to the socket read back as the same message by a
websocket client's own parser, at every length class of RFC 6455's frame header."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from websockets.frames import Frame, Opcode
from websockets.protocol import Protocol, Side, State

from pitchkit.server.frames import text_frame


def _client_reads(data: bytes) -> list[tuple[Opcode, bytes, bool]]:
    client = Protocol(Side.CLIENT, state=State.OPEN, max_size=2**20)
    client.receive_data(data)
    assert client.parser_exc is None
    frames = [e for e in client.events_received() if isinstance(e, Frame)]
    return [(f.opcode, bytes(f.data), f.fin) for f in frames]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from([0, 1, 125, 126, 127, 65_535, 65_536, 70_000]), min_size=1, max_size=3),
       st.characters(codec="utf-8"))
def test_text_frames_read_back_as_the_messages_sent(lengths: list[int], fill: str) -> None:
    texts = [(fill * n)[:n] for n in lengths]
    payloads = [t.encode() for t in texts]
    read = _client_reads(b"".join(text_frame(p) for p in payloads))
    assert read == [(Opcode.TEXT, p, True) for p in payloads]
