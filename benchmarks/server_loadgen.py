"""The load generator of ``server_load.py``: tables of four websocket clients playing as fast as a
``pitch serve`` lets them.

:func:`new_table` creates a table of four human seats over HTTP (``POST /api/tables``, then each
seat joined); :func:`drive` connects one websocket client per seat and plays: the seat to act waits
``think`` seconds, then sends a random legal action from its state with the version it saw. A table
whose game ends is replaced by a new one until the deadline. What it measures is a :class:`Totals`.
The clients are the ``websockets`` library's sans-I/O protocol on asyncio transports (no task
per connection, no compression), messages are parsed with orjson, and the clients run on uvloop
when it is installed: the load generator shares the processor with the server, so its CPU per
action counts as much as the server's.
"""

from __future__ import annotations

import asyncio
import collections
import random
import resource
import time
import urllib.error
import urllib.request
from collections.abc import Coroutine
from dataclasses import dataclass, field
from multiprocessing.synchronize import Barrier
from typing import Any

import orjson
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.uri import parse_uri

#: seconds allowed for starting the server, creating the first tables and connecting every client
SETUP_SECONDS = 180.0
#: seconds after the deadline for actions under way to be answered
DRAIN_SECONDS = 5.0
#: seconds one HTTP call or websocket handshake may take
CALL_SECONDS = 30.0
#: messages a second one connection sends at most (the server closes one above 20 on average)
SEND_RATE = 19.0
#: tables created or websockets opened at once during set-up
SETUP_CONCURRENCY = 16
SEATS = 4

_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


# -- HTTP ------------------------------------------------------------------------------------------

def call(base: str, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """One JSON call to the server; raises ``RuntimeError`` with the server's message on failure."""
    data = None if body is None else orjson.dumps(body)
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"content-type": "application/json"})
    label = method + " " + "/".join("ID" if len(part) > 16 else part for part in path.split("/"))
    try:
        with _OPENER.open(request, timeout=CALL_SECONDS) as response:
            return orjson.loads(response.read())
    except urllib.error.HTTPError as e:
        raise RuntimeError(f"{label}: HTTP {e.code}") from None
    except OSError as e:
        raise RuntimeError(f"{label}: {type(e).__name__}") from None


@dataclass(frozen=True)
class TableSeats:
    """A table and the token of each of its seats."""

    id: str
    tokens: tuple[str, ...]


def new_table(base: str, variant: str) -> TableSeats:
    """A table of four people: created, then every seat joined (the game starts with the last)."""
    made = call(base, "POST", "/api/tables",
                {"variant": variant, "players": SEATS, "seats": [{"human": True}] * SEATS})
    tokens = []
    for invite in sorted(made["invites"], key=lambda i: i["seat"]):
        joined = call(base, "POST", f"/api/tables/{made['id']}/join",
                      {"seat": invite["seat"], "invite": invite["invite"], "name": f"load {invite['seat']}"})
        tokens.append(joined["token"])
    return TableSeats(made["id"], tuple(tokens))


# -- the load generator ----------------------------------------------------------------------------

@dataclass
class Totals:
    """What one load process measured."""

    actions: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: collections.Counter[str] = field(default_factory=collections.Counter)
    #: per table: the highest version any of its clients saw, and each action as its own seat saw it
    seen: dict[str, dict[str, Any]] = field(default_factory=dict)
    games: int = 0
    messages: int = 0
    message_bytes: int = 0
    cpu: float = 0.0
    #: the measured part of the run, in wall-clock seconds (``time.time``)
    window: tuple[float, float] = (0.0, 0.0)
    #: when each action was sent (``perf_counter``)
    sent: list[float] = field(default_factory=list)


class Pacer:
    """Keeps one connection under the server's message rate (a token bucket)."""

    def __init__(self) -> None:
        self.tokens = 2 * SEND_RATE
        self.stamp = time.monotonic()

    def delay(self) -> float:
        """Seconds to wait before the next message (and take its token)."""
        now = time.monotonic()
        self.tokens = min(2 * SEND_RATE, self.tokens + (now - self.stamp) * SEND_RATE)
        self.stamp = now
        self.tokens -= 1
        return 0.0 if self.tokens >= 0 else -self.tokens / SEND_RATE


