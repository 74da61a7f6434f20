"""What a tournament director reads: when the desk refuses something, one line that says what was
wrong, the file (``sheet hand: cannot read ...``, ``record: ...``, ``entrants: ...``, ``event: ...``)
or the sheet (``sheet: hand N: ...``), and nothing changed; and hands numbered as the printed score
sheet numbers its rows, from 1."""

from __future__ import annotations

from pathlib import Path

import pytest

from pitchkit.tournament.event import load
from pitchkit.tournament.printing import sheets_html
from tests.test_tournament_desk import cli, one_line_error
from tests.test_tournament_sheets import physical_event, words


def _unchanged(folder: Path, before: str) -> None:
    assert (folder / "event.json").read_text(encoding="utf-8") == before


def test_a_first_dealer_who_is_not_a_seat_is_a_sheet_error(tmp_path: Path) -> None:
    folder = physical_event(tmp_path)
    before = (folder / "event.json").read_text(encoding="utf-8")
    error = one_line_error(cli("enter", folder, 1, "--dealer", 7, "--bids", "2,3", "--trump", "C"))
    assert error == "sheet: hand 1: dealer must be a seat 0 to 1, not 7"
    _unchanged(folder, before)


@pytest.mark.parametrize(("name", "text", "expected"), [
    ("nofile.json", None, "sheet hand: cannot read nofile.json: No such file or directory"),
    ("bad.json", '{"dealer": 0,', "sheet hand: bad.json is not valid JSON: Expecting"),
    ("list.json", "[1]", "sheet hand: list.json is not a JSON object"),
])
def test_a_sheet_hand_file_that_cannot_be_used_names_the_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, text: str | None, expected: str) -> None:
    folder = physical_event(tmp_path)
    before = (folder / "event.json").read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    if text is not None:
        Path(name).write_text(text, encoding="utf-8")
    error = one_line_error(cli("enter", folder, 1, "--json", name))
    assert error.startswith(expected), error
    _unchanged(folder, before)


def test_a_game_record_file_that_cannot_be_read_is_a_record_error(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    folder = physical_event(tmp_path)
    monkeypatch.chdir(tmp_path)
    error = one_line_error(cli("result", folder, 1, "nofile.json"))
    assert error == "record: cannot read nofile.json: No such file or directory"


def test_a_long_path_is_cut_from_its_start_keeping_the_files_name(tmp_path: Path) -> None:
    folder = physical_event(tmp_path)
    path = tmp_path / ("a" * 80) / "nofile.csv"
    error = one_line_error(cli("add", folder, "--csv", path))
    assert error.startswith("entrants: cannot read ...") and "/nofile.csv: No such file" in error
    assert len(error) < 120


def test_the_desk_numbers_a_sheets_hands_as_the_printed_sheet_does(tmp_path: Path) -> None:
    """The printed score sheet's first row is hand 1: the desk's messages and errors say hand 1 of
    the first hand, while the event file keeps indexes from 0 (the sheet's ``hands`` list, a
    ruling's ``hand``)."""
    folder = physical_event(tmp_path)
    first = cli("enter", folder, 1, *words("--dealer 0 --bids 2,3 --trump C --award high=1:KC --award low=1 "
                                           "--award jack=0 --award game=1 --points 5,10"))
    assert first.exit_code == 0, first.output
    assert first.stdout.startswith("table 1 hand 1: seat 0 bid 3 (set)"), first.output
    second = words("--bids pass,2 --trump C --award high=1 --award low=1 --award jack=0 --award game=1")
    assert one_line_error(cli("enter", folder, 1, *second, "--points", "1,12")) == \
        "table 1: hand 1 waits for a judge's confirmation"
    confirmed = cli("judge", "confirm", folder, 1, "--initials", "JD", "--pin", "2468")
    assert confirmed.stdout.strip() == "table 1 hand 1 confirmed by JD"
    ruled = cli("ruling", folder, 1, "--protest", 0, "--trick", 0, "--denied", "--about", "a bid")
    assert ruled.stdout.startswith("round 1 table 1 hand 2: protest about the auction"), ruled.output
    assert "ruling: round 1 table 1 hand 2 " in cli("status", folder).stdout
    assert one_line_error(cli("enter", folder, 1, *second, "--points", "12,1")).startswith("sheet: hand 2: ")
    event = load(folder)
    assert [g.hand for g in event.rulings] == [1]
    sheet = event.rounds[0].tables[0].sheet
    assert sheet is not None and len(sheet["hands"]) == 1 and sheet["rulings"][0]["hand"] == 1
    printed = sheets_html(event)
    assert '<td class="hand">1</td>' in printed and '<td class="hand">0</td>' not in printed
