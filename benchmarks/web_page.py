"""The browser table's speed and weight: first paint, the table drawn, each action on screen, and
the bytes of the page, in headless Chromium against ``pitch serve`` on loopback.

A server is started on a free port with a temporary SQLite file; for each run a table of one person
and three ``heuristic`` bots is created over HTTP and its seat joined, and a fresh browser context
(empty cache) opens ``/t/{id}`` with the seat's token in localStorage. Measured per run:

* **first paint**: the page's first contentful paint (ms from navigation start);
* **socket started / opened**: when the page's script opens its websocket, and when it is open;
* **table drawn**: until the first state from the websocket is on screen (``body[data-version]``);
* **action on screen**: from a click on a legal card or bid to the page showing the next version
  (the server's answer included; ``pace=fast``, so no animation pause is counted);
* **page weight**: the decoded (uncompressed) bytes of the document and every file it loads.

Run: ``python benchmarks/web_page.py [--runs N] [--json]`` (needs Chromium: ``apt-get install
chromium``); the figures in ``docs/benchmarks.md`` ("Browser table") come from it.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

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


def _actions(page: Page, count: int) -> list[float]:
    """Milliseconds from a click to the next version on screen, for ``count`` of this seat's turns."""
    out: list[float] = []
    for _ in range(count * 20):
        if len(out) >= count or page.locator("dialog#summary[open]").count():
            break
        target = page.locator("#actions button.act:not([aria-disabled]), #hand button.card.legal").first
        if not page.evaluate("() => document.body.classList.contains('my-turn')") or not target.count():
            page.wait_for_timeout(20)
            continue
        page.evaluate("""() => { window.__before = Number(document.body.dataset.version);
            document.addEventListener('click', () => { window.__t0 = performance.now(); },
                                      {capture: true, once: true}); }""")
        target.click()
        page.wait_for_function("() => Number(document.body.dataset.version) > window.__before"
                               " || document.querySelector('dialog#summary[open]')")
        out.append(page.evaluate("() => performance.now() - window.__t0"))
    return out


def measure(runs: int) -> dict[str, Any]:
    """Run the measurements; medians and maxima in milliseconds, weight in bytes."""
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    folder = Path(tempfile.mkdtemp(prefix="pitchkit-web-"))
    process, base = serve(folder)
    paints: list[float] = []
    drawn: list[float] = []
    acts: list[float] = []
    socket_start: list[float] = []
    socket_open: list[float] = []
    weight: dict[str, int] = {}
    try:
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
                page.goto(f"{base}/t/{made['id']}?pace=fast")
                page.wait_for_selector("body[data-version]")
                drawn.append(page.evaluate("() => performance.now()"))
                marks = page.evaluate("""() => ['pitch-ws-start', 'pitch-ws-open'].map(
                    n => performance.getEntriesByName(n)[0].startTime)""")
                socket_start.append(marks[0])
                socket_open.append(marks[1])
                paints.append(page.evaluate(
                    "() => performance.getEntriesByName('first-contentful-paint')[0].startTime"))
                weight = page.evaluate("""() => {
                    const out = {document: performance.getEntriesByType('navigation')[0].decodedBodySize};
                    for (const r of performance.getEntriesByType('resource'))
                        if (!r.name.includes('/api/')) out[new URL(r.name).pathname] = r.decodedBodySize;
                    return out; }""")
                acts.extend(_actions(page, 6))
                context.close()
            browser.close()
    finally:
        process.terminate()
        process.wait(20)
        shutil.rmtree(folder, ignore_errors=True)
    return {
        "runs": runs,
        "first_paint_ms": {"median": statistics.median(paints), "max": max(paints)},
        "socket_opened_ms": {"median": statistics.median(socket_open), "max": max(socket_open)},
        "socket_started_ms": {"median": statistics.median(socket_start), "max": max(socket_start)},
        "table_drawn_ms": {"median": statistics.median(drawn), "max": max(drawn)},
        "action_on_screen_ms": {"count": len(acts), "median": statistics.median(acts), "max": max(acts)},
        "page_bytes": sum(weight.values()),
        "files": weight,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    got = measure(args.runs)
    if args.json:
        print(json.dumps(got, indent=2))
        return
    print(f"runs: {got['runs']}")
    for key in ("first_paint_ms", "socket_started_ms", "socket_opened_ms", "table_drawn_ms",
                "action_on_screen_ms"):
        print(f"{key}: median {got[key]['median']:.0f} ms, max {got[key]['max']:.0f} ms")
    print(f"page weight: {got['page_bytes']} bytes ({len(got['files'])} files)")


if __name__ == "__main__":
    main()
