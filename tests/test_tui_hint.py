"""The terminal table's hint with its reason: the move on the message line, and the advisor's
sentence in the log, as the browser table shows them."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import RichLog

from pitchkit import make_rules
from pitchkit.advice.hints import FAST_HINT_BOT, PLAIN_HINT_BOT, compiled_solver, hint_bot_name, wait_warm
from pitchkit.engine.actions import Phase
from pitchkit.engine.cards import card_label, suit_label
from pitchkit.engine.record import hand_record
from pitchkit.tui.app import PlayApp
from pitchkit.tui.hinting import MARK
from pitchkit.tui.keys import auction_choices, choices
from pitchkit.tui.narrate import action_line
from pitchkit.tui.session import Session
from tests.test_tui import first_legal, make_app, phase_of, run, settle, text_of


@pytest.mark.slow
def test_the_hint_gives_the_advisors_reason_in_the_log(tmp_path: Path) -> None:
    app = make_app(make_rules("pct"), tmp_path, dealer=3, passing=True)

    async def script(pilot: Pilot[None]) -> None:
        s = app.session
        await pilot.press(first_legal(auction_choices(s.view(0)), skip_pass=True).key)
        await settle(app, pilot)
        await pilot.press(first_legal(choices(s.view(0))).key)  # the first lead names trump
        await settle(app, pilot)
        assert s.human_turn and phase_of(s) == Phase.PLAY and s.game.hand.trump is not None
        for _ in range(3):  # the first hint may come while the compiled solver loads: without a reason
            await pilot.press("?")
            await settle(app, pilot)
            lines = [line.text for line in app.screen_stack[0].query_one("#log", RichLog).lines]
            hinted = [line for line in lines if line.startswith("Hint: ")]
            if hinted:
                break
        message = text_of(app, "#message")
        assert message.startswith("Hint (") and " bot): play " in message
        assert hinted and "on average" in hinted[-1], lines
        await pilot.press("q")

    run(app, script)


def test_a_euchre_hint_says_why_in_the_log(tmp_path: Path) -> None:
    """While trump is made with the upcard the hint's reason is the holding in the suit and the
    chance from sampled deals (or the heuristic bot's estimate), not a Pitch bid's."""
    app = make_app(make_rules("euchre"), tmp_path, dealer=3, passing=True)

    async def script(pilot: Pilot[None]) -> None:
        s = app.session
        assert s.human_turn and s.view(0).upcard is not None and phase_of(s) == Phase.AUCTION
        await pilot.press("?")
        await settle(app, pilot)
        lines = [line.text for line in app.screen_stack[0].query_one("#log", RichLog).lines]
        start = next(i for i, line in enumerate(lines) if line.startswith("Hint: "))
        hinted = "".join(lines[start:])  # the log wraps a long line
        assert "trump" in hinted and ("sampled deals" in hinted or "estimate" in hinted), lines
        assert text_of(app, "#message").startswith("Hint (")
        await pilot.press("q")

    run(app, script)


@pytest.mark.slow
def test_hint_names_a_legal_action(tmp_path: Path) -> None:
    """? shows what a bot would do in the human's place, and acting on it is accepted."""
    app = make_app(make_rules("auction"), tmp_path, dealer=0)

    async def script(pilot: Pilot[None]) -> None:
        s = app.session
        assert s.human_turn
        before = hand_record(s.game.hand)
        await pilot.press("?")
        await settle(app, pilot)
        assert hand_record(s.game.hand) == before
        message = text_of(app, "#message")
        assert message.startswith(f"Hint ({s.hint_bot_name} bot):")
        legal = {action_line(a, s.rules, s.names, fmt=card_label, fmt_suit=suit_label).split(": ", 1)[1]
                 for a in s.game.legal_actions()}
        assert message.split(": ", 1)[1] in legal
        await pilot.press("q")

    run(app, script)


def test_the_hint_comes_from_pimc_when_the_compiled_solver_is_in_use(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Bug 9: the hint bot is pimc with the compiled solver, heuristic without it, and the hint
    names it."""
    monkeypatch.setenv("PITCHKIT_COMPILED_SOLVER", "0")
    assert hint_bot_name() == PLAIN_HINT_BOT == "heuristic"
    monkeypatch.delenv("PITCHKIT_COMPILED_SOLVER")
    if not compiled_solver():
        pytest.skip("the compiled solver needs numba")
    assert hint_bot_name() == FAST_HINT_BOT == "pimc"
    app = make_app(make_rules("pct"), tmp_path, dealer=3, passing=True)

    async def script(pilot: Pilot[None]) -> None:
        s = app.session
        await pilot.press(first_legal(auction_choices(s.view(0)), skip_pass=True).key)
        await settle(app, pilot)
        assert s.human_turn and phase_of(s) == Phase.PLAY
        await pilot.press("?")
        await settle(app, pilot)
        message = text_of(app, "#message")
        assert message.startswith("Hint (pimc bot): play ")
        await pilot.press("q")

    run(app, script)


@pytest.mark.slow
def test_the_hint_shows_the_choices_it_compared_and_marks_the_one_it_recommends(tmp_path: Path) -> None:
    """``pitch play --variant ten-point --seed 17``: the first hint is the bid its figures rate best,
    not the bot's pass, and the log lists the bids it compared with passing at 0, the hint marked."""
    wait_warm()  # the first hint of a table loading the compiled solver says it is still loading
    app = PlayApp(lambda n: Session(make_rules("ten-point"), seed=17, human=0, bot="heuristic",
                                    save_path=tmp_path / "game.json"), delay=0)

    async def script(pilot: Pilot[None]) -> None:
        s = app.session
        assert s.human_turn and phase_of(s) == Phase.AUCTION
        await pilot.press("?")
        await settle(app, pilot)
        lines = [line.text for line in app.screen_stack[0].query_one("#log", RichLog).lines]
        start = next(i for i, line in enumerate(lines) if line.startswith("Hint: "))
        shown = lines[start:]
        assert text_of(app, "#message").startswith("Hint (solved deals): bid "), shown
        assert any(line.startswith("  Expected score change over ") for line in shown), shown
        marked = [line for line in shown if line.startswith(f"  {MARK} bid ")]
        passing = [line for line in shown if line.startswith("    pass: ")]
        assert len(marked) == 1 and passing == ["    pass: 0.0"], shown
        assert shown.index(marked[0]) < shown.index(passing[0])
        await pilot.press("q")

    run(app, script)
