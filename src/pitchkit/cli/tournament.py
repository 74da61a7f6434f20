"""``pitch tournament simulate``: a whole event played by bots."""

from __future__ import annotations

from pathlib import Path

import typer

from pitchkit.bots import bot_names
from pitchkit.cli.app import PitchTyper, app, fail

tournament_app = PitchTyper(help="Tournaments from the seeds: the Darrtown Go-Rounds and the UNL "
                                 "Ten-Point partner tournament.", no_args_is_help=True)
app.add_typer(tournament_app, name="tournament")


@tournament_app.command()
def simulate(
    fmt: str = typer.Option("darrtown", "--format", "-f", help="darrtown or unl"),
    entrants: int = typer.Option(16, "--entrants", "-e", help="players (darrtown)"),
    teams: int = typer.Option(8, "--teams", "-t", help="teams of two (unl)"),
    bots: str = typer.Option("heuristic", "--bots", "-b", help="bots that play the entrants, in turn "
                                                                 "(comma-separated)"),
    seed: int = typer.Option(1, "--seed", "-s", help="the event's random seed"),
    out: Path = typer.Option(Path("tournament"), "--out", "-o", help="folder for the records and standings"),
    advance: int | None = typer.Option(None, "--advance", help="advancing per table (darrtown, default 1) "
                                                               "or per section (unl, default 2)"),
    section_size: int = typer.Option(8, "--section-size", help="teams per section (unl)"),
) -> None:
    """Run a whole event with bots: every game record (one JSON file per game) and the final
    standings (standings.json and standings.csv) are written to the folder."""
    from pitchkit.tournament.simulate import simulate as run

    chosen = [b.strip() for b in bots.split(",") if b.strip()]
    unknown = [b for b in chosen if b not in bot_names()]
    if not chosen or unknown:
        fail(f"unknown bot {unknown[0] if unknown else bots!r}; bots are: {', '.join(bot_names())}")
    if fmt not in ("darrtown", "unl"):
        fail(f"unknown format {fmt!r}; formats are: darrtown, unl")
    count = entrants if fmt == "darrtown" else teams
    if not 2 <= count <= 4096:
        fail("an event needs 2 to 4096 entrants (or teams)")
    if section_size < 2 or (advance is not None and advance < 1):
        fail("--section-size must be at least 2 and --advance at least 1")
    try:
        summary = run(fmt, count, bots=chosen, seed=seed, out=out, advance=advance, section_size=section_size)
    except (ValueError, OSError) as e:
        fail(str(e))
    print(f"champion: {summary.champion}; {summary.games} games, {summary.hands} hands in "
          f"{summary.seconds:.1f} s; records and standings in {out}")
