"""Printable score sheets and table cards (``pitch tournament sheets``): the HTML document for a
round's tables, printed to PDF in headless Chromium and read back page by page."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pitchkit import make_rules
from pitchkit.tournament.director import Desk
from pitchkit.tournament.event import DeskError, new_event
from pitchkit.tournament.printing import bid_words, chromium, sheets_html
from tests.test_tournament_desk import cli, one_line_error

A4 = (595, 842)
LETTER = (612, 792)


def darrtown(tmp_path: Path) -> Desk:
    desk = Desk.create(tmp_path / "spring", new_event("darrtown", seed=3))
    desk.add([[n] for n in ("Ann", "Bob", "Cy", "Dee", "Ed", "Fay", "<Gus>")])
    desk.seat()
    desk.save()
    return desk


def pdf_pages(path: Path) -> list[tuple[tuple[int, int], str]]:
    from pypdf import PdfReader

    return [((round(float(p.mediabox.width)), round(float(p.mediabox.height))), p.extract_text())
            for p in PdfReader(str(path)).pages]


def need_chromium() -> None:
    if chromium() is None:
        if os.environ.get("CI"):
            pytest.fail("Chromium is not installed; CI prints the score sheets")
        pytest.skip("Chromium is not installed: apt-get install chromium")


def test_sheets_html_one_card_and_one_sheet_a_table_with_the_entry_grid(tmp_path: Path) -> None:
    """Each table has a card (its number large, the seats and names) and a sheet whose grid follows
    the hand entry: dealer, each seat's bid, trump, the rules' points, card points, made or set,
    scores and the judge's initials; names are escaped."""
    desk = darrtown(tmp_path)
    html = sheets_html(desk.event)
    assert html.count('class="page card"') == 2 and html.count('class="page sheet"') == 2
    for head in ("Dealer (seat)", "Trump", "High", "Low", "Jack", "Game", "Made / set", "Judge"):
        assert f">{head}</th>" in html
    assert "&lt;Gus&gt;" in html and "<Gus>" not in html
    assert html.count('<td class="hand">12</td>') == 1 and '<td class="hand">13</td>' not in html
    assert "size: A4 landscape" in html and "size: letter" in sheets_html(desk.event, paper="letter")
    with pytest.raises(DeskError, match="no round 3"):
        sheets_html(desk.event, 3)


def test_unl_sheet_has_the_ten_point_awards_and_team_scores(tmp_path: Path) -> None:
    desk = Desk.create(tmp_path / "unl", new_event("unl", seed=1))
    desk.add([["Ann", "Bea"], ["Cy", "Dee"]])
    desk.seat()
    html = sheets_html(desk.event)
    for head in ("Ace", "Jack", "Off-jack", "Big joker", "Little joker", "Ten", "Two", "Three (3)",
                 "Score 0 &amp; 2", "Score 1 &amp; 3", "section A"):
        assert head in html
    assert "Card points taken" not in html and ">Game</th>" not in html
    assert "Bids by seat (pass, a number, take, smudge, over-smudge)" in html


def test_a_sheet_heading_names_the_bids_its_rules_allow() -> None:
    """The bids column says what the entry takes under the table's rules: running it and selling
    only where the dealer may run it, smudge bids only where they exist."""
    assert bid_words(make_rules("pct")) == "pass, a number, take, run, sell"
    assert bid_words(make_rules("auction")) == "pass, a number, take"
    assert bid_words(make_rules("smudge")) == "pass, a number, take, smudge"


@pytest.mark.browser
def test_score_sheets_print_to_pdf_in_chromium_one_table_a_page(tmp_path: Path) -> None:
    """``pitch tournament sheets --pdf``: four pages for two tables, the card portrait and the sheet
    landscape on A4 (Letter on request), with the table numbers, names and the judge's column."""
    need_chromium()
    desk = darrtown(tmp_path)
    done = cli("sheets", desk.folder, "--out", tmp_path / "r1.html", "--pdf", tmp_path / "r1.pdf")
    assert done.exit_code == 0, done.output
    assert (tmp_path / "r1.html").read_text(encoding="utf-8") == sheets_html(desk.event)
    pages = pdf_pages(tmp_path / "r1.pdf")
    assert [size for size, _ in pages] == [A4, A4[::-1], A4, A4[::-1]]
    tables = [t for r in desk.event.rounds for t in r.tables]
    for i, table in enumerate(tables):
        card, sheet = pages[2 * i][1], pages[2 * i + 1][1]
        names = desk.event.seat_names(table)
        assert "TA" in card and str(table.number) in card and all(n in card for n in names)
        assert f"Table {table.number}" in sheet and "Judge" in sheet and all(n in sheet for n in names)
    letter = cli("sheets", desk.folder, "--round", 1, "--paper", "letter", "--out", tmp_path / "l.html",
                 "--pdf", tmp_path / "l.pdf")
    assert letter.exit_code == 0, letter.output
    assert [size for size, _ in pdf_pages(tmp_path / "l.pdf")] == [LETTER, LETTER[::-1]] * 2


def test_sheets_bad_input_is_one_line(tmp_path: Path) -> None:
    desk = darrtown(tmp_path)
    out = tmp_path / "x.html"
    assert "no round 4" in one_line_error(cli("sheets", desk.folder, "--round", 4, "--out", out))
    assert "a4 or letter" in one_line_error(cli("sheets", desk.folder, "--paper", "a3", "--out",
                                                tmp_path / "x.html"))
    assert not (tmp_path / "x.html").exists()


@pytest.mark.parametrize(("preset", "entrants"), [
    ("euchre", [["Ann", "Bea"], ["Cy", "Dee"]]),
    ("seven-point", [["Ann"], ["Bob"], ["Cy"]]),
])
def test_a_game_no_score_sheet_keeps_prints_table_cards_only(
        tmp_path: Path, preset: str, entrants: list[list[str]]) -> None:
    desk = Desk.create(tmp_path / preset, new_event("knockout", preset=preset, seed=1))
    desk.add(entrants)
    desk.seat()
    html = sheets_html(desk.event)
    assert html.count('class="page card"') == 1 and 'class="page sheet"' not in html
    assert "Bids by seat" not in html and ": table cards</title>" in html
