"""The terminal table driven through Textual's pilot: a whole hand as a human, key by key."""

from __future__ import annotations

import asyncio
import io
import random
import threading
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import RichLog, Static
from textual.worker import WorkerFailed

from pitchkit import Bid, Card, Phase, make_rules
from pitchkit.bots import random_action
from pitchkit.engine.actions import Action, Discard, PassCards
from pitchkit.engine.cards import Suit, card_label
from pitchkit.engine.errors import PitchError
from pitchkit.engine.record import game_record, hand_record, score_document
from pitchkit.engine.rules import Rules
from pitchkit.engine.view import View
from pitchkit.tui.app import PlayApp
from pitchkit.tui.base import TableApp
from pitchkit.tui.keys import KeyChoice, auction_choices, card_keys, choices
from pitchkit.tui.narrate import result_lines
from pitchkit.tui.replay import ReplayApp
from pitchkit.tui.screens import HistoryScreen, SummaryScreen
from pitchkit.tui.session import Session
from pitchkit.tui.textlog import load_replay

SIZE = (80, 24)


class PassingBot:
    """Passes whenever it may, otherwise plays at random: leaves the contract to the human."""

    name = "passing"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View) -> Action:
        """Pass if legal, else a random legal action."""
        if Bid(view.seat, None) in view.legal:
            return Bid(view.seat, None)
        return random_action(view, self.rng)


def run(app: TableApp, script: Callable[[Pilot[None]], Coroutine[Any, Any, None]], *,
        size: tuple[int, int] = SIZE, wait: bool = True) -> None:
    """Run ``script`` against ``app`` in a test terminal (80x24 unless ``size``), after the bots
    have acted up to the human's turn (unless not ``wait``)."""
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await (settle(app, pilot) if wait else pilot.pause())
            await script(pilot)
    asyncio.run(main())


async def settle(app: TableApp, pilot: Pilot[None], *, failing: bool = False) -> None:
    """Wait until no bot is about to act or deciding (the bots decide on worker threads). A worker's
    failure is raised here, unless ``failing``: a bot expected to fail, which the table tells of
    (then the failed worker is waited for like any other, whether or not it is still listed)."""
    for _ in range(3000):
        done = await asyncio.gather(*(worker.wait() for worker in list(app.workers)), return_exceptions=True)
        failed = [d for d in done if isinstance(d, WorkerFailed)]
        if failed and not failing:
            raise failed[0]
        await pilot.pause()
        if not (isinstance(app, PlayApp) and app.busy):
            return
    raise AssertionError("the bots did not finish")


async def until(pilot: Pilot[None], condition: Callable[[], bool], what: str) -> None:
    """Wait until ``condition`` holds: a key pressed is handled by the table some time after
    ``press`` returns when the machine is busy (at most a generous number of short pauses)."""
    for _ in range(1500):
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"the table never got there: {what}")


def text_of(app: TableApp, widget_id: str) -> str:
    """The plain text a Static of the table shows."""
    return static_text(app.screen_stack[0].query_one(widget_id, Static))


def static_text(widget: Static) -> str:
    """The plain text a Static shows."""
    content = widget.content
    console = Console(width=300, file=io.StringIO(), record=True)
    console.print(content)
    return console.export_text().strip()


def make_app(rules: Rules, tmp_path: Path, *, dealer: int, passing: bool = False,
             bot: type[PassingBot] = PassingBot) -> PlayApp:
    """A table with the human in seat 0, random bots (or, if ``passing``, ``bot``s, which pass),
    bots acting at once; game n is saved in ``game{n}.json``."""
    def new_session(n: int) -> Session:
        s = Session(rules, seed=11 + n, human=0, bot="random", dealer=dealer,
                    save_path=tmp_path / f"game{n}.json")
        if passing:
            s.bots = {seat: bot(random.Random(seat)) for seat in s.bots}
        return s
    return PlayApp(new_session, delay=0)


def phase_of(session: Session) -> Phase:
    """The phase of the hand in play."""
    return session.game.hand.phase


def first_legal(keys: list[KeyChoice], *, skip_pass: bool = False) -> KeyChoice:
    """The first legal choice (the first legal bid rather than a pass if ``skip_pass``)."""
    legal = [k for k in keys if k.legal]
    bids = [k for k in legal if not (skip_pass and k.label == "pass")]
    return (bids or legal)[0]


