"""The terminal table as text, for the documentation: ``pitch play`` started with some options, keys
pressed one by one (each time after the bots have acted), then the screen as an 80x24 terminal
shows it."""

from __future__ import annotations

import argparse
import asyncio
import io
import shlex
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Console

if TYPE_CHECKING:
    from textual.pilot import Pilot

    from pitchkit.tui.app import PlayApp

SIZE = (80, 24)


def _options(args: str) -> argparse.Namespace:
    words = shlex.split(args)
    if words[:1] != ["play"]:
        raise ValueError(f"pitch {args}: only pitch play is shown as a screen")
    parser = argparse.ArgumentParser(prog="pitch play", add_help=False, exit_on_error=False)
    parser.add_argument("--variant", "-v", default="pct")
    parser.add_argument("--players", "-p", type=int, default=None)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--bot", default="heuristic")
    return parser.parse_args(words[1:])


async def _settle(app: PlayApp, pilot: Pilot[None]) -> None:
    """Wait until no bot is about to act or deciding."""
    for _ in range(3000):
        await app.workers.wait_for_complete()
        await pilot.pause()
        if not app.busy:
            return
    raise RuntimeError("the bots did not finish")


def _text(app: PlayApp) -> str:
    # the plain-text counterpart of textual's App.export_screenshot, which writes only SVG
    console = Console(width=SIZE[0], height=SIZE[1], file=io.StringIO(), record=True, color_system=None,
                      legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


def table_screen(args: str, keys: Sequence[str]) -> str:
    """The screen of ``pitch ARGS`` (``play --seed N`` and ``--variant``, ``--players``, ``--seat``,
    ``--bot``, default ``heuristic``) after pressing ``keys``, the bots acting at once; trailing
    blanks removed."""
    from pitchkit.engine.presets import make_rules
    from pitchkit.tui.app import PlayApp
    from pitchkit.tui.session import Session

    opts = _options(args)
    rules = make_rules(opts.variant, players=opts.players)
    app = PlayApp(lambda n: Session(rules, seed=opts.seed + n, human=opts.seat, bot=opts.bot), delay=0)

    async def main() -> str:
        async with app.run_test(size=SIZE) as pilot:
            await _settle(app, pilot)
            for key in keys:
                await pilot.press(key)
                await _settle(app, pilot)
            return _text(app)

    lines = [line.rstrip() for line in asyncio.run(main()).splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n"
