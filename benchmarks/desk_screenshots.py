"""Pictures of the desk online for docs/tournament.md, written as PNGs to ``docs/images/``
(``desk-director.png``, ``desk-judge.png``, ``desk-board.png``, ``desk-physical.png``, ``desk-events.png``).

``pitch serve`` is started on a temporary SQLite file; a Darrtown event of eight players is made
through the desk's API, a judge added and its first Go-Round seated with one seat waiting for its
player's invite link and the others played by bots; once a table's result is in, headless Chromium
shows the director's console, the judges' console and the public board. A second event, a knockout
seated at physical tables, has one hand of its score sheet confirmed and the next waiting for a
judge (``desk-physical.png``: the judges' console); ``desk-events.png`` is the director's list of
both events on ``/desk``.

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
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
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
                physical = physical_event(server.base, pin_name="Jo Day")
                page.evaluate("k => sessionStorage.setItem(`pitchkit.desk.judge.${k[0]}`, k[1])",
                              [physical[0].id, physical[1]])
                page.goto(f"{server.base}/desk/{physical[0].id}/judge")
                page.wait_for_selector("button.confirm-sheet", timeout=30_000)
                page.fill("#sheet-table", "2")
                page.fill("#sheet-dealer", "1")
                page.screenshot(path=str(args.out / "desk-physical.png"), full_page=True)
                held = [{"id": e.id, "password": e.password} for e in (physical[0], event)]
                page.evaluate("h => localStorage.setItem('pitchkit.desk.events', JSON.stringify(h))", held)
                page.goto(f"{server.base}/desk")
                page.wait_for_selector("#mine-list li:nth-child(2)", timeout=30_000)
                page.screenshot(path=str(args.out / "desk-events.png"))
                browser.close()
        finally:
            server.stop()
    names = ("director", "judge", "board", "physical", "events")
    print(f"wrote {', '.join(str(args.out / f'desk-{n}.png') for n in names)}")


def physical_event(base: str, pin_name: str) -> tuple[Event, str]:
    """A knockout of eight at physical tables: table 1's first hand confirmed, its second entered."""
    event = Event.create(base, format="knockout")
    ok(event.post("entrants", {"csv": "\n".join(NAMES)}))
    pin = ok(event.post("judges", {"name": pin_name}), 201)["pin"]
    ok(event.post("seat", {"physical": True}))
    ok(event.post("tables/1/sheet", {"dealer": 3, "bids": "2,pass,pass,pass", "trump": "S",
                                     "awards": "high=0:AS low=1 jack=0 game=0", "points": "20,5,0,0"}, pin))
    ok(event.post("tables/1/sheet/confirm", {}, pin))
    ok(event.post("tables/1/sheet", {"bids": "pass,3,pass,pass", "trump": "H",
                                     "awards": "high=2 low=2 game=2", "points": "0,0,14,9"}, pin))
    return event, pin


if __name__ == "__main__":
    main()