async def play_out_hand(app: PlayApp, pilot: Pilot[None]) -> None:
    """Press the key of a legal choice (a card, or a second-round bid after running it) on each of
    the human's turns until the summary opens."""
    for _ in range(60):
        if isinstance(app.screen, SummaryScreen):
            return
        s = app.session
        assert s.human_turn, "the table waits for nobody"
        view = s.view(0)
        assert view.phase in (Phase.PLAY, Phase.AUCTION)
        await pilot.press(first_legal(choices(view)).key)
        await settle(app, pilot)
    raise AssertionError("the hand did not end")


@pytest.mark.slow
def test_a_whole_hand_as_the_human_dealer(tmp_path: Path) -> None:
    """pct, human deals (bids last): an illegal bid key changes nothing, then bid, play, summary."""
    app = make_app(make_rules("pct"), tmp_path, dealer=0)

    async def script(pilot: Pilot[None]) -> None:
        s = app.session
        assert s.human_turn and phase_of(s) == Phase.AUCTION
        view = s.view(0)
        keys = auction_choices(view)
        # the dealer may not pass after three passes, nor bid at or below a standing bid (no steal)
        illegal = next(k for k in keys if not k.legal)
        assert illegal.action is not None
        before = hand_record(s.game.hand)
        with pytest.raises(PitchError) as refused:
            s.game.hand.verify(illegal.action)
        reason = str(refused.value)
        await pilot.press(illegal.key)
        await settle(app, pilot)
        assert hand_record(s.game.hand) == before
        assert s.human_turn
        assert text_of(app, "#message") == reason
        # a key that is no choice at all changes nothing either
        await pilot.press("z")
        await settle(app, pilot)
        assert hand_record(s.game.hand) == before
        assert "not a choice" in text_of(app, "#message")

        choice = first_legal(keys, skip_pass=True)
        await pilot.press(choice.key)
        await settle(app, pilot)
        assert s.game.hand.log[len(before["actions"])] == choice.action  # type: ignore[arg-type]
        assert text_of(app, "#message") == ""
        await play_out_hand(app, pilot)

        screen = app.screen
        assert isinstance(screen, SummaryScreen)
        hand = s.game.history[0]
        result = hand.result
        assert result is not None and not result.misdeal
        shown = "\n".join(screen.lines)
        set_words = "were set" if s.names[result.pitcher or 0] == "You" else "was set"
        assert ("made it" if result.made else set_words) in shown
        for award in result.awards:
            assert f"{award.point}" in shown and s.names[award.seat] in shown
        for seat in range(4):
            assert f"{s.names[seat]} {result.scores[seat] - result.delta[seat]} " \
                   f"{result.delta[seat]:+d} = {result.scores[seat]}" in shown
        # the table behind the summary still shows the finished hand
        assert "won" in text_of(app, "#seats")
        await pilot.press("enter")
        await settle(app, pilot)
        assert not isinstance(app.screen, SummaryScreen)
        assert len(s.game.history) == 1 and not s.unshown and s.game.hand is not hand
        await pilot.press("q")
        await settle(app, pilot)

    run(app, script)
    doc = score_document(game_record(app.session.game))
    assert doc["hands"][0]["complete"] is True  # type: ignore[index]
    saved = tmp_path / "game0.json"
    assert saved.exists()


