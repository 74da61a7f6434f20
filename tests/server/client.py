"""A client of ``pitch serve`` for the tests, written from docs/protocol.md alone: HTTP calls with
urllib, websocket connections with ``websockets`` (asyncio), and players that take an action from
the ``legal`` list they are sent. Every wait is bounded: each ``recv`` has a timeout."""

from __future__ import annotations

import asyncio
import json
import re
import time
import urllib.error
import urllib.request
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

JSON = dict[str, Any]
T = TypeVar("T")

#: the longest wait for one websocket message
RECV_TIMEOUT = 20.0
#: what a client may send per second, and in a burst, without being closed (the server allows 20 and 40)
SEND_RATE = 18.0
SEND_BURST = 36.0
#: a card's name: rank and suit, or a joker
CARD = re.compile(r"^(?:[2-9TJQKA][CDHS]|BJ|LJ)$")

_opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def run(coro: Awaitable[T], timeout: float) -> T:
    """Run ``coro`` on a new event loop, failing the test if it takes longer than ``timeout`` s."""
    async def bounded() -> T:
        return await asyncio.wait_for(coro, timeout)
    return asyncio.run(bounded())


# -- HTTP -------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Reply:
    """An HTTP answer: status, the body as text, and parsed as JSON when it is JSON."""

    status: int
    text: str

    @property
    def body(self) -> Any:
        """The body as JSON."""
        return json.loads(self.text)


def http(base: str, method: str, path: str, body: object = None, *, raw: bytes | None = None,
         timeout: float = 20.0, headers: dict[str, str] | None = None) -> Reply:
    """One HTTP request (with extra ``headers``); an error status is an answer too, not an exception."""
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with _opener.open(request, timeout=timeout) as response:
            return Reply(response.status, response.read().decode())
    except urllib.error.HTTPError as e:
        return Reply(e.code, e.read().decode())


def ok(reply: Reply, status: int = 200) -> Any:
    """The JSON body of an answer that must have ``status``."""
    assert reply.status == status, f"{reply.status}: {reply.text}"
    return reply.body


@dataclass
class Table:
    """A table as its creator knows it, and the tokens of the seats taken so far."""

    base: str
    id: str
    owner: str
    invites: dict[int, str]
    watch: str
    tokens: dict[int, str] = field(default_factory=dict)

    def join(self, seat: int, name: str | None = None) -> str:
        """Take an open seat with its invite; returns (and keeps) the seat's token."""
        body = {"seat": seat, "invite": self.invites[seat], "name": name or f"Player {seat}"}
        token = ok(http(self.base, "POST", f"/api/tables/{self.id}/join", body))["token"]
        assert isinstance(token, str)
        self.tokens[seat] = token
        return token

    def info(self) -> JSON:
        """``GET /api/tables/{id}``."""
        out = ok(http(self.base, "GET", f"/api/tables/{self.id}"))
        assert isinstance(out, dict)
        return out

    def record(self) -> list[JSON]:
        """The exported game record."""
        out = ok(http(self.base, "GET", f"/api/tables/{self.id}/record"))
        assert isinstance(out, list)
        return out


def create_table(base: str, variant: str, seats: list[JSON], *, public: bool = False,
                 options: JSON | None = None) -> Table:
    """``POST /api/tables``."""
    body: JSON = {"variant": variant, "seats": seats, "public": public}
    if options:
        body["options"] = options
    made = ok(http(base, "POST", "/api/tables", body), 201)
    return Table(base, made["id"], made["owner"], {int(i["seat"]): i["invite"] for i in made["invites"]},
                 made["watch"])


def players_of(variant: str) -> int:
    """The number of seats a preset is played with by default."""
    from pitchkit import make_rules

    return make_rules(variant).players


# -- websockets -------------------------------------------------------------------------------------

