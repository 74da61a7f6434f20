"""The prompt under the table names each choice by its key, the key before what it does, as a card
is keyed ("1:8♠"): bids ("9:bid 9  0:bid 10"), passes and the dealer's choices; a discard says how
many cards; a long list of choices breaks between two of them, never inside one."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from rich.text import Text
from textual.pilot import Pilot

from pitchkit import Bid, Game, make_rules
from pitchkit.engine.actions import Choice, Choose, Phase
from pitchkit.engine.view import make_view
from pitchkit.tui.keys import auction_choices, choices
from pitchkit.tui.narrate import seat_names
from pitchkit.tui.render import card_count, prompt_text
from tests.test_tui import make_app, run, text_of

NAMES = seat_names(4, 0)


def first_bidder_view(variant: str, seed: int = 1) -> tuple[Game, int]:
    """A new game and the seat to bid first."""
    game = Game(make_rules(variant), seed=seed)
    seat = game.to_act
    assert seat is not None
    return game, seat


def test_a_bid_key_says_the_bid_it_makes() -> None:
    """Ten-point: key 0 bids 10, and the prompt says so ("0:bid 10"), never "9  0 10"."""
    game, seat = first_bidder_view("ten-point")
    view = make_view(game.hand, seat)
    prompt = prompt_text(view, seat_names(4, seat), choices(view)).plain
    assert "p:pass  4:bid 4" in prompt and "9:bid 9  0:bid 10" in prompt
    assert "s:bid smudge" in prompt and " 0 10" not in prompt
    zero = next(k for k in auction_choices(view) if k.key == "0")
    assert zero.action == Bid(seat, 10) and zero.label == "bid 10"


def test_the_dealers_choices_are_keyed_the_same_way() -> None:
    """pct, everyone passed: the stuck dealer is offered "2:bid 2 (take it)" and "r:run it"."""
    game, _ = first_bidder_view("pct")
    dealer = game.hand.dealer
    while game.to_act != dealer:
        game.apply(Bid(game.to_act or 0, None))
    view = make_view(game.hand, dealer)
    assert Choose(dealer, Choice.RUN) in view.legal
    prompt = prompt_text(view, NAMES, choices(view)).plain
    assert prompt.startswith("Your turn: bid  ")
    assert "2:bid 2 (take it)" in prompt and "r:run it" in prompt and "p:pass" not in prompt


@pytest.mark.parametrize("width", [36, 56, 76])
def test_a_long_list_of_bids_breaks_between_two_bids(width: int) -> None:
    """However narrow the prompt, each choice stays whole on one line."""
    game, seat = first_bidder_view("ten-point")
    view = make_view(game.hand, seat)
    keys = choices(view)
    lines = prompt_text(view, NAMES, keys, width=width).plain.splitlines()
    assert len(lines) > 1 and all(len(line) <= width for line in lines)
    for k in keys:
        if k.legal:
            shown = f"{k.key}:{Text.from_markup(k.label).plain}"
            assert any(shown in line for line in lines), (shown, lines)


def test_the_prompt_at_the_table_keeps_each_bid_whole(tmp_path: Path) -> None:
    """At 60x18 the ten-point bids take two lines of the prompt, broken between two bids."""
    app = make_app(make_rules("ten-point"), tmp_path, dealer=3)

    async def script(pilot: Pilot[None]) -> None:
        assert app.session.human_turn and app.session.game.hand.phase == Phase.AUCTION
        lines = text_of(app, "#prompt").splitlines()
        assert len(lines) == 2, lines
        assert any("0:bid 10" in line for line in lines) and not any(
            line.rstrip().endswith(("0:bid", ":")) for line in lines)
        await pilot.press("q")

    run(app, script, size=(60, 18))


def test_the_discard_prompt_counts_cards() -> None:
    """Ten-point's discard after the auction says how many cards may go: "3 to 8 cards"."""
    game = Game(make_rules("ten-point"), seed=1)
    rng = random.Random(1)
    while game.hand.phase != Phase.DISCARD:
        game.apply(rng.choice(game.hand.legal_actions()))
    seat = game.to_act
    assert seat is not None
    view = make_view(game.hand, seat)
    assert view.discard_options is not None
    _, lo, hi = view.discard_options
    assert lo < hi
    prompt = prompt_text(view, seat_names(4, seat), choices(view)).plain
    assert f"discard {lo} to {hi} cards (no point cards)" in prompt
    assert (card_count(1, 1), card_count(3, 3), card_count(3, 8)) == ("1 card", "3 cards", "3 to 8 cards")