class Load:
    """The clients of one process: its table slots, the clock, and what they measured."""

    def __init__(self, base: str, variant: str, think: float, seed: int) -> None:
        self.base = base
        self.ws_base = "ws" + base[4:]
        self.variant = variant
        self.think = think
        self.rng = random.Random(seed)
        self.totals = Totals()
        self.deadline = float("inf")
        self.started = 0.0
        #: the tables being played
        self.active: set[TableRun] = set()

    @property
    def sending(self) -> bool:
        """True until the deadline."""
        return time.perf_counter() < self.deadline

    def error(self, message: str) -> None:
        """Count an error by its message."""
        self.totals.errors[message[:120]] += 1

    def choose(self, legal: list[Any]) -> dict[str, Any]:
        """A random legal action (a discard: the fewest cards allowed, chosen at random)."""
        action: dict[str, Any] = self.rng.choice(legal)
        options = action.get("discard")
        if isinstance(options, dict):
            return {"discard": self.rng.sample(options["choose_from"], options["count"][0])}
        return action

    async def open(self, table: TableSeats) -> TableRun | None:
        """Connect the table's four seats and read their snapshots."""
        run = TableRun(self, table)
        loop = asyncio.get_running_loop()
        host, _, port = self.base[len("http://"):].partition(":")
        try:
            for seat, token in enumerate(table.tokens):
                uri = f"{self.ws_base}/ws/tables/{table.id}?token={token}"
                ws = Client(uri, run, seat)
                await asyncio.wait_for(loop.create_connection(ws.itself, host, int(port)), CALL_SECONDS)
                run.sockets.append(ws)
                first = orjson.loads(await asyncio.wait_for(ws.first, CALL_SECONDS))
                if first.get("type") != "snapshot" or first.get("seat") != seat:
                    self.error("the first message was not the seat's snapshot")
                    run.close()
                    return None
                run.snapshots.append(first)
        except (OSError, TimeoutError, ConnectionError) as e:
            self.error(f"connect: {type(e).__name__}")
            run.close()
            return None
        return run

    async def slot(self, first: TableRun | None, stop: asyncio.Event) -> None:
        """One table at a time, for as long as the run lasts: a finished game is replaced."""
        run = first
        while run is not None:
            await run.play(stop)
            if not run.over or not self.sending:
                return
            try:
                table = await asyncio.to_thread(new_table, self.base, self.variant)
            except RuntimeError as e:
                self.error(str(e))
                return
            run = await self.open(table)


class Client(asyncio.Protocol):
    """One seat's websocket connection: the ``websockets`` sans-I/O client protocol on an asyncio
    transport. The first text message completes :attr:`first`; the later ones go to its table's
    :meth:`TableRun.message`."""

    def __init__(self, uri: str, run: TableRun, seat: int) -> None:
        self.conn = ClientProtocol(parse_uri(uri), max_size=2**20)
        self.run = run
        self.seat = seat
        self.transport: asyncio.Transport | None = None
        self.first: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()

    def itself(self) -> Client:
        """This protocol (the factory ``create_connection`` calls)."""
        return self

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]  # uvloop's is not a subclass
        self.conn.send_request(self.conn.connect())
        self.flush()

    def data_received(self, data: bytes) -> None:
        self.conn.receive_data(data)
        for event in self.conn.events_received():
            if isinstance(event, Frame):
                if event.opcode is Opcode.TEXT:
                    if self.first.done():
                        self.run.message(self.seat, bytes(event.data))
                    else:
                        self.first.set_result(bytes(event.data))
            elif (isinstance(event, Response) and self.conn.handshake_exc is not None
                  and not self.first.done()):
                self.first.set_exception(ConnectionError(str(self.conn.handshake_exc)))
        self.flush()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.first.done():
            self.first.set_exception(ConnectionError("closed before the first message"))
        code = self.conn.close_rcvd.code if self.conn.close_rcvd is not None else None
        self.run.lost(code)

    def flush(self) -> None:
        """Write what the protocol has to send; close the socket when it should be closed."""
        out = self.conn.data_to_send()
        if self.transport is None or self.transport.is_closing():
            return
        data = b"".join(out)
        if data:
            self.transport.write(data)
        if self.conn.close_expected() or (out and out[-1] == b""):
            self.transport.close()

    def send(self, text: bytes) -> None:
        """Send one text message (nothing when the connection is no longer open)."""
        if self.conn.state is State.OPEN:
            self.conn.send_text(text)
            self.flush()

    def close(self) -> None:
        """Close the connection (a close frame, then the socket without waiting for the answer)."""
        if self.conn.state is State.OPEN:
            self.conn.send_close()
            self.flush()
        if self.transport is not None:
            self.transport.close()


