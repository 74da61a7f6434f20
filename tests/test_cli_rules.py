"""``pitch rules``: the preset list, one preset's rules sheet in plain words, and its rules with sources
(``--table``, ``--json``)."""

from __future__ import annotations

import dataclasses
import json
from enum import Enum
from typing import Any

import pytest
from typer.testing import CliRunner

from pitchkit.cli import app
from pitchkit.engine.errors import PitchError
from pitchkit.engine.presets import presets
from pitchkit.engine.rules import OPTION_RANGES, Rules
from pitchkit.engine.rules_text import number, rules_sheet

runner = CliRunner()


def test_rules_lists_every_preset() -> None:
    result = runner.invoke(app, ["rules", "--json"])
    assert result.exit_code == 0
    names = [p["name"] for p in json.loads(result.stdout)]
    assert names == ["pct", "pct-tournament", "smudge", "auction", "auction-partners", "ten-point",
                     "seven-point", "euchre", "euchre-stick", "euchre-uk"]


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
    result = runner.invoke(app, ["rules", "ten-point", "--table"])
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


def on_80_columns(*args: str) -> str:
    result = runner.invoke(app, list(args), env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("name", list(presets()))
def test_the_sheet_teaches_every_preset_in_80_columns(name: str) -> None:
    """Dealing, bidding, trump, play, scoring and winning, each under its heading; the title whole;
    no line wider than the terminal."""
    out = on_80_columns("rules", name)
    preset = presets()[name]
    lines = out.splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert " ".join(lines[:2]).startswith(f"{name}: {preset.title}")
    making = "Making trump" if preset.rules.trump_by == "upcard" else "Bidding"
    for heading in ("Players and cards", "Dealing", making, "Trump", "Playing the tricks", "Scoring",
                    "Winning"):
        assert heading in lines
    assert f"each player {number(preset.rules.hand_size)} cards" in out


def test_the_table_title_is_not_cut() -> None:
    out = on_80_columns("rules", "pct-tournament", "--table")
    preset = presets()["pct-tournament"]
    assert f"pct-tournament: {preset.title} (rulebook: {preset.rulebook})" in " ".join(out.splitlines()[:3])


@pytest.mark.parametrize("name", list(presets()))
def test_the_table_names_the_rulebook_not_its_file(name: str) -> None:
    """The title and the source column name the rule document by its title, never by its file or
    the number the citations use for it; --json keeps the citation as ``source`` beside it in words
    as ``source_text``, and names the rulebook."""
    preset = presets()[name]
    out = runner.invoke(app, ["rules", name, "--table"], env={"COLUMNS": "100"}).stdout
    number = preset.seed.split("_", 1)[0]
    assert preset.seed not in out
    assert f"(rulebook: {preset.rulebook})" in " ".join(out.splitlines()[:3])
    sources: list[str] = []
    for line in (line for line in out.splitlines() if line.startswith("│")):
        cells = [c.strip() for c in line.split("│")[1:-1]]
        if cells[0]:
            sources.append(cells[3])
        else:  # a long source folds onto lines of its own
            sources[-1] = f"{sources[-1]} {cells[3]}".strip()
    assert sources and not [s for s in sources if s.startswith((number, "brief"))]
    assert any(s.startswith(preset.rulebook) for s in sources)
    doc = json.loads(runner.invoke(app, ["rules", name, "--json"]).stdout)
    assert doc["seed"] == preset.seed and doc["rulebook"] == preset.rulebook
    cited = [r for r in doc["rules"] if r["source"].startswith(number)]
    assert cited and all(r["source_text"].startswith(preset.rulebook) for r in cited)
    listing = {p["name"]: p for p in json.loads(runner.invoke(app, ["rules", "--json"]).stdout)}
    assert listing[name]["rulebook"] == preset.rulebook and listing[name]["seed"] == preset.seed


def test_the_list_shows_whole_titles() -> None:
    out = on_80_columns("rules")
    flat = " ".join(line.strip() for line in out.splitlines())
    for preset in presets().values():
        assert preset.title in flat
    assert "…" not in out


def test_the_sheet_follows_the_options() -> None:
    out = on_80_columns("rules", "pct", "-o", "target=15", "-o", "dealer-steal=one-more")
    assert "reach 15 points" in out and "bidding one more" in out
    doc = json.loads(on_80_columns("rules", "pct", "-o", "target=15", "--json"))
    winning = next(s for s in doc["sheet"] if s["heading"] == "Winning")
    assert any("reach 15 points" in p for p in winning["paragraphs"])


def _alternatives(rules: Rules, name: str) -> list[Any]:
    value = getattr(rules, name)
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, Enum):
        return [m for m in type(value) if m != value]
    if isinstance(value, tuple):
        return [value[:-1], value[1:]]
    if isinstance(value, str):
        return ["", "pitch"]
    lo, hi = OPTION_RANGES[name]
    return [None, *(v for v in range(lo, min(hi, lo + 12) + 1) if v != value)]


