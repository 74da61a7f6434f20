"""``pitch rules [PRESET]``: list the presets, or every rule of one with its value and source."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from pitchkit.cli.app import app, fail, parse_option_pairs
from pitchkit.errors import PitchError
from pitchkit.presets import Preset, get_preset, presets
from pitchkit.rules import OPTION_FIELDS, option_json, option_name


def preset_rows(preset: Preset, options: dict[str, object]) -> list[dict[str, object]]:
    """One row per rule: option name, value (after ``options``), source, help."""
    rules = preset.rules.with_options(options)
    rows = []
    for f in dataclasses.fields(rules):
        if f.name == "preset":
            continue
        changed = f.name in {n.replace("-", "_") for n in options}
        rows.append({
            "option": option_name(f.name),
            "value": option_json(getattr(rules, f.name)),
            "source": "your option" if changed else preset.source(f.name),
            "help": OPTION_FIELDS[f.name].metadata["help"],
        })
    return rows


def _show(value: object) -> str:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if value is None:
        return "none"
    return str(value).lower() if isinstance(value, bool) else str(value)


@app.command()
def rules(
    preset: str | None = typer.Argument(None, help="a preset name or alias; omit to list them"),
    option: list[str] = typer.Option([], "--option", "-o", metavar="NAME=VALUE",
                                 help="rule override (repeatable)"),
    as_json: bool = typer.Option(False, "--json", help="print JSON"),
) -> None:
    """List the presets, or print every rule of one preset with its value and where it comes from."""
    console = Console(width=160 if as_json else None)
    if preset is None:
        listing: list[dict[str, Any]] = [
            {"name": p.name, "aliases": list(p.aliases), "title": p.title, "seed": p.seed,
             "players": f"{p.rules.min_players}-{p.rules.max_players}"}
            for p in presets().values()
        ]
        if as_json:
            print(json.dumps(listing, indent=2))
            return
        table = Table(title="Presets")
        for col in ("name", "aliases", "players", "title", "seed"):
            table.add_column(col)
        for row in listing:
            table.add_row(str(row["name"]), ", ".join(row["aliases"]),
                          str(row["players"]), str(row["title"]), str(row["seed"]))
        console.print(table)
        return
    try:
        found = get_preset(preset)
        rows = preset_rows(found, parse_option_pairs(option))
    except PitchError as e:
        fail(str(e))
    if as_json:
        print(json.dumps({"preset": found.name, "title": found.title, "seed": found.seed,
                          "aliases": list(found.aliases), "rules": rows}, indent=2))
        return
    table = Table(title=f"{found.name}: {found.title} (seed {found.seed})")
    for col in ("option", "value", "source"):
        table.add_column(col, overflow="fold")
    for row in rows:
        table.add_row(str(row["option"]), _show(row["value"]), str(row["source"]))
    console.print(table)
