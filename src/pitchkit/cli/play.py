"""``pitch play`` (a game against bots, or bots only) and ``pitch replay`` (a saved game)."""

from __future__ import annotations

import signal
import sys
from datetime import datetime
from pathlib import Path

import typer

from pitchkit.cli.app import app, fail, parse_option_pairs
from pitchkit.cli.saved import find_saved, saved_games
from pitchkit.cli.score import read_json
from pitchkit.engine.errors import PitchError
from pitchkit.engine.presets import make_rules


def _has_terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


@app.command()
def play(
    variant: str = typer.Option("pct", "--variant", "--preset", "-v",
                                help="preset name or alias (see pitch rules)"),
    players: int | None = typer.Option(None, "--players", "-p", help="number of seats (preset default)"),
    seat: int = typer.Option(0, "--seat", help="your seat, 0 to players-1"),
    seed: int | None = typer.Option(None, "--seed", help="seed of the deals and the bots, for a game "
                                    "that can be played again (default: unpredictable deals)"),
    target: int | None = typer.Option(None, "--target", help="points to win (same as --option target=N)"),
    option: list[str] = typer.Option([], "--option", "-o", metavar="NAME=VALUE",
                                 help="rule override (repeatable)"),
    bot: str | None = typer.Option(None, "--bot", help="bot for the other seats (default: heuristic, "
                                   "else random)"),
    all_bots: bool = typer.Option(False, "--all-bots", help="every seat is a bot: watch them play"),
    fast: bool = typer.Option(False, "--fast", help="with --all-bots: print a plain text log at once"),
    delay: float = typer.Option(0.7, "--delay", help="seconds before each bot action (0: at once)"),
    max_hands: int | None = typer.Option(None, "--max-hands", help="stop after this many hands"),
    save_dir: Path | None = typer.Option(None, "--save-dir", help="folder for saved games "
                                         "(default $PITCHKIT_GAMES_DIR or the user data folder)"),
    no_save: bool = typer.Option(False, "--no-save", help="do not save the game"),
    resume: bool = typer.Option(False, "--resume", help="go on with a saved unfinished game: FILE, or "
                                "one chosen from a list (most recent first)"),
    file: str | None = typer.Argument(None, metavar="FILE", help="with --resume: the saved game "
                                      "(a path, or a name pitch replay lists)"),
) -> None:
    """Play Pitch or Euchre at the terminal against bots, or watch bots play (--all-bots).

    Every game is saved as a game record (see pitch replay and pitch score), also when you quit or
    the terminal closes; pitch play --resume goes on with it."""
    from pitchkit.bots import make_bot
    from pitchkit.cli.playing import Stopped, keep, pick_saved, result_lines, stop_signals_raise
    from pitchkit.tui.saves import GameFile, check_folder, games_dir, read_saved
    from pitchkit.tui.session import Session, default_bot
    from pitchkit.tui.textlog import play_text

    if file is not None and not resume:
        fail(f"{file!r}: to go on with a saved game use pitch play --resume FILE (pitch replay shows one)")
    folder = games_dir(save_dir)
    resumed: Session | None = None
    try:
        if resume:
            path = pick_saved(file, folder, interactive=_has_terminal(), write=print)
            if not no_save:
                check_folder(path.parent)
            resumed = Session.resume(read_saved(path), save_file=None if no_save else GameFile.at(path))
            rules = resumed.rules
            all_bots = resumed.human is None
            seat = resumed.human if resumed.human is not None else 0
            bot = resumed.bot_name
            max_hands = resumed.max_hands
        else:
            options = parse_option_pairs(option)
            if target is not None:
                options["target"] = target
            rules = make_rules(variant, options, players=players)
        if bot is not None:
            make_bot(bot, seed=0)
        if not no_save and resumed is None:
            check_folder(folder)
    except PitchError as e:
        fail(str(e))
    if not all_bots and not 0 <= seat < rules.players:
        fail(f"--seat {seat}: seats are 0 to {rules.players - 1}")
    if fast and not all_bots:
        fail("--fast needs --all-bots (use --delay 0 for quick bots at the table)")
    if max_hands is not None and max_hands < 1:
        fail("--max-hands must be at least 1")
    if delay < 0:
        fail("--delay must not be negative")
    text_mode = all_bots and (fast or not _has_terminal())
    if not all_bots and not _has_terminal():
        fail("pitch play needs a terminal; for a text log of bots playing use --all-bots --fast")
    bot_name = bot.strip().lower() if bot is not None else default_bot()

    def new_session(n: int) -> Session:
        if n == 0 and resumed is not None:
            return resumed
        file = None if no_save else GameFile.new(folder, rules.preset, now=datetime.now())
        return Session(rules, seed=None if seed is None else seed + n, human=None if all_bots else seat,
                       bot=bot_name, max_hands=max_hands, save_file=file)

    if text_mode:
        session = new_session(0)
        try:
            with stop_signals_raise():
                play_text(session, print)
        except (Stopped, KeyboardInterrupt) as e:
            kept = keep(session)
            print(f"Stopped ({e or 'Ctrl+C'}) in hand {len(session.game.history) + 1}.")
            for line in [*result_lines(session), *kept]:
                print(line)
            raise typer.Exit(128 + (e.signum if isinstance(e, Stopped) else signal.SIGINT)) from None
        for line in keep(session):
            print(line)
        return

    from pitchkit.tui.app import PlayApp

    table = PlayApp(new_session, delay=delay)
    table.run()
    # save first: after SIGHUP the terminal is gone and printing fails
    notes = [keep(played) for played in table.sessions]
    try:
        if table.stopped_by is not None:
            print(f"Stopped by {table.stopped_by}.")
        for n, (played, lines) in enumerate(zip(table.sessions, notes, strict=True)):
            if len(table.sessions) > 1:
                print(f"Game {n + 1}:")
            for line in [*result_lines(played), *lines]:
                print(line)
    except OSError:
        pass
    if table.stopped_by is not None:
        raise typer.Exit(table.return_code or 1)


@app.command()
def replay(
    source: str | None = typer.Argument(None, metavar="GAME",
                                     help="a saved game: a name from the list, or a path"),
    text: bool = typer.Option(False, "--text", help="print the whole game as plain text"),
    save_dir: Path | None = typer.Option(None, "--save-dir",
                                         help="folder of saved games (to list or find GAME)"),
) -> None:
    """Step through a saved game (arrow keys), or print it with --text; without GAME list saved games."""
    from pitchkit.tui.saves import games_dir
    from pitchkit.tui.textlog import load_replay, replay_text

    if source is None:
        folder = games_dir(save_dir)
        games = saved_games(folder)
        print(f"Saved games in {folder}: {len(games)}")
        for path in games[-20:]:
            print(f"  {path.name}")
        return
    doc = read_json(find_saved(source, games_dir(save_dir)))
    try:
        game = load_replay(doc)
    except PitchError as e:
        fail(str(e))
    if text or not _has_terminal():
        replay_text(game, print)
        return
    from pitchkit.tui.replay import ReplayApp

    ReplayApp(game, name=Path(source).name).run()
