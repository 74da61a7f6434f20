"""Leaving a game: q and Ctrl+C ask first, the game is saved and resumable, the result so far is
printed; SIGTERM and SIGHUP to a real ``pitch play`` in a pseudo-terminal save the unfinished hand
and leave the terminal as it was (alternate screen left, mouse reporting off)."""

from __future__ import annotations

import asyncio
import errno
import fcntl
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import RichLog

from pitchkit import make_rules
from pitchkit.tui import saves
from pitchkit.tui.app import PlayApp
from pitchkit.tui.keys import choices
from pitchkit.tui.quitting import ConfirmQuit
from pitchkit.tui.saves import GameFile, read_saved, unfinished_games
from pitchkit.tui.screens import SummaryScreen
from pitchkit.tui.session import Session

PITCH = str(Path(sys.executable).with_name("pitch"))
LEAVE_ALTERNATE_SCREEN = b"\x1b[?1049l"
MOUSE_REPORTING_OFF = b"\x1b[?1000l"


def table(tmp_path: Path) -> PlayApp:
    """Seat 0 against random bots that act at once, saving into ``tmp_path``."""
    rules = make_rules("pct")
    return PlayApp(lambda n: Session(rules, seed=8 + n, human=0, bot="random",
                                     save_file=GameFile(tmp_path, f"game{n}")), delay=0)


def drive(app: PlayApp, script: object) -> None:
    """Run ``script(pilot)`` against ``app`` in an 80x24 test terminal."""
    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await script(pilot)  # type: ignore[operator]
    asyncio.run(main())


@pytest.mark.slow
def test_q_and_ctrl_c_ask_before_quitting_and_the_game_is_kept(tmp_path: Path) -> None:
    app = table(tmp_path)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit) and app.is_running
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmQuit) and app.is_running
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running
        await pilot.press("ctrl+c")
        await pilot.pause()
        await pilot.press("ctrl+c")  # twice: quit
        await pilot.pause()
        assert not app.is_running

    drive(app, script)
    path = app.session.save_path
    assert path is not None and unfinished_games(tmp_path) == [path]
    resumed = Session.resume(read_saved(path), save_file=None)
    assert resumed.game.hand.initial_hands == app.session.game.hand.initial_hands
    assert resumed.game.hand.log == app.session.game.hand.log


