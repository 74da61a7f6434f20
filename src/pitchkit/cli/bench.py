"""``pitch bench`` (engine speed) and ``pitch simulate`` (batch random self-play statistics)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterable

import typer
from rich.console import Console
from rich.table import Table

from pitchkit.bench.simulate import MADE_OUTCOMES
from pitchkit.bench.simulate import simulate as run_simulation
from pitchkit.bench.suite import SECTIONS, render, run_suite, step_count
from pitchkit.cli.app import QUIET, app, fail, parse_option_pairs, progress_bar
from pitchkit.cli.cluster import RAY, RayCommand
from pitchkit.engine.errors import PitchError, quote
from pitchkit.engine.presets import make_rules

_SECTIONS_HELP = f"measure only these sections (repeatable): {', '.join(SECTIONS)}"


@app.command()
def bench(
    seconds: float = typer.Option(1.0, "--seconds", "-s", help="seconds per measured figure"),
    repeat: int = typer.Option(1, "--repeat", "-r", help="keep the best of this many runs per figure"),
    section: list[str] = typer.Option([], "--section", metavar="NAME", help=_SECTIONS_HELP),
    as_json: bool = typer.Option(False, "--json", help="print the figures as JSON"),
    markdown: bool = typer.Option(False, "--markdown", help="print the tables as Markdown"),
    quiet: bool = QUIET,
) -> None:
    """Measure engine speed: random self-play hands/s per preset (engine API and fast path), the
    cost of each engine call, scaling with players and hand size, and OpenSpiel's Euchre."""
    if not seconds > 0:
        fail("--seconds must be positive")
    if repeat < 1:
        fail("--repeat must be at least 1")
    unknown = [s for s in section if s not in SECTIONS]
    if unknown:
        fail(f"unknown section {quote(unknown[0])}; sections are: {', '.join(SECTIONS)}")
    chosen = tuple(section) or SECTIONS
    progress = progress_bar("measuring {task.fields[what]}", "figures", quiet=quiet)
    with progress:
        task = progress.add_task("figures", total=step_count(chosen), what="")
        started = 0

        def measuring(what: str) -> None:
            nonlocal started
            progress.update(task, completed=started, what=what)
            started += 1

        report = run_suite(seconds=seconds, repeat=repeat, sections=chosen, progress=measuring)
    if as_json:
        print(json.dumps(report, indent=2))
    else:
        render(report, Console(width=200) if markdown else Console(), markdown=markdown)


@app.command(cls=RayCommand)
def simulate(
    variant: str = typer.Option("pct", "--variant", "-v", help="preset name or alias"),
    hands: int = typer.Option(100_000, "--hands", "-n", help="hands to play"),
    jobs: int = typer.Option(1, "--jobs", "-j", help="processes to play them on"),
    ray: str | None = RAY,
    seed: int = typer.Option(0, "--seed", help="the run's seed (figures depend on it only)"),
    players: int | None = typer.Option(None, "--players", "-p", help="number of players"),
    option: list[str] = typer.Option([], "--option", "-o", metavar="NAME=VALUE",
                                 help="rule option (repeatable)"),
    engine: bool = typer.Option(False, "--engine", help="use the engine even when the fast path could"),
    as_json: bool = typer.Option(False, "--json", help="print the statistics as JSON"),
    quiet: bool = QUIET,
) -> None:
    """Play many random hands (independent deals, random dealer) and summarise them: how often each
    bid is made, the set rate, mean points per category and per hand; for games scored by tricks,
    how trump was made and how often each outcome (made, march, euchred...) ended a hand."""
    try:
        rules = make_rules(variant, parse_option_pairs(option), players=players)
    except PitchError as e:
        fail(str(e))
    if hands < 1:
        fail("--hands must be at least 1")
    if jobs < 1:
        fail("--jobs must be at least 1")
    if ray is not None and jobs != 1:
        fail("give --jobs or --ray, not both")
    progress = progress_bar(f"simulating {rules.preset}", "hands", quiet=quiet)
    start = time.perf_counter()
    with progress:
        task = progress.add_task("hands", total=hands)
        try:
            path, stats = run_simulation(rules, hands, seed=seed, jobs=jobs, engine=engine, ray=ray,
                                         on_chunk=lambda k: progress.advance(task, k))
        except PitchError as e:
            fail(str(e))
    elapsed = time.perf_counter() - start
    out = {"variant": rules.preset, "players": rules.players, "seed": seed, "path": path,
           **stats.summary(rules),
           "timing": {"jobs": jobs, "ray": ray, "seconds": round(elapsed, 3),
                      "hands_per_s": round(hands / elapsed, 1)}}
    if as_json:
        print(json.dumps(out, indent=2))
        return
    _show(out)


