"""``--help`` of every ``pitch`` command: flags take no value, descriptions wrap to the terminal, and
the short options mean the same in every command."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest
import typer
from typer.testing import CliRunner

from pitchkit.cli import app

runner = CliRunner()
COMMANDS = sorted(c.name or c.callback.__name__ for c in app.registered_commands if c.callback)
#: the command groups (``pitch tournament ...``), listed with the commands
GROUPS = sorted(g.name for g in app.registered_groups if g.name)
WIDTH = 80


def help_text(*args: str) -> str:
    """``pitch ARGS --help`` rendered for an 80-column terminal."""
    result = runner.invoke(app, [*args, "--help"], env={"COLUMNS": str(WIDTH), "TERMINAL_WIDTH": ""})
    assert result.exit_code == 0, result.output
    return result.stdout


def click_command(name: str) -> typer.core.TyperCommand:
    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    command = group.commands[name]
    assert isinstance(command, typer.core.TyperCommand)
    return command


def paragraph_rows(text: str) -> list[list[str]]:
    """Runs of consecutive non-blank lines outside the boxes (the usage and the description)."""
    runs: list[list[str]] = [[]]
    for line in text.splitlines():
        if not line.strip() or line.lstrip()[:1] in "╭│╰":
            runs.append([])
        else:
            runs[-1].append(line.strip())
    return [r for r in runs if len(r) > 1]


def assert_filled(lines: list[str], width: int) -> None:
    """Each wrapped line is as full as it can be: the next line's first word would not have fit."""
    for line, following in pairwise(lines):
        first = following.split()[0]
        assert len(line) + 1 + len(first) > width, f"line broken early: {line!r} / {following!r}"


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_flags_show_no_value_type(command: str | None) -> None:
    text = help_text(*([command] if command else []))
    assert "<bool>" not in text
    assert "--help" in text
    usage = next(line for line in text.splitlines() if "Usage:" in line)
    assert usage.split()[1:3] == ["pitch", command or "[OPTIONS]"] and "[[" not in usage


@pytest.mark.parametrize("command", COMMANDS)
def test_command_descriptions_wrap_whole_sentences(command: str) -> None:
    """The description's lines are filled to the width of the help (no source line breaks show)."""
    text = help_text(command)
    usable = WIDTH - 2
    for run in paragraph_rows(text):
        assert_filled(run, usable)


def test_the_command_list_wraps_whole_sentences() -> None:
    text = help_text()
    rows: dict[str, list[str]] = {}
    current = ""
    inside = False
    for line in text.splitlines():
        if "Commands" in line and line.startswith("╭"):
            inside = True
            continue
        if inside and line.startswith("╰"):
            break
        if inside:
            body = line.strip("│ ")
            name, _, rest = body.partition(" ")
            if name in COMMANDS + GROUPS and line[2] != " ":
                current = name
                rows[current] = [rest.strip()]
            else:
                rows[current].append(body.strip())
    assert sorted(rows) == sorted(COMMANDS + GROUPS)
    column = WIDTH - 4 - (max(len(c) for c in COMMANDS + GROUPS) + 2)
    for lines in rows.values():
        assert_filled(lines, column)


def short_options(command: str) -> dict[str, str]:
    """``{"-p": "--players", ...}`` for one command."""
    out: dict[str, str] = {}
    ctx = typer.Context(click_command(command))
    for param in click_command(command).get_params(ctx):
        longs = [o for o in param.opts if o.startswith("--")]
        for short in (o for o in param.opts if re.fullmatch(r"-\w", o)):
            out[short] = longs[0]
    return out


@pytest.mark.slow
def test_a_short_option_means_the_same_everywhere() -> None:
    meaning: dict[str, set[str]] = {}
    for command in COMMANDS:
        for short, long in short_options(command).items():
            meaning.setdefault(short, set()).add(long)
    assert {k: v for k, v in meaning.items() if len(v) > 1} == {}
    assert meaning["-p"] == {"--players"} and meaning["-n"] == {"--hands"}


def test_players_by_short_and_long_name() -> None:
    for flag in ("-p", "--players"):
        result = runner.invoke(app, ["play", "--all-bots", flag, "9"])
        assert result.exit_code == 2 and "pct is for 2-6 players, not 9" in result.stderr


def listed_commands(text: str) -> list[str]:
    """The command names of the help's Commands box, in the order shown."""
    box = text.split("Commands", 1)[1].split("╰", 1)[0]
    return [line.strip("│ ").split()[0] for line in box.splitlines()[1:]
            if line.startswith("│ ") and line[2] != " "]


def test_the_commands_for_players_come_first() -> None:
    """``pitch --help`` lists what a player wants first (play, replay, stats, rules, serve), the
    tools that measure bots and the engine last."""
    listed = listed_commands(help_text())
    assert sorted(listed) == sorted(COMMANDS + GROUPS)
    assert listed[:5] == ["play", "replay", "stats", "rules", "serve"]
    assert set(listed[-3:]) == {"arena", "simulate", "bench"}
