"""A hint whose bot does not answer within the server's time cap is the quick bot's choice, named as
its own with the reason why it has no estimate: never the slow bot's name on another bot's choice."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from pitchkit.advice import hints
from pitchkit.engine.game import Game
from pitchkit.engine.presets import make_rules
from pitchkit.server import botpool
from pitchkit.server.botpool import LATE_HINT_REASON, QUICK_BOT, BotPool


def test_a_hint_past_the_cap_is_the_quick_bots_choice_named_as_its_own(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(make_rules("pct"), seed=3)
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    released = threading.Event()

    def slow_hint(*args: Any) -> dict[str, Any]:
        released.wait(5)  # a search that outlasts the cap
        return {"bot": hints.FAST_HINT_BOT, "action": {}, "reason": "too late"}

    monkeypatch.setattr(botpool, "hint_json", slow_hint)

    async def go() -> dict[str, Any]:
        pool = BotPool(0, seconds=0.05)
        try:
            return await pool.hint(hints.FAST_HINT_BOT, view, table="t")
        finally:
            released.set()
            pool.close()

    hint = asyncio.run(go())
    assert hint["bot"] == QUICK_BOT != hints.FAST_HINT_BOT
    assert hint["reason"] == LATE_HINT_REASON.format(bot=hints.FAST_HINT_BOT)
    assert any(hint["action"] == hints._entry(view, a) for a in view.legal)