def _show(out: dict[str, object]) -> None:
    console = Console()
    timing = out["timing"]
    assert isinstance(timing, dict)
    jobs = f"{timing['jobs']} job{'' if timing['jobs'] == 1 else 's'}"
    console.print(f"{out['variant']}, {out['players']} players: {out['hands']:,} random hands "
                  f"(seed {out['seed']}, {out['path']} path, {jobs}, "
                  f"{timing['seconds']} s, {timing['hands_per_s']:,.0f} hands/s)")
    if "outcomes" in out:
        _show_tricks(console, out)
        return
    console.print(f"made {out['made_rate']:.1%}, set {out['set_rate']:.1%}, "
                  f"ran it {out['run_rate']:.1%}, misdeal {out['misdeal_rate']:.1%}; "
                  f"{out['points_per_hand']:.3f} points per hand, pitcher "
                  f"{out['pitcher_delta_per_hand']:+.3f} per hand")
    bids = out["bids"]
    assert isinstance(bids, dict)
    t = Table(title="Contracts")
    for col in ("bid", "hands", "share", "made"):
        t.add_column(col, justify="right")
    for name, row in bids.items():
        t.add_row(name, f"{row['hands']:,}", f"{row['share']:.1%}", f"{row['made_rate']:.1%}")
    console.print(t)
    cats = out["points_per_category"]
    assert isinstance(cats, dict)
    console.print(_two_columns("Mean points per hand, by category", ("category", "points"),
                               ((name, f"{v:.4f}") for name, v in cats.items())))


def _show_tricks(console: Console, out: dict[str, object]) -> None:
    """The figures of a game scored by tricks: how trump was made and how each hand ended."""
    making = out["making"]
    outcomes = out["outcomes"]
    assert isinstance(making, dict) and isinstance(outcomes, dict)
    console.print(f"made it {out['made_rate']:.1%}, euchred {out['euchred_rate']:.1%}, "
                  f"thrown in {out['thrown_in_rate']:.1%}; {out['points_per_hand']:.3f} points per "
                  f"hand, makers {out['makers_delta_per_hand']:+.3f} per hand")
    labels = (("ordered_up", "ordered up (round one)"), ("named", "named (round two)"),
              ("alone", "alone"), ("dealer_side", "by the dealer's side"))
    console.print(_two_columns("Making trump", ("trump", "share"),
                               ((label, f"{making[key]:.1%}") for key, label in labels)))
    console.print(_two_columns("Outcomes", ("outcome", "share"), _outcome_rows(out, outcomes)))


#: each outcome of a hand scored by tricks, in words
OUTCOME_WORDS = {"made": "made, not every trick", "march": "a march (every trick)",
                 "alone-march": "a march alone", "blind-march": "a blind double loner's march",
                 "euchre": "a plain euchre", "super-euchre": "without a trick (super-euchre)",
                 "lone-euchre": "by a lone defender"}


def _outcome_rows(out: dict[str, object], outcomes: dict[str, float]) -> list[tuple[str, str]]:
    """The outcomes under their two totals, "made it" (the makes and the marches) and "euchred"
    (every euchre), the same figures as the summary line."""
    rows: list[tuple[str, str]] = []
    for total, key, made in (("made it", "made_rate", True), ("euchred", "euchred_rate", False)):
        parts = [(name, v) for name, v in outcomes.items() if (name in MADE_OUTCOMES) == made]
        rate = out[key]
        assert isinstance(rate, float)
        rows.append((total, f"{rate:.1%}"))
        if len(parts) > 1:
            rows += [(f"  {OUTCOME_WORDS.get(name, name)}", f"{v:.1%}") for name, v in parts]
    return rows


def _two_columns(title: str, head: tuple[str, str], rows: Iterable[tuple[str, str]]) -> Table:
    """A table of names and right-aligned figures."""
    t = Table(title=title)
    t.add_column(head[0])
    t.add_column(head[1], justify="right")
    for name, figure in rows:
        t.add_row(name, figure)
    return t