@pytest.mark.slow
def test_ten_point_trump_keys_and_discard_toggles(tmp_path: Path) -> None:
    """Ten-point as the bidder: trump by suit key, discards toggled then confirmed, a wrong count
    refused with the engine's reason."""
    app = make_app(make_rules("ten-point"), tmp_path, dealer=3, passing=True)

    async def script(pilot: Pilot[None]) -> None:
        s = app.session
        assert s.human_turn and phase_of(s) == Phase.AUCTION
        await pilot.press(first_legal(auction_choices(s.view(0)), skip_pass=True).key)
        await settle(app, pilot)
        assert s.game.hand.pitcher == 0 and phase_of(s) == Phase.TRUMP
        await pilot.press("h")
        await settle(app, pilot)
        assert s.game.hand.trump == Suit.H
        discards = 0
        while s.human_turn and phase_of(s) == Phase.DISCARD:
            view = s.view(0)
            assert view.discard_options is not None
            allowed, lo, _ = view.discard_options
            keys = {c: k for k, c in card_keys(view).items()}
            if lo > 0:  # too few: refused, nothing changes
                before = hand_record(s.game.hand)
                await pilot.press("enter")
                await settle(app, pilot)
                assert hand_record(s.game.hand) == before
                assert "must discard" in text_of(app, "#message")
            point_cards = [c for c in view.hand if c not in allowed]
            if point_cards:  # refused, in the notation of the rest of the screen (bug 3)
                await pilot.press(keys[point_cards[0]])
                await settle(app, pilot)
                assert app.selected == frozenset()
                assert text_of(app, "#message") == (f"{card_label(point_cards[0])} is a point card "
                                                    "and may not be discarded.")
            chosen: list[Card] = list(allowed[:lo])
            for card in chosen:
                await pilot.press(keys[card])
                await settle(app, pilot)
            assert app.selected == frozenset(chosen)
            assert f"confirms: {len(chosen)} selected" in text_of(app, "#prompt")
            await pilot.press("enter")
            await settle(app, pilot)
            discards += 1
            assert Discard(0, tuple(sorted(chosen))) in s.game.hand.log
            if isinstance(app.screen, SummaryScreen):
                break
        assert discards >= 1
        if not isinstance(app.screen, SummaryScreen):
            await pass_to_partner(app, pilot)
            assert phase_of(s) == Phase.PLAY
            trumps = view_trumps_first(s.view(0))
            assert trumps, "the bidder holds trumps after the draw"
            await play_out_hand(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("q")
        await settle(app, pilot)

    run(app, script)


async def pass_to_partner(app: PlayApp, pilot: Pilot[None]) -> None:
    """The partner exchange (seed 003 "Cards will be exchanged between partners"): a card key
    selects the card to pass, a second card makes the count wrong and Enter is refused, Enter with
    one card passes it face down."""
    s = app.session
    assert s.human_turn and phase_of(s) == Phase.EXCHANGE
    view = s.view(0)
    assert "face down to your partner" in text_of(app, "#prompt")
    keys = {c: k for k, c in card_keys(view).items()}
    first, second = view.hand[0], view.hand[1]
    await pilot.press(keys[first], keys[second], "enter")
    await settle(app, pilot)
    assert phase_of(s) == Phase.EXCHANGE and "exactly 1 card" in text_of(app, "#message")
    await pilot.press(keys[second])
    await settle(app, pilot)
    assert app.selected == frozenset({first})
    await pilot.press("enter")
    await settle(app, pilot)
    assert PassCards(0, (first,)) in s.game.hand.log


def view_trumps_first(view: View) -> bool:
    """True if the hand's first keyed card is a trump whenever the seat holds one."""
    from pitchkit.engine.trump import table

    assert view.trump is not None
    r = view.rules
    tt = table(int(view.trump), jokers=r.jokers, off_jack=r.off_jack, equal_jokers=r.equal_jokers)
    ordered = list(card_keys(view).values())
    held = [c for c in ordered if tt.is_trump(c)]
    return bool(held) and ordered[: len(held)] == held


@pytest.mark.slow
def test_bots_only_table_plays_with_a_delay(tmp_path: Path) -> None:
    """--all-bots at the table: bots act on timers; a hand's summary goes by itself, the last one
    stays, and n plays again."""
    rules = make_rules("pct", players=3)

    def new_session(n: int) -> Session:
        return Session(rules, seed=5 + n, human=None, bot="random", max_hands=2,
                       save_path=tmp_path / f"b{n}.json")

    app = PlayApp(new_session, delay=0.001, summary_seconds=0.01)

    async def script(pilot: Pilot[None]) -> None:
        for _ in range(1000):  # the first hand's summary goes by itself; the last one stays
            if isinstance(app.screen, SummaryScreen) and app.screen.final:
                break
            await pilot.pause(0.01)
        screen = app.screen
        assert isinstance(screen, SummaryScreen) and screen.final
        assert "No winner: stopped after 2 hands;" in "\n".join(screen.lines)
        assert app.session.hand_number == 2
        first = app.session
        await pilot.press("n")  # play again: a new game with the next seed
        await settle(app, pilot)
        assert len(app.sessions) == 2 and app.session is not first
        assert app.session.seed == 6 and first.save_path != app.session.save_path
        await pilot.press("q")
        await settle(app, pilot)

    run(app, script)
    first = app.sessions[0]
    assert first.stopped
    assert score_document(game_record(first.game))["complete"] is False
    assert first.save_path is not None and first.save_path.exists()


def test_tab_watches_the_next_seat_at_a_bots_only_table(tmp_path: Path) -> None:
    """With every seat a bot, tab shows the next seat's cards."""
    rules = make_rules("pct")
    app = PlayApp(lambda n: Session(rules, seed=2, human=None, bot="random"), delay=60)

    async def script(pilot: Pilot[None]) -> None:
        assert app.watched == 0
        await pilot.press("tab")
        await pilot.pause()
        assert app.watched == 1
        hand = app.screen_stack[0].query_one("#hand", Static)
        assert hand.border_title == "Seat 1's cards"
        shown = text_of(app, "#hand")
        for card in app.session.game.hand.holding(1):
            assert card_label(card) in shown
        await pilot.press("q")

    run(app, script, wait=False)


@pytest.mark.slow
def test_replay_steps_through_a_saved_game() -> None:
    """→ and ← move one action, ] jumps to the next hand, End to the last position."""
    session = Session(make_rules("pct", players=3), seed=8, human=None, bot="random", max_hands=2)
    while not session.over:
        session.bot_step()
        session.summary_seen()
    replay = load_replay(game_record(session.game))
    assert len(replay.hands) == 2
    first_hand = [f for f in replay.frames if f.index == 0]
    assert len(first_hand) == len(session.game.history[0].log) + 1
    app = ReplayApp(replay, name="g.json")

    async def script(pilot: Pilot[None]) -> None:
        assert "action 0/" in text_of(app, "#prompt") and "as dealt" in text_of(app, "#prompt")
        await pilot.press("right", "right", "left")
        await settle(app, pilot)
        assert app.pos == 1
        first = session.game.history[0].log[0]
        assert isinstance(first, Bid)
        said = f"Seat {first.seat} passes" if first.amount is None else f"Seat {first.seat} bid "
        assert said in text_of(app, "#prompt") and f"Seat {first.seat}:" not in text_of(app, "#prompt")
        await pilot.press("]")
        await settle(app, pilot)
        assert app.pos == len(first_hand) and "Hand 2/2 · action 0/" in text_of(app, "#prompt")
        await pilot.press("end")
        await settle(app, pilot)
        assert app.pos == len(replay.frames) - 1
        assert replay.frames[app.pos].hand.done
        await pilot.press("q")

    run(app, script)


class BlockedBot(PassingBot):
    """Passes like :class:`PassingBot`, but only once ``go`` is set; notes the thread it ran on."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.go = threading.Event()
        self.threads: list[threading.Thread] = []

    def choose(self, view: View) -> Action:
        """Wait for ``go``, then pass."""
        self.threads.append(threading.current_thread())
        assert self.go.wait(30), "the test never let the bot decide"
        return super().choose(view)


@pytest.mark.slow
def test_bots_decide_off_the_screen_thread_and_the_table_answers(tmp_path: Path) -> None:
    """Bug 1 and 2: while Seat 1's bot decides, the table says so, answers keys and resizes; the
    refusal of a key pressed meanwhile goes once the turn passes to the human."""
    app = make_app(make_rules("pct"), tmp_path, dealer=0, passing=True)
    slow = BlockedBot(random.Random(1))
    app.session.bots[1] = slow

    async def script(pilot: Pilot[None]) -> None:
        s = app.session
        for _ in range(100):
            if slow.threads:
                break
            await pilot.pause(0.01)
        assert slow.threads and slow.threads[0] is not threading.main_thread()
        assert s.to_act == 1 and app.busy
        assert text_of(app, "#prompt") == "Seat 1 is thinking..."
        await pilot.press("2")
        await pilot.pause()
        assert text_of(app, "#message") == "Wait: Seat 1 is to act."
        await resize(pilot, 60, 20)
        assert app.size == (60, 20)
        slow.go.set()
        await settle(app, pilot)
        assert s.human_turn and s.game.hand.log[0] == Bid(1, None)
        assert text_of(app, "#message") == ""
        assert text_of(app, "#prompt").startswith("Your turn")
        await pilot.press("q")

    run(app, script, wait=False)


def log_text(app: TableApp) -> str:
    """What the log panel shows, its lines joined by single spaces."""
    log = app.screen_stack[0].query_one("#log", RichLog)
    return " ".join(" ".join(strip.text.split()) for strip in log.lines)


def test_replay_log_wraps_long_lines_at_80_columns() -> None:
    """Bug 4: the score line of a finished hand is longer than the log is wide; it wraps, whole."""
    session = Session(make_rules("pct", players=6), seed=4, human=None, bot="random", max_hands=1)
    while not session.over:
        session.bot_step()
        session.summary_seen()
    app = ReplayApp(load_replay(game_record(session.game)), name="g.json")
    hand = session.game.history[0]
    scores = next(line for line in result_lines(hand, app.names) if line.startswith("Scores:"))
    assert len(scores) > 76

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("end")
        await pilot.pause()
        log = app.screen_stack[0].query_one("#log", RichLog)
        assert max(strip.cell_length for strip in log.lines) <= log.scrollable_content_region.width
        assert " ".join(scores.split()) in log_text(app)
        await pilot.press("q")

    run(app, script)


@pytest.mark.slow
def test_second_person_and_the_game_over_prompt(tmp_path: Path) -> None:
    """Bug 3: "You deal" (not "You deals"), and under the game-over box the prompt says the game is
    over, not "The hand is over."."""
    rules = make_rules("pct")
    app = PlayApp(lambda n: Session(rules, seed=3, human=0, bot="random", dealer=0, max_hands=1,
                                    save_path=tmp_path / "g.json"), delay=0)

    async def script(pilot: Pilot[None]) -> None:
        assert "You deal\n" in text_of(app, "#info") + "\n"
        assert "Hand 1: You deal." in log_text(app)
        assert "You deals" not in log_text(app) + text_of(app, "#info")
        await play_out_hand(app, pilot)
        screen = app.screen
        assert isinstance(screen, SummaryScreen) and screen.final
        assert text_of(app, "#prompt") == "The game is over."
        await pilot.press("q")

    run(app, script)


async def resize(pilot: Pilot[None], width: int, height: int) -> None:
    """Resize the test terminal and let the table lay itself out again."""
    await pilot.resize_terminal(width, height)
    for _ in range(3):
        await pilot.pause(0.02)


def on_screen(app: TableApp, widget_id: str) -> bool:
    """True if the table's widget is displayed wholly inside the terminal."""
    widget = app.screen_stack[0].query_one(widget_id)
    region = widget.region
    return (widget.display and region.height > 0 and region.right <= app.size.width
            and region.bottom <= app.size.height)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["pct", "ten-point"])
