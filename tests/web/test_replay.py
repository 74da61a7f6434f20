"""The replay behind the replay page: a game record stepped through the engine, every hand visible,
each hand's result as ``pitch score`` gives it; and ``POST /api/replay`` refusing bad input in one line."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit.engine.presets import presets
from pitchkit.engine.record import score_game
from pitchkit.web.replay import replay_steps
from tests.server.client import http, ok
from tests.server.conftest import Server
from tests.web.driver import bot_game


@settings(max_examples=8, deadline=None)
@given(variant=st.sampled_from(sorted(presets())), seed=st.integers(0, 10_000))
def test_a_replay_steps_through_every_action_with_every_hand_visible(variant: str, seed: int) -> None:
    record = bot_game(variant, seed, 2)
    replay = replay_steps(record)
    scored: Any = score_game(record)
    assert len(replay["hands"]) == len(record)
    for doc, hand, result in zip(record, replay["hands"], scored["hands"], strict=True):
        steps: list[dict[str, Any]] = hand["steps"]
        assert len(steps) == len(doc["actions"]) + 1
        assert steps[0]["action"] is None and [s["action"] for s in steps[1:]] == doc["actions"]
        assert [sorted(h) for h in steps[0]["hands"]] == [sorted(h) for h in doc["hands"]]
        played = [a["play"] for a in doc["actions"] if "play" in a]
        held = {c for cards in steps[-1]["hands"] for c in cards}
        assert not held & set(played)
        assert hand["result"] == result


def test_the_replay_endpoint_answers_bad_records_in_one_line(web_server: Server) -> None:
    for raw in (b"not json", b"[]", b'{"variant": "nope"}', b'[{"variant": "pct", "hands": 3}]',
                b"x" * 2_000_001):
        reply = http(web_server.base, "POST", "/api/replay", raw=raw)
        assert reply.status == 400, reply.text
        assert "\n" not in reply.body["error"] and reply.body["error"]
    record = bot_game("pct", 3, 1)
    got = ok(http(web_server.base, "POST", "/api/replay", record))
    scored: Any = score_game(record)
    assert got["hands"][0]["result"] == scored["hands"][0]
