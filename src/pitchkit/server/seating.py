"""Who sits where, once a table exists: the table's creator (the host, who holds its ``owner``
secret) seats bots, opens seats for people with fresh invites, removes a player, chooses the next
game's rules and closes the table; a player leaves the seat to a bot and takes it back, and asks to
play again when a game is over.

Each change is a log entry of the table (``seat``, ``standin``, ``close``), committed before anyone
is told of it, like every other change (:class:`~pitchkit.server.service.TableService`). A person
whose seat is given away has every connection of that seat closed, and their token opens nothing
from then on.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Protocol

from sqlalchemy import Engine

from pitchkit.bots import bot_names
from pitchkit.engine.errors import quote
from pitchkit.engine.presets import make_rules
from pitchkit.server import auth, store
from pitchkit.server.live import LiveTable
from pitchkit.server.refusals import Forbidden
from pitchkit.server.store import LogEntry
from pitchkit.server.tables import TableError, TableState
from pitchkit.server.views import chosen_options

#: the websocket close code of a connection whose seat was given to someone else
CLOSE_SEAT_GONE = 4403
HOST_CLOSED = "the host closed the table"


class SeatHost(Protocol):
    """What seating needs of the table service (:class:`~pitchkit.server.service.TableService`)."""

    engine: Engine

    async def table(self, table_id: str) -> LiveTable:
        """The table, rebuilt from its log if it is not in memory."""

    def seat_index(self, state: TableState, seat: object) -> int:
        """``seat`` checked as a seat number of the table."""

    def stage(self, state: TableState, kind: str, data: dict[str, Any]) -> list[LogEntry]:
        """Apply a new log entry to the table in memory."""

    def next_start(self, state: TableState) -> list[LogEntry]:
        """The entries that start a game if the table is ready for one now."""

    async def change(self, live: LiveTable, change: Callable[[TableState], list[LogEntry]]) -> None:
        """Make a change, commit it and tell everyone."""

    async def close_table(self, table_id: str, reason: str) -> bool:
        """Close a table for good."""


class Seating:
    """The host's controls and a player's leaving, on a table service's tables."""

    def __init__(self, service: SeatHost) -> None:
        self.service = service

    async def check_owner(self, table_id: str, owner: str, what: str = "change its seats") -> None:
        """Refuse (403) anyone but the table's creator (``what``: what only the host may do)."""
        row = await asyncio.to_thread(store.read_table, self.service.engine, table_id)
        if row is None or not auth.matches(owner, row["owner_hash"]):
            raise Forbidden(f"only the table's host may {what}")

    async def set_seat(self, table_id: str, *, owner: str, seat: object, bot: str | None,
                       remove: bool = False) -> str | None:
        """The host makes a seat a bot (``bot``) or opens it for a person; returns the new invite of
        an opened seat. Before the start any seat; during the game (and between games) a seat that is
        open, a bot's, or a person's who is away or has left it. A person at the table is moved only with
        ``remove``: their token stops working and their connections are closed. An open seat
        during the game is played by the stand-in bot until someone takes it."""
        service = self.service
        live = await service.table(table_id)
        await self.check_owner(table_id, owner)
        if bot is not None and bot not in bot_names():
            raise TableError(f"unknown bot {quote(bot)}; bots are: {', '.join(bot_names())}")
        invite = None if bot is not None else auth.new_secret()
        moved: list[int] = []

        def change(state: TableState) -> list[LogEntry]:
            index = service.seat_index(state, seat)
            if state.closed is not None:
                raise TableError(f"this table is closed: {state.closed}")
            if state.game is not None and state.game.over and not state.rematch:
                raise TableError("the game is over")
            target = state.seats[index]
            if state.started and target.kind == "human" and target.connections and not target.left \
                    and not remove:
                raise TableError(f"{target.name or f'seat {index}'} is at the table: remove them to "
                                 "change the seat")
            moved[:] = [index] if target.kind == "human" else []
            data: dict[str, Any] = ({"seat": index, "kind": "bot", "bot": bot, "name": f"{bot} bot"}
                                    if invite is None else
                                    {"seat": index, "kind": "open", "invite_hash": auth.digest(invite)})
            entries = service.stage(state, "seat", data)
            return entries + service.next_start(state)

        await service.change(live, change)
        for index in moved:
            gone = "the host gave your seat to someone else" if invite is None else \
                "the host opened your seat for someone else"
            for sub in [s for s in live.subscribers if s.seat == index]:
                sub.close(CLOSE_SEAT_GONE, gone)
        return invite

    async def close(self, table_id: str, owner: str) -> bool:
        """The host closes the table for good; False when it was closed already."""
        await self.service.table(table_id)
        await self.check_owner(table_id, owner)
        return await self.service.close_table(table_id, HOST_CLOSED)

    async def leave(self, table_id: str, seat: int, *, back: bool) -> None:
        """A player leaves the seat to the stand-in bot and watches (``back``: takes it back, as
        long as it is still theirs, which their connection proves)."""
        service = self.service
        live = await service.table(table_id)

        def change(state: TableState) -> list[LogEntry]:
            if state.closed is not None:
                raise TableError(f"this table is closed: {state.closed}")
            if state.game is None:
                raise TableError("a seat is left or taken back once the game has started")
            person = state.seats[seat]
            if person.kind != "human":
                raise TableError("this seat is not yours any more")
            if back and not person.left:
                raise TableError("you are in your seat")
            if not back and person.left:
                raise TableError("you have left the seat already")
            data = {"seat": seat, "on": False} if back else {"seat": seat, "on": True, "left": True}
            # after a game, the players still at the table may be waiting only for this one
            return service.stage(state, "standin", data) + service.next_start(state)

        await service.change(live, change)

    # -- playing again ------------------------------------------------------------------------------

    async def again(self, table_id: str, seat: int) -> None:
        """A player asks to play again when the game is over; the next game starts (same seats, the
        deal moved on) once every player at the table has."""
        service = self.service
        live = await service.table(table_id)

        def change(state: TableState) -> list[LogEntry]:
            _check_between_games(state)
            if state.seats[seat].kind != "human":
                raise TableError("this seat is not yours any more")
            if seat in state.again:
                raise TableError("you have asked to play again already; waiting for the others")
            return service.stage(state, "again", {"seat": seat}) + service.next_start(state)

        await service.change(live, change)

    async def set_rules(self, table_id: str, *, owner: str, variant: object,
                        options: object) -> dict[str, Any]:
        """The host chooses the rules of the next game (after a game, before the next starts): a
        preset (by default the table's) and its options, for the table's number of seats. Everyone
        is asked again."""
        service = self.service
        live = await service.table(table_id)
        await self.check_owner(table_id, owner, "choose the rules")
        if not isinstance(options, dict):
            raise TableError("'options' must be an object")
        current = live.state.rules.preset if live.state.rules is not None else ""
        rules = make_rules(variant if isinstance(variant, str) else current, options,
                           players=len(live.state.seats))
        chosen = chosen_options(rules)

        def change(state: TableState) -> list[LogEntry]:
            _check_between_games(state)
            return service.stage(state, "rules", {"variant": rules.preset, "options": chosen})

        await service.change(live, change)
        return {"variant": rules.preset, "options": chosen}


def _check_between_games(state: TableState) -> None:
    """Refuse a change that is made only between two games of a table that plays again."""
    if state.closed is not None:
        raise TableError(f"this table is closed: {state.closed}")
    if not state.rematch:
        raise TableError("this table plays one game only")
    if state.game is None or not state.game.over:
        raise TableError("the game is not over")
