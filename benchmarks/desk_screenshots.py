"""Pictures of the desk online for docs/tournament.md, written as PNGs to ``docs/images/``
(``desk-director.png``, ``desk-judge.png``, ``desk-board.png``).

``pitch serve`` is started on a temporary SQLite file; a Darrtown event of eight players is made
through the desk's API, a judge added and its first Go-Round seated with one seat waiting for its
player's invite link and the others played by bots; once a table's result is in, headless Chromium
shows the director's console, the judges' console and the public board.

Run from the checkout: ``PYTHONPATH=. python benchmarks/desk_screenshots.py [--out docs/images]`` (it
uses the test suite's server and desk client; needs Chromium and Playwright).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.server.client import ok
from tests.server.conftest import Server
from tests.server.desk_client import Event
from tests.web.conftest import CHROMIUM_ARGS, chromium_path

NAMES = ["Ann", "Bob", "Cy", "Dee", "Ed", "Fay", "Gus", "Hal"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/images"))
    args = parser.parse_args()
    path = chromium_path()
    if path is None:
        raise SystemExit("Chromium is not installed: apt-get install chromium")
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(f"sqlite:///{tmp}/desk.db", Path(tmp)).start()
        try:
            event = Event.create(server.base, format="darrtown")
            ok(event.post("entrants", {"csv": "\n".join(NAMES)}))
            pin = ok(event.post("judges", {"name": "Judy"}), 201)["pin"]
            ok(event.post("seat", {"bots": {n: "heuristic" for n in NAMES if n != "Ann"}}))
            event.wait(lambda b: any(t["result"] for t in b["round"]["tables"]), 120)
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": 1100, "height": 900})
                page.goto(f"{server.base}/desk/{event.id}/director#key={event.password}")
                page.wait_for_selector("#console:not([hidden]) article.desk-table", timeout=30_000)
                page.click("article.desk-table details summary")
                page.screenshot(path=str(args.out / "desk-director.png"), full_page=True)
                page.goto(f"{server.base}/desk/{event.id}/judge")
                page.fill("#pin", pin)
                page.click("#login-form button[type=submit]")
                page.wait_for_selector("button.confirm", timeout=30_000)
                page.click("button.confirm")
                page.wait_for_selector("text=confirmed by Judy", timeout=30_000)
                page.screenshot(path=str(args.out / "desk-judge.png"))
                board = browser.new_page(viewport={"width": 1600, "height": 900})
                board.goto(f"{server.base}/desk/{event.id}")
                board.wait_for_selector("article.desk-table", timeout=30_000)
                time.sleep(0.5)
                board.screenshot(path=str(args.out / "desk-board.png"))
                browser.close()
        finally:
            server.stop()
    print(f"wrote {', '.join(str(args.out / f'desk-{n}.png') for n in ('director', 'judge', 'board'))}")


if __name__ == "__main__":
    main()
