"""One hint, one judgement: where the hint has figures, its action is the best-valued of the choices
it shows (passing counted as 0 against each bid's expected score change), over seeded positions of
every preset; where it has none, it is the bot's choice and says so. And the ten-point deal of seed 17,
where the hint passed under a bid it rated +4 expected."""

from __future__ import annotations

import importlib.util
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from pitchkit import Game, make_rules
from pitchkit.advice import advisor, hints
from pitchkit.advice.advisor import Advice, BidAdvice
from pitchkit.advice.hints import best_choice, compared, hint_json, hint_label
from pitchkit.bots import make_bot
from pitchkit.engine.actions import Bid, Choice, Choose, Phase
from pitchkit.engine.cards import Suit, suit_label
from pitchkit.engine.presets import presets
from pitchkit.engine.record import parse_action
from pitchkit.engine.view import View
from pitchkit.tui.hinting import MARK, choice_lines
from pitchkit.tui.session import Session

#: positions checked per preset, and how far apart (decisions) they are taken
POSITIONS = 12
EVERY = 7
#: no clock at all: every estimate rests on the fewest deals it may (eight for a bid or a call,
#: four for a card), so the positions take seconds, not minutes
NO_TIME = 0.0
#: what passing, running it, selling the bid and claiming a misdeal are shown as
NOT_BIDDING = ({"bid": "pass"}, {"choose": "run"}, {"choose": "sell"}, {"choose": "misdeal"})


def positions(preset: str, count: int) -> Iterator[tuple[Game, View]]:
    """Every :data:`EVERY`-th decision of games the heuristic bot plays (seeds 0, 1, ...), up to
    ``count`` of them, each the game and the view of the seat to act; a game's first decision is
    always among them."""
    rules = make_rules(preset)
    found = 0
    for seed in range(100):
        game = Game(rules, seed=seed)
        bots = [make_bot("heuristic", seed=seed * 10 + s) for s in range(rules.players)]
        for step in range(60):
            seat = game.to_act
            if game.over or seat is None:
                break
            view = game.view(seat)
            if step % EVERY == 0 or (view.phase == Phase.AUCTION and not view.log):
                yield game, view
                found += 1
                if found >= count:
                    return
            game.apply(bots[seat].choose(view))


def check(game: Game, view: View, hint: dict[str, Any]) -> None:
    """The hint's action is legal; with figures, it is the best-valued choice shown and never a pass
    under a bid worth more; without, the reason says whose choice it is."""
    action = parse_action(view.rules, {"seat": view.seat, **hint["action"]})[0]
    game.clone().apply(action)  # legal (a discard is not among ``view.legal``)
    assert hint["reason"], hint
    rows = hint.get("choices")
    if not rows:
        assert "bot's choice" in hint["reason"] or "estimate" in hint["reason"], hint
        assert "bot_action" not in hint
        return
    values = [row["value"] for row in rows]
    assert rows[0]["action"] == hint["action"], hint
    assert values == sorted(values, reverse=True), hint
    assert len({str(row["action"]) for row in rows}) == len(rows), hint
    assert all(row["action"] in [hints._entry(view, a) for a in view.legal] for row in rows), hint
    if hint["action"] in NOT_BIDDING:
        assert rows[0]["value"] == 0.0
        assert not [row for row in rows if row["value"] > 0], hint
    bids = hint.get("bids", [])
    if bids:  # the old list agrees with the choices
        assert {b["bid"]: b["expected"] for b in bids} == {
            row["action"]["bid"]: row["value"] for row in rows if row["action"] not in NOT_BIDDING}
    if "making" in hint:  # the call is shown by its worth against passing
        assert hint["making"]["worth"] == next(r["value"] for r in rows if "trump" in r["action"])
    assert hint_label(hint) == ("solved deals" if "bot_action" in hint else f"{hint['bot']} bot")


@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(presets()))
def test_the_hint_recommends_the_best_valued_choice_it_shows(preset: str) -> None:
    judged = 0
    for i, (game, view) in enumerate(positions(preset, POSITIONS)):
        hint = hint_json("heuristic", view, seed=i, seconds=NO_TIME)
        check(game, view, hint)
        judged += "choices" in hint
    assert judged >= 3, f"{preset}: only {judged} positions with figures"


@pytest.mark.slow
def test_a_quick_look_at_one_preset_of_each_kind() -> None:
    """The same check on a few positions of a Pitch preset and of Euchre."""
    for preset in ("pct", "euchre"):
        for i, (game, view) in enumerate(positions(preset, 3)):
            check(game, view, hint_json("heuristic", view, seed=i, seconds=NO_TIME))