class TableRun:
    """One table's four connections while its game is played."""

    def __init__(self, load: Load, table: TableSeats) -> None:
        self.load = load
        self.table = table
        self.sockets: list[Client] = []
        self.snapshots: list[dict[str, Any]] = []
        self.seen = [0] * SEATS
        #: actions sent and not yet known to every seat: (version sent with, time sent)
        self.pending: collections.deque[tuple[int, float]] = collections.deque()
        self.acted = 0
        self.over = False
        self.record = load.totals.seen.setdefault(table.id, {"version": 0, "actions": {}})
        self.pacers = [Pacer() for _ in range(SEATS)]
        self.acting: set[asyncio.Task[None]] = set()
        #: seconds the table's first action waits besides the think time
        self.start_delay = 0.0
        #: done when the game ends or a connection is lost
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def close(self) -> None:
        """Close every connection."""
        for ws in self.sockets:
            ws.close()

    async def play(self, stop: asyncio.Event) -> None:
        """Act when a seat is to act (its connection calls :meth:`message`), until the game ends, a
        connection fails, or ``stop``."""
        self.load.active.add(self)
        for seat, snap in enumerate(self.snapshots):
            self.receive(seat, snap)
        ended = asyncio.ensure_future(stop.wait())
        waiting: list[asyncio.Future[Any]] = [ended, self.done]
        await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
        ended.cancel()
        self.load.active.discard(self)
        self.close()
        if self.pending and not self.over:
            self.load.error("an action was never answered to every seat")

    def message(self, seat: int, raw: bytes) -> None:
        """A text message to ``seat``'s connection."""
        totals = self.load.totals
        totals.messages += 1
        totals.message_bytes += len(raw)
        self.receive(seat, orjson.loads(raw))
        if self.over and not self.done.done():
            self.done.set_result(None)

    def lost(self, code: int | None) -> None:
        """A connection was closed."""
        if not self.over and self.load.sending and self in self.load.active:
            self.load.error(f"connection closed by the server: code {code}")
        if not self.done.done():
            self.done.set_result(None)

    def receive(self, seat: int, msg: dict[str, Any]) -> None:
        """One message to ``seat``: note its version, time the actions it completes, act if asked."""
        kind = msg.get("type")
        if kind == "error":
            self.load.error(str(msg.get("message")))
            return
        if kind not in ("update", "snapshot"):
            return
        now = time.perf_counter()
        version = int(msg["version"])
        self.seen[seat] = max(self.seen[seat], version)
        self.record["version"] = max(self.record["version"], version)
        for event in msg.get("events", ()):
            action = event.get("action")
            if action is not None and action.get("seat") == seat:
                self.record["actions"][event["seq"]] = action
        low = min(self.seen)
        totals = self.load.totals
        while self.pending and self.pending[0][0] < low:
            _, sent = self.pending.popleft()
            totals.latencies.append(now - sent)
            if now <= self.load.deadline:
                totals.actions += 1
        if msg["table"]["status"] == "over":
            if not self.over:
                totals.games += 1
            self.over = True
            return
        state = msg.get("state")
        if (state is None or state.get("to_act") != seat or not state.get("legal")
                or version <= self.acted or not self.load.sending):
            return
        self.acted = version
        action = self.load.choose(state["legal"])
        delay = self.load.think + self.pacers[seat].delay() + self.start_delay
        self.start_delay = 0.0
        task = asyncio.create_task(self.act(seat, action, version, delay))
        self.acting.add(task)
        task.add_done_callback(self.acting.discard)

    async def act(self, seat: int, action: dict[str, Any], version: int, delay: float) -> None:
        if delay > 0:
            await asyncio.sleep(delay)
        if not self.load.sending or self.over:
            return
        now = time.perf_counter()
        self.pending.append((version, now))
        self.load.totals.sent.append(now)
        self.sockets[seat].send(orjson.dumps({"type": "act", "action": action, "version": version}))


async def drive(base: str, tables: list[TableSeats], *, variant: str, think: float, seconds: float,
                seed: int, barrier: Barrier | None, stagger: bool = False) -> Totals:
    """Connect every table, wait for the other load processes, play until the deadline, drain."""
    load = Load(base, variant, think, seed)
    gate = asyncio.Semaphore(SETUP_CONCURRENCY)

    async def opened(table: TableSeats) -> TableRun | None:
        async with gate:
            return await load.open(table)

    runs = await asyncio.wait_for(asyncio.gather(*(opened(t) for t in tables)), SETUP_SECONDS)
    if barrier is not None:
        await asyncio.to_thread(barrier.wait, SETUP_SECONDS)
    stop = asyncio.Event()
    cpu0 = _cpu_self()
    load.started = time.perf_counter()
    wall = time.time()
    load.deadline = load.started + seconds
    if stagger:
        for run in runs:
            if run is not None:
                run.start_delay = load.rng.uniform(0, think)
    slots = [asyncio.create_task(load.slot(run, stop)) for run in runs if run is not None]
    await asyncio.wait(slots, timeout=seconds)
    drained = time.perf_counter() + DRAIN_SECONDS
    while time.perf_counter() < drained and any(r.pending for r in load.active):
        await asyncio.sleep(0.05)
    load.totals.window = (wall, time.time())
    stop.set()
    await asyncio.wait(slots, timeout=DRAIN_SECONDS + 5)
    for task in slots:
        task.cancel()
    load.totals.cpu = _cpu_self() - cpu0
    return load.totals


def run_loop(main: Coroutine[Any, Any, Totals]) -> Totals:
    """Run the clients on uvloop when it is installed (it comes with ``uvicorn[standard]``)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)


def _cpu_self() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def load_process(base: str, tables: list[TableSeats], options: dict[str, Any], barrier: Barrier | None,
                 out: Any) -> None:
    """A load process: drive its share of the tables and send back what it measured."""
    totals = run_loop(drive(base, tables, barrier=barrier, **options))
    out.send(totals)
    out.close()
