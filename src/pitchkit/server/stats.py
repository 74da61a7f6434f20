"""Your games: what a browser's own seats did at its tables (``POST /api/stats``), counted by the
server from the games it keeps, and the public tables in play, to watch (``GET
/api/tables?status=playing``).

A seat is proved by its token (the secret its player received on joining), never by its number:
whoever holds a table's id may read its finished hands (``GET /api/tables/{id}/record``), but the
seat a browser played is known only to that browser. A table may play several games in a row; the
counts take in every game of the table (:func:`table_games`)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from pitchkit.engine.errors import PitchError
from pitchkit.engine.game import Game
from pitchkit.engine.presets import game_name
from pitchkit.engine.rules import Rules, ScoreBy
from pitchkit.server import auth, store
from pitchkit.server.bodies import json_body
from pitchkit.server.tables import TableState

if TYPE_CHECKING:
    from pitchkit.server.service import TableService

#: the most tables one ``POST /api/stats`` may name
MAX_TABLES = 50
#: the longest table id (a longer one names no table)
MAX_ID = 32
#: the statuses ``GET /api/tables?status=`` lists public tables by
LISTED = ("waiting", "playing")


@dataclass(slots=True)
class Tally:
    """One seat's counts in one family of games (Pitch, or Euchre): the games it finished and won,
    the games still in play, and its own bids played out (at Euchre: the times it made trump), how
    many of them it made and how many were set (euchred). Hands thrown in (a misdeal) or ended by a
    judge's ruling are not counted as bids."""

    games: int = 0
    won: int = 0
    unfinished: int = 0
    bids: int = 0
    made: int = 0
    set: int = 0

    def add(self, other: Tally) -> None:
        """Add ``other``'s counts to these."""
        for name, value in asdict(other).items():
            setattr(self, name, getattr(self, name) + value)

    def json(self, family: str) -> dict[str, int]:
        """The counts in the family's words: at Euchre ``makes`` and ``euchred`` for the bids and
        the sets."""
        out = asdict(self)
        if family == "euchre":
            out["makes"], out["euchred"] = out.pop("bids"), out.pop("set")
        return out


def family(rules: Rules) -> str:
    """``euchre`` for rules that score the makers' tricks, ``pitch`` for the others."""
    return "euchre" if rules.score_by == ScoreBy.TRICKS else "pitch"


def table_games(state: TableState) -> list[tuple[Rules, Game]]:
    """Every game played at the table, oldest first, with its rules: the games it finished before
    playing again, then the one in play or last played (none before the first deal)."""
    games = [(past.rules, past.game) for past in state.past]
    if state.game is not None and state.rules is not None:
        games.append((state.rules, state.game))
    return games


def game_tally(game: Game, seat: int) -> Tally:
    """``seat``'s counts in one game (finished or in play): its hands played so far count."""
    tally = Tally()
    if game.end is not None:
        tally.games = 1
        tally.won = int(seat in game.end.winners)
    else:
        tally.unfinished = 1
    for hand in game.history:
        result = hand.result
        if result is None or result.misdeal or result.ruling is not None or result.made is None:
            continue
        if result.pitcher == seat:
            tally.bids += 1
            tally.made += result.made
            tally.set += not result.made
    return tally


def seat_of(state: TableState, token: str) -> int | None:
    """The seat that ``token`` opens at the table, if any."""
    return next((i for i, s in enumerate(state.seats) if auth.matches(token, s.token_hash)), None)


def table_stats(state: TableState, token: str) -> tuple[dict[str, Any], dict[str, Tally]]:
    """One table's entry: the seat the token proves, the table's game and status, and the seat's
    counts by family over every game of the table (or the table's ``id`` and an ``error``); and
    those counts."""
    seat = seat_of(state, token)
    if seat is None:
        return {"id": state.id, "error": "that token does not open a seat at this table"}, {}
    tallies: dict[str, Tally] = {}
    for rules, game in table_games(state):
        tallies.setdefault(family(rules), Tally()).add(game_tally(game, seat))
    variant = state.rules.preset if state.rules is not None else ""
    entry = {"id": state.id, "seat": seat, "name": state.seats[seat].name, "variant": variant,
             "game_name": game_name(variant), "status": state.status,
             **{name: tally.json(name) for name, tally in sorted(tallies.items())}}
    return entry, tallies


