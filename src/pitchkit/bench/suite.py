"""The whole engine-speed suite behind ``pitch bench``: figures as a JSON-ready dict, and tables.

Every engine figure is random self-play measured for ``seconds`` (the best of ``repeat`` runs, since
other work on the machine only ever slows a run down); fast-path figures for a quarter of that.
"""

from __future__ import annotations

import os
import platform
import sys
from collections.abc import Callable
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table as RichTable

from pitchkit.bench.calls import CALLS, call_costs
from pitchkit.bench.openspiel import OPENSPIEL_OPTIONS, euchre_rate, openspiel_version
from pitchkit.bench.selfplay import Rate, engine_rate, fast_rate
from pitchkit.engine.presets import make_rules, presets
from pitchkit.engine.rules import Rules

SECTIONS = ("presets", "calls", "players", "hand-size", "openspiel", "envs", "vector")
#: presets whose figures are also taken across player counts and hand sizes
SCALING_PRESETS = ("pct", "seven-point")
#: the compiled path's rate settles within a fraction of the time the engine's needs
FAST_SHARE = 0.25

Progress = Callable[[str], None]


def _best(measure: Callable[[], Rate | None], repeat: int) -> Rate | None:
    best: Rate | None = None
    for _ in range(max(1, repeat)):
        r = measure()
        if r is not None and (best is None or r.hands_per_s > best.hands_per_s):
            best = r
    return best


def _pair(rules: Rules, seconds: float, repeat: int) -> dict[str, Any]:
    """Engine and fast-path figures of one rule set."""
    eng = _best(lambda: engine_rate(rules, seconds=seconds), repeat)
    fst = _best(lambda: fast_rate(rules, seconds=seconds * FAST_SHARE), repeat)
    assert eng is not None
    out: dict[str, Any] = eng.as_json()
    out["players"] = rules.players
    out["hand_size"] = rules.hand_size
    out["fast"] = fst.as_json() if fst is not None else None
    return out


def machine_info() -> dict[str, Any]:
    """What the figures were taken on."""
    from pitchkit import fast

    info: dict[str, Any] = {
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "load_1min": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
        "fast_path": fast.available(),
        "open_spiel": openspiel_version(),
    }
    if fast.available():
        from importlib.metadata import version

        info["numba"] = version("numba")
    return info


def step_count(sections: tuple[str, ...] = SECTIONS) -> int:
    """How many times :func:`run_suite` reports progress for ``sections`` (one call per figure)."""
    counts = {
        "presets": len(presets()),
        "calls": len(presets()),
        "players": sum(make_rules(n).max_players - make_rules(n).min_players + 1 for n in SCALING_PRESETS),
        "hand-size": 2 * len(SCALING_PRESETS),
        "openspiel": 1,
        "envs": 1,
        "vector": 1,
    }
    return sum(counts[s] for s in sections)


def run_suite(*, seconds: float = 1.0, repeat: int = 1, sections: tuple[str, ...] = SECTIONS,
              progress: Progress | None = None) -> dict[str, Any]:
    """Measure every section and return the figures as a JSON-ready dict.

    ``presets``: engine (and fast path) random self-play per preset; ``calls``: microseconds per
    ``legal_actions``/``apply``/``clone``/``view``; ``players`` and ``hand-size``: how the figures
    grow; ``openspiel``: OpenSpiel's Euchre driven the same way (``None`` when not installed);
    ``envs``: pct through the PettingZoo and OpenSpiel environments against the engine's loop
    (``None`` without ``pitchkit[envs]``); ``vector``: random play through the vector environment
    (:mod:`pitchkit.bench.vector_speed`; ``None`` without numpy)."""
    say = progress or (lambda _: None)
    report: dict[str, Any] = {"seconds": seconds, "repeat": repeat, "machine": machine_info()}
    if "presets" in sections:
        report["presets"] = {}
        for name in presets():
            say(f"self-play {name}")
            report["presets"][name] = _pair(make_rules(name), seconds, repeat)
    if "calls" in sections:
        report["calls_us"] = {}
        for name in presets():
            say(f"call costs {name}")
            runs = [call_costs(make_rules(name), seconds=seconds, seed=i).as_json()
                    for i in range(max(1, repeat))]
            report["calls_us"][name] = {k: min(r[k] for r in runs) for k in (*CALLS, "samples")}
    if "players" in sections:
        report["players"] = {}
        for name in SCALING_PRESETS:
            base = make_rules(name)
            rows: dict[str, Any] = {}
            for n in range(base.min_players, base.max_players + 1):
                say(f"{name} with {n} players")
                rows[str(n)] = _pair(base.with_options({"players": n}), seconds, repeat)
            report["players"][name] = rows
    if "hand-size" in sections:
        report["hand_size"] = {}
        for name in SCALING_PRESETS:
            rows = {}
            for size in (6, 9):
                say(f"{name} with {size}-card hands")
                rows[str(size)] = _pair(make_rules(name, {"hand-size": size}), seconds, repeat)
            report["hand_size"][name] = rows
    if "openspiel" in sections:
        say("OpenSpiel euchre")
        euchre = _best(lambda: euchre_rate(seconds=seconds), repeat)
        report["openspiel"] = None if euchre is None else {"euchre": {
            "games_per_s": round(euchre.hands_per_s, 1),
            "decisions_per_s": round(euchre.decisions_per_s, 1),
            "decisions_per_game": round(euchre.decisions_per_hand, 2),
            "games": euchre.hands, "seconds": round(euchre.seconds, 3)}}
        if euchre is not None:
            # the same game through pitchkit's public API, measured alongside
            same = make_rules("euchre", OPENSPIEL_OPTIONS)
            ours = _best(lambda: engine_rate(same, seconds=seconds), repeat)
            assert ours is not None
            report["openspiel"]["pitchkit_euchre"] = ours.as_json()
            report["euchre_hands_per_euchre_game"] = round(ours.hands_per_s / euchre.hands_per_s, 3)
        pct = report.get("presets", {}).get("pct")
        if euchre is not None and pct is not None:
            report["pct_hands_per_euchre_game"] = round(pct["hands_per_s"] / euchre.hands_per_s, 3)
    if "envs" in sections:
        say("research environments")
        report["envs"] = _envs(seconds)
    if "vector" in sections:
        say("vector environment")
        try:
            from pitchkit.bench import vector_speed
        except ImportError:
            report["vector"] = None
        else:
            report["vector"] = vector_speed.report(seconds)
    return report


