"""The command line speaks of Euchre as well as Pitch: the help texts name it, and a Euchre record
that uses a Pitch word is refused in words that fit Euchre."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pitchkit.cli import app

runner = CliRunner()

#: a Euchre hand record's start: seat 0 orders up the upcard (the jack of spades) and goes alone
EUCHRE_START = {
    "variant": "euchre", "dealer": 3,
    "hands": [["9C", "TC", "JC", "QC", "KC"], ["AC", "9D", "TD", "JD", "QD"],
              ["KD", "AD", "9H", "TH", "JH"], ["QH", "KH", "AH", "9S", "TS"]],
    "stock": ["JS", "QS", "KS", "AS"],
    "actions": [{"seat": 0, "trump": "S"}, {"seat": 0, "choose": "alone"}],
}


def test_the_top_help_and_the_play_help_name_euchre() -> None:
    top = runner.invoke(app, ["--help"], env={"COLUMNS": "200"})
    play = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "200"})
    assert top.exit_code == play.exit_code == 0
    assert "Euchre" in top.stdout and "Pitch or Euchre" in play.stdout


def test_a_euchre_record_runs_as_far_as_the_maker_going_alone(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(EUCHRE_START))
    result = runner.invoke(app, ["score", str(path)])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert (out["maker"], out["alone"], out["complete"]) == (0, True, False)


def test_take_in_a_euchre_record_is_refused_as_it_was_written(tmp_path: Path) -> None:
    record = dict(EUCHRE_START, actions=[{"seat": 0, "choose": "take"}])
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record))
    result = runner.invoke(app, ["score", str(path)])
    assert result.exit_code == 2 and result.stdout == ""
    line = result.stderr.strip()
    assert "\n" not in line
    assert line.startswith("action 0 (seat 0 choose take): ") and "bid 2" not in line
    assert "upcard" in line


def test_a_wrong_number_of_players_at_euchre_says_it_is_for_four() -> None:
    result = runner.invoke(app, ["simulate", "--variant", "euchre", "--players", "3", "--hands", "1"])
    assert result.exit_code == 2
    assert result.stderr.strip() == "euchre is for 4 players, not 3"


def test_simulate_at_euchre_tells_how_trump_was_made_on_one_job() -> None:
    result = runner.invoke(app, ["simulate", "--variant", "euchre", "--hands", "20", "--engine"],
                           env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "1 job," in result.stdout and "1 jobs" not in result.stdout
    assert "Making trump" in result.stdout and "euchred" in result.stdout


def test_the_tournament_docs_name_every_euchre_misconduct_flag_of_pitch_tournament_ruling() -> None:
    help_text = runner.invoke(app, ["tournament", "ruling", "--help"], env={"COLUMNS": "300"}).stdout
    flags = [f for f in ("--renege", "--table-talk", "--dealt-out-of-turn", "--no-cut") if f in help_text]
    assert len(flags) == 4
    docs = (Path(__file__).parent.parent / "docs" / "tournament.md").read_text()
    commands_row = next(line for line in docs.splitlines() if line.startswith("| `ruling DIR TABLE --record"))
    assert all(f"{flag} SEAT`" in commands_row for flag in flags)
    assert "offers the four rulings" in docs


def test_pitch_rules_counts_the_benny_in_the_deck_of_euchre_uk() -> None:
    result = runner.invoke(app, ["rules", "euchre-uk"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "A 25-card deck, 9 to ace in each suit and a joker, the Benny" in result.stdout
