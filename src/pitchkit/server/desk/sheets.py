"""The desk's physical tables online: a round seated at real tables (no online table), each hand
of a table's score sheet entered in the judges' or the director's console and confirmed by a judge
with a PIN, through the same :class:`~pitchkit.tournament.physical.PhysicalTables` steps as
``pitch tournament enter`` and ``judge confirm``; and the round's printable score sheets and table
cards (:func:`~pitchkit.tournament.printing.sheets_html`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from pitchkit.engine.errors import quote
from pitchkit.server.desk import rows
from pitchkit.tournament import physical, printing
from pitchkit.tournament.event import DeskError, Event, Table

T = TypeVar("T")


class SheetDesk:
    """The physical tables' part of :class:`~pitchkit.server.desk.hosting.DeskService`."""

    if TYPE_CHECKING:
        async def _read(self, read: Callable[..., T], *args: Any) -> T: ...

        async def _change(self, event_id: str, change: Callable[[Any], T]) -> T: ...

        async def event(self, event_id: str) -> tuple[dict[str, Any], Event]: ...

        async def director(self, event_id: str, password: str | None) -> dict[str, Any]: ...

        async def director_or_judge(self, event_id: str, secret: str | None) -> None: ...

        async def judge(self, event_id: str, pin: str | None) -> str: ...

    async def _sheet_table(self, event_id: str, event: Event, number: object) -> Table:
        """Table ``number`` of the open round, if it plays at a real table (no online table)."""
        r = event.current
        if r is None or r.closed:
            raise DeskError("no round is open")
        table = next((t for t in r.tables if t.number == number), None)
        if table is None:
            raise DeskError(f"round {r.number} has no table {quote(number)}")
        if table.number in await self._read(rows.read_tables, event_id, r.number):
            raise DeskError(f"table {table.number} plays online: its hands come from its game")
        return table

    async def enter_hand(self, event_id: str, secret: str | None, number: object,
                         body: dict[str, Any]) -> dict[str, Any]:
        """A judge (PIN) or the director enters the next hand of a physical table's score sheet:
        ``hand`` (a sheet hand, as ``enter --json``) or the sheet's words (:func:`physical.sheet_entry`).
        It is checked and scored by the engine and waits for a judge's confirmation."""
        await self.director_or_judge(event_id, secret)
        _, event = await self.event(event_id)
        table = await self._sheet_table(event_id, event, number)
        hand = body.get("hand")
        entry = dict(hand) if isinstance(hand, dict) else physical.sheet_entry(body)
        out = await self._change(event_id, lambda d: d.enter(table.number, entry))
        return {"table": table.number, "hand": out["hand"], "words": physical.hand_words(out)}

    async def confirm_hand(self, event_id: str, pin: str | None, number: object,
                           stopped: object) -> dict[str, Any]:
        """A judge confirms the last hand of a physical table's sheet with the PIN (seed 000
        tournament rule 35); the sheet of a finished game (or, with ``stopped``, one the match clock
        stopped) is entered as the table's result."""
        name = await self.judge(event_id, pin)
        _, event = await self.event(event_id)
        table = await self._sheet_table(event_id, event, number)
        judge = next((j for j in event.judges if j.name == name), None)
        if judge is None:
            raise DeskError(f"{quote(name)} has no initials at this event: the director makes a new PIN")
        index, result = await self._change(event_id, lambda d: d.confirm(
            table.number, judge.initials, pin or "", stopped=stopped is True))
        return {"table": table.number, "hand": index, "judge": name, "result": result is not None}

    async def sheets(self, event_id: str, password: str | None, round_number: int | None,
                     paper: str) -> str:
        """The printable score sheets and table cards of a round (the open one by default)."""
        await self.director(event_id, password)
        _, event = await self.event(event_id)
        return printing.sheets_html(event, round_number, paper=paper)


def add_sheets(event: Event, line: dict[str, Any], online: set[int]) -> None:
    """Add a physical table's score sheet (:func:`physical.sheet_state`) to a console's table line."""
    if line["table"] in online or event.current is None:
        return
    table = next(t for t in event.current.tables if t.number == line["table"])
    line["sheet"] = physical.sheet_state(table)
