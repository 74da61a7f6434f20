"""Bots at the tables: the bot to act plays (a seat's own bot, or the stand-in of a person who stayed
away past the grace period, whose timer is started here too), and the hint bot advises a person
on their turn.

A bot decides in the service's bot pool (:class:`~pitchkit.server.botpool.BotPool`), off the event
loop, and its action is taken like a person's: checked against the version it was decided for,
committed, then told to everyone.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, Protocol

from sqlalchemy import Connection, Engine

from pitchkit.advice.hints import hint_bot_name
from pitchkit.bots import random_action
from pitchkit.engine.actions import Action
from pitchkit.engine.errors import PitchError
from pitchkit.engine.record import action_json
from pitchkit.engine.rules import Rules
from pitchkit.server import store
from pitchkit.server.botpool import BotPool
from pitchkit.server.config import Settings
from pitchkit.server.live import LiveTable
from pitchkit.server.metrics import Metrics
from pitchkit.server.refusals import Stale, Stopping
from pitchkit.server.store import LogEntry
from pitchkit.server.tables import TableError, TableState

log = logging.getLogger("pitchkit.server")


def seatless_json(rules: Rules, action: Action) -> dict[str, Any]:
    """An action in record form without its seat (the form a seat sends it in)."""
    entry = action_json(rules, action)
    entry.pop("seat", None)
    return entry


class Host(Protocol):
    """What the driver needs of the table service (:class:`~pitchkit.server.service.TableService`)."""

    settings: Settings
    engine: Engine
    worker: str
    shared: bool
    live: dict[str, LiveTable]
    bots: BotPool
    metrics: Metrics

    async def act(self, table_id: str, seat: int, action: object, *, version: object = None,
                  desk: bool = False) -> None:
        """Apply one action of ``seat``, commit it and tell everyone."""

    def stage(self, state: TableState, kind: str, data: dict[str, Any],
              action: Action | None = None) -> list[LogEntry]:
        """Apply a new log entry to the table in memory."""

    async def commit(self, live: LiveTable, entries: list[LogEntry],
                     before: Sequence[Callable[[Connection], None]] = ()) -> None:
        """Store staged entries, then tell everyone."""

    def forget_if_over(self, live: LiveTable) -> None:
        """Let a finished game nobody watches leave memory."""

    def spawn(self, coro: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """Run a task the service keeps until it ends."""


class BotDriver:
    """The bots and grace timers of a table service's tables."""

    def __init__(self, service: Host) -> None:
        self.service = service

    def after_change(self, live: LiveTable, *, drive: bool = True) -> None:
        """Start the bot that is to act (``drive``: the process that made the change does), or the
        grace timer of a person who is away."""
        service = self.service
        state = live.state
        seat = state.to_act()
        if live.grace_timer is not None:
            live.grace_timer.cancel()
            live.grace_timer = None
        if seat is None:
            service.forget_if_over(live)
            return
        if state.controller(seat, service.settings.standin_bot) is not None:
            if drive and (live.bot_task is None or live.bot_task.done()):
                live.bot_task = service.spawn(self._drive(live))
            return
        person = state.seats[seat]
        if person.kind == "human" and person.connections == 0 and not person.standin:
            since = person.away_since if person.away_since is not None else time.monotonic()
            person.away_since = since
            delay = max(0.0, service.settings.grace - (time.monotonic() - since))
            loop = asyncio.get_running_loop()
            live.grace_timer = loop.call_later(delay, lambda: service.spawn(self._grace_over(live, seat)))

    async def _grace_over(self, live: LiveTable, seat: int) -> None:
        service = self.service
        async with live.lock:
            state = live.state
            person = state.seats[seat]
            if state.to_act() != seat or person.connections or person.standin:
                return
            if service.shared:
                elsewhere = await asyncio.to_thread(
                    store.connections_elsewhere, service.engine, state.id, seat, worker=service.worker,
                    alive_after=time.time() - 3 * store.HEARTBEAT_SECONDS)
                if elsewhere:
                    return
            await service.commit(live, service.stage(state, "standin", {"seat": seat, "on": True}))
        log.info("seat played by a bot", extra={"table": state.id, "seat": seat})
        self.after_change(live)

    async def _drive(self, live: LiveTable) -> None:
        """Let bots act while a bot is to act (the table is read again each time: a rebuild replaces it)."""
        service = self.service
        table_id = live.state.id
        while service.live.get(table_id) is live:
            state = live.state
            seat = state.to_act()
            if seat is None:
                return
            name = state.controller(seat, service.settings.standin_bot)
            if name is None or state.game is None:
                return
            version = state.version
            view = state.game.view(seat)
            started = time.monotonic()
            try:
                action = await service.bots.decide(name, view, table=table_id)
                service.metrics.bot_seconds.observe(time.monotonic() - started)
            except Exception:
                log.exception("a bot failed; a random legal action is played", extra={"table": table_id})
                action = random_action(view, random.Random())
            assert state.rules is not None
            try:
                await service.act(table_id, seat, seatless_json(state.rules, action), version=version)
            except Stale:
                continue
            except Stopping:
                return
            except PitchError:
                log.exception("a bot's action was refused; a random legal action is played",
                              extra={"table": table_id, "seat": seat})
                fallback = seatless_json(state.rules, random_action(view, random.Random()))
                try:
                    await service.act(table_id, seat, fallback, version=version)
                except PitchError:
                    return

    async def hint(self, live: LiveTable, seat: int) -> dict[str, Any]:
        """What the hint bot (:mod:`pitchkit.advice.hints`) would do in ``seat``'s place, on its turn."""
        state = live.state
        if state.game is None or state.rules is None or state.to_act() != seat:
            raise TableError("a hint is given on your turn")
        version, view = state.version, state.game.view(seat)
        hint = await self.service.bots.hint(hint_bot_name(), view, table=state.id)
        return {"type": "hint", "version": version, **hint}
