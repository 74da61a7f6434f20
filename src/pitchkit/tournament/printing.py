"""Printable score sheets and table cards for the physical tables of a round: one HTML document with
print CSS (A4 or Letter), for each table a table card (the number large, the seats and names) and a
score sheet (a hand-by-hand grid in the order of ``pitch tournament enter``: dealer, each seat's bid,
trump, who took each point, card points, made or set, the running scores and the judge's initials).

:func:`sheets_html` builds the document from an event alone, so a web page can serve the same
document; :func:`print_pdf` prints it to PDF through headless Chromium (Playwright).
"""

from __future__ import annotations

import shutil
from html import escape
from pathlib import Path

from pitchkit.engine.errors import quote
from pitchkit.engine.presets import rules_label
from pitchkit.engine.rules import AllPass, Rules
from pitchkit.tournament.event import DeskError, Event, Round, Table
from pitchkit.tournament.sheet import kept_on_sheet

#: paper sizes, as CSS ``@page`` sizes
PAPERS = {"a4": "A4", "letter": "letter"}
#: Chromium's switches for a headless run (in a container too)
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]
#: short column heads of the points
POINT_HEADS = {"high": "High", "low": "Low", "jack": "Jack", "off-jack": "Off-jack", "big-joker": "Big joker",
               "little-joker": "Little joker", "ace": "Ace", "ten": "Ten", "two": "Two", "three": "Three (3)",
               "game": "Game", "smudge": "Smudge"}

_CSS = """
@page { size: %(paper)s landscape; margin: 9mm; }
@page card { size: %(paper)s portrait; margin: 14mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Arial, sans-serif; color: #000; margin: 0; }
.page { break-after: page; }
.page:last-child { break-after: auto; }
.card { page: card; text-align: center; }
.card .number { font-size: 300pt; font-weight: 800; line-height: 1; margin: 12mm 0 4mm; }
.card .label { font-size: 30pt; letter-spacing: 0.2em; text-transform: uppercase; }
.card ul { list-style: none; padding: 0; font-size: 20pt; line-height: 1.6; }
.card .event { font-size: 13pt; margin-top: 8mm; }
header { display: flex; justify-content: space-between; align-items: baseline; }
header h1 { font-size: 18pt; margin: 0; }
header .event { font-size: 10pt; }
table.seats { border-collapse: collapse; margin: 2mm 0 3mm; font-size: 10pt; }
table.seats td { padding: 0.6mm 4mm 0.6mm 0; }
table.grid { border-collapse: collapse; width: 100%%; font-size: 8pt; table-layout: fixed; }
.grid th, .grid td { border: 0.3mm solid #000; text-align: center; padding: 0 0.5mm; }
.grid td { height: 6.4mm; }
.grid th { background: #e8e8e8; font-weight: 600; overflow: hidden; }
.grid .group { background: #d0d0d0; }
.grid td.hand { font-weight: 600; }
.grid .judge { width: 13mm; }
p.note { font-size: 8pt; margin: 2mm 0 0; }
.rulings { border: 0.3mm solid #000; height: 12mm; font-size: 8pt; padding: 1mm; margin-top: 2mm; }
@media screen {
  body { background: #888; }
  .page { background: #fff; width: 297mm; min-height: 210mm; margin: 8mm auto; padding: 9mm; }
  .card { width: 210mm; min-height: 297mm; padding: 14mm; }
}
"""


def _round(event: Event, number: int | None) -> Round:
    if not event.rounds:
        raise DeskError("no round is seated yet: seat one with pitch tournament seat")
    if number is None:
        return event.rounds[-1]
    for r in event.rounds:
        if r.number == number:
            return r
    raise DeskError(f"no round {number}: rounds 1 to {len(event.rounds)}")


def rows_for(rules: Rules) -> int:
    """Rows of a sheet's grid: every deal of a deal-count game and room for tied leaders' extra
    hands, or a page's worth for a game to a target."""
    if rules.deals_per_player:
        return min(20, rules.deals_per_player * rules.players + 4)
    return 18


def _sides(event: Event, table: Table, rules: Rules) -> list[tuple[str, str]]:
    """Each side's seats and name: ``("0 & 2", "Ann & Bea")``."""
    teams = rules.teams or rules.players
    return [(" & ".join(str(s) for s in range(rules.players) if s % teams == i), event.entrants[e].name)
            for i, e in enumerate(table.entrants)]


def _card(event: Event, round_: Round, table: Table) -> str:
    rules = event.table_rules(len(table.entrants))
    names = event.seat_names(table)
    section = f" · section {escape(table.section)}" if table.section else ""
    seats = "".join(f"<li>seat {s}: {escape(n)}</li>" for s, n in enumerate(names))
    return (f'<section class="page card"><div class="label">Table</div>'
            f'<div class="number">{table.number}</div><ul>{seats}</ul>'
            f'<div class="event">{escape(event.format)} · {escape(rules_label(rules))}'
            f' · round {round_.number}'
            f"{section}</div></section>")


