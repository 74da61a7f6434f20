"""The tournament desk online: events hosted by ``pitch serve``.

An event is its ``event.json`` document (:mod:`pitchkit.tournament.online`) in the database; every
change goes through the same :class:`~pitchkit.tournament.director.Desk` as ``pitch tournament`` and is
committed before it is answered. Seating a round creates its tables through the table service, each
seat opened by an invite that the director hands to the entrant who sits there (or played by a bot).
A watcher enters each table's exported game record through the desk's ``result`` once the game is
over, or once the match clock (counted from the stored time the round was seated) has stopped it and
the hand in progress is played out; with ``verify`` set to ``judge``, only once a judge has
confirmed every hand. A server started again picks up every table still waiting for its result.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import orjson

from pitchkit.bots import bot_names
from pitchkit.engine.actions import Ruling
from pitchkit.engine.errors import PitchError, quote
from pitchkit.engine.hand import Hand
from pitchkit.engine.presets import rules_label
from pitchkit.engine.record import action_json
from pitchkit.server import auth, store
from pitchkit.server.desk import rows
from pitchkit.server.desk.sheets import SheetDesk, add_sheets
from pitchkit.server.names import NAME_LIMIT, clean_name, name_refusal
from pitchkit.server.service import Forbidden, NotFound, Stale, TableService
from pitchkit.tournament import online, physical, rulings
from pitchkit.tournament.director import read_entrants
from pitchkit.tournament.event import DeskError, Event, Round, new_event

log = logging.getLogger("pitchkit.server")

T = TypeVar("T")

#: how often the watcher looks at the tables waiting for a result (seconds)
WATCH_SECONDS = 0.5
#: wrong passwords and PINs an event takes within a minute before it refuses every attempt for a while
WRONG_LIMIT = 10
#: how results are verified: by the engine alone (a judge's sign-off optional), or also by a judge
VERIFY = ("auto", "judge")
#: the longest judge's name
JUDGE_NAME_LIMIT = 40
#: the most events one request of a director's list asks about
MINE_LIMIT = 50


class DeskService(SheetDesk):
    """Everything the desk's routes ask: events, entrants, rounds, judges, rulings, results."""

    def __init__(self, tables: TableService) -> None:
        self.tables = tables
        self.engine = tables.engine
        self._locks: dict[str, asyncio.Lock] = {}
        self._events: dict[str, tuple[int, Event]] = {}
        self._wrong: dict[str, deque[float]] = {}
        self._refused: dict[str, str] = {}
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Start watching the tables that wait for their results."""
        self._task = asyncio.get_running_loop().create_task(self._watch())

    async def close(self) -> None:
        """Stop watching."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    # -- events and who may change them -------------------------------------------------------------

    async def create(self, body: dict[str, Any]) -> dict[str, str]:
        """A new event from the settings of ``pitch tournament create``; returns its id and the
        director's password (shown once: only its hash is kept)."""
        fmt = body.get("format")
        if not isinstance(fmt, str):
            raise DeskError("'format' must name a format: darrtown, knockout, unl or round-robin")
        verify = body.get("verify", "auto")
        if verify not in VERIFY:
            raise DeskError(f"'verify' must be one of: {', '.join(VERIFY)}")
        options = body.get("options")
        options = {} if options is None else options
        if not isinstance(options, dict):
            raise DeskError("'options' must be an object of rule options")
        clock = body.get("clock")
        if clock is not None and (isinstance(clock, bool) or not isinstance(clock, int | float)):
            raise DeskError(f"'clock' must be minutes, not {quote(clock)}")
        preset = body.get("preset")
        event = new_event(fmt, preset=str(preset) if preset else None, options=options, clock=clock,
                          seed=_number(body.get("seed"), "seed"),
                          table_size=_number(body.get("table_size"), "table_size"),
                          advance=_number(body.get("advance"), "advance"),
                          section_size=_number(body.get("section_size"), "section_size"))
        document = await asyncio.to_thread(online.new_document, event)
        event_id, password = auth.new_id(), auth.new_secret()
        await self.tables.writer.run(rows.insert_event(event_id, auth.digest(password), str(verify),
                                                       event.stage, document))
        log.info("event created", extra={"event": event_id, "format": fmt})
        return {"id": event_id, "password": password}

    async def _read(self, read: Callable[..., T], *args: Any) -> T:
        """A read of the database, in a thread."""
        return await asyncio.to_thread(read, self.engine, *args)

    async def _row(self, event_id: str, *, document: bool = False) -> dict[str, Any]:
        row = await self._read(rows.read_event, event_id, document)
        if row is None:
            raise NotFound("no such event")
        return row

    async def event(self, event_id: str) -> tuple[dict[str, Any], Event]:
        """An event's row (without its document) and its event, read again only when its version
        changed."""
        row = await self._row(event_id)
        cached = self._events.get(event_id)
        if cached is not None and cached[0] == row["version"]:
            return row, cached[1]
        row = await self._row(event_id, document=True)
        event = await asyncio.to_thread(online.read_event, row.pop("document"))
        self._events[event_id] = (row["version"], event)
        return row, event

    def _count_wrong(self, event_id: str) -> None:
        wrong = self._wrong.setdefault(event_id, deque(maxlen=WRONG_LIMIT))
        wrong.append(time.monotonic())

    def _check_pace(self, event_id: str) -> None:
        wrong = self._wrong.get(event_id)
        if wrong is not None and len(wrong) == WRONG_LIMIT and time.monotonic() - wrong[0] < 60:
            raise Forbidden("too many wrong passwords or PINs for this event: wait a minute")

    async def director(self, event_id: str, password: str | None) -> dict[str, Any]:
        """The event's row, if ``password`` is the director's (else :class:`Forbidden`)."""
        row = await self._row(event_id)
        self._check_pace(event_id)
        if not auth.matches(password, row["director_hash"]):
            self._count_wrong(event_id)
            raise Forbidden("wrong director password for this event")
        return row

    async def judge(self, event_id: str, pin: str | None) -> str:
        """The name of the judge whose PIN ``pin`` is (else :class:`Forbidden`)."""
        await self._row(event_id)
        self._check_pace(event_id)
        found = None
        for j in await self._read(rows.read_judges, event_id):
            if auth.matches(_pin_secret(event_id, pin or ""), j["pin_hash"]):
                found = j["name"]
        if found is None:
            self._count_wrong(event_id)
            raise Forbidden("wrong judge PIN for this event")
        return str(found)

    async def director_or_judge(self, event_id: str, secret: str | None) -> None:
        """Nothing, if ``secret`` is the director's password or a judge's PIN (else :class:`Forbidden`)."""
        row = await self._row(event_id)
        if not auth.matches(secret, row["director_hash"]):
            await self.judge(event_id, secret)

    async def _change(self, event_id: str, change: Callable[[Any], T], *,
                      after: Callable[[Event, Any], Awaitable[list[dict[str, Any]]]] | None = None,
                      entered: tuple[int, int] | None = None) -> T:
        """Run a desk step on the event and commit it (with what ``after`` adds: the round's new
        tables); one change at a time per event, and never over a change made elsewhere."""
        lock = self._locks.setdefault(event_id, asyncio.Lock())
        async with lock:
            row = await self._row(event_id, document=True)
            if row["stage"] == rows.ARCHIVED:
                raise DeskError("this event is archived: its director reopens it to change it")
            stepped = await asyncio.to_thread(online.step, row["document"], change)
            event = await asyncio.to_thread(online.read_event, stepped.document)
            new_tables = await after(event, stepped.value) if after is not None else []
            try:
                await self.tables.writer.run(rows.save_event(
                    event_id, row["version"], event.stage, stepped.document, games_written=stepped.games,
                    new_tables=new_tables, entered=entered))
            except rows.Moved:
                raise Stale("the event was changed meanwhile; look again and retry") from None
            self._events[event_id] = (row["version"] + 1, event)
            return stepped.value

    # -- the director ------------------------------------------------------------------------------

    async def mine(self, body: dict[str, Any]) -> list[dict[str, Any]]:
        """The events a director holds (``events``: ``id`` and ``password`` each, as a browser
        remembers them): each one's format, rules, status and whether it is archived, or the
        one-line reason it cannot be opened. The server never lists events otherwise."""
        held = body.get("events")
        if not isinstance(held, list) or len(held) > MINE_LIMIT or not all(
                isinstance(e, dict) and isinstance(e.get("id"), str) for e in held):
            raise DeskError(f"'events' must be a list of at most {MINE_LIMIT} objects with 'id' and "
                            "'password'")
        out = []
        for e in held:
            try:
                row = await self.director(e["id"], e.get("password") if isinstance(e.get("password"), str)
                                          else None)
                _, event = await self.event(e["id"])
            except PitchError as error:
                out.append({"id": e["id"], "error": str(error)})
                continue
            out.append({"id": e["id"], "format": event.format, "rules": rules_label(event.rules),
                        "status": event.status, "entrants": len(event.entrants),
                        "created_at": row["created_at"], "archived": row["stage"] == rows.ARCHIVED})
        return out

    async def archive(self, event_id: str, password: str | None, archived: object) -> dict[str, Any]:
        """Archive an event (``archived`` true): the tables of its open round still playing are
        closed, and it takes no change until its director reopens it (``archived`` false)."""
        row = await self.director(event_id, password)
        if not isinstance(archived, bool):
            raise DeskError("'archived' must be true (archive the event) or false (reopen it)")
        _, event = await self.event(event_id)
        r = event.current
        if archived and r is not None and not r.closed:
            for t in (await self._read(rows.read_tables, event_id, r.number)).values():
                if not t["entered"]:
                    await self.tables.close_table(t["table_id"], "the director archived the event")
        stage = rows.ARCHIVED if archived else event.stage
        if stage != row["stage"]:
            await self.tables.writer.run(rows.set_stage(event_id, stage))
        return {"archived": archived, "status": event.status}

    async def add(self, event_id: str, password: str | None, body: dict[str, Any]) -> int:
        """Register entrants: ``csv`` (text, one a line) or ``rows`` (lists of names). A player's
        name longer than a table keeps (:data:`~pitchkit.server.names.NAME_LIMIT`, white space
        runs counted as one) is refused: each player joins an online table under it. The other
        checks (printable, unique) are the director's."""
        await self.director(event_id, password)
        if isinstance(body.get("csv"), str):
            entrants = read_entrants(body["csv"].lstrip("\ufeff"))
        elif isinstance(body.get("rows"), list) and all(
                isinstance(r, list) and all(isinstance(n, str) for n in r) for r in body["rows"]):
            entrants = [[n.strip() for n in r if n.strip()] for r in body["rows"]]
        else:
            raise DeskError("send 'csv' (one entrant a line) or 'rows' (lists of names)")
        if not entrants:
            raise DeskError("no entrants given")
        for i, row in enumerate(entrants, start=1):
            for name in map(clean_name, row):
                if len(name) > NAME_LIMIT:
                    raise DeskError(f"row {i}: {name_refusal(name, NAME_LIMIT)} (each player takes a seat "
                                    "at an online table under that name)")
        return await self._change(event_id, lambda d: d.add(entrants))

    async def seat(self, event_id: str, password: str | None, body: dict[str, Any]) -> int:
        """Seat the next round and create its tables: a seat is opened by an invite for its entrant,
        or played by a bot (``bot``: every seat; ``bots``: entrant name to bot); with ``physical``,
        the round plays at real tables with score sheets instead. Returns the round."""
        await self.director(event_id, password)
        physical_round = body.get("physical") is True
        everyone = body.get("bot")
        chosen = body.get("bots") or {}
        if not isinstance(chosen, dict):
            raise DeskError("'bots' must map entrant names to bots")
        known = bot_names()
        for bot in [everyone, *chosen.values()]:
            if bot is not None and bot not in known:
                raise DeskError(f"unknown bot {quote(bot)}; bots are: {', '.join(known)}")

        async def create_tables(event: Event, round_: Round) -> list[dict[str, Any]]:
            made: list[dict[str, Any]] = []
            if physical_round:
                return made
            for t in round_.tables:
                rules = event.table_rules(len(t.entrants))
                teams = rules.teams or rules.players
                names = [event.entrants[t.entrants[s % teams]].name for s in range(rules.players)]
                bots = [everyone or chosen.get(n) for n in names]
                seats = [{"human": True} if b is None else {"bot": b} for b in bots]
                table = await self.tables.create(variant=event.preset, players=rules.players,
                                                 options=dict(event.options), seats=seats, public=False,
                                                 rematch=False, chat=False)
                made.append({"round": round_.number, "number": t.number, "table_id": table["id"],
                             "owner": table["owner"], "started_at": time.time(), "entered": False,
                             "invites": orjson.dumps({str(k): v for k, v in table["invites"].items()})
                             .decode()})
            return made

        round_: Round = await self._change(event_id, lambda d: d.seat(), after=create_tables)
        log.info("round seated", extra={"event": event_id, "round": round_.number})
        return round_.number

    async def advance(self, event_id: str, password: str | None) -> str:
        """Close the round once every result is in (the desk's ``advance``)."""
        await self.director(event_id, password)
        return await self._change(event_id, lambda d: d.advance())

    async def bot_seat(self, event_id: str, password: str | None, number: int, seat: int,
                       bot: object) -> None:
        """Before its game starts, a bot takes a seat of a table of the open round (an entrant who
        did not come)."""
        await self.director(event_id, password)
        if not isinstance(bot, str) or bot not in bot_names():
            raise DeskError(f"unknown bot {quote(bot)}; bots are: {', '.join(bot_names())}")
        _, event = await self.event(event_id)
        table = await self._table_row(event_id, event, number)
        await self.tables.set_seat(table["table_id"], owner=table["owner"], seat=seat, bot=bot)

    async def _table_row(self, event_id: str, event: Event, number: int) -> dict[str, Any]:
        r = event.current
        if r is None or r.closed:
            raise DeskError("no round is open")
        found = (await self._read(rows.read_tables, event_id, r.number)).get(number)
        if found is None:
            raise DeskError(f"round {r.number} has no table {quote(number)}")
        return found

    async def add_judge(self, event_id: str, password: str | None, name: object) -> dict[str, str]:
        """A new judge; returns the judge's PIN (shown once: only its hash is kept)."""
        await self.director(event_id, password)
        clean = " ".join(str(name or "").split())
        if not 0 < len(clean) <= JUDGE_NAME_LIMIT or not clean.isprintable():
            raise DeskError(f"a judge's name is 1 to {JUDGE_NAME_LIMIT} printable characters")
        known = await self._read(rows.read_judges, event_id)
        if any(j["name"].casefold() == clean.casefold() for j in known):
            raise DeskError(f"{quote(clean)} is a judge already")
        while True:
            pin = f"{secrets.randbelow(10 ** 8):08d}"
            if not any(auth.matches(_pin_secret(event_id, pin), j["pin_hash"]) for j in known):
                break
        pin_hash = auth.digest(_pin_secret(event_id, pin))
        await self._change(event_id, lambda d: d.add_judge(
            clean, physical.initials_for(clean, [j.initials for j in d.event.judges]), pin))
        await self.tables.writer.run(rows.insert_judge(event_id, clean, pin_hash))
        return {"name": clean, "pin": pin}

    async def director_view(self, event_id: str, password: str | None, base: str) -> dict[str, Any]:
        """Everything the director sees: the board, each table's invite links and live state,
        the judges, and results the desk could not enter."""
        row = await self.director(event_id, password)
        out = await self.board(event_id)
        _, event = await self.event(event_id)
        out["verify"] = row["verify"]
        out["judges"] = [j["name"] for j in await self._read(rows.read_judges, event_id)]
        if event.current is not None and out["round"] is not None:
            by_number = await self._read(rows.read_tables, event_id, event.current.number)
            for line in out["round"]["tables"]:
                add_sheets(event, line, set(by_number))
                t = by_number.get(line["table"])
                if t is None:
                    continue
                line["links"] = [{"seat": s, "player": line["seats"][s], "link":
                                  f"{base}/t/{t['table_id']}?seat={s}&invite={code}"}
                                 for s, code in sorted(t["invites"].items())]
                line["problem"] = self._refused.get(t["table_id"])
        return out

    # -- judges ---------------------------------------------------------------------------------------

    async def judge_view(self, event_id: str, pin: str | None) -> dict[str, Any]:
        """What a judge sees: each table of the open round with its finished hands and who
        confirmed them, and the rulings the event's rules offer (misconduct, misplay)."""
        name = await self.judge(event_id, pin)
        row, event = await self.event(event_id)
        out: dict[str, Any] = {"judge": name, "verify": row["verify"], "status": event.status, "tables": [],
                               **online.rulings_offered(event)}
        r = event.current
        if r is None or r.closed:
            return out
        confirmed = await self._read(rows.read_confirmations, event_id, r.number)
        desk_tables = await self._read(rows.read_tables, event_id, r.number)
        for t in r.tables:
            line = online.table_line(event, t)
            found = desk_tables.get(t.number)
            record = await self.tables.record(found["table_id"]) if found is not None else []
            hands = await asyncio.to_thread(online.hand_lines, record)
            for h in hands:
                h["confirmed_by"] = confirmed.get((t.number, h["hand"]))
            line["hands"] = hands
            add_sheets(event, line, set(desk_tables))
            out["tables"].append(line)
        return out

    async def confirm(self, event_id: str, pin: str | None, number: object, hand: object) -> str:
        """A judge signs off a finished hand of a table of the open round."""
        name = await self.judge(event_id, pin)
        _, event = await self.event(event_id)
        table = await self._table_row(event_id, event, _number(number, "table") or 0)
        which = _number(hand, "hand") or 0
        finished = len(await self.tables.record(table["table_id"]))
        if not 1 <= which <= finished:
            raise DeskError(f"table {table['number']} has {finished} finished hand(s): hand {which} cannot "
                            "be confirmed")
        confirmed = await self._read(rows.read_confirmations, event_id, table["round"])
        if (table["number"], which) in confirmed:
            raise DeskError(f"hand {which} of table {table['number']} is confirmed already by "
                            f"{confirmed[table['number'], which]}")
        await self.tables.writer.run(rows.insert_confirmation(event_id, table["round"], table["number"],
                                                              which, name))
        return name

    async def ruling(self, event_id: str, secret: str | None, body: dict[str, Any]) -> dict[str, Any]:
        """A ruling by a judge (PIN) or the director: a misplay (seed 000 tournament rules 36-38,
        ``correctable``) through the desk's ``ruling``, where the table's rules offer it, or at Euchre
        one of seed 004's misconduct rulings (``misconduct``: its name), which ends the hand in
        progress at the online table."""
        await self.director_or_judge(event_id, secret)
        number, seat = _number(body.get("table"), "table"), _number(body.get("seat"), "seat")
        if "misconduct" in body:
            return await self._misconduct(event_id, number or 0, seat or 0, body["misconduct"])
        correctable = body.get("correctable")
        if not isinstance(correctable, bool):
            raise DeskError("'correctable' must be true (replay from the misplay) or false")
        entry = await self._change(event_id, lambda d: d.ruling(number or 0, seat or 0,
                                                                correctable=correctable))
        ended = False
        if not correctable:
            with contextlib.suppress(PitchError):
                ended = await self._end_hand(event_id, number or 0, seat or 0,
                                             lambda hand: rulings.misplay(hand, seat or 0)) is not None
        return {"player": entry.player, "correctable": entry.correctable, "disqualified": entry.disqualified,
                "hand_ended": ended}

    async def _misconduct(self, event_id: str, number: int, seat: int, name: object) -> dict[str, Any]:
        """Seed 004's misconduct ``name`` by ``seat`` at table ``number``: the ruling action ends the
        hand in progress at the online table (the hand is forfeited, the opponents receive its
        points, or for the cut not offered the deal passes to the next seat: ``deal_passes``), then
        the desk logs it, so that the result is refused without it."""
        if not isinstance(name, str) or name not in rulings.MISCONDUCT:
            raise DeskError(f"'misconduct' is one of {', '.join(rulings.MISCONDUCT)}, not {quote(name)}")
        ended = await self._end_hand(event_id, number, seat,
                                     lambda hand: rulings.misconduct(hand, name, seat))
        if ended is None:
            raise DeskError(f"table {number} has no hand in progress at an online table to rule on")
        hand, ruling = ended
        detail = f"{name}: " + ", ".join(f"{d:+d}" for d in ruling.delta)
        entry = await self._change(event_id, lambda d: d.log_ruling(number, seat, name, hand, detail))
        return {"player": entry.player, "ruling": name, "delta": list(ruling.delta), "hand": hand,
                "hand_ended": True, "deal_passes": ruling.deal_passes}

    async def _end_hand(self, event_id: str, number: int, seat: int,
                        make: Callable[[Hand], Ruling]) -> tuple[int, Ruling] | None:
        """End the hand in progress at table ``number``'s online game with the ruling ``make(hand)``
        against ``seat``: a ruling action in the table's record, so that the result verifies it. The
        hand's index and the ruling; None when no hand is in progress, and at a physical table (whose
        sheet takes a ruling with the hand's bids). A ruling that does not fit the hand raises."""
        _, event = await self.event(event_id)
        r = event.current
        found = None if r is None else (await self._read(rows.read_tables, event_id, r.number)).get(number)
        if found is None:
            return None
        table_id = found["table_id"]
        for _ in range(3):
            state = (await self.tables.table(table_id)).state
            if state.game is None or state.game.over or state.rules is None or state.game.hand.done:
                return None
            index, ruling = len(state.game.history), make(state.game.hand)
            entry = action_json(state.rules, ruling)
            entry.pop("seat", None)
            try:
                await self.tables.act(table_id, seat, entry, version=state.version, desk=True)
            except Stale:
                continue
            return index, ruling
        return None

    # -- everyone -------------------------------------------------------------------------------------

    async def board(self, event_id: str) -> dict[str, Any]:
        """The public page's data: the event, the open round's tables with their live scores, the
        match clock, the standings. No cards, links or secrets."""
        row, event = await self.event(event_id)
        out = online.board(event)
        out["archived"] = row["stage"] == rows.ARCHIVED
        r = event.current
        if r is None or out["round"] is None:
            return out
        desk_tables = await self._read(rows.read_tables, event_id, r.number)
        for line in out["round"]["tables"]:
            t = desk_tables.get(line["table"])
            if t is None:
                add_sheets(event, line, set(desk_tables))
                sheet = line.pop("sheet", None)
                if sheet is not None and sheet["hands"]:
                    line["live"] = {"status": "sheet", "hand": len(sheet["hands"]),
                                    "scores": sheet["scores"][:len(line["entrants"])]}
                continue
            if event.clock:
                line["clock_ends"] = t["started_at"] + event.clock * 60
            try:
                live = await self.tables.table(t["table_id"])
            except NotFound:
                continue
            game = live.state.game
            line["live"] = {"status": live.state.status,
                            "hand": None if game is None else len(game.history) + (0 if game.over else 1),
                            "scores": None if game is None else
                            online.side_scores(game, len(line["entrants"]))}
        return out

    async def export(self, event_id: str, password: str | None) -> dict[str, Any]:
        """The standings and every game record entered."""
        await self.director(event_id, password)
        out = await self.board(event_id)
        out["games"] = await self._read(rows.read_games, event_id)
        return out

    # -- results ----------------------------------------------------------------------------------------

    async def _watch(self) -> None:
        while True:
            try:
                waiting = await self._read(rows.waiting_tables)
            except Exception:
                log.exception("the desk could not read its tables")
                waiting = []
            for t in waiting:
                try:
                    await self._look_at(t)
                except Exception as e:  # a table the desk cannot read is set aside, said once
                    self._refused[t["table_id"]] = f"the desk could not read this table: {e}"
                    log.exception("the desk could not look at a table", extra={"table": t["table_id"]})
            await asyncio.sleep(WATCH_SECONDS)

    async def _look_at(self, t: dict[str, Any]) -> None:
        """Enter a table's result once its game is over, or stopped by the clock and played out to a
        hand with one side ahead (and, when judges verify, every hand confirmed)."""
        if t["table_id"] in self._refused:
            return
        row, event = await self.event(t["event_id"])
        r = event.current
        if r is None or r.number != t["round"] or r.closed:
            return
        table = next((x for x in r.tables if x.number == t["number"]), None)
        if table is None or table.result is not None:
            return
        live = await self.tables.table(t["table_id"])
        state = live.state
        if state.game is None:
            return
        over = state.status == "over"
        deadline = t["started_at"] + event.clock * 60 if event.clock else None
        if not over and (deadline is None or time.time() < deadline):
            return
        record = await self.tables.record(t["table_id"])
        stopped = False
        if deadline is not None:
            finished = await self._finish_times(t["table_id"])
            if not (over and finished and finished[-1] < deadline):
                count = await asyncio.to_thread(online.stopped_hands, record,
                                                online.hands_before(finished, deadline), len(table.entrants))
                if count is None:
                    return
                record, stopped = record[:count], True
        if row["verify"] == "judge":
            confirmed = await self._read(rows.read_confirmations, t["event_id"], t["round"])
            if any((t["number"], h) not in confirmed for h in range(1, len(record) + 1)):
                return
        if stopped:  # the clock decided the game: the table plays no further hand
            await self.tables.close_table(t["table_id"],
                                          f"the match clock stopped this game after hand {len(record)}")
        doc = {"players": event.seat_names(table), "hands": record}
        try:
            await self._change(t["event_id"], lambda d: d.result(t["number"], doc, stopped=stopped),
                               entered=(t["round"], t["number"]))
        except Stale:
            return
        except PitchError as e:
            self._refused[t["table_id"]] = str(e)
            log.error("a table's record was refused", extra={"event": t["event_id"], "table": t["number"],
                                                             "reason": str(e)})
            return
        log.info("result entered", extra={"event": t["event_id"], "round": t["round"], "table": t["number"]})

    async def _finish_times(self, table_id: str) -> list[float]:
        """When each finished hand of a table finished (the time its last action was committed)."""
        live = await self.tables.table(table_id)
        ends = dict(live.state.finished_at)
        entries = await asyncio.to_thread(store.read_log, self.engine, table_id)
        at = {e.seq: e.at for e in entries if e.seq in ends}
        return [at[seq] for seq, _ in sorted(ends.items(), key=lambda kv: kv[1]) if seq in at]


def _pin_secret(event_id: str, pin: str) -> str:
    """A PIN is hashed with its event's id, so that the same PIN at two events is stored differently."""
    return f"{event_id}:{pin}"


def _number(value: object, what: str) -> int | None:
    """A whole number from a request, or ``None`` when not given."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise DeskError(f"'{what}' must be a whole number, not {quote(value)}")
    return value
