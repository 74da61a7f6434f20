"""The browser table's speed and weight: first paint, the table drawn, each action on screen, and
the bytes of the page, in headless Chromium against ``pitch serve`` on loopback, idle or while
``benchmarks/server_load.py`` plays other tables on the same server.

A server is started on a free port with a temporary SQLite file; for each run a table of one person
and three ``heuristic`` bots is created over HTTP and its seat joined, and a fresh browser context
(empty cache) opens ``/t/{id}?timing=1`` with the seat's token in localStorage. The page then
records, for each of the seat's actions, when it was clicked, when the click was marked on screen
(the card or button shown as sent), when the server's update arrived, when it was drawn and when
that frame was painted (``window.pitchTiming``). Measured:

* **first paint**: the page's first contentful paint (ms from navigation start);
* **socket started / opened**: when the page's script opens its websocket, and when it is open;
* **first state / table drawn**: until the first state arrives over the websocket, and until the
  page has drawn it;
* **click marked**: from the click to the frame that shows it as sent;
* **action on screen**: from the click to the painted frame with the server's answer drawn;
  split into the server (click to the update received) and the page (update received to drawn:
  waiting behind earlier updates and their pauses, then drawing);
* **draw**: each redraw of the table; **long tasks**: main-thread tasks over 50 ms;
* **first load**: the bytes the table page's first load transfers, and the lobby's (a fresh context,
  so nothing is cached): the sum of ``transferSize`` (response headers and the body as sent, gzip
  compressed where the server compresses) of the navigation entry and every resource entry
  (``performance.getEntriesByType``): the document, its CSS and modules, and the JSON the page asks
  for while it starts (for the table: its rules, its preset and its record; for the lobby: the
  presets, the chosen preset's rules, the tables), counted once the network is idle; the
  websocket's frames (the table's first state) are counted apart, as received by the page until the
  table is drawn; and the lobby's first contentful paint;
* **page weight**: the decoded (uncompressed) bytes of the document and every file it loads.

``--pace normal`` plays at the page's reading pace (bots' actions 0.35 s apart, a finished trick
shown 1.6 s) and clicks as soon as the seat may act, even while a finished trick is still shown;
``--pace fast`` turns the pauses off. ``--load N`` runs ``server_load.py --url`` with ``N`` tables
of four clients (``--think-ms``) against the same server during the runs.

Run: ``python benchmarks/web_page.py [--runs N] [--actions N] [--pace fast|normal] [--load N]
[--think-ms MS] [--json]`` (needs Chromium: ``apt-get install chromium``); the figures in
``docs/benchmarks.md`` ("Browser table") come from it.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, WebSocket, sync_playwright
from playwright.sync_api import Error as PlaywrightError

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--no-first-run"]


def post(base: str, path: str, body: object) -> Any:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=20) as reply:
        return json.loads(reply.read())


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def serve(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "pitchkit.cli", "serve", "--port", str(port), "--db",
         f"sqlite:///{folder / 'bench.db'}", "--log-level", "warning"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        env={**os.environ, "PITCHKIT_SERVE_BOT_PROCESSES": "1"})
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=2):
                return process, base
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("pitch serve did not start")


def _actions(page: Page, count: int) -> None:
    """Take ``count`` of this seat's turns by clicking its first legal choice (closing a hand's
    summary to go on), each time waiting until the page has painted the server's answer."""
    done = 0
    deadline = time.monotonic() + 60 + 10 * count
    while done < count and time.monotonic() < deadline:
        if page.locator("dialog#summary[open] button.close").count():
            page.click("dialog#summary[open] button.close")
            continue
        target = page.locator("#actions button.act:not([aria-disabled]), #hand button.card.legal").first
        ready = "() => document.body.classList.contains('my-turn') && !document.body.dataset.pending"
        if not page.evaluate(ready) or not target.count():
            page.wait_for_timeout(10)
            continue
        try:
            target.click(timeout=2000)
        except PlaywrightError:  # redrawn under the click: try again
            continue
        page.wait_for_function("n => (window.pitchTiming.acts[n] || {}).painted", arg=done, timeout=30_000)
        done += 1


#: every entry of the page's resource timing: path, bytes transferred, bytes of the body as sent and decoded
LOADED_JS = """() => {
    const row = (e) => { const u = new URL(e.name);
        return {path: u.pathname + u.search, transfer: e.transferSize, encoded: e.encodedBodySize,
                decoded: e.decodedBodySize}; };
    return [row(performance.getEntriesByType('navigation')[0]),
            ...performance.getEntriesByType('resource').map(row)]; }"""


