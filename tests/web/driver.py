"""Driving the browser table as a person would: find what may be clicked, click one of the legal
choices, and wait for the page to show the table's next version. Every wait is bounded."""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, WebSocket, WebSocketRoute
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from pitchkit import Game, make_rules
from pitchkit.bots import make_bot
from pitchkit.engine.record import game_record
from tests.server.client import http, ok

#: the longest wait for the page to answer
WAIT_MS = 20_000
#: the lobby's rules of the chosen preset, once they have arrived (they are asked for when it is chosen)
RULES_SHOWN = "#option-list[data-preset]:not([data-preset=''])"
#: a card's name in the protocol
CARD = re.compile(r"\b(?:[2-9TJQKA][CDHS]|BJ|LJ)\b")


def create_table(base: str, variant: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """A table made over HTTP: its id, owner secret, invites and spectator link."""
    body = {"variant": variant, "seats": seats, **extra}
    made: dict[str, Any] = ok(http(base, "POST", "/api/tables", body), 201)
    return made


@contextmanager
def host_and_friend(browser: Browser) -> Iterator[tuple[Page, Page]]:
    """Two people's browsers, each a profile of its own: the host's page (allowed the clipboard, to
    copy links) and a friend's."""
    host = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    friend = browser.new_context()
    try:
        yield host.new_page(), friend.new_page()
    finally:
        host.close()
        friend.close()


def fill_new_table(page: Page, base: str, *, name: str, variant: str, players: int,
                   friends: list[int]) -> None:
    """In the lobby, as a person would: a name, the game, the number of players and the seats of
    friends (by invite link); the rest stays as the lobby offers it (the creator in seat 0, bots)."""
    page.goto(base + "/")
    page.wait_for_selector(f"#variant option[value='{variant}']", state="attached")
    page.fill("#name", name)
    page.select_option("#variant", variant)
    page.fill("#players", str(players))
    page.dispatch_event("#players", "change")
    for seat in friends:
        page.select_option(f"#seats select[data-seat='{seat}']", "friend")


def bot_game(variant: str, seed: int, hands: int) -> list[Any]:
    """The record of the first ``hands`` hands of a game of ``random`` bots (fewer if it ends)."""
    game = Game(make_rules(variant), seed=seed)
    bots = [make_bot("random", seed=seed + s) for s in range(game.rules.players)]
    while not game.over and len(game_record(game)) <= hands:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))
    return list(game_record(game)[:hands])


def open_replay_file(page: Page, base: str, game: list[Any], folder: Path) -> None:
    """Open ``game`` (a record) on the replay page as a file chosen from disk, and wait for it."""
    path = folder / "game.json"
    path.write_text(json.dumps(game))
    page.goto(base + "/replay")
    page.set_input_files("#file", str(path))
    page.wait_for_selector("#replay:not([hidden])")


def record(base: str, table_id: str) -> list[dict[str, Any]]:
    """The table's finished hands as exported."""
    hands: list[dict[str, Any]] = ok(http(base, "GET", f"/api/tables/{table_id}/record"))
    return hands