def bid_words(rules: Rules) -> str:
    """What a score sheet's bid cells may hold under ``rules``, as the entry takes them."""
    words = ["pass", "a number", "take"]
    if rules.all_pass == AllPass.TAKE_OR_RUN:
        words += ["run", "sell"]
    if rules.smudge_bids:
        words += ["smudge", "over-smudge"]
    elif rules.max_bid_name:
        words.append(rules.max_bid_name)
    return ", ".join(words)


def _sheet(event: Event, round_: Round, table: Table) -> str:
    rules = event.table_rules(len(table.entrants))
    names = event.seat_names(table)
    n = rules.players
    points = [p for p, _, _ in rules.point_plan]
    game = "game" in points
    sides = _sides(event, table, rules)
    seat_rows = "".join(f"<tr><td>seat {s}</td><td><b>{escape(name)}</b></td></tr>"
                        for s, name in enumerate(names))
    section = f", section {escape(table.section)}" if table.section else ""
    counts = [f"seat {s}" for s in range(n)] if game else []
    heads = ["Hand", "Dealer (seat)", *(f"{s}: {name}" for s, name in enumerate(names)), "Trump",
             *(POINT_HEADS.get(p, p) for p in points), *counts, "Made / set",
             *(f"Score {seats}" for seats, _ in sides), "Judge"]
    groups = [("", 2), (f"Bids by seat ({bid_words(rules)})", n), ("", 1),
              ("Seat who took each point", len(points)), *([("Card points taken", n)] if game else []),
              ("", 1), ("Scores after the hand", len(sides)), ("", 1)]
    group_row = "".join(f'<th colspan="{span}" class="{"group" if title else ""}">{escape(title)}</th>'
                        for title, span in groups)
    head_row = "".join(f'<th class="{"judge" if h == "Judge" else ""}">{escape(h)}</th>' for h in heads)
    blank = "<td></td>" * (len(heads) - 1)
    body = "".join(f'<tr><td class="hand">{i}</td>{blank}</tr>' for i in range(1, rows_for(rules) + 1))
    title = f"Table {table.number} · round {round_.number}{section}"
    what = f"{escape(event.format)} · {escape(rules_label(rules))}"
    return (f'<section class="page sheet"><header><h1>{title}</h1><span class="event">{what}</span></header>'
            f'<table class="seats">{seat_rows}</table>'
            f'<table class="grid"><thead><tr>{group_row}</tr><tr>{head_row}</tr></thead>'
            f'<tbody>{body}</tbody></table><p class="note">One row a hand. Points: the seat that took each '
            "one, blank if nobody did. After every hand the dealer calls a judge, who verifies the counts "
            'and initials the score.</p><div class="rulings">Rulings (hand, seat, what was ruled):</div>'
            "</section>")


def sheets_html(event: Event, round_number: int | None = None, *, paper: str = "a4") -> str:
    """The printable document of a round (the latest by default): for each table its table card and
    its score sheet, one to a page, on ``paper`` (``a4`` or ``letter``)."""
    if paper not in PAPERS:
        raise DeskError(f"paper is {' or '.join(PAPERS)}, not {quote(paper)}")
    round_ = _round(event, round_number)
    if not round_.tables:
        raise DeskError(f"round {round_.number} has no tables")
    # a game that no score sheet can keep (Euchre, seven-point) gets its table cards only
    sheets = kept_on_sheet(event.rules)
    pages = "".join(_card(event, round_, t) + (_sheet(event, round_, t) if sheets else "")
                    for t in round_.tables)
    what = "score sheets and table cards" if sheets else "table cards"
    title = f"{event.format} round {round_.number}: {what}"
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
            f"<style>{_CSS % {'paper': PAPERS[paper]}}</style></head><body>{pages}</body></html>")


def chromium() -> str | None:
    """The Chromium binary to print with, if installed."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None and Path("/usr/bin/chromium").exists():
        found = "/usr/bin/chromium"
    return found


def print_pdf(html: str, out: Path, *, executable: str | None = None) -> None:
    """Print ``html`` to ``out`` as PDF in headless Chromium, with the document's own page sizes."""
    path = executable or chromium()
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        raise DeskError("--pdf needs Playwright: pip install playwright") from None
    if path is None:
        raise DeskError("--pdf needs Chromium: apt-get install chromium")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
            try:
                page = browser.new_page()
                page.set_content(html, wait_until="load")
                page.pdf(path=str(out), prefer_css_page_size=True, print_background=True)
            finally:
                browser.close()
    except Error as e:
        raise DeskError(f"printing to PDF failed: {str(e).splitlines()[0][:200]}") from None
