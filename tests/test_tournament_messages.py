"""What a tournament director reads when the desk refuses something: one line that says what was
wrong, the file (``sheet hand: cannot read ...``, ``record: ...``, ``entrants: ...``, ``event: ...``)
or the sheet (``sheet: hand N: ...``), and nothing changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_tournament_desk import cli, one_line_error
from tests.test_tournament_sheets import physical_event


def _unchanged(folder: Path, before: str) -> None:
    assert (folder / "event.json").read_text(encoding="utf-8") == before


def test_a_first_dealer_who_is_not_a_seat_is_a_sheet_error(tmp_path: Path) -> None:
    folder = physical_event(tmp_path)
    before = (folder / "event.json").read_text(encoding="utf-8")
    error = one_line_error(cli("enter", folder, 1, "--dealer", 7, "--bids", "2,3", "--trump", "C"))
    assert error == "sheet: hand 0: dealer must be a seat 0 to 1, not 7"
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
