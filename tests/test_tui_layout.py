"""The table's panels at the sizes people play at (60x18 up to 120x40): the Table panel as wide as
its seats need, the Hand panel the rest, and a title line that always keeps "q quit"."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console
from rich.measure import Measurement
from textual.pilot import Pilot
from textual.widget import Widget

from pitchkit import make_rules
from pitchkit.engine.game import Game
from pitchkit.engine.record import game_record
from pitchkit.tui.app import PlayApp
from pitchkit.tui.keys import choices
from pitchkit.tui.render import seats_table
from pitchkit.tui.replay import ReplayApp
from pitchkit.tui.screens import SummaryScreen
from pitchkit.tui.session import Session
from pitchkit.tui.textlog import load_replay
from tests.test_tui import first_legal, make_app, run, settle, text_of

SIZES = [(60, 18), (80, 24), (120, 40)]


def widget(app: PlayApp | ReplayApp, widget_id: str) -> Widget:
    """A widget of the table's screen."""
    return app.screen_stack[0].query_one(widget_id)


def seats_width(app: PlayApp) -> int:
    """The cells the seats table needs, as the panel draws it now."""
    s = app.session
    table = seats_table(s.view(0), s.names, compact=app.screen_stack[0].has_class("-narrow"))
    console = Console(width=500)
    return Measurement.get(console, console.options, table).maximum


@pytest.mark.parametrize("variant", ["pct", "ten-point", "euchre"])
@pytest.mark.parametrize("size", SIZES)
def test_the_hand_panel_gets_the_room_the_table_panel_does_not_need(
        tmp_path: Path, variant: str, size: tuple[int, int]) -> None:
    """The Table panel is as wide as its seats table (and its border and padding), the Hand panel
    takes the rest of the row; at 120x40 the Hand panel's lines do not wrap."""
    app = make_app(make_rules(variant), tmp_path, dealer=1)

    async def script(pilot: Pilot[None]) -> None:
        seats, info = widget(app, "#seats"), widget(app, "#info")
        assert seats.region.width == seats_width(app) + 4
        assert info.region.x == seats.region.right
        assert info.region.right == app.screen_stack[0].scrollable_content_region.right
        if size == (120, 40):
            assert info.region.width >= 60
            assert info.region.height == 2 + len(text_of(app, "#info").splitlines())
        await pilot.press("q")

    run(app, script, size=size)


def test_the_table_panel_keeps_its_width_as_the_hand_goes_on(tmp_path: Path) -> None:
    """Bids and cards come and go in the seats table; its panel stays as wide, so the Hand panel
    beside it does not jump."""
    app = make_app(make_rules("pct"), tmp_path, dealer=0)

    async def script(pilot: Pilot[None]) -> None:
        widths = {widget(app, "#seats").region.width}
        s = app.session
        while s.human_turn and not isinstance(app.screen, SummaryScreen):
            await pilot.press(first_legal(choices(s.view(0)), skip_pass=True).key)
            await settle(app, pilot)
            widths.add(widget(app, "#seats").region.width)
        assert s.game.history, "the hand was played out"
        assert len(widths) == 1, widths
        await pilot.press("q")

    run(app, script)


def title_fits(app: PlayApp | ReplayApp) -> str:
    """The title's text, checked to fit on its line whole and to end with "q quit"."""
    title = text_of(app, "#title")
    assert title.endswith("q quit"), title
    assert len(title) <= widget(app, "#title").region.width - 2, title
    return title


@pytest.mark.parametrize("size", [(40, 12), (60, 18), (64, 20), (70, 24), (80, 24), (120, 40)])
def test_the_title_keeps_q_quit_at_every_size(size: tuple[int, int]) -> None:
    """A modified preset with a seed says the most; the title gives up the rest (the product's
    name, the seed, the modification, the keys' words) before "q quit"."""
    rules = make_rules("pct-tournament", {"teams": 2})
    app = PlayApp(lambda n: Session(rules, seed=12345, human=0, bot="random", dealer=3), delay=0)

    async def script(pilot: Pilot[None]) -> None:
        title = title_fits(app)
        if size[0] >= 120:
            assert title.startswith("pitchkit · pct-tournament, modified: teams") and "seed 12345" in title
        if size[0] >= 80:
            assert "pct-tournament, modified: teams" in title
        if size[0] >= 60:
            assert "S scores" in title
        await pilot.press("q")

    run(app, script, size=size)


def test_the_title_fits_again_after_a_resize() -> None:
    rules = make_rules("pct")
    app = PlayApp(lambda n: Session(rules, seed=7, human=0, bot="random", dealer=3), delay=0)

    async def script(pilot: Pilot[None]) -> None:
        assert text_of(app, "#title").startswith("pitchkit · pct")
        await pilot.resize_terminal(60, 18)
        await pilot.pause(0.05)
        assert not title_fits(app).startswith("pitchkit")
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.05)
        assert title_fits(app).startswith("pitchkit · pct")
        await pilot.press("q")

    run(app, script)


def test_the_replay_title_keeps_q_quit_at_60_columns() -> None:
    game = Game(make_rules("pct"), seed=3)
    while not game.history:
        game.apply(game.hand.legal_actions()[0])
    app = ReplayApp(load_replay(game_record(game)), name="2025-01-31_201500_pct-tournament.json")

    async def script(pilot: Pilot[None]) -> None:
        title_fits(app)
        await pilot.press("q")

    run(app, script, size=(60, 18))
