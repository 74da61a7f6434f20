"""``pitch serve``: the online tables; ``pitch verify-deal``: check a finished game's deals."""

from __future__ import annotations

import json
import os

import typer

from pitchkit.cli.app import app, fail
from pitchkit.cli.score import read_json
from pitchkit.engine.errors import PitchError


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="address to listen on"),
    port: int = typer.Option(8000, "--port", help="port to listen on"),
    db: str | None = typer.Option(None, "--db", metavar="URL",
                                  help="database URL (also PITCHKIT_DATABASE_URL); default: SQLite in "
                                       "the user data folder"),
    workers: int = typer.Option(1, "--workers", "-w", help="worker processes"),
    grace: float = typer.Option(90.0, "--grace", help="seconds a player may be away on their turn "
                                                      "before a bot plays for them"),
    bot_seconds: float = typer.Option(2.0, "--bot-seconds", help="the most a bot thinks about one "
                                                                 "decision"),
    bot_processes: int | None = typer.Option(
        None, "--bot-processes", metavar="N",
        help="bot worker processes per server worker (also PITCHKIT_SERVE_BOT_PROCESSES); default: one "
             "per core, 2 to 8"),
    bot_module: list[str] = typer.Option(
        [], "--bot-module", metavar="MODULE",
        help="import MODULE at start, in the server and its bot workers, to register more bots "
             "(repeatable; also PITCHKIT_SERVE_BOT_MODULES, comma-separated)"),
    warm_up: bool = typer.Option(True, "--warm-up/--no-warm-up",
                                 help="load the compiled solver in each bot worker at start, in the "
                                      "background (also PITCHKIT_SERVE_WARM_UP=0 to turn it off)"),
    log_level: str = typer.Option("info", "--log-level", help="debug, info, warning or error"),
) -> None:
    """Serve online tables: friends, bots and spectators play every preset over the network."""
    import uvicorn

    from pitchkit.server.config import DATABASE_ENV, database_url
    from pitchkit.server.main import ENV_PREFIX

    try:
        url = database_url(db)
    except PitchError as e:
        fail(str(e))
    if workers < 1:
        fail("--workers must be at least 1")
    if workers > 1 and url.startswith("sqlite"):
        fail("several workers need PostgreSQL (--db postgresql+psycopg://...)")
    if not 0 < port < 65536:
        fail(f"--port {port}: a port is 1 to 65535")
    if bot_processes is not None:
        if not 0 <= bot_processes <= 64:
            fail(f"--bot-processes {bot_processes}: 0 to 64 (0: bots decide in the server's threads)")
        os.environ[ENV_PREFIX + "BOT_PROCESSES"] = str(bot_processes)
    if bot_module:
        os.environ[ENV_PREFIX + "BOT_MODULES"] = ",".join(bot_module)
    os.environ[DATABASE_ENV] = url
    os.environ[ENV_PREFIX + "GRACE"] = str(grace)
    os.environ[ENV_PREFIX + "BOT_SECONDS"] = str(bot_seconds)
    os.environ[ENV_PREFIX + "LOG_LEVEL"] = log_level
    if not warm_up:
        os.environ[ENV_PREFIX + "WARM_UP"] = "0"
    print(f"pitchkit serving on http://{host}:{port} (database: {url.split('://')[0]})", flush=True)
    uvicorn.run("pitchkit.server.main:build", factory=True, host=host, port=port, workers=workers,
                ws_max_size=64 * 1024, ws_per_message_deflate=False, log_level=log_level,
                timeout_graceful_shutdown=10)


@app.command("verify-deal")
def verify_deal(
    source: str = typer.Argument(..., metavar="FILE|-", help="a game record exported by pitch serve"),
) -> None:
    """Check that every hand of a game was dealt from the deck the server committed to before it."""
    from pitchkit.server.verify import verify_deals

    doc = read_json(source)
    try:
        result = verify_deals(doc)
    except PitchError as e:
        fail(str(e))
    print(json.dumps(result))
