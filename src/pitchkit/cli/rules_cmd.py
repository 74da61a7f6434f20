"""``pitch rules [PRESET]``: list the presets, explain one in plain words, or list every rule of one with
its value and source (``--table``, ``--json``)."""

from __future__ import annotations

import json
import shutil
import textwrap
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from pitchkit.cli.app import app, fail, parse_option_pairs
from pitchkit.engine.errors import PitchError
from pitchkit.engine.families import FAMILY_NAMES
from pitchkit.engine.options import option_text
from pitchkit.engine.presets import get_preset, modified_options, presets
from pitchkit.engine.rules_text import preset_rows, rules_sheet, sheet_text, sheet_title


def _width() -> int:
    return max(40, min(100, shutil.get_terminal_size().columns))


@app.command()
def rules(
    preset: str | None = typer.Argument(None, metavar="PRESET",
                                        help="a preset name or alias; omit to list them"),
    option: list[str] = typer.Option([], "--option", "-o", metavar="NAME=VALUE",
                                     help="rule override (repeatable)"),
    table: bool = typer.Option(False, "--table", help="every rule of the preset's family (Pitch or Euchre) "
                               "as an option with its value and source"),
    as_json: bool = typer.Option(False, "--json", help="print JSON: the table and the sheet"),
) -> None:
    """List the presets, or explain one preset's rules in plain words (--table: every option with its
    value and where it comes from)."""
    width = _width()
    if preset is None:
        listing: list[dict[str, Any]] = [
            {"name": p.name, "aliases": list(p.aliases), "title": p.title, "seed": p.seed,
             "rulebook": p.rulebook, "players": p.rules.player_range}
            for p in presets().values()
        ]
        if as_json:
            print(json.dumps(listing, indent=2))
            return
        for row in listing:
            head = f"{row['name']} ({row['players']} players; also {', '.join(row['aliases'])})"
            print("\n".join(textwrap.wrap(head, width, subsequent_indent="    ", break_on_hyphens=False)))
            print("\n".join(textwrap.wrap(str(row["title"]), width, initial_indent="    ",
                                           subsequent_indent="    ", break_on_hyphens=False)))
        print("\npitch rules NAME explains one; pitch rules NAME --table lists its options.")
        return
    try:
        found = get_preset(preset)
        overrides = parse_option_pairs(option)
        rows = preset_rows(found, overrides)
        chosen = found.rules.with_options(overrides)
    except PitchError as e:
        fail(str(e))
    if as_json:
        sheet = [{"heading": heading, "paragraphs": body} for heading, body in rules_sheet(chosen)]
        print(json.dumps({"preset": found.name, "title": found.title, "seed": found.seed,
                          "rulebook": found.rulebook, "aliases": list(found.aliases),
                          "modified": list(modified_options(chosen)), "rules": rows, "sheet": sheet},
                         indent=2))
        return
    title = sheet_title(chosen)
    if not table:
        for line in sheet_text(title, chosen, width=width):
            print(line)
        return
    print("\n".join(textwrap.wrap(f"{title} (rulebook: {found.rulebook})", width, break_on_hyphens=False)))
    # where there is room an option's name is as wide as it is, and the source (a rulebook's title
    # and its words) gets more room than a value
    wide = width >= 80
    grid = Table(expand=wide)
    for col, ratio in (("option", None), ("value", 2), ("allowed", 2), ("source", 5)):
        grid.add_column(col, overflow="fold", ratio=ratio if wide else None)
    # an option of the other family is left out, unless it was given
    shown = [row for row in rows if row["applies"] or row["source"] == "your option"]
    for row in shown:
        grid.add_row(str(row["option"]), option_text(row["value"], joiner=", "), str(row["range"]),
                     str(row["source_text"]))
    Console(width=width).print(grid)
    other = next(f for f in FAMILY_NAMES if f != chosen.score_by)
    note = (f"Shown: the options of {FAMILY_NAMES[chosen.score_by]} and of every game; the "
            f"{len(rows) - len(shown)} options of {FAMILY_NAMES[other]} alone are left out "
            f"(--json lists every option).")
    print("\n".join(textwrap.wrap(note, width, break_on_hyphens=False)))
