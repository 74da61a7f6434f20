"""Score history and taking back a card at the table, driven through Textual's pilot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from pitchkit import make_rules
from pitchkit.engine.actions import Play
from pitchkit.engine.cards import card_label
from pitchkit.tui.app import PlayApp
from pitchkit.tui.keys import choices
from pitchkit.tui.screens import HistoryScreen, SummaryScreen
from pitchkit.tui.session import Session
from tests.test_tui import (
    first_legal,
    log_text,
    make_app,
    play_out_hand,
    run,
    settle,
    static_text,
    text_of,
    until,
)


def passing_app(variant: str, tmp_path: Path) -> PlayApp:
    """The human deals (seat 0) and the bots pass: the human takes the bid."""
    return make_app(make_rules(variant), tmp_path, dealer=0, passing=True)


@pytest.mark.slow
def test_score_history_lists_each_hand(tmp_path: Path) -> None:
    """S shows the scores hand by hand: the contract, made or set, each seat's score and change, in a
    box as wide as the table (not an empty box)."""
    app = passing_app("pct", tmp_path)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("S")
        await settle(app, pilot)
        assert isinstance(app.screen, HistoryScreen)
        empty = app.screen.query_one("#history", Static)
        assert "No hand has been scored yet." in static_text(empty)
        assert empty.size.width >= len("No hand has been scored yet.")
        await pilot.press("x")
        await settle(app, pilot)
        await play_out_hand(app, pilot)
        await pilot.press("enter")
        await settle(app, pilot)
        assert not isinstance(app.screen, SummaryScreen)
        await pilot.press("S")
        await settle(app, pilot)
        res = app.session.game.history[0].result
        assert res is not None and res.pitcher == 0
        box = app.screen.query_one("#history", Static)
        shown = static_text(box)
        assert box.size.width >= max(len(line) for line in shown.splitlines()) and box.size.height > 2
        row = next(line for line in shown.splitlines() if line.strip().startswith("1 "))
        assert f"You 2 {'made' if res.made else 'set'}" in row
        for s in range(4):
            assert f"{res.scores[s]} ({res.delta[s]:+d})" in row
        await pilot.press("enter")
        await settle(app, pilot)
        assert not isinstance(app.screen, HistoryScreen)
        await pilot.press("q")

    run(app, script)


@pytest.mark.slow
def test_taking_back_the_last_card_is_recorded(tmp_path: Path) -> None:
    """pct (casual): U takes back the human's last card and what the bots played after it; the
    human plays another card, and the saved game records the take-back."""
    app = passing_app("pct", tmp_path)

    async def script(pilot: Pilot[None]) -> None:
        s = app.session
        assert "U undo" in text_of(app, "#title")
        await pilot.press("2")  # the stuck dealer takes it for 2
        await settle(app, pilot)
        before = list(s.game.hand.log)
        held = s.game.hand.holding(0)
        first = first_legal(choices(s.view(0)))
        await pilot.press(first.key)
        await settle(app, pilot)
        assert len(s.game.hand.log) > len(before) + 1  # the bots played after it
        await pilot.press("U")
        await settle(app, pilot)
        assert list(s.game.hand.log) == before and s.game.hand.holding(0) == held
        assert s.human_turn
        assert first.card is not None
        assert f"You take back {card_label(first.card)}: the cards played after it go back too." \
            in log_text(app)
        other = next(k for k in choices(s.view(0)) if k.legal and k.key != first.key)
        await pilot.press(other.key)
        await settle(app, pilot)
        assert isinstance(s.game.hand.log[len(before)], Play)
        assert s.game.hand.log[len(before)] == other.action
        assert first.action is not None and isinstance(first.action, Play)
        saved = json.loads((tmp_path / "game0.json").read_text(encoding="utf-8"))
        assert saved["take-backs"] == [{"hand": 1, "seat": 0, "card": str(first.action.card),
                                        "after": len(before)}]
        await pilot.press("U", "U")
        await settle(app, pilot)
        await pilot.press("U")  # only the last card can be taken back
        await settle(app, pilot)
        assert "no card of yours to take back" in text_of(app, "#message")
        await pilot.press("q")

    run(app, script)


@pytest.mark.slow
def test_no_take_backs_in_tournament_rules(tmp_path: Path) -> None:
    """pct-tournament: the table offers no take-back, and U says so."""
    app = passing_app("pct-tournament", tmp_path)

    async def script(pilot: Pilot[None]) -> None:
        s = app.session
        assert not s.take_backs and "undo" not in text_of(app, "#title")
        await pilot.press("2")
        await settle(app, pilot)
        await pilot.press(first_legal(choices(s.view(0))).key)
        await settle(app, pilot)
        log = list(s.game.hand.log)
        await pilot.press("U")
        await settle(app, pilot)
        assert list(s.game.hand.log) == log
        assert text_of(app, "#message") == ("there is no card of yours to take back: take-backs are off "
                                            "at this table")
        await pilot.press("q")

    run(app, script)


@pytest.mark.slow
def test_scores_open_from_the_hand_summary(tmp_path: Path) -> None:
    """S works while a hand's summary is open: the scores hand by hand, with the hand just played,
    over the summary; any key goes back to the summary, and Enter still starts the next hand."""
    app = passing_app("pct", tmp_path)

    async def script(pilot: Pilot[None]) -> None:
        await play_out_hand(app, pilot)
        summary = app.screen
        assert isinstance(summary, SummaryScreen)
        assert "S scores" in static_text(summary.query_one("#summary", Static))
        await pilot.press("S")
        await settle(app, pilot)
        assert isinstance(app.screen, HistoryScreen)
        res = app.session.game.history[0].result
        assert res is not None
        shown = static_text(app.screen.query_one("#history", Static))
        row = next(line for line in shown.splitlines() if line.strip().startswith("1 "))
        assert all(f"{res.scores[s]} ({res.delta[s]:+d})" in row for s in range(4))
        await pilot.press("x")
        await settle(app, pilot)
        assert app.screen_stack[-1] is summary
        await pilot.press("enter")
        await settle(app, pilot)
        assert not isinstance(app.screen, SummaryScreen | HistoryScreen)
        assert app.session.hand_number == 2
        await pilot.press("q")

    run(app, script)


def test_a_bots_only_summary_waits_while_the_scores_are_open(tmp_path: Path) -> None:
    """At a bots-only table the summary goes on by itself, but not from under the scores."""
    rules = make_rules("pct", players=3)
    app = PlayApp(lambda n: Session(rules, seed=5, human=None, bot="random", max_hands=3,
                                    save_path=tmp_path / "b.json"), delay=0, summary_seconds=1.0)

    async def script(pilot: Pilot[None]) -> None:
        await until(pilot, lambda: isinstance(app.screen, SummaryScreen), "the first summary opens")
        summary = app.screen
        assert isinstance(summary, SummaryScreen) and not summary.final
        await pilot.press("S")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen), "the scores open")
        await pilot.pause(1.5)
        assert isinstance(app.screen, HistoryScreen) and app.screen_stack[-2] is summary
        await pilot.press("x")
        await until(pilot, lambda: summary not in app.screen_stack, "the summary goes on")
        await pilot.press("q")

    run(app, script, wait=False)