def _count_frames(ws: WebSocket, sizes: list[int]) -> None:
    ws.on("framereceived", lambda payload: sizes.append(len(payload)))


def first_load(page: Page) -> dict[str, Any]:
    """What the page's load transferred so far, once the network is idle: the total and each file."""
    page.wait_for_load_state("networkidle")
    rows: list[dict[str, Any]] = page.evaluate(LOADED_JS)
    return {"transfer_bytes": sum(r["transfer"] for r in rows),
            "decoded_bytes": sum(r["decoded"] for r in rows), "files": rows}


def lobby_load(browser: Browser, base: str) -> dict[str, Any]:
    """The lobby opened in a fresh context: its first load and first contentful paint."""
    context = browser.new_context(viewport={"width": 1100, "height": 850})
    try:
        page = context.new_page()
        page.goto(base + "/")
        page.wait_for_selector("#option-list[data-preset]:not([data-preset=''])", state="attached")
        got = first_load(page)
        got["first_paint_ms"] = page.evaluate(
            "() => performance.getEntriesByName('first-contentful-paint')[0].startTime")
        return got
    finally:
        context.close()


def percentiles(xs: list[float]) -> dict[str, float]:
    """p50, p99 and max, in milliseconds rounded to one decimal."""
    if not xs:
        return {"p50": float("nan"), "p99": float("nan"), "max": float("nan"), "count": 0}
    ys = sorted(xs)

    def at(q: float) -> float:
        return ys[min(len(ys) - 1, int(q * len(ys)))]

    return {"p50": round(at(0.5), 1), "p99": round(at(0.99), 1), "max": round(ys[-1], 1), "count": len(ys)}


