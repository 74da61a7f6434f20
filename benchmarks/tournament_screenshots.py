"""Pictures of the printable score sheet and table card for docs/tournament.md, written as PNGs to
``docs/images/`` (``tournament-sheet.png``, ``tournament-card.png``), and the same document as PDF.

A Darrtown event of seven players is made with a fixed seed in a temporary folder and its first
round seated; :func:`pitchkit.tournament.printing.sheets_html` builds the document that
``pitch tournament sheets`` writes, and headless Chromium shows table 1's sheet and card.

Run: ``python benchmarks/tournament_screenshots.py [--out docs/images] [--pdf FILE.pdf]`` (needs
Chromium and Playwright).
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from pitchkit.tournament.director import Desk
from pitchkit.tournament.event import new_event
from pitchkit.tournament.printing import CHROMIUM_ARGS, chromium, print_pdf, sheets_html

NAMES = ["Ann", "Bob", "Cy", "Dee", "Ed", "Fay", "Gus"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("docs/images"))
    parser.add_argument("--pdf", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        desk = Desk.create(Path(tmp) / "spring", new_event("darrtown", seed=3))
        desk.add([[n] for n in NAMES])
        desk.seat()
        html = sheets_html(desk.event)
    if args.pdf is not None:
        print_pdf(html, args.pdf)
    path = chromium()
    if path is None:
        raise SystemExit("Chromium is not installed: apt-get install chromium")
    args.out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1200, "height": 900}, device_scale_factor=1)
        page.set_content(html, wait_until="load")
        page.locator("section.sheet").first.screenshot(path=str(args.out / "tournament-sheet.png"))
        page.locator("section.card").first.screenshot(path=str(args.out / "tournament-card.png"))
        browser.close()
    print(f"wrote {args.out / 'tournament-sheet.png'} and {args.out / 'tournament-card.png'}")


if __name__ == "__main__":
    main()
