"""Screenshots of the browser table for docs/web.md: the lobby, a trick in progress, a hint with
its reason, a hand's summary, How to play, the chat, the end of a game with *Play again* and a
phone view, written as PNGs to ``docs/images/``; and a trick of
every preset on a desktop and on a 360 px phone in ``docs/images/presets/`` (JPEG).

A server is started on a free port with a temporary SQLite file, a person plays against three
``heuristic`` bots in headless Chromium, and the pictures are taken when the table shows each
moment (deals are random, so each run shows other cards).

Run: ``python benchmarks/web_screenshots.py [--out docs/images] [--no-presets] [--presets-as png]``
(needs Chromium).
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright
from web_page import ARGS, post, serve

from pitchkit.engine.presets import presets

DESKTOP: ViewportSize = {"width": 1100, "height": 720}
PHONE: ViewportSize = {"width": 360, "height": 740}

SEATS = [{"human": True}, {"bot": "heuristic"}, {"bot": "heuristic"}, {"bot": "heuristic"}]


def _seat_page(browser: Browser, base: str, variant: str, viewport: ViewportSize,
               options: dict[str, object] | None = None) -> Page:
    made = post(base, "/api/tables", {"variant": variant, "seats": SEATS, "options": options or {}})
    joined = post(base, f"/api/tables/{made['id']}/join",
                  {"seat": 0, "invite": made["invites"][0]["invite"], "name": "Ann"})
    entry = json.dumps([{"id": made["id"], "seat": 0, "token": joined["token"], "name": "Ann",
                         "variant": variant, "owner": made["owner"]}])
    # reduced motion: the pictures show cards that have landed, not half-way through their animation
    context = browser.new_context(viewport=viewport, device_scale_factor=1, reduced_motion="reduce")
    context.add_init_script(f"localStorage.setItem('pitchkit.tables', {json.dumps(entry)})")
    page = context.new_page()
    page.goto(f"{base}/t/{made['id']}?pace=fast")
    page.wait_for_selector("body[data-version]")
    return page


def _play_until(page: Page, moment: str) -> None:
    """Play the seat's turns (the first legal choice) until ``moment``: ``trick`` (the seat to play
    with cards on the table), ``summary`` or ``over`` (the summary of the game's last hand)."""
    for _ in range(400):
        if page.locator("dialog#summary[open]").count():
            ended = page.locator("dialog#summary [data-again]").count()
            if moment == "summary" or (moment == "over" and ended):
                return
            page.click("dialog#summary button.close")
            continue
        turn = page.evaluate(
            "() => document.body.classList.contains('my-turn') && !document.body.dataset.pending")
        if not turn:
            page.wait_for_timeout(30)
            continue
        if moment == "trick" and page.locator("#trick figure.played").count() >= 2 \
                and page.locator("#hand button.card.legal").count():
            return
        before = page.evaluate("() => Number(document.body.dataset.version)")
        confirm = page.locator("#discard-go, #pass-go")
        if confirm.count():
            cards = page.locator("#hand button.card.legal[aria-pressed='false']")
            while not confirm.is_enabled() and cards.count():
                cards.first.click()
            confirm.click()
        else:
            page.locator("#actions button.act:not([aria-disabled]), #hand button.card.legal").first.click()
        page.wait_for_function("v => Number(document.body.dataset.version) > v"
                               " || document.querySelector('dialog#summary[open]')", arg=before)
    raise SystemExit(f"the table never reached the {moment}")


def _hint(page: Page) -> bool:
    """Ask for a hint until it comes with its reason (a bot worker's first hint has none while it
    loads the compiled solver, and a hand too long to solve has none); False if it never did."""
    for _ in range(6):
        page.evaluate("() => { document.getElementById('hint-box').hidden = true; }")
        page.click("#hint-btn")
        page.wait_for_selector("#hint-box:not([hidden]) .reason")
        if page.locator("#hint-box table.odds").count():
            page.evaluate("() => document.activeElement.blur()")
            return True
        page.wait_for_timeout(4000)
    return False


def _every_preset(browser: Browser, base: str, out: Path, kind_of_file: str) -> None:
    """A trick of every preset at its default number of players, on a desktop and on a phone."""
    out.mkdir(parents=True, exist_ok=True)
    for name in sorted(presets()):
        for kind, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
            page = _seat_page(browser, base, name, viewport)
            _play_until(page, "trick")
            if kind_of_file == "png":
                page.screenshot(path=out / f"{name}-{kind}.png")
            else:
                page.screenshot(path=out / f"{name}-{kind}.jpg", type="jpeg", quality=75)
            page.context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).parent.parent / "docs" / "images")
    parser.add_argument("--no-presets", action="store_true", help="only the pictures of docs/web.md")
    parser.add_argument("--presets-as", choices=("jpeg", "png"), default="jpeg",
                        help="the file type of the pictures of every preset (JPEG: a tenth of the size)")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="pitchkit-shots-"))
    process, base = serve(folder)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                         headless=True, args=ARGS)
            lobby = browser.new_page(viewport={"width": 1000, "height": 900})
            lobby.goto(base + "/")
            lobby.fill("#name", "Ann")
            lobby.select_option("#seats select[data-seat='2']", "friend")
            lobby.click("#options summary")
            lobby.wait_for_selector("#option-list[data-preset]:not([data-preset=''])", state="attached")
            lobby.evaluate("() => { document.activeElement.blur(); window.scrollTo(0, 0); }")
            lobby.screenshot(path=args.out / "web-lobby.png")
            desk = _seat_page(browser, base, "pct", {"width": 1100, "height": 720})
            _play_until(desk, "trick")
            desk.screenshot(path=args.out / "web-trick.png")
            if _hint(desk):
                desk.evaluate("() => document.getElementById('hint-box').scrollIntoView({block: 'end'})")
                desk.screenshot(path=args.out / "web-hint.png")
            else:
                print("no hint with its reason at this turn: web-hint.png is left as it was")
            _play_until(desk, "summary")
            desk.screenshot(path=args.out / "web-summary.png")
            desk.click("dialog#summary button.close")
            desk.click("#howto-btn")
            desk.wait_for_selector("#rules h3")
            desk.screenshot(path=args.out / "web-howto.png")
            desk.click("#howto button.close")
            desk.evaluate("() => { document.getElementById('chat-box').open = true; }")
            desk.fill("#chat-text", "Good luck, everyone!")
            desk.click("#chat-form button[type=submit]")
            desk.click("#chat-react button[data-react='nice']")
            desk.wait_for_function("() => document.querySelectorAll('#chat-lines li').length >= 2")
            desk.evaluate("() => document.getElementById('chat-box').scrollIntoView()")
            desk.screenshot(path=args.out / "web-chat.png")
            ending = _seat_page(browser, base, "pct", {"width": 1100, "height": 720}, {"target": 1})
            _play_until(ending, "over")
            ending.screenshot(path=args.out / "web-again.png")
            phone = _seat_page(browser, base, "ten-point", PHONE)
            _play_until(phone, "trick")
            phone.screenshot(path=args.out / "web-phone.png")
            if not args.no_presets:
                _every_preset(browser, base, args.out / "presets", args.presets_as)
            browser.close()
    finally:
        process.terminate()
        process.wait(20)
        shutil.rmtree(folder, ignore_errors=True)
    print(f"wrote {', '.join(p.name for p in sorted(args.out.glob('web-*.png')))} to {args.out}")


if __name__ == "__main__":
    main()