def test_small_terminals_keep_the_markers_the_cards_and_the_prompt(tmp_path: Path, variant: str) -> None:
    """Bug 7: at 60x20 the seats table keeps the turn and dealer markers; at 40x12 the cards, the
    prompt and a status line with the turn and the dealer stay on screen; smaller, the table says
    the minimum size; larger again, the table is back."""
    app = make_app(make_rules(variant), tmp_path, dealer=1)

    async def script(pilot: Pilot[None]) -> None:
        s = app.session
        assert s.human_turn
        await resize(pilot, 60, 20)
        seats = text_of(app, "#seats").splitlines()
        assert any(line.startswith("▶ You") for line in seats)
        assert any("Seat 1" in line and " D " in f"{line} " for line in seats)
        for widget in ("#seats", "#info", "#hand", "#prompt"):
            assert on_screen(app, widget), widget
        await resize(pilot, 40, 12)
        for widget in ("#hand", "#prompt", "#status"):
            assert on_screen(app, widget), widget
        assert text_of(app, "#status").startswith("▶ You are to act · Seat 1 deals")
        hand = app.screen_stack[0].query_one("#hand", Static)
        assert hand.region.height >= 2 + len(text_of(app, "#hand").splitlines())
        for card in s.game.hand.holding(0):
            assert card_label(card) in text_of(app, "#hand")
        await resize(pilot, 30, 10)
        assert on_screen(app, "#too-small") and not on_screen(app, "#hand")
        assert "at least 40x12" in text_of(app, "#too-small")
        await resize(pilot, *SIZE)
        assert on_screen(app, "#seats") and not on_screen(app, "#too-small")
        await pilot.press("q")

    run(app, script)


class FailingBot(PassingBot):
    """Raises instead of deciding."""

    def choose(self, view: View) -> Action:
        """Fail."""
        raise RuntimeError("no idea")


def test_a_bot_that_fails_is_told_and_the_table_stays(tmp_path: Path) -> None:
    """A bot's error on its worker thread is one line at the table, which goes on answering keys."""
    app = make_app(make_rules("pct"), tmp_path, dealer=0, passing=True, bot=FailingBot)

    async def script(pilot: Pilot[None]) -> None:
        await settle(app, pilot, failing=True)
        assert text_of(app, "#message") == "Seat 1 could not decide: no idea"
        assert not app.busy and app.session.game.hand.log == []
        await pilot.press("S")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen), "the history opens")

    run(app, script, wait=False)
