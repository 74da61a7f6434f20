"""``pitch serve`` warms its bot workers at start: each loads the compiled solver in the background,
so the first hints after an install come with their estimates; a hint asked before a worker is warm
says so.

``test_after_the_warm_up_the_first_card_hint_has_its_estimate``: a server whose numba cache is
empty (as right after an install) answers ``/healthz`` at once, reports its bot worker warm once
the solver is compiled, and then the first hint of the game, for a card, has its values and reason
(a hint of the table's first turns, had the worker compiled the solver then, would have had none).
The other tests: a hint before the solver is loaded, in a worker or with no worker free while they
warm, is the plain hint marked ``warming``, its reason saying why.
"""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

import pytest

from pitchkit.advice import hints
from pitchkit.engine.game import Game
from pitchkit.engine.presets import make_rules
from pitchkit.engine.view import View
from pitchkit.search.pimc import MAX_SOLVED_CARDS
from pitchkit.server.botpool import BotPool
from tests.server.client import JSON, Conn, http, my_turn, person_and_bots, play, run
from tests.server.conftest import Server

#: the longest a worker may take to compile the solver into an empty cache on a busy machine
WARM_UP_TIMEOUT = 180.0


def _card_turn(conn: Conn, frame: JSON) -> bool:
    """``conn``'s turn to play a card, trump known, with a choice of cards, with at most four cards
    in each hand: a deal of those is solved within the hint's node budget whatever the cards (one
    of six cards each may not be, and then the hint has no estimate)."""
    if not my_turn(conn, frame):
        return False
    state = frame["state"]
    return (bool(state.get("trump")) and state.get("phase") == "play" and len(state["legal"]) > 1
            and max(state["hand_sizes"]) <= min(4, MAX_SOLVED_CARDS))


def _first_view() -> View:
    """The first bidder's view of a pct game (a turn the hint estimates)."""
    game = Game(make_rules("pct"), seed=3)
    seat = game.to_act
    assert seat is not None
    return game.view(seat)


def _health(server: Server) -> JSON:
    body: JSON = http(server.base, "GET", "/healthz", timeout=5).body
    return body


@pytest.mark.skipif(not hints.compiled_solver(),
                    reason="the compiled solver is not installed: pip install '.[fast]'")
def test_after_the_warm_up_the_first_card_hint_has_its_estimate(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "numba"))  # empty: compiled from nothing
    server = Server(f"sqlite:///{tmp_path / 'warm.db'}", tmp_path).start()
    try:
        started = _health(server)
        deadline = time.monotonic() + WARM_UP_TIMEOUT
        health = started
        while health["warm_bot_workers"] < health["bot_workers"] and time.monotonic() < deadline:
            time.sleep(0.5)
            health = _health(server)

        async def first_card_hint() -> JSON:
            _, conn = await person_and_bots(server.base, server.ws_base, ["heuristic"] * 3)
            frame = await play(conn, stop=lambda f: _card_turn(conn, f))
            await conn.send({"type": "hint"})
            hint = await conn.until(lambda f: f["type"] in ("hint", "error"))
            assert hint["type"] == "hint", hint
            assert {"play": hint["action"]["play"]} in frame["state"]["legal"]
            await conn.close()
            return hint

        hint = run(first_card_hint(), timeout=60)
    finally:
        server.stop()
    assert started["status"] == "ok" and started["bot_workers"] == 1
    assert health["warm_bot_workers"] == 1, health
    assert any((tmp_path / "numba").rglob("*.nbi"))  # compiled by the server's worker, into its cache
    assert hint["bot"] == hints.FAST_HINT_BOT and "warming" not in hint
    assert "on average" in hint["reason"] and hint["cards"], hint
    assert not server.errors(), server.errors()


def test_a_hint_before_the_solver_is_loaded_says_its_estimate_is_still_to_come(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Without ``load`` (a warming pool's worker not warm yet), the hint is the plain hint bot's,
    marked ``warming``, its reason says why it has no estimate, and no loading is started."""
    monkeypatch.setattr(hints, "_warm", threading.Event())
    monkeypatch.setattr(hints, "_warming", threading.Lock())
    view = _first_view()
    hint = hints.hint_json(hints.FAST_HINT_BOT, view, seed=1, seconds=1.0, load=False)
    assert hint["bot"] == hints.PLAIN_HINT_BOT and hint["warming"] is True
    assert hint["reason"] == hints.WARMING_REASON and "bids" not in hint
    assert not hints._warming.locked()  # nothing started loading the solver
    # a bot's choice all the same: one of the seat's legal actions
    assert any(hint["action"] == hints._entry(view, a) for a in view.legal)


def test_a_hint_that_finds_no_free_worker_while_they_warm_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """With one worker, busy loading the solver (as :meth:`BotPool.warm_workers` holds it), a hint
    past the cap is not the fast bot's choice without its estimate: it is the plain hint, marked
    ``warming``, with the reason why."""
    monkeypatch.setattr(hints, "_warm", threading.Event())  # this process has not loaded the solver
    view = _first_view()

    async def go() -> JSON:
        pool = BotPool(1, seconds=0.2, warm=True)
        try:
            pool._idle.pop()  # the worker being warmed
            assert pool.warming()
            return await pool.hint(hints.FAST_HINT_BOT, view, table="t")
        finally:
            pool.close()

    hint = asyncio.run(go())
    assert hint["bot"] == hints.PLAIN_HINT_BOT and hint["warming"] is True
    assert hint["reason"] == hints.WARMING_REASON
    assert any(hint["action"] == hints._entry(view, a) for a in view.legal)
