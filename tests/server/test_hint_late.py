"""A hint whose bot does not answer within the server's time cap is the quick bot's choice, named as
its own with the reason why it has no estimate: never the slow bot's name on another bot's choice."""

from __future__ import annotations

import asyncio

from pitchkit.bots import hints
from pitchkit.game import Game
from pitchkit.presets import make_rules
from pitchkit.server.botpool import LATE_HINT_REASON, QUICK_BOT, BotPool


def test_a_hint_past_the_cap_is_the_quick_bots_choice_named_as_its_own() -> None:
    game = Game(make_rules("pct"), seed=3)
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)

    async def go() -> dict[str, object]:
        pool = BotPool(0, seconds=0.001)  # no search finishes in a millisecond
        try:
            return await pool.hint(hints.FAST_HINT_BOT, view, table="t")
        finally:
            pool.close()

    hint = asyncio.run(go())
    assert hint["bot"] == QUICK_BOT != hints.FAST_HINT_BOT
    assert hint["reason"] == LATE_HINT_REASON.format(bot=hints.FAST_HINT_BOT)
    assert any(hint["action"] == hints._entry(view, a) for a in view.legal)
