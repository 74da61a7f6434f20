"""``pitch arena``: bots against bots with duplicate play, and a report with confidence intervals."""

from __future__ import annotations

import json

import typer
from rich.console import Console
from rich.table import Table

from pitchkit.bench.arena import ArenaConfig, BoardResult, run, validate
from pitchkit.cli.app import QUIET, app, fail, parse_option_pairs, progress_bar
from pitchkit.cli.cluster import RAY, RayCommand
from pitchkit.engine.errors import PitchError


@app.command(cls=RayCommand)
def arena(
    variant: str = typer.Option("pct", "--variant", "--preset", "-v", help="preset name or alias"),
    bots: str = typer.Option("pimc,heuristic", "--bots", "-b",
                             help="bots by seat, comma-separated; repeated to fill the table"),
    games: int | None = typer.Option(None, "--games", "-g", help="game seeds to play (whole games)"),
    hands: int | None = typer.Option(None, "--hands", "-n", help="deals to play (single hands; default 20)"),
    seed: int = typer.Option(1, "--seed", help="the run's seed (deals and bots depend on it only)"),
    jobs: int = typer.Option(1, "--jobs", "-j", help="processes to play the boards on"),
    ray: str | None = RAY,
    players: int | None = typer.Option(None, "--players", "-p", help="number of players"),
    option: list[str] = typer.Option([], "--option", "-o", metavar="NAME=VALUE",
                                 help="rule option (repeatable)"),
    budget: str | None = typer.Option(None, "--budget",
                                      help="search budget: a scale (0.5) or NAME=N,... (samples, iterations, "
                                           "nodes, bid-samples, bid-suits, bid-nodes; bid-samples=0, "
                                           "the default, bids by the heuristic estimate)"),
    duplicate: bool = typer.Option(True, "--duplicate/--no-duplicate",
                                   help="replay each deal with the bots rotated through the seats"),
    max_hands: int = typer.Option(200, "--max-hands", help="stop a game after this many hands"),
    as_json: bool = typer.Option(False, "--json", help="print the report as JSON"),
    quiet: bool = QUIET,
) -> None:
    """Play bots against each other and report per bot: points per hand, bid, pitch, make and set
    rates (in games scored by tricks: ordered up, named, alone, made and euchred), game wins, each
    with a 95% confidence interval, and the median time of a decision and of a card play.

    Every deal (or game seed) is a board, played once per seating: with duplicate play the bots are
    rotated through the seats so that each holds every seat's cards."""
    if games is not None and hands is not None:
        fail("give --games or --hands, not both")
    if ray is not None and jobs != 1:
        fail("give --jobs or --ray, not both")
    names = tuple(b.strip().lower() for b in bots.split(",") if b.strip())
    boards = games if games is not None else hands if hands is not None else 20
    try:
        cfg = ArenaConfig(
            variant=variant, bots=names, boards=boards,
            games=games is not None, seed=seed, jobs=jobs, duplicate=duplicate, players=players,
            options=tuple((k, str(v)) for k, v in parse_option_pairs(option).items()),
            budget=budget, max_hands=max_hands)
        validate(cfg)
    except PitchError as e:
        fail(str(e))
    unit = "games" if cfg.games else "deals"
    progress = progress_bar(f"[bold]{cfg.variant}[/] {'/'.join(cfg.bots)}", unit, quiet=quiet)
    with progress:
        task = progress.add_task(unit, total=cfg.boards)

        def advance(_: BoardResult) -> None:
            progress.advance(task)

        try:
            report = run(cfg, on_board=advance, ray=ray)
        except PitchError as e:
            fail(str(e))
    if as_json:
        print(json.dumps(report, indent=2))
        return
    render(report, Console(width=max(130, Console().width)))


def _fmt(est: object, *, percent: bool = False) -> str:
    if not isinstance(est, dict) or not est.get("n"):
        return "-"
    k, unit, d = (100.0, "%", 1) if percent else (1.0, "", 3)
    ends = [est[e] for e in ("low", "high")]
    inside = ", ".join("?" if x is None else f"{x * k:.{d}f}" for x in ends)
    return f"{est['value'] * k:.{d}f}{unit} [{inside}]"


def _ms(seconds: float | None) -> str:
    """A median decision time; an instant one (under a tenth of a millisecond) reads ``<0.1 ms``."""
    if seconds is None:
        return "-"
    if seconds < 0.0001:
        return "<0.1 ms"
    return f"{seconds * 1000:.1f} ms" if seconds < 0.01 else f"{seconds * 1000:.0f} ms"


def render(report: dict[str, object], console: Console) -> None:
    """Print an arena report as a table."""
    boards = "games" if report["mode"] == "games" else "deals"
    seats = report["seatings"]
    assert isinstance(seats, list)
    title = (f"{report['variant']}, {report['players']} players: {report['boards']} {boards} x "
             f"{len(seats)} seatings{' (duplicate)' if report['duplicate'] else ''}, "
             f"{report['hands_played']} hands, {report['seconds']} s")
    table = Table(title=title)
    tricks = report.get("score_by") == "tricks"
    rates = (("order_up_rate", "ordered up"), ("name_rate", "named"), ("alone_rate", "alone"),
             ("make_rate", "made"), ("set_rate", "euchred")) if tricks else (
             ("bid_rate", "bid rate"), ("pitch_rate", "pitch rate"), ("make_rate", "make rate"),
             ("set_rate", "set rate"))
    for col in ("bot", "points/hand", *(label for _, label in rates), "game wins",
                "median decision", "median play"):
        table.add_column(col)
    results = report["results"]
    assert isinstance(results, dict)
    for name, row in results.items():
        table.add_row(name, _fmt(row["points_per_hand"]),
                      *(_fmt(row[key], percent=True) for key, _ in rates),
                      _fmt(row["game_win_rate"], percent=True),
                      _ms(row.get("decision_seconds_median")),
                      _ms(row.get("decision_seconds_median_by_phase", {}).get("play")))
    console.print(table)
    diff = report.get("difference")
    if isinstance(diff, dict):
        console.print(f"difference {diff['of']}: {_fmt(diff['points_per_hand'])} points per hand "
                      "(95% interval, paired by board)")