class Bucket:
    """The client side of the server's rate limit: waits rather than send too fast."""

    def __init__(self, rate: float = SEND_RATE, burst: float = SEND_BURST) -> None:
        self.rate, self.burst, self.tokens, self.stamp = rate, burst, burst, time.monotonic()

    def try_take(self) -> float:
        """Take a token if there is one (0 returned), else the seconds until there is one."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate

    async def take(self) -> None:
        """Wait for a token and take it."""
        while wait := self.try_take():
            await asyncio.sleep(wait)

    def take_blocking(self) -> None:
        """Wait for a token and take it, blocking the thread."""
        while wait := self.try_take():
            time.sleep(wait)


class Conn:
    """One websocket connection to a table, as a seat or a spectator; keeps every frame received."""

    def __init__(self, ws: ClientConnection, seat: int | None) -> None:
        self.ws = ws
        self.seat = seat
        self.frames: list[JSON] = []
        self.sent: list[object] = []
        self.bucket = Bucket()

    @classmethod
    async def open(cls, ws_base: str, table_id: str, *, token: str | None = None,
                   watch: str | None = None, seat: int | None = None) -> Conn:
        """Connect; ``token`` for a seat, ``watch`` (or nothing) for a spectator."""
        query = f"?token={token}" if token else (f"?watch={watch}" if watch else "")
        ws = await connect(f"{ws_base}/ws/tables/{table_id}{query}", proxy=None, open_timeout=RECV_TIMEOUT,
                           compression=None, max_queue=None)
        return cls(ws, seat)

    @property
    def last(self) -> JSON | None:
        """The newest snapshot or update received, if any."""
        return next((f for f in reversed(self.frames) if f["type"] in ("snapshot", "update")), None)

    async def recv(self, timeout: float = RECV_TIMEOUT) -> JSON:
        """The next message (raises ``TimeoutError`` after ``timeout`` seconds)."""
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        frame = json.loads(raw)
        assert isinstance(frame, dict) and "type" in frame, raw[:200]
        self.frames.append(frame)
        return frame

    async def until(self, done: Callable[[JSON], bool], timeout: float = RECV_TIMEOUT) -> JSON:
        """Receive until a message satisfies ``done``; returns it."""
        deadline = time.monotonic() + timeout
        while True:
            frame = await self.recv(max(0.01, deadline - time.monotonic()))
            if done(frame):
                return frame

    async def send(self, message: object) -> None:
        """Send a JSON message (or text as it is), within the rate limit."""
        await self.bucket.take()
        self.sent.append(message)
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def act(self, action: JSON, version: int | None) -> None:
        """Send an ``act`` message."""
        message: JSON = {"type": "act", "action": action}
        if version is not None:
            message["version"] = version
        await self.send(message)

    async def close(self) -> None:
        """Close the connection."""
        await self.ws.close()

    async def closed_code(self, timeout: float = RECV_TIMEOUT) -> int | None:
        """Receive until the server closes the connection; its close code."""
        deadline = time.monotonic() + timeout
        try:
            while True:
                await self.recv(max(0.01, deadline - time.monotonic()))
        except ConnectionClosed as e:
            return None if e.rcvd is None else e.rcvd.code


async def refused(ws_base: str, path: str) -> int | None:
    """The close code of a websocket to ``path`` that the server refuses."""
    async with connect(ws_base + path, proxy=None, open_timeout=RECV_TIMEOUT) as ws:
        try:
            message = await asyncio.wait_for(ws.recv(), RECV_TIMEOUT)
        except ConnectionClosed as e:
            return None if e.rcvd is None else e.rcvd.code
    raise AssertionError(f"the connection was opened: {str(message)[:200]}")


# -- players ----------------------------------------------------------------------------------------

def choose(legal: list[Any]) -> JSON:
    """The first legal action, but the first that names trump when one does (where everyone may
    pass, as in Euchre, passing every time would throw in every hand); the compact discard entry
    becomes the fewest cards it allows."""
    first = next((a for a in legal if isinstance(a, dict) and "trump" in a), legal[0])
    assert isinstance(first, dict)
    spec = first.get("discard")
    if isinstance(spec, dict):
        return {"discard": spec["choose_from"][: spec["count"][0]]}
    return first


def over(frame: JSON) -> bool:
    """True for a message that shows the game over."""
    return bool(frame.get("table", {}).get("status") == "over")


def my_turn(conn: Conn, frame: JSON) -> bool:
    """True when ``frame`` asks ``conn``'s seat for an action."""
    state = frame.get("state")
    return (frame["type"] in ("snapshot", "update") and state is not None
            and state.get("to_act") == conn.seat and bool(state.get("legal")))


async def play(conn: Conn, *, stop: Callable[[JSON], bool] = over, timeout: float = 120.0) -> JSON:
    """Play ``conn``'s seat with :func:`choose` until a message satisfies ``stop``; returns it. Any
    ``error`` fails: these players only send legal actions at the current version."""
    deadline = time.monotonic() + timeout
    frame = conn.last or await conn.recv()
    while True:
        assert frame["type"] != "error", f"seat {conn.seat}: {frame}"
        if stop(frame):
            return frame
        if my_turn(conn, frame):
            await conn.act(choose(frame["state"]["legal"]), frame["version"])
        frame = await conn.recv(max(0.01, deadline - time.monotonic()))