def test_every_rule_shows_in_the_sheet() -> None:
    """The sheet is written from the rules: for every rule field some preset's sheet changes when
    that rule alone changes (a hand-written sheet per preset would not)."""
    silent = []
    for field in dataclasses.fields(Rules):
        if field.name == "preset":
            continue
        changed = False
        for preset in presets().values():
            before = rules_sheet(preset.rules)
            for alt in _alternatives(preset.rules, field.name):
                try:
                    other = dataclasses.replace(preset.rules, **{field.name: alt})
                except PitchError:
                    continue
                if rules_sheet(other) != before:
                    changed = True
                    break
            if changed:
                break
        if not changed:
            silent.append(field.name)
    assert silent == []


def test_rules_says_when_options_modify_the_preset() -> None:
    """Seed 000 tournament rule 3 (individuals only): with teams the sheet, the table and the JSON
    say the preset is modified; the player count is the preset's own choice."""
    sheet = runner.invoke(app, ["rules", "pct-tournament", "-o", "teams=2"])
    assert sheet.exit_code == 0 and "(modified: teams)" in " ".join(sheet.stdout.splitlines()[:3])
    table = runner.invoke(app, ["rules", "pct-tournament", "-o", "teams=2", "--table"])
    assert "(modified: teams)" in " ".join(table.stdout.splitlines()[:3])
    data = json.loads(runner.invoke(app, ["rules", "pct-tournament", "-o", "teams=2", "--json"]).stdout)
    assert data["modified"] == ["teams"]
    plain = runner.invoke(app, ["rules", "pct-tournament", "-o", "players=3"])
    assert "modified" not in plain.stdout


def table_options(*args: str) -> list[str]:
    """The options ``pitch rules ... --table`` lists, in order."""
    result = runner.invoke(app, ["rules", *args, "--table"], env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    cells = [line.split("│")[1].strip() for line in result.stdout.splitlines() if line.startswith("│")]
    return [c for c in cells if c]  # a long source folds onto lines of its own


@pytest.mark.parametrize("name", list(presets()))
def test_the_table_lists_the_options_of_the_rules_family(name: str) -> None:
    """Euchre's table has no bids, smudges or point cards, Pitch's no upcard, loners or marches: the
    table lists the options that apply to the preset's family, --json every option with ``applies``."""
    rows = json.loads(runner.invoke(app, ["rules", name, "--json"]).stdout)["rules"]
    assert len(rows) == len(dataclasses.fields(Rules)) - 1
    shown = table_options(name)
    assert shown == [r["option"] for r in rows if r["applies"]]
    assert "players" in shown and "target" in shown and "score-by" in shown
    euchre = presets()[name].rules.score_by == "tricks"
    assert ("min-bid" in shown, "smudge-value" in shown, "high-credit" in shown) == (not euchre,) * 3
    assert ("going-alone" in shown, "march-points" in shown, "benny" in shown) == (euchre,) * 3


@pytest.mark.parametrize("name", list(presets()))
def test_no_preset_sets_an_option_of_the_other_family(name: str) -> None:
    """What a preset cites applies to it: an option left out of its table is at the model's default."""
    rows = json.loads(runner.invoke(app, ["rules", name, "--json"]).stdout)["rules"]
    assert [r["option"] for r in rows if not r["applies"] and r["source"] != "model default"] == []


def test_an_option_of_the_other_family_is_refused_and_shows_when_given_at_its_value() -> None:
    refused = runner.invoke(app, ["rules", "euchre", "-o", "min-bid=3", "--table"])
    assert refused.exit_code == 2 and refused.output.startswith("min-bid does not apply to euchre: ")
    shown = table_options("euchre", "-o", "min-bid=2")
    assert "min-bid" in shown and "max-bid" not in shown
    result = runner.invoke(app, ["rules", "euchre", "--table"], env={"COLUMNS": "100"})
    assert "options of Pitch (hands scored by points) alone are left out" in " ".join(result.stdout.split())
