"""A request's body read as a JSON object, within a size limit, or refused in one line."""

from __future__ import annotations

from typing import Any

import orjson
from fastapi import Request

from pitchkit.engine.errors import PitchError

#: the largest request body read
MAX_BODY_BYTES = 16_384


async def json_body(request: Request) -> dict[str, Any]:
    """The request's JSON object (an empty body is ``{}``)."""
    raw = await request.body()
    if len(raw) > MAX_BODY_BYTES:
        raise PitchError("the request is too large")
    try:
        body = orjson.loads(raw or b"{}")
    except orjson.JSONDecodeError:
        raise PitchError("the request is not JSON") from None
    if not isinstance(body, dict):
        raise PitchError("the request must be a JSON object")
    return body