@dataclass
class Player:
    """One browser page at a table, with the websocket frames it sent and received."""

    page: Page
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    sent: list[str] = field(default_factory=list)
    received: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.page.on("websocket", self._watch)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    errors: list[str] = field(default_factory=list)

    def _watch(self, ws: WebSocket) -> None:
        ws.on("framesent", lambda payload: self.sent.append(str(payload)))
        ws.on("framereceived", lambda payload: self.received.append(str(payload)))

    def join(self, link: str, name: str) -> None:
        """Open an invite link, give a name, and wait for the table."""
        self.page.goto(link + "&pace=fast")
        self.page.fill("#join-name", name)
        self.page.click("#join-form button[type=submit]")
        self.wait_board()

    def wait_board(self) -> None:
        """Wait until the table has been drawn."""
        self.page.wait_for_selector("body[data-version]", timeout=WAIT_MS)

    def summary_open(self) -> bool:
        """True while the end-of-hand summary is shown."""
        return self.page.locator("dialog#summary[open]").count() > 0

    def game_over(self) -> bool:
        """True once the page shows that the game has ended."""
        return bool(self.page.evaluate("() => document.body.dataset.status === 'over'"))

    def my_turn(self) -> bool:
        """True when the page offers this seat a choice and no action of its is on its way."""
        return bool(self.page.evaluate(
            "() => document.body.classList.contains('my-turn') && !document.body.dataset.pending"))

    def version(self) -> int:
        """The table version the page shows."""
        return int(self.page.evaluate("() => Number(document.body.dataset.version || -1)"))

    def choices(self) -> dict[str, list[str]]:
        """What may be clicked now: action buttons, legal and illegal cards, discard picks."""
        out: dict[str, list[str]] = self.page.evaluate("""() => ({
            acts: [...document.querySelectorAll('#actions button.act[data-act]')].map(b => b.dataset.act),
            legal: [...document.querySelectorAll('#hand button.card.legal')].map(b => b.dataset.card),
            illegal: [...document.querySelectorAll('#hand button.card.illegal')].map(b => b.dataset.card),
            discard: document.querySelector('#discard-go') ? ['yes'] : [],
            multipass: document.querySelector('#pass-go') ? ['yes'] : [],
        })""")
        return out

    def legal_actions(self) -> list[dict[str, Any]]:
        """The legal list of the last state this page received."""
        for raw in reversed(self.received):
            msg = json.loads(raw)
            if msg.get("type") in ("snapshot", "update") and msg.get("state"):
                legal: list[dict[str, Any]] = msg["state"].get("legal", [])
                return legal
        return []

    def legal_with(self, key: str) -> list[dict[str, Any]]:
        """The legal actions of kind ``key`` of the state the page shows: the frames this page
        received are reported to the test as events of their own, which may come after the page
        has drawn the state, so they are waited for (bounded)."""
        deadline = time.monotonic() + WAIT_MS / 1000
        while not (found := [a for a in self.legal_actions() if key in a]):
            assert time.monotonic() < deadline, f"the page offers a {key}, its frames have none"
            self.page.wait_for_timeout(20)
        return found

    def step(self, *, try_illegal: bool = True) -> str:
        """Take one legal choice by clicking (first trying an illegal card, which must do nothing);
        waits for the page's next version. Returns what was done."""
        before = self.version()
        c = self.choices()
        if try_illegal and c["illegal"]:
            sent = len(self.sent)
            card = self.rng.choice(c["illegal"])
            button = self.page.locator(f'#hand button.card[data-card="{card}"]')
            assert not button.is_enabled(), f"illegal {card} is offered as enabled"
            # a click at the card's place misses it when the table moves as it lands (a finished
            # trick cleared away after being shown): click again until the page answers, bounded
            deadline = time.monotonic() + WAIT_MS / 1000
            while time.monotonic() < deadline:
                button.click(force=True)
                try:
                    self.page.wait_for_function("() => document.querySelector('#notice').textContent.trim()",
                                                timeout=500)
                    break
                except PlaywrightTimeout:
                    continue
            assert self.page.inner_text("#notice").strip(), f"clicking illegal {card} gave no reason"
            acts = [m for m in self.sent[sent:] if json.loads(m).get("type") == "act"]
            assert not acts, f"clicking illegal {card} sent {acts}"
        if c["discard"]:
            spec = self.legal_with("discard")[0]["discard"]
            count = self.rng.randint(spec["count"][0], spec["count"][1])
            for card in self.rng.sample(spec["choose_from"], count):
                self.page.click(f'#hand button.card[data-card="{card}"]')
            assert self.page.locator("#discard-go").is_enabled(), (spec, self.page.inner_text("#actions"))
            self.page.click("#discard-go")
            done = f"discard {count}"
        elif c["multipass"]:
            option = self.rng.choice(self.legal_with("pass"))
            for card in option["pass"]:
                self.page.click(f'#hand button.card[data-card="{card}"]')
            self.page.click("#pass-go")
            done = f"pass {option['pass']}"
        else:
            options = [("act", a) for a in c["acts"]] + [("card", x) for x in c["legal"]]
            assert options, "my turn, but nothing may be clicked"
            kind, value = self.rng.choice(options)
            if kind == "act":
                self.page.click(f"#actions button.act[data-act='{value}']")
            else:
                self.page.click(f'#hand button.card[data-card="{value}"]')
            done = f"{kind} {value}"
        self.wait_moved(before)
        return done

    def wait_moved(self, before: int) -> None:
        """Wait until the page shows a later version, the summary, or an error notice."""
        self.page.wait_for_function(
            "v => Number(document.body.dataset.version) > v || document.querySelector('dialog#summary[open]')"
            " || (!document.body.dataset.pending && document.querySelector('#notice').textContent)",
            arg=before, timeout=WAIT_MS)

    def wait_turn_or_summary(self, timeout: float = WAIT_MS / 1000) -> str:
        """Wait until this seat is to act ("turn") or a summary shows ("summary")."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.summary_open():
                return "summary"
            if self.my_turn():
                return "turn"
            self.page.wait_for_timeout(50)
        raise AssertionError(f"neither a turn nor a summary within {timeout} s")

    def summary_awards(self) -> list[dict[str, Any]]:
        """The awards the summary shows, as (point, seat, card, scored)."""
        rows: list[dict[str, Any]] = self.page.evaluate("""() => [...document.querySelectorAll(
            'dialog#summary ul.awards li[data-point]')].map(li => ({point: li.dataset.point,
            seat: li.dataset.seat === 'null' ? null : Number(li.dataset.seat), card: li.dataset.card || null,
            scored: li.dataset.scored !== 'false'}))""")
        return rows

    def close_summary(self) -> None:
        """Dismiss the summary (the next hand's button)."""
        self.page.click("dialog#summary button.close")
        self.page.wait_for_selector("dialog#summary[open]", state="detached", timeout=WAIT_MS)

    def play_hand(self, *, on_step: Any = None, max_steps: int = 200) -> None:
        """Play this seat's turns until the hand's summary shows."""
        for _ in range(max_steps):
            if self.wait_turn_or_summary() == "summary":
                return
            self.step()
            if on_step is not None:
                on_step()
        raise AssertionError("the hand did not end")


def expected_awards(result: dict[str, Any]) -> list[dict[str, Any]]:
    """A scored hand's awards in the form :meth:`Player.summary_awards` reads them."""
    return [{"point": a["point"], "seat": a["seat"], "card": a["card"], "scored": a.get("scored", True)}
            for a in result.get("awards", [])]


#: the text of every element with text of its own whose contrast with its background is below AA
LOW_CONTRAST_JS = """(minimum) => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const channel = (v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
  const lum = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const background = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] === 1)) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const low = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('[aria-disabled="true"], :disabled, svg, [hidden], dialog:not([open])')) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.getClientRects().length) continue;
    const fg = lum(rgb(getComputedStyle(el).color).slice(0, 3));
    const bg = lum(background(el));
    const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
    const text = el.textContent.trim().slice(0, 30);
    if (ratio < minimum) low.push(`${el.tagName} "${text}" ${ratio.toFixed(2)}`);
  }
  return low;
}"""


def host_page(browser: Browser, base: str, made: dict[str, object], name: str = "Ann") -> Page:
    """The creator's browser at the table made by ``made``: seat 0 taken (as ``name``), the owner
    secret kept as the lobby keeps it."""
    invites = made["invites"]
    assert isinstance(invites, list)
    joined = ok(http(base, "POST", f"/api/tables/{made['id']}/join",
                     {"seat": 0, "invite": invites[0]["invite"], "name": name}))
    entry = {"id": made["id"], "owner": made["owner"], "seat": 0, "token": joined["token"], "name": name,
             "invites": [i for i in invites if i["seat"] != 0]}
    context = browser.new_context(viewport={"width": 1100, "height": 850})
    context.set_default_timeout(WAIT_MS)
    context.add_init_script(f"localStorage.setItem('pitchkit.tables', {json.dumps(json.dumps([entry]))})")
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{base}/t/{made['id']}?pace=fast")
    page.wait_for_selector("body[data-version]")
    return page


def on_turn_among_bots(page: Page, base: str) -> tuple[Player, str]:
    """A person in seat 0 of a new pct table with three heuristic bots, on their turn; and the
    table's id."""
    made = create_table(base, "pct", [{"human": True}, *[{"bot": "heuristic"}] * 3])
    player = Player(page)
    player.join(made["invites"][0]["link"], "Ann")
    assert player.wait_turn_or_summary() == "turn"
    return player, str(made["id"])


class AnsweredTable:
    """A table page's websocket answered by the test rather than the server (Playwright's websocket
    routes): ``first`` is sent as the page connects, each message the page sends is kept and
    ``answer`` gives the replies to it; :meth:`send` tells the page something at any time."""

    def __init__(self, page: Page, first: dict[str, Any],
                 answer: Callable[[dict[str, Any]], list[dict[str, Any]]] | None = None) -> None:
        self.first = first
        self.answer = answer
        self.routes: list[WebSocketRoute] = []
        self.sent: list[dict[str, Any]] = []
        page.route_web_socket(re.compile(r".*/ws/tables/.*"), self._connect)

    def _connect(self, ws: WebSocketRoute) -> None:
        self.routes.append(ws)
        ws.on_message(lambda raw: self._message(ws, raw))
        ws.send(json.dumps(self.first))

    def _message(self, ws: WebSocketRoute, raw: str | bytes) -> None:
        message = json.loads(raw)
        self.sent.append(message)
        for reply in self.answer(message) if self.answer is not None else []:
            ws.send(json.dumps(reply))

    def send(self, message: dict[str, Any]) -> None:
        """Send ``message`` to the page."""
        for ws in self.routes:
            ws.send(json.dumps(message))


class Network:
    """A page's table websockets routed through Playwright, to cut the network and bring it back: while
    it is down the connections are closed and every new one is refused."""

    def __init__(self, page: Page) -> None:
        self.up = True
        self.routes: list[WebSocketRoute] = []
        page.route_web_socket(re.compile(r".*/ws/tables/.*"), self._route)

    def _route(self, ws: WebSocketRoute) -> None:
        if not self.up:
            ws.close(reason="offline")
            return
        self.routes.append(ws.connect_to_server())

    def cut(self) -> None:
        """Close the connections (the page's side closes with them) and refuse new ones."""
        self.up = False
        for server_side in self.routes:
            server_side.close(code=1000, reason="network lost")

    def restore(self) -> None:
        """Let the page connect again."""
        self.up = True