async def watch(conn: Conn, *, stop: Callable[[JSON], bool] = over, timeout: float = 120.0) -> JSON:
    """Receive until a message satisfies ``stop``; returns it."""
    if conn.frames and stop(conn.frames[-1]):
        return conn.frames[-1]
    return await conn.until(stop, timeout)


async def person_and_bots(base: str, ws_base: str, bots: list[str], *, variant: str = "pct",
                          options: JSON | None = None) -> tuple[Table, Conn]:
    """A table where seat 0 waits for a person and the other seats are ``bots``; the person takes
    seat 0 and connects (the game starts at once)."""
    seats: list[JSON] = [{"human": True}, *({"bot": b} for b in bots)]
    table = await asyncio.to_thread(create_table, base, variant, seats, options=options)
    token = await asyncio.to_thread(table.join, 0, "Ann")
    return table, await Conn.open(ws_base, table.id, token=token, seat=0)


@dataclass
class GameRun:
    """A finished game: every frame each seat and the spectator received, and the record."""

    variant: str
    table: Table
    seats: list[Conn]
    spectator: Conn
    record: list[JSON]

    @property
    def final(self) -> JSON:
        """The last message the spectator received."""
        return self.spectator.frames[-1]


async def play_whole_game(base: str, ws_base: str, variant: str) -> GameRun:
    """Create a table of people only, watch it, take every seat and play to the end."""
    n = players_of(variant)
    table = await asyncio.to_thread(create_table, base, variant, [{"human": True}] * n)
    spectator = await Conn.open(ws_base, table.id, watch=table.watch)
    seats = []
    for seat in range(n):
        token = await asyncio.to_thread(table.join, seat)
        seats.append(await Conn.open(ws_base, table.id, token=token, seat=seat))
    await asyncio.gather(*(play(c) for c in seats), watch(spectator))
    record = await asyncio.to_thread(table.record)
    for conn in [*seats, spectator]:
        await conn.close()
    return GameRun(variant, table, seats, spectator, record)


# -- cards in messages --------------------------------------------------------------------------------

def cards_in(value: object) -> Iterator[str]:
    """Every card name anywhere in a JSON value (keys and text included)."""
    if isinstance(value, str):
        if CARD.match(value):
            yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from cards_in(k)
            yield from cards_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from cards_in(v)


def played_in(state: JSON) -> set[str]:
    """The cards played so far in the hand of ``state``: its trick and its finished tricks."""
    plays = [*state.get("trick", []), *(p for t in state.get("tricks", []) for p in t["plays"])]
    return {card for _, card in plays}


def events(frames: list[JSON]) -> list[JSON]:
    """The events of ``frames`` in order."""
    return [e for f in frames for e in f.get("events", [])]


def record_plays(hand: JSON) -> set[str]:
    """The cards played in one hand record."""
    return {a["play"] for a in hand["actions"] if "play" in a}


def frames_with_state(frames: list[JSON]) -> Iterator[JSON]:
    """The snapshots and updates that carry a hand."""
    return (f for f in frames if f["type"] in ("snapshot", "update") and "state" in f)


def hidden_cards(frame: JSON) -> set[str]:
    """Cards in a snapshot or update (its ``hand_over`` events aside) that its recipient may not
    know: cards not played in the hand, not announced as played in the frame's events, not in the
    public cut, not the card turned up for everyone, and for a seat not its own (hand, discards,
    passed, received, its own actions)."""
    state = frame["state"]
    news = [e for e in frame.get("events", []) if e["kind"] != "hand_over"]
    known = played_in(state) | {card for _, card in frame["table"].get("cuts", [])}
    if state.get("upcard"):
        known.add(state["upcard"])  # turned face up for everyone (Euchre)
    known |= {e["action"]["play"] for e in news if e["kind"] == "action" and "play" in e["action"]}
    if "seat" in frame:
        known |= {*state["hand"], *state["discards"], *state["passed"], *state["received"]}
        known |= set(cards_in([e["action"] for e in news
                               if e["kind"] == "action" and e["action"]["seat"] == frame["seat"]]))
    return set(cards_in({**frame, "events": news})) - known


def as_others_see(action: JSON) -> JSON:
    """A record action as the other seats and spectators are told of it: discards and passes as
    counts."""
    return {k: len(v) if k in ("discard", "pass") and isinstance(v, list) else v for k, v in action.items()}
