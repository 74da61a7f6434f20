"""``pitch rules``: the preset list and one preset's rules with sources."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pitchkit.cli import app

runner = CliRunner()


def test_rules_lists_every_preset() -> None:
    result = runner.invoke(app, ["rules", "--json"])
    assert result.exit_code == 0
    names = [p["name"] for p in json.loads(result.stdout)]
    assert names == ["pct", "pct-tournament", "smudge", "auction", "auction-partners", "ten-point",
                     "seven-point"]


def test_rules_of_a_preset_give_value_and_seed_source() -> None:
    result = runner.invoke(app, ["rules", "tournament", "--json"])
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert doc["preset"] == "pct-tournament"
    rows = {r["option"]: r for r in doc["rules"]}
    assert rows["dealer-steal"]["value"] == "one-more"
    assert "000" in rows["dealer-steal"]["source"]
    assert rows["deals-per-player"]["value"] == 2


def test_rules_with_an_option_marks_it() -> None:
    result = runner.invoke(app, ["rules", "pct", "-o", "target=15", "--json"])
    rows = {r["option"]: r for r in json.loads(result.stdout)["rules"]}
    assert rows["target"] == {**rows["target"], "value": 15, "source": "your option"}


def test_rules_table_is_readable() -> None:
    result = runner.invoke(app, ["rules", "ten-point"])
    assert result.exit_code == 0
    assert "smudge-value" in result.stdout and "52" in result.stdout


def test_unknown_preset_one_line_exit_2() -> None:
    result = runner.invoke(app, ["rules", "bogus"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.strip().count("\n") == 0 and "unknown variant 'bogus'" in result.stderr


def test_bad_option_one_line_exit_2() -> None:
    result = runner.invoke(app, ["rules", "pct", "-o", "target"])
    assert result.exit_code == 2 and "NAME=VALUE" in result.stderr
