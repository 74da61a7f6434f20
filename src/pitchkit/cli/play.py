"""``pitch play`` (a game against bots, or bots only) and ``pitch replay`` (a saved game)."""

from __future__ import annotations

import secrets
import sys
from datetime import datetime
from pathlib import Path

import typer

from pitchkit.cli.app import app, fail, parse_option_pairs
from pitchkit.cli.saved import find_saved, saved_games
from pitchkit.cli.score import read_json
from pitchkit.errors import PitchError
from pitchkit.presets import make_rules


def _has_terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


@app.command()
def play(
    variant: str = typer.Option("pct", "--variant", "-v", help="preset name or alias (see pitch rules)"),
    players: int | None = typer.Option(None, "--players", "-p", help="number of seats (preset default)"),
    seat: int = typer.Option(0, "--seat", help="your seat, 0 to players-1"),
    seed: int | None = typer.Option(None, "--seed", help="seed of the deal and the bots (default: random)"),
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
) -> None:
    """Play Pitch at the terminal against bots, or watch bots play (--all-bots).

    Every game is saved as a game record (see pitch replay and pitch score)."""
    from pitchkit.bots import make_bot
    from pitchkit.tui.saves import games_dir, new_game_path
    from pitchkit.tui.session import Session, default_bot
    from pitchkit.tui.textlog import play_text

    try:
        options = parse_option_pairs(option)
        if target is not None:
            options["target"] = target
        rules = make_rules(variant, options, players=players)
        if bot is not None:
            make_bot(bot, seed=0)
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
    first_seed = seed if seed is not None else secrets.randbelow(2**31)
    folder = None if no_save else games_dir(save_dir)

    def new_session(n: int) -> Session:
        path = None if folder is None else new_game_path(folder, rules.preset, now=datetime.now())
        return Session(rules, seed=first_seed + n, human=None if all_bots else seat, bot=bot_name,
                       max_hands=max_hands, save_path=path)

    if text_mode:
        session = new_session(0)
        play_text(session, print)
        if session.save():
            print(f"Saved: {session.save_path}")
        return

    from pitchkit.tui.app import PlayApp

    table = PlayApp(new_session, delay=delay)
    table.run()
    for played in table.sessions:
        if played.save():
            print(f"Saved: {played.save_path}")


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