@pytest.mark.slow
def test_q_on_a_hand_summary_asks_and_no_shows_the_summary_again(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk is full during the first hand: the summary comes with a notice, play goes on, and
    quitting saves the game once the disk has room again."""
    app = table(tmp_path)

    def full(fd: int, data: bytes) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(saves, "_write_all", full)

    async def script(pilot: Pilot[None]) -> None:
        for _ in range(400):
            if isinstance(app.screen, SummaryScreen):
                break
            s = app.session
            if s.human_turn:
                await pilot.press(next(k.key for k in choices(s.view(0)) if k.legal and k.action))
            await pilot.pause(0.01)
        assert isinstance(app.screen, SummaryScreen)
        assert [n.title for n in app._notifications] == ["Not saved"]
        assert app.session.save_path is None
        monkeypatch.undo()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert not app.is_running

    drive(app, script)
    assert app.session.save_path is not None and app.session.save_path.exists()


def test_a_failed_save_is_told_once(tmp_path: Path) -> None:
    app = table(tmp_path)

    async def script(pilot: Pilot[None]) -> None:
        app.session.save_error = "No space left on device (games)"
        app.tell_save_error()
        app.tell_save_error()
        await pilot.pause()
        notes = [n.message for n in app._notifications]
        assert len(notes) == 1 and notes[0].startswith("Could not save the game: No space left")

    drive(app, script)


def test_a_resumed_table_shows_the_hand_so_far_and_goes_on(tmp_path: Path) -> None:
    """Quit in the middle of a hand, resume at the table: the log shows the actions before the
    save, and the human's turn is where it was."""
    rules = make_rules("pct")
    first = Session(rules, seed=8, human=0, bot="random", dealer=1, save_file=GameFile(tmp_path, "g"))
    while not first.human_turn:
        first.bot_step()
    first.apply(next(a for a in first.game.legal_actions()))
    while not first.human_turn:
        first.bot_step()
    assert first.save() and first.save_path is not None
    resumed = Session.resume(read_saved(first.save_path), save_file=GameFile.at(first.save_path))
    app = PlayApp(lambda n: resumed, delay=0)

    async def script(pilot: Pilot[None]) -> None:
        lines = [line.text for line in app.query_one("#log", RichLog).lines]
        names = ("You", "Seat 1", "Seat 2", "Seat 3")
        assert len([x for x in lines if x.startswith(names)]) == len(first.game.hand.log) > 4
        assert app.session.human_turn and app.session.game.hand.log == first.game.hand.log
        await pilot.press("q")
        await pilot.press("y")
        await pilot.pause()

    drive(app, script)
    assert unfinished_games(tmp_path) == [first.save_path]


# -- a real pitch play in a pseudo-terminal -----------------------------------------------------

class Terminal:
    """``pitch ARGS`` on an 80x24 pseudo-terminal, its output collected."""

    def __init__(self, games: Path, *args: str) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = dict(os.environ, TERM="xterm-256color", PITCHKIT_GAMES_DIR=str(games))
        self.process = subprocess.Popen([PITCH, *args], stdin=slave, stdout=slave, stderr=slave, env=env,
                                        start_new_session=True)
        os.close(slave)
        self.master = master
        self.output = b""

    def read_until(self, needle: bytes | None, timeout: float = 30) -> bool:
        """Read until ``needle`` appears (``None``: until the program closes the terminal)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if needle is not None and needle in self.output:
                return True
            ready, _, _ = select.select([self.master], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # the program ended
                    chunk = b""
                if not chunk:
                    return needle is None
                self.output += chunk
        return False

    def close(self) -> int:
        """Read to the end and return the exit status."""
        self.read_until(None)
        os.close(self.master)
        return self.process.wait(10)


def start_table(games: Path, *args: str) -> Terminal:
    """A table open and drawn."""
    term = Terminal(games, "play", "--bot", "random", "--delay", "0", *args)
    assert term.read_until(b"Your cards"), term.output[-500:]
    return term


@pytest.mark.slow
@pytest.mark.parametrize(("name", "status"), [("SIGTERM", 143), ("SIGHUP", 129), ("SIGINT", 130)])
def test_a_stop_signal_saves_the_hand_and_restores_the_terminal(tmp_path: Path, name: str,
                                                                status: int) -> None:
    term = start_table(tmp_path, "--seed", "4")
    term.process.send_signal(getattr(signal, name))
    assert term.close() == status
    after = term.output.rsplit(LEAVE_ALTERNATE_SCREEN, 1)
    assert len(after) == 2, "the alternate screen was not left"
    assert MOUSE_REPORTING_OFF in term.output.rsplit(b"\x1b[?1000h", 1)[-1]
    assert f"Stopped by {name}.".encode() in after[1]
    [path] = unfinished_games(tmp_path)
    doc = read_saved(path)
    assert isinstance(doc, dict) and doc["seed"] == 4 and doc["human"] == 0
    assert isinstance(doc["hands"], list) and len(doc["hands"]) == 1  # the hand in play, as dealt
    resumed = Session.resume(doc, save_file=None)
    assert resumed.game.hand.initial_hands == Session(make_rules("pct"), seed=4, human=0,
                                                      bot="random").game.hand.initial_hands


@pytest.mark.slow
def test_ctrl_c_asks_then_prints_the_result_and_resume_goes_on(tmp_path: Path) -> None:
    term = start_table(tmp_path)
    os.write(term.master, b"\x03")
    assert term.read_until(b"Quit this game?")
    os.write(term.master, b"y")
    assert term.close() == 0
    after = term.output.rsplit(LEAVE_ALTERNATE_SCREEN, 1)[1].decode()
    [path] = unfinished_games(tmp_path)
    assert "Scores after 0 hands: You 0, Seat 1 0, Seat 2 0, Seat 3 0" in after
    assert f"Saved: {path}" in after and f"pitch play --resume {path} goes on with it." in after

    again = start_table(tmp_path, "--resume")
    assert b"Resuming the only unfinished game: " + path.name.encode() in again.output
    again.process.send_signal(signal.SIGTERM)
    assert again.close() == 143
    assert unfinished_games(tmp_path) == [path]


@pytest.mark.slow
def test_sigterm_stops_the_text_log_and_saves_the_game(tmp_path: Path) -> None:
    """--all-bots --fast: SIGTERM in the middle of the game prints where it stopped and the scores so
    far, saves the game unfinished, and the saved game is resumable."""
    process = subprocess.Popen([PITCH, "play", "--all-bots", "--fast", "--bot", "random", "--target", "500",
                                "--save-dir", str(tmp_path)], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    for line in process.stdout:
        if line.startswith("Hand 3: "):
            break
    process.send_signal(signal.SIGTERM)
    rest = process.stdout.read()
    assert process.wait(10) == 143
    assert "Stopped (SIGTERM) in hand " in rest and "Scores after " in rest
    [path] = unfinished_games(tmp_path)
    assert f"Saved: {path}" in rest
    resumed = Session.resume(read_saved(path), save_file=None)
    assert len(resumed.game.history) >= 2 and resumed.human is None
