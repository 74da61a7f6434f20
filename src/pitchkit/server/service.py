"""The table service: creates tables, seats people and bots, takes actions, and tells everyone.

Every change is a log entry. A change is applied to the table in memory, committed to the database
(:class:`~pitchkit.server.store.Writer`), and only then sent to the table's connections, each
message built for its recipient (:mod:`pitchkit.server.views`). If a commit fails the table is
dropped from memory and rebuilt from its log on next use, so nobody is ever told of a change that
was not stored. The bots at the tables and the grace timers of people who are away are
:class:`~pitchkit.server.driver.BotDriver`'s.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

import orjson
import sqlalchemy as sa
from sqlalchemy.engine import Connection

from pitchkit.advice.hints import hint_bot_name
from pitchkit.bots import bot_names
from pitchkit.engine.actions import Action, Ruling
from pitchkit.engine.errors import IllegalActionError, PitchError, quote
from pitchkit.engine.game import cut_for_deal
from pitchkit.engine.presets import make_rules
from pitchkit.engine.record import hand_record
from pitchkit.engine.rules import FirstDealer
from pitchkit.server import auth, deals, store
from pitchkit.server.botpool import BotPool, load_bot_modules
from pitchkit.server.chat import CHAT_NOTE, Chat
from pitchkit.server.config import Settings
from pitchkit.server.driver import BotDriver, seatless_json
from pitchkit.server.hub import Listener
from pitchkit.server.live import LiveTable, Subscriber
from pitchkit.server.metrics import Metrics
from pitchkit.server.names import NAME_LIMIT, clean_name, name_refusal
from pitchkit.server.probe import LagProbe, planned_collections
from pitchkit.server.refusals import Forbidden, NotFound, Stale, Stopping
from pitchkit.server.seating import Seating
from pitchkit.server.store import LogEntry, Writer
from pitchkit.server.store.schema import tables as tables_table
from pitchkit.server.tables import TableError, TableState, deal_data, deck_names
from pitchkit.server.views import SPECTATOR, chosen_options

__all__ = ["NAME_LIMIT", "Forbidden", "NotFound", "Stale", "Stopping", "TableService"]

log = logging.getLogger("pitchkit.server")


class TableService:
    """Everything the HTTP routes and websockets ask of tables."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.engine = store.connect(settings.database_url)
        store.migrate(self.engine)
        self.writer = Writer(self.engine)
        load_bot_modules(settings.bot_modules)
        bot_names()  # imports the bots now rather than on the event loop at the first table
        hint_bot_name()  # and numba, if installed, rather than at the first hint
        self.bots = BotPool(settings.bot_processes, seconds=settings.bot_seconds,
                            modules=settings.bot_modules, warm=settings.warm_up)
        self.live: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        #: several processes may share a PostgreSQL database; each has an id of its own
        self.shared = store.shared(self.engine)
        self.worker = auth.new_id()
        self._listener: Listener | None = None
        self._probe: LagProbe | None = None
        self.metrics = Metrics(lambda: [live.state.status for live in list(self.live.values())],
                               lambda: self.bots.queued)
        self.driver = BotDriver(self)
        self.seating = Seating(self)
        self.chat = Chat(self, name_limit=NAME_LIMIT)

    async def start(self) -> None:
        """Start warming the bot workers (:meth:`BotPool.warm_workers`, in the background) and
        listening to the other server processes (on a shared database)."""
        if self.bots.warm:
            self.spawn(self.bots.warm_workers())
        if self.shared:
            loop = asyncio.get_running_loop()
            self._listener = await asyncio.to_thread(Listener, self.settings.database_url, loop,
                                                     self._changed_elsewhere)
            await self.writer.run(store.heartbeat(self.worker, time.time()))
            self.spawn(self._keep_alive())

    def watch_loop(self) -> None:
        """Log the event loop's stalls from now on, and plan the full garbage collections
        (:mod:`pitchkit.server.probe`)."""
        if self.settings.lag_warning > 0 and self._probe is None:
            self._probe = LagProbe(self.settings.lag_warning)
            self._probe.start()
        if self.settings.full_collection > 0:
            self.spawn(planned_collections(self.settings.full_collection))

    async def close(self) -> None:
        """Finish committing, stop the bots."""
        if self._probe is not None:
            self._probe.stop()
        if self._listener is not None:
            await asyncio.to_thread(self._listener.close)
        for task in list(self._tasks):
            task.cancel()
        self.bots.close()  # before the cancelled bot decisions wake: none starts a new worker
        for live in self.live.values():
            for sub in live.subscribers:
                sub.close()
        await asyncio.to_thread(self.writer.close)
        self.writer.release()
        self.engine.dispose()

    # -- loading ----------------------------------------------------------------------------------

    async def table(self, table_id: str) -> LiveTable:
        """The table, rebuilt from its log if it is not in memory."""
        live = self.live.get(table_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            live = self.live.get(table_id)
            if live is None:
                state = await asyncio.to_thread(self._rebuild, table_id)
                live = self.live[table_id] = LiveTable(state)
                self.driver.after_change(live)
        return live

    def _rebuild(self, table_id: str) -> TableState:
        if len(table_id) > 32 or store.read_table(self.engine, table_id) is None:
            raise NotFound("no such table")
        state = TableState(table_id)
        for entry in store.read_log(self.engine, table_id):
            state.replay(entry)
        return state

    # -- creating and seating -----------------------------------------------------------------------

    async def create(self, *, variant: str, players: int | None, options: dict[str, object],
                     seats: Sequence[object], public: bool, rematch: bool = True,
                     chat: bool = True) -> dict[str, Any]:
        """A new table; returns its id, the creator's secret, an invite per open seat and the
        spectator key. ``rematch``: False for a table that plays one game only (a tournament's);
        ``chat``: False for a table whose chat is off for good (a tournament's)."""
        rules = make_rules(variant, options, players=players)
        if len(seats) != rules.players:
            raise TableError(f"{rules.players} seats are needed, {len(seats)} given")
        known = set(bot_names())
        table_id, owner = auth.new_id(), auth.new_secret()
        invites: dict[int, str] = {}
        spec: list[dict[str, Any]] = []
        for i, s in enumerate(seats):
            bot = s.get("bot") if isinstance(s, dict) else None
            if bot is not None:
                if not isinstance(bot, str) or bot not in known:
                    raise TableError(f"seat {i}: unknown bot {quote(bot)}; "
                                     f"bots are: {', '.join(sorted(known))}")
                spec.append({"kind": "bot", "bot": bot, "name": f"{bot} bot"})
            else:
                invites[i] = auth.new_secret()
                spec.append({"kind": "open", "invite_hash": auth.digest(invites[i])})
        watch = auth.new_secret()
        state = TableState(table_id)
        chosen = chosen_options(rules)
        data: dict[str, Any] = {"variant": rules.preset, "options": chosen, "players": rules.players,
                                "public": public, "seats": spec}
        if not rematch:
            data["rematch"] = False
        if not chat:
            data["chat"] = False
        now = time.time()
        row = {"id": table_id, "created_at": now, "variant": rules.preset, "players": rules.players,
               "public": public, "status": "waiting", "owner_hash": auth.digest(owner), "watch_key": watch}

        def insert(conn: Connection) -> None:
            conn.execute(tables_table.insert(), [row])

        live = LiveTable(state)
        async with live.lock:
            entries = self.stage(state, "create", data)
            if state.full():
                entries += self.start_entries(state)
            await self.commit(live, entries, before=[insert])
            self.live[table_id] = live
        self.driver.after_change(live)
        log.info("table created", extra={"table": table_id, "variant": rules.preset})
        return {"id": table_id, "owner": owner, "watch": watch, "invites": invites}

    async def join(self, table_id: str, *, seat: object, invite: str, name: str) -> str:
        """Take an open seat with its invite; returns the seat's secret token."""
        live = await self.table(table_id)
        clean = clean_name(str(name))
        refusal = name_refusal(clean, NAME_LIMIT)
        if refusal is not None:
            raise TableError(refusal)
        token = auth.new_secret()

        def change(state: TableState) -> list[LogEntry]:
            index = self.seat_index(state, seat)
            target = state.seats[index]
            if target.kind != "open":
                raise TableError(f"seat {index} is taken")
            if not auth.matches(invite, target.invite_hash):
                raise Forbidden("that invite does not open this seat")
            entries = self.stage(state, "seat", {"seat": index, "kind": "human", "name": clean,
                                                  "token_hash": auth.digest(token)})
            if state.game is not None and state.game.over and state.rematch:
                entries += self.stage(state, "again", {"seat": index})  # taking the seat says yes
            return entries + self.next_start(state)

        await self._change(live, change, retry=True)
        return token

    async def set_seat(self, table_id: str, *, owner: str, seat: object, bot: str | None,
                       remove: bool = False) -> str | None:
        """The host makes a seat a bot or opens it for a person (:meth:`Seating.set_seat`)."""
        return await self.seating.set_seat(table_id, owner=owner, seat=seat, bot=bot, remove=remove)

    async def change(self, live: LiveTable, change: Callable[[TableState], list[LogEntry]]) -> None:
        """Make a change staged by ``change``, commit it and tell everyone (tried once more on the
        table as it now is if another process changed it first)."""
        await self._change(live, change, retry=True)

    async def _change(self, live: LiveTable, change: Callable[[TableState], list[LogEntry]], *,
                      retry: bool) -> None:
        """Make a change (staged by ``change`` on the table in memory), commit it and tell everyone.
        With ``retry``, a change that met another process's change is made again on the table as
        it now is (once)."""
        for attempt in (1, 2):
            async with live.lock:
                entries = change(live.state)
                try:
                    await self.commit(live, entries)
                except Stale:
                    if not retry or attempt == 2:
                        raise
                    continue
            break
        self.driver.after_change(live)

    @staticmethod
    def seat_index(state: TableState, seat: object) -> int:
        """``seat`` checked as a seat number of the table."""
        if type(seat) is not int or not 0 <= seat < len(state.seats):
            raise TableError(f"no seat {quote(seat)} at this table")
        return seat

    def next_start(self, state: TableState) -> list[LogEntry]:
        """The entries that start a game if the table is ready for one now (every seat taken
        before the first; after a game, everyone asked to play again), else none."""
        ready = state.ready_again() if state.started else state.full()
        return self.start_entries(state) if ready else []

    def start_entries(self, state: TableState) -> list[LogEntry]:
        """The entries that start a game: the first dealer (cut for, or drawn; for the next game at
        the table, the seat after the last game's first dealer), the first deal."""
        assert state.rules is not None
        n = state.rules.players
        cuts: list[list[object]] = []
        if state.started:
            dealer = (state.first_dealer + 1) % n
        elif state.rules.first_dealer == FirstDealer.CUT:
            dealer, cut = cut_for_deal(n, deals.SYSTEM)
            cuts = [[s, str(c)] for s, c in cut]
        else:
            dealer = deals.random_below(n)
        entries = self.stage(state, "start", {"dealer": dealer, "cuts": cuts})
        return entries + self.stage(state, "deal", deal_data(deals.shuffle(state.rules.deck_cards)))

    # -- acting -----------------------------------------------------------------------------------

    async def act(self, table_id: str, seat: int, action: object, *, version: object = None,
                  desk: bool = False) -> None:
        """Apply one action of ``seat`` (record form without the seat). With ``version``, the action
        is refused unless the table is still at that version; without it, an action that met a
        change made by another server process is tried once more on the table as it now is. Only
        the tournament desk (``desk``) may send a ruling against the seat."""
        started = time.monotonic()
        live = await self.table(table_id)
        by = "desk" if desk else "person"

        def change(state: TableState) -> list[LogEntry]:
            nonlocal by
            if version is not None and version != state.version:
                raise Stale(f"the table moved on (version {state.version}); your action was not taken")
            if state.closed is not None:
                raise TableError(f"this table is closed: {state.closed}")
            if state.game is None or state.rules is None:
                raise TableError("the game has not started")
            if state.game.over:
                raise IllegalActionError("the game is over")
            parsed = state.parse(seat, action)
            if isinstance(parsed, Ruling) and not desk:
                raise TableError("rulings are made by the tournament desk, not by players")
            state.game.hand.verify(parsed)
            if not desk and state.controller(seat, self.settings.standin_bot) is not None:
                by = "bot"
            data = {"seat": seat, "action": seatless_json(state.rules, parsed)}
            entries = self.stage(state, "action", data, parsed)
            if state.needs_deal():
                entries += self.stage(state, "deal", deal_data(deals.shuffle(state.rules.deck_cards)))
            return entries

        await self._change(live, change, retry=version is None)
        self.metrics.actions.labels(by).inc()
        self.metrics.action_seconds.observe(time.monotonic() - started)

    async def close_table(self, table_id: str, reason: str) -> bool:
        """Close a table for good (the tournament desk: a game its match clock decided, the tables of
        an archived event): it takes no further action and its record stays as it is; everyone
        connected is told with a ``closed`` message. False when it was closed already."""
        live = await self.table(table_id)
        if live.state.closed is not None:
            return False

        def change(state: TableState) -> list[LogEntry]:
            if state.closed is not None:
                raise TableError(f"this table is closed: {state.closed}")
            return self.stage(state, "close", {"reason": reason})

        await self._change(live, change, retry=True)
        closed = {"type": "closed", "version": live.state.version, "reason": reason}
        self._send(live, orjson.dumps(closed).decode())
        return True

    def stage(self, state: TableState, kind: str, data: dict[str, Any],
               action: Action | None = None) -> list[LogEntry]:
        """Apply a new log entry to the table in memory (committed by :meth:`commit`); ``action``:
        the entry's action, parsed already."""
        entry = LogEntry(state.id, state.version + 1, kind, data, time.time())
        state.replay(entry, action)
        return [entry]

    async def commit(self, live: LiveTable, entries: list[LogEntry],
                      before: Sequence[Callable[[Connection], None]] = ()) -> None:
        state = live.state
        status = state.status
        job_list: list[store.Job] = [*before, store.add_entries(entries, shared_db=self.shared)]
        if status != live.status_written:  # the lobby's status changes a few times in a game
            job_list.append(store.set_status(state.id, status))

        started = time.monotonic()
        try:
            await self.writer.run(*job_list)
            self.metrics.commit_seconds.observe(time.monotonic() - started)
        except store.Conflict:
            await self._reload(live)
            raise Stale(f"the table moved on (version {live.state.version}); "
                        "your action was not taken") from None
        except store.WriterClosed:
            raise Stopping("the server is stopping; your action was not taken") from None
        except Exception:
            log.exception("commit failed", extra={"table": state.id})
            await self._reload(live)
            raise PitchError("the server could not store that; please try again") from None
        live.status_written = status
        self._broadcast(live, entries)

    async def _reload(self, live: LiveTable) -> None:
        """Rebuild a table from its log in place (its connections stay) and send everyone a
        snapshot. Called with the table's lock held."""
        old = live.state
        try:
            state = await asyncio.to_thread(self._rebuild, old.id)
        except Exception:
            log.exception("cannot rebuild the table", extra={"table": old.id})
            self.live.pop(old.id, None)
            return
        for mine, was in zip(state.seats, old.seats, strict=False):
            mine.connections, mine.away_since = was.connections, was.away_since
        live.state = state
        snapshots = live.views.messages(state, "snapshot", {sub.seat for sub in live.subscribers})
        self._send(live, {seat: msg.decode() for seat, msg in snapshots.items()})

    def _changed_elsewhere(self, table_id: str, version: int) -> None:
        """Another process committed ``version`` of a table: catch this process's copy up (or
        stored chat line ``version`` of it, :meth:`Chat.elsewhere`)."""
        if table_id.startswith(CHAT_NOTE):
            self.chat.elsewhere(table_id[len(CHAT_NOTE):], version)
            return
        live = self.live.get(table_id)
        if live is not None and version > live.state.version:
            self.spawn(self._catch_up(live))

    async def _catch_up(self, live: LiveTable) -> None:
        async with live.lock:
            state = live.state
            entries = await asyncio.to_thread(store.read_log, self.engine, state.id, after=state.version)
            if not entries:
                return
            try:
                for e in entries:
                    state.replay(e)
            except Exception:
                await self._reload(live)
                return
            self._broadcast(live, entries)
        self.driver.after_change(live, drive=False)

    async def _keep_alive(self) -> None:
        """Say this process is alive, and catch up any watched table whose notification was lost."""
        while True:
            await asyncio.sleep(store.HEARTBEAT_SECONDS)
            try:
                await self.writer.run(store.heartbeat(self.worker, time.time()))
            except Exception:
                log.exception("heartbeat failed")
            for live in list(self.live.values()):
                if live.subscribers:
                    await self._catch_up(live)

    # -- telling everyone ----------------------------------------------------------------------------

    def _broadcast(self, live: LiveTable, entries: Sequence[LogEntry]) -> None:
        if not live.subscribers:
            return
        # one message per distinct recipient (the spectators share one), built once per change
        built = live.views.messages(live.state, "update", {sub.seat for sub in live.subscribers}, entries)
        self._send(live, {seat: msg.decode() for seat, msg in built.items()})

    def _tell_connected(self, live: LiveTable, joined: Subscriber | None = None) -> None:
        """A person's first connection opened or their last one closed: a ``presence`` message with
        every seat as the table shows it tells everyone connected at once (``joined``, the connection
        just opened, has it in its snapshot). Presence is not a change of the table: it is not
        logged and the version stays. Called with the table's lock held, so that its version is
        that of the last change everyone has been told of."""
        state = live.state
        seats = [s.public(i) for i, s in enumerate(state.seats)]
        text = orjson.dumps({"type": "presence", "version": state.version, "seats": seats}).decode()
        self._send(live, text, skip=joined)

    @staticmethod
    def _send(live: LiveTable, texts: str | dict[int, str], *, skip: Subscriber | None = None) -> None:
        """Queue a message for every connection of a table (``texts``: one for all, or one per
        recipient's seat) but ``skip``; a connection too far behind to take it is closed."""
        behind = []
        for sub in live.subscribers:
            if sub is not skip and not sub.put(texts if isinstance(texts, str) else texts[sub.seat]):
                behind.append(sub)
        for sub in behind:
            live.subscribers.discard(sub)
            sub.close()

    # -- connections ------------------------------------------------------------------------------

    async def subscribe(self, table_id: str, *, token: str | None,
                        watch: str | None) -> tuple[LiveTable, Subscriber]:
        """Open a connection as a seat (its token) or a spectator (the table's watch key, or none
        for a public table); the first message queued is a snapshot."""
        live = await self.table(table_id)
        if self.shared:
            await self._catch_up(live)
        seat = SPECTATOR
        if token:
            found = [i for i, s in enumerate(live.state.seats) if auth.matches(token, s.token_hash)]
            if not found:
                raise Forbidden("that token does not open a seat at this table")
            seat = found[0]
        elif not live.state.public:
            row = await asyncio.to_thread(store.read_table, self.engine, table_id)
            if row is None or not watch or not auth.matches(watch, auth.digest(row["watch_key"])):
                raise Forbidden("this table is private: use its spectator link")
        sub = Subscriber(seat)
        await self.chat.load(live)
        async with live.lock:
            state = live.state
            live.subscribers.add(sub)
            self.metrics.connections.labels("spectator" if seat == SPECTATOR else "seat").inc()
            person = None if seat == SPECTATOR else state.seats[seat]
            if person is not None:
                person.connections += 1
                person.away_since = None
            sub.put(live.views.message(state, "snapshot", seat).decode())
            recent = self.chat.recent_message(live)
            if recent is not None:
                sub.put(recent)
            if person is not None:
                if person.connections == 1:
                    self._tell_connected(live, joined=sub)
                await self._tell_presence(state.id, seat, person.connections)
                if person.standin and not person.left:
                    await self.commit(live, self.stage(state, "standin", {"seat": seat, "on": False}))
        self.driver.after_change(live)
        return live, sub

    async def unsubscribe(self, live: LiveTable, sub: Subscriber) -> None:
        """A connection closed."""
        live.subscribers.discard(sub)
        self.metrics.connections.labels("spectator" if sub.seat == SPECTATOR else "seat").dec()
        if sub.seat == SPECTATOR:
            self.forget_if_over(live)
            return
        person = live.state.seats[sub.seat]
        person.connections = max(0, person.connections - 1)
        if person.connections == 0:
            person.away_since = time.monotonic()
            async with live.lock:  # after the change being committed, if any, has been told
                self._tell_connected(live)
        await self._tell_presence(live.state.id, sub.seat, person.connections)
        self.driver.after_change(live)

    async def _tell_presence(self, table_id: str, seat: int, connections: int) -> None:
        """Record a seat's connections on this process, for the others (on a shared database)."""
        if self.shared:
            try:
                await self.writer.run(store.set_presence(table_id, seat, self.worker, connections))
            except Exception:
                log.exception("cannot record presence", extra={"table": table_id})

    # -- memory and tasks ---------------------------------------------------------------------------

    def forget_if_over(self, live: LiveTable) -> None:
        """A finished game that nobody is connected to leaves memory (it is rebuilt from its log
        if anyone asks for it again), so that a long-running server holds only the tables in play."""
        table_id = live.state.id
        if live.subscribers or live.state.status != "over" or self.live.get(table_id) is not live:
            return
        del self.live[table_id]
        self._loading.pop(table_id, None)

    def spawn(self, coro: Any) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def hint(self, table_id: str, seat: int) -> dict[str, Any]:
        """What the hint bot would do in ``seat``'s place, on its turn (:class:`BotDriver`)."""
        return await self.driver.hint(await self.table(table_id), seat)

    # -- records ----------------------------------------------------------------------------------

    async def record(self, table_id: str, game: int | None = None) -> list[dict[str, Any]]:
        """The finished hands of game ``game`` (from 1; by default the one in play or last played)
        as a game record, each with its revealed deal (the hand in progress is left out: its cards
        are not public yet)."""
        live = await self.table(table_id)
        async with live.lock:
            found = live.state.game_at(game)
            if found is None:
                return []
            _, played, dealt = found
            out = []
            for hand, deal in zip(played.history, dealt, strict=False):
                doc = hand_record(hand)
                doc["deal"] = {"deck": deck_names(deal), "salt": deal.salt, "commitment": deal.commitment}
                out.append(doc)
            return out

    async def lobby(self, ids: Sequence[str] = ()) -> list[dict[str, Any]]:
        """Public tables waiting for players, or the tables named in ``ids``."""
        rows = await asyncio.to_thread(store.read_tables, self.engine, ids=list(ids)[:100],
                                       public_waiting=not ids)
        return [{"id": r["id"], "variant": r["variant"], "players": r["players"], "status": r["status"],
                 "public": r["public"], "created_at": r["created_at"]} for r in rows]

    async def healthy(self) -> bool:
        """True when the database answers."""
        try:
            await asyncio.to_thread(store.ping, self.engine)
        except sa.exc.SQLAlchemyError:
            return False
        return True