def background_load(base: str, tables: int, think_ms: float) -> subprocess.Popen[bytes]:
    """``server_load.py`` against ``base`` until stopped."""
    script = Path(__file__).with_name("server_load.py")
    return subprocess.Popen(
        [sys.executable, str(script), "--url", base, "--tables", str(tables), "--seconds", "3600",
         "--think-ms", str(think_ms), "--json"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)


def measure(runs: int, actions: int = 12, pace: str = "fast", load: int = 0,
            think_ms: float = 0.0, trace: bool = False) -> dict[str, Any]:
    """Run the measurements; milliseconds, weight in bytes."""
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    folder = Path(tempfile.mkdtemp(prefix="pitchkit-web-"))
    process, base = serve(folder)
    loader = background_load(base, load, think_ms) if load else None
    paints: list[float] = []
    drawn: list[float] = []
    socket_start: list[float] = []
    socket_open: list[float] = []
    first_state: list[float] = []
    acts: list[dict[str, float]] = []
    draws: list[float] = []
    long_tasks: list[float] = []
    weight: dict[str, int] = {}
    loads: list[dict[str, Any]] = []
    lobbies: list[dict[str, Any]] = []
    socket_bytes: list[int] = []
    query = "timing=1" + ("&pace=fast" if pace == "fast" else "")
    try:
        if loader is not None:
            time.sleep(8)  # its tables created and their clients playing
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, headless=True, args=ARGS)
            for _ in range(runs):
                made = post(base, "/api/tables", {"variant": "pct", "seats": [
                    {"human": True}, {"bot": "heuristic"}, {"bot": "heuristic"}, {"bot": "heuristic"}]})
                joined = post(base, f"/api/tables/{made['id']}/join",
                               {"seat": 0, "invite": made["invites"][0]["invite"], "name": "Ann"})
                entry = json.dumps([{"id": made["id"], "seat": 0, "token": joined["token"], "name": "Ann"}])
                context = browser.new_context(viewport={"width": 1100, "height": 850})
                context.add_init_script(f"localStorage.setItem('pitchkit.tables', {json.dumps(entry)})")
                page = context.new_page()
                frames: list[int] = []
                page.on("websocket", functools.partial(_count_frames, sizes=frames))
                page.goto(f"{base}/t/{made['id']}?{query}")
                page.wait_for_selector("body[data-version]")
                socket_bytes.append(sum(frames))
                marks = page.evaluate("""() => ['pitch-ws-start', 'pitch-ws-open', 'pitch-first-state',
                    'pitch-drawn'].map(n => performance.getEntriesByName(n)[0].startTime)""")
                drawn.append(marks[3])
                socket_start.append(marks[0])
                socket_open.append(marks[1])
                first_state.append(marks[2])
                paints.append(page.evaluate(
                    "() => performance.getEntriesByName('first-contentful-paint')[0].startTime"))
                weight = page.evaluate("""() => {
                    const out = {document: performance.getEntriesByType('navigation')[0].decodedBodySize};
                    for (const r of performance.getEntriesByType('resource'))
                        if (!r.name.includes('/api/')) out[new URL(r.name).pathname] = r.decodedBodySize;
                    return out; }""")
                loads.append(first_load(page))
                _actions(page, actions)
                got = page.evaluate("() => window.pitchTiming")
                acts.extend(a for a in got["acts"] if "painted" in a)
                draws.extend(d for _, d in got["draws"])
                long_tasks.extend(d for _, d in got["longTasks"])
                if trace:
                    print(json.dumps({"acts": got["acts"], "draws": got["draws"], "long": got["longTasks"]}))
                context.close()
                lobbies.append(lobby_load(browser, base))
            browser.close()
    finally:
        if loader is not None:
            os.killpg(loader.pid, signal.SIGKILL)
            loader.wait(20)
        process.terminate()
        process.wait(20)
        shutil.rmtree(folder, ignore_errors=True)
    return {
        "runs": runs, "pace": pace, "load_tables": load, "think_ms": think_ms,
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "first_paint_ms": percentiles(paints),
        "socket_started_ms": percentiles(socket_start),
        "socket_opened_ms": percentiles(socket_open),
        "first_state_ms": percentiles(first_state),
        "table_drawn_ms": percentiles(drawn),
        "click_marked_ms": percentiles([a["marked"] - a["click"] for a in acts if "marked" in a]),
        "action_on_screen_ms": percentiles([a["painted"] - a["click"] for a in acts]),
        "server_ms": percentiles([a["received"] - a["click"] for a in acts]),
        "page_ms": percentiles([a["drawn"] - a["received"] for a in acts]),
        "draw_ms": percentiles(draws),
        "long_tasks_ms": percentiles(long_tasks),
        "page_bytes": sum(weight.values()),
        "files": weight,
        "table_first_load": {
            "transfer_bytes": percentiles([x["transfer_bytes"] for x in loads]),
            "decoded_bytes": percentiles([x["decoded_bytes"] for x in loads]),
            "websocket_bytes": percentiles([float(x) for x in socket_bytes]),
            "files": loads[-1]["files"] if loads else []},
        "lobby_first_load": {
            "transfer_bytes": percentiles([x["transfer_bytes"] for x in lobbies]),
            "decoded_bytes": percentiles([x["decoded_bytes"] for x in lobbies]),
            "first_paint_ms": percentiles([x["first_paint_ms"] for x in lobbies]),
            "files": lobbies[-1]["files"] if lobbies else []},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--actions", type=int, default=12, help="this seat's actions per run")
    parser.add_argument("--pace", choices=("fast", "normal"), default="fast")
    parser.add_argument("--load", type=int, default=0, metavar="TABLES",
                        help="tables played by server_load.py on the same server meanwhile")
    parser.add_argument("--think-ms", type=float, default=0.0, help="server_load.py's --think-ms")
    parser.add_argument("--trace", action="store_true", help="print each run's timings as recorded")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    got = measure(args.runs, args.actions, args.pace, args.load, args.think_ms, args.trace)
    if args.json:
        print(json.dumps(got, indent=2))
        return
    print(f"runs: {got['runs']}, pace {got['pace']}, background tables {got['load_tables']}, "
          f"load average {got['load_average']}")
    for key in ("first_paint_ms", "socket_started_ms", "socket_opened_ms", "first_state_ms", "table_drawn_ms",
                "click_marked_ms", "action_on_screen_ms", "server_ms", "page_ms", "draw_ms", "long_tasks_ms"):
        v = got[key]
        print(f"{key}: p50 {v['p50']} ms, p99 {v['p99']} ms, max {v['max']} ms ({v['count']})")
    print(f"page weight: {got['page_bytes']} bytes ({len(got['files'])} files)")
    for name in ("table_first_load", "lobby_first_load"):
        load = got[name]
        sent, whole = load["transfer_bytes"], load["decoded_bytes"]
        print(f"{name}: {sent['max']:.0f} bytes transferred at most (p50 {sent['p50']:.0f}; "
              f"{whole['max']:.0f} bytes decoded) in {len(load['files'])} responses")
    ws = got["table_first_load"]["websocket_bytes"]
    print(f"table_first_state_over_websocket: p50 {ws['p50']:.0f} bytes, max {ws['max']:.0f} bytes")
    fcp = got["lobby_first_load"]["first_paint_ms"]
    print(f"lobby_first_paint_ms: p50 {fcp['p50']} ms, p99 {fcp['p99']} ms, max {fcp['max']} ms "
          f"({fcp['count']})")


if __name__ == "__main__":
    main()