def wanted_tables(body: dict[str, Any]) -> list[tuple[str, str]]:
    """The ``(table id, seat token)`` pairs of a ``POST /api/stats`` body (``{"tables": [{"id",
    "token"}, ...]}``), or a :class:`PitchError` saying in one line what is wrong with it."""
    tables = body.get("tables")
    if not isinstance(tables, list):
        raise PitchError("'tables' must list your tables: [{\"id\": TABLE, \"token\": SEAT_TOKEN}, ...]")
    if len(tables) > MAX_TABLES:
        raise PitchError(f"at most {MAX_TABLES} tables at a time, {len(tables)} given")
    out: list[tuple[str, str]] = []
    for i, entry in enumerate(tables):
        if not isinstance(entry, dict):
            raise PitchError(f"table {i}: an object {{\"id\": TABLE, \"token\": SEAT_TOKEN}} is needed")
        table_id, token = entry.get("id"), entry.get("token")
        if not isinstance(table_id, str) or not table_id:
            raise PitchError(f"table {i}: 'id' must be a table's id")
        if not isinstance(token, str) or not token:
            raise PitchError(f"table {i}: 'token' must be the seat's token")
        out.append((table_id, token))
    return out


def rebuild(service: TableService, table_id: str) -> TableState | None:
    """A table rebuilt from its log (``None`` if there is no such table), without keeping it in
    memory: counting a finished game does not bring it back among the tables in play."""
    if len(table_id) > MAX_ID or store.read_table(service.engine, table_id) is None:
        return None
    state = TableState(table_id)
    for entry in store.read_log(service.engine, table_id):
        state.replay(entry)
    return state


async def seat_stats(service: TableService, wanted: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """Each table's entry (:func:`table_stats`, in the order asked) and the totals by family."""
    entries: list[dict[str, Any]] = []
    total: dict[str, Tally] = {}
    for table_id, token in wanted:
        live = service.live.get(table_id)
        if live is not None:
            entry, tallies = table_stats(live.state, token)
        else:
            state = await asyncio.to_thread(rebuild, service, table_id)
            if state is None:
                entry, tallies = {"id": table_id, "error": "no such table"}, {}
            else:
                entry, tallies = await asyncio.to_thread(table_stats, state, token)
        entries.append(entry)
        for name, tally in tallies.items():
            total.setdefault(name, Tally()).add(tally)
    return {"tables": entries, "total": {name: tally.json(name) for name, tally in sorted(total.items())}}


async def public_tables(service: TableService, status: str) -> list[dict[str, Any]]:
    """The public tables of ``status`` (``waiting`` for players, or ``playing``), newest first, as
    the lobby lists them."""
    rows = await asyncio.to_thread(store.read_public_tables, service.engine, status)
    return [{"id": r["id"], "variant": r["variant"], "players": r["players"], "status": r["status"],
             "public": r["public"], "created_at": r["created_at"]} for r in rows]


def with_game_names(tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The lobby's entries, each with its game as players call it (``game_name``)."""
    return [{**t, "game_name": game_name(str(t.get("variant", "")))} for t in tables]


def listed_status(status: str) -> str:
    """``status`` checked as one the lobby lists public tables by."""
    if status not in LISTED:
        raise PitchError(f"'status' must be one of: {', '.join(LISTED)}")
    return status


def mount_stats(app: FastAPI, service: Callable[[], TableService]) -> None:
    """Add ``POST /api/stats``: a browser's seats proved by their tokens, and what each did."""

    @app.post("/api/stats")
    async def stats(request: Request) -> JSONResponse:
        wanted = wanted_tables(await json_body(request))
        return JSONResponse(await seat_stats(service(), wanted))