def ten_point_seed_17() -> tuple[Game, View]:
    """The first hand of ``pitch play --variant ten-point --seed 17``, at the human's first bid."""
    session = Session(make_rules("ten-point"), seed=17, human=0, bot="heuristic")
    while not session.human_turn:
        session.bot_step()
    view = session.view(0)
    assert view.phase == Phase.AUCTION and Bid(0, 5) in view.legal
    return session.game, view


@pytest.mark.slow
@pytest.mark.parametrize("bot", ["heuristic", "pimc"])
def test_ten_point_seed_17_bids_what_its_figures_rate_above_passing(
        bot: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint said "pass" while its own figures rated the best bid, 5, at about +4 to +6.5
    expected: now the hint is that bid, its reason says so and that the bot would pass, and passing
    is shown worth 0 below it. (The ``pimc`` hint without a clock: with one, it would wait for the
    compiled solver to load.)"""
    monkeypatch.setattr(advisor, "SAMPLES", 8)
    game, view = ten_point_seed_17()
    assert make_bot(bot, rng=random.Random(0)).choose(view) == Bid(0, None)  # the bots still pass
    hint = hint_json(bot, view, seed=3, seconds=NO_TIME if bot == "heuristic" else None)
    check(game, view, hint)
    best = max(hint["bids"], key=lambda b: b["expected"])
    assert best["expected"] > 0 and hint["action"] == {"bid": best["bid"]}, hint
    assert hint["bot_action"] == {"bid": "pass"} and hint_label(hint) == "solved deals"
    assert hint["reason"].startswith(f"makes {best['bid']} about ") and \
        hint["reason"].endswith(f", where the {bot} bot would pass"), hint["reason"]
    rows = [row["action"] for row in hint["choices"]]
    assert rows.index({"bid": "pass"}) > rows.index(hint["action"])


def all_pass_to(preset: str, seed: int) -> tuple[Game, View]:
    """A game of ``preset`` at the dealer's turn after everyone else passed."""
    for s in range(seed, seed + 50):
        game = Game(make_rules(preset), seed=s)
        while game.to_act != game.hand.dealer:
            seat = game.to_act
            assert seat is not None
            game.apply(Bid(seat, None))
        view = game.view(game.hand.dealer)
        if len(view.legal) > 1:
            return game, view
    raise AssertionError("no deal where the dealer has a choice")


@pytest.mark.slow
def test_running_it_counts_as_passing_and_is_never_hinted_above_a_bid_worth_more() -> None:
    """pct's dealer, everyone else having passed, takes it with a bid or runs it: running it is
    shown worth 0, as passing, and recommended only where no bid is worth more."""
    for seed in (1, 40, 80):
        game, view = all_pass_to("pct", seed)
        assert Choose(view.seat, Choice.RUN) in view.legal
        hint = hint_json("heuristic", view, seed=seed, seconds=NO_TIME)
        check(game, view, hint)
        assert {"action": {"choose": "run"}, "value": 0.0} in hint["choices"]
        if hint["action"] == {"choose": "run"}:
            assert hint["reason"].startswith("running it (not estimated: counted as 0, as passing); the best")


@pytest.mark.slow
def test_naming_trump_after_the_auction_compares_every_suit() -> None:
    """Ten-point's pitcher names trump by the chance of making the bid won in each suit."""
    game, view = next((g, v) for g, v in positions("ten-point", 200)
                      if v.phase == Phase.TRUMP and not v.trick)
    hint = hint_json("heuristic", view, seed=1, seconds=NO_TIME)
    check(game, view, hint)
    assert sorted(row["action"]["trump"] for row in hint["choices"]) == ["C", "D", "H", "S"]
    assert [t["trump"] for t in hint["trumps"]] == [row["action"]["trump"] for row in hint["choices"]]
    best = suit_label(Suit[hint["choices"][0]["action"]["trump"]])
    assert hint["reason"].startswith(f"{best} makes the bid about "), hint


def test_a_hint_without_figures_says_whose_choice_it_is_and_why() -> None:
    """The lead that names trump (pct) and the card passed to a partner (ten-point)."""
    said = {}
    for preset in ("pct", "ten-point"):
        for game, view in positions(preset, 400):
            kind = ("lead" if view.phase == Phase.PLAY and view.trump is None and len(view.legal) > 1
                    else "exchange" if view.phase == Phase.EXCHANGE else None)
            if kind and kind not in said:
                hint = hint_json("heuristic", view, seed=1, seconds=NO_TIME)
                check(game, view, hint)
                said[kind] = hint["reason"]
    assert said["lead"].startswith("the heuristic bot's choice: the lead that names trump is not estimated")
    assert said["exchange"] == "the heuristic bot's choice: the card passed to a partner is not estimated"


def test_the_judgement_is_the_best_value_passing_at_0_whatever_the_bot_would_do() -> None:
    """The rule alone, on figures given (no deal solved): at ten-point seed 17's first bid, a bid worth
    more than 0 is recommended over the bot's pass; with every bid worth less, passing; of a bid and
    passing worth the same, passing; of cards worth the same, the bot's, else the one that gives away
    least."""
    _, view = ten_point_seed_17()
    seat, passing = view.seat, Bid(view.seat, None)

    def bids(*values: float) -> Advice:
        return Advice(bids=tuple(BidAdvice(b, str(b), int(Suit.H), 0.5, v) for b, v in zip((5, 6, 7), values,
                                                                                            strict=False)))

    rows = compared(view, bids(4.1, 2.9, -1.0), passing)
    assert [(r.action, r.value) for r in rows][-1] == (passing, 0.0)
    assert best_choice(view, rows, passing) == Bid(seat, 5)
    assert best_choice(view, compared(view, bids(-0.5, -2.0), Bid(seat, 5)), Bid(seat, 5)) == passing
    assert best_choice(view, compared(view, bids(0.0, -2.0), Bid(seat, 5)), Bid(seat, 5)) == passing
    assert best_choice(view, compared(view, bids(1.0, 1.0, 1.0), Bid(seat, 7)), Bid(seat, 7)) == Bid(seat, 7)
    assert compared(view, Advice(), passing) == [] and best_choice(view, [], passing) == passing


def test_the_terminal_lists_the_choices_compared_best_first_the_hint_marked() -> None:
    _, view = ten_point_seed_17()
    hint = {"action": {"bid": 5}, "deals": 32, "solver": "plain", "choices": [
        {"action": {"bid": 5}, "value": 4.14, "make": 0.68, "trump": "H"},
        {"action": {"bid": 6}, "value": 2.91, "make": 0.604, "trump": "H"},
        {"action": {"bid": 7}, "value": 1.47, "make": 0.528, "trump": "H"},
        {"action": {"bid": 8}, "value": 0.2, "make": 0.4, "trump": "D"},
        {"action": {"bid": 9}, "value": 0.1, "make": 0.36, "trump": "D"},
        {"action": {"bid": 10}, "value": 0.05, "make": 0.3, "trump": "D"},
        {"action": {"bid": "pass"}, "value": 0.0},
        {"action": {"bid": "smudge"}, "value": -25.97, "make": 0.25, "trump": "H"}]}
    names = ["You", "Seat 1", "Seat 2", "Seat 3"]
    assert choice_lines(hint, view, names, fmt_suit=suit_label) == [
        "  [dim]Expected score change over 32 deals solved with every card seen (pass 0):[/]",
        "  [dim](the plain solver: numba is not installed, or is switched off)[/]",
        f"  {MARK} bid 5 in \u2665 hearts: makes 68%, +4.1",
        "    bid 6 in \u2665 hearts: makes 60%, +2.9",
        "    bid 7 in \u2665 hearts: makes 53%, +1.5",
        "    bid 8 in \u2666 diamonds: makes 40%, +0.2",
        "    bid 9 in \u2666 diamonds: makes 36%, +0.1",
        "    pass: 0.0",
        "    [dim]and 2 more, worth less[/]"]
    assert choice_lines({"action": {"bid": 5}, "reason": "x"}, view, names) == []


def test_the_table_names_its_hint_bot_without_importing_numba() -> None:
    """Importing numba takes about half a second: the terminal table names its hint bot from what is
    installed, and loads the solver once its first screen is up."""
    code = ("import sys; from pitchkit.advice.hints import hint_bot_name, compiled_solver_installed; "
            "print(hint_bot_name(load=False), compiled_solver_installed(), 'numba' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={k: v for k, v in os.environ.items() if k != hints.SOLVER_SWITCH}).stdout.split()
    installed = importlib.util.find_spec("numba") is not None
    assert out == [hints.FAST_HINT_BOT if installed else hints.PLAIN_HINT_BOT, str(installed), "False"]


def test_the_switch_read_without_numba_is_the_compiled_solvers() -> None:
    compiled = pytest.importorskip("pitchkit.search.compiled", reason="needs numba (pitchkit[fast])")
    assert hints.SOLVER_SWITCH == compiled.ENV_SWITCH
