"""The terminal table at Euchre, in the words of the game: the making keys show their suit (no markup
shown as text), the hand panel says "Making trump" and who makes what, the maker must take tricks, a
loner's partner sits out in the seats table, and a hand's scores are each team's."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from rich.text import Text
from typer.testing import CliRunner

from pitchkit import Game, make_rules
from pitchkit.actions import Choice, Choose, DeclareTrump
from pitchkit.cli import app
from pitchkit.tui.cards import suit_markup
from pitchkit.tui.keys import choices
from pitchkit.tui.narrate import result_lines
from pitchkit.tui.render import info_text, prompt_text, seats_table
from pitchkit.view import make_view

NAMES = ["You", "Seat 1", "Seat 2", "Seat 3"]


def plain(renderable: object) -> str:
    """What a renderable shows, as plain text on one wide line per row."""
    console = Console(width=200, file=io.StringIO(), record=True)
    console.print(renderable)
    return console.export_text()


def ordered_up(seed: int, *, alone: bool) -> Game:
    """A Euchre game whose first hand's upcard the first seat to speak orders up, alone or not."""
    game = Game(make_rules("euchre"), seed=seed)
    seat = game.to_act
    assert seat is not None
    game.apply(next(a for a in game.hand.legal_actions() if isinstance(a, DeclareTrump)))
    game.apply(Choose(seat, Choice.ALONE if alone else Choice.PARTNER))
    return game


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_making_keys_show_the_suit_not_its_markup(seed: int) -> None:
    game = Game(make_rules("euchre"), seed=seed)
    seat = game.to_act
    assert seat is not None
    view = make_view(game.hand, seat)
    prompt = prompt_text(view, NAMES, choices(view)).plain
    assert view.upcard is not None and view.upcard.suit is not None
    suit = Text.from_markup(suit_markup(view.upcard.suit)).plain
    assert "[" not in prompt and "make trump" in prompt and "p pass" in prompt and suit in prompt


@pytest.mark.parametrize("alone", [False, True])
def test_the_hand_panel_says_who_makes_trump_and_the_tricks_to_take(alone: bool) -> None:
    game = ordered_up(4, alone=alone)
    view = make_view(game.hand, 0)
    maker = view.pitcher
    assert maker is not None and view.trump is not None
    info = info_text(view, NAMES, 1).plain
    assert f"{NAMES[maker]} must take 3 tricks" in info
    verb = "make" if maker == 0 else "makes"
    words = " ".join(info.split())
    assert "Making trump: " in words and f"{NAMES[maker]} {verb} {view.trump.long_name}" in words
    partner = (maker + 2) % 4
    rows = plain(seats_table(view, NAMES))
    line = next(r for r in rows.splitlines() if NAMES[partner] in r)
    assert (" out" in line) == alone
    assert ("alone" if alone else "with the partner") in words


def test_a_euchre_hands_scores_are_each_teams() -> None:
    game = ordered_up(5, alone=False)
    while not game.history:
        seat = game.to_act
        assert seat is not None
        game.apply(game.hand.legal_actions()[0])
    (scores,) = [line for line in result_lines(game.history[-1], NAMES) if line.startswith("Scores: ")]
    assert scores.startswith("Scores: team A ") and ", team B " in scores and "Seat" not in scores


def test_pitch_play_takes_the_preset_by_name_and_tells_a_euchre_hand_by_teams() -> None:
    """``pitch play --preset euchre`` (the name ``pitch rules`` lists; ``--variant`` too): each hand's
    scores are each team's."""
    done = CliRunner().invoke(app, ["play", "--preset", "euchre", "--all-bots", "--fast", "--no-save",
                                    "--seed", "2", "--max-hands", "2"])
    assert done.exit_code == 0, done.output
    scores = [line.strip() for line in done.stdout.splitlines() if line.strip().startswith("Scores: ")]
    team = r"team {} -?\d+ [+-]\d+ = -?\d+"
    line = f"Scores: {team.format('A')}, {team.format('B')}"
    assert scores and all(re.fullmatch(line, s) for s in scores), scores