def _envs(seconds: float) -> dict[str, Any] | None:
    try:
        from pitchkit.bench.envs_speed import BENCH_LOOPS, measure
        figures = measure("pct", seconds, BENCH_LOOPS)
    except ImportError:
        return None
    return {"pct": {name: {k: round(v, 1) for k, v in row.items()} for name, row in figures.items()}}


def _num(x: float | None, digits: int = 0) -> str:
    return "-" if x is None else f"{x:,.{digits}f}"


def _fast(row: dict[str, Any]) -> float | None:
    return None if row.get("fast") is None else float(row["fast"]["hands_per_s"])


def render(report: dict[str, Any], console: Console, *, markdown: bool = False) -> None:
    """Print the figures of :func:`run_suite` as tables (Markdown tables with ``markdown``)."""

    def Table(title: str) -> RichTable:
        if markdown:
            console.print(f"\n#### {title}\n")
            return RichTable(box=box.MARKDOWN, show_edge=True)
        return RichTable(title=title)

    m = report["machine"]
    console.print(f"Python {m['python']}, {m['cpus']} CPUs, load {m['load_1min']} at start; "
                  f"{report['seconds']} s per figure, best of {report['repeat']}")
    if "presets" in report:
        t = Table(title="Random self-play: engine public API vs fast path")
        for col in ("preset", "players", "hands/s", "dec/s", "dec/hand", "fast hands/s", "fast/engine"):
            t.add_column(col, justify="left" if col == "preset" else "right")
        for name, row in report["presets"].items():
            fast = _fast(row)
            t.add_row(name, str(row["players"]), _num(row["hands_per_s"]), _num(row["decisions_per_s"]),
                      _num(row["decisions_per_hand"], 1), _num(fast),
                      "-" if fast is None else f"{fast / row['hands_per_s']:,.0f}x")
        console.print(t)
    if "calls_us" in report:
        t = Table(title="Microseconds per call (mean over every decision point)")
        t.add_column("preset")
        for c in CALLS:
            t.add_column(c, justify="right")
        for name, row in report["calls_us"].items():
            t.add_row(name, *(_num(row[c], 2) for c in CALLS))
        console.print(t)
    for key, label in (("players", "players"), ("hand_size", "hand size")):
        if key not in report:
            continue
        t = Table(title=f"Scaling with {label}")
        for col in ("preset", label, "hands/s", "dec/s", "dec/hand", "fast hands/s"):
            t.add_column(col, justify="left" if col == "preset" else "right")
        for name, rows in report[key].items():
            for k, row in rows.items():
                t.add_row(name, k, _num(row["hands_per_s"]), _num(row["decisions_per_s"]),
                          _num(row["decisions_per_hand"], 1), _num(_fast(row)))
        console.print(t)
    if "openspiel" in report:
        os_row = report["openspiel"]
        if os_row is None:
            console.print("OpenSpiel: not installed (pip install 'pitchkit[bench]'); comparison skipped",
                          markup=False)
        else:
            e = os_row["euchre"]
            console.print(f"OpenSpiel euchre from Python: {_num(e['games_per_s'])} games/s, "
                          f"{_num(e['decisions_per_s'])} decisions/s "
                          f"({e['decisions_per_game']} decisions/game)")
            if "pitchkit_euchre" in os_row:
                ours = os_row["pitchkit_euchre"]
                console.print(f"pitchkit euchre (the same rules) through the public API: "
                              f"{_num(ours['hands_per_s'])} hands/s, "
                              f"{_num(ours['decisions_per_s'])} decisions/s "
                              f"({ours['decisions_per_hand']} decisions/hand); "
                              f"{report['euchre_hands_per_euchre_game']}x OpenSpiel per game")
            if "pct_hands_per_euchre_game" in report:
                console.print(f"pct hands/s per euchre game/s: {report['pct_hands_per_euchre_game']}")
    if "envs" in report:
        if report["envs"] is None:
            console.print("Research environments: not installed (pip install 'pitchkit[envs]'); skipped",
                          markup=False)
        else:
            rows = report["envs"]["pct"]
            base = rows["engine (actions)"]["decisions_per_s"]
            t = Table(title="Research environments, pct: random play against the engine's loop")
            for col in ("loop", "decisions/s", "vs engine", "episodes/s"):
                t.add_column(col, justify="left" if col == "loop" else "right")
            for name, row in rows.items():
                t.add_row(name, _num(row["decisions_per_s"]), f"{row['decisions_per_s'] / base:.2f}x",
                          _num(row["episodes_per_s"], 1))
            console.print(t)
    if "vector" in report:
        if report["vector"] is None:
            console.print("Vector environment: not installed (pip install 'pitchkit[envs]'); skipped",
                          markup=False)
        else:
            from pitchkit.bench.vector_speed import lines

            for text in lines(report["vector"]):
                console.print(text, markup=False)
